"""Reading posted values the same way in every engine and the platform. Choice fields post
strings; engines accept the int too, and anything else (lists, floats, huge digit strings) is
refused. A name someone types (a player's, a season's, a Pokemon's) may be in any script, but
never holds the invisible characters that turn the direction text is shown in (Unicode's
bidirectional formatting characters): "Ada" then U+202E shows what follows it backwards, so one
name can be made to read as another's in a list. This is the one place that rule is written
(the platform's forms use it through matches.lib.typed_names)."""

from __future__ import annotations


def as_int(value: object, max_digits: int = 16) -> int | None:
    if type(value) is int:
        return value
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= max_digits:  # not "²"
        return int(value)
    return None


DIRECTION_CONTROLS = frozenset(
    "\u202a\u202b\u202c\u202d\u202e"  # embeddings and overrides, and their pop
    "\u2066\u2067\u2068\u2069"  # isolates, and their pop
    "\u200e\u200f\u061c"  # left-to-right, right-to-left and Arabic letter marks
)


def direction_problem(text: object) -> str | None:
    """Why `text` may not be a name someone typed, or None."""
    found = sorted({c for c in str(text) if c in DIRECTION_CONTROLS})
    if not found:
        return None
    codes = ", ".join(f"U+{ord(c):04X}" for c in found)
    return (
        f"A name may not hold an invisible text-direction character ({codes}): it can make the name "
        "read as another's. Type the name again without it."
    )


def hidden_characters(text: str) -> str | None:
    """Why a longer text someone types (a rules line, a round's instructions, a reason) may not be
    kept: a control character (a NUL no database stores; tabs and line breaks are fine) or an
    invisible text-direction character. None when it may."""
    if any((ord(c) < 32 and c not in "\t\n\r") or ord(c) == 127 for c in text):
        return "It may not hold control characters (a NUL, an escape): type it again without them."
    return direction_problem(text)
