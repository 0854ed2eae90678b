"""Who ascends after day 5 (S11, S12f).

Hell is ranked by total AP. The places that matter are Hell's first and second (who ascend, or
the fallback when a tied Heaven does not agree) and Hell's last (the Mark of Elimination). Where
AP ties at one of those places, the Heaven winner (both photographers, if Heaven tied, who must
give the same answer) breaks the tie. S12f puts Heaven before the draw: every valid answer is
applied first, and the seeded draw settles only the places left, among the tied players no
answer named. (Drawing place by place before reading later answers let a draw for second take
the player Heaven had named last.)

Then the extra player: a Heaven winner alone picks one; a tied Heaven must agree on one, or Hell's
second ascends. The pick is any Hell player not ascending already and not the marked loser; a
lone winner's pick that is missing or not allowed goes to the best-placed such player. The form
refuses a pick the draw could still make impossible (see `at_risk`), so a pick it accepts holds."""

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


def heaven_says(questions, answers) -> dict[str, int]:
    """The places Heaven settles: each asked place that every winner answered alike, with one of
    its tied players. A player named for two places keeps the first (the form refuses that;
    this only guards the rule "one place per player")."""
    given: dict[str, int] = {}
    for place, tied in questions.items():
        said = {a.get(place) for a in answers}
        seat = next(iter(said)) if answers and len(said) == 1 else None
        if seat is not None and seat in tied and seat not in given.values():
            given[place] = seat
    return given


def settle(ap, heaven_tie, answers, draw):
    """place -> seat. `answers`: each Heaven winner's answers (place -> seat). Heaven's common
    answers are applied first; each place left is drawn by `draw` (a function choosing from a
    sorted list) among its candidates that no answer named, or None when `draw` is None (not yet
    known)."""
    questions = asked(ap, heaven_tie)
    given = heaven_says(questions, answers)
    taken = {"first": None, "second": None}
    for place in PLACES:
        if place in given:
            taken[place] = given[place]
            continue
        options = [s for s in candidates(ap, place, taken) if s not in given.values()]
        if len(options) == 1 or place not in questions:  # not asked: two who both ascend, order moot
            taken[place] = options[0]
        else:
            taken[place] = draw(options) if draw else None
    return taken


def barring_places(heaven_tie) -> tuple[str, ...]:
    """The places whose holder cannot be the extra player: ascending already, or marked."""
    return ("first", "last") if heaven_tie else PLACES


def at_risk(ap, heaven_tie, answer) -> dict[int, str]:
    """seat -> a place the draw could still give it, after one photographer's `answer`, where
    that place would rule the seat out as the extra player. The form refuses such a pick until
    the place is answered, so a lone winner's accepted pick is never overtaken by the draw."""
    named = set(answer.values())
    out: dict[int, str] = {}
    for place, tied in asked(ap, heaven_tie).items():
        if place in answer or place not in barring_places(heaven_tie):
            continue
        for seat in tied:
            if seat not in named:
                out.setdefault(seat, place)
    return out


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
