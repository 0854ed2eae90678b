"""A vote: every player picks one player or one option; the votes choose.

Plurality: the most votes choose; a tie for the most chooses nobody, every tied one, or one drawn
by the seed. Majority: only more than half of the votes sent choose (a missed vote is not a vote);
without one nothing is chosen, and a tie cannot happen. Who then gets the counter change: the
chosen players themselves (the votes name players), the players who voted for what was chosen, or
those who voted for something else. When nothing is chosen nobody's counter changes, and a player
who missed the vote is neither with nor against it.

A vote for a player is that player's seat (an int); a vote for an option is its text; a yes-or-no
vote is True or False."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from collections.abc import Iterable
from typing import Any

from .common import (
    BIGGEST,
    SHOW,
    SHOW_FIELD,
    Change,
    Field,
    Invalid,
    Problems,
    Proposal,
    Reader,
    choice_field,
    listed,
    name_of,
    sent,
    settle,
)

METHODS = {"plurality": "the most votes choose", "majority": "only more than half of the votes choose"}
TIES = {"none": "nobody is chosen", "all": "every tied one is chosen", "draw": "the seed draws one"}
WHO = {
    "chosen": "the chosen players",
    "with": "those who voted for what was chosen",
    "against": "those who voted for something else",
}
FIELDS = (
    choice_field("method", "Chosen by", METHODS),
    choice_field("ties", "A tie for the most votes", TIES),
    choice_field("who", "Who gets the change", WHO),
    Field("counter", "Counter", "counter"),
    Field("delta", "Change", "number", help="A whole number; negative takes away."),
    SHOW_FIELD,
)


@dataclass(frozen=True)
class VoteParams:
    method: str
    ties: str
    who: str
    counter: str
    delta: int
    show_numbers: bool = False


def parse_vote(raw: Any, counters: Iterable[str]) -> VoteParams | Problems:
    read = Reader(raw, counters)
    method = read.choice("method", METHODS, "plurality")
    ties = read.choice("ties", TIES, "none")
    who = read.choice("who", WHO, "chosen")
    counter = read.counter("counter")
    delta = read.number("delta", -BIGGEST, BIGGEST)
    show = read.flag(SHOW)
    return read.done(lambda: VoteParams(method, ties, who, counter, delta, show))


def _label(vote: Any, names: dict[int, str]) -> str:
    if type(vote) is bool:
        return "yes" if vote else "no"
    return name_of(names, vote) if type(vote) is int else vote


def _votes(params: VoteParams, answers: dict[int, Any], names: dict[int, str]) -> dict[int, Any] | Invalid:
    votes = sent(answers)
    kinds = {type(vote) for vote in votes.values()}
    if not kinds <= {int, str, bool} or len(kinds) > 1:
        return Invalid(
            "The votes are not all players, all options or all yes-or-no: a vote reads one "
            "choice field. Choose that field, or write the result by hand."
        )
    if params.who == "chosen" and kinds - {int}:
        return Invalid(
            "These votes are for options, not players, so there is no chosen player to change: "
            "give the change to those who voted with or against it instead."
        )
    for seat, vote in votes.items():
        if type(vote) is int and vote not in names:
            return Invalid(f"{name_of(names, seat)} voted for seat {vote + 1}, which is not in this match.")
    return votes


def vote(params: VoteParams, answers: dict[int, Any], names: dict[int, str], rng: random.Random) -> Proposal | Invalid:
    votes = _votes(params, answers, names)
    if isinstance(votes, Invalid):
        return votes
    proposal = Proposal()
    missed = [name_of(names, seat) for seat in sorted(answers) if seat not in votes]
    counts = Counter(votes.values())
    chosen: list[Any] = []
    if not votes:
        proposal.lines.append("Nobody voted: nothing is chosen.")
    elif params.method == "majority":
        top, n = counts.most_common(1)[0]
        if 2 * n > len(votes):
            chosen = [top]
        else:
            proposal.lines.append(f"Nothing has more than half of the {len(votes)} votes: nothing is chosen.")
    else:
        most = max(counts.values())
        tied = [option for option, n in counts.items() if n == most]
        chosen = settle(tied, params.ties, rng)
        if len(tied) > 1:
            with_n = f" with {most} votes each" if params.show_numbers else ""
            after = {
                "none": "nothing is chosen",
                "all": "all of them are chosen",
                "draw": f"the seed draws {_label(chosen[0], names) if chosen else ''}",
            }[params.ties]
            proposal.lines.append(f"{listed(_label(t, names) for t in sorted(tied))} tie{with_n}: {after}.")
    for option in chosen:
        how_many = f" with {counts[option]} of {len(votes)} votes" if params.show_numbers else ""
        proposal.lines.append(f"The vote chooses {_label(option, names)}{how_many}.")
    if params.who == "chosen":
        seats = chosen
    elif params.who == "with":
        seats = [seat for seat, v in votes.items() if chosen and v in chosen]
    else:
        seats = [seat for seat, v in votes.items() if chosen and v not in chosen]
    reason = {
        "chosen": "chosen by the vote",
        "with": "voted for what the vote chose",
        "against": "voted against what the vote chose",
    }[params.who]
    proposal.changes += [Change(seat, params.counter, params.delta, reason) for seat in sorted(seats) if params.delta]
    if missed:
        proposal.lines.append(f"{listed(missed)} did not vote.")
    return proposal
