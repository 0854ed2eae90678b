"""What the rule tests share: a table of players and a way to run a rule by its registered name,
the way the host-run game does (raw parameters as a host's form posts them: strings)."""

import random

from games.host_run.rules import RULES, Change, Invalid, Problems

NAMES = {0: "Ada", 1: "Bo", 2: "Cy", 3: "Dee", 4: "Eve"}
COUNTERS = ("Coins", "Garnets", "Lives", "Points")


def params(rule, **raw):
    parsed = RULES[rule].parse(raw, COUNTERS)
    assert not isinstance(parsed, Problems), parsed
    return parsed


def run(rule, answers, seed=0, **raw):
    """The proposal of `rule` for `answers` (seat -> answer; None when missed)."""
    result = RULES[rule].apply(params(rule, **raw), answers, {s: NAMES[s] for s in answers}, random.Random(seed))
    assert not isinstance(result, Invalid), result
    return result


def refused(rule, answers, **raw):
    result = RULES[rule].apply(params(rule, **raw), answers, {s: NAMES[s] for s in answers}, random.Random(0))
    assert isinstance(result, Invalid), result
    return result.message


def problems(rule, **raw):
    parsed = RULES[rule].parse(raw, COUNTERS)
    assert isinstance(parsed, Problems), parsed
    return parsed


def changes(proposal):
    """The changes as (name, counter, delta) in the order proposed, reasons left out."""
    return [(NAMES[c.seat], c.counter, c.delta) for c in proposal.changes]


__all__ = ["NAMES", "Change", "changes", "params", "problems", "refused", "run"]
