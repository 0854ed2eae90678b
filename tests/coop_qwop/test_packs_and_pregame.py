"""Packs (ruling Q13) and pregame race proposals (ruling Q7), through ENGINE.apply_action."""

from __future__ import annotations

import copy
import random

import pytest

from games import engine_api as api
from games.coop_qwop.engine import ENGINE, pregame

from .support import athlete, new_game, number_of, started

RNG = random.Random(0)


def rich(seat, garnets=10):
    return api.Context({seat: {api.GARNET: garnets}})


def act(state, seat, name, data, ctx=None):
    return ENGINE.apply_action(state, seat, name, data, ctx or api.Context({}), RNG)


def ok(result):
    assert isinstance(result, api.Transition), result
    return result


# --- packs ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "pack,price,gained",
    [
        ("QQ", 1, {"Q": 2}),  # QQ pack: 1 garnet, Q + Q
        ("WP", 1, {"W": 1, "P": 1}),  # WP pack: 1 garnet, W + P
        ("OP", 1, {"O": 1, "P": 1}),  # OP pack: 1 garnet, O + P
        ("X", 2, {"X": 1}),  # X pack: 2 garnets, X
    ],
)
def test_it_sells_each_pack_at_its_price(pack, price, gained):
    state = new_game()
    before = dict(state["hands"][3])
    t = ok(act(state, 3, "buy_pack", {"pack": pack}, rich(3, price)))  # exactly enough garnets
    expected = {c: before[c] + gained.get(c, 0) for c in before}
    assert t.state["hands"][3] == expected
    assert [(d.seat, d.kind, d.amount) for d in t.ledger] == [(3, api.GARNET, -price)]
    assert state["hands"][3] == before  # the given state is not mutated
    others = [s for s in range(8) if s != 3]
    assert all(t.state["hands"][s] == state["hands"][s] for s in others)


def test_it_sells_each_pack_at_most_twice():
    state = new_game()
    ctx = rich(0, 100)
    state = ok(act(state, 0, "buy_pack", {"pack": "QQ"}, ctx)).state
    state = ok(act(state, 0, "buy_pack", {"pack": "QQ"}, ctx)).state
    assert state["hands"][0]["Q"] == 12  # 8 + 2 + 2
    third = act(state, 0, "buy_pack", {"pack": "QQ"}, ctx)
    assert isinstance(third, api.Invalid)
    assert "limit" in third.message.lower() or "twice" in third.message.lower() or "2 times" in third.message
    assert state["hands"][0]["Q"] == 12 and state["packs"][0]["QQ"] == 2  # nothing changed
    # the limit is per pack: another pack is still for sale, and per player: seat 1 can buy QQ
    ok(act(state, 0, "buy_pack", {"pack": "OP"}, ctx))
    ok(act(state, 1, "buy_pack", {"pack": "QQ"}, rich(1)))


def test_it_refuses_an_unaffordable_pack_with_a_reason():
    state = new_game()
    before = copy.deepcopy(state)
    bad = act(state, 2, "buy_pack", {"pack": "X"}, rich(2, 1))  # X costs 2, seat 2 has 1
    assert isinstance(bad, api.Invalid)
    assert "2" in bad.message and "garnet" in bad.message.lower()
    bad = act(state, 2, "buy_pack", {"pack": "QQ"}, api.Context({}))  # no garnets at all
    assert isinstance(bad, api.Invalid)
    # another seat's garnets don't pay for seat 2
    assert isinstance(act(state, 2, "buy_pack", {"pack": "QQ"}, rich(5, 10)), api.Invalid)
    assert state == before


def test_it_refuses_an_unknown_pack():
    state = new_game()
    assert isinstance(act(state, 0, "buy_pack", {"pack": "PP"}, rich(0)), api.Invalid)


def test_it_sells_packs_during_a_round_and_the_cards_can_be_played_at_once():
    state = started()
    t = ok(act(state, 0, "buy_pack", {"pack": "X"}, rich(0, 2)))
    assert t.state["hands"][0]["X"] == 4  # 3 + 1
    mine = [a["number"] for a in t.state["athletes"] if 0 in a["controllers"]]
    four_x = {f"card_{n}": "X" for n in mine[:4]}
    assert isinstance(ENGINE.validate_submission(state, "round-1", 0, four_x), api.Invalid)  # 3 X
    assert not isinstance(ENGINE.validate_submission(t.state, "round-1", 0, four_x), api.Invalid)


# --- pregame: single-race proposals ---------------------------------------------------------


def proposal_id(t):
    return t.state["proposals"][-1]["id"]


def as_seen(state, seat, pid):
    """The answer form's data: a player names a proposal by their own number for it (an outsider,
    who has none, tries the match-wide one)."""
    proposal = state["proposals"][pid - 1]
    number = next((n for n, p in enumerate(pregame.seen_by(state, seat), start=1) if p is proposal), pid)
    return {"proposal": str(number)}


def test_it_changes_a_race_only_when_the_other_controller_accepts():
    state = new_game()
    n = number_of(state, 0, 1)
    t = ok(act(state, 0, "propose", {"athlete": str(n), "race": "marathon"}))
    assert athlete(t.state, n)["race"] == "dash"  # not yet: seat 1 must agree
    pid = proposal_id(t)
    assert [e.seat for e in t.events if e.visibility == api.PRIVATE and e.seat != 0] == [1]
    # the proposer cannot accept for the other controller
    assert isinstance(act(t.state, 0, "accept", as_seen(t.state, 0, pid)), api.Invalid)
    # a player who does not control the athlete cannot answer
    assert isinstance(act(t.state, 5, "accept", as_seen(t.state, 5, pid)), api.Invalid)
    t = ok(act(t.state, 1, "accept", as_seen(t.state, 1, pid)))
    assert athlete(t.state, n)["race"] == "marathon"
    # any number of changes before the deadline
    t = ok(act(t.state, 1, "propose", {"athlete": str(n), "race": "middle"}))
    t = ok(act(t.state, 0, "accept", as_seen(t.state, 0, proposal_id(t))))
    assert athlete(t.state, n)["race"] == "middle"


def test_it_leaves_the_race_alone_when_declined():
    state = new_game()
    n = number_of(state, 4, 6)
    t = ok(act(state, 6, "propose", {"athlete": n, "race": "middle"}))
    pid = proposal_id(t)
    t = ok(act(t.state, 4, "decline", as_seen(t.state, 4, pid)))
    assert athlete(t.state, n)["race"] == "dash"
    assert isinstance(act(t.state, 4, "accept", as_seen(t.state, 4, pid)), api.Invalid)  # over


def test_it_lets_only_the_proposer_withdraw():
    state = new_game()
    n = number_of(state, 2, 3)
    t = ok(act(state, 2, "propose", {"athlete": str(n), "race": "marathon"}))
    pid = proposal_id(t)
    assert isinstance(act(t.state, 3, "withdraw", as_seen(t.state, 3, pid)), api.Invalid)
    t = ok(act(t.state, 2, "withdraw", as_seen(t.state, 2, pid)))
    assert isinstance(act(t.state, 3, "accept", as_seen(t.state, 3, pid)), api.Invalid)
    assert athlete(t.state, n)["race"] == "dash"


def test_it_refuses_a_proposal_for_someone_elses_athlete():
    state = new_game()
    theirs = number_of(state, 1, 2)
    bad = act(state, 0, "propose", {"athlete": str(theirs), "race": "marathon"})
    assert isinstance(bad, api.Invalid)
    assert state["proposals"] == []


# --- pregame: three-legged ------------------------------------------------------------------


def test_it_needs_all_four_controllers_for_a_three_legged_pair():
    state = new_game()
    a, b = number_of(state, 0, 1), number_of(state, 2, 3)
    t = ok(act(state, 0, "propose", {"athlete": str(a), "race": "three_legged", "partner": b}))
    pid = proposal_id(t)
    # seats 1, 2, 3 are asked, privately; no message names the proposer
    asked = sorted(e.seat for e in t.events if e.kind == "qwop.proposal")
    assert asked == [1, 2, 3]
    for e in t.events:
        if e.seat in (2, 3):
            assert e.visibility == api.PRIVATE
            assert state["names"][0] not in e.text
    inbox = ENGINE.view(t.state, api.Viewer.for_seat(2))["inbox"]
    assert len(inbox) == 1 and "proposer" not in inbox[0] and inbox[0]["yours"] is False
    for seat in (1, 2):
        t = ok(act(t.state, seat, "accept", as_seen(t.state, seat, pid)))
        assert athlete(t.state, a)["race"] == athlete(t.state, b)["race"] == "dash"  # still waiting
        for e in t.events:
            assert state["names"][0] not in e.text
    t = ok(act(t.state, 3, "accept", as_seen(t.state, 3, pid)))  # the fourth and last
    assert athlete(t.state, a)["race"] == athlete(t.state, b)["race"] == "three_legged"
    assert athlete(t.state, a)["partner"] == b and athlete(t.state, b)["partner"] == a


def test_it_needs_three_controllers_when_the_athletes_share_one():
    state = new_game()
    a, b = number_of(state, 0, 1), number_of(state, 1, 2)  # seat 1 controls both
    t = ok(act(state, 1, "propose", {"athlete": str(a), "race": "three_legged", "partner": b}))
    pid = proposal_id(t)
    assert sorted(e.seat for e in t.events if e.kind == "qwop.proposal") == [0, 2]
    t = ok(act(t.state, 0, "accept", as_seen(t.state, 0, pid)))
    assert athlete(t.state, a)["race"] == "dash"
    t = ok(act(t.state, 2, "accept", as_seen(t.state, 2, pid)))  # 3 distinct players: done
    assert athlete(t.state, a)["partner"] == b and athlete(t.state, b)["race"] == "three_legged"


def pair_up(state, a, b, proposer, others):
    t = ok(act(state, proposer, "propose", {"athlete": str(a), "race": "three_legged", "partner": b}))
    pid = proposal_id(t)
    for seat in others:
        t = ok(act(t.state, seat, "accept", as_seen(t.state, seat, pid)))
    return t.state


def test_it_dissolves_a_pair_when_one_partner_moves_to_another_race():
    state = new_game()
    a, b = number_of(state, 0, 1), number_of(state, 2, 3)
    state = pair_up(state, a, b, 0, (1, 2, 3))
    t = ok(act(state, 2, "propose", {"athlete": str(b), "race": "marathon"}))
    t = ok(act(t.state, 3, "accept", as_seen(t.state, 3, proposal_id(t))))
    assert athlete(t.state, b)["race"] == "marathon" and athlete(t.state, b)["partner"] is None
    assert athlete(t.state, a)["race"] == "dash" and athlete(t.state, a)["partner"] is None


def test_it_dissolves_a_pair_when_one_partner_takes_a_new_partner():
    state = new_game()
    a, b, c = number_of(state, 0, 1), number_of(state, 2, 3), number_of(state, 4, 5)
    state = pair_up(state, a, b, 0, (1, 2, 3))
    state = pair_up(state, a, c, 1, (0, 4, 5))
    assert athlete(state, a)["partner"] == c and athlete(state, c)["partner"] == a
    assert athlete(state, b)["race"] == "dash" and athlete(state, b)["partner"] is None


# --- the pregame deadline -------------------------------------------------------------------


def test_it_lapses_pending_proposals_at_the_pregame_close():
    state = new_game()
    n = number_of(state, 0, 1)
    t = ok(act(state, 0, "propose", {"athlete": str(n), "race": "marathon"}))
    pid = proposal_id(t)
    closed = ENGINE.resolve(t.state, "pregame", {}, random.Random(1))
    assert closed.state["round"] == 1
    assert closed.state["proposals"][0]["status"] == "lapsed"
    assert athlete(closed.state, n)["race"] == "dash"
    late = act(closed.state, 1, "accept", as_seen(closed.state, 1, pid))  # too late to agree
    assert isinstance(late, api.Invalid)
    assert athlete(closed.state, n)["race"] == "dash"


def test_it_refuses_race_changes_after_the_pregame():
    state = started()
    n = number_of(state, 0, 1)
    bad = act(state, 0, "propose", {"athlete": str(n), "race": "marathon"})
    assert isinstance(bad, api.Invalid)
    assert "pregame" in bad.message.lower()
    # and proposal actions are not offered once the rounds run
    names = [a.name for a in ENGINE.actions(state, 0, ["round-1"])]
    assert "propose" not in names and "buy_pack" in names


def test_it_lets_a_player_who_agreed_take_it_back_until_it_takes_effect():
    state = new_game()
    a, b = number_of(state, 0, 1), number_of(state, 2, 3)
    t = ok(act(state, 0, "propose", {"athlete": str(a), "race": "three_legged", "partner": b}))
    pid = proposal_id(t)
    t = ok(act(t.state, 2, "accept", as_seen(t.state, 2, pid)))  # seat 2 agrees, seats 1 and 3 have not yet
    t = ok(act(t.state, 2, "decline", as_seen(t.state, 2, pid)))  # ... and changes their mind
    assert t.state["proposals"][pid - 1]["status"] == "declined"
    late = act(t.state, 3, "accept", as_seen(t.state, 3, pid))
    assert isinstance(late, api.Invalid) and "no longer" in late.message
    assert athlete(t.state, a)["race"] == athlete(t.state, b)["race"] == "dash"
    own = act(t.state, 0, "decline", as_seen(t.state, 0, pid))
    assert isinstance(own, api.Invalid)  # the proposal is over; and a proposer withdraws, never declines


# --- what a proposal tells: nothing about others' proposals or acceptances ----------------------


def test_it_numbers_proposals_per_player():
    state = new_game()
    a, c, b = number_of(state, 0, 1), number_of(state, 2, 3), number_of(state, 0, 4)
    t = ok(act(state, 0, "propose", {"athlete": str(a), "race": "marathon"}))  # match-wide 1: seats 0, 1
    t = ok(act(t.state, 2, "propose", {"athlete": str(c), "race": "middle"}))  # match-wide 2: seats 2, 3
    t = ok(act(t.state, 4, "propose", {"athlete": str(b), "race": "middle"}))  # match-wide 3: seats 0, 4
    numbers = {
        seat: [p["id"] for p in ENGINE.view(t.state, api.Viewer.for_seat(seat))["inbox"]] for seat in (0, 1, 3, 4)
    }
    assert numbers == {0: [1, 2], 1: [1], 3: [1], 4: [1]}  # seat 4 is not told of the two before
    told = {e.seat: e.text for e in t.events}  # the third proposal's messages, in each one's numbering
    assert told[0].startswith("Proposal 2:") and told[4].startswith("You made proposal 1:")
    t = ok(act(t.state, 0, "accept", {"proposal": "2"}))  # seat 0's 2 is seat 4's proposal
    assert athlete(t.state, b)["race"] == "middle"
    assert athlete(t.state, a)["race"] == "dash"


def test_it_tells_a_three_legged_proposer_nothing_of_how_many_must_agree():
    """Four controllers (0, 1 | 2, 3) or three (0, 1 | 1, 2): the proposer's page and messages
    read alike, and nobody hears of an acceptance but the one who gave it."""
    seen = []
    for partner_controllers, others in (((2, 3), (1, 2, 3)), ((1, 2), (1, 2))):
        state = new_game()
        a, b = number_of(state, 0, 1), number_of(state, *partner_controllers)
        t = ok(act(state, 0, "propose", {"athlete": str(a), "race": "three_legged", "partner": b}))
        proposer_events = [e.text.replace(f"#{b}", "#B").replace(f"#{a}", "#A") for e in t.events if e.seat == 0]
        t = ok(act(t.state, others[0], "accept", as_seen(t.state, others[0], 1)))
        assert [e.seat for e in t.events] == [others[0]]  # only the one who agreed
        row = ENGINE.view(t.state, api.Viewer.for_seat(0))["inbox"][0]
        assert "missing" not in row
        seen.append((proposer_events, {k: v for k, v in row.items() if k != "text"}))
    assert seen[0] == seen[1]
