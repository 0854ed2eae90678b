"""Names people type (a season's, a player's, a username, a match's title, a season currency's):
one rule for all of them, here. They may be in any script, but never hold the invisible
characters that turn the direction text is shown in (Unicode's bidirectional formatting
characters): "Ada" followed by U+202E shows what comes after it backwards, so one name can be
made to read as another's in a list. Such a name is refused, in words that say why."""

from django.core.exceptions import ValidationError

DIRECTION_CONTROLS = frozenset(
    "\u202a\u202b\u202c\u202d\u202e"  # embeddings and overrides, and their pop
    "\u2066\u2067\u2068\u2069"  # isolates, and their pop
    "\u200e\u200f\u061c"  # left-to-right, right-to-left and Arabic letter marks
)


def direction_problem(text):
    """Why `text` may not be a name, or None."""
    found = sorted({c for c in str(text) if c in DIRECTION_CONTROLS})
    if not found:
        return None
    codes = ", ".join(f"U+{ord(c):04X}" for c in found)
    return (f"A name may not hold an invisible text-direction character ({codes}): it can make the name "
            "read as another's. Type the name again without it.")


def refuse_direction_controls(value):
    """The rule as a Django validator, for model and form fields."""
    problem = direction_problem(value)
    if problem:
        raise ValidationError(problem, code="direction_control")
