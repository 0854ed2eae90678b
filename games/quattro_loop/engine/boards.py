"""Boards (ruling L11): seven effect lines, one per slot A-G, the same on both loops for a round.

Three sources, chosen per match: generated from the match's random stream (the default), one of
the ready sets below, or lines the host writes (rounds past the host's list are generated)."""

from __future__ import annotations

from . import notation

GENERATED, CUSTOM = "generated", "custom"

# Effects the generator draws from: every line parses (tests/quattro_loop check it).
NOW_LINES = (
    "now: +1 this",
    "now: +2 this",
    "now: -1 opp this",
    "now: +1 adj",
    "now: -1 opp adj",
    "now: swap this cw",
    "now: swap this ccw",
    "now: -2 opp max",
    "now: +1 nzmin",
    "now: +2 any",
    "now: -2 any",
    "now: paint pick this",
    "now: copyvalue cw this",
    "now: copycolour ccw this",
    "now: set 5 this",
    "now: invert this",
    "now: if this is even: +2 this",
    "now: if this <= 3: double this",
    "now: -1 opp cw; +1 this",
    "now: rotate cw opp",
    "now: swap pick pick",
    "now: +1 pick",
    "now: halve opp max",
)
END_LINES = (
    "end: +1 adj",
    "end: +1 this",
    "end: -1 adj",
    "end: double this",
    "end: halve this",
    "end: set 0 nzmin; +1 all",
    "end: if this is red: double this",
    "end: if this is blue: +3 this",
    "end: if this is green: +2 adj",
    "end: if this is yellow: -2 opp this",
    "end: paint pick this",
    "end: paint red adj",
    "end: paint blue this",
    "end: copyvalue max this",
    "end: copyvalue opp this this",
    "end: swap this cw",
    "end: -1 opp all",
    "end: +1 red",
    "end: -1 blue",
    "end: +2 green",
    "end: set 0 max",
    "end: invert min",
    "end: rotate ccw",
    "end: if this >= 6: -3 this",
    "end: if this is odd: +1 this; +1 cw",
    "end: +1 opp min",
    "end: -2 opp nzmin",
    "end: copycolour pick this",
)

READY_SETS = {
    "balanced": (  # steady rounds: small raises, a few attacks, one choice a board
        (
            "end: +1 adj",
            "now: swap this cw",
            "end: if this is red: double this",
            "now: -2 opp max",
            "end: paint pick this",
            "now: +2 any",
            "end: set 0 nzmin; +1 all",
        ),
        (
            "now: +1 this",
            "end: -1 opp adj",
            "end: +2 this",
            "now: copyvalue cw this",
            "end: paint blue this",
            "now: -1 opp this",
            "end: +1 yellow",
        ),
        (
            "end: double this",
            "now: +1 adj",
            "end: -1 adj",
            "end: if this is green: +2 adj",
            "now: swap pick pick",
            "end: halve opp max",
            "end: +1 this",
        ),
        (
            "now: set 5 this",
            "end: +1 red",
            "now: -1 opp adj",
            "end: copycolour ccw this",
            "end: +1 adj",
            "now: +2 this",
            "end: -2 opp nzmin",
        ),
        (
            "end: if this is blue: +3 this",
            "end: paint red adj",
            "now: +1 nzmin",
            "end: +1 this",
            "now: swap this ccw",
            "end: -1 opp all",
            "now: +1 pick",
        ),
        (
            "now: invert this",
            "end: +2 green",
            "end: if this >= 6: -3 this",
            "now: -2 any",
            "end: +1 adj",
            "end: copyvalue max this",
            "now: +1 this",
        ),
        (
            "end: +1 this",
            "now: if this is even: +2 this",
            "end: rotate ccw",
            "end: +1 opp min",
            "now: -1 opp cw; +1 this",
            "end: paint pick this",
            "end: -1 blue",
        ),
        (
            "now: +2 any",
            "end: if this is yellow: -2 opp this",
            "end: double this",
            "now: swap this cw",
            "end: if this is odd: +1 this; +1 cw",
            "now: -2 opp max",
            "end: set 0 max",
        ),
    ),
    "wild": (  # big swings: rotations, doubling, copying and many choices
        (
            "now: rotate cw opp",
            "end: double this",
            "now: -2 any",
            "end: copyvalue max this",
            "now: swap pick pick",
            "end: invert min",
            "end: +1 adj",
        ),
        (
            "end: set 0 nzmin; +1 all",
            "now: +2 any",
            "end: rotate ccw",
            "now: halve opp max",
            "end: double this",
            "now: paint pick this",
            "end: -1 opp all",
        ),
        (
            "now: invert this",
            "end: copyvalue opp this this",
            "now: -1 opp adj",
            "end: if this <= 3: double this",
            "now: copycolour ccw this",
            "end: +2 green",
            "now: swap this cw",
        ),
        (
            "end: if this is red: double this",
            "end: if this is blue: double this",
            "now: rotate cw opp",
            "end: if this is green: double this",
            "now: +1 pick",
            "end: if this is yellow: double this",
            "end: set 0 max",
        ),
        (
            "now: -2 opp max",
            "now: -2 opp max",
            "end: +1 all",
            "end: paint pick adj",
            "now: swap pick pick",
            "end: halve this",
            "end: +2 this",
        ),
        (
            "end: copycolour pick this",
            "now: double this",
            "end: -1 adj",
            "now: -1 opp cw; +1 this",
            "end: invert this",
            "now: +2 any",
            "end: rotate ccw",
        ),
        (
            "now: set 5 this",
            "now: set 5 opp this",
            "end: +1 adj",
            "end: if this >= 6: -3 this",
            "now: +2 any",
            "end: copyvalue min this",
            "end: +1 yellow",
        ),
        (
            "end: set 0 nzmin; +1 all",
            "now: if this is odd: +3 this",
            "end: rotate cw opp",
            "now: -2 any",
            "end: double this",
            "now: swap this ccw",
            "end: +1 opp min",
        ),
    ),
}

SOURCES = (GENERATED, *READY_SETS, CUSTOM)


def parse_board(lines: object, label: str) -> list[dict] | list[str]:
    """Seven parsed effects, or error lines that say where ("Board 2, slot C, column 7: ...")."""
    if not isinstance(lines, list) or len(lines) != 7:
        return [f"{label}: a board is a list of seven lines, one for each slot A-G."]
    effects: list[dict] = []
    errors: list[str] = []
    for slot, line in zip(notation.SLOTS, lines):
        parsed = notation.parse(line)
        if isinstance(parsed, notation.ParseError):
            errors.append(f"{label}, slot {slot}, {parsed}: {str(line)[: notation.MAX_LINE]!r}")
        else:
            effects.append(parsed)
    return errors or effects


def check_custom(boards: object) -> list[str]:
    """Every error in host-written boards (empty when they are all fine)."""
    if not isinstance(boards, list) or not boards or len(boards) > 100:
        return ["board_lines is a list of 1 to 100 boards, each a list of seven lines."]
    errors = []
    for number, lines in enumerate(boards, start=1):
        parsed = parse_board(lines, f"Board {number}")
        if parsed and isinstance(parsed[0], str):
            errors += parsed
    return errors


def generate(rng, used: set[tuple[str, ...]]) -> tuple[str, ...]:
    """A board nobody has seen this match: two to four `now` effects, the rest `end`."""
    for _ in range(1000):
        now = rng.randint(2, 4)
        lines = rng.sample(NOW_LINES, now) + rng.sample(END_LINES, 7 - now)
        rng.shuffle(lines)
        if tuple(lines) not in used:
            return tuple(lines)
    raise RuntimeError("no new board could be drawn")  # C(23, 4) * C(28, 3) ... : never in practice


def board_for(settings: dict, round_number: int, rng, used: set[tuple[str, ...]]) -> tuple[str, ...]:
    source = settings["boards"]
    listed = READY_SETS.get(source) or (settings["board_lines"] if source == CUSTOM else ())
    if round_number <= len(listed):  # said back in canonical form (L14a), however the host typed it
        return tuple(notation.canonical(line) for line in listed[round_number - 1])
    return generate(rng, used)
