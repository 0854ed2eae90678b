"""The setup a host writes on the settings form, as rows: the rules text (Markdown, a line a
row), the teams ("Red: 1, 3, 5", seats numbered from 1 as the setup form numbers them) and the counters ("Coins | start 10 | 0..99 | everyone").
Each row is read on its own (what it says is shown back beside it), and `check_setup` checks
the stored whole again, since the expert JSON box can send any value at all."""

from __future__ import annotations

import re
from typing import Any

from games import engine_api as api

from games.values import direction_problem

from .words import BIGGEST, Refusal, name, seat_list, whole

MAX_SEATS = 30
MAX_COUNTERS, MAX_TEAMS, MAX_RULE_LINES, RULE_LINE = 8, 10, 80, 300
EVERYONE, PLAYER, HOST = "everyone", "player", "host"
SEES_WORDS = {EVERYONE: "seen by everyone", PLAYER: "seen by the player and the host", HOST: "seen by the host only"}
_SEES = {
    "everyone": EVERYONE,
    "the player and the host": PLAYER,
    "player and host": PLAYER,
    "player": PLAYER,
    "the host only": HOST,
    "host only": HOST,
    "host": HOST,
}
_BOUNDS = re.compile(r"([+-]?\d{1,7})\s*\.\.\s*([+-]?\d{1,7})")


def read_counter(text: str) -> dict[str, Any]:
    parts = [p.strip() for p in text.split("|")]
    if len(parts) not in (3, 4):
        raise Refusal("Write a counter as \"Coins | start 10 | 0..99 | everyone\".")
    counter_name = name(parts[0], "The counter's name", 24)
    start = parts[1].lower()
    if not start.startswith("start "):
        raise Refusal("The second part is the starting value: \"start 10\".")
    bounds = _BOUNDS.fullmatch(parts[2])
    if not bounds:
        raise Refusal("The third part is the bounds: \"0..99\" (lowest..highest).")
    sees = _SEES.get(" ".join(parts[3].lower().split()) if len(parts) == 4 else "everyone")
    if sees is None:
        raise Refusal("Who sees it: \"everyone\", \"the player and the host\" or \"the host only\".")
    counter = {
        "name": counter_name,
        "start": whole(start[6:], "The start"),
        "low": whole(bounds[1], "The lowest value"),
        "high": whole(bounds[2], "The highest value"),
        "sees": sees,
    }
    return check_counter(counter)


def check_counter(counter: object) -> dict[str, Any]:
    if not isinstance(counter, dict) or set(counter) != {"name", "start", "low", "high", "sees"}:
        raise Refusal("A counter has a name, a start, bounds and who sees it.")
    clean = {"name": name(counter["name"], "The counter's name", 24), "sees": counter["sees"]}
    for key in ("start", "low", "high"):
        clean[key] = whole(counter[key], f"The counter's {key}")
    if not isinstance(clean["sees"], str) or clean["sees"] not in SEES_WORDS:
        raise Refusal("Who sees a counter: everyone, the player and the host, or the host only.")
    if not clean["low"] <= clean["start"] <= clean["high"]:
        raise Refusal(
            f"{clean['name']} starts at {clean['start']}, outside its bounds {clean['low']}..{clean['high']}."
        )
    return {k: clean[k] for k in ("name", "start", "low", "high", "sees")}


def counter_words(c: dict[str, Any]) -> str:
    return f"{c['name']}: starts at {c['start']}, from {c['low']} to {c['high']}, {SEES_WORDS[c['sees']]}."


def read_team(text: str) -> dict[str, Any]:
    team_name, colon, seats = text.partition(":")
    if not colon:
        raise Refusal("Write a team as \"Red: 1, 3, 5\" (its name, then its seat numbers).")
    return {"name": name(team_name, "The team's name", 24), "seats": seat_list(seats, MAX_SEATS, "The team")}


def check_setup(settings: dict[str, Any], seats: int) -> dict[str, Any]:
    """The title, rules text, teams and counters of a match of `seats`, as the rows would have
    read them (numbers as numbers, names with their spaces put right), or a Refusal saying why
    they cannot start one. The expert JSON box can send any value at all."""
    game_name = (
        settings["game_name"] if settings["game_name"] == "" else name(settings["game_name"], "The game's name", 80)
    )
    text = settings["rules_text"]
    if not isinstance(text, str) or len(text) > MAX_RULE_LINES * (RULE_LINE + 1):
        raise Refusal(f"The rules text has at most {MAX_RULE_LINES} lines of {RULE_LINE} characters.")
    for n, line in enumerate(text.split("\n"), 1):  # each line as the rows read it
        if isinstance(read := RulesRows().read(n - 1, line), api.Invalid):
            raise Refusal(f"The rules text, line {n}: {read.message}")
    counters = settings["counters"]
    if not isinstance(counters, list) or len(counters) > MAX_COUNTERS:
        raise Refusal(f"At most {MAX_COUNTERS} counters.")
    clean_counters = [check_counter(c) for c in counters]
    names = [c["name"].casefold() for c in clean_counters]
    if len(set(names)) != len(names):
        raise Refusal("Two counters have the same name.")
    teams = _check_teams(settings["teams"], seats)
    return {**settings, "game_name": game_name, "counters": clean_counters, "teams": teams}


def _check_teams(teams: object, seats: int) -> list[dict[str, Any]]:
    if not isinstance(teams, list) or len(teams) > MAX_TEAMS:
        raise Refusal(f"At most {MAX_TEAMS} teams.")
    taken: set[int] = set()
    clean: list[dict[str, Any]] = []
    for team in teams:
        if not isinstance(team, dict) or set(team) != {"name", "seats"} or not isinstance(team["seats"], list):
            raise Refusal("A team has a name and its seats.")
        team_name = name(team["name"], "A team's name", 24)
        if not team["seats"] or any(type(s) is not int or not 0 <= s < seats for s in team["seats"]):
            raise Refusal(f"Team {team_name} names a seat this match does not have (seats 1 to {seats}).")
        if taken & set(team["seats"]) or len(set(team["seats"])) != len(team["seats"]):
            raise Refusal(f"Team {team_name} names a seat that is already in a team.")
        taken |= set(team["seats"])
        clean.append({"name": team_name, "seats": sorted(team["seats"])})
    if len({t["name"].casefold() for t in clean}) != len(clean):
        raise Refusal("Two teams have the same name.")
    return clean


class _Rows(api.SettingRows):
    """Rows that read one value each; blank rows are left out."""

    reader: Any = staticmethod(lambda text: text)  # each kind of row reads and words its own values
    words: Any = staticmethod(lambda value: "")
    item = ""

    def row_label(self, row):
        return f"{self.item} {row + 1}"

    def read(self, row, text):
        if not text:
            return api.RowRead(None, "")
        try:
            value = self.reader(text)
        except Refusal as refusal:
            return api.Invalid(str(refusal))
        return api.RowRead(value, self.words(value))

    def combine(self, values):
        return [v for v in values if v is not None]


class CounterRows(_Rows):
    name, label, item = "counters", "Counters per player", "Counter"
    help = (
        "One counter a line: name | start | lowest..highest | who sees it (everyone, the player and the host, "
        "or the host only). Garnets, coins, points, lives."
    )
    placeholder = "Coins | start 10 | 0..99 | the player and the host"
    max_groups, spare_groups = MAX_COUNTERS, 2
    reader, words = staticmethod(read_counter), staticmethod(counter_words)

    def texts(self, value):
        rows = []
        for c in value if isinstance(value, list) else []:
            try:
                c = check_counter(c)
            except Refusal:
                continue
            sees = {EVERYONE: "everyone", PLAYER: "the player and the host", HOST: "the host only"}[c["sees"]]
            rows.append(f"{c['name']} | start {c['start']} | {c['low']}..{c['high']} | {sees}")
        return rows


class TeamRows(_Rows):
    name, label, item = "teams", "Teams (optional)", "Team"
    help = "One team a line: its name, a colon, its seat numbers (from seat 1). Leave blank for no teams."
    placeholder = "Red: 1, 3, 5"
    max_groups, spare_groups = MAX_TEAMS, 2
    reader = staticmethod(read_team)
    words = staticmethod(lambda t: f"Team {t['name']}: seats {', '.join(str(s + 1) for s in t['seats'])}.")

    def texts(self, value):
        return (
            [
                f"{t['name']}: {', '.join(str(s + 1) if isinstance(s, int) else str(s) for s in t['seats'])}"
                for t in value
                if isinstance(t, dict) and isinstance(t.get("name"), str) and isinstance(t.get("seats"), list)
            ]
            if isinstance(value, list)
            else []
        )


class RulesRows(api.SettingRows):
    """The rules text, a line of Markdown a row (blank rows are paragraph breaks)."""

    name, label = "rules_text", "Rules text (Markdown)"
    help = "The rules players read, a line a row: **bold**, *italic*, lists with \"- \", headings with \"## \"."
    placeholder = "Each round, bid Coins for the prize. **Highest bid wins.**"
    max_length, max_groups, spare_groups = RULE_LINE, MAX_RULE_LINES, 3

    def row_label(self, row):
        return f"Line {row + 1}"

    def texts(self, value):
        return value.split("\n") if isinstance(value, str) and value else []

    def read(self, row, text):
        if len(text) > RULE_LINE:
            return api.Invalid(f"A line has at most {RULE_LINE} characters.")
        if any(ord(c) < 32 and c != "\t" for c in text) or direction_problem(text):
            return api.Invalid("A line may not hold control characters or invisible text-direction characters.")
        if not text:
            return api.RowRead(text, "A blank line: a new paragraph.")
        if text.startswith("#"):
            return api.RowRead(text, "A heading.")
        return api.RowRead(text, "An item of a list." if text[:2] in ("- ", "* ", "+ ") else "Text.")

    def combine(self, values):
        return "\n".join(v or "" for v in values).strip("\n")


DEFAULT_COUNTERS = [
    {"name": "Coins", "start": 10, "low": 0, "high": 99, "sees": PLAYER},
    {"name": "Points", "start": 0, "low": -BIGGEST, "high": BIGGEST, "sees": EVERYONE},
]
