"""Whole host-run matches by the bots (a bot host opens rounds, publishes results and ends the
match), each replayed from what was stored to the same state."""

import pytest

from matches.core.playtest import playtest
from matches.core.replay import replay
from matches.models import Match


@pytest.mark.django_db
@pytest.mark.parametrize("seed", [1, 2])
def test_it_plays_to_the_end_with_a_bot_host_and_replays_exactly(seed):
    result = playtest("host_run", 5, seed, keep=True)
    assert result["status"] == Match.FINISHED and result["host_actions"] >= 4
    assert sorted(s["seat"] for s in result["standings"]) == [0, 1, 2, 3, 4]
    match = Match.objects.get(pk=result["match_id"])
    assert match.state["results"], "the bot host published no result"
    assert replay(match) == []
