"""The Pokemon's names as the host writes them on the setup form: one line per Pokemon seat, in
seat order, a blank line keeping that seat's default name."""

from __future__ import annotations

from games import engine_api as api
from games.values import direction_problem

POKEMON_SEATS = 6
MAX_NAME = 30
DEFAULT_POKEMON = ("Furret", "Poochyena", "Cresselia", "Porygon-Z", "Staraptor", "Froslass")


class PokemonNames(api.SettingRows):
    name = "pokemon_names"
    label = "Pokemon names"
    help = (
        f"One name a line, at most {MAX_NAME} characters, given to the Pokemon seats in seat order; leave a line"
        " blank for its default name. Each Pokemon's name is its own."
    )
    placeholder = "Pikachu"
    max_length = MAX_NAME
    min_groups = max_groups = POKEMON_SEATS

    def row_label(self, row):
        return f"Pokemon {row + 1}"

    def texts(self, value):
        names = value if isinstance(value, list) else []
        return api.blank_rows([n if isinstance(n, str) else "" for n in names], POKEMON_SEATS)

    def read(self, row, text):
        if len(text) > MAX_NAME:
            return api.Invalid(f"A name has at most {MAX_NAME} characters.")
        if problem := direction_problem(text):
            return api.Invalid(problem)
        if not text:
            return api.RowRead(None, f"{DEFAULT_POKEMON[row]} (the default)")
        return api.RowRead(text, f"The Pokemon seat {row + 1} plays {text}.")

    def check(self, value, settings):
        # the JSON box can send anything: its shape is validate_settings' to refuse
        shaped = isinstance(value, list) and len(value) <= POKEMON_SEATS and all(isinstance(n, str) for n in value)
        return names_problem(value) if shaped else None

    def combine(self, values):
        names = [v or "" for v in values]
        while names and not names[-1]:
            names.pop()
        return names


def names_problem(names: list[str]) -> str | None:
    """Why these names (a blank taking its seat's default) cannot be the Pokemon's, or None: no
    invisible direction characters, and no two Pokemon called alike, since the forms and the log
    tell them apart by name."""
    problem = next(filter(None, map(direction_problem, names)), None)
    if problem:
        return problem
    given = [n.strip() for n in names] + [""] * (POKEMON_SEATS - len(names))
    seen: set[str] = set()
    for name in (n or DEFAULT_POKEMON[i] for i, n in enumerate(given)):
        if name.casefold() in seen:
            return f"Two Pokemon are called {name}: give each its own name."
        seen.add(name.casefold())
    return None
