"""Whether a draft can start, and with what settings: the checks the admin shows the host before
the start and that lifecycle.do_start makes again under the match lock."""

import functools
import hashlib
import inspect
import json
import pathlib

from django.core.cache import cache

from games import registry
from games.engine_api import Invalid, derive_rng


PREPARED_SECONDS = 7 * 24 * 3600


def engine_of(match):
    return registry.get(match.game)


def check_start(match):
    """Why this match cannot start, or None."""
    engine = engine_of(match)
    if match.seats.exclude(season_player__season=match.season_id).exists():
        return "Every seat must be a player of this match's season."
    seats = list(match.seats.order_by("seat").select_related("season_player"))
    if [s.seat for s in seats] != list(range(len(seats))):
        return "Seats must follow one another from seat 1, without gaps (the setup form numbers them so)."
    roles = [seat_role(engine, s) for s in seats]
    if engine.roles and any(role not in engine.roles for role in roles):
        return missing_roles(engine, [s for s, role in zip(seats, roles) if role not in engine.roles])
    problem = engine.roles and engine.check_roles(roles)
    if problem:
        return problem
    problem = settings_problem(engine, match.settings, len(seats))
    if problem:
        return problem
    settings = engine.validate_settings(match.settings, len(seats))
    return settings.message if isinstance(settings, Invalid) else None


def missing_roles(engine, seats):
    """What to do about seats without a role: their players' Heaven or Hell (when the game seats
    by it), or a role chosen in the setup."""
    names = ", ".join(s.season_player.display_name for s in seats)
    if engine.role_for_status:
        return (
            f"Every seat needs a role: set each player's Heaven or Hell on the season's desk, or choose "
            f"roles in the match's setup. Not yet decided: {names}."
        )
    return f"Every seat needs a role: choose one of {', '.join(engine.roles)} in the match's setup for {names}."


def settings_problem(engine, settings, seats):
    """Why `settings` (as stored, from any form or the admin) cannot be a draft's settings, or
    None. The engine's contract takes a dict; anything else is refused here, before it is asked."""
    if not isinstance(settings, dict):
        return "The settings must be a JSON object, {...}."
    seats = min(max(seats, engine.min_seats), engine.max_seats)  # the seats are the start check's concern
    checked = engine.validate_settings(settings, seats)
    return checked.message if isinstance(checked, Invalid) else None


def seat_role(engine, seat):
    """The seat's role: the one the host gave, else the one its season status gives (S1)."""
    return seat.role or engine.role_for_status.get(seat.season_player.realm, "")


def prepared_settings(match):
    """The settings a draft would start with (the engine's preparation, seeded by the match),
    or why it cannot start."""
    problem = check_start(match)
    if problem:
        return Invalid(problem)
    return _prepared(match)[0]


def _prepared(match):
    """(prepared settings or Invalid, the engine's report on them), kept in the cache by what
    they depend on. Preparing can cost seconds of CPU (Mystery Cosign evaluates every operation
    on thousands of inputs), so the page that saves a draft pays it (`warm`), not every later
    view of the host page, nor a spectator's request waiting in the same process meanwhile."""
    engine = engine_of(match)
    seats = match.seats.count()
    key = (
        "prepared:"
        + hashlib.sha256(
            json.dumps([match.game, _code_of(type(engine)), match.settings, seats, match.seed], sort_keys=True).encode()
        ).hexdigest()
    )
    cached = cache.get(key)
    if cached is not None:
        kind, value, report = cached
        return (Invalid(value) if kind == "invalid" else value), report
    settings = engine.validate_settings(match.settings, seats)
    prepared = engine.prepare(settings, seats, derive_rng(match.seed, "prepare"))
    report = [] if isinstance(prepared, Invalid) else engine.settings_report(prepared)
    stored = ("invalid", prepared.message, report) if isinstance(prepared, Invalid) else ("ok", prepared, report)
    cache.set(key, stored, PREPARED_SECONDS)
    return prepared, report


@functools.lru_cache(maxsize=None)
def _code_of(engine_class):
    """A digest of the engine's own source files: a cached preparation made by other code (before
    a deploy, or by another checkout's tests on a shared Redis) is never taken for this one's."""
    folder = pathlib.Path(inspect.getfile(engine_class)).parent
    digest = hashlib.sha256()
    for path in sorted(folder.glob("*.py")):
        digest.update(path.read_bytes())
    return digest.hexdigest()


def warm(match):
    """Prepare a draft that was just saved, so that its host page finds it prepared."""
    if not check_start(match):
        _prepared(match)


def start_report(match):
    """(ready, lines) of a draft for the host: whether it can start, and what the engine says of
    its settings (checks of host-written content, or why they do not validate)."""
    engine = engine_of(match)
    problem = check_start(match)
    prepared, report = (Invalid(problem), []) if problem else _prepared(match)
    if isinstance(prepared, Invalid):
        extra = engine.draft_report(match.settings) if isinstance(match.settings, dict) else []
        return False, [prepared.message, *extra]
    return True, report
