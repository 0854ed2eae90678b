"""The finding's own path, through the pages: the host types the counter's numbers as strings in
the setup form's "Expert settings (JSON)" box, starts the match and opens a round bounded by that
counter; a player's Send is answered (no 500) and the deadline sweep closes the round, the
missed answer drawn within the counter."""

import json
from datetime import timedelta

from django.urls import reverse

from matches import clock
from matches.core import host_actions, lifecycle
from matches.models import Match, Phase
from matches.scheduling.deadlines import run_due
from tests.support.base import BaseTestCase
from tests.support.setup_form import post_setup, setup_data

TYPED = {"name": "Coins", "start": "10", "low": "0", "high": "99", "sees": "player"}
ROUND = {
    "title": "Bids",
    "deadline": "10m",
    "answers": "everyone",
    "field_1": "Bid | number 0..your Coins | missed random",
    "reveal": "nothing",
    "talk": "everyone",
}


class ExpertSettingsPageTestCase(BaseTestCase):
    def test_a_counter_typed_as_strings_plays_from_the_send_to_the_sweep(self):
        expert = json.loads(setup_data(self, "host_run")["expert_settings"])
        response = post_setup(
            self, "host_run", title="Strings", expert_settings=json.dumps({**expert, "counters": [TYPED]})
        )
        self.assertEqual(response.status_code, 302, response.content.decode()[-2000:])
        match = Match.objects.get(title="Strings")
        lifecycle.do_start(match.pk)
        match.refresh_from_db()
        self.assertEqual(
            match.state["counters"], [{"name": "Coins", "start": 10, "low": 0, "high": 99, "sees": "player"}]
        )
        self.assertEqual(match.state["values"], [[10], [10]])

        host_actions.do_host_action(match.pk, self.hana, "open_round", ROUND)
        phase = self.open_phase(match)
        self.client.force_login(self.alice)
        sent = self.client.post(reverse("submit", args=[match.pk, phase.pk]), {"f1": "7"})
        self.assertEqual(sent.status_code, 302)
        self.assertEqual(phase.submissions.get().payload, {"f1": 7})

        Phase.objects.filter(pk=phase.pk).update(deadline=clock.now() - timedelta(seconds=1))
        self.assertEqual(run_due(), 1)
        match.refresh_from_db()
        answers = match.state["rounds"][0]["answers"]
        self.assertEqual(answers["0"], {"f1": 7})
        self.assertIn(answers["1"]["f1"], range(0, 11))  # Bob's missed bid, drawn within his 10 Coins
