"""A confirmed change to the season ledger said as a person would say it: "Otto is eliminated",
"Ada gains 2 garnets", "The communal pool gains 1 garnet", never "Otto +1 eliminated"; to its
owner, "You gain 2 garnets". The season's own currencies are named as the host named them (in the
singular: "Black Garnet")."""

from games.engine_api import (
    COMMUNAL_GARNET,
    ELIMINATED,
    ELIMINATION_CANDIDATE,
    GARNET,
    MARK_OF_ELIMINATION,
    TOKEN_OF_LIFE,
)
from games.words import count

NOUNS = {
    GARNET: ("garnet", "garnets"),
    COMMUNAL_GARNET: ("garnet", "garnets"),
    TOKEN_OF_LIFE: ("token of life", "tokens of life"),
    MARK_OF_ELIMINATION: ("Mark of Elimination", "Marks of Elimination"),
}
# (said of someone, said to its owner)
VERBS = {"is": ("is", "are"), "becomes": ("becomes", "become"), "gains": ("gains", "gain"), "loses": ("loses", "lose")}


def change_words(who, kind, amount, labels, to_owner=False):
    """`who` (a name, or None for the communal pool) and one ledger entry's kind and amount; with
    `to_owner`, said to the player whose entry it is."""
    who = "You" if to_owner else (who or "The communal pool")

    def verb(word):
        return VERBS[word][1 if to_owner else 0]

    if kind == ELIMINATED:
        return f"{who} {verb('is')} eliminated" if amount > 0 else f"{who} {verb('is')} no longer eliminated"
    if kind == ELIMINATION_CANDIDATE:
        return (
            f"{who} {verb('becomes')} an elimination candidate"
            if amount > 0
            else f"{who} {verb('is')} no longer an elimination candidate"
        )
    one, many = NOUNS.get(kind, (labels.get(kind, kind), None))  # a season's currency, named in the singular
    return f"{who} {verb('gains' if amount >= 0 else 'loses')} {count(abs(amount), one, many)}"
