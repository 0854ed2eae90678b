"""A sealed-bid auction: every player bids a whole number in secret; the bids pick a winner.

Who wins: the highest bid, the lowest bid, the highest unique bid (a bid nobody else made), or
the second-highest unique bid. Who pays: the winner their own bid, every bidder their own bid
(all pay), or the winner the second price. Ties (only the highest and lowest bids can tie; unique
bids cannot): cancelled (nobody wins), split (every tied bidder wins a share) or drawn by the seed.

The second price is the best of the other bids in the order that picks the winner: for "highest"
the highest other bid, for "lowest" the lowest other bid, for the unique kinds the next unique bid
below the winner's; with no such bid the winner pays nothing. A missed bid takes no part (it is not
a bid of 0) and pays nothing, even in an all-pay auction. A bid of 0 is a bid."""

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
    settle,
    whole_answers,
)

WINS = {
    "highest": "the highest bid wins",
    "lowest": "the lowest bid wins",
    "highest_unique": "the highest bid nobody else made wins",
    "second_highest_unique": "the second-highest bid nobody else made wins",
}
PAYS = {
    "own": "the winner pays their bid",
    "all": "every bidder pays their bid",
    "second": "the winner pays the second price",
}
TIES = {"cancel": "nobody wins", "split": "the tied bidders share the prize", "draw": "the seed draws one"}
SETTLE = {"cancel": "none", "split": "all", "draw": "draw"}
FIELDS = (
    choice_field("wins", "Who wins", WINS),
    choice_field("pays", "Who pays", PAYS),
    choice_field("ties", "A tie", TIES, "Only the highest or lowest bid can tie."),
    Field("pay_counter", "Bids are paid from", "counter"),
    Field(
        "prize_counter", "The prize is paid in", "counter", help="Blank when the prize is not a counter.", blank_ok=True
    ),
    Field("prize", "Prize", "number", help="How much of that counter the winner receives (0 or more).", blank_ok=True),
    SHOW_FIELD,
)


@dataclass(frozen=True)
class AuctionParams:
    wins: str
    pays: str
    ties: str
    pay_counter: str
    prize_counter: str  # "" when the prize is not a counter (a card, an advantage): the lines name the winner
    prize: int
    show_numbers: bool = False


def parse_auction(raw: Any, counters: Iterable[str]) -> AuctionParams | Problems:
    read = Reader(raw, counters)
    wins = read.choice("wins", WINS, "highest")
    pays = read.choice("pays", PAYS, "own")
    ties = read.choice("ties", TIES, "cancel")
    pay_counter = read.counter("pay_counter")
    prize_counter = read.counter("prize_counter", blank_ok=True)
    prize = read.number("prize", 0, BIGGEST, default=0)
    if prize and not prize_counter:
        read.problems["prize"] = "A prize amount needs a prize counter; leave it blank for a prize that is not one."
    show = read.flag(SHOW)
    return read.done(lambda: AuctionParams(wins, pays, ties, pay_counter, prize_counter, prize, show))


def _winners(params: AuctionParams, bids: dict[int, int], rng: random.Random) -> tuple[list[int], list[int]]:
    """(the winning seats, the seats that tied for the win before the tie was settled)."""
    if params.wins in ("highest", "lowest"):
        best = max(bids.values()) if params.wins == "highest" else min(bids.values())
        tied = [seat for seat, bid in bids.items() if bid == best]
        return settle(tied, SETTLE[params.ties], rng), tied
    counts = Counter(bids.values())
    unique = sorted((bid for bid, n in counts.items() if n == 1), reverse=True)
    place = 0 if params.wins == "highest_unique" else 1
    if len(unique) <= place:
        return [], []
    return [seat for seat, bid in bids.items() if bid == unique[place]], []


def second_price(params: AuctionParams, bids: dict[int, int], winner: int) -> int:
    others = [bid for seat, bid in bids.items() if seat != winner]
    if params.wins == "highest":
        return max(others, default=0)
    if params.wins == "lowest":
        return min(others, default=0)
    counts = Counter(bids.values())
    below = [bid for bid in others if counts[bid] == 1 and bid < bids[winner]]
    return max(below, default=0)


def auction(
    params: AuctionParams, answers: dict[int, Any], names: dict[int, str], rng: random.Random
) -> Proposal | Invalid:
    bids = whole_answers(answers, names, "an auction")
    if isinstance(bids, Invalid):
        return bids
    for seat, bid in bids.items():
        if bid < 0:
            return Invalid(
                f"{name_of(names, seat)} bid {bid}: bids are 0 or more. Give the bid field a "
                "lower bound of 0, or write the result by hand."
            )
    proposal = Proposal()
    missed = [name_of(names, seat) for seat in sorted(answers) if seat not in bids]
    if not bids:
        proposal.lines.append("Nobody bid: nobody wins the auction.")
        return proposal
    winners, tied = _winners(params, bids, rng)
    who = listed(name_of(names, seat) for seat in tied)
    top = f" with {bids[tied[0]]}" if tied and params.show_numbers else ""
    if len(tied) > 1:
        if params.ties == "cancel":
            proposal.lines.append(f"{who} tie{top}: the auction is cancelled and nobody wins.")
        elif params.ties == "split":
            proposal.lines.append(f"{who} tie{top} and share the prize.")
        else:
            proposal.lines.append(f"{who} tie{top}; the seed draws {name_of(names, winners[0])}.")
    elif not winners:
        proposal.lines.append(
            "Fewer than two bids were made by one player alone: nobody wins."
            if params.wins == "second_highest_unique"
            else "Every bid was made by more than one player: nobody wins."
        )
    share = params.prize // len(winners) if winners else 0
    for seat in winners:
        price = bids[seat] if params.pays != "second" else second_price(params, bids, seat)
        words = f"{name_of(names, seat)} wins the auction"
        if params.show_numbers:
            words += f" with a bid of {bids[seat]}"
            if params.pays != "all":
                words += f" and pays {price} {params.pay_counter}"
        if params.pays != "all" and price:
            how = "second price" if params.pays == "second" else "own bid"
            proposal.changes.append(Change(seat, params.pay_counter, -price, f"won the auction ({how})"))
        if params.prize_counter and share:
            what = "a share of the auction's prize" if len(winners) > 1 else "the auction's prize"
            proposal.changes.append(Change(seat, params.prize_counter, share, what))
        proposal.lines.append(words + ".")
    if params.pays == "all":
        for seat, bid in bids.items():
            if bid:
                proposal.changes.append(Change(seat, params.pay_counter, -bid, "bid in the auction (all pay)"))
        proposal.lines.append("Every bidder pays their bid (all pay)" + (", the winner too." if winners else "."))
    if missed:
        proposal.lines.append(f"{listed(missed)} sent no bid and took no part.")
    return proposal
