"""A player finds their move: "your move" on every page, the play page's bar with what waits on
them first, readable submissions, a "starts soon" page before the start, a word of why when
they open someone else's play page, and error pages in the site's style."""

from django.test import SimpleTestCase
from django.urls import reverse

from matches.core import lifecycle
from matches.templatetags.readable import readable
from tests.support.base import BaseTestCase


class YourMoveTestCase(BaseTestCase):
    def test_it_shows_a_seated_player_their_move_on_every_page_until_they_send(self):
        self.start()
        self.client.force_login(self.alice)
        play = reverse("match_play", args=[self.match.pk])
        for url in (reverse("home"), reverse("season", args=[self.season.slug]), reverse("games")):
            page = self.client.get(url)
            self.assertContains(page, f'href="{play}" class="waiting"')
            self.assertContains(page, "<strong>your move</strong> · Round 1", html=False)
        lifecycle.do_submit(self.open_phase().pk, self.seat("alice"), {"bid": 4})
        page = self.client.get(reverse("home"))
        self.assertContains(page, "Test match:\n  nothing waits on you")
        self.client.force_login(self.dave)  # in the season, not in the match
        self.assertNotContains(self.client.get(reverse("home")), play)

    def test_it_folds_the_other_matches_into_one_line_on_a_match_page(self):
        self.start()
        other = self.start(self.make_match(["alice", "bob"]))
        self.client.force_login(self.alice)
        page = self.client.get(reverse("match_play", args=[self.match.pk])).content.decode()
        header = page[: page.index("<main>")]
        self.assertIn('<details class="your-move-fold"><summary>1 more match waits on you</summary>', header)
        self.assertIn(f'href="{reverse("match_play", args=[other.pk])}" class="waiting"', header)
        self.assertNotIn(f'href="{reverse("match_play", args=[self.match.pk])}"', header)  # not the page's own
        home = self.client.get(reverse("home")).content.decode()
        self.assertNotIn("your-move-fold", home)  # elsewhere the list is open
        self.assertIn(f'href="{reverse("match_play", args=[self.match.pk])}" class="waiting"', home)

    def test_a_player_s_match_page_links_the_host_console_only_for_a_player_who_hosts(self):
        """The play page reads whether its player hosts a season with their seats (your_move.seat_and_bar)."""
        self.start()
        play, console = reverse("match_play", args=[self.match.pk]), f'href="{reverse("host_console")}"'
        self.client.force_login(self.alice)
        self.assertNotContains(self.client.get(play), console)
        self.season.hosts.add(self.alice)
        self.assertContains(self.client.get(play), console)

    def test_it_links_a_seated_player_from_the_public_page_to_their_play_page(self):
        self.start()
        public = reverse("match_public", args=[self.match.pk])
        self.assertNotContains(self.client.get(public), "open your play page")
        self.client.force_login(self.bob)
        self.assertContains(self.client.get(public), "open your play page")

    def test_it_puts_what_waits_on_the_player_in_the_bar_at_the_top(self):
        self.start()
        self.client.force_login(self.alice)
        html = self.client.get(reverse("match_play", args=[self.match.pk])).content.decode()
        bar = html.index('class="turn-bar your-turn"')
        self.assertLess(bar, html.index('class="card move-form"'))
        self.assertLess(html.index('class="card move-form"'), html.index('id="live-state"'))
        self.assertIn(f'href="#phase-{self.open_phase().pk}"', html)

    def test_it_tells_a_player_what_they_sent_apart_from_what_still_waits_on_them(self):
        self.start()
        self.client.force_login(self.alice)
        lifecycle.do_submit(self.open_phase().pk, self.seat("alice"), {"bid": 4})
        html = self.client.get(reverse("match_play", args=[self.match.pk])).content.decode()
        bar = html[html.index('class="turn-bar') : html.index("</div>", html.index('class="turn-bar'))]
        self.assertNotIn("Waiting on you", bar)
        self.assertNotIn("your-turn", bar)
        self.assertIn("<strong>Sent</strong>", bar)
        self.assertIn("you can change it for", bar)

    def test_it_keeps_the_form_while_paused_and_says_so(self):
        self.start()
        lifecycle.do_pause(self.match.pk)
        self.client.force_login(self.alice)
        page = self.client.get(reverse("match_play", args=[self.match.pk]))
        self.assertContains(page, "<strong>Paused</strong>: the clock is stopped", html=False)
        self.assertContains(page, '<button type="submit" disabled>Bid</button>', html=True)

    def test_it_shows_a_submission_in_words(self):
        self.start()
        lifecycle.do_submit(self.open_phase().pk, self.seat("alice"), {"bid": 4, "note": "hi"})
        self.client.force_login(self.alice)
        page = self.client.get(reverse("match_play", args=[self.match.pk]))
        self.assertContains(page, "Your bid: 4; Note to yourself: hi")  # in the words of its form
        self.assertNotContains(page, "{&#x27;bid&#x27;")

    def test_it_shows_a_chosen_value_by_its_choice_s_label_as_it_read_when_sent(self):
        from games.engine_api import CHOICE, INT, MULTICHOICE, Field, FormSpec
        from matches.core.engine_forms import said

        spec = FormSpec(
            (
                Field("card", "Card", CHOICE, (("0-5", "2 red"), ("0-6", "3 blue"))),
                Field("picks", "Pick two.", MULTICHOICE, (("a", "Apples"), ("b", "Bananas"))),
                Field("n", "How many", INT),
            )
        )
        self.assertEqual(
            said(spec, {"card": "0-5", "picks": ["a", "b"], "n": 3}),
            "Card: 2 red; Pick two: Apples, Bananas; How many: 3",
        )
        self.assertEqual(said(spec, {"other": 1}), "")  # not the form's shape: shown as stored
        self.start()
        lifecycle.do_submit(self.open_phase().pk, self.seat("alice"), {"bid": 4})
        sub = self.seat("alice").submissions.get()
        sub.said = ""  # a submission stored before submissions were said in words
        sub.save()
        self.client.force_login(self.alice)
        self.assertContains(self.client.get(reverse("match_play", args=[self.match.pk])), "bid 4")


class StartsSoonTestCase(BaseTestCase):
    def test_it_shows_a_draft_as_starting_soon_to_its_players_untitled_and_turns_live(self):
        public, play = reverse("match_public", args=[self.match.pk]), reverse("match_play", args=[self.match.pk])
        status = reverse("match_status", args=[self.match.pk])
        self.match.title = "Death Match: Alice against Bob"
        self.match.save()
        for user in (None, self.eve, self.dave, self.alice):  # a draft is the hosts' until it starts
            self.client.logout()
            if user:
                self.client.force_login(user)
            self.assertEqual(self.client.get(public).status_code, 404)
            if user is not self.alice:
                self.assertEqual(self.client.get(status).status_code, 404)
        self.client.force_login(self.hana)
        self.assertContains(self.client.get(public), "This match starts soon.")
        self.client.force_login(self.alice)
        page = self.client.get(play)
        self.assertContains(page, "You play in it as Alice")
        self.assertNotContains(page, "against")  # the host announces who plays whom
        self.assertEqual(self.client.get(status).json(), {"status": "draft"})
        self.start()
        self.assertEqual(self.client.get(status).json(), {"status": "running"})
        self.assertNotContains(self.client.get(play), "starts soon")
        self.assertEqual(self.client.get(reverse("match_status", args=[999999])).status_code, 404)


class ErrorPagesTestCase(BaseTestCase):
    def test_it_answers_not_found_in_the_site_s_style(self):
        page = self.client.get("/no/such/page/")
        self.assertContains(page, "Nothing here", status_code=404)
        self.assertContains(page, 'class="brand"', status_code=404)

    def test_it_answers_an_expired_form_in_words(self):
        from django.test import Client

        client = Client(enforce_csrf_checks=True)
        client.force_login(self.alice)
        page = client.post(reverse("account"), {})
        self.assertContains(page, "The form expired", status_code=403)


class ReadableTestCase(SimpleTestCase):
    def test_it_writes_a_submission_in_words(self):
        self.assertEqual(readable({"target": 695, "P": 695, "Q": 0}), "target 695, P 695, Q 0")
        self.assertEqual(
            readable({"card_4": "W", "picks": ["A", "B"], "first": True}), "card 4 W, picks [A, B], first yes"
        )
        self.assertEqual(readable({"slot": {"x": 1}}), "slot (x 1)")
        self.assertEqual(readable(None), "nothing")
        self.assertEqual(readable({}), "nothing")
