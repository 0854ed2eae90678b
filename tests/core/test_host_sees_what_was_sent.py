"""The host's page shows, for each open phase, what each seat sent last, in words; live: a new
submission and a revision both reach the host's socket. Nobody else reads it, and nobody else's
socket hears of a revision."""

import re

from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.urls import reverse

from games.engine_api import Viewer
from matches.core import lifecycle
from matches.core.presenters import match_picture, personal_count
from tests.support.base import BaseTestCase, BaseTransactionTestCase
from tests.support.leaks import assert_hidden_from, readable_by
from tests.support.sockets import HOST, ORIGIN, session_cookie


def host_sent(html):
    """The host's "What has been sent" lines, tags stripped, spaces squeezed."""
    found = re.search(r'<section class="host-sent card".*?</section>', html, re.S)
    if not found:
        return None
    return [" ".join(re.sub(r"<[^>]+>", " ", li).split()) for li in re.findall(r"<li>(.*?)</li>", found.group(0), re.S)]


class HostSeesWhatWasSentTestCase(BaseTestCase):
    def setUp(self):
        super().setUp()
        self.start()
        self.phase = self.open_phase()

    def host_page(self):
        self.client.force_login(self.hana)
        return self.client.get(reverse("match_host", args=[self.match.pk])).content.decode()

    def test_it_shows_alice_s_bid_in_words_then_her_revision(self):
        self.assertIn("Nothing yet.", self.host_page())
        lifecycle.do_submit(self.phase.pk, self.seat("alice"), {"bid": 7, "note": "a-first-thought"})
        lines = host_sent(self.host_page())
        self.assertEqual(len(lines), 1)
        self.assertTrue(lines[0].startswith("Alice : Your bid: 7; Note to yourself: a-first-thought ·"), lines)
        lifecycle.do_submit(self.phase.pk, self.seat("alice"), {"bid": 9})
        lifecycle.do_submit(self.phase.pk, self.seat("bob"), {"bid": 2})
        lines = host_sent(self.host_page())
        self.assertEqual(len(lines), 2)
        self.assertTrue(lines[0].startswith("Alice : Your bid: 9") and "revised, 2 versions" in lines[0], lines)
        self.assertTrue(lines[1].startswith("Bob : Your bid: 2 ·") and "revised" not in lines[1], lines)
        self.assertNotIn("a-first-thought", self.host_page())  # only the latest

    def test_it_counts_a_revision_for_the_host_only(self):
        alice = self.seat("alice")
        lifecycle.do_submit(self.phase.pk, alice, {"bid": 7})
        before = {v.kind: personal_count(self.match, v) for v in (Viewer.host(), Viewer.spectator())}
        before["bob"] = personal_count(self.match, Viewer.for_seat(1))
        lifecycle.do_submit(self.phase.pk, alice, {"bid": 8})
        self.assertEqual(personal_count(self.match, Viewer.host()), before["host"] + 1)
        self.assertEqual(personal_count(self.match, Viewer.spectator()), before["spectator"])
        self.assertEqual(personal_count(self.match, Viewer.for_seat(1)), before["bob"])
        # the page's own count is the socket's count, for the host too
        self.match.refresh_from_db()
        self.assertEqual(match_picture(self.match, Viewer.host())["personal_count"], before["host"] + 1)

    def test_it_shows_nothing_of_a_closed_phase(self):
        lifecycle.do_submit(self.phase.pk, self.seat("alice"), {"bid": 7, "note": "closed-and-gone"})
        lifecycle.do_force_close(self.phase.pk)
        html = self.host_page()
        self.assertNotIn("closed-and-gone", host_sent(html) and " ".join(host_sent(html)) or "")


class NobodyElseSeesWhatWasSentTestCase(BaseTransactionTestCase):
    def test_it_keeps_what_was_sent_from_spectators_and_other_players(self):
        self.start()
        lifecycle.do_submit(self.open_phase().pk, self.seat("alice"), {"bid": 7, "note": "alices-secret-note"})
        secrets = ["alices-secret-note", "What has been sent"]
        for user in (None, self.bob, self.carol, self.dave):
            assert_hidden_from(self, self.match, user, secrets)
        # alice reads her own submission (her "Your submissions"), never the host's list
        texts = readable_by(self.match, self.alice)
        self.assertIn("alices-secret-note", texts["player page"])
        self.assertFalse(any("What has been sent" in text for text in texts.values()))


class HostSocketHearsWhatWasSentTestCase(BaseTransactionTestCase):
    def test_it_pushes_a_new_submission_and_a_revision_to_the_host_and_no_revision_to_others(self):
        self.start()
        phase, alice = self.open_phase(), self.seat("alice")

        async def listen():
            from channels.db import database_sync_to_async

            from genius_site.asgi import application

            def socket(path, user):
                headers = [ORIGIN, HOST, *session_cookie(user)]
                return WebsocketCommunicator(application, f"/ws/matches/{self.match.pk}/{path}/", headers=headers)

            host = await database_sync_to_async(socket)("host", self.hana)
            bob = await database_sync_to_async(socket)("play", self.bob)
            watch = await database_sync_to_async(socket)("watch", None)
            for c in (host, bob, watch):
                assert (await c.connect())[0]
                await c.receive_json_from()
            await database_sync_to_async(lifecycle.do_submit)(phase.pk, alice, {"bid": 4})
            first = await host.receive_json_from(timeout=5)
            for c in (bob, watch):
                await c.receive_json_from(timeout=5)  # who has sent: everyone hears that
            await database_sync_to_async(lifecycle.do_submit)(phase.pk, alice, {"bid": 6, "note": "changed-mind"})
            revised = await host.receive_json_from(timeout=5)
            quiet = [await c.receive_nothing(timeout=0.5) for c in (bob, watch)]
            for c in (host, bob, watch):
                await c.disconnect()
            return first, revised, quiet

        first, revised, quiet = async_to_sync(listen)()
        self.assertIn("Alice", host_sent(first["sections"]["live-state"])[0])
        self.assertIn("Your bid: 4", host_sent(first["sections"]["live-state"])[0])
        line = host_sent(revised["sections"]["live-state"])[0]
        self.assertIn("Your bid: 6; Note to yourself: changed-mind", line)
        self.assertIn("revised, 2 versions", line)
        self.assertEqual(quiet, [True, True])  # a revision is no news to anyone else
