"""The registry of built-in rules as the host-run game calls it: by name, with whatever a host
(or an imported file) sent as parameters and whatever a round collected as answers. Nothing
hostile may raise: it comes back as problems beside fields, or as a refusal in words."""

import random
import subprocess
import sys
from pathlib import Path

from games.host_run.rules import RULES, Invalid, Problems, Proposal, propose

from .helpers import COUNTERS, NAMES

GOOD = {
    "auction": {"pay_counter": "Coins", "prize_counter": "Garnets", "prize": "1"},
    "vote": {"counter": "Lives", "delta": "-1"},
    "unique": {"counter": "Points", "delta": "1"},
    "target": {"counter": "Points", "delta": "1"},
    "payoff": {"counter": "Points", "table": "c, c: 1, 1\nc, b: 0, 2\nb, b: 0, 0"},
}
KEYS = [
    "wins",
    "pays",
    "ties",
    "pay_counter",
    "prize_counter",
    "prize",
    "method",
    "who",
    "counter",
    "delta",
    "which",
    "target",
    "value",
    "times_top",
    "times_bottom",
    "table",
    "show_numbers",
]
HOSTILE = [
    None,
    [],
    {},
    ["1"],
    10**100,
    -(10**100),
    1.5,
    float("nan"),
    True,
    "",
    " ",
    "-",
    "+",
    "--1",
    "1e3",
    "\x00",
    "\u0661\u0662",
    "²",
    "9" * 1000,
    "x" * 100_000,
    "<script>alert(1)</script>",
    "Coins\u202e",
]


def test_it_registers_the_five_rules_the_issue_names():
    assert set(RULES) == {"auction", "vote", "unique", "target", "payoff"}
    assert all(rule.title for rule in RULES.values())


def test_it_proposes_through_the_registry_by_name():
    proposal = propose("unique", GOOD["unique"], COUNTERS, {0: 3, 1: 1}, NAMES, random.Random(0))
    assert proposal == Proposal(
        [
            RULES["unique"]
            .apply(RULES["unique"].parse(GOOD["unique"], COUNTERS), {0: 3, 1: 1}, NAMES, random.Random(0))
            .changes[0]
        ],
        ["Ada named the highest unique number and wins."],
    )
    assert propose("unique", {"counter": "Gold"}, COUNTERS, {0: 3}, NAMES, random.Random(0)) == Problems(
        counter="Write the name of one of this match's counters (Coins, Garnets, Lives and Points).",
        delta="Write a whole number from -1000000 to 1000000.",
    )
    for name in ("nothing", None, ["vote"], {"vote": 1}):
        assert isinstance(propose(name, {}, COUNTERS, {}, NAMES, random.Random(0)), Invalid)


def test_it_answers_hostile_parameters_with_problems_never_an_error():
    for name, rule in RULES.items():
        for raw in (None, [], "auction", 7, {"counter": HOSTILE}):
            assert isinstance(rule.parse(raw, COUNTERS), Problems), (name, raw)
        for key in KEYS:
            for value in HOSTILE:
                parsed = rule.parse(dict(GOOD[name], **{key: value}), COUNTERS)
                assert isinstance(parsed, (Problems, type(rule.parse(GOOD[name], COUNTERS)))), (name, key, value)
                if isinstance(parsed, Problems):
                    assert all(isinstance(words, str) and len(words) < 400 for words in parsed.values())


def test_it_refuses_hostile_answers_in_words_and_proposes_nothing():
    odd = [[1], {"a": 1}, 10**30, -(10**30), float("nan"), 2.0, b"1", object()]
    for name, rule in RULES.items():
        params = rule.parse(GOOD[name], COUNTERS)
        for value in odd:
            result = rule.apply(params, {0: value, 1: None}, NAMES, random.Random(0))
            assert isinstance(result, Invalid), (name, value, result)
            assert "Ada" in result.message or "not all players" in result.message, result.message


def test_it_proposes_the_same_for_the_same_answers_and_seed():
    answers = {0: 5, 1: 5, 2: 3, 3: None}
    for name in ("auction", "unique", "target"):
        rule = RULES[name]
        params = rule.parse(dict(GOOD[name], ties="draw"), COUNTERS)
        assert rule.apply(params, answers, NAMES, random.Random(9)) == rule.apply(
            params, answers, NAMES, random.Random(9)
        )


def test_it_runs_without_django():
    """The rules are pure (the game's engine layer): importing them loads no Django, Channels or Celery."""
    code = (
        "import sys, games.host_run.rules; "
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('django', 'channels', 'celery', 'matches')); "
        "print(bad); sys.exit(1 if bad else 0)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        check=False,
        capture_output=True,
        text=True,
        timeout=60,
        cwd=Path(__file__).resolve().parents[3],
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_it_describes_every_parameter_its_parse_reads():
    for name, rule in RULES.items():
        keys = [field.key for field in rule.fields]
        assert len(keys) == len(set(keys)), name
        # Every field left blank that must be filled is refused under its own key, and nothing else is.
        blank = rule.parse({}, COUNTERS)
        assert set(blank) == {f.key for f in rule.fields if f.kind in ("counter", "number", "rows") and not f.blank_ok}
        # A field's key is the one its parse reads: a wrong value there is refused beside that field.
        for field in rule.fields:
            wrong = {
                "choice": "no such option",
                "counter": "No such counter",
                "number": "many",
                "rows": "not a row",
            }.get(field.kind)
            if wrong is None:  # a flag: any value reads as ticked or not
                continue
            assert field.key in rule.parse(dict(GOOD[name], **{field.key: wrong}), COUNTERS), (name, field.key)
            if field.kind == "choice":
                for value, _words in field.options:  # every option offered is one the parse accepts
                    assert not isinstance(rule.parse(dict(GOOD[name], **{field.key: value}), COUNTERS), Problems)
