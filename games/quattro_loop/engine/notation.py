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
MAX_LINE characters of at most MAX_TOKENS tokens (L14b). Words may run together (L14a): a run of
letters that is no keyword is tried as keywords side by side, and accepted when exactly one way
of reading the line parses; at most MAX_READINGS readings are tried, so parsing stays bounded
whatever a host types. An effect is a JSON-ready dict:
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
MAX_LINE, MAX_TOKENS, MAX_PARTS = 120, 24, 2  # L14b
OPERATIONS = ("set", "double", "halve", "invert", "paint", "copyvalue", "copycolour", "swap", "rotate")
KEYWORDS = frozenset(
    ("now", "end", "if", "this", "is", "even", "odd", "opp") + OPERATIONS + tuple(b.lower() for b in BASES)
)
LONGEST = max(len(k) for k in KEYWORDS)
MAX_SPLITS, MAX_READINGS = 8, 64  # a line that can be read more ways than this is refused as unclear
TOO_MANY = f"too long: an effect has at most {MAX_TOKENS} words and signs"
AMBIGUOUS = "words run together here can be read more than one way: put spaces between them"
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
    """The line's tokens as written: (text, column) pairs, a run of letters kept whole."""
    out, pos = [], 0
    while pos < len(line):
        if line[pos:].strip() == "":
            break
        match = TOKEN.match(line, pos)
        if not match:
            column = pos + 1 + (len(line[pos:]) - len(line[pos:].lstrip()))
            raise _Refused(f"“{line[column - 1]}” (U+{ord(line[column - 1]):04X}) is not part of the notation", column)
        text = next(g for g in match.groups() if g is not None)
        out.append((_canonical(text), match.start(match.lastindex) + 1))
        pos = match.end()
        if len(out) > MAX_TOKENS:
            raise _Refused(TOO_MANY, out[-1][1])
    return out


def _canonical(word):
    """L14a: keywords lower-case, slot letters upper-case, whatever case they were typed in."""
    return word.upper() if len(word) == 1 and word.upper() in SLOTS else word.lower()


def _splits(word, limit):
    """Up to `limit` ways to read a run of letters as keywords written together ("thiscw" is
    "this cw"; "rotateccw" is "rotate ccw" or "rotate C cw"), each a list of (keyword, offset in
    the run). Worked from the end of the run back, each tail once, so a long run costs little."""
    tails = {len(word): [[]]}
    for start in range(len(word) - 1, -1, -1):
        found = []
        for size in range(1, min(len(word) - start, LONGEST) + 1):
            head = word[start : start + size]
            if head in KEYWORDS:
                found += [[(_canonical(head), start)] + rest for rest in tails[start + size]]
        tails[start] = found[:limit]
    return tails[0]


def _readings(tokens):
    """Every way to read the line (L14a: words may run together where no other reading exists).
    The first reading keeps each run as written, so a word that is no keyword is named as typed
    in the error; the others split runs into keywords. None when there are too many to try."""
    options = []
    for text, column in tokens:
        if not text.isalpha() or text.lower() in KEYWORDS:
            options.append([[(text, column)]])
            continue
        splits = _splits(text.lower(), MAX_SPLITS + 1)
        if len(splits) > MAX_SPLITS:
            return None
        options.append([[(text, column)]] + [[(w, column + at) for w, at in split] for split in splits])
    readings = [[]]
    for choice in options:
        readings = [done + alt for done in readings for alt in choice]
        if len(readings) > MAX_READINGS:
            return None
    return readings


class _Parser:
    def __init__(self, tokens, line):
        if len(tokens) > MAX_TOKENS:
            raise _Refused(TOO_MANY, tokens[MAX_TOKENS][1])
        self.tokens = tokens
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
            if self.peek() == "opp":  # L14c: one order only, and the message says which
                raise _Refused("write the direction first: “rotate cw opp” or “rotate ccw opp”", self.column())
            direction = self.expect(("cw", "ccw"), "“cw” or “ccw” (then “opp” for the opponent's loop)")
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
        tokens = _tokens(line)
    except _Refused as refused:
        return refused.error
    readings = _readings(tokens)
    if readings is None:
        return ParseError(AMBIGUOUS, _first_run(tokens))
    effects, errors = [], []
    for reading in readings:
        try:
            effect = _Parser(reading, line).line()
        except _Refused as refused:
            errors.append(refused.error)
            continue
        if effect not in effects:
            effects.append(effect)
    if len(effects) == 1:
        return effects[0]
    if effects:  # two readings make sense: the host must say which with a space
        return ParseError(AMBIGUOUS, _first_run(tokens))
    return max(errors, key=lambda error: error.column)  # the reading that got furthest (the first on a tie)


def _first_run(tokens):
    """The column of the first run of letters that is not a keyword as written."""
    return next(column for text, column in tokens if text.isalpha() and text.lower() not in KEYWORDS)


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


def canonical(line: str) -> str:
    """L14a: a line as said back (lower-case keywords, upper-case slots, spaced), or as written
    when it does not parse (the board check reports it)."""
    effect = parse(line)
    return to_text(effect) if isinstance(effect, dict) else line


def to_text(effect: dict) -> str:
    condition = ""
    if effect["if"]:
        test = effect["if"]
        condition = (
            f"if this {test['test']} {test['arg']}: "
            if test["test"] == "is"
            else f"if this {test['test']} {test['arg']}: "
        )
    return f"{effect['timing']}: {condition}" + "; ".join(part_text(p) for p in effect["parts"])


SELECTOR_WORDS = {
    "this": "the card on this slot",
    "cw": "the next card clockwise",
    "ccw": "the next card anticlockwise",
    "adj": "the nearest card on each side",
    "max": "the highest card",
    "min": "the lowest card",
    "nzmin": "the lowest non-zero card",
    "all": "every card",
    "pick": "a card you pick",
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
        condition = (
            f"this card is {test['arg']}"
            if test["test"] == "is"
            else f"this card is {'at least' if test['test'] == '>=' else 'at most'} {test['arg']}"
        )
        return f"{when}, if {condition}: {text}."
    return f"{when}: {text}."
