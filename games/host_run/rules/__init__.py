"""The built-in rules of the host-run game (issue 34, point 4): each reads a closed round's answers
to one field and proposes a result (counter changes with reasons, public lines) that the host
edits and publishes. Pure functions, no Django: the same answers, parameters and seed always give
the same proposal, so a match replays.

A rule is a block of two functions and its form, registered by name in RULES:

    fields: the parameters as the host's form shows them (common.Field: key, label, kind, options)

    parse(raw, counters) -> Params | Problems   the host's parameters (a form's strings, an import's
                                                JSON: anything) read and checked against the match's
                                                counter names; Problems maps a field to its words
    apply(params, answers, names, rng) -> Proposal | Invalid
        answers: seat -> that seat's answer to the field, None when missed and left blank. A rule
                 reads a number field's int; a choice of a player as that seat (an int); a choice
                 of an option as the option's text; yes or no as "yes"/"no" (or True/False).
        names:   seat -> the player's name, for the lines
        rng:     seeded by the match; only a tie "drawn by the seed" uses it

To add a rule, write a module beside these with its params dataclass, parse and apply, add it to
RULES, tests to tests/host_run/rules/ and a paragraph to templates/host_run/_rules_builtin.html."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from . import auction as _auction
from . import payoff as _payoff
from . import target as _target
from . import unique as _unique
from . import vote as _vote
from .common import Change, Field, Invalid, Problems, Proposal


@dataclass(frozen=True)
class Rule:
    title: str  # what the host's list of rules shows
    fields: tuple[Field, ...]
    parse: Callable[[Any, Iterable[str]], Any]
    apply: Callable[[Any, dict[int, Any], dict[int, str], random.Random], Proposal | Invalid]


RULES: dict[str, Rule] = {
    "auction": Rule("Sealed-bid auction", _auction.FIELDS, _auction.parse_auction, _auction.auction),
    "vote": Rule("Vote", _vote.FIELDS, _vote.parse_vote, _vote.vote),
    "unique": Rule("Highest or lowest unique number", _unique.FIELDS, _unique.parse_unique, _unique.unique_number),
    "target": Rule("Sum or average against a target", _target.FIELDS, _target.parse_target, _target.against_target),
    "payoff": Rule("Payoff table (dilemma)", _payoff.FIELDS, _payoff.parse_payoff, _payoff.payoff_table),
}


def propose(
    name: Any, raw: Any, counters: Iterable[str], answers: dict[int, Any], names: dict[int, str], rng: random.Random
) -> Proposal | Problems | Invalid:
    """One step for a caller: the rule called `name` with the host's raw parameters, applied."""
    rule = RULES.get(name) if isinstance(name, str) else None
    if rule is None:
        return Invalid("There is no built-in rule of that name; choose one from the list.")
    params = rule.parse(raw, counters)
    if isinstance(params, Problems):
        return params
    return rule.apply(params, answers, names, rng)


__all__ = ["RULES", "Change", "Field", "Invalid", "Problems", "Proposal", "Rule", "propose"]
