"""The setup form checked whole as the host types (issue 40, points 9 and 10): the page's script
posts every field, the players ticked among them, and hears every problem sending it now would
meet, by field, with the summary the page shows first. Only the season's hosts may ask, a forged
post is answered 400 in words, and nothing is written."""

from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games import registry
from matches.models import Match, Season
from tests.support.base import PEOPLE, BaseTestCase
from tests.support.setup_form import setup_data

ROUNDS = {f"options__{r}": f"({r + 1}, 0) (0, -{r + 1})" for r in range(8)}
SEVEN = " ".join(f"({n}, 0)" for n in range(1, 8))  # seven options in one round
TOO_MANY = "Movement options, round 3: 7 options for 5 players; a round has at most one option per player."


class WholeFormCheckTestCase(BaseTestCase):
    def check(self, data, query="game=flat_earth"):
        return self.client.post(f"/host/seasons/{self.season.slug}/matches/check/?{query}", data)

    def flat_earth(self, players=5, **changes):
        data = setup_data(self, "flat_earth", **{"title": "Flat", **ROUNDS, "options__2": SEVEN, **changes})
        data["players"] = [self.members[name].pk for name in PEOPLE[:players]]
        return data

    def test_it_refuses_seven_options_for_five_players_beside_the_rows_and_takes_them_for_seven(self):
        self.client.force_login(self.hana)
        answer = self.check(self.flat_earth(players=5)).json()
        self.assertEqual(answer["problems"], {"options__rows": TOO_MANY})
        self.assertEqual(answer["summary"], [{"href": "#rows-options__rows", "words": TOO_MANY}])
        # each row is read alone too: round 3's seven options said back in words
        self.assertEqual(
            answer["said"]["options__2"],
            "7 options: 1 right; 2 right; 3 right; 4 right; 5 right; 6 right; 7 right.",
        )
        self.assertEqual(answer["said"]["options__0"], "2 options: 1 right; 1 down.")
        fixed = self.check(self.flat_earth(players=7)).json()  # seven players ticked: seven options fit
        self.assertEqual((fixed["problems"], fixed["summary"]), ({}, []))
        self.assertFalse(Match.objects.filter(title="Flat").exists())

    def test_it_checks_the_settings_and_the_seats_when_the_title_is_refused_too(self):
        # A form refused for its title used to stop before the settings were checked: the
        # summary then said one thing and the next send another.
        self.client.force_login(self.hana)
        answer = self.check(self.flat_earth(players=5, title="")).json()
        self.assertEqual(answer["problems"], {"title": "This field is required.", "options__rows": TOO_MANY})
        self.assertEqual(
            answer["summary"],
            [
                {"href": "#id_title", "words": "Title: This field is required."},
                {"href": "#rows-options__rows", "words": TOO_MANY},
            ],
        )

    def test_it_names_every_row_refused_at_once(self):
        self.client.force_login(self.hana)
        data = self.flat_earth(players=7, options__1="(1, 2) (1, 2)", options__6="(101, 0)")
        answer = self.check(data).json()
        self.assertEqual(sorted(answer["problems"]), ["options__1", "options__6"])
        self.assertEqual([p["href"] for p in answer["summary"]], ["#id_options__1", "#id_options__6"])
        self.assertIn("from -100 to 100", answer["problems"]["options__6"])

    def test_it_writes_nothing(self):
        self.client.force_login(self.hana)
        before = Match.objects.count()
        with CaptureQueriesContext(connection) as queries:
            self.assertEqual(self.check(self.flat_earth(players=7)).status_code, 200)
        writes = [q["sql"] for q in queries if q["sql"].split()[0].upper() in ("INSERT", "UPDATE", "DELETE")]
        self.assertEqual(writes, [])
        self.assertEqual(Match.objects.count(), before)

    def test_it_checks_a_draft_against_what_its_page_showed(self):
        # The rows and the expert JSON agree by what the page showed: a draft's page shows its
        # stored names, so a changed row is taken, not refused as "changed both".
        match = self.game_match(registry.get("pokemon_snap"))
        match.settings = {"pokemon_names": ["Mew"]}
        match.save()
        self.client.force_login(self.hana)
        page = self.client.get(f"/host/matches/{match.pk}/setup/")
        self.assertContains(page, f'data-form-check="/host/seasons/{self.season.slug}/matches/check/?match={match.pk}"')
        shown = page.context["form"].initial
        data = {**setup_data(self, "pokemon_snap", title="Snap", pokemon_names__0="Eevee")}
        data["expert_settings"] = shown["expert_settings"]
        answer = self.check(data, f"match={match.pk}").json()
        self.assertEqual(answer["problems"], {})
        # the same post checked as a new match's (defaults shown) is refused beside the JSON box
        refused = self.check(data, "game=pokemon_snap").json()
        self.assertIn(
            "You changed pokemon_names both in its rows and in the expert JSON", refused["problems"]["expert_settings"]
        )

    def test_only_the_season_s_hosts_may_ask(self):
        other = User.objects.create_user("olga")
        Season.objects.create(name="Other", slug="other").hosts.add(other)
        for who in (self.alice, other):
            self.client.force_login(who)
            self.assertEqual(self.check(self.flat_earth()).status_code, 404, who)
        draft = Match.objects.create(season=Season.objects.get(slug="other"), game="flat_earth", title="Theirs")
        self.client.force_login(self.hana)
        self.assertEqual(self.check(self.flat_earth(), f"match={draft.pk}").status_code, 404)
        self.client.logout()
        self.assertEqual(self.check(self.flat_earth()).status_code, 302)  # to the login page

    def test_it_is_protected_from_cross_site_posts(self):
        client = Client(enforce_csrf_checks=True)
        client.force_login(self.hana)
        answer = client.post(f"/host/seasons/{self.season.slug}/matches/check/?game=flat_earth", self.flat_earth())
        self.assertEqual(answer.status_code, 403)

    def test_it_answers_forged_posts_with_400_in_words(self):
        self.client.force_login(self.hana)
        self.match.status = Match.RUNNING
        self.match.save()
        fine = self.flat_earth()
        for query, data, words in (
            ("game=chess", fine, "No game of this site has that name."),
            ("", fine, "No game of this site has that name."),
            ("game=flat_earth", {"players": "1"}, "This is not the setup form (title and kind missing)"),
            (f"match={self.match.pk}", fine, "The match has started: its settings and seats no longer change."),
            ("game=flat_earth", {**fine, **{f"x{n}": "1" for n in range(300)}}, "More was sent than any setup"),
        ):
            with self.subTest(query=query, words=words):
                answer = self.check(data, query)
                self.assertEqual(answer.status_code, 400)
                self.assertIn(words, answer.json()["refused"])
        for query in ("match=x", "match=" + "9" * 5000, "saved=99"):
            self.assertEqual(self.check(fine, query).status_code, 404, query[:12])

    def test_it_answers_forged_values_beside_their_fields_and_never_fails(self):
        self.client.force_login(self.hana)
        forged = {
            "players": ["abc", "9" * 40],
            "kind": "nonsense",
            "seed": "-1",
            "expert_settings": "[" * 5000,
        }
        answer = self.check({**self.flat_earth(), **forged})
        self.assertEqual(answer.status_code, 200)
        self.assertEqual(sorted(answer.json()["problems"]), ["expert_settings", "kind", "players", "seed"])

    def test_it_answers_hostile_rows_in_words_in_every_game(self):
        self.client.force_login(self.hana)
        hostile = ("²,1", "٣, ٤, ٥", "1,1" * 130 + "x", "9" * 5000, "a.__class__", "\x00", "((((", "now: " * 40)
        for engine in registry.all_engines():
            for spec in engine.settings_rows:
                for text in hostile:
                    with self.subTest(setting=spec.name, text=text[:12]):
                        data = setup_data(self, engine.slug, **{f"{spec.name}__0": text})
                        answer = self.check(data, f"game={engine.slug}")
                        self.assertEqual(answer.status_code, 200)
                        said = answer.json()
                        name = f"{spec.name}__0"
                        self.assertTrue(said["problems"].get(name) or said["said"].get(name))

    def test_the_summary_names_a_slot_by_its_board(self):
        # Every board has a Slot D: the summary says which board's.
        self.client.force_login(self.hana)
        data = setup_data(self, "quattro_loop", board_lines__3="end: +1 adjj")
        answer = self.check(data, "game=quattro_loop").json()
        self.assertEqual(answer["summary"][0]["href"], "#id_board_lines__3")
        self.assertTrue(answer["summary"][0]["words"].startswith("Board 1 (round 1), Slot D: Not read, column"))


class SentFormTestCase(BaseTestCase):
    """Without the script: the seats' refusal is beside the rows it is about, first in the summary."""

    def test_it_puts_the_seats_refusal_beside_the_options(self):
        self.client.force_login(self.hana)
        data = setup_data(self, "flat_earth", title="Flat", **{**ROUNDS, "options__2": SEVEN})
        page = self.client.post(f"/host/seasons/{self.season.slug}/matches/new/?game=flat_earth", data)
        html = page.content.decode()
        beside = html.split('<div data-field="options__rows">')[1].split("</div>")[0]
        self.assertIn(TOO_MANY, beside)
        self.assertIn(f'<a href="#rows-options__rows">{TOO_MANY}</a>', html)
        self.assertFalse(Match.objects.filter(title="Flat").exists())
