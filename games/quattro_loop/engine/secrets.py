"""What Quattro Loop keeps secret, for the side-channel suite (games/secrets.py): a card placed
and not yet revealed, a player's hand (theirs alone), and the order of a deck (nobody's)."""

from __future__ import annotations

import copy
from typing import Any

from games.secrets import HiddenMove, SeededSecret


def dealt_otherwise(state: dict[str, Any], seat: int, hand: bool) -> dict[str, Any]:
    """The state as the seed could have dealt it, otherwise in one thing only: `seat`'s first card
    in hand swapped with the top of its deck (hand), or its deck in the reverse order."""
    state = copy.deepcopy(state)
    hands, decks = state["hands"], state["decks"]
    if hand:
        hands[seat][0], decks[seat][0] = decks[seat][0], hands[seat][0]
    else:
        decks[seat].reverse()
    return state


SECRETS = (
    HiddenMove("a placed card"),
    SeededSecret("Player 1's hand", lambda state: dealt_otherwise(state, 0, hand=True), known_to=lambda state: (0,)),
    SeededSecret("the order of Player 2's deck", lambda state: dealt_otherwise(state, 1, hand=False)),
)
