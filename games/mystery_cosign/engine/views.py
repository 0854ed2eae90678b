"""What each viewer of Mystery Cosign sees.

Everyone sees the collaboration rounds (P, Q, who picked what, the values shown), the notebook
of those values by operation, and each shootout's points. A player also sees their own
shootout submissions (the targets they chose from, their target, P and Q, not the values these
gave) and the targets of the shootout now open. The operations' definitions, every shootout's
values and the other player's submissions stay with the host until the match ends."""

from __future__ import annotations

from games.blocks.reveal import is_seat_among, sees_everything

from . import operations as ops
from .schedule import player_one, step_for, title


def view(state, viewer) -> dict:
    reveal = sees_everything(viewer, state["finished"])
    step = None if state["finished"] else step_for(state["step"])  # an open match's step is always known
    out = {
        "names": state["names"],
        "advantage": state["names"][state["advantage"]],
        "step": None if step is None else {**step, "title": title(step)},
        "collabs": [public_collab(state, c) for c in state["collabs"]],
        "notebook": notebook(state),
        "shootouts": [{k: s[k] for k in ("number", "phase", "index", "points", "totals")} for s in state["shootouts"]],
        "scores": state["shootouts"][-1]["totals"] if state["shootouts"] else [0, 0],
        "finished": state["finished"],
        "decided_by": state["decided_by"],
        "timers": {
            key[: -len("_seconds")]: value for key, value in state["settings"].items() if key.endswith("_seconds")
        },
    }
    if step is not None and step["kind"] in ("P", "Q", "picks"):
        p1 = player_one(state, step["round"])
        out["roles"] = {"player1": state["names"][p1], "player2": state["names"][1 - p1]}
    if reveal:
        out["operations"] = [{"letter": letter, "source": state["ops"][letter]} for letter in ops.LETTERS]
        out["all_shootouts"] = [full_shootout(state, s) for s in state["shootouts"]]
        out["all_targets"] = state["targets"]
    elif is_seat_among(viewer, (0, 1)):
        out.update(seat_view(state, viewer.seat, step))
    return out


def public_collab(state, collab):
    return {
        **{k: collab[k] for k in ("round", "phase", "index", "P", "Q", "results")},
        "player1": state["names"][collab["player1"]],
        "picks": [{"name": state["names"][seat], "letters": collab["picks"][seat]} for seat in (0, 1)],
    }


def notebook(state):
    """Every collaboration result so far, grouped by operation (public), and every operation of
    the current phase even before its first result (C3: the same letters for everyone)."""
    step = None if state["finished"] else step_for(state["step"])
    shown = ops.active(max(step["phase"], 1)) if step else ""
    book = {letter: [] for letter in ops.LETTERS}
    for collab in state["collabs"]:
        for letter, value in collab["results"].items():
            book[letter].append({"round": collab["round"], "P": collab["P"], "Q": collab["Q"], "value": value})
    return [{"letter": letter, "rows": rows} for letter, rows in book.items() if rows or letter in shown]


def full_shootout(state, shootout):
    """A shootout with every submission and the values it gave (the host, or after the end)."""
    rows = []
    for seat, sub in enumerate(shootout["subs"]):
        row = {"name": state["names"][seat], "points": shootout["points"][seat], "sub": sub}
        if sub:
            row["values"] = sub["values"]
        rows.append(row)
    return {"number": shootout["number"], "targets": state["targets"][shootout["number"] - 1], "rows": rows}


def seat_view(state, seat, step):
    mine = {
        "me": state["names"][seat],
        "my_shootouts": [
            {
                "number": s["number"],
                "targets": state["targets"][s["number"] - 1],
                "sub": sent(s["subs"][seat]),
                "points": s["points"][seat],
            }
            for s in state["shootouts"]
        ],
    }
    if step["kind"] == "shootout":
        mine["targets_now"] = state["targets"][step["number"] - 1]
    return mine


def sent(sub):
    """What a player sent in a shootout, without the values it gave (those stay hidden)."""
    return {k: sub[k] for k in ("target", "P", "Q")} if sub else None
