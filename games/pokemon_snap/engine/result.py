"""Pokemon Snap's result table (S11, S12f): where each player ends, Heaven or Hell, not one score.
Heaven's photographers are ranked by exhibit points and Hell's Pokemon by Appeal Points; the two
are never compared, so each has its own column. Places are three groups, counted as every game
counts them (1, 1, 3: games.ranking): in Heaven after the match, in Hell, and the marked loser."""

from __future__ import annotations

from games import engine_api as api
from games.ranking import shared_ranks

IN_HEAVEN, IN_HELL, MARKED = 0, 1, 2  # the groups, best first

RESULT_COLUMNS = (("role", "Role"), ("exhibit", "Exhibit points (photographers)"), ("ap", "Appeal Points (Pokemon)"))
PLACES_NOTE = (
    "Places are three groups, not one ranking: exhibit points rank the photographers and Appeal Points (AP) "
    "rank the Pokemon, and the two are never compared. Everyone in Heaven after the match (the photographer "
    "with the most exhibit points, both if tied, and the Pokemon who ascend) shares first place; the Pokemon "
    "with the fewest AP takes the Mark of Elimination and the last place; everyone else is in Hell and shares "
    "the place between. A shared place skips the next ones (1, 1, 1, 1, 5). Where AP tie at Hell's first, "
    "second or last, Heaven's answer decides, and the match's seed draws what Heaven left open."
)
HOW_WORDS = {
    "picked": "Heaven's pick",
    "no agreement: Hell's second ascends": "Heaven's two winners did not name the same player, so Hell's second goes",
    "no pick: the best-placed player": "Heaven named nobody, so the Pokemon with the most AP not already going goes",
}


def how_words(how: str) -> str:
    return HOW_WORDS.get(how, how)


def _why(state: dict, seat: int) -> str:
    r, winners = state["result"], state["scores"]["heaven_winners"]
    if seat in state["photographers"]:
        if seat in winners:
            return "most exhibit points" + (" (tied)" if len(winners) == 2 else "") + ": stays in Heaven"
        return "fewer exhibit points: falls to Hell without a mark"
    if seat == r["marked"]:
        return "fewest AP in Hell: Mark of Elimination for this Main Match and the next"
    if seat == r["extra"]:
        return f"the extra player ({how_words(r['how'])}): ascends"
    if seat == r["places"]["first"]:
        return "Hell's first (most AP): ascends"
    if seat == r["places"]["second"] and seat in r["heaven"]:
        return "Hell's second: ascends"
    return "stays in Hell"


def result_rows(state: dict) -> list[api.Standing]:
    r, scores = state["result"], state["scores"]
    heaven, seats = set(r["heaven"]), range(len(state["names"]))
    group = {s: IN_HEAVEN if s in heaven else (MARKED if s == r["marked"] else IN_HELL) for s in seats}
    places = shared_ranks(seats, lambda s: group[s])

    def figure(seat: int) -> float:
        photographer = seat in state["photographers"]
        return float(scores["points"][str(seat)] if photographer else scores["ap"][str(seat)])

    # within a place: photographers first, then each role by its own number, best first
    order = sorted(seats, key=lambda s: (group[s], s not in state["photographers"], -figure(s), s))
    rows = []
    for seat in order:
        photographer = seat in state["photographers"]
        cells = {
            "role": "Photographer" if photographer else "Pokemon",
            "exhibit": f"{figure(seat):g}" if photographer else "—",
            "ap": "—" if photographer else f"{figure(seat):g}",
        }
        detail = {"role": "photographer" if photographer else "pokemon"}
        rows.append(api.Standing(seat, places[seat], figure(seat), detail, cells, _why(state, seat)))
    return rows
