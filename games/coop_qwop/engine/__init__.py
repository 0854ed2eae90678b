"""Co-op QWOP's rules as a pure library (no Django): see game.py."""

from .game import ENGINE, CoopQwop

__all__ = ["ENGINE", "CoopQwop"]
