"""Engine forms: an unbound form's HTML is kept and reused (engine_forms.RENDERED), and it must
read exactly as a fresh render would, for every initial value and prefix."""

from django.test import SimpleTestCase

from games.engine_api import CHOICE, INT, MULTICHOICE, Field, FormSpec
from matches.core.engine_forms import RENDERED, build_form
from matches.lib.bounded_cache import BoundedCache

SPEC = FormSpec(
    (
        Field("card", "Card", CHOICE, (("0-5", "2 red"), ("0-6", "3 blue"))),
        Field("picks", "Pick two.", MULTICHOICE, (("a", "Apples"), ("b", "Bananas"))),
        Field("n", "How many", INT),
    )
)


def fresh(form):
    """The form's HTML rendered now, past the kept copies."""
    return super(type(form), form).as_div()


class RenderedFormsTestCase(SimpleTestCase):
    def test_a_kept_render_reads_as_a_fresh_one_for_each_initial_and_prefix(self):
        for initial, prefix in ((None, None), ({"card": "0-6", "picks": ["b"], "n": 3}, None), (None, "act")):
            with self.subTest(initial=initial, prefix=prefix):
                first, again = (build_form(SPEC, initial=initial, prefix=prefix) for _ in range(2))
                self.assertEqual(first.as_div(), fresh(again))
                self.assertIs(first.as_div(), again.as_div())  # the second comes from the kept copy
        self.assertIn('value="0-6" selected', build_form(SPEC, initial={"card": "0-6"}).as_div())
        self.assertIn('value="0-5" selected', build_form(SPEC, initial={"card": "0-5"}).as_div())

    def test_a_bound_form_shows_what_was_posted_and_its_errors_never_a_kept_render(self):
        build_form(SPEC).as_div()
        bound = build_form(SPEC, data={"card": "0-5", "n": "many"})
        bound.is_valid()
        html = bound.as_div()
        self.assertIn('value="0-5" selected', html)
        self.assertIn("Enter a whole number", html)

    def test_it_keeps_at_most_its_size_dropping_the_least_recently_used(self):
        kept = BoundedCache(2)
        for key in ("a", "b", "c"):
            kept.get(key, lambda key=key: key.upper())
        self.assertEqual(kept.keys(), ["b", "c"])
        self.assertEqual(kept.get("b", lambda: "never called"), "B")  # b is now the most recent...
        kept.get("d", lambda: "D")
        self.assertEqual(kept.keys(), ["b", "d"])  # ...so c went first
        self.assertLessEqual(len(RENDERED.keys()), RENDERED.size)
