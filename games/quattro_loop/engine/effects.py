"""Running one effect (ruling L7, L8, L13) on its own copy of the two loops.

A card is a dict {"v": value, "c": colour or None}, known by id; a loop is seven slots, each a card
id or None; `loops[seat]` is that seat's loop. A run reads and changes only its copy and keeps what
the merge of a simultaneous moment needs (moments.py): each card's last unclamped result, the
colour assignments in order, and each loop's permutation of slots.

Choices (a `pick`, an `any`, `paint pick`, a raised 0 card's colour) are questions. A run asks
them in a fixed order and reads the answers given so far; at the first one not answered it stops
with NeedAnswer, and the platform asks the player, then runs the effect again from the start with
one more answer. The same answers always give the same run."""

from __future__ import annotations

import copy

from .notation import COLOURS, SLOTS, words

SEVEN = 7


def clamp(value: int) -> int:
    return max(0, min(10, value))


class NeedAnswer(Exception):
    def __init__(self, question):
        super().__init__(question["id"])
        self.question = question


class Run:
    def __init__(self, cards, loops, owner, slot, answers, prefix) -> None:
        self.cards, self.loops = copy.deepcopy(cards), copy.deepcopy(loops)
        self.owner, self.slot = owner, slot
        self.answers, self.prefix, self.asked = answers, prefix, 0
        self.unclamped: dict[str, int] = {}
        self.colours: list[tuple[str, str]] = []
        self.perm = [list(range(SEVEN)), list(range(SEVEN))]  # perm[seat][i]: the old slot now at i
        self.notes: list[str] = []
        self.words = ""  # the effect in words, for its questions (set by run)

    # --- questions ----------------------------------------------------------------------------
    def ask(self, seat, kind, options, text, only=None, loop=None):
        """The answer to the next question, or NeedAnswer. `options` are (value, label) pairs.
        A question with one possible answer is not asked: that answer is taken at once, and the
        log says so with `only`, the card in the log's words. `loop`: the seat whose loop the
        options are on (a pick on one loop), so the picture can offer them."""
        qid = f"{self.prefix}.{self.asked}"
        self.asked += 1  # counted even when not asked: later questions keep their ids
        if len(options) == 1 and only is not None:
            self.notes.append(f"only one card could be picked: {only}")
            return options[0][0]
        answer = self.answers.get(qid)
        if answer is not None and answer in [v for v, _ in options]:
            return answer
        whose = "Your" if seat == self.owner else "The opponent's"
        question = {
            "id": qid,
            "seat": seat,
            "kind": kind,
            "options": [list(o) for o in options],
            "text": f"{whose} {SLOTS[self.slot]} ({self.words}) asks: {text}",
            "asker": SLOTS[self.slot],
        }
        if loop is not None:
            question["loop"] = loop
        raise NeedAnswer(question)

    def told(self, seat, slot):
        """A card in the log's words: "{p0}'s A (3 red)"."""
        return f"{self.where((seat, slot))} ({describe_card(self.cards[self.card_at(seat, slot)])})"

    # --- reading the loops --------------------------------------------------------------------
    def card_at(self, seat, slot):
        return self.loops[seat][slot]

    def occupied(self, seat):
        return [i for i in range(SEVEN) if self.loops[seat][i] is not None]

    def label(self, seat, slot):
        card = self.cards[self.loops[seat][slot]]
        who = "your" if seat == self.owner else "the opponent's"
        return f"{who} {SLOTS[slot]} ({describe_card(card)})"

    def select(self, sel):
        """The (seat, slot) positions a selector picks now, in A-G order."""
        seat = 1 - self.owner if sel["opp"] else self.owner
        kind, here, cards = sel["kind"], self.slot, self.occupied(seat)
        if not cards and kind != "any":
            return []
        if kind == "this":
            return [(seat, here)] if self.card_at(seat, here) is not None else []
        if kind in SLOTS:
            slot = SLOTS.index(kind)
            return [(seat, slot)] if self.card_at(seat, slot) is not None else []
        if kind in ("cw", "ccw"):
            return [(seat, self.step(seat, here, 1 if kind == "cw" else -1))]
        if kind == "adj":
            found = {self.step(seat, here, 1), self.step(seat, here, -1)} - {here}
            return [(seat, s) for s in sorted(found)]
        if kind in ("max", "min", "nzmin"):
            pool = [s for s in cards if kind != "nzmin" or self.value(seat, s) > 0]
            if not pool:
                return []
            best = max if kind == "max" else min
            target = best(self.value(seat, s) for s in pool)
            return [(seat, next(s for s in pool if self.value(seat, s) == target))]
        if kind == "all":
            return [(seat, s) for s in cards]
        if kind in COLOURS:
            return [(seat, s) for s in cards if self.cards[self.card_at(seat, s)]["c"] == kind]
        if kind == "pick":
            options = [(SLOTS[s], self.label(seat, s)) for s in cards]
            where = "your loop" if seat == self.owner else "the opponent's loop"
            only = self.told(seat, cards[0])
            answer = self.ask(self.owner, "card", options, f"pick a card on {where}.", only, loop=seat)
            return [(seat, SLOTS.index(answer))]
        # any: a card on either loop
        options = [
            (f"{s_}{SLOTS[i]}", self.label(s_, i)) for s_ in (self.owner, 1 - self.owner) for i in self.occupied(s_)
        ]
        if not options:
            return []
        only = self.told(int(options[0][0][0]), SLOTS.index(options[0][0][1]))
        answer = self.ask(self.owner, "card", options, "pick a card on either loop.", only)
        return [(int(answer[0]), SLOTS.index(answer[1]))]

    def step(self, seat, start, direction):
        """The first card from `start` in `direction`, skipping empty slots (`start` itself last)."""
        for d in range(1, SEVEN + 1):
            slot = (start + direction * d) % SEVEN
            if self.card_at(seat, slot) is not None:
                return slot
        raise AssertionError("step on an empty loop")

    def value(self, seat, slot):
        return self.cards[self.card_at(seat, slot)]["v"]

    # --- running ------------------------------------------------------------------------------
    def run(self, effect):
        """Run the effect's parts in turn (the condition tested once, first)."""
        self.words = words(effect).rstrip(".")
        if effect["if"] and not self.holds(effect["if"]):
            self.notes.append("the condition does not hold: nothing happens")
            return self
        for part in effect["parts"]:
            self.part(part)
        return self

    def holds(self, test):
        card_id = self.card_at(self.owner, self.slot)
        if card_id is None:
            return False
        card = self.cards[card_id]
        if test["test"] == "is":
            if test["arg"] in ("even", "odd"):
                return card["v"] % 2 == (0 if test["arg"] == "even" else 1)
            return card["c"] == test["arg"]
        return card["v"] >= test["arg"] if test["test"] == ">=" else card["v"] <= test["arg"]

    def part(self, part):
        op = part["op"]
        if op == "rotate":
            return self.rotate(1 - self.owner if part["opp"] else self.owner, 1 if part["dir"] == "cw" else -1)
        if op == "swap":
            return self.swap(part)
        if op == "copyvalue" or op == "copycolour":
            return self.copy_from(part)
        targets = self.select(part["sel"])
        if op == "paint":
            return self.paint(targets, part["colour"])
        starts = {pos: self.value(*pos) for pos in targets}  # each from its value at the part's start
        raised = []
        for pos, start in starts.items():
            if self.set_value(pos, arithmetic(op, part.get("n"), start), start):
                raised.append(pos)
        self.colour_raised(raised)

    def set_value(self, pos, unclamped, start):
        """Give a card a new value; True when it was a 0 card and is raised."""
        card_id = self.card_at(*pos)
        card = self.cards[card_id]
        self.unclamped[card_id] = unclamped
        card["v"] = clamp(unclamped)
        self.notes.append(f"{self.where(pos)} {start} → {card['v']}")
        if card["v"] == 0:
            card["c"] = None
        return start == 0 and card["v"] > 0

    def colour_raised(self, positions):
        """A 0 card raised by a part asks its owner for a colour right after the part (L13e)."""
        for pos in positions:
            options = [(c, c) for c in COLOURS]
            colour = self.ask(
                pos[0], "colour", options, f"your 0 card on {SLOTS[pos[1]]} was raised: choose its colour."
            )
            self.assign(pos, colour)

    def assign(self, pos, colour):
        card_id = self.card_at(*pos)
        self.cards[card_id]["c"] = colour
        self.colours.append((card_id, colour))
        self.notes.append(f"{self.where(pos)} is now {colour}")

    def paint(self, targets, colour):
        targets = [pos for pos in targets if self.value(*pos) > 0]  # paint leaves 0 cards alone
        if not targets:
            return
        if colour == "pick":
            colour = self.ask(self.owner, "colour", [(c, c) for c in COLOURS], "choose the colour to paint.")
        for pos in targets:
            self.assign(pos, colour)

    def copy_from(self, part):
        sources = self.select(part["from"])
        if not sources:
            return
        source = self.cards[self.card_at(*sources[0])]
        if part["op"] == "copycolour" and source["v"] == 0:
            return  # L13e: a 0 card has no colour to give, so no target is chosen (nor asked for)
        targets = self.select(part["sel"])
        if part["op"] == "copycolour":
            for pos in targets:
                if self.value(*pos) > 0:
                    self.assign(pos, source["c"])
            return
        taken = source["v"]
        raised = [pos for pos in targets if self.set_value(pos, taken, self.value(*pos))]
        self.colour_raised(raised)

    def swap(self, part):
        first, second = self.select(part["sel"]), self.select(part["other"])
        if not first or not second or first[0] == second[0]:
            return
        (seat, a), (_, b) = first[0], second[0]
        loop, perm = self.loops[seat], self.perm[seat]
        loop[a], loop[b] = loop[b], loop[a]
        perm[a], perm[b] = perm[b], perm[a]
        self.notes.append(f"{self.side(seat)} {SLOTS[a]} and {SLOTS[b]} swap places")

    def rotate(self, seat, direction):
        loop, perm = self.loops[seat], self.perm[seat]
        self.loops[seat] = [loop[(i - direction) % SEVEN] for i in range(SEVEN)]
        self.perm[seat] = [perm[(i - direction) % SEVEN] for i in range(SEVEN)]
        self.notes.append(f"{self.side(seat)} loop turns one slot {'clockwise' if direction == 1 else 'anticlockwise'}")

    @staticmethod
    def side(seat):
        """A player's name as a placeholder, filled in for the log: "{p0}'s" or "{p1}'s"."""
        return "{p%d}'s" % seat

    def where(self, pos):
        return f"{self.side(pos[0])} {SLOTS[pos[1]]}"


def arithmetic(op, n, value):
    if op == "+":
        return value + n
    if op == "-":
        return value - n
    if op == "set":
        return n
    if op == "double":
        return value * 2
    if op == "halve":
        return value // 2
    if op == "invert":
        return 10 - value
    raise ValueError(op)


def describe_card(card: dict) -> str:
    return f"{card['v']} {card['c']}" if card["c"] else f"{card['v']}, colourless"
