"""The access matrix for talk and reminders: anonymous visitors are sent to log
in, strangers, season members outside the match and players answer as for what does not exist
(404), and nothing changes."""

from django.urls import reverse

from matches.talk import conversations as talk
from matches.models import Conversation, Match, Message, MatchPlayer
from tests.support.base import PASSWORD, BaseTestCase


class TalkAccessTestCase(BaseTestCase):
    def setUp(self):
        super().setUp()
        self.start()
        self.table = Conversation.objects.get(match=self.match, kind=Conversation.TABLE)
        talk.do_post(self.seat("alice"), self.table.pk, "first")
        self.message = Message.objects.get()

    def as_(self, name):
        self.client.logout()
        if name:
            self.assertTrue(self.client.login(username=name, password=PASSWORD))

    def player_posts(self):
        m = self.match.pk
        return [
            (reverse("talk_post", args=[m, self.table.token]), {"text": "intruder"}),
            (reverse("talk_start", args=[m]), {"seats": ["1"]}),
            (reverse("talk_change", args=[m, self.message.token]), {"text": "intruder", "do": "edit"}),
        ]

    def host_posts(self):
        m = self.match.pk
        return [
            (reverse("talk_announce", args=[m]), {"text": "intruder"}),
            (reverse("talk_mute", args=[m]), {"seat": "0"}),
        ]

    def test_it_sends_anonymous_visitors_to_log_in_and_changes_nothing(self):
        self.as_(None)
        for url, data in self.player_posts() + self.host_posts() + [(reverse("account"), {})]:
            response = self.client.post(url, data)
            self.assertEqual(response.status_code, 302, url)
            self.assertIn(reverse("login"), response["Location"])
        self.assert_unchanged()

    def test_it_answers_404_to_everyone_not_seated_and_changes_nothing(self):
        for who in ("eve", "dave", "hana"):
            self.as_(who)
            for url, data in self.player_posts():
                self.assertEqual(self.client.post(url, data).status_code, 404, (who, url))
        self.assert_unchanged()

    def test_it_keeps_announcements_and_muting_for_the_host(self):
        for who in ("eve", "dave", "alice"):
            self.as_(who)
            for url, data in self.host_posts():
                self.assertEqual(self.client.post(url, data).status_code, 404, (who, url))
        self.assert_unchanged()
        self.as_("hana")
        for url, data in self.host_posts():
            self.assertEqual(self.client.post(url, data).status_code, 302, url)
        self.assertTrue(MatchPlayer.objects.get(match=self.match, seat=0).muted)
        self.assertTrue(Message.objects.filter(sender=None, text="intruder").exists())

    def test_it_lets_a_player_change_only_their_own_message(self):
        self.as_("bob")
        url = reverse("talk_change", args=[self.match.pk, self.message.token])
        self.client.post(url, {"text": "bob was here", "do": "edit"})
        self.client.post(url, {"do": "delete"})
        self.assert_unchanged()

    def test_it_refuses_another_match_s_conversation(self):
        other = self.make_match(["alice", "bob"])
        self.start(other)
        elsewhere = Conversation.objects.get(match=other, kind=Conversation.TABLE)
        self.as_("carol")  # seated here, not there
        self.client.post(reverse("talk_post", args=[self.match.pk, elsewhere.token]), {"text": "intruder"})
        self.assertFalse(Message.objects.filter(text="intruder").exists())
        self.assertEqual(Match.objects.count(), 2)

    def test_it_serves_a_calendar_only_for_its_secret(self):
        self.as_(None)
        self.assertEqual(self.client.get("/calendar/not-a-real-secret-at-all.ics").status_code, 404)

    def assert_unchanged(self):
        self.assertEqual(list(Message.objects.values_list("text", "deleted")), [("first", False)])
        self.assertEqual(Conversation.objects.filter(match=self.match).count(), 1)
        self.assertFalse(MatchPlayer.objects.filter(match=self.match, muted=True).exists())
