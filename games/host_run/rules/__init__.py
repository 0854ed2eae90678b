"""The built-in rules of the host-run game (issue 34, point 4): each reads a closed round's answers
to one field and proposes a result (counter changes with reasons, public lines) that the host
edits and publishes. Pure functions, no Django: the same answers, parameters and seed always give
the same proposal, so a match replays.

A rule is a block of two functions, registered by name in RULES:

    parse(raw, counters) -> Params | Problems   the host's parameters (a form's strings, an import's
                                                JSON: anything) read and checked against the match's
                                                counter names; Problems maps a field to its words
    apply(params, answers, names, rng) -> Proposal | Invalid
        answers: seat -> that seat's answer to the field, None when missed (no default applied)
        names:   seat -> the player's name, for the lines
        rng:     seeded by the match; only a tie "drawn by the seed" uses it

To add a rule, write a module beside these with its params dataclass, parse and apply, add it to
RULES, tests to tests/host_run/rules/ and a paragraph to templates/host_run/_rules_builtin.html."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from .auction import auction, parse_auction
from .common import Change, Invalid, Problems, Proposal
from .payoff import parse_payoff, payoff_table
from .target import against_target, parse_target
from .unique import parse_unique, unique_number
from .vote import parse_vote, vote


@dataclass(frozen=True)
class Rule:
    title: str  # what the host's list of rules shows
    parse: Callable[[Any, Iterable[str]], Any]
    apply: Callable[[Any, dict[int, Any], dict[int, str], random.Random], Proposal | Invalid]


RULES: dict[str, Rule] = {
    "auction": Rule("Sealed-bid auction", parse_auction, auction),
    "vote": Rule("Vote", parse_vote, vote),
    "unique": Rule("Highest or lowest unique number", parse_unique, unique_number),
    "target": Rule("Sum or average against a target", parse_target, against_target),
    "payoff": Rule("Payoff table (dilemma)", parse_payoff, payoff_table),
}


def propose(name: Any, raw: Any, counters: Iterable[str], answers: dict[int, Any], names: dict[int, str],
            rng: random.Random) -> Proposal | Problems | Invalid:
    """One step for a caller: the rule called `name` with the host's raw parameters, applied."""
    rule = RULES.get(name) if isinstance(name, str) else None
    if rule is None:
        return Invalid("There is no built-in rule of that name; choose one from the list.")
    params = rule.parse(raw, counters)
    if isinstance(params, Problems):
        return params
    return rule.apply(params, answers, names, rng)


__all__ = ["RULES", "Change", "Invalid", "Problems", "Proposal", "Rule", "propose"]
