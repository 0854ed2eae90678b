"""Who has sent (never what) for every open phase, on every page that shows the phase, live;
where the game keeps it secret (The Flat Earth Theory's anonymous windows) only the host sees it."""

import re

from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.urls import reverse

from matches.core import lifecycle
from tests.support.base import BaseTestCase, BaseTransactionTestCase
from tests.support.sockets import HOST, ORIGIN


def who_sent(html):
    found = re.search(r'<span class="who-sent">(.*?)</span>\s*</li>', html, re.S)
    return re.sub(r"<[^>]+>|\s+", " ", found.group(1)).split() if found else None


class WhoSentTestCase(BaseTestCase):
    def setUp(self):
        super().setUp()
        self.start()
        self.phase = self.open_phase()

    def pages(self):
        pages = {"spectator": self.client.get(reverse("match_public", args=[self.match.pk]))}
        for name in ("bob", "hana"):
            self.client.force_login(getattr(self, name))
            url = reverse("match_host" if name == "hana" else "match_play", args=[self.match.pk])
            pages[name] = self.client.get(url)
            self.client.logout()
        return {who: page.content.decode() for who, page in pages.items()}

    def test_it_shrinks_the_waiting_list_as_players_send_on_every_page(self):
        for html in self.pages().values():
            self.assertEqual(" ".join(who_sent(html)), "· waiting on Alice, Bob, Carol")
        lifecycle.do_submit(self.phase.pk, self.seat("alice"), {"bid": 7, "note": "my-hidden-note"})
        lifecycle.do_submit(self.phase.pk, self.seat("alice"), {"bid": 8})  # a revision tells nothing more
        for who, html in self.pages().items():
            self.assertEqual(" ".join(who_sent(html)), "· waiting on Bob, Carol · sent: Alice", who)
            self.assertNotIn("my-hidden-note", html)

    def test_it_says_when_everyone_has_sent(self):
        self.settings_no_early_close()
        for name in ("alice", "bob", "carol"):
            lifecycle.do_submit(self.phase.pk, self.seat(name), {"bid": 1})
        for html in self.pages().values():
            self.assertEqual(" ".join(who_sent(html)), "· everyone has sent")

    def settings_no_early_close(self):
        self.phase.close_early = False
        self.phase.save()


class SecretSendersTestCase(BaseTestCase):
    game = "flat_earth"
    settings = {"pregame_seconds": 60, "window_seconds": 600}
    seats = ("alice", "bob", "carol", "dave", "frank")

    def test_it_shows_who_sent_an_anonymous_proposal_to_the_host_only(self):
        self.start()
        lifecycle.do_force_close(self.open_phase().pk)  # the pregame
        self.match.refresh_from_db()
        lifecycle.do_submit(
            self.open_phase().pk,
            self.seat("alice"),
            {"kind": "shift", "shift_vector": "B", "shift_dir": "ccw", "shift_degrees": 17},
        )
        public = self.client.get(reverse("match_public", args=[self.match.pk])).content.decode()
        self.client.force_login(self.bob)
        bob = self.client.get(reverse("match_play", args=[self.match.pk])).content.decode()
        for html in (public, bob):
            self.assertIn("who has sent is secret in this game", html)
            self.assertIsNone(who_sent(html))
        self.client.force_login(self.hana)
        host = self.client.get(reverse("match_host", args=[self.match.pk])).content.decode()
        self.assertIn("sent: Alice", " ".join(who_sent(host)))


class WhoSentLiveTestCase(BaseTransactionTestCase):
    def test_it_pushes_each_new_sender_to_a_spectator_at_once(self):
        self.start()
        phase, bob = self.open_phase(), self.seat("bob")

        async def watch():
            from channels.db import database_sync_to_async

            from genius_site.asgi import application

            c = WebsocketCommunicator(application, f"/ws/matches/{self.match.pk}/watch/", headers=[ORIGIN, HOST])
            assert (await c.connect())[0]
            await c.receive_json_from()
            await database_sync_to_async(lifecycle.do_submit)(phase.pk, bob, {"bid": 9})
            update = await c.receive_json_from(timeout=5)
            await database_sync_to_async(lifecycle.do_submit)(phase.pk, bob, {"bid": 2})
            again = await c.receive_nothing(timeout=0.5)  # a revision is no news
            await c.disconnect()
            return update, again

        update, nothing_more = async_to_sync(watch)()
        self.assertEqual(" ".join(who_sent(update["sections"]["live-state"])), "· waiting on Alice, Carol · sent: Bob")
        self.assertTrue(nothing_more)
