"""A missed step's default is said as one, in every registered game (issue 40, point 1): one seat
lets a step run out while the others send theirs, through the platform, and the log on the
missed player's page and on the public page says time ran out for them ("Time ran out for Otto:
..." or, to them, "Time ran out: ..."), while a seat that sent its whole move is never said to
have missed. Who had a default is read from the platform's own rows (a close's DEFAULT
submissions), not assumed: a seat whose sent move the rules completed is a default too.

Where who sent a phase is itself secret (`submitters_public` off: The Flat Earth Theory's
anonymous windows), who missed it is secret as well: the public page must not say it, and the
host's page must."""

import random
import re
from datetime import timedelta

from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from games import registry
from games.engine_api import Viewer
from matches import clock
from matches.core import lifecycle
from matches.models import Event, Phase, Submission
from tests.support.base import BaseTestCase
from tests.support.host_bot import until_a_phase_opens

MAX_CLOSES = 30


def ran_out_for(name):
    """The words that say a default of `name` in the third person: "time ran out for Ada" or
    "Time ran out: Ada ..." (the fixture games' form)."""
    return re.compile(rf"time ran out(?: for |: ){re.escape(name)}\b", re.IGNORECASE)


class MissedStepsTestCase(BaseTestCase):
    def close(self, phase, send, rng):
        """Send a legal move for each seat of `send` (as its player would), then let the deadline
        pass. Returns the seats the close filled in (its DEFAULT rows)."""
        engine = registry.get(self.match.game)
        for seat in send:
            self.match.refresh_from_db()
            phase.refresh_from_db()
            if phase.status != Phase.OPEN:
                break
            data = engine.random_submission(self.match.state, phase.key, seat, rng)
            lifecycle.do_submit(phase.pk, self.match.seats.get(seat=seat), data)
        phase.refresh_from_db()
        if phase.status == Phase.OPEN:
            with clock.simulated(phase.deadline + timedelta(seconds=1)):
                self.assertTrue(lifecycle.close_phase(phase.pk))
        rows = Submission.objects.filter(phase=phase, source=Submission.DEFAULT).exclude(payload=None)
        return set(rows.values_list("player__seat", flat=True))

    def play_with_one_miss(self, engine):
        """Start a match of `engine`; the first seat of its first step waited on misses it, every
        other move is sent, until a seat other than the one that missed has sent a whole move.
        Returns (the missed seat, the missed phase, the seats that sent whole moves)."""
        self.game = engine.slug
        self.match = self.game_match(engine)
        self.start(self.match)
        rng = random.Random(f"missed:{engine.slug}")
        missed, missed_phase, sent_whole, ever_filled = None, None, set(), set()
        for _ in range(MAX_CLOSES):
            phase = self.open_phase(until_a_phase_opens(self.match))  # a host-run game waits on its host
            self.assertIsNotNone(phase, "the match ended before anyone but the one who missed sent a move")
            if missed is None and phase.waits_on:
                missed, missed_phase = phase.waits_on[0], phase
                filled = self.close(phase, phase.waits_on[1:], rng)
                self.assertIn(missed, filled)
            else:
                filled = self.close(phase, phase.waits_on, rng)
            ever_filled |= filled
            sent_whole = (sent_whole | set(phase.waits_on)) - ever_filled - {missed}
            self.match.refresh_from_db()
            if missed is not None and sent_whole:
                return missed, missed_phase, sent_whole
        self.fail(f"no seat but the one that missed sent a whole move in {MAX_CLOSES} closes")

    def page(self, name, match):
        """The play page of `name`, the host's page ("hana") or the public page (None)."""
        client = Client()
        if name is None:
            return client.get(reverse("match_public", args=[match.pk])).content.decode()
        client.force_login(self.users[name] if name != "hana" else self.hana)
        url = reverse("match_host" if name == "hana" else "match_play", args=[match.pk])
        return client.get(url).content.decode()

    def test_it_says_a_missed_step_as_a_default_in_every_game(self):
        for engine in registry.all_engines():
            with self.subTest(game=engine.slug):
                missed, phase, sent_whole = self.play_with_one_miss(engine)
                match = self.match
                self.assertNotEqual(match.status, match.FINISHED, "a finished match shows every line to everyone")
                seats = {s.seat: s for s in match.seats.select_related("season_player__user")}
                name = seats[missed].season_player.display_name
                user = seats[missed].season_player.user.username
                events = list(Event.objects.filter(match=match).order_by("seq"))
                # as the host reads each line (a private one in the third person, by name)
                host_reads = {e.pk: e.text_for(Viewer.host()) for e in events}
                named = [e for e in events if ran_out_for(name).search(host_reads[e.pk])]
                told = [
                    e
                    for e in events
                    if e.visibility == Event.PRIVATE and e.seat == missed and "time ran out" in e.text.lower()
                ]
                public = [e for e in named if e.visibility == Event.PUBLIC]

                # the missed player's page says it: a line to them, or the public line naming them
                mine = self.page(user, match)
                self.assertTrue(
                    [e for e in told + public if escape(e.text) in mine],
                    f"{name}'s page does not say their step ran out",
                )
                # the public page says it where who sent is public, and never where it is secret
                everyone = self.page(None, match)
                if phase.submitters_public:
                    self.assertTrue(public, f"no public line says time ran out for {name}")
                    self.assertTrue([e for e in public if escape(e.text) in everyone])
                else:
                    self.assertFalse(public, f"who missed a secret-senders step is said in public: {public}")
                    self.assertIsNone(ran_out_for(name).search(everyone))
                    self.assertTrue([e for e in named if escape(host_reads[e.pk]) in self.page("hana", match)])

                # a seat that sent its whole move is never said to have missed, in any line
                for seat in sent_whole:
                    other = seats[seat].season_player
                    self.assertFalse([e.text for e in events if ran_out_for(other.display_name).search(e.text)])
                    self.assertFalse(
                        [
                            e.text
                            for e in events
                            if e.visibility == Event.PRIVATE and e.seat == seat and "time ran out" in e.text.lower()
                        ]
                    )
                    self.assertIsNone(ran_out_for(other.display_name).search(self.page(other.user.username, match)))
