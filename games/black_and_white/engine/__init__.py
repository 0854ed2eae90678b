"""Black and White's rules, as a pure engine (no Django: the import contract checks it)."""

from .game import ENGINE

__all__ = ["ENGINE"]
