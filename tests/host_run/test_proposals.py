"""A built-in rule put to a closed round (host action "rule_<name>"): its proposal fills in the
result's form, for the host to edit and publish; nothing changes until it is published."""

from games import engine_api as api
from games.host_run.engine import ENGINE

from .driver import act, played, start, texts

COUNTERS = [
    {"name": "Coins", "start": 10, "low": 0, "high": 99, "sees": "player"},
    {"name": "Points", "start": 0, "low": -9, "high": 9, "sees": "everyone"},
]
BIDS = {0: {"f1": 7}, 1: {"f1": 4}, 2: {"f1": 7}, 3: {"f1": 2}}


def result_form(state):
    form = next(a.form for a in ENGINE.host_actions(state) if a.name == "publish_result")
    return {f.name: f.initial for f in form.fields if f.initial}


def auction(**params):
    state = played(start(counters=COUNTERS), ["Bid | number 0..your Coins"], BIDS)
    data = {
        "field": "1",
        "wins": "highest",
        "pays": "own",
        "ties": "cancel",
        "pay_counter": "Coins",
        "prize_counter": "Points",
        "prize": 2,
        "show_numbers": "yes",
        **params,
    }
    return state, act(state, "rule_auction", **data)


def test_it_fills_the_result_with_an_all_pay_auctions_proposal_worked_by_hand():
    # highest bid wins, a tie drawn... here cancelled: Ada and Cleo tie at 7, so nobody wins;
    # all pay: each bidder pays their own bid (7, 4, 7, 2) whoever wins
    state, t = auction(pays="all")
    assert texts(t.events, api.Viewer.spectator()) == [] and t.state["values"] == state["values"]
    form = result_form(t.state)
    changes = sorted(v for k, v in form.items() if k.startswith("change_"))
    assert [c.split(" | ")[:3] for c in changes] == [
        ["Ada, Cleo", "Coins", "-7"],
        ["Ben", "Coins", "-4"],
        ["Dan", "Coins", "-2"],
    ]
    published = act(t.state, "publish_result", **form).state
    assert [v[0] for v in published["values"]] == [3, 6, 3, 8]
    assert [v[1] for v in published["values"]] == [0, 0, 0, 0]  # a cancelled tie: no prize


def test_it_proposes_a_winner_who_pays_the_second_price():
    # Ben 4 beats Dan 2 once Ada and Cleo send nothing; second price: the best other bid, 2
    state = played(start(counters=COUNTERS), ["Bid | number 0..your Coins"], {1: {"f1": 4}, 3: {"f1": 2}})
    t = act(
        state,
        "rule_auction",
        field="1",
        wins="highest",
        pays="second",
        ties="cancel",
        pay_counter="Coins",
        prize_counter="Points",
        prize=2,
    )
    changes = sorted(v.split(" | ")[:3] for k, v in result_form(t.state).items() if k.startswith("change_"))
    assert changes == [["Ben", "Coins", "-2"], ["Ben", "Points", "+2"]]


def test_it_refuses_parameters_it_cannot_read_and_changes_nothing():
    state, _ = auction()
    for change, words in [
        ({"pay_counter": "Gold"}, "Bids are paid from"),
        ({"field": "2"}, "field"),
        ({"field": "²"}, "field"),
        ({"wins": "loudest"}, "Who wins"),
    ]:
        base = {"field": "1", "wins": "highest", "pays": "own", "ties": "cancel", "pay_counter": "Coins"}
        got = act(state, "rule_auction", **{**base, **change})
        assert isinstance(got, api.Invalid) and words in got.message, (change, got)
    assert "proposal" not in state["rounds"][0]


def test_it_offers_no_rule_for_a_round_it_cannot_read():
    state = played(start(), ["Words | text"], {})
    assert not [a for a in ENGINE.host_actions(state) if a.name.startswith("rule_")]
