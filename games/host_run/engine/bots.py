"""The bots: a player who answers a round's form with legal values (now and then leaving a
field blank), and a host who opens a few rounds, publishes a result after each and ends the
match, so that playtests and the suites that walk every game run a host-run match whole."""

from __future__ import annotations

import copy
import random
from typing import Any

from . import fields as f
from . import proposals
from .ending import suggested_places
from .rounds import ALL, NOBODY, REVEALS, TEAMS, UNTIL_ALL
from .setup import EVERYONE, PLAYER
from .words import Refusal

ROUNDS = 3
ROWS = (
    "Colour | one of Red, Green, Blue | missed random",
    "Target | one of the seats still in | missed random",
    "Picks | several of A, B, C, D | at least 1 | at most 2 | missed random",
    "Order | ranking of A, B, C",
    "Cooperate | yes/no | missed random",
    "Message | text up to 40",
)


def answer(state: dict[str, Any], rnd: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    sent: dict[str, Any] = {}
    for i, d in enumerate(rnd["fields"], 1):
        if rng.random() < 0.85:
            sent.update(f.legal_random(d, i, state, seat, rng))
    return sent


def host_action(state: dict[str, Any], rng: random.Random) -> tuple[str, dict[str, Any]] | None:
    rounds = state["rounds"]
    if state["finished"] or (rounds and not rounds[-1]["closed"]):
        return None  # a round is open: the bot host waits for its close
    last = rounds[-1] if rounds else None
    if last and not last["published"] and "proposal" not in last and state["counters"] and rng.random() < 0.5:
        numbers = [str(i) for i, d in enumerate(last["fields"], 1) if d["kind"] == f.NUMBER]
        if numbers:  # a sealed-bid auction proposes the result the bot host then writes its own way
            rule = {
                "field": numbers[0],
                "wins": rng.choice(["highest", "lowest", "highest_unique"]),
                "pays": rng.choice(["own", "all", "second"]),
                "ties": "draw",
                "pay_counter": state["counters"][0]["name"],
            }
            try:  # only a proposal the rule makes (a rule may refuse a round, as for a host)
                proposals.propose(copy.deepcopy(state), "rule_auction", rule, random.Random(0))
                return "rule_auction", rule
            except Refusal:
                pass
    if last and not last["published"] and rng.random() < 0.9:
        return "publish_result", _result(state, rng)
    if len(rounds) < ROUNDS:
        if state["templates"] and rng.random() < 0.7:  # a saved game's rounds, as its host would open them
            k = rng.randrange(len(state["templates"]))
            return f"open_template_{k}", dict(state["templates"][k]["data"])
        return "open_round", _round(state, rng)
    places = suggested_places(state)
    data: dict[str, Any] = {f"place_{s}": p for s, p in places.items()}
    winners = [str(s + 1) for s, p in places.items() if p == 1]
    data["award_1"] = f"{', '.join(winners)} | garnets | 1 | first place"
    return "end_match", data


def _round(state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    rows = list(ROWS)
    # a bound the player may read, and a missed 0 that fits whatever it holds (fields.read_field)
    bounds = [c for c in state["counters"] if c["sees"] == EVERYONE or c["sees"] == PLAYER and c["low"] >= 0]
    if bounds:
        rows.append(f"Bid | number 0..your {rng.choice(bounds)['name']} | missed 0")
    chosen = rng.sample(rows, rng.randint(1, 3))
    data = {
        "title": f"Round {len(state['rounds']) + 1}",
        "instructions": "Answer before the deadline.",
        "deadline": rng.choice(["10m", UNTIL_ALL, "1h or when everyone has sent"]),
        "answers": "everyone",
        "reveal": rng.choice(REVEALS)[0],
        "talk": rng.choice([ALL, NOBODY] + ([TEAMS] if state["teams"] else [])),
    }
    data.update({f"field_{i}": row for i, row in enumerate(chosen, 1)})
    return data


def _result(state: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    live = [s for s, out in enumerate(state["out"]) if not out]
    data: dict[str, Any] = {"announcement": f"Round {len(state['rounds'])} is over."}
    seat = rng.choice(live)
    data["note_1"] = f"{seat + 1}: well played."  # seat numbers count from 1, as the host writes them
    if state["counters"]:
        at = rng.randrange(len(state["counters"]))
        c, delta = state["counters"][at], rng.choice([-3, -1, 1, 2, 5])
        if c["low"] <= state["values"][seat][at] + delta <= c["high"]:
            data["change_1"] = f"{seat + 1} | {c['name']} | {delta} | the bot host's whim"
    if len(live) > 2 and rng.random() < 0.15:
        data["out"] = [str(rng.choice(live))]
    return data
