"""Each game's result table says what each number is, why each player has their place, and under
it how places were decided and why players share one (issue 40, point 11). For every game an end
is worked by hand (the rules applied to a few figures; Pokemon Snap's is the match its full-match
test plays), the engine's outcome is stored as a finished match stores it, and the table is read
back from the public page, a player's play page and the host's confirm page."""

import random
import re
from html import unescape
from html.parser import HTMLParser

from django.urls import reverse

from games import registry
from matches import clock
from matches.core import records
from matches.models import Match
from tests.coop_qwop.test_races import ath, total
from tests.support.base import PASSWORD, PEOPLE, BaseTestCase

WHY = "Why this place"


class Tables(HTMLParser):
    """Every table with the class result-table: its headings and its rows of cell texts."""

    def __init__(self):
        super().__init__()
        self.tables, self.cell, self.in_table = [], None, False

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        if tag == "table" and "result-table" in classes:
            self.in_table = True
            self.tables.append({"headings": [], "rows": []})
        elif self.in_table and tag == "tr":
            self.tables[-1]["rows"].append([])
        elif self.in_table and tag in ("td", "th"):
            self.cell = []

    def handle_endtag(self, tag):
        if tag == "table":
            self.in_table = False
        elif self.in_table and tag in ("td", "th") and self.cell is not None:
            text = " ".join("".join(self.cell).split())
            table = self.tables[-1]
            if tag == "th":
                table["headings"].append(text)
                table["rows"].pop() if table["rows"] == [[]] else None
            else:
                table["rows"][-1].append(text)
            self.cell = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell.append(data)


def read_table(html):
    parser = Tables()
    parser.feed(html)
    assert len(parser.tables) == 1, f"{len(parser.tables)} result tables"
    table = parser.tables[0]
    table["rows"] = [row for row in table["rows"] if row]
    return table


def places_note(html):
    found = re.search(r'<p class="places-note">(.*?)</p>', html, re.S)
    return unescape(found.group(1)) if found else ""


def pokemon_snap_end():
    """The full-match test's eight players after Heaven's winner (seat 1) named seat 6 for Hell's
    last and seat 7 as the extra player."""
    from games.pokemon_snap.engine.game import ASCENSION, ENGINE
    from tests.pokemon_snap.test_full_match import play

    state = play()
    answer = ENGINE.validate_submission(state, ASCENSION, 1, {"last": "6", "extra": "7"})
    return ENGINE.resolve(state, ASCENSION, {1: answer}, random.Random(9)).state


class ResultTablesTestCase(BaseTestCase):
    def finished(self, game, names, state):
        """A finished match of `game` whose outcome is the engine's for `state`, stored as the
        last close stores it. The picture is left out (the state is only the end's figures)."""
        self.game = game
        match = self.make_match(names, settings={})
        outcome = registry.get(game).outcome(state)
        records._finish(match, outcome, clock.now())
        match.save()
        self.assertEqual(match.status, Match.FINISHED)
        return match

    def pages(self, match, player):
        """The result as the public page, `player`'s play page, the host's confirm page and the
        admin's match page show it."""
        public = self.client.get(reverse("match_public", args=[match.pk])).content.decode()
        self.client.login(username=player, password=PASSWORD)
        play = self.client.get(reverse("match_play", args=[match.pk])).content.decode()
        self.client.login(username="hana", password=PASSWORD)
        confirm = self.client.get(reverse("host_confirm", args=[match.pk])).content.decode()
        admin = self.client.get(reverse("admin:matches_match_change", args=[match.pk])).content.decode()
        self.client.logout()
        return {"public": public, "play": play, "confirm": confirm, "admin": admin}

    def assert_table(self, match, player, headings, rows, note_parts):
        for page, html in self.pages(match, player).items():
            with self.subTest(page=page):
                table = read_table(html)
                self.assertEqual(table["headings"], ["Place", "Player", *headings])
                self.assertEqual(table["rows"], rows)
                note = places_note(html)
                for part in note_parts:
                    self.assertIn(part, note)

    def test_black_and_white_names_its_points_as_rounds_won(self):
        # Bob won five rounds, Alice three: a lead of two with one round left cannot be caught.
        state = {
            "names": ["Alice", "Bob"],
            "winner": 1,
            "points": [3, 5],
            "game": 1,
            "decided_by": "Bob wins 5-3: nobody can catch them.",
        }
        match = self.finished("black_and_white", ["alice", "bob"], state)
        self.assert_table(
            match,
            "alice",
            ["Points (rounds won)", WHY],
            [["1", "Bob", "5", "won"], ["2", "Alice", "3", "lost: proposed for elimination"]],
            ["never a shared place", "Bob wins 5-3: nobody can catch them.", "a drawn round gives none"],
        )

    def test_mystery_cosign_says_how_equal_totals_were_decided(self):
        state = {
            "names": ["Alice", "Bob"],
            "winner": 0,
            "advantage": 1,
            "shootouts": [{"totals": [4, 4]}],
            "decided_by": "Tied 4-4; Alice wins, having led 3-1 after shootout 7 of 9, the most recent untied moment.",
        }
        match = self.finished("mystery_cosign", ["alice", "bob"], state)
        self.assert_table(
            match,
            "bob",
            ["Points (all shootouts)", WHY],
            [["1", "Alice", "4", "won"], ["2", "Bob", "4", "lost: proposed for elimination"]],
            ["Tied 4-4; Alice wins, having led 3-1 after shootout 7", "never untied, the Advantage"],
        )

    def test_quattro_loop_shows_the_sums_that_broke_equal_points(self):
        # 3-3 after the last round: Bob's quattros summed 34 against Alice's 30.
        state = {"names": ["Alice", "Bob"], "winner": 1, "points": [3.0, 3.0], "sums": [30, 34], "advantage": 0}
        match = self.finished("quattro_loop", ["alice", "bob"], state)
        self.assert_table(
            match,
            "alice",
            ["Points", "Quattro sums (the first tie-break)", WHY],
            [["1", "Bob", "3", "34", "won"], ["2", "Alice", "3", "30", "lost: proposed for elimination"]],
            ["Equal points after the last round; Bob has the higher sum of quattros."],
        )

    def test_co_op_qwop_shows_points_ranks_and_the_tie_break(self):
        # As tests/coop_qwop/test_races.py works them: Carol 1.386 + 2.079 + 2.079 = 5.544 with
        # three firsts; Dave 2.079 + 0.693 + 2.079 + 0.693 = 5.544 with two firsts: Carol first.
        # Alice (one first) and Bob (two seconds) have 1.386: Alice third.
        athletes = [
            ath(1, "marathon", [10] * 5, controllers=(0, 2)),
            ath(2, "dash", total(20), controllers=(2, 3)),
            ath(3, "dash", total(10), controllers=(1, 3)),
            ath(4, "middle", total(10), controllers=(2, 3)),
            ath(5, "middle", total(0), controllers=(1, 3)),
        ]
        state = {"names": ["Alice", "Bob", "Carol", "Dave"], "athletes": athletes}
        match = self.finished("coop_qwop", ["alice", "bob", "carol", "dave"], state)
        self.assert_table(
            match,
            "dave",
            ["Points (sum over your athletes)", "Your athletes' ranks in their races"],
            [
                ["1", "Carol", "5.544", "3× rank 1"],
                ["2", "Dave", "5.544", "2× rank 1, 2× rank 2"],
                ["3", "Alice", "1.386", "1× rank 1"],
                ["4", "Bob", "1.386", "2× rank 2"],
            ],
            [
                "Equal points go to more athletes ranked 1st",
                "2 players have 5.544 points; more firsts, then seconds, … decide: Carol: place 1",
            ],
        )

    def test_flat_earth_says_its_places_are_three_groups(self):
        # Four vector winners share first; Grace won nothing and was least far along nothing: she
        # falls to Hell unmarked, fifth after four; Bob (least far along A and B) and Frank (B and
        # D) are marked and share the last place, sixth after five.
        names = ["alice", "bob", "carol", "dave", "frank", "grace", "heidi"]
        state = {
            "names": [n.title() for n in names],
            "winners": {"A": 0, "B": 2, "C": 3, "D": 6},
            "losers": {"A": [1], "B": [1, 4], "C": [], "D": [4]},
        }
        match = self.finished("flat_earth", names, state)
        self.assert_table(
            match,
            "grace",
            ["Vector won", "Least far along", WHY],
            [
                ["1", "Alice", "A", "—", "won vector A: stays in Heaven"],
                ["1", "Carol", "B", "—", "won vector B: stays in Heaven"],
                ["1", "Dave", "C", "—", "won vector C: stays in Heaven"],
                ["1", "Heidi", "D", "—", "won vector D: stays in Heaven"],
                ["5", "Grace", "—", "—", "falls to Hell without a mark"],
                ["6", "Bob", "—", "A, B", "least far along A, B: falls to Hell with a Mark of Elimination"],
                ["6", "Frank", "—", "B, D", "least far along B, D: falls to Hell with a Mark of Elimination"],
            ],
            ["Places are three groups", "not compared", "(1, 1, 1, 1, 5)"],
        )

    def test_pokemon_snap_keeps_exhibit_points_and_appeal_points_apart(self):
        # Heaven: Bob's 4 exhibit points beat Alice's 1. AP: Carol 13, Dave 12, Grace 10, Frank,
        # Heidi and Ivan 7. Carol and Dave ascend as Hell's first two, Ivan as Bob's pick; Bob named
        # Heidi for last among the three on 7. Four in Heaven share 1st; Alice, Grace and Frank in
        # Hell share 5th; Heidi is 8th.
        match = self.finished("pokemon_snap", list(PEOPLE[:8]), pokemon_snap_end())
        self.assert_table(
            match,
            "heidi",
            ["Role", "Exhibit points (photographers)", "Appeal Points (Pokemon)", WHY],
            [
                ["1", "Bob", "Photographer", "4", "—", "most exhibit points: stays in Heaven"],
                ["1", "Carol", "Pokemon", "—", "13", "Hell's first (most AP): ascends"],
                ["1", "Dave", "Pokemon", "—", "12", "Hell's second: ascends"],
                ["1", "Ivan", "Pokemon", "—", "7", "the extra player (Heaven's pick): ascends"],
                ["5", "Alice", "Photographer", "1", "—", "fewer exhibit points: falls to Hell without a mark"],
                ["5", "Grace", "Pokemon", "—", "10", "stays in Hell"],
                ["5", "Frank", "Pokemon", "—", "7", "stays in Hell"],
                [
                    "8",
                    "Heidi",
                    "Pokemon",
                    "—",
                    "7",
                    "fewest AP in Hell: Mark of Elimination for this Main Match and the next",
                ],
            ],
            ["the two are never compared", "(1, 1, 1, 1, 5)", "Heaven's answer decides"],
        )

    def test_pokemon_snap_says_why_the_extra_player_went_in_words(self):
        from games.pokemon_snap.engine.prompts import result_text

        state = pokemon_snap_end()
        state["result"]["how"] = "no pick: the best-placed player"  # as when Bob named nobody
        self.assertIn(
            "(Ivan as the extra player: Heaven named nobody, so the Pokemon with the most AP not already going goes)",
            result_text({**state, "names": [n.title() for n in PEOPLE[:8]]}),
        )

    def test_host_run_names_its_counter_and_says_the_host_set_the_places(self):
        state = {
            "names": ["Alice", "Bob", "Carol"],
            "counters": [{"name": "Chips", "sees": "everyone"}],
            "values": [[5], [9], [5]],
            "out": [False, False, True],
            "places": [2, 1, 3],
            "awards": [],
            "summary": "Bob takes the pot.",
        }
        match = self.finished("host_run", ["alice", "bob", "carol"], state)
        self.assert_table(
            match,
            "carol",
            ["Chips", WHY],
            [["1", "Bob", "9", "—"], ["2", "Alice", "5", "—"], ["3", "Carol", "5", "out of the match"]],
            ["The host set the places when ending the match.", "(1, 1, 3)"],
        )

    def test_an_outcome_stored_before_columns_shows_one_score_column(self):
        self.game = "black_and_white"
        match = self.make_match(["alice", "bob"], settings={})
        match.outcome = {
            "summary": "",
            "awards": [],
            "statuses": {},
            "forced_gifts": [],
            "standings": [
                {"seat": 1, "place": 1, "score": 5, "detail": {}},
                {"seat": 0, "place": 2, "score": 3.0, "detail": {}},
            ],
        }
        match.status, match.finished_at = Match.FINISHED, clock.now()
        match.save()
        html = self.client.get(reverse("match_public", args=[match.pk])).content.decode()
        self.assertEqual(
            read_table(html),
            {"headings": ["Place", "Player", "Score"], "rows": [["1", "Bob", "5"], ["2", "Alice", "3"]]},
        )

    def test_a_game_that_names_no_columns_shows_its_score(self):
        # The fixture (Unique Bid) names none: Carol's 2 points first, Alice and Bob share 2nd with 1.
        match = self.finished("fixture", ["alice", "bob", "carol"], {"scores": [1, 1, 2]})
        html = self.client.get(reverse("match_public", args=[match.pk])).content.decode()
        self.assertEqual(
            read_table(html),
            {
                "headings": ["Place", "Player", "Score"],
                "rows": [["1", "Carol", "2"], ["2", "Alice", "1"], ["2", "Bob", "1"]],
            },
        )
        self.assertEqual(places_note(html), "")
