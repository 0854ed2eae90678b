"""What players send each day, as forms: a Pokemon's plan (S2) and a photographer's exhibit and
ordered list (S8). Cleaning returns form data again (so a stored plan fills the form back and
reads the same twice); `actions` turns a cleaned plan into the slots' actions."""

from __future__ import annotations

from games import engine_api as api
from games.blocks.hands import dealt
from games.values import as_int

from .exhibits import EXHIBITS
from .exhibits import NAMES as EXHIBIT_NAMES
from .slots import ACTIVITIES, CONTESTS
from .stats import STAT_CHOICES, STATS

SLOTS = ("morning", "afternoon", "evening")
LETTERS = ACTIVITIES + CONTESTS  # tuples of whole letters: any dict may arrive, "XYZ" is not a letter
ACTIVITY_TEXT = {
    "A": "A: double your next activity's gains and losses",
    "B": "B: with 6+ Cleverness, +4 Beauty",
    "C": "C: +2 Cleverness, another Pokemon +2 Cuteness",
    "D": "D: +4 Coolness if your last non-empty slot today was a contest, else +2 Beauty",
    "E": "E: first time +2 Cuteness, later +5 Toughness",
    "F": "F: more Toughness than another: +3 Coolness, they -1",
    "G": "G: lose 3 of one stat, gain 5 of another",
    "H": "H: +1 each now, -1 each after your next contest",
    "I": "I: donate 1-3 of a stat, gain from the last donors",
    "J": "J: share the J counter in a stat",
}
NEEDS = {"C": ("target",), "F": ("target",), "G": ("lose", "gain"), "I": ("attribute", "points"), "J": ("attribute",)}


def done_yesterday(state, seat, day):
    return state["activities"].get(str(seat), {}).get(str(day - 1), [])


def contests_left(state, seat):
    done = state["contests_done"].get(str(seat), {})
    return [c for c in CONTESTS if c not in done]


# --- Hell -------------------------------------------------------------------------------------


def plan_form(state, seat, day):
    yesterday = done_yesterday(state, seat, day)
    left = contests_left(state, seat)
    choices = tuple((a, ACTIVITY_TEXT[a]) for a in ACTIVITIES if a not in yesterday) + tuple(
        (c, f"Contest {c}") for c in left
    )
    others = tuple((str(p), state["pokemon_names"][str(p)]) for p in state["pokemon"] if p != seat)
    fields = []
    for slot in SLOTS:
        title = slot.capitalize()
        fields += [
            api.Field(slot, f"{title} (— for nothing)", api.CHOICE, choices),
            api.Field(f"{slot}_target", f"{title}: the other Pokemon (C, F)", api.CHOICE, others),
            api.Field(f"{slot}_lose", f"{title}: stat to lose (G)", api.CHOICE, STAT_CHOICES),
            api.Field(f"{slot}_gain", f"{title}: stat to gain (G)", api.CHOICE, STAT_CHOICES),
            api.Field(f"{slot}_attribute", f"{title}: stat (I, J)", api.CHOICE, STAT_CHOICES),
            api.Field(f"{slot}_points", f"{title}: points to donate (I)", api.INT, min_value=1, max_value=3),
        ]
    ruled_out = ", ".join(yesterday) or "none"
    intro = (
        f"Day {day}: one contest (left: {', '.join(left)}), no activity twice today, none you did yesterday "
        f"(ruled out: {ruled_out}). You can change your plan until the day ends."
    )
    return api.FormSpec(tuple(fields), submit_label="Send my plan", intro=intro)


def clean_plan(state, seat, day, data):
    """The plan as form data, or an Invalid naming what is wrong."""
    kept, letters = {}, []
    for slot in SLOTS:
        do = data.get(slot) or ""
        if do == "":
            continue
        if not isinstance(do, str) or do not in LETTERS:
            return api.Invalid(f"{slot.capitalize()}: choose an activity A-J, a contest V-Z or nothing.")
        kept[slot] = do
        letters.append(do)
        for need in NEEDS.get(do, ()):
            value = _clean_choice(state, seat, do, need, data.get(f"{slot}_{need}"))
            if isinstance(value, api.Invalid):
                return api.Invalid(f"{slot.capitalize()}: {value.message}")
            kept[f"{slot}_{need}"] = value
        if do == "G" and kept[f"{slot}_lose"] == kept[f"{slot}_gain"]:
            return api.Invalid(f"{slot.capitalize()}: Activity G loses one stat and gains a different one.")
    return _check_day(state, seat, day, letters) or kept


def _clean_choice(state, seat, do, need, value):
    if need == "target":
        target = as_int(value)
        if target is None or target == seat or target not in state["pokemon"]:
            return api.Invalid(f"Activity {do} needs another Pokemon.")
        return str(target)
    if need == "points":
        points = as_int(value)
        if points is None or not 1 <= points <= 3:
            return api.Invalid("Activity I donates 1 to 3 points.")
        return str(points)
    if not isinstance(value, str) or value not in STATS:
        what = {"lose": "a stat to lose", "gain": "a stat to gain", "attribute": "a stat"}[need]
        return api.Invalid(f"Activity {do} needs {what}.")
    return value


def _check_day(state, seat, day, letters):
    contests = [c for c in letters if c in CONTESTS]
    if len(contests) != 1:
        return api.Invalid("A day's plan has exactly one contest.")
    done = state["contests_done"].get(str(seat), {})
    if contests[0] in done:
        return api.Invalid(f"You did Contest {contests[0]} on day {done[contests[0]]}; each contest once.")
    activities = [a for a in letters if a in ACTIVITIES]
    twice = sorted({a for a in activities if activities.count(a) > 1})
    if twice:
        return api.Invalid(f"Activity {twice[0]} twice in one day is not allowed.")
    repeated = [a for a in activities if a in done_yesterday(state, seat, day)]
    if repeated:
        return api.Invalid(f"You did Activity {repeated[0]} yesterday; not two days running.")
    return None


def actions(plan: dict) -> list[dict | None]:
    """A cleaned plan as the three slots' actions (None for a slot left empty)."""
    out: list[dict | None] = []
    for slot in SLOTS:
        do = plan.get(slot)
        if not do:
            out.append(None)
            continue
        action = {"do": do}
        for need in NEEDS.get(do, ()):
            value = plan[f"{slot}_{need}"]
            action[need] = int(value) if need in ("target", "points") else value
        out.append(action)
    return out


def missed_plan(state, seat, rng):
    """S2: nothing in the morning and afternoon, a random contest not yet done in the evening."""
    return {"evening": rng.choice(contests_left(state, seat))}


def random_plan(state, seat, day, rng):
    """A random legal plan, for the bots."""
    slots = list(SLOTS)
    contest_slot = rng.choice(slots)
    data = {contest_slot: rng.choice(contests_left(state, seat))}
    free = [a for a in ACTIVITIES if a not in done_yesterday(state, seat, day)]
    for slot in slots:
        if slot == contest_slot or rng.random() < 0.2 or not free:
            continue
        do = free.pop(rng.randrange(len(free)))
        data[slot] = do
        stats = rng.sample(STATS, 2)
        others = [p for p in state["pokemon"] if p != seat]
        choice = {
            "target": str(rng.choice(others)),
            "lose": stats[0],
            "gain": stats[1],
            "attribute": stats[0],
            "points": str(rng.randint(1, 3)),
        }
        for need in NEEDS.get(do, ()):
            data[f"{slot}_{need}"] = choice[need]
    return data


# --- Heaven -----------------------------------------------------------------------------------


def exhibits_left(state, seat):
    used = state["photos"].get(str(seat), {})
    return [e for e in EXHIBITS if e not in used]


def list_form(state, seat, day):
    left = exhibits_left(state, seat)
    pokemon = tuple((str(p), state["pokemon_names"][str(p)]) for p in state["pokemon"])
    fields = [
        api.Field(
            "exhibit",
            "Exhibit for today's photos",
            api.RADIO,
            tuple((e, f"{e} — {EXHIBIT_NAMES[e]}") for e in left),
            required=True,
        )
    ]
    # each menu starts on a different Pokemon, so the list starts as a valid order to rearrange
    for rank, (value, _name) in enumerate(pokemon, start=1):
        fields.append(api.Field(f"rank_{rank}", f"Choice {rank}", api.CHOICE, pokemon, required=True, initial=value))
    mine = state["priority"] == state["photographers"].index(seat)
    intro = (
        f"Day {day}: {'you have priority' if mine else 'the other photographer has priority'}. Put all six "
        "Pokemon in order; you photograph your first ones (3 for A and B, 2 for C, D, E)"
        + ("." if mine else ", skipping any the other photographer takes.")
    )
    return api.FormSpec(tuple(fields), submit_label="Send my list", intro=intro)


def clean_list(state, seat, data):
    exhibit = data.get("exhibit")
    if not isinstance(exhibit, str) or exhibit not in exhibits_left(state, seat):
        return api.Invalid("Choose an exhibit you have not used yet.", field="exhibit")
    order = [as_int(data.get(f"rank_{rank}")) for rank in range(1, len(state["pokemon"]) + 1)]
    if sorted(o for o in order if o is not None) != sorted(state["pokemon"]) or None in order:
        return api.Invalid("Put each of the six Pokemon in the list exactly once.", field=_first_repeat(order))
    return {"exhibit": exhibit, **{f"rank_{rank}": str(p) for rank, p in enumerate(order, start=1)}}


def _first_repeat(order):
    """The first choice that repeats an earlier one or names no Pokemon ("" if none does)."""
    for rank, pokemon in enumerate(order, start=1):
        if pokemon is None or pokemon in order[: rank - 1]:
            return f"rank_{rank}"
    return ""


def list_order(cleaned: dict, count: int) -> list[int]:
    return [int(cleaned[f"rank_{rank}"]) for rank in range(1, count + 1)]


def missed_list(state, seat, rng):
    """S12g: a random exhibit not yet used and a random order of the six (also the bots' list)."""
    order = dealt(rng, state["pokemon"])
    return {
        "exhibit": rng.choice(exhibits_left(state, seat)),
        **{f"rank_{rank}": str(p) for rank, p in enumerate(order, start=1)},
    }
