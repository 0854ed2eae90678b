"""A round of Quattro Loop step by step (rulings L2, L3, L9, L12, L13f, L13h): placements,
immediate effects by letter, both at once on one letter, prompts and their misses, end effects
A to G, what each player sees, and how a match ends."""

import random

from games import engine_api as api
from games.quattro_loop.engine import ENGINE
from games.quattro_loop.engine.notation import SLOTS
from tests.support.engine_driver import close_phase

QUIET = "end: swap this this"


def new_match(board, **settings):
    merged = ENGINE.validate_settings({"boards": "custom", "board_lines": [board] * 20, **settings}, 2)
    assert not isinstance(merged, api.Invalid), merged
    return ENGINE.setup([api.SeatInfo(0, "Ada"), api.SeatInfo(1, "Ben")], merged, random.Random(1))


def hand(state, seat, *indices):
    """Put the seat's cards (by index into its set: 0 r1, 1 r2, 2 b1, 3 b2, 4 g1, 5 g2, 6 y1,
    7 y2) in hand, and the rest in the deck, in this order."""
    ids = [state["owned"][seat][i] for i in indices]
    rest = [c for c in state["owned"][seat] if c not in ids]
    state["hands"][seat], state["decks"][seat] = ids[:2], ids[2:] + rest


def place(state, moves, rng=None):
    key = f"r{state['round']}-place-{state['placement']}"
    data = {seat: {"card": state["owned"][seat][i], "slot": slot} for seat, (i, slot) in moves.items()}
    return close_phase(ENGINE, state, key, (0, 1), data, rng or random.Random(2))


def card(state, seat, slot):
    cid = state["loops"][seat][SLOTS.index(slot)]
    return None if cid is None else (state["cards"][cid]["v"], state["cards"][cid]["c"])


def test_it_deals_two_and_opens_a_two_minute_first_placement_then_one_minute_ones():
    t = new_match([QUIET] * 7)
    assert [len(h) for h in t.state["hands"]] == [2, 2] and [len(d) for d in t.state["decks"]] == [6, 6]
    assert [(p.key, p.waits_on, p.duration, p.close_early) for p in t.open] == [("r1-place-1", (0, 1), 120, True)]
    hand(t.state, 0, 0, 1)
    hand(t.state, 1, 0, 1)
    t = place(t.state, {0: (0, "A"), 1: (1, "G")})
    assert [(p.key, p.duration) for p in t.open] == [("r1-place-2", 60)]
    assert [len(h) for h in t.state["hands"]] == [2, 2]  # one placed, one more dealt
    assert card(t.state, 0, "A") == (1, "red") and card(t.state, 1, "G") == (2, "red")
    assert "Ada placed 1 red on A. Ben placed 2 red on G." in t.events[0].text


def test_it_offers_only_the_hand_and_empty_slots_and_refuses_anything_else():
    t = new_match([QUIET] * 7)
    hand(t.state, 0, 0, 1)
    form = ENGINE.form(t.state, "r1-place-1", 0)
    assert [c for c, _ in form.fields[0].choices] == t.state["hands"][0]
    assert [s for s, _ in form.fields[1].choices] == list(SLOTS)
    for bad in (
        {"card": t.state["owned"][0][5], "slot": "A"},
        {"card": t.state["owned"][1][0], "slot": "A"},
        {"card": t.state["hands"][0][0], "slot": "H"},
        {"card": t.state["hands"][0][0]},
        {"card": t.state["hands"][0][0], "slot": ""},
        {"card": t.state["hands"][0][0], "slot": "AB"},
        {"card": t.state["hands"][0][0], "slot": "A", "seat": 1},
        {"card": ["x"], "slot": "A"},
    ):
        assert isinstance(ENGINE.validate_submission(t.state, "r1-place-1", 0, bad), api.Invalid), bad
    assert isinstance(
        ENGINE.validate_submission(t.state, "r1-place-2", 0, {"card": t.state["hands"][0][0], "slot": "A"}), api.Invalid
    )
    hand(t.state, 1, 0, 1)
    t = place(t.state, {0: (0, "A"), 1: (0, "A")})
    form = ENGINE.form(t.state, "r1-place-2", 0)
    assert "A" not in [s for s, _ in form.fields[1].choices]


def test_a_missed_placement_puts_a_random_hand_card_on_a_random_empty_slot():
    t = new_match([QUIET] * 7)
    counted = ENGINE.default_submission(t.state, "r1-place-1", 0, None, random.Random(5))
    assert counted["card"] in t.state["hands"][0] and counted["slot"] in SLOTS


def test_a_missed_placement_is_said_as_the_seeds_and_a_sent_one_as_the_players():
    t = new_match([QUIET] * 7)
    hand(t.state, 1, 0, 1)
    ben = {1: {"card": t.state["owned"][1][1], "slot": "G"}}  # Ada sends nothing: the seed places for her
    t = close_phase(ENGINE, t.state, "r1-place-1", (0, 1), ben, random.Random(2))
    (slot,) = [i for i in range(7) if t.state["loops"][0][i] is not None]
    cid = t.state["loops"][0][slot]
    ada = f"{t.state['cards'][cid]['v']} {t.state['cards'][cid]['c']} on {SLOTS[slot]}"
    assert t.events[0].text == (
        f"Round 1, placement 1: time ran out for Ada: the seed placed {ada}. Ben placed 2 red on G."
    )
    assert t.state["rounds"][-1]["log"][0] == f"Placement 1: time ran out for Ada: the seed placed {ada}."


def test_immediate_effects_resolve_by_letter_after_both_placements_are_on_the_loops():
    board = [QUIET, QUIET, "now: +1 this", QUIET, "now: copyvalue opp C this", QUIET, QUIET]
    t = new_match(board)
    hand(t.state, 0, 3, 0)  # Ada: blue 2 on E
    hand(t.state, 1, 0, 1)  # Ben: red 1 on C
    t = place(t.state, {0: (3, "E"), 1: (0, "C")})
    # C first (Ben's 1 becomes 2), then E: Ada's E copies Ben's C as it is by then.
    assert card(t.state, 1, "C") == (2, "red") and card(t.state, 0, "E") == (2, "blue")
    texts = [e.text for e in t.events if e.kind == "quattro.effect"]
    assert "Ben's C" in texts[0] and "Ada's E" in texts[1]


def test_the_same_letter_on_both_loops_resolves_at_once():
    t = new_match(["now: copyvalue opp this this"] + [QUIET] * 6)
    hand(t.state, 0, 1, 0)  # Ada: red 2
    hand(t.state, 1, 2, 0)  # Ben: blue 1
    t = place(t.state, {0: (1, "A"), 1: (2, "A")})
    assert card(t.state, 0, "A") == (1, "red") and card(t.state, 1, "A") == (2, "blue")  # exchanged values


def test_a_choice_opens_a_prompt_for_both_and_the_next_placement_waits():
    t = new_match(["now: +1 pick"] + [QUIET] * 6, prompt_seconds=45)
    hand(t.state, 0, 0, 1)
    hand(t.state, 1, 0, 1)
    t = place(t.state, {0: (0, "B"), 1: (0, "B")})  # a red 1 each on B (quiet now)
    t = place(t.state, {0: (1, "A"), 1: (1, "A")})  # a red 2 each on A: A's pick has two cards to choose from
    assert [(p.key, p.waits_on, p.duration) for p in t.open] == [("r1-prompt-1", (0, 1), 45)]
    form = ENGINE.form(t.state, "r1-prompt-1", 0)
    assert [c for c, _ in form.fields[0].choices] == ["A", "B"]
    assert form.fields[0].label.startswith("Your A (")  # the slot that asks
    assert (
        isinstance(ENGINE.form(t.state, "r1-place-3", 0), api.FormSpec)
        and not ENGINE.form(t.state, "r1-place-3", 0).fields
    )
    name = form.fields[0].name
    assert isinstance(ENGINE.validate_submission(t.state, "r1-prompt-1", 0, {name: "C"}), api.Invalid)  # C is empty
    t = close_phase(ENGINE, t.state, "r1-prompt-1", (0, 1), {0: {name: "A"}}, random.Random(3))  # Ben misses
    assert card(t.state, 0, "A") == (3, "red") and card(t.state, 0, "B") == (1, "red")  # Ada chose her A
    assert card(t.state, 1, "A")[0] + card(t.state, 1, "B")[0] == 1 + 2 + 1  # one of Ben's, chosen at random
    assert t.events[0].text == "Time ran out for Ben: the seed chose."  # said as a default; Ada chose
    assert not [e for e in t.events if "Ada: the seed" in e.text]
    assert [p.key for p in t.open] == ["r1-place-3"]


def test_it_holds_up_nothing_when_copycolour_copies_from_a_zero_card():
    # L13e: Ada places a card made 0 on A, whose `now: copycolour this pick` has no colour to give:
    # no prompt opens, the next placement opens at once, and nothing changed. Ben's A does the
    # same from his own 0 card: a simultaneous letter, still no prompt.
    t = new_match(["now: copycolour this pick"] + [QUIET] * 6)
    for seat in (0, 1):
        hand(t.state, seat, 0, 1)
        t.state["cards"][t.state["owned"][seat][0]] = {"v": 0, "c": None}
    t = place(t.state, {0: (0, "A"), 1: (0, "A")})
    assert [p.key for p in t.open] == ["r1-place-2"] and t.state["asked"] == []
    assert card(t.state, 0, "A") == (0, None) and card(t.state, 1, "A") == (0, None)
    assert not any(e.kind == "quattro.prompt" for e in t.events)


def test_end_effects_run_a_to_g_after_the_seventh_placement_and_now_lines_do_nothing_then():
    board = ["end: double this", "end: copyvalue A this", "now: +1 this"] + [QUIET] * 4
    state = new_match(board).state
    for seat in (0, 1):
        hand(state, seat, 0, 1, 2, 3, 4, 5, 6, 7)  # the k-th card dealt goes on slot k
    for k, slot in enumerate(SLOTS):
        state = place(state, {0: (k, slot), 1: (k, slot)}).state
    loop = state["rounds"][0]["loops"][0]
    # A: red 1 doubled to 2; B then copies A: 2; C got +1 when placed (blue 1 -> 2) and not again at the end
    assert [(c["v"], c["c"]) for c in loop[:3]] == [(2, "red"), (2, "red"), (2, "blue")]


def test_players_see_their_own_hand_and_only_the_count_of_the_other():
    t = new_match([QUIET] * 7)
    ada = ENGINE.view(t.state, api.Viewer.for_seat(0))
    spectator = ENGINE.view(t.state, api.Viewer.spectator())
    assert len(ada["my_hand"]) == 2 and "hands" not in ada and ada["hand_counts"] == [2, 2]
    assert "my_hand" not in spectator and "hands" not in spectator and "my_unplayed" not in spectator
    assert len(ENGINE.view(t.state, api.Viewer.host())["hands"][1]) == 2


def ended(points, rounds_played, max_rounds=15, advantage=0, sums=(0, 0)):
    t = new_match([QUIET] * 7, max_rounds=max_rounds, advantage_seat=advantage)
    state = t.state
    state["points"], state["round"], state["sums"] = list(points), rounds_played, list(sums)
    return ENGINE._winner(state, random.Random(9))


def test_the_match_ends_only_with_a_lead_at_five():
    assert ended((5, 4), 6) == 0
    assert ended((5.5, 5), 7) == 0  # both past 5, but one leads
    assert ended((5, 5), 7) is None  # play on
    assert ended((4.5, 4), 6) is None


def test_after_max_rounds_points_then_sums_then_the_advantage_then_the_seed_decide():
    assert ended((4, 3), 15) == 0
    assert ended((4, 4), 15, sums=(10, 30)) == 1
    assert ended((4, 4), 15, sums=(30, 30), advantage=1) == 1
    assert ended((4, 4), 15, sums=(30, 30), advantage=None) in (0, 1)
    assert ended((4, 4), 15, sums=(30, 30), advantage=None) == ended((4, 4), 15, sums=(30, 30), advantage=None)


def test_there_is_no_plus_one_without_an_advantage():
    t = new_match([QUIET] * 7, advantage_seat=None)
    assert t.state["advantage"] is None
    assert "Advantage" not in str(ENGINE.view(t.state, api.Viewer.spectator())["advantage"])
