"""Everything the host types is hostile input: every host action, at every point of a match the
bots play, answers junk with a refusal or a clean result, never an exception, and a refusal
changes nothing. Huge forms and rounds are bounded."""

import copy
import random

from games import engine_api as api
from games.host_run.engine import ENGINE
from tests.core.test_game_contract import JUNK, hostile_dicts, play

from .driver import CTX, act, played, start


def test_it_answers_hostile_host_actions_with_invalid_or_a_clean_transition_all_match_long():
    _, trail = play(ENGINE, seed=4)
    rng = random.Random("host-fuzz")
    for t in trail:
        before = copy.deepcopy(t.state)
        for action in ENGINE.host_actions(t.state) + [api.ActionSpec("no_such_action", "x", api.NO_FORM)]:
            fields = {f.name: [c for c, _ in f.choices] for f in action.form.fields}
            for payload in list(hostile_dicts(fields, rng, 30)) + [None, [], "x", {"out": {"a": 1}}]:
                result = ENGINE.apply_host_action(t.state, action.name, payload, CTX, random.Random(0))
                assert isinstance(result, (api.Invalid, api.Transition)), (action.name, payload)
                assert not isinstance(result, api.Invalid) or result.message.strip()
        assert t.state == before


def test_it_refuses_junk_in_every_text_of_a_round_and_of_a_result():
    state = start()
    good = {
        "title": "X",
        "deadline": "10m",
        "answers": "everyone",
        "field_1": "Go | yes/no",
        "reveal": "nothing",
        "talk": "everyone",
    }
    for key in good:
        for junk in JUNK:
            got = act(state, "open_round", **{**good, key: junk})
            assert isinstance(got, (api.Invalid, api.Transition))
    assert state["rounds"] == []
    closed = played(state, ["Go | yes/no"], {})
    result = {"announcement": "x", "note_1": "Ada: x", "change_1": "Ada | Coins | 1 | x", "out": ["1"]}
    for key in result:
        for junk in JUNK:
            got = act(closed, "publish_result", **{**result, key: junk})
            assert isinstance(got, (api.Invalid, api.Transition))
    assert closed["results"] == [] and closed["values"] == start()["values"]


def test_it_bounds_huge_forms_and_rounds():
    state = start()
    rows = {f"field_{i}": f"F{i} | ranking of " + ", ".join(f"o{k}" for k in range(8)) for i in range(1, 9)}
    t = act(
        state, "open_round", title="Big", deadline="10m", answers="everyone", reveal="nothing", talk="everyone", **rows
    )
    assert len(ENGINE.form(t.state, "round-1", 0).fields) == 64  # eight rankings of eight: the most a round holds
    for huge in [
        {"field_9": "F9 | yes/no"},
        {"field_1": "F | ranking of " + ", ".join(f"o{k}" for k in range(9))},
        {"field_1": "F | one of " + "x, " * 5000},
        {"field_1": "F | text up to 100000"},
        {"instructions": "x" * 100_000},
        {"answers": "seats " + ", ".join(["0"] * 5000)},
    ]:
        data = {
            "title": "Big",
            "deadline": "10m",
            "answers": "everyone",
            "reveal": "nothing",
            "talk": "everyone",
            "field_1": "Go | yes/no",
            **huge,
        }
        got = act(state, "open_round", **data)
        if "field_9" in huge:  # a ninth row is not part of the form: it is never read
            assert len(got.state["rounds"][0]["fields"]) == 1
        else:
            assert isinstance(got, api.Invalid), huge
