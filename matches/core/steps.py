"""A match told step by step: after each phase that closed, the game's picture as it stood then
and what that close revealed. The states are rebuilt by the replay from the seed and the stored
submissions and actions (core.replay), never kept as a second copy.

Who may see what: a finished match's steps are everyone's, shown as the host saw them when the
game reveals everything at its end (its final view for a spectator is its view for the host, a
check made on the match itself); otherwise as a spectator saw them. While a match runs its
steps are its hosts' alone (core.access.access_match_steps)."""

from django.template.loader import select_template

from games.engine_api import Viewer

from matches.core.presenters import visible_event_rows
from matches.core.replay import states_after_phases
from matches.core.start_checks import engine_of


def shown_as(match, viewer):
    """The viewer whose eyes the steps are shown through."""
    if viewer.is_host:
        return viewer
    engine = engine_of(match)
    if engine.view(match.state, Viewer.spectator()) == engine.view(match.state, Viewer.host()):
        return Viewer.host()
    return Viewer.spectator()


def step_picture(match, viewer, number):
    """The context of step `number` (1 is the first phase closed), or None if there is none."""
    steps = states_after_phases(match)
    if not 1 <= number <= len(steps):
        return None
    phase, state = steps[number - 1]
    eyes = shown_as(match, viewer)
    return {
        "match": match, "viewer": eyes, "player": None, "number": number, "phase": phase,
        "steps": [{"number": n, "title": p.title} for n, (p, _) in enumerate(steps, start=1)],
        "previous": number - 1 if number > 1 else None, "next": number + 1 if number < len(steps) else None,
        "view": engine_of(match).view(state, eyes),
        "game_template": select_template([f"{match.game}/view.html", "matches/generic_view.html"]),
        "revealed": _events_of_close(match, viewer, phase, [p for p, _ in steps]),
    }


def _events_of_close(match, viewer, phase, phases):
    """The events this phase's close recorded (from its "Closed" event to the next close's)."""
    rows = list(visible_event_rows(match, viewer))
    closes = {row.data.get("phase"): row.seq for row in rows if row.kind == "phase.closed"}
    start = closes.get(phase.key)
    if start is None:
        return []
    later = [seq for seq in closes.values() if seq > start]
    end = min(later) if later else None
    return [row for row in rows if row.seq >= start and (end is None or row.seq < end)]
