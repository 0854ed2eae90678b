"""Quattro Loop's effect notation (rulings L6-L8, L13): parsing one line into plain data, and
saying it back in words.

    line      := TIMING ":" [ "if" condition ":" ] part [ ";" part ]
    TIMING    := "now" | "end"
    condition := "this" "is" (COLOUR | "even" | "odd") | "this" (">=" | "<=") 0..10
    part      := ("+" | "-") 1..5 sel | "set" 0..10 sel | ("double" | "halve" | "invert") sel
               | "paint" (COLOUR | "pick") sel | ("copyvalue" | "copycolour") sel sel
               | "swap" sel sel | "rotate" ("cw" | "ccw") ["opp"]
    sel       := ["opp"] ("this" | "A".."G" | "cw" | "ccw" | "adj" | "max" | "min" | "nzmin" | "all"
               | COLOUR | "pick" | "any")

A hand-written recursive descent parser rather than a grammar library: the grammar is a dozen
rules, every error must name its column in words a host understands, and a line is at most
MAX_LINE characters of at most MAX_TOKENS tokens, so parsing is linear and bounded whatever a
host types. An effect is a JSON-ready dict:
    {"timing": "now", "if": {"test": "is", "arg": "red"} | None,
     "parts": [{"op": "+", "n": 2, "sel": {"opp": False, "kind": "adj"}}, ...]}"""

from __future__ import annotations

import re
from dataclasses import dataclass

COLOURS = ("red", "blue", "green", "yellow")
SLOTS = "ABCDEFG"
SINGLE = ("this", "cw", "ccw", "max", "min", "nzmin", "pick") + tuple(SLOTS)  # pick at most one card
MULTI = ("adj", "all") + COLOURS
BASES = SINGLE + MULTI + ("any",)
MAX_LINE, MAX_TOKENS, MAX_PARTS = 120, 24, 2
TOKEN = re.compile(r"\s*(?:(>=|<=|[:;])|([+-]\d+)|(\d+)|([A-Za-z]+))")


@dataclass(frozen=True)
class ParseError:
    """Why a line is refused, and where: `column` counts from 1."""

    message: str
    column: int

    def __str__(self):
        return f"column {self.column}: {self.message}"


class _Refused(Exception):
    def __init__(self, message, column):
        super().__init__(message)
        self.error = ParseError(message, column)


def _tokens(line):
    out, pos = [], 0
    while pos < len(line):
        if line[pos:].strip() == "":
            break
        match = TOKEN.match(line, pos)
        if not match:
            column = pos + 1 + (len(line[pos:]) - len(line[pos:].lstrip()))
            raise _Refused(f"“{line[column - 1]}” (U+{ord(line[column - 1]):04X}) is not part of the notation", column)
        text = next(g for g in match.groups() if g is not None)
        text = text.upper() if len(text) == 1 and text.upper() in SLOTS else text.lower()  # slots A-G, words lower
        out.append((text, match.start(match.lastindex) + 1))
        pos = match.end()
        if len(out) > MAX_TOKENS:
            raise _Refused(f"too long: an effect has at most {MAX_TOKENS} words and signs", out[-1][1])
    return out


class _Parser:
    def __init__(self, line):
        self.tokens = _tokens(line)
        self.end_column = len(line.rstrip()) + 1
        self.i = 0

    def peek(self):
        return self.tokens[self.i][0] if self.i < len(self.tokens) else None

    def column(self):
        return self.tokens[self.i][1] if self.i < len(self.tokens) else self.end_column

    def take(self, what="a word"):
        if self.i >= len(self.tokens):
            raise _Refused(f"the line ends where {what} should follow", self.end_column)
        token = self.tokens[self.i][0]
        self.i += 1
        return token

    def expect(self, options, what):
        column, token = self.column(), self.take(what)
        if token not in options:
            raise _Refused(f"expected {what}, found “{token}”", column)
        return token

    def number(self, low, high, what):
        column, token = self.column(), self.take(what)
        if not token.isdigit() or not low <= int(token) <= high:
            raise _Refused(f"expected {what} ({low} to {high}), found “{token}”", column)
        return int(token)

    # line := TIMING ":" [ "if" condition ":" ] part [ ";" part ]
    def line(self):
        timing = self.expect(("now", "end"), "“now” or “end”")
        self.expect((":",), "“:” after the timing")
        condition = None
        if self.peek() == "if":
            self.take()
            condition = self.condition()
            self.expect((":",), "“:” after the condition")
        parts = [self.part()]
        while self.peek() == ";":
            column = self.column()
            self.take()
            if len(parts) == MAX_PARTS:
                raise _Refused(f"an effect has at most {MAX_PARTS} parts", column)
            parts.append(self.part())
        if self.peek() is not None:
            raise _Refused(f"unexpected “{self.peek()}” (a second part follows “;”)", self.column())
        return {"timing": timing, "if": condition, "parts": parts}

    def condition(self):
        self.expect(("this",), "“this” (a condition tests the card on this slot)")
        column, token = self.column(), self.take("“is”, “>=” or “<=”")
        if token == "is":
            arg = self.expect(COLOURS + ("even", "odd"), "a colour, “even” or “odd”")
            return {"test": "is", "arg": arg}
        if token in (">=", "<="):
            return {"test": token, "arg": self.number(0, 10, "a value")}
        raise _Refused(f"expected “is”, “>=” or “<=”, found “{token}”", column)

    def part(self):
        column, token = self.column(), self.take("an operation")
        if token[0] in "+-" and token[1:].isdigit():
            n = int(token[1:])
            if not 1 <= n <= 5:
                raise _Refused(f"{token[0]}n takes n from 1 to 5, not {n}", column)
            return {"op": token[0], "n": n, "sel": self.selector()}
        if token == "set":
            return {"op": "set", "n": self.number(0, 10, "a value"), "sel": self.selector()}
        if token in ("double", "halve", "invert"):
            return {"op": token, "sel": self.selector()}
        if token == "paint":
            colour = self.expect(COLOURS + ("pick",), "a colour or “pick”")
            return {"op": "paint", "colour": colour, "sel": self.selector()}
        if token in ("copyvalue", "copycolour"):
            source = self.selector(single=f"{token} copies from one card")
            return {"op": token, "from": source, "sel": self.selector()}
        if token == "swap":
            first_column = self.column()
            first = self.selector(single="swap exchanges two single cards", no_any="swap")
            second = self.selector(single="swap exchanges two single cards", no_any="swap")
            if first["opp"] != second["opp"]:
                raise _Refused("swap exchanges cards of one loop, not across loops", first_column)
            return {"op": "swap", "sel": first, "other": second}
        if token == "rotate":
            direction = self.expect(("cw", "ccw"), "“cw” or “ccw”")
            opp = self.peek() == "opp"
            if opp:
                self.take()
            return {"op": "rotate", "dir": direction, "opp": opp}
        raise _Refused(f"unknown operation “{token}”", column)

    def selector(self, single=None, no_any=None):
        column, token = self.column(), self.take("a selector")
        opp = token == "opp"
        if opp:
            column, token = self.column(), self.take("a selector after “opp”")
        if token not in BASES:
            raise _Refused(f"unknown selector “{token}”", column)
        if token == "any" and opp:
            raise _Refused("“opp any” is refused: “any” already reaches both loops", column)
        if token == "any" and no_any:
            raise _Refused(f"{no_any} cannot use “any”", column)
        if single and token in MULTI:
            raise _Refused(f"{single}; “{token}” can pick several", column)
        return {"opp": opp, "kind": token}


def parse(line: object) -> dict | ParseError:
    """One line of notation as an effect, or a ParseError naming the column."""
    if not isinstance(line, str):
        return ParseError("an effect is a line of text", 1)
    if len(line) > MAX_LINE:
        return ParseError(f"too long: at most {MAX_LINE} characters", MAX_LINE + 1)
    if not line.strip():
        return ParseError("the line is empty", 1)
    try:
        return _Parser(line).line()
    except _Refused as refused:
        return refused.error


# --- back to text and to words ----------------------------------------------------------------


def sel_text(sel: dict) -> str:
    return ("opp " if sel["opp"] else "") + sel["kind"]


def part_text(part: dict) -> str:
    op = part["op"]
    if op in "+-":
        return f"{op}{part['n']} {sel_text(part['sel'])}"
    if op == "set":
        return f"set {part['n']} {sel_text(part['sel'])}"
    if op == "paint":
        return f"paint {part['colour']} {sel_text(part['sel'])}"
    if op in ("copyvalue", "copycolour"):
        return f"{op} {sel_text(part['from'])} {sel_text(part['sel'])}"
    if op == "swap":
        return f"swap {sel_text(part['sel'])} {sel_text(part['other'])}"
    if op == "rotate":
        return f"rotate {part['dir']}" + (" opp" if part["opp"] else "")
    return f"{op} {sel_text(part['sel'])}"


def to_text(effect: dict) -> str:
    condition = ""
    if effect["if"]:
        test = effect["if"]
        condition = f"if this {test['test']} {test['arg']}: " if test["test"] == "is" else f"if this {test['test']} {test['arg']}: "
    return f"{effect['timing']}: {condition}" + "; ".join(part_text(p) for p in effect["parts"])


SELECTOR_WORDS = {
    "this": "the card on this slot", "cw": "the next card clockwise", "ccw": "the next card anticlockwise",
    "adj": "the nearest card on each side", "max": "the highest card", "min": "the lowest card",
    "nzmin": "the lowest non-zero card", "all": "every card", "pick": "a card you pick",
    "any": "a card you pick on either loop",
}


def sel_words(sel: dict) -> str:
    kind = sel["kind"]
    if kind in SLOTS:
        words = f"the card on {kind}"
    elif kind in COLOURS:
        words = f"every {kind} card"
    else:
        words = SELECTOR_WORDS[kind]
    if sel["opp"]:
        words += " of the opponent's loop" if kind != "pick" else " on the opponent's loop"
    return words


def part_words(part: dict) -> str:
    op, target = part["op"], sel_words(part["sel"]) if "sel" in part else ""
    if op == "+":
        return f"{target} +{part['n']}"
    if op == "-":
        return f"{target} −{part['n']}"
    if op == "set":
        return f"set {target} to {part['n']}"
    if op == "double":
        return f"double {target}"
    if op == "halve":
        return f"halve {target} (rounding down)"
    if op == "invert":
        return f"{target} becomes 10 minus its value"
    if op == "paint":
        colour = "a colour you pick" if part["colour"] == "pick" else part["colour"]
        return f"paint {target} {colour}"
    if op == "copyvalue":
        return f"{target} takes the value of {sel_words(part['from'])}"
    if op == "copycolour":
        return f"{target} takes the colour of {sel_words(part['from'])}"
    if op == "swap":
        return f"swap {target} and {sel_words(part['other'])}"
    loop = "the opponent's loop" if part["opp"] else "your loop"
    return f"turn {loop} one slot {'clockwise' if part['dir'] == 'cw' else 'anticlockwise'}"


def words(effect: dict) -> str:
    """The effect as a sentence for the board and the rules page."""
    when = "Now" if effect["timing"] == "now" else "At the round's end"
    text = "; then ".join(part_words(p) for p in effect["parts"])
    test = effect["if"]
    if test:
        condition = f"this card is {test['arg']}" if test["test"] == "is" else \
            f"this card is {'at least' if test['test'] == '>=' else 'at most'} {test['arg']}"
        return f"{when}, if {condition}: {text}."
    return f"{when}: {text}."
