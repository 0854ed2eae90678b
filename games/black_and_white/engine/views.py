"""What each viewer of Black and White sees (B1, B7).

Everyone: each round's colours and outcome, the score, and how many black and white tiles each
player has left. A player also sees their own remaining tiles and the numbers they played. The
host sees every number live; everyone does once the match is over. Nothing here is worked out
from the opponent's colours: their numbers are never deduced for the player (B7)."""

from __future__ import annotations

from games.blocks.reveal import is_seat_among, sees_everything, visible

from .tiles import colour, counts


def play(state, seat, tile, viewer, missed=False):
    """One tile on the table: its colour for everyone, its number for whom may see it, and
    whether the seed laid it because time ran out (public: a miss is seen anyway)."""
    record = {"name": state["names"][seat], "colour": colour(tile), "missed": missed, "number": tile}
    return visible(record, seat, ("number",), viewer, state["finished"])


def past_round(state, r, viewer):
    names = state["names"]
    order = (r["leader"], 1 - r["leader"])  # the leader's tile first, as it was laid
    return {
        "label": f"{'Replay ' if r['game'] == 2 else ''}{r['round']}",
        "leader": names[r["leader"]],
        "plays": [play(state, seat, r["tiles"][seat], viewer, seat in r.get("missed", ())) for seat in order],
        "outcome": f"{names[r['winner']]} wins" if r["winner"] is not None else "Draw",
    }


def view(state, viewer):
    names, leader = state["names"], state["leader"]
    out = {
        "names": names,
        "points": state["points"],
        "game": state["game"],
        "round": state["round"],
        "finished": state["finished"],
        "decided_by": state["decided_by"],
        "leader": names[leader],
        "follower": names[1 - leader],
        "left": [{"name": name, **counts(hand)} for name, hand in zip(names, state["hands"])],
        "rounds": [past_round(state, r, viewer) for r in state["rounds"]],
        "laid": play(state, leader, state["laid"], viewer, state.get("laid_missed", False))
        if state["laid"] is not None
        else None,
    }
    if sees_everything(viewer, state["finished"]):
        out["hands"] = [{"name": name, "tiles": tiles_of(hand)} for name, hand in zip(names, state["hands"])]
    elif is_seat_among(viewer, (0, 1)):
        out["my_tiles"] = tiles_of(state["hands"][viewer.seat])
    return out


def tiles_of(hand):
    return [{"number": tile, "colour": colour(tile)} for tile in sorted(hand)]
