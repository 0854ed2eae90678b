"""An invitation in Chromium, on a desktop and on a phone: the host adds an account of another
season on the desk and sees it invited, not added; its owner logs in, sees the invitation on the
home page and accepts it (desktop: then the season's page says they joined) or declines it after
the page asks (phone: the desk then says declined)."""

import pytest
from django.contrib.auth.models import User

from matches.models import Season, SeasonInvitation, SeasonPlayer
from tests.support.base import PASSWORD, BaseTransactionTestCase
from tests.support.browsers import chromium, person, screenshot
from tests.support.stack import serve

pytestmark = pytest.mark.browser


class InvitationBrowserTestCase(BaseTransactionTestCase):
    def setUp(self):
        super().setUp()
        two = Season.objects.create(name="Season Two", slug="season-two")
        self.zed = User.objects.create_user("zed", password=PASSWORD)
        SeasonPlayer.objects.create(season=two, user=self.zed, display_name="Zed")
        self.stack = serve(self)

    def walk(self, phone, accept):
        tag = "phone" if phone else "desktop"
        with chromium() as browser:
            host = person(browser, self.stack.url, self.hana, phone=phone).new_page()
            host.goto("/host/seasons/season-one/")
            host.fill("form.add-player textarea[name=players]", "Zed Two, zed")
            host.click("form.add-player button")
            host.get_by_text("Invited, since their accounts belong to another season: Zed Two.").wait_for()
            row = host.locator("table.invited tr", has_text="Zed Two")
            self.assertIn("waiting for their answer", row.inner_text())
            self.assertFalse(host.locator("table.players").get_by_text("Zed Two").count())
            screenshot(host, f"invitation-1-desk-{tag}")

            zed = person(browser, self.stack.url, self.zed, phone=phone).new_page()
            questions = []
            zed.on("dialog", lambda dialog: (questions.append(dialog.message), dialog.accept()))
            zed.goto("/")
            card = zed.locator("section.invitations")
            self.assertIn("hana invites you to join Season One as Zed Two.", card.inner_text())
            self.assertLess(card.bounding_box()["y"], zed.locator("h1", has_text="Seasons").bounding_box()["y"])
            screenshot(zed, f"invitation-2-home-{tag}")
            if accept:
                card.get_by_role("button", name="Accept and join").click()
                zed.get_by_text("You joined Season One as Zed Two.").wait_for()
                self.assertTrue(zed.url.endswith("/seasons/season-one/"))
                self.assertEqual(SeasonPlayer.objects.get(season=self.season, user=self.zed).display_name, "Zed Two")
            else:
                card.get_by_role("button", name="Decline").click()
                zed.get_by_text("You declined the invitation to Season One.").wait_for()
                self.assertEqual(
                    questions, ["Decline the invitation to Season One? Its hosts cannot invite you again."]
                )
                self.assertFalse(SeasonPlayer.objects.filter(season=self.season, user=self.zed).exists())
                self.assertEqual(zed.locator("section.invitations").count(), 0)
            screenshot(zed, f"invitation-3-answered-{tag}")

            host.reload()
            if accept:
                self.assertTrue(host.locator("table.players").get_by_text("Zed Two").count())
                self.assertEqual(host.locator("table.invited").count(), 0)
            else:
                self.assertIn("declined", host.locator("table.invited tr", has_text="Zed Two").inner_text())
            screenshot(host, f"invitation-4-desk-after-{tag}")
        self.assertEqual(SeasonInvitation.objects.get().status, "accepted" if accept else "declined")

    def test_it_invites_and_the_owner_accepts_on_a_desktop(self):
        self.walk(phone=False, accept=True)

    def test_it_invites_and_the_owner_declines_on_a_phone(self):
        self.walk(phone=True, accept=False)
