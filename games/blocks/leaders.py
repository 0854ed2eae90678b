"""Who leads a round: drawn from the match seed for the first, then decided by the last round."""

from __future__ import annotations

import random


def seeded_first_leader(seats: int, rng: random.Random) -> int:
    """The first round's leader, drawn from the seeded `rng` (the same seed draws the same seat)."""
    return rng.randrange(seats)


def winner_leads(leader: int, winner: int | None) -> int:
    """The next leader: the round's winner, or the same leader again after a draw."""
    return leader if winner is None else winner
