"""How the cards move athletes: rulings Q3-Q8. Distances are whole decimetres, so that every
comparison in the rankings is exact.

An athlete is a dict (see game.new_athlete). Cards on an athlete are kept as a list aligned
with its `controllers`: `["Q", "X"]` means controllers[0] played Q and controllers[1] played X;
None means that controller contributed nothing (Q6)."""

from __future__ import annotations

MOVEMENT = "QWOP"
X = "X"
CARDS = MOVEMENT + X

# Q3: the unordered pair of cards -> decimetres. PP is not here: it makes the runner fall.
MOVES = {"QQ": 5, "QW": -5, "QO": 7, "QP": 10, "WW": 15, "WO": -2, "WP": -7, "OO": 0, "OP": 20}
FALL = "PP"


def pair(a: str, b: str) -> str:
    """The unordered pair, written in Q-W-O-P order ("PO" and "OP" are both "OP")."""
    return "".join(sorted((a, b), key=MOVEMENT.index))


def three_legged_pair(cards_a: list[str], cards_b: list[str]) -> str | None:
    """Q8: the pair that moves two partners, or None when they share no letter."""
    if pair(*cards_a) == pair(*cards_b):
        return pair(*cards_a)
    common = [letter for letter in MOVEMENT if letter in cards_a and letter in cards_b]
    if not common:
        return None
    rest_a, rest_b = list(cards_a), list(cards_b)
    rest_a.remove(common[0])
    rest_b.remove(common[0])
    return pair(rest_a[0], rest_b[0])


def moving_pair(cards: list[list[str]]) -> str | None:
    """The pair that moves a runner: one athlete ([[a, b]]) or three-legged partners."""
    if len(cards) == 1:
        return pair(*cards[0])
    return three_legged_pair(*cards)


def movement(cards: list[list[str | None]]) -> tuple[int, bool]:
    """(decimetres, falls) for a runner's letters. Any missing card means it moves 0 (Q6)."""
    if any(card is None for athlete in cards for card in athlete):
        return 0, False
    moved = moving_pair(cards)  # type: ignore[arg-type]
    if moved is None:
        return 0, False
    if moved == FALL:
        return 0, True
    return MOVES[moved], False


def runners(athletes: list[dict]) -> list[list[dict]]:
    """Athletes grouped as they move: alone, or with their three-legged partner."""
    by_number = {a["number"]: a for a in athletes}
    out: list[list[dict]] = []
    seen: set[int] = set()
    for athlete in athletes:
        if athlete["number"] in seen:
            continue
        group = [athlete]
        if athlete["partner"] is not None:
            group.append(by_number[athlete["partner"]])
        seen.update(a["number"] for a in group)
        out.append(group)
    return out


def declared(athlete: dict, declarations: list[str | None]) -> list[str | None]:
    """The deferred cards with every X replaced by its player's declaration (Q5)."""
    return [declarations[i] if card == X else card for i, card in enumerate(athlete["deferred"])]


def play_round(
    athletes: list[dict], plays: dict[int, list], declarations: dict[int, list], round_no: int
) -> dict[int, dict]:
    """Move every athlete for round `round_no` (mutates `athletes`; the caller passes a copy).

    `plays[n]` and `declarations[n]` are aligned with athlete n's controllers. Returns, per
    athlete number, what the round's public result shows about it.

    Order within a runner (Q4, Q5): a runner that is down this round moves 0 and its cards,
    X included, are spent for nothing; a movement deferred from the last round is void too
    (its declaration is a card played on a fallen athlete). Otherwise the deferred movement is
    processed first, then this round's own cards, unless one of them is an X."""
    report = {}
    for runner in runners(athletes):
        down = runner[0]["down_in"] == round_no
        move, falls, defer, processed = 0, False, False, None
        own = [plays.get(a["number"], [None, None]) for a in runner]
        if not down:
            if runner[0]["deferred"] is not None:
                processed = [declared(a, declarations.get(a["number"], [None, None])) for a in runner]
                move, falls = movement(processed)
            if any(X in cards for cards in own) and not any(None in cards for cards in own):
                defer = True
            else:
                own_move, own_falls = movement(own)
                move, falls = move + own_move, falls or own_falls
        for i, athlete in enumerate(runner):
            athlete["moves"].append(move)
            athlete["deferred"] = list(own[i]) if defer else None
            if falls:
                athlete["down_in"] = round_no + 1
            report[athlete["number"]] = {
                "number": athlete["number"],
                "cards": sorted(own[i], key=_show_order),
                "declared": sorted(processed[i], key=_show_order) if processed else None,
                "move": move,
                "down": down,
                "deferred": defer,
                "falls": falls,
            }
    return report


def _show_order(card: str | None) -> int:
    """Cards are shown sorted, so the order never tells which controller played which."""
    return (MOVEMENT + X).index(card) if card else len(CARDS)
