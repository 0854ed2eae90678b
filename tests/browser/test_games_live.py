"""The two games in real headless Chromium against the real web server: Mystery Cosign's
30-second steps chained live between two players (one on a phone) with a spectator watching, and
Co-op QWOP's card form on a phone."""

import pytest

from tests.support.browsers import BrowserGameTestCase, chromium, screenshot

pytestmark = pytest.mark.browser

SECRET_OPERATION = "max(a, b) + 0*77777"


class CosignInTheBrowserTestCase(BrowserGameTestCase):
    game = "mystery_cosign"
    seats = ("alice", "bob")
    settings = {
        "operation_set": "easy",
        "operations": {"A": SECRET_OPERATION, "B": "abs(a - b)", "C": "a*b"},
        "number_seconds": 5,
        "targets": [[31337, 27182, 16180]] * 9,
    }

    def test_it_chains_steps_live_and_keeps_the_operations_hidden(self):
        m = self.match.pk
        with chromium() as browser:
            alice = self.page(browser, self.alice, f"/play/{m}/", phone=True)
            bob = self.page(browser, self.bob, f"/play/{m}/")
            spectator = self.page(browser, None, f"/matches/{m}/")
            self.send(alice, select={"first": "me"})
            self.send(alice, fill={"P": 12})
            # Bob's Q form arrives over his socket, with Alice's P in it; he never reloads
            bob.evaluate("window.notReloaded = true")
            bob.locator("#live-forms", has_text="Player 1 gave P = 12.").wait_for()
            self.assertTrue(bob.evaluate("window.notReloaded === true"))
            self.send(bob, fill={"Q": 5})
            self.send(alice, check=["A", "B"])
            self.send(bob, check=["B", "C"])
            # A = max(12, 5) = 12, B = |12 - 5| = 7, C = 12 * 5 = 60 (the host wrote B and C)
            spectator.locator("#live-state", has_text="12 A 5 = 12, 12 B 5 = 7, 12 C 5 = 60").wait_for()
            screenshot(alice, "cosign-1-after-round-alice")
            screenshot(spectator, "cosign-1-after-round-spectator")
            # Round 2: Bob is Player 1 and lets his 5 seconds run out; the deadline picks his P
            # and Alice's Q form appears on her phone without a reload.
            alice.evaluate("window.notReloaded = true")
            alice.locator("#live-forms", has_text="You are Player 2.").wait_for(timeout=15_000)
            self.assertTrue(alice.evaluate("window.notReloaded === true"))
            self.assertIn("filled in", self.missed_p_text())
            for page in (alice, bob, spectator):
                self.assertNotIn("77777", page.content())
            screenshot(alice, "cosign-2-missed-p-alice")

    def missed_p_text(self):
        phase = self.match.phases.get(key="collab-2-P")
        sub = phase.submissions.get()
        self.assertIn(sub.payload["P"], range(1, 10))  # C4: a missed number is 1-9
        return "filled in" if sub.source == "default" else sub.source


class QwopInTheBrowserTestCase(BrowserGameTestCase):
    game = "coop_qwop"
    seats = ("alice", "bob", "carol", "frank", "grace", "heidi", "ivan", "judy")
    settings = {}

    def test_it_takes_a_round_of_cards_from_a_phone(self):
        from matches.core import lifecycle

        lifecycle.do_force_close(self.open_phase().pk)  # the pregame ends
        m = self.match.pk
        with chromium() as browser:
            alice = self.page(browser, self.alice, f"/play/{m}/", phone=True)
            self.match.refresh_from_db()
            mine = [a["number"] for a in self.match.state["athletes"] if 0 in a["controllers"]]
            self.send(alice, select={f"card_{n}": "OPQWOPX"[i] for i, n in enumerate(mine)})
            alice.locator(".messages", has_text="Submission received").wait_for()
            self.assertEqual(alice.locator(f"select[name=card_{mine[6]}]").input_value(), "X")
            alice.locator("svg.race-track").first.wait_for()
            screenshot(alice, "qwop-round-1-alice-phone")
        sub = self.match.phases.get(key="round-1").submissions.get()
        self.assertEqual(sub.payload[f"card_{mine[0]}"], "O")
