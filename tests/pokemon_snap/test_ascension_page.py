"""The ascension prompt as the platform serves it, after the hand-worked match of test_full_match
is played through the platform: the extra pick's help says that a player still tied for a place
left blank could be drawn for it, and the form refuses such a pick until last is named."""

import re

from django.test import Client

from matches.core import lifecycle
from matches.core.lifecycle import Refused
from tests.support.base import BaseTransactionTestCase

from .support_match import SnapAscensionMixin

CAVEAT = "A player still tied for a place you leave blank could be drawn for that place"


class AscensionPageTestCase(SnapAscensionMixin, BaseTransactionTestCase):
    def setUp(self):
        super().setUp()
        self.start()
        self.play_to_ascension()

    def test_it_shows_the_caveat_beside_the_extra_pick_and_refuses_a_pick_tied_for_a_blank_last(self):
        phase = self.open_phase()
        self.assertEqual(phase.key, "ascension")
        client = Client()
        client.force_login(self.carol)
        page = client.get(f"/play/{self.match.pk}/").content.decode()
        words = re.sub(r"\s+", " ", page)
        beside = re.search(r'id="id_extra_helptext">([^<]*)</div>', words).group(1)  # the extra pick's help
        self.assertIn(CAVEAT, beside)
        self.assertIn("the seeded draw settles only the places you leave blank", words)
        with self.assertRaisesMessage(Refused, "still tied for Hell's last place"):
            lifecycle.do_submit(phase.pk, self.seat("carol"), {"extra": "7"})  # Ivan, tied for last
        lifecycle.do_submit(phase.pk, self.seat("carol"), {"last": "6", "extra": "7"})
        self.match.refresh_from_db()
        self.assertEqual(self.match.state["result"]["extra"], 7)  # closed early: she was the only one asked
        self.assertEqual(self.match.state["result"]["marked"], 6)

    def test_it_says_an_ascension_prompt_left_to_run_out_as_the_seeds_and_an_answered_one_not(self):
        lifecycle.do_force_close(self.open_phase().pk)  # Carol, alone in Heaven, lets it run out
        self.match.refresh_from_db()
        log = list(self.match.events.order_by("seq").values_list("text", flat=True))
        over = next(i for i, text in enumerate(log) if text.startswith("Pokemon Snap is over."))
        self.assertEqual(log[over - 1], "Time ran out for Carol: the seed drew what was not chosen.")  # said first

    def test_it_says_no_default_when_heaven_answered(self):
        lifecycle.do_submit(self.open_phase().pk, self.seat("carol"), {"last": "6", "extra": "7"})
        self.match.refresh_from_db()
        self.assertFalse([t for t in self.match.events.values_list("text", flat=True) if "ran out" in t])
