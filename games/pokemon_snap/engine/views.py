"""What each viewer may know (S10), who may talk (S10), and the outcome (S11).

Until day 5 is over a Pokemon sees its own stats, its own slots and who photographed it; a
photographer their own photos; everyone the day and who has priority. From then on (the
ascension's choices need it) everything is revealed. The host sees everything live."""

from __future__ import annotations

from games import engine_api as api
from games.blocks.reveal import is_seat_among, sees_everything

from .contests import NAMES as CONTEST_NAMES, contest_value
from .exhibits import EXHIBITS, NAMES as EXHIBIT_NAMES, exhibit_value
from .prompts import result_text
from .result import PLACES_NOTE, RESULT_COLUMNS, result_rows
from .plans import SLOTS, contests_left, done_yesterday, exhibits_left
from .slots import CONTESTS
from .stats import LABELS, START, STATS


def labelled(values):
    return [{"stat": LABELS[name], "value": v} for name, v in zip(STATS, values)]


def history(state, p):
    return [[START] * 5] + [entry["stats"] for entry in state["log"][str(p)]]


def revealed(state):
    return state["stage"] != "day"


def view(engine, state, viewer):
    names, day = state["names"], state["day"]
    hp = state["photographers"]
    out = {
        "day": day,
        "days": 5,
        "stage": state["stage"],
        "finished": state["finished"],
        "revealed": revealed(state),
        "priority": names[hp[state["priority"]]],
        "photographers": [names[h] for h in hp],
        "cast": [{"player": names[p], "pokemon": state["pokemon_names"][str(p)]} for p in state["pokemon"]],
        "exhibits": [{"letter": e, "text": EXHIBIT_NAMES[e]} for e in EXHIBITS],
        "contests": [{"letter": c, "text": CONTEST_NAMES[c]} for c in CONTESTS],
    }
    if sees_everything(viewer, revealed(state)):
        out["all"] = everything(engine, state)
    if is_seat_among(viewer, state["pokemon"]):
        out["me"] = pokemon_self(state, viewer.seat)
    elif is_seat_among(viewer, hp):
        out["me"] = photographer_self(engine, state, viewer.seat)
    return out


def pokemon_self(state, p):
    world = state["world"]
    return {
        "role": "pokemon",
        "pokemon": state["pokemon_names"][str(p)],
        "stats": labelled(world["stats"][str(p)]),
        "history": history(state, p),
        "log": state["log"][str(p)],
        "photographed_by": [
            {"day": int(d), "name": state["names"][by[str(p)]] if str(p) in by else "nobody"}
            for d, by in sorted(state["photographed_by"].items(), key=lambda kv: int(kv[0]))
        ],
        "contests_left": contests_left(state, p),
        "yesterday": done_yesterday(state, p, state["day"]),
        "doubled": world["doubled"].get(str(p), False),
        "h_pending": world["h_pending"].get(str(p), 0),
    }


def photographer_self(engine, state, h):
    return {
        "role": "photographer",
        "has_priority": state["photographers"][state["priority"]] == h,
        "exhibits_left": exhibits_left(state, h),
        "photos": _photos_of(engine, state, h),
    }


def _photos_of(engine, state, h):
    out = []
    for exhibit, entry in sorted(state["photos"][str(h)].items(), key=lambda kv: kv[1]["day"]):
        out.append(
            {
                "exhibit": exhibit,
                "day": entry["day"],
                "shots": [{"name": engine.pokemon_label(state, p), "stats": labelled(s)} for p, s in entry["photos"]],
                "value": _shown(exhibit_value(exhibit, [s for _, s in entry["photos"]])),
            }
        )
    return out


def _shown(value):
    return ", ".join(map(str, value)) if isinstance(value, list) else value


def everything(engine, state):
    names = state["names"]
    scores = state["scores"]
    entries = []
    for contest, rows in state["world"]["entries"].items():
        for e in rows:
            ap = scores["ap_by_contest"][contest].get(str(e["seat"])) if scores else None
            entries.append(
                {
                    "contest": contest,
                    "day": e["day"],
                    "name": engine.pokemon_label(state, e["seat"]),
                    "value": contest_value(contest, e["stats"]),
                    "stats": labelled(e["stats"]),
                    "ap": ap,
                }
            )
    return {
        "pokemon": [
            {
                "label": engine.pokemon_label(state, p),
                "stats": labelled(state["world"]["stats"][str(p)]),
                "history": history(state, p),
                "log": state["log"][str(p)],
                "ap": scores["ap"][str(p)] if scores else None,
            }
            for p in state["pokemon"]
        ],
        "photographers": [
            {
                "name": names[h],
                "photos": _photos_of(engine, state, h),
                "points": scores["points"][str(h)] if scores else None,
            }
            for h in state["photographers"]
        ],
        "entries": sorted(entries, key=lambda e: (e["contest"], e["day"])),
        "exhibit_results": [
            {"exhibit": e, "points": [r[str(h)] for h in state["photographers"]]}
            for e, r in sorted((scores or {}).get("exhibits", {}).items())
        ],
        "plans": {
            d: {
                engine.pokemon_label(state, int(p)): plan_words(state, plan) + _seeds(state, d, p)
                for p, plan in by.items()
            }
            for d, by in state["plans"].items()
        },
        "lists": {
            d: {
                names[int(h)]: {
                    "exhibit": sent["exhibit"] + _seeds(state, d, h),
                    "order": [state["pokemon_names"][sent[f"rank_{i}"]] for i in range(1, 7)],
                }
                for h, sent in by.items()
            }
            for d, by in state["lists"].items()
        },
        "j_counter": state["world"]["j_counter"],
        "result": state["result"],
    }


def _seeds(state, day, seat):
    """ " (time ran out: the seed's)" after a plan or list the seed made for a missed day."""
    return " (time ran out: the seed's)" if int(seat) in state.get("missed", {}).get(day, ()) else ""


def plan_words(state, plan):
    """A plan as a person reads it: "morning Activity G (lose Cuteness, gain Beauty); evening Contest V"."""
    parts = []
    for slot in SLOTS:
        do = plan.get(slot)
        if not do:
            continue
        extra = []
        if f"{slot}_target" in plan:
            extra.append("on " + state["pokemon_names"][plan[f"{slot}_target"]])
        if f"{slot}_lose" in plan:
            extra.append(f"lose {LABELS[plan[f'{slot}_lose']]}, gain {LABELS[plan[f'{slot}_gain']]}")
        if f"{slot}_points" in plan:
            extra.append(f"donate {plan[f'{slot}_points']} {LABELS[plan[f'{slot}_attribute']]}")
        elif f"{slot}_attribute" in plan:
            extra.append(f"into {LABELS[plan[f'{slot}_attribute']]}")
        what = ("Contest " if do in CONTESTS else "Activity ") + do
        parts.append(f"{slot} {what}" + (f" ({', '.join(extra)})" if extra else ""))
    return "; ".join(parts) or "nothing"


def scores_text(state):
    names, scores = state["names"], state["scores"]
    heaven = ", ".join(f"{names[int(h)]} {p:g}" for h, p in scores["points"].items())
    hell = ", ".join(f"{names[int(p)]} {ap}" for p, ap in sorted(scores["ap"].items(), key=lambda kv: -kv[1]))
    return f"Final scores. Heaven (exhibit points): {heaven}. Hell (Appeal Points): {hell}."


def talk_problem(state, seats) -> str | None:
    """S10: day 1 everyone; later days a photographer and the Pokemon they photographed the
    day before. While Heaven decides the ascension only a tied Heaven's two photographers may
    talk (they must agree on their choices); once the match is over anyone."""
    seats = set(seats)
    if state["finished"] or (state["stage"] == "day" and state["day"] == 1):
        return None
    if state["stage"] != "day":
        if len(state["scores"]["heaven_winners"]) == 2 and seats <= set(state["photographers"]):
            return None  # a tied Heaven must agree on its choices
        return "After day 5 nobody talks until the match is over (a tied Heaven may talk to agree its choices)."
    by = state["photographed_by"].get(str(state["day"] - 1), {})
    pairs = {frozenset((h, int(p))) for p, h in by.items()}
    if frozenset(seats) in pairs:
        return None
    return f"On day {state['day']} a photographer may talk only with a Pokemon they photographed on day {state['day'] - 1}."


def outcome(state):
    result, names = state["result"], state["names"]
    heaven = set(result["heaven"])
    awards = [
        api.LedgerDelta(
            result["marked"],
            api.MARK_OF_ELIMINATION,
            1,
            "Pokemon Snap: a Mark of Elimination for this Main Match and the next",
            api.MARK_THIS_AND_NEXT,
        )
    ]
    statuses = {seat: api.HEAVEN if seat in heaven else api.HELL for seat in range(len(names))}
    return api.Outcome(
        result_rows(state),
        awards,
        result_text(state),
        statuses,
        columns=RESULT_COLUMNS,
        places_note=PLACES_NOTE,
    )
