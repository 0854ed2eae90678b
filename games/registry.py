"""The games the site can host, by stable slug. Pure Python: each game's AppConfig.ready()
registers its engine; tests register the fixture game themselves."""

from __future__ import annotations

from games.engine_api import GameEngine

_ENGINES: dict[str, GameEngine] = {}


class UnknownGame(LookupError):
    pass


def register(engine: GameEngine) -> None:
    if not engine.slug:
        raise ValueError("A game engine needs a slug.")
    _ENGINES[engine.slug] = engine


def unregister(slug: str) -> None:
    _ENGINES.pop(slug, None)


def get(slug: str) -> GameEngine:
    try:
        return _ENGINES[slug]
    except KeyError:
        raise UnknownGame(f"No game is registered as {slug!r}.") from None


def all_engines() -> list[GameEngine]:
    return sorted(_ENGINES.values(), key=lambda e: e.name)


def choices() -> list[tuple[str, str]]:
    return [(e.slug, e.name) for e in all_engines()]
