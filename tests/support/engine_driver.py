"""Driving a pure engine through one phase the way the platform does, for the games' rules
tests: validate what each seat sent, fill in the defaults at the deadline, resolve."""

from games.engine_api import Invalid


def close_phase(engine, state, key, waits_on, given, rng):
    """`given` maps seats to what they posted (missing or None: nothing). Returns the Transition."""
    counted, filled_in = {}, set()
    for seat in waits_on:
        data = given.get(seat)
        if data is not None:
            cleaned = engine.validate_submission(state, key, seat, data)
            assert not isinstance(cleaned, Invalid), (key, seat, data, cleaned)
            data = cleaned
        counted[seat] = engine.default_submission(state, key, seat, data, rng)
        if counted[seat] is not None and counted[seat] != data:  # as the platform tells resolve
            filled_in.add(seat)
    return engine.resolve(state, key, counted, rng, frozenset(filled_in))
