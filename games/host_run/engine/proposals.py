"""Built-in rules (games/host_run/rules) put to a closed round: a host action per rule
("rule_auction", "rule_vote", ...) reads the rule's parameters and the field it applies to, and
the rule's proposal (public lines, counter changes) becomes what the result's form starts with.
Nothing is published here: the host reads the proposal in the result's form, edits it and
publishes it as a result they wrote (results.py checks it then, bounds and all)."""

from __future__ import annotations

import random
from typing import Any

from games import engine_api as api
from games.host_run.rules import RULES, Invalid, Problems, Proposal
from games.values import as_int

from . import fields as f
from .results import change_rows, players
from .words import Refusal

PREFIX = "rule_"
TABLE_ROWS = 16  # a payoff table's rows, one field each
READABLE = (f.NUMBER, f.ONE, f.YESNO)  # what a rule reads: a number, one choice, yes or no


def actions(state: dict[str, Any]) -> list[api.ActionSpec]:
    rnd = state["rounds"][-1]
    readable = tuple((str(i), d["label"]) for i, d in enumerate(rnd["fields"], 1) if d["kind"] in READABLE)
    if not readable:
        return []
    counters = tuple((c["name"], c["name"]) for c in state["counters"])
    return [
        api.ActionSpec(
            f"{PREFIX}{key}",
            f"Propose a result: {rule.title}",
            api.FormSpec(
                (
                    api.Field("field", "The field it reads", api.CHOICE, readable, required=True),
                    *(field for p in rule.fields for field in _fields(p, counters)),
                ),
                "Propose",
                "The proposal fills in the result's form; nothing is published until you publish it.",
            ),
        )
        for key, rule in RULES.items()
    ]


def _fields(p: Any, counters: tuple[tuple[str, str], ...]) -> list[api.Field]:
    if p.kind == "rows":
        return [
            api.Field(f"{p.key}_{i}", f"{p.label}, row {i}", api.TEXT, max_length=200, help=p.help if i == 1 else "")
            for i in range(1, TABLE_ROWS + 1)
        ]
    if p.kind == "flag":
        return [api.Field(p.key, p.label, api.RADIO, (("yes", "Yes"), ("no", "No")), help=p.help, initial="no")]
    if p.kind == "number":
        return [api.Field(p.key, p.label, api.INT, min_value=-1_000_000, max_value=1_000_000, help=p.help)]
    options = counters if p.kind == "counter" else p.options
    return [api.Field(p.key, p.label, api.CHOICE, options, required=not p.blank_ok, help=p.help)]


def answers_for(rnd: dict[str, Any], i: int, state: dict[str, Any]) -> dict[int, Any]:
    """Each seat's answer to field `i` as a rule reads it: a number, a player's seat, an option's
    text, "yes" or "no"; None when missed and left blank."""
    d, key = rnd["fields"][i - 1], f"f{i}"
    read = {}
    for seat, answer in rnd["answers"].items():
        value = (answer or {}).get(key)
        if value is not None and d["kind"] == f.ONE:
            value = int(value) if isinstance(d["options"], str) else d["options"][int(value)]
        read[int(seat)] = value
    return read


def propose(state: dict[str, Any], name: str, data: dict[str, Any], rng: random.Random) -> list[api.Event]:
    """Apply rule `name` to the last round (in `state`, the caller's copy) and keep its proposal."""
    rule, rnd = RULES[name.removeprefix(PREFIX)], state["rounds"][-1]
    i = as_int(data.get("field"), max_digits=2)  # digits only ("²" is a digit to str.isdigit)
    if i is None or not 1 <= i <= len(rnd["fields"]) or rnd["fields"][i - 1]["kind"] not in READABLE:
        raise Refusal("Choose the field the rule reads.")
    raw = {k: v for k, v in data.items() if k != "field"}
    for p in rule.fields:
        if p.kind == "rows":
            raw[p.key] = "\n".join(str(raw.pop(f"{p.key}_{n}", "") or "") for n in range(1, TABLE_ROWS + 1))
        elif p.kind == "number" and type(raw.get(p.key)) is int:
            raw[p.key] = str(raw[p.key])
    params = rule.parse(raw, [c["name"] for c in state["counters"]])
    if isinstance(params, Problems):
        labels = {p.key: p.label for p in rule.fields}
        raise Refusal(" ".join(f"{labels.get(k, k)}: {words}" for k, words in params.items()))
    names = dict(enumerate(state["names"]))
    proposal = rule.apply(params, answers_for(rnd, i, state), names, rng)
    if isinstance(proposal, Invalid):
        raise Refusal(proposal.message)
    rnd["proposal"] = written(proposal, state)
    said = " ".join(proposal.lines) or "no public line"
    return [
        api.host_only(
            "proposal",
            f"{rule.title} proposes for round {rnd['n']}: {said} "
            f"({len(proposal.changes)} counter changes, in the result's form).",
        )
    ]


def written(proposal: Proposal, state: dict[str, Any]) -> dict[str, Any]:
    """The proposal as the result's form rows: changes alike but for the player share a row."""
    rows: dict[tuple[str, int, str], list[int]] = {}
    for change in proposal.changes:
        rows.setdefault((change.counter, change.delta, change.reason), []).append(change.seat)
    changes = []
    for (counter, delta, reason), seats in rows.items():
        who = ", ".join(_written_seat(s, state) for s in seats)
        changes.append(f"{who} | {counter} | {delta:+d} | {reason.replace('|', '/')[:100]}")
    if len(changes) > change_rows(state):
        raise Refusal(
            f"The proposal needs {len(changes)} change rows and the result's form holds "
            f"{change_rows(state)}: write this result by hand."
        )
    return {"announcement": " ".join(proposal.lines)[:2000], "changes": changes}


def _written_seat(seat: int, state: dict[str, Any]) -> str:
    """The seat as a result line names it: by name when `players` reads that name back as this
    seat alone (not a player named "Everyone", "Team Red", "2" or "Ada, Ben"), else by its number."""
    for said in (state["names"][seat], f"seat {seat + 1}"):
        try:
            if "|" not in said and players(said, state) == [seat]:
                return said
        except Refusal:
            pass
    raise Refusal(f"Seat {seat + 1} cannot be named in a result line: write this result by hand.")
