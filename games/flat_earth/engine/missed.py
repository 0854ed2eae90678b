"""A missed window, said as one (F5): it counts as sent empty. Who sent a window is secret (F4),
so who missed one is too: one private line, read by its player in the second person and by the
host (who reads every line), and by the others once the match is over, in the third."""

from __future__ import annotations

from collections.abc import Collection

from games import engine_api as api


def missed_windows(names: list[str], k: int, seats: Collection[int]) -> list[api.Event]:
    events = []
    for seat in sorted(seats):
        events.append(
            api.private(
                seat,
                "flat.missed",
                f"Time ran out: window {k} counts as sent empty: no "
                "proposal, every movement proposal naming you accepted, no shift vote.",
                others=f"Time ran out for {names[seat]}: window {k} counts as sent empty: no proposal, "
                f"every movement proposal naming {names[seat]} accepted, no shift vote.",
            )
        )
    return events
