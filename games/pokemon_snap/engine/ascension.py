"""Who ascends after day 5 (S11, S12f).

Hell is ranked by total AP. The places that matter are Hell's first and second (who ascend, or
the fallback when a tied Heaven does not agree) and Hell's last (the Mark of Elimination). Where
AP ties at one of those places, the Heaven winner (both photographers, if Heaven tied, who must
give the same answer) breaks the tie; what they leave open is settled by the seeded draw.

Then the extra player: a Heaven winner alone picks one; a tied Heaven must agree on one, or Hell's
second ascends. The pick is any Hell player not ascending already and not the marked loser; a
lone winner's pick that is missing or not allowed goes to the best-placed such player."""

from __future__ import annotations

PLACES = ("first", "second", "last")


def heaven_winners(points: dict[int, float]) -> list[int]:
    best = max(points.values())
    return sorted(seat for seat, p in points.items() if p == best)


def _top_groups(ap):
    values = sorted(set(ap.values()), reverse=True)
    g1 = sorted(s for s in ap if ap[s] == values[0])
    g2 = sorted(s for s in ap if len(values) > 1 and ap[s] == values[1])
    return g1, g2


def candidates(ap: dict[int, int], place: str, taken: dict[str, int | None]) -> list[int]:
    """The seats that can take `place` given the places already settled in `taken`."""
    g1, g2 = _top_groups(ap)
    if place == "first":
        return g1
    if place == "second":
        return [s for s in g1 if s != taken["first"]] if len(g1) >= 2 else g2
    rest = [s for s in ap if s not in (taken["first"], taken["second"])]
    low = min(ap[s] for s in rest)
    return sorted(s for s in rest if ap[s] == low)


def asked(ap: dict[int, int], heaven_tie: bool) -> dict[str, list[int]]:
    """The tie breaks put to Heaven: place -> the tied seats. A lone Heaven winner is not asked
    to order two players who both ascend anyway."""
    g1, g2 = _top_groups(ap)
    out = {}
    if len(g1) >= 3 or (len(g1) == 2 and heaven_tie):
        out["first"] = g1
    if len(g1) >= 3:
        out["second"] = g1
    elif len(g1) == 1 and len(g2) >= 2:
        out["second"] = g2
    low = min(ap.values())
    bottom = sorted(s for s in ap if ap[s] == low)
    if len(bottom) >= 2:
        out["last"] = bottom
    return out


def settle(ap, heaven_tie, answers, draw):
    """place -> seat. `answers`: each Heaven winner's answers (place -> seat). A place asked of
    Heaven takes their common answer when it is one of its candidates; otherwise `draw` (a
    function choosing from a sorted list), or None when `draw` is None (not yet known)."""
    questions = asked(ap, heaven_tie)
    taken = {"first": None, "second": None}
    for place in PLACES:
        options = candidates(ap, place, taken)
        if len(options) == 1:
            taken[place] = options[0]
            continue
        if place not in questions:  # two players who both ascend: their order does not matter
            taken[place] = options[0]
            continue
        said = {a.get(place) for a in answers}
        if answers and len(said) == 1 and next(iter(said)) in options:
            taken[place] = next(iter(said))
        else:
            taken[place] = draw(options) if draw else None
    return taken


def extra_options(ap, heaven_tie, places) -> list[int]:
    ascending = {places["first"]} if heaven_tie else {places["first"], places["second"]}
    return sorted(s for s in ap if s not in ascending and s != places["last"])


def extra_pick(ap, heaven_tie, places, picks, draw):
    """The extra player who ascends with Heaven, and how it was decided."""
    options = extra_options(ap, heaven_tie, places)
    chosen = {p for p in picks}
    if len(chosen) == 1 and picks and next(iter(chosen)) in options:
        return next(iter(chosen)), "picked"
    if heaven_tie:
        return places["second"], "no agreement: Hell's second ascends"
    best = max(ap[s] for s in options)
    return draw(sorted(s for s in options if ap[s] == best)), "no pick: the best-placed player"
