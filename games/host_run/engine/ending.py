"""The end, written by the host (host action "end_match"): a place for every seat, ties shared
as every game ranks them (1, 1, 3), and the season awards it proposes ("Ada | garnets | 2 |
won the auction"), which the host then confirms into the season like any game's result."""

from __future__ import annotations

from typing import Any

from games import engine_api as api
from games.ranking import shared_ranks

from .results import players
from .setup import EVERYONE
from .words import Refusal, name, whole

AWARDS = 8
KINDS = {
    "garnet": api.GARNET,
    "garnets": api.GARNET,
    "token of life": api.TOKEN_OF_LIFE,
    "tokens of life": api.TOKEN_OF_LIFE,
    "elimination candidate": api.ELIMINATION_CANDIDATE,
    "mark of elimination": api.MARK_OF_ELIMINATION,
    "marks of elimination": api.MARK_OF_ELIMINATION,
    "eliminated": api.ELIMINATED,
}  # a Death Match's loser (the host chose Death Match on the setup form)


def score(state: dict[str, Any], seat: int) -> int:
    """The first counter everyone sees, the score a list of places shows (0 without one)."""
    at = next((i for i, c in enumerate(state["counters"]) if c["sees"] == EVERYONE), None)
    return 0 if at is None else state["values"][seat][at]


def suggested_places(state: dict[str, Any]) -> dict[int, int]:
    """Places by that score, players out last: what the form offers before the host changes it."""
    seats = range(len(state["names"]))
    return shared_ranks(seats, lambda s: (not state["out"][s], score(state, s)), higher_is_better=True)


def end_form(state: dict[str, Any]) -> api.FormSpec:
    n, suggested = len(state["names"]), suggested_places(state)
    return api.FormSpec(
        (
            *(
                api.Field(
                    f"place_{s}",
                    f"Place of {player}",
                    api.INT,
                    min_value=1,
                    max_value=n,
                    required=True,
                    initial=suggested[s],
                )
                for s, player in enumerate(state["names"])
            ),
            *(
                api.Field(
                    f"award_{i}",
                    f"Season award {i}",
                    api.TEXT,
                    max_length=200,
                    help="Players | garnets, token of life, elimination candidate, mark of elimination or "
                    "eliminated | amount | reason"
                    if i == 1
                    else "",
                )
                for i in range(1, AWARDS + 1)
            ),
            api.Field("summary", "Summary", api.TEXT, max_length=300),
        ),
        "End the match",
    )


def read_end(data: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    n = len(state["names"])
    places: list[Any] = [data.get(f"place_{s}") for s in range(n)]
    if any(type(p) is not int or not 1 <= p <= n for p in places):
        raise Refusal(f"Give every player a place from 1 to {n}.")
    for p in places:  # 1, 1, 3: a place is one more than the number of players placed above it
        if sum(1 for q in places if q < p) != p - 1:
            raise Refusal(f"Place {p} does not follow: with ties, places go like 1, 1, 3 (two first, then third).")
    awards = []
    for i in range(1, AWARDS + 1):
        row = data.get(f"award_{i}", "")
        if not isinstance(row, str) or len(row) > 200:
            raise Refusal(f"Season award {i}: at most 200 characters.")
        if row.strip():
            try:
                awards += _awards(row, state)
            except Refusal as refusal:
                raise Refusal(f"Season award {i}: {refusal}") from None
    summary = data.get("summary", "")
    if not isinstance(summary, str) or len(summary) > 300:
        raise Refusal("The summary has at most 300 characters.")
    return {"places": places, "awards": awards, "summary": summary.strip()}


def _awards(row: str, state: dict[str, Any]) -> list[dict[str, Any]]:
    parts = [p.strip() for p in row.split("|")]
    if len(parts) != 4:
        raise Refusal("Write an award as \"Ada | garnets | 2 | won the auction\".")
    kind = KINDS.get(" ".join(parts[1].lower().split()))
    if kind is None:
        raise Refusal("The award is garnets, token of life, elimination candidate, mark of elimination or eliminated.")
    amount = whole(parts[2], "The amount")
    if amount == 0 or abs(amount) > 100:
        raise Refusal("The amount is from -100 to 100, not 0.")
    reason = name(parts[3], "The reason", 100)
    seats = players(parts[0], {**state, "out": [False] * len(state["names"])})  # out players get awards too
    return [{"seat": s, "kind": kind, "amount": amount, "reason": reason} for s in seats]


def end(state: dict[str, Any], ending: dict[str, Any]) -> list[api.Event]:
    state.update(finished=True, places=ending["places"], awards=ending["awards"], summary=ending["summary"])
    order = sorted(range(len(state["names"])), key=lambda s: (ending["places"][s], s))
    said = ", ".join(f"{ending['places'][s]}. {state['names'][s]}" for s in order)
    return [
        api.public("end", f"The host ends the match: {said}." + (f" {ending['summary']}" if ending["summary"] else ""))
    ]


def _shown_counter(state: dict[str, Any]) -> str | None:
    """The name of the counter `score` reads, or None without one."""
    return next((c["name"] for c in state["counters"] if c["sees"] == EVERYONE), None)


def _places_note(state: dict[str, Any], counter: str | None) -> str:
    shared = "Players given the same place share it, and the next places are skipped (1, 1, 3)."
    if state.get("places"):
        return f"The host set the places when ending the match. {shared}"
    if counter:
        return f"Places by {counter}, most first; players who are out come last. {shared}"
    return f"Players still in share first place; players who are out come after them. {shared}"


def outcome(state: dict[str, Any]) -> api.Outcome:
    places = state.get("places") or [suggested_places(state)[s] for s in range(len(state["names"]))]
    counter = _shown_counter(state)
    standings = [
        api.Standing(
            s,
            places[s],
            score(state, s),
            cells={"counter": score(state, s)} if counter else {},
            why="out of the match" if state["out"][s] else "",
        )
        for s in range(len(state["names"]))
    ]
    awards = [
        api.LedgerDelta(
            a["seat"],
            a["kind"],
            a["amount"],
            a["reason"],
            api.MARK_NEXT if a["kind"] == api.MARK_OF_ELIMINATION else "",
        )
        for a in state.get("awards") or []
    ]
    return api.Outcome(
        sorted(standings, key=lambda s: (s.place, s.seat)),
        awards,
        state.get("summary") or "",
        columns=((("counter", counter),) if counter else ()),
        places_note=_places_note(state, counter),
    )
