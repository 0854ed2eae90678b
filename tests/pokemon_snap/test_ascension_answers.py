"""S12f's order, worked by hand: Heaven's answers are applied first, every valid one, and the
seeded draw settles only the places left; an extra pick the form accepts is never overtaken by
the draw. Photographers are seats 0 and 1, Pokemon seats 2-7."""

import itertools
import random
import re
from pathlib import Path
from unittest import TestCase

from games.engine_api import Invalid
from games.pokemon_snap.engine import ascension, prompts

POKEMON = [2, 3, 4, 5, 6, 7]
RULES = Path(__file__).resolve().parents[2] / "games/pokemon_snap/templates/pokemon_snap/rules.html"


def state_for(ap, winners):
    """The part of a finished day 5 that the ascension prompt reads."""
    return {
        "scores": {"ap": {str(s): v for s, v in ap.items()}, "heaven_winners": winners},
        "pokemon_names": {str(p): f"Mon{p}" for p in POKEMON},
        "names": [f"P{i}" for i in range(8)],
        "pokemon": POKEMON,
        "photographers": [0, 1],
    }


class Recorder:
    """A draw that takes `prefer` whenever it is offered (else the first option) and keeps
    every list of options it was offered."""

    def __init__(self, prefer=None):
        self.prefer, self.offered = prefer, []

    def __call__(self, options):
        self.offered.append(list(options))
        return self.prefer if self.prefer in options else options[0]


def draws():
    """Several draws, so that an answer honoured only by luck of the draw is caught."""
    yield Recorder()
    yield lambda options: options[-1]
    for seed in range(4):
        yield random.Random(seed).choice


class AnswersFirstTestCase(TestCase):
    def test_it_applies_a_lone_winner_s_last_before_drawing_second(self):
        # AP {2: 1, 3-7: 0}: 2 is first; second and last are both asked among 3-7. The winner
        # answers only last = 3. The draw would pick 3 if offered; S12f marks 3 first, so the
        # draw for second is offered 4-7 only and (offering no 3) takes the first, 4.
        ap = {2: 1, 3: 0, 4: 0, 5: 0, 6: 0, 7: 0}
        self.assertEqual(ascension.asked(ap, False), {"second": [3, 4, 5, 6, 7], "last": [3, 4, 5, 6, 7]})
        draw = Recorder(prefer=3)
        self.assertEqual(ascension.settle(ap, False, [{"last": 3}], draw), {"first": 2, "second": 4, "last": 3})
        self.assertEqual(draw.offered, [[4, 5, 6, 7]])  # one draw, for second, without 3

    def test_it_keeps_a_tied_heaven_s_second_out_of_the_draw_for_first(self):
        # AP {2: 2, 4: 2, 5: 2, 7: 1, 3: 0, 6: 0}, Heaven tied: first and second asked among
        # 2, 4, 5 and last among 3, 6. Both answer second = 5, last = 3, extra = 7. The draw
        # would take 5 for first if offered; it is offered 2 and 4 only and takes 2. Heaven is
        # the two photographers, Hell's first (2) and the extra (7): 5 stays in Hell.
        ap = {2: 2, 4: 2, 5: 2, 7: 1, 3: 0, 6: 0}
        state = state_for(ap, [0, 1])
        sent = prompts.clean_ascension(state, 0, {"second": "5", "last": "3", "extra": "7"})
        self.assertEqual(sent, {"second": "5", "last": "3", "extra": "7"})
        draw = Recorder(prefer=5)
        result = prompts.ascension_result(state, {0: sent, 1: sent}, draw)
        self.assertEqual(draw.offered, [[2, 4]])
        self.assertEqual(result["places"], {"first": 2, "second": 5, "last": 3})
        self.assertEqual((result["extra"], result["how"]), (7, "picked"))
        self.assertEqual(result["heaven"], [0, 1, 2, 7])
        self.assertEqual(result["marked"], 3)

    def test_it_still_draws_a_place_a_tied_heaven_answered_differently(self):
        ap = {2: 2, 4: 2, 5: 2, 7: 1, 3: 0, 6: 0}
        draw = Recorder(prefer=6)
        places = ascension.settle(ap, True, [{"second": 5, "last": 3}, {"second": 5, "last": 6}], draw)
        self.assertEqual(places["second"], 5)  # both said 5
        self.assertEqual(draw.offered, [[2, 4], [3, 6]])  # first among 2 and 4, then last: they differed
        self.assertEqual(places["last"], 6)


class ExtraPickTestCase(TestCase):
    # AP {2: 9, 3: 7, 4: 5, 5: 4, 6: 1, 7: 1}, one Heaven winner: only last is asked, among 6 and 7.
    AP = {2: 9, 3: 7, 4: 5, 5: 4, 6: 1, 7: 1}

    def test_it_refuses_a_pick_tied_for_a_blank_last_place_and_says_why(self):
        # Last left blank, extra = 7: the draw could mark 7, which would drop the pick, so the
        # form asks for last first.
        state = state_for(self.AP, [0])
        refused = prompts.clean_ascension(state, 0, {"extra": "7"})
        self.assertIsInstance(refused, Invalid)
        self.assertIn("still tied for Hell's last place", refused.message)
        self.assertIn("name who takes it first", refused.message)

    def test_it_keeps_that_pick_once_last_is_named_whatever_the_draw(self):
        state = state_for(self.AP, [0])
        sent = prompts.clean_ascension(state, 0, {"last": "6", "extra": "7"})
        self.assertEqual(sent, {"last": "6", "extra": "7"})
        for draw in draws():
            result = prompts.ascension_result(state, {0: sent}, draw)
            self.assertEqual((result["marked"], result["extra"], result["how"]), (6, 7, "picked"))
            self.assertEqual(result["heaven"], [0, 2, 3, 7])  # the winner, Hell's first two, the pick

    def test_it_refuses_a_pick_tied_for_a_blank_second_place_too(self):
        # AP {2: 9, 3-5: 5, 6: 2, 7: 1}, one winner: second is asked among 3, 4 and 5. With second
        # blank, 4 could be drawn second (and ascend as such, the pick going to someone else).
        state = state_for({2: 9, 3: 5, 4: 5, 5: 5, 6: 2, 7: 1}, [0])
        refused = prompts.clean_ascension(state, 0, {"extra": "4"})
        self.assertIn("still tied for Hell's second place", refused.message)
        sent = prompts.clean_ascension(state, 0, {"second": "3", "extra": "4"})
        for draw in draws():
            result = prompts.ascension_result(state, {0: sent}, draw)
            self.assertEqual((result["places"]["second"], result["extra"], result["marked"]), (3, 4, 7))
            self.assertEqual(result["heaven"], [0, 2, 3, 4])

    def test_it_says_beside_the_pick_that_a_tied_player_can_be_drawn_for_a_blank_place(self):
        for winners in ([0], [0, 1]):
            form = prompts.ascension_form(state_for(self.AP, winners), 0)
            extra = next(f for f in form.fields if f.name == "extra")
            self.assertIn("A player still tied for a place you leave blank could be drawn for that place", extra.help)
            self.assertIn("only once you name who takes that place", extra.help)
            self.assertIn("the seeded draw settles only", form.intro)


def by_hand_lone(second, last, extra):
    """The hand rule for AP {2: 1, 3-7: 0} and one winner: 2 is first; second and last are
    asked among 3-7 and may not name the same player; the extra may not be 2 (first) or a
    player answered for a place, and a player of 3-7 only once both places are answered
    (else the draw could give them one)."""
    if second and second == last:
        return False
    if extra is None:
        return True
    if extra in (2, second, last):
        return False
    return extra not in (3, 4, 5, 6, 7) or bool(second and last)


class EveryCombinationTestCase(TestCase):
    def check_honoured(self, state, winners, data):
        sent = prompts.clean_ascension(state, winners[0], data)
        if isinstance(sent, Invalid):
            return False
        for draw in draws():
            result = prompts.ascension_result(state, {w: sent for w in winners}, draw)
            for place in ("first", "second", "last"):
                if place in data:
                    self.assertEqual(result["places"][place], int(data[place]), (data, place))
            if "extra" in data:
                self.assertEqual((result["extra"], result["how"]), (int(data["extra"]), "picked"), data)
        return True

    def test_it_honours_every_valid_answer_of_a_lone_winner_blank_or_not(self):
        state = state_for({2: 1, 3: 0, 4: 0, 5: 0, 6: 0, 7: 0}, [0])
        accepted = 0
        for second, last, extra in itertools.product([None, 3, 4, 5, 6, 7], [None, 3, 4, 5, 6, 7], [None] + POKEMON):
            data = {k: str(v) for k, v in (("second", second), ("last", last), ("extra", extra)) if v}
            ok = self.check_honoured(state, [0], data)
            self.assertEqual(ok, by_hand_lone(second, last, extra), data)
            accepted += ok
        # By hand: 36 (second, last) pairs (blank or 3-7 each), 5 of them name one player twice:
        # 31 valid. Extra blank: 31.
        # Extra 2: none. Extra of 3-7 with both answered: 20 pairs x 3 players left = 60;
        # with second blank or last blank: none (the draw could give them the blank place).
        self.assertEqual(accepted, 31 + 60)

    def test_it_honours_every_valid_answer_of_a_tied_heaven_in_an_all_tied_hell(self):
        # All six at 4 AP and Heaven tied: first, second and last are all asked among 2-7.
        state = state_for({s: 4 for s in POKEMON}, [0, 1])
        options = [None] + POKEMON
        accepted = 0
        for first, second, last, extra in itertools.product(options, options, options, options):
            data = {k: str(v) for k, v in (("first", first), ("second", second), ("last", last), ("extra", extra)) if v}
            accepted += self.check_honoured(state, [0, 1], data)
        # By hand: (first, second, last), each blank or a player, given ones distinct:
        # 1 + 3 x 6 + 3 x 6 x 5 + 6 x 5 x 4 = 229, each with the extra blank. The extra may not be
        # first or last, but may be the second (a tied Heaven's second does not ascend unless
        # they disagree on the extra). Any player no answer names could be drawn for a blank first
        # or last, so with first and last answered: second blank, 6 x 5 pairs x 4 picks = 120;
        # second answered, 6 x 5 x 4 x 4 = 480. With first or last blank, only the answered
        # second is safe: 6 seconds x (both blank 1 + first only 5 + last only 5) = 66.
        self.assertEqual(accepted, 229 + 120 + 480 + 66)


class RulesPageTestCase(TestCase):
    def test_it_states_the_order_of_answers_and_draw_and_the_pick_s_caveat_on_the_rules_page(self):
        words = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", RULES.read_text()))
        self.assertIn(
            "Heaven's answers are applied first, every valid one; the seeded draw settles only the places left", words
        )
        # Ruling S12f, said once and in its own terms.
        self.assertIn(
            "A pick who is still tied for a place your answer leaves blank, where that place would make "
            "them ascend or be marked, is refused until that place is answered",
            words,
        )
        self.assertEqual(words.count("not ascending already and is not the marked loser"), 1)
