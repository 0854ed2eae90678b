"""S2, S12g: a missed plan or list was the seed's. Said as such to everyone (a miss is seen anyway;
what the seed drew stays secret, as a sent one would) and, with what it drew, to its player: to
them in the second person, to everyone else who reads the line (the host; everyone once the match
is over) by name."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from games import engine_api as api

from . import plans


def missed_lines(
    state: dict[str, Any], day: int, sent: dict[int, Any], filled_in: Collection[int], label: Callable[..., str]
) -> list[api.Event]:
    """The lines of day `day`'s misses (`label(state, pokemon)` names a Pokemon with its player);
    records the day's misses in `state` (the resolve's own copy) for the pages' "Every plan and list"."""
    events = []
    state.setdefault("missed", {})[str(day)] = sorted(filled_in)
    for seat in sorted(filled_in):
        what, name = ("list" if seat in state["photographers"] else "plan"), state["names"][seat]
        events.append(api.public("snap.missed", f"Day {day}: time ran out for {name}: the seed made the {what}."))
        if what == "plan":
            evening_only = set(sent[seat]) == {"evening"}
            drawn = f"nothing in the morning and afternoon, contest {sent[seat]['evening']} in the evening"
            drawn, drawn_others = (drawn, drawn) if evening_only else ("as on your page", "as the plans show")
        else:
            order = plans.list_order(sent[seat], len(state["pokemon"]))
            drawn = drawn_others = f"Exhibit {sent[seat]['exhibit']}, in the order " + ", ".join(
                label(state, p) for p in order
            )
        events.append(
            api.private(
                seat,
                "snap.missed",
                f"Time ran out: the seed made your {what} for day {day}: {drawn}.",
                others=f"Time ran out for {name}: the seed made {name}'s {what} for day {day}: {drawn_others}.",
            )
        )
    return events
