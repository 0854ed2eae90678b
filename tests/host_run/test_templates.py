"""A round's form saved as a template and opened again: the template's values fill in the form
of a host action of its own, to keep or edit."""

from games import engine_api as api
from games.host_run.engine import ENGINE

from .driver import act, close, start

AUCTION = {
    "title": "Sealed bids",
    "instructions": "Bid for the key.",
    "deadline": "1h",
    "answers": "everyone",
    "field_1": "Bid | number 0..9 | missed 0",
    "reveal": "totals",
    "talk": "nobody",
}


def test_it_opens_a_round_again_from_a_saved_template():
    state = act(start(), "open_round", **AUCTION, save_as="Auction").state
    assert state["templates"] == [{"name": "Auction", "data": AUCTION}]
    state = act(close(state, {}).state, "publish_result", announcement="Done.").state
    offered = {a.name: a for a in ENGINE.host_actions(state)}
    template = offered["open_template_0"]
    assert template.title == "Open a round from the template Auction"
    initial = {f.name: f.initial for f in template.form.fields if f.initial is not None}
    assert initial == AUCTION
    again = act(state, "open_template_0", **initial)
    assert again.state["rounds"][1]["fields"] == state["rounds"][0]["fields"] and again.open[0].key == "round-2"


def test_it_keeps_one_template_a_name_and_refuses_a_name_it_cannot_read():
    state = act(start(), "open_round", **AUCTION, save_as="Auction").state
    state = close(state, {}).state
    state = act(state, "open_round", **{**AUCTION, "title": "Bids again"}, save_as="auction").state
    assert [(t["name"], t["data"]["title"]) for t in state["templates"]] == [("auction", "Bids again")]
    refused = act(close(state, {}).state, "open_round", **AUCTION, save_as="A | B")
    assert isinstance(refused, api.Invalid) and "|" in refused.message
