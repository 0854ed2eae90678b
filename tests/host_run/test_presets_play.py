"""The shipped games (games/host_run/presets) played a round each from their own templates,
with the built-in rule their rules text describes, against results worked out by hand."""

from games import engine_api as api
from games.host_run.engine import ENGINE
from games.host_run.presets import presets

from .driver import act, close, start


def opened(key, template_name, names=("Ada", "Ben", "Cleo", "Dan")):
    settings = presets()[key]["settings"]
    state = start(names, **settings)
    k = [t["name"] for t in state["templates"]].index(template_name)
    offered = {a.name: a for a in ENGINE.host_actions(state)}[f"open_template_{k}"]
    data = {f.name: f.initial for f in offered.form.fields if f.initial is not None}
    t = act(state, f"open_template_{k}", **data)
    assert not isinstance(t, api.Invalid), t
    return t.state


def proposed(state, rule, **params):
    t = act(state, f"rule_{rule}", field="1", **params)
    assert not isinstance(t, api.Invalid), t
    form = next(a.form for a in ENGINE.host_actions(t.state) if a.name == "publish_result")
    data = {f.name: f.initial for f in form.fields if f.initial}
    published = act(t.state, "publish_result", **data)
    assert not isinstance(published, api.Invalid), published
    return published.state["values"]


def test_it_sells_the_auction_houses_lot_to_the_highest_bid_at_its_own_price():
    # bids 9, 5, 3, 5 from 20 Coins each: Ada's 9 wins, pays 9 and takes one Lot
    state = close(opened("auction_house", "Sealed bid"), {0: {"f1": 9}, 1: {"f1": 5}, 2: {"f1": 3}, 3: {"f1": 5}}).state
    values = proposed(
        state, "auction", wins="highest", pays="own", ties="cancel", pay_counter="Coins", prize_counter="Lots", prize=1
    )
    assert values == [[11, 1], [20, 0], [20, 0], [20, 0]]


def test_it_takes_a_seal_from_the_councils_exile_by_plurality():
    # Ada and Ben vote Cleo (seat 2), Cleo votes Ada, Dan misses: Cleo has the most votes
    state = close(opened("council_vote", "Exile vote"), {0: {"f1": "2"}, 1: {"f1": "2"}, 2: {"f1": "0"}}).state
    values = proposed(state, "vote", method="plurality", ties="none", who="chosen", counter="Seals", delta=-1)
    assert [v[0] for v in values] == [2, 2, 1, 2]


def test_it_scores_trust_and_betrayal_from_its_payoff_table_pair_by_pair():
    # Ada and Ben trust, Cleo betrays. Ada-Ben 3, 3; Ada-Cleo 0, 5; Ben-Cleo 0, 5: so 3, 3, 10
    answers = {0: {"f1": "0"}, 1: {"f1": "0"}, 2: {"f1": "1"}}  # options are sent by index: 0 Trust, 1 Betray
    state = close(opened("trust_game", "Trust or betray", names=("Ada", "Ben", "Cleo")), answers).state
    values = proposed(
        state,
        "payoff",
        counter="Points",
        table_1="Trust, Trust: 3, 3",
        table_2="Trust, Betray: 0, 5",
        table_3="Betray, Betray: 1, 1",
    )
    assert values == [[3], [3], [10]]
