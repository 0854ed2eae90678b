"""The ascension prompt to the Heaven winner(s) and its result (S11, S12f; rules in ascension.py)."""

from __future__ import annotations

from games import engine_api as api
from games.values import as_int

from . import ascension
from .result import how_words

QUESTIONS = {
    "first": "Hell's first place (tied)",
    "second": "Hell's second place (tied)",
    "last": "Hell's last place, who takes the Mark of Elimination (tied)",
}
PLACE_WORDS = {"first": "Hell's first place", "second": "Hell's second place", "last": "Hell's last place"}


def _ap(state):
    return {int(s): v for s, v in state["scores"]["ap"].items()}


def _tie(state):
    return len(state["scores"]["heaven_winners"]) == 2


def _label(state, p):
    return f"{state['pokemon_names'][str(p)]} ({state['names'][p]}, {state['scores']['ap'][str(p)]} AP)"


def extra_help(tie):
    """The extra pick's help: what happens to no pick, and the one thing the draw can still do
    to a pick (take it for a place left blank), with how the form prevents it."""
    fallback = (
        "Both photographers must name the same player, or Hell's second ascends."
        if tie
        else "If you name nobody, the best-placed Pokemon who can go ascends."
    )
    caveat = (
        " A player still tied for a place you leave blank could be drawn for that place, so the form "
        "accepts them here only once you name who takes that place."
    )
    if tie:
        caveat += " Where your two answers for a place differ, the draw settles it and may take your pick."
    return fallback + caveat


def ascension_form(state, seat):
    ap, tie = _ap(state), _tie(state)
    fields = [
        api.Field(place, QUESTIONS[place], api.CHOICE, tuple((str(p), _label(state, p)) for p in tied))
        for place, tied in ascension.asked(ap, tie).items()
    ]
    fields.append(
        api.Field(
            "extra",
            "The extra player who ascends with Heaven",
            api.CHOICE,
            tuple((str(p), _label(state, p)) for p in state["pokemon"]),
            help=extra_help(tie),
        )
    )
    intro = (
        "Heaven tied: you both stay. Agree on the answers below; the places you both answer alike are "
        "settled first, and the seeded draw settles only the rest."
        if tie
        else "You won Heaven: you stay. Make Heaven's choices below; every answer you give is applied first, "
        "and the seeded draw settles only the places you leave blank."
    ) + " The extra player may not be one who ascends already or the marked loser."
    return api.FormSpec(tuple(fields), submit_label="Send Heaven's choices", intro=intro)


def clean_ascension(state, seat, data):
    ap, tie = _ap(state), _tie(state)
    questions = ascension.asked(ap, tie)
    if set(data) - set(questions) - {"extra"}:
        return api.Invalid("The form has no such field.")
    answer = {}
    for place, tied in questions.items():
        if data.get(place) not in (None, ""):
            pick = as_int(data[place])
            if pick not in tied:
                return api.Invalid(f"{QUESTIONS[place]}: choose one of the tied players.")
            if pick in answer.values():
                return api.Invalid(f"{QUESTIONS[place]}: that player already takes another place in your answers.")
            answer[place] = pick
    kept = {place: str(p) for place, p in answer.items()}
    if data.get("extra") not in (None, ""):
        extra = _clean_extra(ap, tie, answer, state["pokemon"], as_int(data["extra"]))
        if isinstance(extra, api.Invalid):
            return extra
        kept["extra"] = str(extra)
    return kept


def _clean_extra(ap, tie, answer, pokemon, extra):
    places = ascension.settle(ap, tie, [answer], None)  # None where the draw would decide
    going = {places["first"]} if tie else {places["first"], places["second"]}
    if extra not in pokemon or extra in going or extra == places["last"]:
        return api.Invalid("The extra player must be a Pokemon who is not ascending already and not the marked loser.")
    risky = ascension.at_risk(ap, tie, answer)
    if extra in risky:
        return api.Invalid(
            f"That player is still tied for {PLACE_WORDS[risky[extra]]}, and the draw could give them "
            "that place: name who takes it first, or pick another player."
        )
    return extra


def random_ascension(state, seat, rng):
    questions = ascension.asked(_ap(state), _tie(state))
    data = {place: str(rng.choice(tied)) for place, tied in questions.items()}
    if isinstance(clean_ascension(state, seat, data), api.Invalid):
        data = {}
    extra = {**data, "extra": str(rng.choice(state["pokemon"]))}
    return extra if not isinstance(clean_ascension(state, seat, extra), api.Invalid) else data


def ascension_result(state, submissions, draw):
    ap, tie = _ap(state), _tie(state)
    answers = []
    for h in state["scores"]["heaven_winners"]:
        sub = submissions.get(h) or {}
        answers.append({k: as_int(v) for k, v in sub.items() if as_int(v) is not None})
    places = ascension.settle(ap, tie, answers, draw)
    picks = [a.get("extra") for a in answers]
    extra, how = ascension.extra_pick(ap, tie, places, picks if None not in picks else [], draw)
    winners = state["scores"]["heaven_winners"]
    heaven = list(winners) + ([places["first"], extra] if tie else [places["first"], places["second"], extra])
    return {
        "places": places,
        "extra": extra,
        "how": how,
        "heaven": sorted(heaven),
        "falls": [h for h in state["photographers"] if h not in winners],
        "marked": places["last"],
    }


def result_text(state):
    r, names = state["result"], state["names"]
    stay = " and ".join(names[h] for h in state["scores"]["heaven_winners"])
    ascend = ", ".join(names[p] for p in r["heaven"] if p in state["pokemon"])
    text = f"Pokemon Snap is over. {stay} stay{'s' if len(state['scores']['heaven_winners']) == 1 else ''} in Heaven; "
    text += f"{ascend} ascend ({names[r['extra']]} as the extra player: {how_words(r['how'])})."
    if r["falls"]:
        text += f" {names[r['falls'][0]]} falls to Hell without a mark."
    return text + f" {names[r['marked']]} has the fewest AP: a Mark of Elimination for this Main Match and the next."
