"""Rounds: the host action "open_round" (its form, and the round it opens as a phase) and what
the close of a round makes public under its reveal rule. What players sent stays the host's
unless the reveal rule says otherwise; the reveal lines are made here once, for the log and
for every view."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

from games import engine_api as api
from games.values import hidden_characters

from . import fields as f
from .setup import EVERYONE, SEES_WORDS
from .words import Refusal, duration, name, seat_list, whole

MAX_FIELDS, LONGEST, SHORTEST = 8, 7 * 86400, 10
MAX_ROUNDS = 200  # each round's answers stay in the match, and every page shows every round
UNTIL_ALL = "until everyone has sent"
NOTHING, OWN, NAMED, ANONYMOUS, TOTALS = "nothing", "own", "named", "anonymous", "totals"
REVEALS = (
    (NOTHING, "Nothing: answers stay with the host"),
    (OWN, "Each player gets their own answer back"),
    (NAMED, "Every answer, by name, at the close"),
    (ANONYMOUS, "Every answer, anonymised, at the close"),
    (TOTALS, "Only totals and counts, at the close"),
)
ALL, NOBODY, TEAMS = "everyone", "nobody", "teams"
TALKS = ((ALL, "Everyone may talk"), (NOBODY, "Nobody may talk"), (TEAMS, "Talk only within teams"))
_CONDITION = re.compile(r"(.+?)\s*(>=|<=|=|>|<|at least|at most)\s*([+-]?\d{1,7})")


FORM_KEYS = (
    "title",
    "instructions",
    "deadline",
    "answers",
    *(f"field_{i}" for i in range(1, MAX_FIELDS + 1)),
    "reveal",
    "talk",
)
MAX_TEMPLATES = 20


def open_round_form(state: dict[str, Any], template: dict[str, str] | None = None) -> api.FormSpec:
    """The form of a new round; a saved template's values filled in (`template`), to edit or keep."""
    given = {"deadline": "10m", "answers": "everyone", "reveal": NOTHING, "talk": ALL, **(template or {})}
    rows = tuple(
        api.Field(
            f"field_{i}",
            f"Field {i}",
            api.TEXT,
            max_length=300,
            required=i == 1,
            initial=given.get(f"field_{i}"),
            help="Label | kind | missed ...: e.g. Bid | number 0..your Coins | missed 0" if i == 1 else "",
        )
        for i in range(1, MAX_FIELDS + 1)
    )
    talks = TALKS if state["teams"] else TALKS[:2]
    return api.FormSpec(
        (
            api.Field("title", "Title", api.TEXT, max_length=80, required=True, initial=given.get("title")),
            api.Field("instructions", "Instructions", api.TEXT, max_length=1000, initial=given.get("instructions")),
            api.Field(
                "deadline",
                "Deadline",
                api.TEXT,
                max_length=40,
                required=True,
                initial=given["deadline"],
                help=f"30s, 10m, 24h (from {SHORTEST} seconds to {LONGEST // 86400} days), or \"{UNTIL_ALL}\" "
                f"(it closes after {LONGEST // 86400} days if someone has not).",
            ),
            api.Field(
                "answers",
                "Who answers",
                api.TEXT,
                max_length=200,
                required=True,
                initial=given["answers"],
                help="everyone; seats 1, 3; team Red; or a counter everyone sees: Coins at least 3.",
            ),
            *rows,
            api.Field("reveal", "Reveal at the close", api.CHOICE, REVEALS, required=True, initial=given["reveal"]),
            api.Field("talk", "Talk during the round", api.CHOICE, talks, required=True, initial=given["talk"]),
            api.Field(
                "save_as",
                "Save as a template named",
                api.TEXT,
                max_length=40,
                help="Optional: the round's form is kept under this name, to open again later.",
            ),
        ),
        "Open the round",
    )


def save_template(state: dict[str, Any], data: dict[str, Any]) -> None:
    """Keep the round's form (already read, so every value is a bounded string) under its name."""
    wanted = data.get("save_as")
    if not isinstance(wanted, str) or not wanted.strip():
        return
    template_name = name(wanted, "The template's name", 40)
    templates = [t for t in state["templates"] if t["name"].casefold() != template_name.casefold()]
    if len(templates) >= MAX_TEMPLATES:
        raise Refusal(f"At most {MAX_TEMPLATES} templates.")
    kept = {k: data[k].strip() for k in FORM_KEYS if isinstance(data.get(k), str) and data[k].strip()}
    state["templates"] = [*templates, {"name": template_name, "data": kept}]


def check_templates(templates: object) -> str | None:
    """Why stored round templates (a saved game's, an imported file's) cannot be kept, or None.
    Each value is a bounded string of the round form; opening one reads it as a typed form is."""
    if not isinstance(templates, list) or len(templates) > MAX_TEMPLATES:
        return f"At most {MAX_TEMPLATES} round templates."
    seen = set()
    for t in templates:
        if not isinstance(t, dict) or set(t) != {"name", "data"} or not isinstance(t["data"], dict):
            return "A round template has a name and the values of the round's form."
        try:
            template_name = name(t["name"], "A template's name", 40)
        except Refusal as refusal:
            return str(refusal)
        if template_name.casefold() in seen:
            return f"Two round templates are named {template_name}."
        seen.add(template_name.casefold())
        if set(t["data"]) - set(FORM_KEYS):
            return f"The template {template_name} has values the round's form does not."
        if any(not isinstance(v, str) or len(v) > 1000 for v in t["data"].values()):
            return f"The template {template_name} has a value that is not text of at most 1000 characters."
        if problem := next(filter(None, map(hidden_characters, t["data"].values())), None):
            return f"The template {template_name}: {problem}"
    return None


def still_in(state: dict[str, Any]) -> list[int]:
    return [s for s, out in enumerate(state["out"]) if not out]


def who_answers(text: str, state: dict[str, Any]) -> list[int]:
    lower = " ".join(text.lower().split())
    live = still_in(state)
    if lower in ("everyone", "everyone still in", "all"):
        chosen = live
    elif lower.startswith("seats ") or lower.startswith("seat "):
        chosen = seat_list(lower.split(" ", 1)[1], len(state["names"]), "Who answers")
        if gone := [state["names"][s] for s in chosen if s not in live]:
            raise Refusal(f"{', '.join(gone)} is out of the match and cannot answer.")
    elif lower.startswith("team "):
        team = next((t for t in state["teams"] if t["name"].casefold() == lower[5:].strip()), None)
        if team is None:
            raise Refusal(f"There is no team called {text.strip()[5:]!r}.")
        chosen = [s for s in team["seats"] if s in live]
    elif match := _CONDITION.fullmatch(lower):
        names = [c["name"].casefold() for c in state["counters"]]
        if match[1] not in names:
            raise Refusal(f"There is no counter called {match[1]!r}.")
        at, limit, op = names.index(match[1]), whole(match[3], "The condition's number"), match[2]
        counter = state["counters"][at]
        if counter["sees"] != EVERYONE:
            # Who answers a round is public: a condition on a private counter would tell everyone
            # who holds how much of it.
            raise Refusal(
                f"{counter['name']} is {SEES_WORDS[counter['sees']]}, and who answers a round is public: "
                f"only a counter seen by everyone can choose who answers (or name the seats)."
            )
        test = {
            ">=": limit.__le__,
            "at least": limit.__le__,
            "<=": limit.__ge__,
            "at most": limit.__ge__,
            ">": limit.__lt__,
            "<": limit.__gt__,
            "=": limit.__eq__,
        }[op]
        chosen = [s for s in live if test(state["values"][s][at])]
    else:
        raise Refusal("Who answers: \"everyone\", \"seats 1, 3\", \"team Red\" or \"Coins at least 3\".")
    if not chosen:
        raise Refusal("Nobody still in the match would answer this round.")
    return chosen


def read_round(data: dict[str, Any], state: dict[str, Any]) -> dict[str, Any]:
    """The round `data` opens, or a Refusal naming what is wrong (the field it concerns first)."""
    if len(state["rounds"]) >= MAX_ROUNDS:
        raise Refusal(f"A match has at most {MAX_ROUNDS} rounds: publish the last one's result and end the match.")

    def text(key: str) -> str:
        value = data.get(key, "")
        if not isinstance(value, str) or len(value) > 1000:
            raise Refusal(f"{key.capitalize()}: a text of at most 1000 characters.")
        if problem := hidden_characters(value):  # as a saved template's values are checked
            raise Refusal(f"{key.capitalize()}: {problem}")
        return value.strip()

    title = name(text("title"), "The title", 80)
    instructions = text("instructions")
    deadline = " ".join(text("deadline").lower().split())
    close_early = deadline == UNTIL_ALL or deadline.endswith(" or when everyone has sent")
    seconds = (
        LONGEST
        if deadline == UNTIL_ALL
        else duration(deadline.removesuffix(" or when everyone has sent"), SHORTEST, LONGEST)
    )
    waits_on = who_answers(text("answers"), state)
    definitions = []
    for i in range(1, MAX_FIELDS + 1):
        row = text(f"field_{i}")
        if row:
            try:
                definitions.append(f.read_field(row, state["counters"]))
            except Refusal as refusal:
                raise Refusal(f"Field {i}: {refusal}") from None
    if not definitions:
        raise Refusal("A round needs at least one field (Field 1).")
    if len({d["label"].casefold() for d in definitions}) != len(definitions):
        raise Refusal("Two fields have the same label.")
    reveal, talk = (value if isinstance(value, str) else "" for value in (data.get("reveal"), data.get("talk")))
    if reveal not in dict(REVEALS):
        raise Refusal("Choose what is revealed at the close.")
    if talk not in dict(TALKS) or (talk == TEAMS and not state["teams"]):
        raise Refusal("Choose who may talk during the round (\"within teams\" needs teams in the setup).")
    n = len(state["rounds"]) + 1
    return {
        "n": n,
        "key": f"round-{n}",
        "title": title,
        "instructions": instructions,
        "fields": definitions,
        "waits_on": waits_on,
        "seconds": seconds,
        "close_early": close_early,
        "reveal": reveal,
        "talk": talk,
        "closed": False,
        "answers": {},
        "filled": [],
        "published": False,
    }


def phase(rnd: dict[str, Any]) -> api.PhaseSpec:
    return api.PhaseSpec(
        rnd["key"],
        f"Round {rnd['n']}: {rnd['title']}",
        tuple(rnd["waits_on"]),
        rnd["seconds"],
        close_early=rnd["close_early"],
    )


def form(rnd: dict[str, Any], state: dict[str, Any], seat: int) -> api.FormSpec:
    built = [field for i, d in enumerate(rnd["fields"], 1) for field in f.form_fields(d, i, state, seat)]
    return api.FormSpec(tuple(built), "Send", rnd["instructions"][:1000])


# --- the close -------------------------------------------------------------------------------


def _complete(state: dict[str, Any], rnd: dict[str, Any], seat: int, rng: random.Random) -> list[api.Event]:
    """The blank fields of the answer `seat` sent, filled by their missed rules: a line to them."""
    answer = dict(rnd["answers"][str(seat)] or {})
    given = {}
    for i, d in enumerate(rnd["fields"], 1):
        if f.names_of(d, i)[0] not in answer:
            given.update(f.missed(d, i, state, seat, rng))
    if not given:
        return []
    rnd["answers"][str(seat)] = {**answer, **given}
    words = answer_words(rnd, given, state)
    return [
        api.private(
            seat,
            "blank_filled",
            f"Your answer left {_labels(rnd, given)} blank: the round's rule for a missed answer gave {words}.",
            others=f"{state['names'][seat]}'s answer left {_labels(rnd, given)} blank: the rule gave {words}.",
            round=rnd["n"],
        )
    ]


def _labels(rnd: dict[str, Any], given: dict[str, Any]) -> str:
    labels = [d["label"] for i, d in enumerate(rnd["fields"], 1) if f.names_of(d, i)[0] in given]
    return " and ".join(labels)


def answer_words(rnd: dict[str, Any], answer: dict[str, Any] | None, state: dict[str, Any]) -> str:
    if not answer:
        return "no answer"
    parts = [(d["label"], f.said(d, i, answer, state)) for i, d in enumerate(rnd["fields"], 1)]
    return "; ".join(f"{label}: {words}" for label, words in parts if words) or "no answer"


def reveal_lines(rnd: dict[str, Any], state: dict[str, Any]) -> tuple[list[str], dict[int, str]]:
    """What a closed round makes known under its reveal rule: (lines for everyone, a line for
    each player alone). Anonymised answers are sorted, so their order says nothing of seats."""
    answers = {int(s): a for s, a in rnd["answers"].items()}
    rule, n = rnd["reveal"], rnd["n"]
    if rule == OWN:
        return [], {s: own_answer_line(rnd, state, s, a) for s, a in answers.items()}
    if rule == NAMED:
        return [f"{state['names'][s]}: {answer_words(rnd, answers[s], state)}." for s in sorted(answers)], {}
    if rule == ANONYMOUS:
        said = sorted(answer_words(rnd, a, state) for a in answers.values())
        return [f"An answer in round {n}: {words}." for words in said], {}
    if rule == TOTALS:
        return [_totals(d, i, answers.values(), state) for i, d in enumerate(rnd["fields"], 1)], {}
    return [], {}


def own_answer_line(rnd: dict[str, Any], state: dict[str, Any], seat: int, answer: Any, to_owner: bool = True) -> str:
    """A player's answer under the OWN reveal rule: to them ("Your answer in round 2: ..."), or
    by name to everyone else who reads it (the host; everyone once the match is over)."""
    whose = "Your" if to_owner else f"{state['names'][seat]}'s"
    return f"{whose} answer in round {rnd['n']}: {answer_words(rnd, answer, state)}."


def _totals(d: dict[str, Any], i: int, answers: Any, state: dict[str, Any]) -> str:
    key = f.names_of(d, i)[0]
    given = [a for a in answers if a and key in a]
    if d["kind"] == f.NUMBER:
        return f"{d['label']}: {len(given)} answers, total {sum(a[key] for a in given)}."
    if d["kind"] == f.TEXT:
        return f"{d['label']}: {len(given)} answers."
    if d["kind"] == f.YESNO:
        votes = Counter(a[key] for a in given)
        return f"{d['label']}: yes {votes['yes']}, no {votes['no']}."
    field = {**d, "options": f.PLAYERS} if isinstance(d["options"], str) else d
    counts = Counter(v for a in given for v in (a[key] if isinstance(a[key], list) else [a[key]]))
    what = "first places" if d["kind"] == f.RANKING else "choices"
    return f"{d['label']} ({what}): " + ", ".join(f"{label} {counts[v]}" for v, label in f.choices(field, state)) + "."


def close(
    state: dict[str, Any],
    rnd: dict[str, Any],
    submissions: dict[int, Any],
    filled: frozenset[int],
    rng: random.Random,
) -> list[api.Event]:
    """Record the answers in the round (`state` is the resolve's own copy) and say what is known.
    What everyone reads depends only on who sent an answer at all: a seat in `filled` sent
    nothing and the missed rules answered for it; a blank field of an answer sent takes its
    missed rule here, and only its player (and the host) is told."""
    sent = [s for s in rnd["waits_on"] if submissions.get(s) is not None and s not in filled]
    rnd["answers"] = {str(s): submissions.get(s) or None for s in rnd["waits_on"]}
    rnd["filled"] = sorted(s for s in filled if s in rnd["waits_on"])
    rnd["closed"] = True
    events = [
        api.public(
            "round_closed",
            f"Round {rnd['n']} ({rnd['title']}) is closed: {len(sent)} of {len(rnd['waits_on'])} answers.",
            round=rnd["n"],
        )
    ]
    for s in rnd["filled"]:  # a missed answer is said as one: whose, in public; what it became, to them
        name, n = state["names"][s], rnd["n"]
        events.append(
            api.public("missed", f"Time ran out for {name}: the round's rule for a missed answer answers.", round=n)
        )
        words = answer_words(rnd, rnd["answers"].get(str(s)), state)
        events.append(
            api.private(
                s,
                "missed",
                f"Time ran out: the round's rule for a missed answer gave {words}.",
                others=f"Time ran out for {name}: the round's rule for a missed answer gave {words}.",
                round=n,
            )
        )
    base = rng.getrandbits(64)  # drawn once, whoever left what blank: the draws of one seat are its own
    for s in sent:
        events += _complete(state, rnd, s, random.Random(f"{base}:{s}"))
    public_lines, own = reveal_lines(rnd, state)
    events += [api.public("reveal", line, round=rnd["n"]) for line in public_lines]
    events += [
        api.private(
            s, "reveal", line, others=own_answer_line(rnd, state, s, rnd["answers"][str(s)], False), round=rnd["n"]
        )
        for s, line in sorted(own.items())
    ]
    return events
