"""Quattro Loop's loops as a page draws them: the loops as they stand, and each scored round's
final loops with the best quattros outlined (kept out of game.py to keep it short)."""

from __future__ import annotations

from . import notation
from .notation import SLOTS


def loop(state, seat, effects):
    """The seat's loop as it stands now, slot by slot, with each slot's effect."""
    slots = []
    for i, cid in enumerate(state["loops"][seat]):
        card = state["cards"][cid] if cid else None
        slots.append(
            {
                "slot": SLOTS[i],
                "value": card["v"] if card else None,
                "colour": card["c"] if card else None,
                "change": state["changes"].get(cid, "") if cid else "",
                "best": False,
                "words": notation.words(effects[i]) if effects else "",
                "now": bool(effects) and effects[i]["timing"] == "now",
            }
        )
    return slots


def finished_rounds(state):
    """Each scored round's final loops, best quattros outlined."""
    out = []
    for record in state["rounds"]:
        if not record.get("loops"):
            continue
        loops = []
        for seat in (0, 1):
            best = record["quattros"][seat]
            loops.append(
                [
                    {
                        "slot": SLOTS[i],
                        "value": c["v"] if c else None,
                        "colour": c["c"] if c else None,
                        "best": bool(best) and i in best["slots"],
                        "now": False,
                    }
                    for i, c in enumerate(record["loops"][seat])
                ]
            )
        out.append(
            {"round": record["round"], "loops": loops, "sums": [q["sum"] if q else None for q in record["quattros"]]}
        )
    return out


def field_name(question_id: str) -> str:
    """The form's field of a question (its id's dots are no field name)."""
    return "q" + question_id.replace(".", "_")


def offer_on_the_loops(loops, questions):
    """A card a question of the viewer's offers, tappable on the picture (static/js/pick.js): the
    slot carries the form's field and the value that picks it (the first question's, if two do)."""
    for question in questions:
        if question["kind"] != "card":
            continue
        for value, _ in question["options"]:
            seat, slot = (question["loop"], value) if "loop" in question else (int(value[0]), value[1])
            loops[seat][SLOTS.index(slot)].setdefault("pick", {"field": field_name(question["id"]), "value": value})
