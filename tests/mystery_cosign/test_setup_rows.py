"""The host's own operations and targets on the setup form: a line per letter with the host's
check beside it, a line per shootout; a refused line is refused beside itself."""

from matches.models import Match
from tests.support.base import BaseTestCase
from tests.support.setup_form import post_setup, said, setup_url

TARGETS = {f"targets__{i}": f"{10 + i}, {20 + i}, {30 + i}" for i in range(9)}


class OwnOperationsRowsTestCase(BaseTestCase):
    def test_it_shows_a_line_per_letter_and_per_shootout(self):
        self.client.force_login(self.hana)
        page = self.client.get(setup_url(self, "mystery_cosign"))
        self.assertContains(page, "E (phases 2-3)")
        self.assertContains(page, 'name="operations__11"')
        self.assertContains(page, 'name="targets__8"')
        self.assertContains(page, "The chosen set&#x27;s operation.")

    def test_it_starts_a_match_with_the_operations_and_targets_written(self):
        r = post_setup(
            self, "mystery_cosign", title="Cosign", operations__0="a*b + 1", operations__4="max(a, b) % 7", **TARGETS
        )
        self.assertEqual(r.status_code, 302)
        match = Match.objects.get(title="Cosign")
        targets = [[10 + i, 20 + i, 30 + i] for i in range(9)]
        self.assertEqual(match.settings, {"operations": {"A": "a*b + 1", "E": "max(a, b) % 7"}, "targets": targets})
        state = self.start(match).state
        self.assertEqual(
            (state["ops"]["A"], state["ops"]["E"], state["targets"]), ("a*b + 1", "max(a, b) % 7", targets)
        )

    def test_it_shows_each_operation_s_check_beside_it(self):
        r = post_setup(
            self,
            "mystery_cosign",
            title="Cosign",
            operations__0="a*b",
            operations__1="a // b",
            operations__2="a.__class__",
            targets__3="1, 2",
        )
        self.assertEqual(r.status_code, 200)
        self.assertFalse(Match.objects.filter(title="Cosign").exists())
        self.assertIn("Fine on all", said(r, "operations__0"))
        self.assertIn("Undefined on", said(r, "operations__1"))  # a warning, not a refusal
        self.assertNotIn("errorlist", said(r, "operations__1"))
        self.assertIn("errorlist", said(r, "operations__2"))
        self.assertIn("three different whole numbers", said(r, "targets__3"))

    def test_it_refuses_some_targets_left_blank_beside_them(self):
        r = post_setup(self, "mystery_cosign", title="Cosign", **{**TARGETS, "targets__5": ""})
        self.assertIn("or clear every line", said(r, "targets__5"))
        self.assertFalse(Match.objects.filter(title="Cosign").exists())
