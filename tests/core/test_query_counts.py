"""Database queries of the match pages and of a close, asserted exactly (a regression and an
improvement both fail, so the figures here and in docs/benchmarks.md stay true), and flat in the
number of seats: a query per seat would turn a 200-seat close into 200 round trips.

Counted inside the test's transaction, so a close's own transaction shows as a SAVEPOINT and its
RELEASE (two queries that a close outside a test does not make)."""

import random

from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from games import registry
from matches.core import lifecycle
from matches.core.playtest import _new_match
from matches.models import Phase, SeasonPlayer
from tests.support.base import PASSWORD, BaseTestCase
from tests.support.host_bot import host_acts

# public page, player page, host page, close: what the platform costs for any game (a game added
# later is counted against it without a line here), and the games that cost more, with why
# (the host's 16: the seats' absences and missed deadlines, matches.seasons.seat_notes, 2; the
# seats part of substitutes, 3: who held each seat, requests for a substitute, who may take one)
FIXTURE = {"public": 5, "player": 11, "host": 16, "close": 10}
GAMES = {
    "coop_qwop": {**FIXTURE, "player": 12},  # its view shows the player's garnets
    "host_run": {**FIXTURE, "close": 9},  # a round's close opens no phase (the host opens the next)
}
FIXTURE_SETTINGS = {"rounds": 3, "round_seconds": 86400, "close_early": False}  # the phase stays open


def count(fn):
    with CaptureQueriesContext(connection) as ctx:
        fn()
    return len(ctx.captured_queries)


def open_phase(match):
    return Phase.objects.filter(match=match, status=Phase.OPEN).order_by("sequence").first()


def next_open_phase(match):
    """The open phase; in a game that waits on its host (a host-run game), once the bot host has
    opened one (publishing the last round's result first, as it may)."""
    for step in range(10):
        phase = open_phase(match)
        if phase is not None or not host_acts(match, step):
            return phase
    return None


class QueryCountTestCase(BaseTestCase):
    def new_match(self, game, seats, settings, closes=0):
        """A started match with `closes` phases closed by the host, then every other seat's move
        in for the open phase (seat 0 always, the last one never): pages show done and waiting,
        and the close writes some defaults."""
        match = _new_match(registry.get(game), seats, 4242, settings)
        match.season.hosts.add(self.hana)
        lifecycle.do_start(match.pk)
        for _ in range(closes):
            lifecycle.close_phase(next_open_phase(match).pk, "host")
        engine, rng = registry.get(game), random.Random(7)
        match.refresh_from_db()
        phase = next_open_phase(match)
        waiting = sorted(phase.waits_on)
        for player in match.seats.order_by("seat"):
            if player.seat in waiting[::2] and player.seat != waiting[-1]:
                lifecycle.do_submit(
                    phase.pk, player, engine.random_submission(match.state, phase.key, player.seat, rng)
                )
        match.refresh_from_db()
        self.assertEqual(match.status, match.RUNNING)
        return match

    def measure(self, match):
        public, player, host = Client(), Client(), Client()
        player.force_login(match.seats.get(seat=0).season_player.user)
        host.force_login(self.hana)
        out = {}
        for name, client, url in (
            ("public", public, "match_public"),
            ("player", player, "match_play"),
            ("host", host, "match_host"),
        ):
            responses = []
            out[name] = count(lambda: responses.append(client.get(reverse(url, args=[match.pk]))))
            self.assertEqual(responses[0].status_code, 200, name)
        phase = open_phase(match)
        closed = []
        out["close"] = count(lambda: closed.append(lifecycle.close_phase(phase.pk, "host")))
        self.assertEqual(closed, [True])
        return out

    def warm_up(self):
        """Process-wide caches (content types, templates) filled before anything is counted."""
        self.measure(self.new_match("fixture", 2, FIXTURE_SETTINGS))

    def test_it_counts_the_fixture_game_s_queries_exactly_and_flat_from_2_to_200_seats(self):
        self.warm_up()
        for seats in (2, 200):
            with self.subTest(seats=seats):
                self.assertEqual(self.measure(self.new_match("fixture", seats, FIXTURE_SETTINGS)), FIXTURE)

    def test_it_counts_each_game_s_queries_exactly_mid_match(self):
        self.warm_up()
        for engine in registry.all_engines():
            game, expected = engine.slug, GAMES.get(engine.slug, FIXTURE)
            if game == "fixture":
                continue  # counted above, at 2 and 200 seats
            with self.subTest(game=game):
                match = self.new_match(game, engine.default_seats or engine.min_seats, {}, closes=2)
                self.assertEqual(self.measure(match), expected)

    def test_it_counts_the_close_that_ends_a_match_as_any_close(self):
        """The end's line goes in the close's one insert of events, so the last close costs what
        a close mid-match costs (the scaffold's game, counted above at its third close, ends there)."""
        self.warm_up()
        for seats in (2, 200):
            with self.subTest(seats=seats):
                match = self.new_match("fixture", seats, {**FIXTURE_SETTINGS, "rounds": 1})
                queries, closes = None, 0
                while match.status == match.RUNNING and closes < 10:
                    phase = open_phase(match)
                    queries, closes = count(lambda: lifecycle.close_phase(phase.pk, "host")), closes + 1
                    match.refresh_from_db()
                self.assertEqual((match.status, queries), (match.FINISHED, FIXTURE["close"]))

    def test_it_renders_the_season_page_in_constant_queries(self):
        counts = []
        for seats in (3, 12):
            names = []
            for i in range(seats):
                name = f"p{seats}_{i}"
                user = User.objects.create_user(name, password=PASSWORD)
                self.members[name] = SeasonPlayer.objects.create(season=self.season, user=user, display_name=name)
                names.append(name)
            self.start(self.make_match(names))
            self.give_garnets("alice", 1)
            for name in names:
                self.give_garnets(name, 2)
            self.client.login(username="hana", password=PASSWORD)  # the host sees the most
            counts.append(count(lambda: self.client.get(reverse("season", args=[self.season.slug]))))
        self.assertEqual(counts[0], counts[1])

    def test_the_picture_s_personal_count_is_the_socket_s(self):
        """The picture counts from the rows it reads; the socket's periodic check counts on its
        own (presenters.personal_count): they must agree, or a page would push to itself forever."""
        from games.engine_api import Viewer
        from matches import clock
        from matches.core.presenters import match_picture, personal_count
        from matches.models import Reminder
        from matches.talk import conversations

        self.start()
        phase = self.open_phase()
        alice, bob = self.seat("alice"), self.seat("bob")
        lifecycle.do_submit(phase.pk, alice, {"bid": 3})
        conversations.do_post(bob, conversations.table_talk(self.match).pk, "hello")
        Reminder.objects.create(phase=phase, player=bob, minutes=30, sent_at=clock.now())
        self.match.refresh_from_db()
        for viewer, player in (
            (Viewer.spectator(), None),
            (Viewer.host(), None),
            (Viewer.for_seat(0), alice),
            (Viewer.for_seat(1), bob),
        ):
            with self.subTest(viewer=viewer):
                picture = match_picture(self.match, viewer, player)
                self.assertEqual(picture["personal_count"], personal_count(self.match, viewer))
                self.assertGreater(picture["personal_count"], 0 if viewer.is_spectator else 1)
