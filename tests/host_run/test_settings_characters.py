"""The expert JSON box and an imported file meet the same checks as the rows: a NUL (no database
column stores one: PostgreSQL's jsonb refuses it with a 500), other control characters and the
invisible text-direction characters are refused in every text of the settings, and the rules
text keeps its 300 characters a line; each refusal says where, in words."""

import pytest

from games import engine_api as api
from games.host_run.engine import ENGINE

from .driver import act, start

COIN = {"name": "Coins", "start": 1, "low": 0, "high": 9, "sees": "everyone"}


def template(**data):
    return {"templates": [{"name": "Bids", "data": {"field_1": "Bid | number 0..9", **data}}]}


@pytest.mark.parametrize(
    "settings, words",
    [
        ({"rules_text": "Bid\x00 Coins."}, "The rules text, line 1: A line may not hold control characters"),
        ({"rules_text": "ok\n\nBid \u202eCoins."}, "The rules text, line 3: A line may not hold"),
        ({"rules_text": "ok\n" + "x" * 301}, "The rules text, line 2: A line has at most 300 characters."),
        ({"counters": [{**COIN, "name": "C\x00 "}]}, "The counter's name may not hold control characters."),
        ({"counters": [{**COIN, "name": "C\u2066"}]}, "invisible text-direction character (U+2066)"),
        ({"teams": [{"name": "R\x00", "seats": [0]}]}, "A team's name may not hold control characters."),
        ({"game_name": "Vault\x1b[2J"}, "The game's name may not hold control characters."),
        (template(instructions="Bid\x00."), "The template Bids: It may not hold control characters"),
        (template(instructions="Bid \u202e."), "The template Bids: A name may not hold an invisible"),
    ],
)
def test_it_refuses_hidden_characters_and_long_lines_in_the_expert_settings(settings, words):
    refused = ENGINE.validate_settings(settings, 4)
    assert isinstance(refused, api.Invalid) and words in refused.message, refused


def test_it_keeps_rules_text_the_rows_accept():
    text = "## Auction\n\n- Bid **Coins**.\tOnce.\n" + "x" * 300
    assert ENGINE.validate_settings({"rules_text": text}, 4)["rules_text"] == text


def test_it_refuses_the_same_characters_in_a_round_the_host_opens():
    state = start()
    data = {"title": "T", "deadline": "10m", "answers": "everyone", "reveal": "nothing", "talk": "everyone"}
    refused = act(state, "open_round", **data, field_1="Go | yes/no", instructions="a\x00b")
    assert isinstance(refused, api.Invalid) and refused.message.startswith("Instructions: It may not hold control")
    kept = act(state, "open_round", **data, field_1="Go | yes/no", instructions="Line one.\nLine two.")
    assert not isinstance(kept, api.Invalid)
