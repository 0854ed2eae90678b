"""Games shipped with the site: each file a saved game (the export format of "Save this game")
built from archive-style mechanics in our own words. Loaded as site-wide saved games by the
migration 0022_saved_games and by the demo season. Pure: reads files, knows nothing of Django."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
FORMAT, VERSION = "genius-site saved game", 1


def presets() -> dict[str, dict[str, Any]]:
    """Each shipped game by its file's name (without .json)."""
    return {p.stem: json.loads(p.read_text(encoding="utf-8")) for p in sorted(HERE.glob("*.json"))}
