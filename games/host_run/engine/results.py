"""The result of the last closed round, written by the host (host action "publish_result"):
a public announcement, private notes ("Ada: you hold the key"), counter changes ("Ada, Ben |
Coins | -3 | paid the bid") and players out. Every line is read first; one wrong line refuses
the whole result, so nothing is ever half-published. A change is said to whom its counter is
seen by: everyone, the player alone (and the host), or the host alone."""

from __future__ import annotations

from typing import Any

from games import engine_api as api

from .rounds import answer_words
from .setup import EVERYONE, PLAYER
from .words import Refusal, name, whole

NOTES, CHANGES, LONGEST_NOTE = 10, 30, 500  # a change row may name many players; 30 rows give each of 30 their own


def note_rows(state: dict[str, Any]) -> int:
    """Rows the result's form has for notes and changes: as many as the match can need, up to the most."""
    return min(NOTES, len(state["names"]))


def change_rows(state: dict[str, Any]) -> int:
    return min(CHANGES, max(4, 2 * len(state["names"])))


def publish_form(state: dict[str, Any]) -> api.FormSpec:
    live = tuple((str(s), n) for s, n in enumerate(state["names"]) if not state["out"][s])
    rnd = state["rounds"][-1]
    proposed = rnd.get("proposal") or {"announcement": None, "changes": []}  # a built-in rule's, to edit
    changes = dict(enumerate(proposed["changes"], 1))
    answers = " · ".join(f"{state['names'][int(s)]}: {answer_words(rnd, a, state)}" for s, a in rnd["answers"].items())
    return api.FormSpec(
        (
            api.Field(
                "announcement",
                "Announcement (everyone reads it)",
                api.TEXT,
                max_length=2000,
                initial=proposed["announcement"],
            ),
            *(
                api.Field(
                    f"note_{i}",
                    f"Private note {i}",
                    api.TEXT,
                    max_length=LONGEST_NOTE,
                    help="Player (a name, or a seat number from 1): the note only they read, e.g. Ada: the key is under the mat."
                    if i == 1
                    else "",
                )
                for i in range(1, note_rows(state) + 1)
            ),
            *(
                api.Field(
                    f"change_{i}",
                    f"Counter change {i}",
                    api.TEXT,
                    max_length=200,
                    initial=changes.get(i),
                    help="Players | counter | change | reason, e.g. Ada, Ben | Coins | -3 | paid the bid. "
                    "Names or seat numbers (from seat 1); \"everyone\" or \"team Red\" for many."
                    if i == 1
                    else "",
                )
                for i in range(1, change_rows(state) + 1)
            ),
            api.Field("out", "Players out of the match", api.MULTICHOICE, live),
        ),
        "Publish the result",
        f"The answers of round {rnd['n']}: {answers}."[:4000],
    )


def players(text: str, state: dict[str, Any]) -> list[int]:
    """Players named in a line: "everyone" (still in), "team Red", or names and seat numbers
    ("2" or "seat 2", counted from 1 as teams and "Who answers" count them); a name first."""
    lower = " ".join(text.lower().split())
    live = [s for s, out in enumerate(state["out"]) if not out]
    if lower == "everyone":
        return live
    if lower.startswith("team "):
        team = next((t for t in state["teams"] if t["name"].casefold() == lower[5:].strip()), None)
        if team is None:
            raise Refusal(f"There is no team called {text.strip()[5:]!r}.")
        return [s for s in team["seats"] if s in live]
    seats = []
    for part in (p.strip() for p in text.split(",")):
        found = [s for s, n in enumerate(state["names"]) if n.casefold() == part.casefold()]
        number = " ".join(part.lower().split()).removeprefix("seat ")
        if not found and number.isascii() and number.isdigit() and 1 <= int(number) <= len(state["names"]):
            found = [int(number) - 1]
        if not found:
            raise Refusal(f"There is no player called {part!r}.")
        seats.append(found[0])
    if len(set(seats)) != len(seats):
        raise Refusal("A player is named twice.")
    return seats


def _text(data: dict[str, Any], key: str, longest: int) -> str:
    value = data.get(key, "")
    if not isinstance(value, str) or len(value) > longest:
        raise Refusal(f"At most {longest} characters.")
    return value.strip()


def read_result(data: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    """The result `data` writes, or a Refusal naming its line."""
    announcement = _text(data, "announcement", 2000)
    notes: dict[str, str] = {}
    for i in range(1, note_rows(state) + 1):
        try:
            row = _text(data, f"note_{i}", LONGEST_NOTE)
            if row:
                who, colon, note = row.partition(":")
                if not colon or not note.strip():
                    raise Refusal("Write a note as \"Ada: the note\".")
                for seat in players(who, state):
                    notes[str(seat)] = (notes.get(str(seat), "") + " " + note.strip()).strip()
        except Refusal as refusal:
            raise Refusal(f"Private note {i}: {refusal}") from None
    changes = []
    for i in range(1, change_rows(state) + 1):
        try:
            row = _text(data, f"change_{i}", 200)
            if row:
                changes += _changes(row, state)
        except Refusal as refusal:
            raise Refusal(f"Counter change {i}: {refusal}") from None
    out = data.get("out") or []
    live = {str(s) for s, gone in enumerate(state["out"]) if not gone}
    if not isinstance(out, list) or not all(isinstance(s, str) and s in live for s in out) or len(set(out)) != len(out):
        raise Refusal("Players out: choose among the players still in.")
    if not (announcement or notes or changes or out):
        raise Refusal("Nothing to publish: write an announcement, a note, a change or choose players out.")
    _check_bounds(changes, state)
    return {"announcement": announcement, "notes": notes, "changes": changes, "out": sorted(int(s) for s in out)}


def _changes(row: str, state: dict[str, Any]) -> list[dict[str, Any]]:
    parts = [p.strip() for p in row.split("|")]
    if len(parts) != 4:
        raise Refusal("Write a change as \"Ada, Ben | Coins | -3 | paid the bid\".")
    names = [c["name"].casefold() for c in state["counters"]]
    if parts[1].casefold() not in names:
        raise Refusal(f"There is no counter called {parts[1]!r}.")
    counter = state["counters"][names.index(parts[1].casefold())]["name"]
    delta = whole(parts[2], "The change")
    if delta == 0:
        raise Refusal("A change of 0 changes nothing.")
    reason = name(parts[3], "The reason", 100)
    return [{"seat": s, "counter": counter, "delta": delta, "reason": reason} for s in players(parts[0], state)]


def _check_bounds(changes: list[dict[str, Any]], state: dict[str, Any]) -> None:
    """Every counter ends within its bounds, all its changes of this result taken together."""
    after = [list(v) for v in state["values"]]
    names = [c["name"] for c in state["counters"]]
    for change in changes:
        after[change["seat"]][names.index(change["counter"])] += change["delta"]
    for seat, values in enumerate(after):
        for at, c in enumerate(state["counters"]):
            if not c["low"] <= values[at] <= c["high"]:
                raise Refusal(
                    f"{state['names'][seat]}'s {c['name']} would be {values[at]}, outside "
                    f"{c['low']}..{c['high']}: nothing was published."
                )


def publish(state: dict[str, Any], rnd: dict[str, Any], result: dict[str, Any]) -> list[api.Event]:
    """Apply `result` to `state` (the caller's own copy) and say it, each line to its readers."""
    names, counters = state["names"], {c["name"]: c for c in state["counters"]}
    order = [c["name"] for c in state["counters"]]
    events = (
        [api.public("result", f"Result of round {rnd['n']}: {result['announcement']}", round=rnd["n"])]
        if result["announcement"]
        else []
    )
    events += [
        api.private(
            int(s), "note", f"A note from the host: {note}", others=f"Note to {names[int(s)]}: {note}", round=rnd["n"]
        )
        for s, note in sorted(result["notes"].items(), key=lambda item: int(item[0]))
    ]
    for group in _grouped(result["changes"]):
        counter, delta, reason = counters[group[0]["counter"]], group[0]["delta"], group[0]["reason"]
        now = {}
        for change in group:
            state["values"][change["seat"]][order.index(counter["name"])] += delta
            now[change["seat"]] = state["values"][change["seat"]][order.index(counter["name"])]
        said = f"{counter['name']} {delta:+d} ({reason})"
        if counter["sees"] == PLAYER:  # each player reads their own, alone
            events += [
                api.private(
                    s, "change", f"Your {said}, now {v}.", others=f"{names[s]}'s {said}, now {v}.", round=rnd["n"]
                )
                for s, v in now.items()
            ]
            continue
        # one line for a change many share (a point to everyone is a line, not thirty)
        who = ", ".join(names[s] for s in now) if len(now) < len(names) else "Everyone"
        line = f"{who}: {said}" + (f", now {next(iter(now.values()))}" if len(now) == 1 else "")
        if counter["sees"] == EVERYONE:
            events.append(api.public("change", f"{line}.", round=rnd["n"]))
        else:
            events.append(api.host_only("change", f"{line} (the host only).", round=rnd["n"]))
    for seat in result["out"]:
        state["out"][seat] = True
        events.append(api.public("out", f"{names[seat]} is out of the match.", round=rnd["n"]))
    rnd["published"] = True
    state["results"].append({"round": rnd["n"], **result})
    return events


def _grouped(changes: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The changes in order, those of one row (same counter, change and reason, seat after seat)
    kept together."""
    groups: list[list[dict[str, Any]]] = []
    for change in changes:
        last = groups[-1][-1] if groups else None
        same = last is not None and all(last[k] == change[k] for k in ("counter", "delta", "reason"))
        if same and change["seat"] not in {c["seat"] for c in groups[-1]}:
            groups[-1].append(change)
        else:
            groups.append([change])
    return groups
