"""The season's history says ledger changes in people's words (issue 40, point 12): never
"Otto +1 eliminated", "+1 tokens of life" or "The communal pool +1 communal garnet pool"."""

from django.test import SimpleTestCase

from games.engine_api import (
    COMMUNAL_GARNET,
    ELIMINATED,
    ELIMINATION_CANDIDATE,
    GARNET,
    MARK_OF_ELIMINATION,
    TOKEN_OF_LIFE,
)
from games.words import count
from matches.seasons.ledger_words import change_words

LABELS = {"stars": "Star"}


class LedgerWordsTestCase(SimpleTestCase):
    def test_it_says_each_kind_as_a_person_would(self):
        cases = [
            ("Otto", ELIMINATED, 1, "Otto is eliminated"),
            ("Otto", ELIMINATION_CANDIDATE, 1, "Otto becomes an elimination candidate"),
            ("Otto", ELIMINATION_CANDIDATE, -1, "Otto is no longer an elimination candidate"),
            ("Ada", TOKEN_OF_LIFE, 1, "Ada gains 1 token of life"),
            ("Ada", TOKEN_OF_LIFE, 2, "Ada gains 2 tokens of life"),
            ("Ada", GARNET, -3, "Ada loses 3 garnets"),
            ("Ben", MARK_OF_ELIMINATION, 1, "Ben gains 1 Mark of Elimination"),
            (None, COMMUNAL_GARNET, 1, "The communal pool gains 1 garnet"),
            ("Cleo", "stars", 4, "Cleo gains 4 Stars"),
            ("Cleo", "stars", -1, "Cleo loses 1 Star"),
        ]
        for who, kind, amount, words in cases:
            with self.subTest(kind=kind, amount=amount):
                self.assertEqual(change_words(who, kind, amount, LABELS), words)

    def test_it_speaks_to_the_owner_in_the_second_person(self):
        self.assertEqual(change_words("Ada", GARNET, 2, LABELS, to_owner=True), "You gain 2 garnets")
        self.assertEqual(change_words("Otto", ELIMINATED, 1, LABELS, to_owner=True), "You are eliminated")
        self.assertEqual(
            change_words("Otto", ELIMINATION_CANDIDATE, 1, LABELS, to_owner=True), "You become an elimination candidate"
        )

    def test_it_counts_in_the_right_number(self):
        self.assertEqual([count(0, "card"), count(1, "card"), count(2, "card")], ["0 cards", "1 card", "2 cards"])
        self.assertEqual(count(-1, "point"), "-1 point")
        self.assertEqual(count(3, "token of life", "tokens of life"), "3 tokens of life")
