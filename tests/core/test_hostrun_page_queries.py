"""The host-run game's pages in `make bench` (issue 34): a match played by its host through the
benchmark's own helper (bench/hostrun.py), and its pages' queries flat in seats and in rounds
played: 30 seats and 20 rounds cost the queries of 3 seats and 1 round (a query per seat, or
per round, would show here before it showed in the benchmark's milliseconds)."""

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from bench import hostrun
from matches.models import Phase
from tests.core.test_query_counts import GAMES
from tests.support.base import BaseTestCase

PAGES = (("public", "match_public"), ("player", "match_play"), ("host", "match_host"))


class HostRunPageQueriesTestCase(BaseTestCase):
    def counts(self, seats, rounds):
        match, host = hostrun.played_match(seats, rounds)
        clients = {"public": Client(), "player": Client(), "host": Client()}
        clients["player"].force_login(match.seats.get(seat=0).season_player.user)
        clients["host"].force_login(host)
        out = {}
        for page, name in PAGES:
            url = reverse(name, args=[match.pk])
            with CaptureQueriesContext(connection) as ctx:
                response = clients[page].get(url)
            self.assertEqual(response.status_code, 200, page)
            out[page] = len(ctx.captured_queries)
        return match, out

    def test_it_plays_the_rounds_it_is_asked_for_and_leaves_one_open_half_answered(self):
        match, _ = self.counts(4, 2)
        self.assertEqual(
            [(r["n"], r["closed"], r["published"]) for r in match.state["rounds"]],
            [(1, True, True), (2, True, True), (3, False, False)],
        )
        phase = Phase.objects.get(match=match, status=Phase.OPEN)
        self.assertEqual(sorted(phase.submissions.values_list("player__seat", flat=True)), [0, 1])
        # every round's result gave everyone a Point: two rounds, two Points each
        self.assertEqual([values[1] for values in match.state["values"]], [2, 2, 2, 2])

    def test_it_counts_the_same_queries_for_30_seats_and_6_rounds_as_for_3_seats_and_1_round(self):
        self.counts(3, 1)  # process-wide caches (content types, templates) filled first
        expected = {page: GAMES["host_run"][page] for page, _ in PAGES}
        for seats, rounds in ((3, 1), (30, 1), (3, 6), (30, 6)):
            with self.subTest(seats=seats, rounds=rounds):
                self.assertEqual(self.counts(seats, rounds)[1], expected)
