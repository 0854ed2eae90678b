"""Quattro Loop rule tests, written the way a host works a board by hand: a loop is seven
tokens A to G, `3r` a red 3 (r, b, g, y), `0` a colourless 0, `.` an empty slot."""

from games.quattro_loop.engine import moments, notation
from games.quattro_loop.engine.notation import SLOTS

LETTER = {"r": "red", "b": "blue", "g": "green", "y": "yellow"}
EMPTY = ". . . . . . ."


def table(mine, theirs=EMPTY):
    """(cards, loops) for seat 0's loop `mine` and seat 1's loop `theirs`."""
    cards, loops = {}, []
    for seat, text in enumerate((mine, theirs)):
        tokens = text.split()
        assert len(tokens) == 7, text
        loop = []
        for slot, token in zip(SLOTS, tokens):
            if token == ".":
                loop.append(None)
                continue
            card = f"{seat}{slot}"
            colour = LETTER.get(token[-1])
            cards[card] = {"v": int(token[:-1] if colour else token), "c": colour}
            loop.append(card)
        loops.append(loop)
    return cards, loops


def show(cards, loop):
    out = []
    for card in loop:
        if card is None:
            out.append(".")
        else:
            c = cards[card]
            out.append(f"{c['v']}{c['c'][0] if c['c'] else ''}")
    return " ".join(out)


def run(lines, mine, theirs=EMPTY, answers=None):
    """Resolve one moment: `lines` maps (owner, slot letter) to an effect line. Returns the two
    loops as text, or ("ask", questions)."""
    cards, loops = table(mine, theirs)
    effects = []
    for (owner, slot), line in lines.items():
        effect = notation.parse(line)
        assert isinstance(effect, dict), (line, effect)
        effects.append((owner, SLOTS.index(slot), effect))
    result = moments.resolve(cards, loops, effects, answers or {})
    if result[0] == "ask":
        return "ask", result[1]
    _, cards, loops, _ = result
    return show(cards, loops[0]), show(cards, loops[1])


def mine(line, loop, slot="C", theirs=EMPTY, answers=None):
    """Seat 0's effect on `slot` alone; returns seat 0's loop (and seat 1's if it changed)."""
    result = run({(0, slot): line}, loop, theirs, answers)
    if result[0] == "ask":
        return result
    return result[0] if result[1] == show(*_theirs(theirs)) else result


def _theirs(text):
    cards, loops = table(EMPTY, text)
    return cards, loops[1]
