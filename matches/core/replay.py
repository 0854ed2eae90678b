"""Re-derive a match from its seed, its settings and what was stored: every accepted action (a
seat's or the host's) and every counted submission, in the order they happened. Any difference is an audit finding."""

from games.engine_api import Context, Invalid, SeatInfo, derive_rng

from matches.core.lifecycle import engine_of
from matches.models import Phase, SeatHolder, state_hash


def replay(match):
    """Return a list of differences (empty when the stored match is exactly reproduced)."""
    if match.state is None:
        return []
    problems, state = [], None
    for step, item, state in replayed_steps(match, problems):
        if state is None:
            return problems
        if state_hash(state) != item.state_hash:
            problems.append(f"step {step}: the state differs from the one stored then")
    if state is not None and state != match.state:
        problems.append("the final state differs from the stored state")
    return problems


def seat_infos(match):
    """What the replay tells the engine's setup of each seat: its number, role and name in the
    season (the name as it is now, which a host may have changed since) of the account that held
    it at the start: a seat since handed on was set up under its first holder's name."""
    seats = match.seats.select_related("season_player").order_by("seat")
    first = {}
    for holder in (
        SeatHolder.objects.filter(seat__match=match).select_related("season_player").order_by("-since", "-pk")
    ):
        first[holder.seat_id] = holder.season_player.display_name  # the oldest last
    return [SeatInfo(s.seat, first.get(s.pk, s.season_player.display_name), s.role) for s in seats]


def replayed_steps(match, problems=None, infos=None):
    """(step, the stored action or closed phase, the state right after it), in the order they
    happened, each state rebuilt from the seed and what was stored (nothing else is read;
    `infos`: the seats' seat_infos, if the caller read them already). The state is None where an
    action is now refused (noted in `problems`), and nothing follows."""
    problems = [] if problems is None else problems
    engine = engine_of(match)
    infos = seat_infos(match) if infos is None else infos
    state = engine.setup(infos, match.settings, derive_rng(match.seed, "setup")).state
    steps = [(a.step, a) for a in match.actions.select_related("player")]
    steps += [(p.closed_step, p) for p in match.phases.filter(status=Phase.CLOSED)]
    for step, item in sorted(steps, key=lambda pair: pair[0]):
        if isinstance(item, Phase):
            state = _replay_close(match, engine, state, item, problems)
        else:
            state = _replay_action(match, engine, state, step, item, problems)
        yield step, item, state
        if state is None:
            return


def states_after_phases(match, infos=None):
    """[(closed phase or host action, the state right after it)], rebuilt by the replay: the
    steps a match is told in (a seat's own actions are folded into the next of these)."""
    return [
        (item, state)
        for _, item, state in replayed_steps(match, infos=infos)
        if (isinstance(item, Phase) or item.player_id is None) and state is not None
    ]


def _replay_action(match, engine, state, step, action, problems):
    ctx = Context({int(seat): bal for seat, bal in action.context.items()})
    if action.player is None:  # the host's (core.host_actions), with the rng it was given
        result = engine.apply_host_action(
            state, action.name, action.payload, ctx, derive_rng(match.seed, f"host-action:{step}")
        )
        if isinstance(result, Invalid):
            problems.append(f"step {step}: host action {action.name} is now refused: {result.message}")
            return None
        return result.state
    rng = derive_rng(match.seed, f"action:{step}")
    result = engine.apply_action(state, action.player.seat, action.name, action.payload, ctx, rng)
    if isinstance(result, Invalid):
        problems.append(
            f"step {step}: action {action.name} of seat {action.player.seat} is now refused: {result.message}"
        )
        return None
    return result.state


def _replay_close(match, engine, state, phase, problems):
    given, counted_stored, filled_in = {}, {}, set()
    for sub in phase.submissions.select_related("player").order_by("id"):
        counted_stored[sub.player.seat] = sub.payload
        if sub.source == sub.PLAYER:
            given[sub.player.seat] = sub.payload
            filled_in.discard(sub.player.seat)  # the player took over from their autopilot's row
        elif sub.payload is not None:  # the close's row of a default that made or completed a move
            filled_in.add(sub.player.seat)
    submissions = {}
    for seat in phase.waits_on:
        rng = derive_rng(match.seed, f"default:{phase.key}:{seat}")
        counted = engine.default_submission(state, phase.key, seat, given.get(seat), rng)
        if counted != counted_stored.get(seat):
            problems.append(f"{phase.key}: seat {seat}'s counted submission differs from the stored one")
        submissions[seat] = counted
    # resolve is told the seats the close told it, as stored then (not as the rules would now say)
    return engine.resolve(
        state, phase.key, submissions, derive_rng(match.seed, f"resolve:{phase.key}"), frozenset(filled_in)
    ).state
