"""Preparing a draft can cost seconds of CPU (Mystery Cosign evaluates every operation on
thousands of inputs). The page that saves the draft pays it once; viewing the host page, the
console or the desk afterwards evaluates nothing, so nobody else's request waits behind it."""

import json

from django.urls import reverse

from games.mystery_cosign.engine import operations as ops
from matches.models import Match
from tests.support.base import BaseTestCase
from tests.security.test_host_input_500s import form_data

LCM_CHAIN = "lcm(lcm(lcm(lcm(lcm(lcm(lcm(a+{n},b+1),a+2),b+2),a+3),b+3),a+4),b+4)"


class CostlySettingsTestCase(BaseTestCase):
    def test_it_prepares_costly_operations_when_the_draft_is_saved_and_never_on_a_view(self):
        self.client.force_login(self.hana)
        url = reverse("new_match", args=[self.season.slug]) + "?game=mystery_cosign"
        data = form_data(self.client.get(url).context["form"])
        operations = {letter: LCM_CHAIN.format(n=i + 1) for i, letter in enumerate(ops.LETTERS)}
        data.update(
            title="Costly",
            players=[self.members["alice"].pk, self.members["bob"].pk],
            expert='{"operation_set": "hard", "operations": %s, "targets": []}' % json.dumps(operations),
        )
        ops.table.cache_clear()
        ops.trivial_values.cache_clear()
        response = self.client.post(url, data)
        self.assertEqual(response.status_code, 302, response.content.decode()[-2000:])
        self.assertGreater(ops.table.cache_info().misses, 0)  # the save prepared it
        ops.table.cache_clear()  # as in another process of the same site
        ops.trivial_values.cache_clear()
        match = Match.objects.get(title="Costly")
        for page in (
            reverse("match_host", args=[match.pk]),
            reverse("host_console"),
            reverse("host_season", args=[self.season.slug]),
        ):
            self.assertContains(self.client.get(page), "Ready to start.")
        self.assertEqual(ops.table.cache_info().misses, 0)
        self.assertEqual(ops.trivial_values.cache_info().misses, 0)
