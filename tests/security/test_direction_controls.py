"""Names people type (a season's, a player's, a username, a match's title, a season currency's)
never hold the invisible characters that turn the direction text is shown in: "Ada\u202eX" reads
as "AdaX" backwards from there on, which can make a name read as another's in a list. Every form
that takes one refuses them with the same words, beside the field, and changes nothing; a name in
any script (Arabic, Hebrew) is welcome."""

from django.contrib.auth.models import Permission, User
from django.urls import reverse

from matches.lib.typed_names import refuse_direction_controls
from matches.models import Match, Season, SeasonCurrency, SeasonPlayer
from tests.support.base import PASSWORD, BaseTestCase
from tests.support.setup_form import post_setup, setup_data

# By hand, from Unicode's list of bidirectional formatting characters.
CONTROLS = {
    "\u202a": "LEFT-TO-RIGHT EMBEDDING",
    "\u202b": "RIGHT-TO-LEFT EMBEDDING",
    "\u202c": "POP DIRECTIONAL FORMATTING",
    "\u202d": "LEFT-TO-RIGHT OVERRIDE",
    "\u202e": "RIGHT-TO-LEFT OVERRIDE",
    "\u2066": "LEFT-TO-RIGHT ISOLATE",
    "\u2067": "RIGHT-TO-LEFT ISOLATE",
    "\u2068": "FIRST STRONG ISOLATE",
    "\u2069": "POP DIRECTIONAL ISOLATE",
    "\u200e": "LEFT-TO-RIGHT MARK",
    "\u200f": "RIGHT-TO-LEFT MARK",
    "\u061c": "ARABIC LETTER MARK",
}
WELCOME = ["Zoë", "عائشة", "דוד", "Ana María", "李雷", "👩\u200d🚀 Ada", "O'Neil-Smith"]
WORDS = "invisible text-direction character"


class DirectionControlsTestCase(BaseTestCase):
    def test_it_refuses_every_direction_control_and_welcomes_every_script(self):
        for control, name in CONTROLS.items():
            with self.subTest(name):
                with self.assertRaisesMessage(Exception, WORDS):
                    refuse_direction_controls(f"Ada{control}X")
                with self.assertRaisesMessage(Exception, f"U+{ord(control):04X}"):
                    refuse_direction_controls(f"Ada{control}X")
        for name in WELCOME:
            refuse_direction_controls(name)

    def test_the_console_refuses_such_a_season_name(self):
        self.hana.user_permissions.add(Permission.objects.get(codename="add_season", content_type__app_label="matches"))
        self.client.force_login(self.hana)
        response = self.client.post(reverse("host_new_season"), {"name": "Season \u202eowT"})
        self.assertContains(response, WORDS, status_code=400)
        self.assertEqual(Season.objects.count(), 1)

    def test_the_desk_refuses_such_a_player_name_or_username_and_adds_nobody(self):
        self.client.force_login(self.hana)
        url = reverse("host_add_player", args=[self.season.slug])
        for line in ("Ali\u202ece, newcomer", "Newcomer, new\u2066comer", "\u200fnewcomer"):
            with self.subTest(line=line):
                response = self.client.post(url, {"players": f"Fine, fine\n{line}"})
                self.assertContains(response, f"Line 2 ({line.rpartition(',')[2].strip()}): ", status_code=400)
                self.assertContains(response, WORDS, status_code=400)
        self.assertEqual(SeasonPlayer.objects.filter(season=self.season).count(), 9)
        self.assertFalse(User.objects.filter(username__in=["fine", "newcomer"]).exists())

    def test_the_setup_form_refuses_such_a_match_title(self):
        before = Match.objects.count()
        response = post_setup(self, "fixture", title="Final \u202e1 dnuoR")
        self.assertContains(response, WORDS)
        self.assertEqual(Match.objects.count(), before)
        response = self.client.post(
            reverse("edit_match", args=[self.match.pk]), setup_data(self, "fixture", title="Test \u2067match")
        )
        self.assertContains(response, WORDS)
        self.match.refresh_from_db()
        self.assertEqual(self.match.title, "Test match")

    def test_every_admin_form_refuses_such_a_name(self):
        self.client.force_login(User.objects.create_superuser("root", password=PASSWORD))
        season = {
            "name": "Season One",
            "slug": "season-one",
            "status": "active",
            "hosts": [self.hana.pk],
            "currencies-TOTAL_FORMS": 0,
            "currencies-INITIAL_FORMS": 0,
            "players-TOTAL_FORMS": 0,
            "players-INITIAL_FORMS": 0,
        }
        currency = {"currencies-TOTAL_FORMS": 1, "currencies-0-name": "Black \u202aGarnet", "currencies-0-key": "black"}
        inline_player = {
            "players-TOTAL_FORMS": 1,
            "players-0-display_name": "Mal\u200elory",
            "players-0-username": "mallory",
            "players-0-status": "active",
        }
        player = {"season": self.season.pk, "display_name": "Newcomer", "username": "newcomer", "status": "active"}
        match = {
            "season": self.season.pk,
            "game": "fixture",
            "kind": "main",
            "settings": "{}",
            "seed": 1,
            "seats-TOTAL_FORMS": 0,
            "seats-INITIAL_FORMS": 0,
            "phases-TOTAL_FORMS": 0,
            "phases-INITIAL_FORMS": 0,
        }
        alice = reverse("admin:matches_seasonplayer_change", args=[self.members["alice"].pk])
        posts = [
            (reverse("admin:matches_season_add"), {**season, "name": "Season \u202eowT", "slug": "season-two"}),
            (reverse("admin:matches_season_change", args=[self.season.pk]), {**season, "name": "Season \u2068One"}),
            (reverse("admin:matches_season_change", args=[self.season.pk]), {**season, **currency}),
            (reverse("admin:matches_season_change", args=[self.season.pk]), {**season, **inline_player}),
            (reverse("admin:matches_seasonplayer_add"), {**player, "display_name": "New\u061ccomer"}),
            (reverse("admin:matches_seasonplayer_add"), {**player, "username": "new\u202dcomer"}),
            (alice, {**player, "display_name": "Ali\u202ece", "username": "alice"}),
            (reverse("admin:matches_match_add"), {**match, "title": "Final \u202e1 dnuoR"}),
        ]
        for number, (url, data) in enumerate(posts):
            with self.subTest(number=number, url=url):
                response = self.client.post(url, data)
                self.assertContains(response, "errornote")
                self.assertContains(response, WORDS)
        self.assertEqual(list(Season.objects.values_list("name", flat=True)), ["Season One"])
        self.assertFalse(SeasonCurrency.objects.exists())
        self.assertFalse(User.objects.filter(username__in=["mallory", "newcomer"]).exists())
        self.assertEqual(SeasonPlayer.objects.get(pk=self.members["alice"].pk).display_name, "Alice")
        self.assertEqual(Match.objects.count(), 1)
