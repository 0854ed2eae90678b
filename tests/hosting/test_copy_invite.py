"""A copy button beside each invite link on the season's desk: shipped hidden and shown by a
script of our own (static/js/copy.js, no inline script under the Content Security Policy), so
the page without script shows the link alone, to select by hand."""

import re

from django.urls import reverse

from tests.support.base import BaseTestCase


class CopyInviteTestCase(BaseTestCase):
    def test_it_puts_a_hidden_copy_button_beside_each_invite_link_and_the_script_in_a_file(self):
        self.client.force_login(self.hana)
        self.client.post(reverse("host_add_player", args=[self.season.slug]), {"players": "Ivy, ivy\nKim, kim"})
        page = self.client.get(reverse("host_season", args=[self.season.slug]))
        text = page.content.decode()
        fields = re.findall(r'<input class="invite" id="(invite-\d+)"', text)
        buttons = re.findall(
            r'<button type="button" class="copy" data-copy="(invite-\d+)"[^>]*hidden>Copy</button>', text
        )
        self.assertEqual(len(fields), 2)
        self.assertEqual(buttons, fields)
        self.assertContains(page, '<script src="/static/js/copy.js"></script>', html=True)
        self.assertNotRegex(text, r"<script>|<script [^>]*>[^<]|\son(click|load)=")  # nothing inline
        self.assertIn("script-src 'self'", page["Content-Security-Policy"])
        self.assertEqual(self.client.get("/static/js/copy.js").status_code, 200)
