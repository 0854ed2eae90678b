"""Several web processes behind one site, as real processes.

- The in-process deadline loop (the embedded default's, no broker) runs in exactly one of two web
  processes sharing a database, on SQLite and on PostgreSQL, counted by the closes each logs; when
  that process is killed, the other takes over.
- On PostgreSQL and Redis: two web processes on two ports with a Celery worker and beat. A move
  posted to one and a close run by the worker reach the sockets on both; a web process killed
  mid-match loses no move, and its sockets, reconnected to the other, catch up."""

import contextlib
import json
import os
import re

import urllib.error
import urllib.parse
import urllib.request

import pytest
from django.conf import settings
from websockets.sync.client import connect

from genius_site.celery import app as celery_app
from matches.models import Event, Match, Phase, Submission
from tests.support.base import BaseTransactionTestCase
from tests.support.sockets import session_cookie
from tests.support.stack import Stack, free_port, wait_until

LEADS = "closes this site's deadlines"
CLOSED = re.compile(r"deadline loop: process (\d+) closed (\d+) phase")
production = pytest.mark.skipif(
    not (os.environ.get("DATABASE_URL") and os.environ.get("REDIS_URL")),
    reason="needs DATABASE_URL (PostgreSQL) and REDIS_URL",
)


def closes_logged(process):
    return sum(int(n) for _, n in CLOSED.findall(process.log()))


class OneDeadlineLoopTestCase(BaseTransactionTestCase):
    """No broker, two web processes, one database (whichever this run uses)."""

    settings = {"rounds": 3, "round_seconds": 2, "close_early": False}

    def setUp(self):
        super().setUp()
        self.stack = Stack(redis_url="", scheduler="inprocess")
        self.stack.env["LOG_LEVEL"] = "INFO"
        self.addCleanup(self.stack.stop)

    def play_out(self, match):
        self.start(match)
        wait_until(lambda: Match.objects.get(pk=match.pk).status == Match.FINISHED, 30, 0.2, "the match to end")
        for phase in Phase.objects.filter(match=match):
            self.assertEqual(Event.objects.filter(match=match, kind="phase.closed", data__phase=phase.key).count(), 1)
        return Phase.objects.filter(match=match, close_reason="deadline").count()

    def test_it_closes_deadlines_in_one_process_only_and_another_takes_over(self):
        web = [self.stack.web(), self.stack.web(port=free_port(), name="web2")]
        wait_until(lambda: any(LEADS in p.log() for p in web), 10, 0.1, "a leader")
        leader, follower = web if LEADS in web[0].log() else web[::-1]
        closed = self.play_out(self.match)  # three rounds, and a bonus prompt after round 2
        self.assertGreaterEqual(closed, 3)
        wait_until(lambda: closes_logged(leader) == closed, 5, 0.1, "the leader's log of its closes")
        self.assertEqual(closes_logged(follower), 0)
        self.assertNotIn(LEADS, follower.log())

        leader.kill()  # SIGKILL: its lock goes with it
        leader.popen.wait(5)
        wait_until(lambda: LEADS in follower.log(), 10, 0.1, "the other process to take over")
        second = self.make_match(["dave", "frank"], seed=7)
        closed = self.play_out(second)
        wait_until(lambda: closes_logged(follower) == closed, 5, 0.1, "the new leader's log of its closes")


@production
class TwoWebProcessesTestCase(BaseTransactionTestCase):
    """PostgreSQL and Redis: two web processes on two ports, a worker and beat."""

    settings = {"rounds": 3, "round_seconds": 8, "close_early": False}
    pytestmark = pytest.mark.production

    def setUp(self):
        super().setUp()
        self.stack = Stack(redis_url=settings.REDIS_URL)
        self.addCleanup(self.stack.stop)
        old_queue = celery_app.conf.task_default_queue
        celery_app.conf.task_default_queue = self.stack.queue
        self.addCleanup(setattr, celery_app.conf, "task_default_queue", old_queue)
        self.web = {"a": self.stack.web(), "b": self.stack.web(port=free_port(), name="web-b")}
        self.stack.worker()
        self.stack.beat()
        self.sockets = contextlib.ExitStack()
        self.addCleanup(self.sockets.close)

    def socket(self, web, since=0):
        url = self.web[web].url
        ws = self.sockets.enter_context(
            connect(
                url.replace("http", "ws") + f"/ws/matches/{self.match.pk}/watch/?since={since}",
                additional_headers={"Origin": url},
                open_timeout=10,
            )
        )
        return ws, [json.loads(ws.recv(timeout=10))]

    def until(self, ws, seen, text, timeout=20):
        """Messages until one holds `text` (appended to `seen`)."""
        while not any(text in json.dumps(m) for m in seen):
            seen.append(json.loads(ws.recv(timeout=timeout)))
        return seen[-1]

    def post_move(self, web, name, bid):
        """A player's bid through one web process, as their browser sends it (session, CSRF)."""
        url = self.web[web].url
        session = session_cookie(self.users[name])[0][1].decode().split(";")[0]
        page = urllib.request.urlopen(
            urllib.request.Request(f"{url}/play/{self.match.pk}/", headers={"Cookie": session}), timeout=10
        )
        csrf = re.search(r"csrftoken=([^;]+)", page.headers.get("Set-Cookie", "")).group(1)
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.read().decode()).group(1)
        phase = self.open_phase()
        form = urllib.parse.urlencode({"bid": bid, "csrfmiddlewaretoken": token}).encode()
        request = urllib.request.Request(
            f"{url}/play/{self.match.pk}/phases/{phase.pk}/submit/",
            data=form,
            headers={"Cookie": f"{session}; csrftoken={csrf}", "Origin": url, "Referer": url + "/"},
        )
        with self.assertRaises(urllib.error.HTTPError) as redirected:  # urllib refuses to follow a POST's 302
            urllib.request.build_opener(NoRedirect).open(request, timeout=10)
        self.assertEqual(redirected.exception.code, 302)
        self.assertTrue(Submission.objects.filter(phase=phase, player__season_player__user__username=name).exists())
        return phase

    def test_it_pushes_moves_and_closes_to_sockets_on_both_processes_and_survives_losing_one(self):
        self.start()
        sockets = [(web, *self.socket(web)) for web in ("a", "a", "b", "b")]
        phase = self.post_move("a", "alice", 7)  # through process a
        for web, ws, seen in sockets:
            self.until(ws, seen, "sent: <span class=\\\"sent\\\">Alice")
        self.post_move("b", "bob", 3)  # through process b
        for web, ws, seen in sockets:
            self.until(ws, seen, "sent: <span class=\\\"sent\\\">Alice, Bob")
        for web, ws, seen in sockets:  # the worker closes round 1 at its deadline
            self.until(ws, seen, "Closed: Round 1")
        self.assertEqual(Phase.objects.get(pk=phase.pk).close_reason, "deadline")

        # Round 2: Carol bids through a, then a dies. Her move is kept; a's sockets move to b.
        self.post_move("a", "carol", 9)
        self.web["a"].kill()
        self.web["a"].popen.wait(5)
        self.assertTrue(Submission.objects.filter(player__seat=2, phase__key="round-2", payload__bid=9).exists())
        for web, ws, seen in sockets:
            if web == "a":
                last = max(m.get("seq", 0) for m in seen)
                ws2, seen2 = self.socket("b", since=last)  # as the page reconnects, asking for what it missed
                self.until(ws2, seen2, "Closed: Round 2")
            else:
                self.until(ws, seen, "Closed: Round 2")
        round_two = Event.objects.filter(match=self.match, text__startswith="Round 2: bids").get()
        self.assertIn("9", round_two.text)  # Carol's bid, sent through the process that died, counted


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None
