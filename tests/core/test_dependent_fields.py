"""Dependent fields (issue 35, point 5): a field that goes only with a choice of an earlier field
(`Field.depends_on`, `Field.when`) is sent to the engine only with that choice, required then if
it is `required`, and refused (nothing stored) when filled in beside another choice. Checked on
the rules of the values themselves, on the platform's form, and through the pages without
script: a move of the fixture game (a guessed top bid goes only with the guess "Top bid") and an
immediate action of Co-op QWOP (a partner goes only with the three-legged race). The page with
script is tests/browser/test_dependent_fields_live.py."""

from django.test import SimpleTestCase
from django.urls import reverse

from games.engine_api import CHOICE, INT, MULTICHOICE, RADIO, TEXT, Field, FormSpec
from matches.core.engine_forms import build_form, cleaned_payload, form_errors_text
from matches.models import Action, Event, Submission
from tests.coop_qwop.people import EightPlayersMixin
from tests.support.base import PASSWORD, BaseTestCase

ACTION = Field(
    "action",
    "Action",
    RADIO,
    (("call", "Call"), ("raise", "Raise"), ("allin", "All in"), ("fold", "Fold")),
    required=True,
)
AMOUNT = Field(
    "amount", "Amount", INT, min_value=1, max_value=9, required=True, depends_on="action", when=("raise", "allin")
)
BET = FormSpec((ACTION, AMOUNT, Field("note", "Note", TEXT, depends_on="amount")))


class AppliesTestCase(SimpleTestCase):
    def test_it_applies_only_with_one_of_its_values_or_any_value_when_none_are_named(self):
        self.assertTrue(AMOUNT.applies({"action": "raise"}))
        self.assertTrue(AMOUNT.applies({"action": "allin"}))
        self.assertFalse(AMOUNT.applies({"action": "call"}))
        self.assertFalse(AMOUNT.applies({}))
        note = BET.fields[2]
        self.assertTrue(note.applies({"amount": 3}))  # any value, compared as posted
        self.assertFalse(note.applies({"amount": ""}))
        self.assertTrue(ACTION.applies({}))  # a field that depends on nothing always applies

    def test_it_applies_beside_a_list_when_any_of_its_values_is_named(self):
        field = Field("why", "Why", TEXT, depends_on="picks", when=("B",))
        self.assertTrue(field.applies({"picks": ["A", "B"]}))
        self.assertFalse(field.applies({"picks": ["A", "C"]}))
        self.assertFalse(field.applies({"picks": []}))

    def test_it_names_each_dependency_that_can_never_apply(self):
        self.assertEqual(BET.dependency_problems(), [])
        broken = FormSpec(
            (
                Field("later", "Later", INT, depends_on="action"),  # names a field after it
                ACTION,
                Field("typo", "Typo", INT, depends_on="actoin"),
                Field("stray", "Stray", INT, depends_on="action", when=("raise", "check")),
                Field("count", "Count", INT),
                Field("by_count", "By count", INT, depends_on="count", when=("3",)),  # a number has no choices
                Field("lonely", "Lonely", INT, when=("raise",)),
                Field("picks", "Picks", MULTICHOICE, (("A", "A"),)),
                Field("fine", "Fine", CHOICE, (("x", "x"),), depends_on="picks", when=("A",)),
            )
        )
        self.assertEqual(
            broken.dependency_problems(),
            [
                "later: depends on 'action', which is not an earlier field of the form.",
                "typo: depends on 'actoin', which is not an earlier field of the form.",
                "stray: `when` values ['check'] are not choices of 'action'.",
                "by_count: `when` values ['3'] are not choices of 'count'.",
                "lonely: `when` without `depends_on`.",
            ],
        )


class PlatformFormTestCase(SimpleTestCase):
    def posted(self, data):
        form = build_form(BET, data=data)
        return cleaned_payload(form) if form.is_valid() else form_errors_text(form)

    def test_it_sends_a_dependent_field_only_with_its_choice_and_requires_it_then(self):
        self.assertEqual(self.posted({"action": "call"}), {"action": "call"})
        self.assertEqual(self.posted({"action": "raise", "amount": "4"}), {"action": "raise", "amount": 4})
        self.assertEqual(self.posted({"action": "allin", "amount": "9"}), {"action": "allin", "amount": 9})
        self.assertEqual(self.posted({"action": "raise"}), "Amount is required with Raise or All in.")
        self.assertEqual(self.posted({"action": "raise", "amount": ""}), "Amount is required with Raise or All in.")

    def test_it_refuses_a_dependent_field_filled_in_beside_another_choice(self):
        self.assertEqual(self.posted({"action": "fold", "amount": "4"}), "Amount goes only with Raise or All in.")
        # a chain: the note goes with an amount, which itself goes only with a raise
        self.assertEqual(self.posted({"action": "call", "note": "bluff"}), "Note goes only with an answer to Amount.")
        self.assertEqual(
            self.posted({"action": "raise", "amount": "2", "note": "bluff"}),
            {"action": "raise", "amount": 2, "note": "bluff"},
        )
        # a controlling field refused on its own is reported once, not again through its dependants
        self.assertEqual(
            self.posted({"action": "check", "amount": "4"}),
            "Action: Select a valid choice. check is not one of the available choices.",
        )

    def test_it_shows_the_hint_and_marks_the_field_for_the_script_under_the_forms_prefix(self):
        html = build_form(BET, prefix="bet").as_div()
        self.assertIn("Only with Raise or All in.", html)
        self.assertIn('data-depends-on="bet-action"', html)
        self.assertIn('data-when="[&quot;raise&quot;, &quot;allin&quot;]"', html)
        self.assertNotIn('name="bet-amount" min="1" max="9" required', html)  # no browser blocks a hidden field
        self.assertIn('data-depends-on="action"', build_form(BET).as_div())


class MoveWithoutScriptTestCase(BaseTestCase):
    """The fixture game's round: a bid, and beside it a guess; the number goes only with "Top bid"."""

    def setUp(self):
        super().setUp()
        self.start()
        self.phase = self.open_phase()
        self.url = reverse("submit", args=[self.match.pk, self.phase.pk])

    def post(self, name, data):
        self.client.login(username=name, password=PASSWORD)
        return self.client.post(self.url, data, follow=True)

    def stored(self, name):
        return [s.payload for s in Submission.objects.filter(phase=self.phase, player=self.seat(name))]

    def test_it_shows_the_number_with_its_hint_on_the_page(self):
        self.client.login(username="alice", password=PASSWORD)
        page = self.client.get(reverse("match_play", args=[self.match.pk]))
        self.assertContains(page, "Only with Top bid.")
        self.assertContains(page, 'name="guess_top" min="1" max="10" data-depends-on="guess"', html=False)

    def test_it_refuses_the_number_beside_another_guess_or_none_and_stores_nothing(self):
        for data in ({"bid": "5", "guess": "none", "guess_top": "3"}, {"bid": "5", "guess_top": "3"}):
            with self.subTest(data=data):
                self.assertContains(self.post("alice", data), "Not recorded. Number goes only with Top bid.")
        self.assertContains(
            self.post("alice", {"bid": "5", "guess": "top"}), "Not recorded. Number is required with Top bid."
        )
        self.assertEqual(self.stored("alice"), [])

    def test_it_stores_the_number_with_its_guess_and_tells_the_guesser_alone_after_the_round(self):
        self.assertContains(self.post("alice", {"bid": "5", "guess": "top", "guess_top": "5"}), "Submission received")
        self.assertContains(self.post("bob", {"bid": "7", "guess": "none", "guess_top": ""}), "Submission received")
        self.assertContains(self.post("carol", {"bid": "7"}), "Submission received")
        self.assertEqual(self.stored("alice"), [{"bid": 5, "guess": "top", "guess_top": 5}])
        self.assertEqual(self.stored("bob"), [{"bid": 7, "guess": "none"}])
        # 7 was bid twice, so Alice's 5 is the top unique bid: her guess was right, Bob's wrong
        guesses = {(e.seat, e.text) for e in Event.objects.filter(match=self.match, kind="guess")}
        self.assertEqual(
            guesses, {(0, "Your guess (the top bid is 5) was right."), (1, "Your guess (nobody scores) was wrong.")}
        )
        self.client.login(username="carol", password=PASSWORD)
        self.assertNotContains(self.client.get(reverse("match_play", args=[self.match.pk])), "Your guess")


class ActionWithoutScriptTestCase(EightPlayersMixin, BaseTestCase):
    """Co-op QWOP's pregame proposal: a partner athlete goes only with the three-legged race."""

    def setUp(self):
        super().setUp()
        self.start()
        self.client.login(username="alice", password=PASSWORD)
        self.mine, self.other = self.shared("alice", "bob"), self.shared("carol", "frank")

    def propose(self, data):
        url = reverse("act", args=[self.match.pk, "propose"])
        return self.client.post(url, {f"propose-{k}": v for k, v in data.items()}, follow=True)

    def test_it_shows_the_partner_with_its_hint_on_the_page(self):
        page = self.client.get(reverse("match_play", args=[self.match.pk]))
        self.assertContains(page, "Only with Three-legged race.")
        self.assertContains(page, 'data-depends-on="propose-race"', html=False)

    def test_it_refuses_a_partner_beside_another_race_or_none_beside_the_three_legged_one(self):
        refused = self.propose({"athlete": self.mine, "race": "marathon", "partner": self.other})
        self.assertContains(refused, "Not recorded. Partner athlete goes only with Three-legged race.")
        refused = self.propose({"athlete": self.mine, "race": "three_legged", "partner": ""})
        self.assertContains(refused, "Not recorded. Partner athlete is required with Three-legged race.")
        self.assertEqual(Action.objects.count(), 0)
        self.match.refresh_from_db()
        self.assertEqual(self.match.state["proposals"], [])

    def test_it_sends_the_partner_with_the_three_legged_race(self):
        self.assertContains(
            self.propose({"athlete": self.mine, "race": "three_legged", "partner": self.other}), "Done."
        )
        self.assertContains(self.propose({"athlete": self.mine, "race": "marathon", "partner": ""}), "Done.")
        self.assertEqual(
            [a.payload for a in Action.objects.order_by("id")],
            [
                {"athlete": str(self.mine), "race": "three_legged", "partner": self.other},
                {"athlete": str(self.mine), "race": "marathon"},
            ],
        )
