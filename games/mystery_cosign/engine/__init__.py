"""Mystery Cosign's rules as a pure library (no Django): see game.py."""

from .game import ENGINE, MysteryCosign

__all__ = ["ENGINE", "MysteryCosign"]
