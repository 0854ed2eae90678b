"""Numbers never reach the opponent or spectators before the end (B1, B7), on any page or socket;
and two runs that differ only in a hidden number give them the same bytes, pushes included."""

from matches.core import lifecycle
from tests.support.base import BaseTransactionTestCase
from games import engine_api as api
from games import registry
from tests.support.leaks import assert_hidden_from, assert_shown_to, assert_view_hides, readable_by
from tests.support.side_channels import SideChannelTestCase


def lay(test, match, name, tile):
    lifecycle.do_submit(test.open_phase(match).pk, test.seat(name, match), {"tile": str(tile)})
    match.refresh_from_db()


def leader_name(match):
    return ("alice", "bob")[match.state["leader"]]


class LeakTestCase(BaseTransactionTestCase):
    game = "black_and_white"
    settings = {}
    seats = ("alice", "bob")

    def test_it_keeps_numbers_to_their_player_until_the_end(self):
        self.start()
        leader = leader_name(self.match)
        follower = "bob" if leader == "alice" else "alice"
        lay(self, self.match, leader, 7)
        # the 7 itself, a value no page search can tell from the follower's own 7: in no view but the
        # leader's and the host's, but the follower's own tiles (they hold a 7 too)
        engine, seat = registry.get(self.game), ("alice", "bob").index(follower)
        assert_view_hides(
            self, engine, self.match.state, [api.Viewer.for_seat(seat), None], 7, except_under=["view['my_tiles']"]
        )
        said = self.seat(leader).submissions.get().said  # "Your tile: 7 (white)", as the leader's page says it
        self.assertIn("7 (white)", said)
        for outsider in (self.users[follower], None):
            assert_hidden_from(self, self.match, outsider, [said, "your 7", "laid 7", "7, a white"])
        assert_shown_to(self, self.match, None, ["leads with a white tile", "a white tile."], "public page")
        assert_shown_to(self, self.match, self.users[leader], ["7, a white tile"], "player page")

    def test_it_says_a_missed_lead_as_the_seeds_and_keeps_its_number_to_its_player(self):
        self.start()
        leader = leader_name(self.match)
        follower = "bob" if leader == "alice" else "alice"
        phase = self.open_phase()
        lifecycle.do_force_close(phase.pk)  # the leader's time runs out (the host closes the step)
        self.match.refresh_from_db()
        drawn, name = self.match.state["laid"], leader.title()
        tile = f"a {'black' if drawn % 2 == 0 else 'white'} tile"
        for outsider in (self.users[follower], None):
            # (the rules page quotes "the seed laid your 6" whatever was drawn: it is left out)
            for where, text in readable_by(self.match, outsider).items():
                for secret in (f"your {drawn}", f"laid {drawn}", f"{drawn}, a "):
                    self.assertTrue(where == "rules page" or secret not in text, f"{secret!r} leaks in the {where}")
            assert_shown_to(
                self,
                self.match,
                outsider,
                [f"time ran out for {name}: the seed led with {tile}", f"Time ran out for {name}: the seed laid"],
                "player page" if outsider else "public page",
            )
        assert_shown_to(
            self,
            self.match,
            self.users[leader],
            [f"Time ran out: the seed laid your {drawn}.", f"{drawn}, {tile}."],
            "player page",
        )


class IndistinguishableTestCase(SideChannelTestCase):
    game = "black_and_white"
    settings = {}
    seats = ("alice", "bob")

    def test_it_gives_the_same_bytes_whichever_tile_of_a_colour_is_laid(self):
        """The leader lays a black 2 or a black 8 (then the host extends the step, a change everyone
        hears of): the follower and a spectator receive and read the same bytes either way."""

        def play_to_point():
            return self.start(self.make_match(self.seats))

        def leads_with(tile):
            return lambda match: lay(self, match, leader_name(match), tile)

        probe = self.start(self.make_match(self.seats))
        follower = "bob" if leader_name(probe) == "alice" else "alice"
        self.assert_indistinguishable(
            play_to_point, {"a black 2": leads_with(2), "a black 8": leads_with(8)}, [None, follower]
        )

    def test_it_gives_the_same_bytes_whichever_tiles_give_the_same_outcome(self):
        """A round A:5/B:2 or A:7/B:4 (the same colours, the same winner): a spectator sees the same."""

        def play_to_point():
            return self.start(self.make_match(self.seats))

        def round_of(lead, follow):
            def play(match):
                leader = leader_name(match)
                lay(self, match, leader, lead)
                lay(self, match, "bob" if leader == "alice" else "alice", follow)

            return play

        self.assert_indistinguishable(play_to_point, {"5 over 2": round_of(5, 2), "7 over 4": round_of(7, 4)}, [None])
