"""The chain of steps a Mystery Cosign match runs through (C3, C4), and what each step is: its
key, whom it waits on, its title and its clock.

First the Advantage holder's choice; then, per phase, five collaboration rounds of three steps
(P from Player 1, Q from Player 2, both players' picks) and three shootouts. Player 1 and
Player 2 swap every collaboration round across the whole match."""

from __future__ import annotations

import functools

from games import engine_api as api

PHASES, COLLAB_ROUNDS, SHOOTOUTS = 3, 5, 3
ADVANTAGE = "advantage"


@functools.lru_cache(maxsize=1)
def steps() -> tuple[dict, ...]:
    """Every step of a match, in order. `round` counts collaboration rounds over the whole
    match (1-15), so roles can alternate across phases; `number` counts shootouts (1-9)."""
    out = [{"key": ADVANTAGE, "kind": ADVANTAGE, "phase": 0}]
    for phase in range(1, PHASES + 1):
        for i in range(1, COLLAB_ROUNDS + 1):
            rnd = (phase - 1) * COLLAB_ROUNDS + i
            for part in ("P", "Q", "picks"):
                out.append({"key": f"collab-{rnd}-{part}", "kind": part, "phase": phase, "round": rnd, "index": i})
        for s in range(1, SHOOTOUTS + 1):
            number = (phase - 1) * SHOOTOUTS + s
            out.append({"key": f"shootout-{number}", "kind": "shootout", "phase": phase, "number": number, "index": s})
    return tuple(out)


@functools.lru_cache(maxsize=1)
def step_index() -> dict[str, int]:
    return {step["key"]: i for i, step in enumerate(steps())}


def step_for(key) -> dict | None:
    """The step a phase key names, or None for anything else (a key comes from outside)."""
    index = step_index().get(key) if isinstance(key, str) else None
    return None if index is None else steps()[index]


def picks_per_player(phase: int) -> int:
    return phase + 1  # C3: 2, 3, 4


def player_one(state, rnd):
    """C4: roles alternate every collaboration round across the whole match."""
    first = state["first"]
    return first if rnd % 2 == 1 else 1 - first


def waits_on(state, step):
    if step["kind"] == ADVANTAGE:
        return (state["advantage"],)
    if step["kind"] == "P":
        return (player_one(state, step["round"]),)
    if step["kind"] == "Q":
        return (1 - player_one(state, step["round"]),)
    return (0, 1)


def title(step):
    if step["kind"] == ADVANTAGE:
        return "The Advantage: who is Player 1 first"
    if step["kind"] == "shootout":
        return f"Shootout {step['index']} of phase {step['phase']}"
    who = {"P": "P from Player 1", "Q": "Q from Player 2", "picks": "both players pick operations"}[step["kind"]]
    return f"Collaboration {step['phase']}, round {step['index']}: {who}"


def phase_spec(state, key):
    """The platform's phase for step `key`; each closes as soon as everyone it waits on has sent."""
    step, s = step_for(key), state["settings"]
    duration = {
        ADVANTAGE: s["advantage_seconds"],
        "P": s["number_seconds"],
        "Q": s["number_seconds"],
        "picks": s["pick_seconds"],
        "shootout": s["shootout_seconds"],
    }[step["kind"]]
    return api.PhaseSpec(key, title(step), waits_on(state, step), duration, close_early=True)
