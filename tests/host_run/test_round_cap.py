"""A match holds at most 200 rounds (every round's answers stay in its state, and every page shows
every round): the host may open the 200th, and trying a 201st is refused in words, the match
unchanged."""

from pathlib import Path

import games.host_run
from games import engine_api as api
from games.host_run.engine.rounds import MAX_ROUNDS

from .driver import act, played, start

ROUND = {"title": "Go", "deadline": "10m", "answers": "everyone", "reveal": "nothing", "talk": "everyone"}


def test_it_opens_the_200th_round_and_refuses_the_201st_in_words():
    assert MAX_ROUNDS == 200
    state = start(names=("Ada", "Ben"))
    for _ in range(199):
        state = played(state, ["Go | yes/no"], {0: {"f1": "yes"}})
    last = act(state, "open_round", **ROUND, field_1="Go | yes/no")
    assert not isinstance(last, api.Invalid) and last.state["rounds"][-1]["n"] == 200
    state = played(state, ["Go | yes/no"], {0: {"f1": "yes"}})
    refused = act(state, "open_round", **ROUND, field_1="Go | yes/no")
    assert isinstance(refused, api.Invalid)
    assert refused.message == "A match has at most 200 rounds: publish the last one's result and end the match."
    assert len(state["rounds"]) == 200


def test_it_refuses_a_deadline_outside_10_seconds_to_7_days_as_the_rules_page_says():
    state = start(names=("Ada", "Ben"))
    for deadline in ("9s", "7d 1s", "8d"):
        refused = act(state, "open_round", **{**ROUND, "deadline": deadline}, field_1="Go | yes/no")
        assert isinstance(refused, api.Invalid) and refused.message == "A deadline is from 10 seconds to 7 days."
    for deadline, seconds in (("10s", 10), ("7d", 7 * 86400), ("until everyone has sent", 7 * 86400)):
        opened = act(state, "open_round", **{**ROUND, "deadline": deadline}, field_1="Go | yes/no")
        assert opened.open[0].duration == seconds, deadline
    page = " ".join((Path(games.host_run.__file__).parent / "templates/host_run/rules.html").read_text().split())
    assert "a deadline is from 10 seconds to 7 days" in page
    assert "<code>until everyone has sent</code> closes after 7 days if someone has not" in page
    assert "A match has at most 200 rounds" in page
