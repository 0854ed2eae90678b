"""The Flat Earth Theory's rules as a pure library (no Django): see game.py."""

from .game import ENGINE, FlatEarth

__all__ = ["ENGINE", "FlatEarth"]
