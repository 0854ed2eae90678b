"""What a closed round makes known under each reveal rule, worked by hand: nothing; each
player's own answer back; every answer by name; every answer anonymised, in an order that
says nothing of who sent it; only totals and counts."""

from games import engine_api as api

from .driver import close, open_round, start, texts

ROWS = ("Bid | number 0..9", "Colour | one of Red, Blue")
SENT = {0: {"f1": 7, "f2": "1"}, 1: {"f1": 2, "f2": "0"}, 2: {"f1": 5, "f2": "1"}}  # Dan misses


def closed(reveal):
    return close(open_round(start(), *ROWS, reveal=reveal).state, SENT)


def lines(t, viewer):
    return [line for line in texts(t.events, viewer) if "is closed" not in line]


def test_it_reveals_nothing_by_default():
    t = closed("nothing")
    assert texts(t.events, api.Viewer.spectator()) == ["Round 1 (Bids) is closed: 3 of 4 answers."]
    assert lines(t, api.Viewer.for_seat(0)) == []


def test_it_gives_each_player_their_own_answer_back_and_nobody_anyone_elses():
    t = closed("own")
    assert lines(t, api.Viewer.for_seat(0)) == ["Your answer in round 1: Bid: 7; Colour: Blue."]
    assert lines(t, api.Viewer.for_seat(1)) == ["Your answer in round 1: Bid: 2; Colour: Red."]
    assert lines(t, api.Viewer.for_seat(3)) == ["Your answer in round 1: no answer."]
    assert lines(t, api.Viewer.spectator()) == []


def test_it_publishes_every_answer_by_name():
    assert lines(closed("named"), api.Viewer.spectator()) == [
        "Ada: Bid: 7; Colour: Blue.",
        "Ben: Bid: 2; Colour: Red.",
        "Cleo: Bid: 5; Colour: Blue.",
        "Dan: no answer.",
    ]


def test_it_publishes_answers_anonymised_in_an_order_of_their_own():
    expected = [
        "An answer in round 1: Bid: 2; Colour: Red.",
        "An answer in round 1: Bid: 5; Colour: Blue.",
        "An answer in round 1: Bid: 7; Colour: Blue.",
        "An answer in round 1: no answer.",
    ]
    assert lines(closed("anonymous"), api.Viewer.spectator()) == expected
    swapped = {0: SENT[1], 1: SENT[0], 2: SENT[2]}  # Ada and Ben swap answers: the same lines, in the same order
    again = close(open_round(start(), *ROWS, reveal="anonymous").state, swapped)
    assert lines(again, api.Viewer.spectator()) == expected


def test_it_publishes_only_totals_and_counts():
    assert lines(closed("totals"), api.Viewer.spectator()) == [
        "Bid: 3 answers, total 14.",
        "Colour (choices): Red 1, Blue 2.",
    ]
