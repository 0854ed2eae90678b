"""The result table of The Flat Earth Theory (F8, F9): three groups, not a ranking. The four
vector winners share first place; the players least far along a vector they did not win share
the last; everyone else shares the place between. Places count as every game counts them (1, 1,
3: games.ranking), so four winners then two losers read 1, 1, 1, 1, 5, 5."""

from __future__ import annotations

from games import engine_api as api
from games.ranking import shared_ranks

WON, NEITHER, LOST = 0, 1, 2  # the groups, best first

RESULT_COLUMNS = (("won", "Vector won"), ("least", "Least far along"))
PLACES_NOTE = (
    "Places are three groups. The vector winners (one for A, then B, C and D: the greatest distance along "
    "it that no other remaining player shares) share first place and stay in Heaven. A player who did not win "
    "and went the least far (0 or more) along any vector gets a Mark of Elimination and shares the last "
    "place. Everyone else falls to Hell without a mark and shares the place between. Distances along "
    "different vectors are not compared, so players in a group are not ordered; a shared place skips the "
    "next ones (1, 1, 1, 1, 5)."
)


def result_rows(state: dict) -> list[api.Standing]:
    names = state["names"]
    won_by = {seat: v for v, seat in state["winners"].items()}
    least = {seat: [v for v, seats in state["losers"].items() if seat in seats] for seat in range(len(names))}
    group = {seat: WON if seat in won_by else (LOST if least[seat] else NEITHER) for seat in range(len(names))}
    places = shared_ranks(range(len(names)), lambda seat: group[seat])
    rows = []
    for seat in sorted(range(len(names)), key=lambda s: (group[s], s)):
        if group[seat] == WON:
            why = f"won vector {won_by[seat]}: stays in Heaven"
        elif group[seat] == LOST:
            why = f"least far along {', '.join(least[seat])}: falls to Hell with a Mark of Elimination"
        else:
            why = "falls to Hell without a mark"
        cells = {"won": won_by.get(seat, "—"), "least": ", ".join(least[seat]) or "—"}
        rows.append(
            api.Standing(
                seat,
                places[seat],
                1.0 if seat in won_by else 0.0,
                {"vectors_won": [won_by[seat]] if seat in won_by else []},
                cells,
                why,
            )
        )
    return rows
