"""What each viewer sees of a host-run match (the only way a page or a socket learns the state).
A counter shows by who sees it: everyone; the player and the host; the host only. A round's
answers show only as its reveal rule says, a note only to its player; the host sees everything,
and so does everyone once the match is over (as in every game here). Nothing private changes
the shape of what another viewer gets: a player's own things are under "me", which only a
seat's view has, and lists for everyone are the same for every viewer who is not the host."""

from __future__ import annotations

from typing import Any

from games import engine_api as api

from . import fields as f
from .ending import score
from .rounds import REVEALS, TALKS, reveal_lines
from .setup import EVERYONE, PLAYER, SEES_WORDS


def _sees(counter: dict[str, Any], owner: int, seat: int | None, all_of_it: bool) -> bool:
    return all_of_it or counter["sees"] == EVERYONE or (counter["sees"] == PLAYER and owner == seat)


def _counters(state, owner, shown):
    return [
        {"name": c["name"], "value": state["values"][owner][i]} for i, c in enumerate(state["counters"]) if shown(c)
    ]


def view(state: dict[str, Any], viewer: api.Viewer) -> dict[str, Any]:
    seat = viewer.seat if viewer.kind == api.SEAT and isinstance(viewer.seat, int) else None
    all_of_it = viewer.is_host or state["finished"]
    team_of = {s: t["name"] for t in state["teams"] for s in t["seats"]}
    table_counters = [c for c in state["counters"] if all_of_it or c["sees"] == EVERYONE]
    shown = {
        "game_name": state["settings"]["game_name"],
        "rules_text": state["settings"]["rules_text"],
        "finished": state["finished"],
        "is_host": viewer.is_host,
        "teams": bool(state["teams"]),
        "counter_names": [c["name"] for c in table_counters],
        "counters_said": [f"{c['name']}: {SEES_WORDS[c['sees']]}" for c in state["counters"]],
        "players": [
            {
                "seat": s,
                "name": n,
                "out": state["out"][s],
                "team": team_of.get(s, ""),
                "counters": _counters(state, s, lambda c: c in table_counters),
            }
            for s, n in enumerate(state["names"])
        ],
        "rounds": [_round(state, rnd, seat, all_of_it) for rnd in reversed(state["rounds"])],
        "talk": dict(TALKS)[current_talk(state)],
    }
    if seat is not None and 0 <= seat < len(state["names"]):
        shown["me"] = {
            "name": state["names"][seat],
            "out": state["out"][seat],
            "counters": _counters(state, seat, lambda c: c["sees"] != EVERYONE and _sees(c, seat, seat, all_of_it)),
        }
    if state["finished"]:
        order = sorted(range(len(state["names"])), key=lambda s: (state["places"][s], s))
        shown["places"] = [
            {"place": state["places"][s], "name": state["names"][s], "score": score(state, s)} for s in order
        ]
        shown["summary"] = state["summary"]
    return shown


def current_talk(state: dict[str, Any]) -> str:
    """The talk rule of the last round opened (everyone may talk before the first)."""
    return state["rounds"][-1]["talk"] if state["rounds"] and not state["finished"] else "everyone"


def _round(state, rnd, seat, all_of_it):
    names = state["names"]
    shown = {
        "n": rnd["n"],
        "title": rnd["title"],
        "instructions": rnd["instructions"],
        "open": not rnd["closed"],
        "fields": [f.describe(d) for d in rnd["fields"]],
        "who": [names[s] for s in rnd["waits_on"]],
        "reveal": dict(REVEALS)[rnd["reveal"]],
        "talk": dict(TALKS)[rnd["talk"]],
        "lines": [],
        "mine": "",
    }
    if rnd["closed"]:
        public_lines, own = reveal_lines(rnd, state)
        shown["lines"] = public_lines
        shown["mine"] = own.get(seat, "") if seat is not None else ""
        if all_of_it:
            shown["columns"] = [d["label"] for d in rnd["fields"]]
            shown["table"] = [
                {
                    "name": names[int(s)],
                    "filled": int(s) in rnd["filled"],
                    "cells": [f.said(d, i, a or {}, state) or "—" for i, d in enumerate(rnd["fields"], 1)],
                }
                for s, a in rnd["answers"].items()
            ]
    result = next((r for r in state["results"] if r["round"] == rnd["n"]), None)
    if result:
        shown["result"] = _result(state, result, seat, all_of_it)
    return shown


def _result(state, result, seat, all_of_it):
    counters = {c["name"]: c for c in state["counters"]}
    changes = [c for c in result["changes"] if _sees(counters[c["counter"]], c["seat"], seat, all_of_it)]
    notes = (
        result["notes"]
        if all_of_it
        else {k: v for k, v in result["notes"].items() if seat is not None and int(k) == seat}
    )
    return {
        "announcement": result["announcement"],
        "changes": [
            {
                "name": state["names"][c["seat"]],
                "counter": c["counter"],
                "delta": f"{c['delta']:+d}",
                "reason": c["reason"],
            }
            for c in changes
        ],
        "notes": [
            {"name": state["names"][int(k)], "text": v} for k, v in sorted(notes.items(), key=lambda i: int(i[0]))
        ],
        "out": [state["names"][s] for s in result["out"]],
    }
