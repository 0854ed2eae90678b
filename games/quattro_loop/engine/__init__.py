"""Quattro Loop's rules as a pure library (no Django): see game.py."""

from .game import ENGINE, QuattroLoop

__all__ = ["ENGINE", "QuattroLoop"]
