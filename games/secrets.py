"""What a game keeps secret, declared for the side-channel suite (tests/security/
test_side_channels.py). Hidden means indistinguishable: two runs of a match that differ in one
secret only must leave every viewer who may not know it the same bytes, on every page and socket.
The suite cannot guess where a game's secrets come from, so each game names them on its engine:

    secrets = (HiddenMove(),)                       # a move sent in private (most games)
    secrets = (SeededSecret("Ada's card", other_card_for(0), known_to=lambda state: (1,)),)
    secrets = (HiddenSetting("the operations", (settings_a, settings_b)),)

Every registered game declares at least one; the suite walks them all and skips none. Pure
Python, like the engines that import it."""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

State = dict[str, Any]


def _nobody(state: State) -> Collection[int]:
    return ()


@dataclass(frozen=True)
class HiddenMove:
    """A move sent in private. The suite plays to the first phase that waits on two seats or more
    (the first phase, in a game without one) and has one of its seats send one move or another
    (or none, where even who has sent is secret): everyone but the mover must see the same."""

    what: str = "a hidden move"


@dataclass(frozen=True)
class SeededSecret:
    """Something the match's seed draws that some viewers must not learn: a deal, a draw, a
    shuffled deck. `vary(state)` returns the state as it would be had the seed drawn this secret
    otherwise and nothing else (another card for one seat), from a state just set up;
    `known_to(state)` names the seats that may know it (the host always may). The suite starts a
    match, then starts it again with `vary` applied: the spectator and every other seat must not
    tell the runs apart. What it varies is the state, not the lines `setup` wrote: a deal spelled
    out in a public line of the log is the leak test's to find (tests/support/leaks.py)."""

    what: str
    vary: Callable[[State], State]
    known_to: Callable[[State], Collection[int]] = _nobody


@dataclass(frozen=True)
class HiddenSetting:
    """A setting the host chooses that players must not learn (until the rules reveal it).
    `settings`: two settings (over the defaults, both valid) that differ in this secret only;
    `known_to`: the seats told it. The suite starts one match with each."""

    what: str
    settings: tuple[State, State]
    known_to: Collection[int] = ()


Secret = HiddenMove | SeededSecret | HiddenSetting
