"""Pokemon Snap's rules as a pure library (no Django): see game.py."""

from .game import ENGINE, PokemonSnap

__all__ = ["ENGINE", "PokemonSnap"]
