"""What each viewer of The Flat Earth Theory sees (F4, F7, F12).

While the match runs a player sees the public part (vectors, options, the proposals to vote on,
anonymous) and their own position, distances and path, whatever their seat (F12e). The host sees
everything as it happens, individual votes included (F12c); once the match is over everyone
does (F12b): every proposal with its proposer(s), every vote, which proposals passed and each
round's shift result."""

from __future__ import annotations

from games.blocks.reveal import is_seat_among, sees_everything

from . import geometry

MOVE, SHIFT = "move", "shift"


def view(engine, state, viewer) -> dict:
    k = state["window"]
    out = {
        "window": k,
        "windows": engine.windows,
        "rounds": engine.rounds,
        "names": state["names"],
        "vectors": state["vectors"],
        "options_now": state["options"][k - 1] if 1 <= k <= engine.rounds else [],
        "to_vote": [{**p, "text": engine.describe(state, k - 1, p)} for p in state["proposals"].get(str(k - 1), [])],
        "history": [{"round": r["round"], "vectors": r["vectors"]} for r in state["results"]],
        "finished": state["finished"],
    }
    if sees_everything(viewer, state["finished"]):
        out.update(everything(engine, state))
    if is_seat_among(viewer, range(len(state["names"]))):
        out["me"] = own(state, viewer.seat, out["to_vote"])
    return out


def own(state, seat, to_vote) -> dict:
    """F7, F12e: a player's own position, signed distances and path, and what they are named in."""
    position = tuple(state["positions"][seat])
    return {
        "position": geometry.position_text(position),
        "path": state["paths"][seat],
        "distances": {v: geometry.distance_shown(position, a) for v, a in state["vectors"].items()},
        "named_in": [p["id"] for p in to_vote if p["kind"] == MOVE and seat in p["assign"]],
    }


def everything(engine, state) -> dict:
    names = state["names"]
    won = set(state["winners"].values())
    out = {
        "positions": [
            {
                "name": name,
                "position": geometry.position_text(tuple(p)),
                "distances": {v: geometry.distance_shown(tuple(p), a) for v, a in state["vectors"].items()},
            }
            for name, p in zip(names, state["positions"])
        ],
        "all_paths": [
            {"name": name, "path": path, "winner": seat in won}
            for seat, (name, path) in enumerate(zip(names, state["paths"]))
        ],
        "proposers": {
            r: {names[int(s)]: engine.describe(state, int(r), {**p}) for s, p in subs.items()}
            for r, subs in state["submitted"].items()
        },
        "results": state["results"],
        "record": [round_record(engine, state, int(r)) for r in sorted(state["proposals"], key=int)],
    }
    if state["finished"]:
        out["winners"] = {v: names[s] for v, s in state["winners"].items()}
        out["losers"] = {v: [names[s] for s in seats] for v, seats in state["losers"].items()}
    return out


def round_record(engine, state, k: int) -> dict:
    """Round k in full: each proposal with who sent it and, once the round is resolved, every
    vote on it and whether it passed; then the shift result. Before the votes are in (the
    round's voting window is open) the votes and results are left out, not guessed. A movement
    proposal's `votes` map each named player to accept or reject; a shift's `voters` list who
    voted for it."""
    names = state["names"]
    result = next((r for r in state["results"] if r["round"] == k), None)
    votes = state["votes"].get(str(k), {})
    submitted = state["submitted"].get(str(k), {})
    proposals = []
    for p in state["proposals"].get(str(k), []):
        row = {
            "id": p["id"],
            "kind": p["kind"],
            "text": engine.describe(state, k, p),
            "proposers": [
                names[int(s)]
                for s, raw in sorted(submitted.items(), key=lambda i: int(i[0]))
                if engine.canonical(raw) == engine.canonical(p)
            ],
        }
        if result is not None:
            if p["kind"] == MOVE:  # F5: every named player accepts or rejects; no vote accepts
                row["votes"] = {
                    names[s]: "reject" if p["id"] in votes.get(str(s), {}).get("reject", []) else "accept"
                    for s in p["assign"]
                }
                row["passed"] = p["id"] in result["passed"]
            else:
                row["voters"] = [
                    names[int(s)]
                    for s, v in sorted(votes.items(), key=lambda i: int(i[0]))
                    if v.get("shift") == p["id"]
                ]
                row["passed"] = result["shift"] == f"enacted {p['id']}"
        proposals.append(row)
    record = {"round": k, "proposals": proposals, "resolved": result is not None}
    if result is not None:
        record["shift"] = shift_words(result["shift"])
    return record


def shift_words(note: str) -> str:
    if note.startswith("enacted "):
        return f"proposal {note.split()[1]} was enacted"
    return {
        "no votes": "no shift had a vote: nothing was enacted",
        "tied": "a tie for the most votes: nothing was enacted",
        "void": "the winning shift would have crossed or met another vector: void",
    }.get(note, note)
