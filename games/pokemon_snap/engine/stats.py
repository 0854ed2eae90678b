"""The five stats of a Pokemon, in the order the rules list them (also V's tie order, S7)."""

from __future__ import annotations

STATS = ("cool", "cute", "clever", "tough", "beauty")
LABELS = {"cool": "Coolness", "cute": "Cuteness", "clever": "Cleverness", "tough": "Toughness", "beauty": "Beauty"}
STAT_CHOICES = tuple((s, LABELS[s]) for s in STATS)
START = 3

COOL, CUTE, CLEVER, TOUGH, BEAUTY = range(5)
INDEX = {name: i for i, name in enumerate(STATS)}


def stats_text(values: list[int]) -> str:
    return ", ".join(f"{LABELS[name]} {value}" for name, value in zip(STATS, values))


def change_text(delta: list[int]) -> str:
    parts = [f"{'+' if d > 0 else ''}{d} {LABELS[name]}" for name, d in zip(STATS, delta) if d]
    return ", ".join(parts) if parts else "no change"
