"""A match told step by step: after each phase that closed and each host action, the game's
picture as it stood then and what that step revealed. The states are rebuilt by the replay from the seed and the stored
submissions and actions (core.replay), never stored as a second copy (a finished match's are
kept in memory for its later pages, below).

Who may see what: a finished match's steps are everyone's, shown as the host saw them when the
game reveals everything at its end (its final view for a spectator is its view for the host, a
check made on the match itself); otherwise as a spectator saw them. While a match runs its
steps are its hosts' alone (core.access.access_match_steps)."""

from django.template.loader import select_template

from games.engine_api import Viewer, derive_rng

from matches.core.presenters import told_to, visible_event_rows
from matches.core.replay import seat_infos, states_after_phases
from matches.core.start_checks import engine_of
from matches.lib.bounded_cache import BoundedCache
from matches.models import Action, Match, Phase, state_hash

# A finished match's replayed states, kept for its later step pages: replaying a long match costs
# a request hundreds of milliseconds, and anyone may ask for its steps. Safe because a finished
# match never changes: nothing the replay reads (seed, settings, seats, submissions, actions,
# closed phases) is written once it ends (the core's writes need a running match; the admin
# refuses a new game, settings, seed or seats once it started), so its replay gives the same
# states every time, and no page changes a kept state (engines never change a state they are
# given). The key holds all that could still differ: which match (its id, and when it finished,
# for an id reused after a deletion), its final state, and the seats' names and roles the replay
# is given (a host may rename a player later: a replay now shows the new name, and so does the
# key). A match still running is replayed afresh, for its hosts only (access_match_steps).
FINISHED_MATCHES_KEPT = 32  # a 56-phase Quattro Loop's states pickle to 130 KiB, a Flat Earth's to 50
_FINISHED_STEPS = BoundedCache(FINISHED_MATCHES_KEPT)


def shown_as(match, viewer):
    """The viewer whose eyes the steps are shown through."""
    if viewer.is_host:
        return viewer
    engine = engine_of(match)
    if engine.view(match.state, Viewer.spectator()) == engine.view(match.state, Viewer.host()):
        return Viewer.host()
    return Viewer.spectator()


def phase_states(match):
    """[(closed phase, the state right after it closed)] of the match: kept for a finished one."""
    if match.status != Match.FINISHED:
        return states_after_phases(match)
    infos = seat_infos(match)
    key = (match.pk, match.finished_at, match.step, state_hash(match.state), tuple(infos))
    return _FINISHED_STEPS.get(key, lambda: states_after_phases(match, infos))


def step_picture(match, viewer, number, own_seat=None):
    """The context of step `number` (0 is the start, as setup left it; 1 the first phase closed or
    host action), or None if there is none. `own_seat`: the seat of the player looking, who reads
    their own private lines as said to them; everyone else reads them in the third person."""
    counted = match.phases.filter(status=Phase.CLOSED).count() + match.actions.filter(player=None).count()
    if not 0 <= number <= counted or match.state is None:
        return None  # a step past the end costs these counts, never a replay
    steps = phase_states(match)  # fewer than counted if the replay stopped at an action now refused
    if number > len(steps):
        return None
    eyes = shown_as(match, viewer)
    reader = viewer if own_seat is None else Viewer.for_seat(own_seat)  # whom the lines are told to
    titles = _host_action_titles(match)
    items = [p for p, _ in steps]
    if number == 0:
        state = engine_of(match).setup(seat_infos(match), match.settings, derive_rng(match.seed, "setup")).state
        title, revealed = "The start", _events_before_the_first_step(match, reader, items)
    else:
        item, state = steps[number - 1]
        title, revealed = f"After {_title(item, titles)}", _events_of_close(match, reader, item, items)
    return {
        "match": match,
        "viewer": eyes,
        "player": None,
        "number": number,
        "phase": {"title": title},
        "steps": [{"number": 0, "title": "The start"}]
        + [{"number": n, "title": _title(p, titles)} for n, (p, _) in enumerate(steps, start=1)],
        "last": len(steps),
        "previous": number - 1 if number > 0 else None,
        "next": number + 1 if number < len(steps) else None,
        "view": engine_of(match).view(state, eyes),
        "game_template": select_template([f"{match.game}/view.html", "matches/generic_view.html"]),
        "revealed": told_to(revealed, reader, {info.index: info.name for info in seat_infos(match)}),
        "reader": reader,
    }


def _events_before_the_first_step(match, viewer, items):
    """What the start revealed: the lines written before the first step's (setup's own)."""
    starts = _step_starts(match, items)
    first = min(starts.values()) if starts else None
    rows = visible_event_rows(match, viewer)
    return [row for row in rows if first is None or row.seq < first]


def _host_action_titles(match):
    """{step: what the host did} from the host-only lines that start host actions: the steps'
    names are the host's words for everyone, as every step's title is (the line itself, and what
    the host action did, is read only by whom it may be)."""
    rows = match.events.filter(kind="host.action").values_list("data", "text")
    return {data.get("step"): text.removeprefix("The host: ").rstrip(".") for data, text in rows}


def _title(item, titles):
    if isinstance(item, Action):
        return f"Host: {titles.get(item.step, item.name)}"
    return item.title


def _events_of_close(match, viewer, item, items):
    """The events this step recorded: from its first event to the next step's. The bounds come
    from every event (a step whose events this viewer may not read still bounds the others), the
    lines shown from those the viewer may read."""
    starts = _step_starts(match, items)
    start = starts.get(_key(item))
    if start is None:
        return []
    later = [seq for seq in starts.values() if seq > start]
    end = min(later) if later else None
    rows = visible_event_rows(match, viewer).filter(seq__gte=start)
    return [row for row in rows if end is None or row.seq < end]


def _key(item):
    return ("host", item.step) if isinstance(item, Action) else ("phase", item.key)


def _step_starts(match, items):
    """{step key: the number of its first event}. A close: after the event number it stored, or (a
    phase closed before that was stored) its "Closed" line; a turn has no such line
    (PhaseSpec.turn). A host action: its host-only "The host: ..." line."""
    marks = list(match.events.filter(kind__in=("phase.closed", "host.action")).values_list("kind", "data", "seq"))
    closes = {data.get("phase"): seq for kind, data, seq in marks if kind == "phase.closed"}
    hosts = {data.get("step"): seq for kind, data, seq in reversed(marks) if kind == "host.action"}
    starts = {}
    for item in items:
        if isinstance(item, Action):
            seq = hosts.get(item.step)
        elif item.closed_after_event is not None:
            seq = item.closed_after_event + 1
        else:
            seq = closes.get(item.key)
        if seq is not None:
            starts[_key(item)] = seq
    return starts
