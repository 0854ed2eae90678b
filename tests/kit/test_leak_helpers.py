"""The leak helpers for small values (tests/support/leaks.py): a card "7" is found in a view by
where it stands, as a value or a word, and not inside another number."""

from unittest import TestCase

from games import engine_api as api
from tests.support.leaks import assert_view_hides, where_in_view


class ForeheadCards:
    """A view of two cards held to the forehead: each seat reads the other's card, never its own.
    `leaky` also tells each seat its own card, in a line of the log as a page would."""

    def __init__(self, leaky=False):
        self.leaky = leaky

    def view(self, state, viewer):
        out = {"round": state["round"], "scores": [17, 0.7], "others": {}}
        for seat, card in enumerate(state["cards"]):
            if viewer.kind == api.SEAT and viewer.seat != seat:
                out["others"][state["names"][seat]] = card
        if self.leaky and viewer.kind == api.SEAT:
            out["lines"] = [f"{state['names'][viewer.seat]} holds {state['cards'][viewer.seat]}"]
        return out


STATE = {"round": 2, "names": ["Ada", "Bob"], "cards": ["7", "3"]}


class WhereInViewTestCase(TestCase):
    def test_it_finds_a_small_value_as_a_value_or_a_word_and_not_inside_another_number(self):
        view = {"a": 7, "b": ["x", "Bob 7", "17", "7.5", "0.7", 70], "c": {"d": "7"}, "e": True}
        self.assertEqual(where_in_view(view, 7), ["view['a']", "view['b'][1]", "view['c']['d']"])
        self.assertEqual(where_in_view(view, "7"), ["view['a']", "view['b'][1]", "view['c']['d']"])
        self.assertEqual(where_in_view({"e": True, "f": 1}, 1), ["view['f']"])  # True is no 1


class AssertViewHidesTestCase(TestCase):
    def test_it_passes_a_view_that_shows_each_card_only_to_the_other_seat(self):
        assert_view_hides(self, ForeheadCards(), STATE, [api.Viewer.for_seat(0), None], "7")
        assert_view_hides(self, ForeheadCards(), STATE, [api.Viewer.for_seat(1), None], "3")

    def test_it_fails_a_view_that_tells_a_seat_its_own_card_and_names_where(self):
        with self.assertRaises(AssertionError) as caught:
            assert_view_hides(self, ForeheadCards(leaky=True), STATE, [api.Viewer.for_seat(0)], "7")
        self.assertIn("view['lines'][0]", str(caught.exception))

    def test_it_leaves_out_only_the_paths_named_public(self):
        seen_by_one = [api.Viewer.for_seat(1)]  # seat 1 reads Ada's 7 under "others"
        with self.assertRaises(AssertionError):
            assert_view_hides(self, ForeheadCards(), STATE, seen_by_one, "7")
        assert_view_hides(self, ForeheadCards(), STATE, seen_by_one, "7", except_under=["view['others']"])
