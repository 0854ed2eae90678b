"""A round's form, written by the host a field a row:

    Bid | number 0..your Coins | missed 0
    Colour | one of Red, Green, Blue | missed random
    Target | one of the seats still in
    Picks | several of A, B, C, D | at least 1 | at most 2
    Order | ranking of A, B, C
    Cooperate | yes/no | missed random
    Message | text up to 80

A row becomes a definition (a dict kept in the state), the definition becomes the player's
form fields (a ranking is one choice per place) and every answer is checked against it, with
bounds that name a counter read from that player's counter at the time. A missed answer is
left blank, takes the value the row gives, or a legal value drawn by the match's seed."""

from __future__ import annotations

import random
import re
from typing import Any

from games import engine_api as api

from .setup import EVERYONE, HOST, SEES_WORDS
from .words import Refusal, name, options, whole

NUMBER, ONE, SEVERAL, RANKING, YESNO, TEXT = "number", "one", "several", "ranking", "yesno", "text"
PLAYERS, STILL_IN = "players", "still_in"
BLANK, RANDOM = "blank", "random"
MAX_OPTIONS, MAX_RANKED, MAX_TEXT = 20, 8, 500
_NUMBER = re.compile(r"number\s+(.+?)\s*\.\.\s*(.+)")
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th")


def read_field(text: str, counters: list[dict[str, Any]]) -> dict[str, Any]:
    """The definition a row writes, or a Refusal saying what is wrong with it."""
    parts = [p.strip() for p in text.split("|")]
    if len(parts) < 2 or len(parts) > 5:
        raise Refusal("Write a field as \"Label | kind | missed ...\", e.g. \"Bid | number 0..your Coins | missed 0\".")
    field = {"label": name(parts[0], "The field's label", 60), "missed": BLANK, **_kind(parts[1], counters)}
    for extra in parts[2:]:
        _extra(field, extra)
    if field["kind"] == SEVERAL:
        most = len(field["options"]) if isinstance(field["options"], list) else 30
        field.setdefault("at_least", 0)
        field.setdefault("at_most", most)
        if not 0 <= field["at_least"] <= field["at_most"] <= most:
            raise Refusal(f"\"at least\" and \"at most\" must be from 0 to {most}, the least first.")
    elif "at_least" in field or "at_most" in field:
        raise Refusal("\"at least\" and \"at most\" go only with \"several of\".")
    if field["kind"] == NUMBER and field["missed"] != BLANK:
        _fill_tells_nothing(field, counters)
    return field


def _fill_tells_nothing(field: dict[str, Any], counters: list[dict[str, Any]]) -> None:
    """Refuse a missed rule on bounds from a counter not everyone sees, unless it fills in for
    every value that counter can hold: a missed value that fits only some players' counters (or
    bounds that may cross) is filled in for some and left blank for others, and whether an answer
    was filled in would tell everyone something of a counter they may not see."""
    seen = {c["name"]: c for c in counters}
    hidden = [seen[b] for b in {field["low"], field["high"]} if isinstance(b, str) and seen[b]["sees"] != EVERYONE]
    if not hidden or (field["missed"] == RANDOM and field["low"] == field["high"]):
        return  # public bounds, or one counter for both bounds: they never cross
    # a counter never leaves its bounds (a result that would push it past them is refused)
    low = seen[field["low"]]["high"] if isinstance(field["low"], str) else field["low"]  # the highest low
    high = seen[field["high"]]["low"] if isinstance(field["high"], str) else field["high"]  # the lowest high
    rule = "missed random" if field["missed"] == RANDOM else f"missed {field['missed'][1]}"
    if rule == "missed random" and low <= high or rule != "missed random" and low <= field["missed"][1] <= high:
        return
    names = " and ".join(c["name"] for c in hidden)
    if rule == "missed random":
        fits = f"bounds that cannot cross whatever {names} holds"
    else:
        fits = f"a missed value from {low} to {high}" if low <= high else f"bounds that fit whatever {names} holds"
    raise Refusal(
        f"\"{rule}\" would fill in a missed answer for some values of {names} and not for others, and {names} "
        f"{'is' if len(hidden) == 1 else 'are'} {SEES_WORDS[hidden[0]['sees']]}: whether an answer was filled in "
        f"would tell the others about it. Write \"missed blank\", or {fits}."
    )


def _bound(text: str, counters: list[dict[str, Any]]) -> int | str:
    if text.lower().startswith("your "):
        wanted = text[5:].strip().casefold()
        for c in counters:
            if c["name"].casefold() == wanted and c["sees"] == HOST:
                raise Refusal(
                    f"{c['name']} is seen by the host only, and a bound shows its value on the player's form: "
                    "bound the field by a number or by a counter the player sees."
                )
            if c["name"].casefold() == wanted:
                return c["name"]
        raise Refusal(f"There is no counter called {text[5:].strip()!r}.")
    return whole(text, "A bound")


def _kind(text: str, counters: list[dict[str, Any]]) -> dict[str, Any]:
    lower = " ".join(text.lower().split())
    if match := _NUMBER.fullmatch(lower):
        low, high = _bound(match[1], counters), _bound(match[2], counters)
        if isinstance(low, int) and isinstance(high, int) and low > high:
            raise Refusal("A number's bounds go lowest first: \"number 0..10\".")
        return {"kind": NUMBER, "low": low, "high": high}
    if lower in ("one of the players", "one of players"):
        return {"kind": ONE, "options": PLAYERS}
    if lower in ("one of the seats still in", "one of the players still in", "one of players still in"):
        return {"kind": ONE, "options": STILL_IN}
    for prefix, kind, most in (
        ("one of ", ONE, MAX_OPTIONS),
        ("several of ", SEVERAL, MAX_OPTIONS),
        ("ranking of ", RANKING, MAX_RANKED),
    ):
        if lower.startswith(prefix):
            if kind == SEVERAL and lower[len(prefix) :] in ("the players", "the seats still in"):
                return {"kind": kind, "options": PLAYERS if "players" in lower else STILL_IN}
            return {"kind": kind, "options": options(text.strip()[len(prefix) :], "The field", 2, most)}
    if lower in ("yes/no", "yes or no"):
        return {"kind": YESNO}
    if lower == "text" or lower.startswith("text up to "):
        length = whole(lower[11:], "The length") if lower != "text" else 100
        if not 1 <= length <= MAX_TEXT:
            raise Refusal(f"A text is up to 1 to {MAX_TEXT} characters.")
        return {"kind": TEXT, "length": length}
    raise Refusal(
        "The kind is one of: number 0..10, one of A, B; one of the players; one of the seats still in; "
        "several of A, B; ranking of A, B; yes/no; text up to 80."
    )


def _extra(field: dict[str, Any], text: str) -> None:
    lower = " ".join(text.lower().split())
    if lower.startswith("at least ") or lower.startswith("at most "):
        key = "at_least" if lower.startswith("at least ") else "at_most"
        field[key] = whole(lower.split(" ", 2)[2], f"\"{key.replace('_', ' ')}\"")
    elif lower in ("missed blank", "missed random"):
        field["missed"] = lower[7:]
    elif lower.startswith("missed "):
        field["missed"] = ["value", _missed_value(field, text.strip()[7:].strip())]
    else:
        raise Refusal(
            f"{text!r} is not understood: write \"missed blank\", \"missed random\", \"missed <value>\", "
            "\"at least 1\" or \"at most 2\"."
        )


def _missed_value(field: dict[str, Any], text: str) -> Any:
    kind = field["kind"]
    if kind == NUMBER:
        value = whole(text, "The missed value")
        if all(isinstance(field[k], int) for k in ("low", "high")) and not field["low"] <= value <= field["high"]:
            raise Refusal(f"The missed value {value} is outside {field['low']}..{field['high']}.")
        return value
    if kind == ONE and isinstance(field["options"], list):
        for i, option in enumerate(field["options"]):
            if option.casefold() == text.casefold():
                return str(i)
        raise Refusal(f"The missed value {text!r} is not one of the options.")
    if kind == YESNO and text.lower() in ("yes", "no"):
        return text.lower()
    if kind == TEXT and 0 < len(text) <= field["length"]:
        return name(text, "The missed text", field["length"])
    raise Refusal("This field's missed answer can only be \"missed blank\" or \"missed random\".")


# --- the player's form -----------------------------------------------------------------------


def choices(field: dict[str, Any], state: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    if field["options"] == PLAYERS:
        return tuple((str(s), n) for s, n in enumerate(state["names"]))
    if field["options"] == STILL_IN:
        return tuple((str(s), n) for s, n in enumerate(state["names"]) if not state["out"][s])
    return tuple((str(i), option) for i, option in enumerate(field["options"]))


def bounds(field: dict[str, Any], state: dict[str, Any], seat: int) -> tuple[int, int]:
    """A number's bounds for `seat` now: a counter's name reads that seat's counter."""
    names = [c["name"] for c in state["counters"]]
    low, high = (
        state["values"][seat][names.index(b)] if isinstance(b, str) else b for b in (field["low"], field["high"])
    )
    return low, high


def names_of(field: dict[str, Any], i: int) -> list[str]:
    """The form field names of definition `i` (a ranking has one per place)."""
    if field["kind"] == RANKING:
        return [f"f{i}_{k}" for k in range(1, len(field["options"]) + 1)]
    return [f"f{i}"]


def form_fields(field: dict[str, Any], i: int, state: dict[str, Any], seat: int) -> list[api.Field]:
    label, kind = field["label"], field["kind"]
    if kind == NUMBER:
        low, high = bounds(field, state, seat)
        return [api.Field(f"f{i}", label, api.INT, min_value=low, max_value=high, help=f"From {low} to {high}.")]
    if kind == ONE:
        return [api.Field(f"f{i}", label, api.CHOICE, choices(field, state))]
    if kind == SEVERAL:
        return [
            api.Field(
                f"f{i}",
                label,
                api.MULTICHOICE,
                choices(field, state),
                help=f"Choose at least {field['at_least']} and at most {field['at_most']}.",
            )
        ]
    if kind == RANKING:
        return [
            api.Field(n, f"{label}: {ORDINALS[k]}", api.CHOICE, choices(field, state))
            for k, n in enumerate(names_of(field, i))
        ]
    if kind == YESNO:
        return [api.Field(f"f{i}", label, api.RADIO, (("yes", "Yes"), ("no", "No")))]
    return [api.Field(f"f{i}", label, api.TEXT, max_length=field["length"])]


# --- answers ---------------------------------------------------------------------------------


def clean(field: dict[str, Any], i: int, data: dict[str, Any], state: dict[str, Any], seat: int) -> dict[str, Any]:
    """This field's part of a posted answer, checked (blank parts left out), or a Refusal."""
    keys = names_of(field, i)
    given = {k: data[k] for k in keys if k in data and data[k] not in (None, "", [])}
    if not given:
        return {}
    key, value, label, kind = keys[0], given.get(keys[0]), field["label"], field["kind"]
    if kind == NUMBER:
        low, high = bounds(field, state, seat)
        if type(value) is not int or not low <= value <= high:
            raise Refusal(f"{label}: a whole number from {low} to {high}.")
        return {key: value}
    allowed = [c for c, _ in choices(field, state)] if kind in (ONE, SEVERAL, RANKING) else []
    if kind == ONE:
        if str(value) not in allowed or isinstance(value, (bool, list)):
            raise Refusal(f"{label}: choose one of the options.")
        return {key: str(value)}
    if kind == SEVERAL:
        if (
            not isinstance(value, list)
            or not all(isinstance(v, str) and v in allowed for v in value)
            or len(set(value)) != len(value)
        ):
            raise Refusal(f"{label}: choose among the options, each once.")
        if not field["at_least"] <= len(value) <= field["at_most"]:
            raise Refusal(f"{label}: choose at least {field['at_least']} and at most {field['at_most']}.")
        return {key: sorted(value, key=allowed.index)}
    if kind == RANKING:
        order = [given.get(k) for k in keys]
        if any(not isinstance(v, str) or v not in allowed for v in order) or len(set(order)) != len(order):
            raise Refusal(f"{label}: put every option in a place of its own.")
        return dict(zip(keys, order))
    if kind == YESNO:
        if value not in ("yes", "no"):
            raise Refusal(f"{label}: yes or no.")
        return {key: value}
    if not isinstance(value, str) or len(value) > field["length"]:
        raise Refusal(f"{label}: a text of at most {field['length']} characters.")
    return {key: value}


def legal_random(field: dict[str, Any], i: int, state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """A legal answer drawn from `rng` ({} when there is none, as a number whose bounds cross)."""
    keys, kind = names_of(field, i), field["kind"]
    if kind == NUMBER:
        low, high = bounds(field, state, seat)
        return {keys[0]: rng.randint(low, high)} if low <= high else {}
    if kind == YESNO:
        return {keys[0]: rng.choice(["yes", "no"])}
    if kind == TEXT:
        return {keys[0]: rng.choice(["-", "ok", "pass"])[: field["length"]]}
    values = [c for c, _ in choices(field, state)]
    if kind == ONE:
        return {keys[0]: rng.choice(values)} if values else {}
    if kind == SEVERAL:
        top = min(field["at_most"], len(values))
        if field["at_least"] > top:
            return {}
        picked = rng.sample(values, rng.randint(field["at_least"], top))
        return {keys[0]: sorted(picked, key=values.index)}
    return dict(zip(keys, rng.sample(values, len(values))))  # a ranking


def missed(field: dict[str, Any], i: int, state: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """What a missed answer becomes under the field's rule (blank: nothing)."""
    if field["missed"] == RANDOM:
        return legal_random(field, i, state, seat, rng)
    if isinstance(field["missed"], list):
        part = {names_of(field, i)[0]: field["missed"][1]}
        try:
            return clean(field, i, part, state, seat)
        except Refusal:  # "missed 5" when this player's Coins are 3: nothing legal to fill in
            return {}
    return {}


def said(field: dict[str, Any], i: int, answer: dict[str, Any], state: dict[str, Any]) -> str:
    """This field's part of an answer in words ("" when blank)."""
    keys = names_of(field, i)
    if keys[0] not in answer:
        return ""
    labels = {}
    if field["kind"] in (ONE, SEVERAL, RANKING):  # players by name, even one out since the round
        labels = dict(choices({**field, "options": PLAYERS} if isinstance(field["options"], str) else field, state))
    if field["kind"] == SEVERAL:
        return ", ".join(labels.get(v, v) for v in answer[keys[0]]) or "none"
    if field["kind"] == RANKING:
        return " > ".join(labels.get(str(answer.get(k)), "?") for k in keys)
    value = answer[keys[0]]
    return labels.get(value, value.capitalize() if field["kind"] == YESNO else str(value))


def describe(field: dict[str, Any]) -> str:
    """The row in words, for the round's page."""
    kind = field["kind"]
    if kind == NUMBER:
        low, high = (f"your {b}" if isinstance(b, str) else str(b) for b in (field["low"], field["high"]))
        what = f"a whole number from {low} to {high}"
    elif kind in (ONE, SEVERAL, RANKING):
        listed = (
            {PLAYERS: "the players", STILL_IN: "the players still in"}.get(field["options"])
            if isinstance(field["options"], str)
            else ", ".join(field["options"])
        )
        what = {
            ONE: f"one of {listed}",
            RANKING: f"{listed} in order",
            SEVERAL: f"{field.get('at_least')} to {field.get('at_most')} of {listed}",
        }[kind]
    else:
        what = "yes or no" if kind == YESNO else f"a text of up to {field['length']} characters"
    rule = field["missed"]
    after = {BLANK: "left blank", RANDOM: "drawn at random"}.get(rule) if isinstance(rule, str) else "filled in"
    return f"{field['label']}: {what} (missed: {after})"
