"""A question with one possible answer is not asked (issue 40, point 5): the engine takes that
answer at once and the log says so; no choice phase opens. A question that is asked says which
slot asks, and says on which loop its cards are (the picture offers them). Loops worked by hand
as in test_effects: `3r` a red 3, `.` an empty slot; the effect sits on slot C."""

import random

from games.quattro_loop.engine import moments, notation

from .support import run, table
from .test_rounds import QUIET, card, hand, new_match, place


def notes_of(line, mine, theirs=". . . . . . ."):
    """The log's notes of seat 0's effect on C, its names left as placeholders."""
    cards, loops = table(mine, theirs)
    result = moments.resolve(cards, loops, [(0, 2, notation.parse(line))], {})
    assert result[0] == "done", result
    return result[3][0][2]


def test_a_swap_of_two_picks_with_one_card_on_the_loop_asks_nothing_and_changes_nothing():
    # the walk's case: "swap a card you pick and a card you pick", one card (a red 3 on C)
    assert run({(0, "C"): "now: swap pick pick"}, ". . 3r . . . .") == (". . 3r . . . .", ". . . . . . .")
    assert notes_of("now: swap pick pick", ". . 3r . . . .") == [
        "only one card could be picked: {p0}'s C (3 red)",
        "only one card could be picked: {p0}'s C (3 red)",
    ]


def test_a_pick_with_one_card_takes_that_card_on_either_loop():
    assert run({(0, "C"): "now: +1 pick"}, "5b . . . . . .") == ("6b . . . . . .", ". . . . . . .")
    # on the opponent's loop: their only card, a red 4 on A, loses one
    assert run({(0, "C"): "now: -1 opp pick"}, ". . 2g . . . .", "4r . . . . . .") == (
        ". . 2g . . . .",
        "3r . . . . . .",
    )
    assert notes_of("now: -1 opp pick", ". . 2g . . . .", "4r . . . . . .") == [
        "only one card could be picked: {p1}'s A (4 red)",
        "{p1}'s A 4 → 3",
    ]
    # "a card you pick on either loop" with one card on the two loops together
    assert run({(0, "C"): "now: +2 any"}, ". . 2g . . . .") == (". . 4g . . . .", ". . . . . . .")


def test_two_cards_are_asked_about_and_the_question_names_the_slot_that_asks():
    kind, questions = run({(0, "C"): "now: +1 pick"}, "5b . 2g . . . .")
    assert kind == "ask"
    (question,) = questions
    assert question["options"] == [["A", "your A (5 blue)"], ["C", "your C (2 green)"]]
    assert question["asker"] == "C" and question["loop"] == 0 and question["seat"] == 0
    assert question["text"] == "Your C (Now: a card you pick +1) asks: pick a card on your loop."
    # the answer given, the run goes on: C's green 2 becomes 3
    assert run({(0, "C"): "now: +1 pick"}, "5b . 2g . . . .", answers={"0.0": "C"}) == (
        "5b . 3g . . . .",
        ". . . . . . .",
    )


def test_a_question_answered_at_once_keeps_the_next_questions_id():
    # copy the value of a card you pick on the opponent's loop (one card: taken at once, id 0.0
    # used) to a card you pick on yours (two cards: asked, as 0.1)
    line = "now: copyvalue opp pick pick"
    kind, questions = run({(0, "C"): line}, "1b . 3r . . . .", "4r . . . . . .")
    assert kind == "ask" and [q["id"] for q in questions] == ["0.1"] and questions[0]["loop"] == 0
    # answered C: C takes the opponent's 4
    assert run({(0, "C"): line}, "1b . 3r . . . .", "4r . . . . . .", {"0.1": "C"}) == (
        "1b . 4r . . . .",
        "4r . . . . . .",
    )


def test_in_a_match_the_one_card_swap_opens_no_choice_phase_and_the_log_says_why():
    t = new_match(["now: swap pick pick"] + [QUIET] * 6)
    hand(t.state, 0, 0, 1)  # Ada's red 1 first
    hand(t.state, 1, 2, 3)  # Ben's blue 1 first
    t = place(t.state, {0: (0, "A"), 1: (2, "A")}, random.Random(3))
    # each loop has one card, on A: the swap asks nothing, and placement 2 opens at once
    assert [p.key for p in t.open] == ["r1-place-2"]
    assert t.state["asked"] == []
    assert card(t.state, 0, "A") == (1, "red") and card(t.state, 1, "A") == (1, "blue")
    log = t.state["rounds"][-1]["log"]
    assert "only one card could be picked: Ada's A (1 red)" in log[-1]
    assert "only one card could be picked: Ben's A (1 blue)" in log[-1]
    assert "Waiting for" not in " ".join(e.text for e in t.events)
