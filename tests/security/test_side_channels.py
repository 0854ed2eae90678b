"""For every installed game: a player's hidden move (one or another; or none, where the game keeps
even who has sent secret) leaves every other viewer with the same bytes on every page and socket,
pushes included. Where every step waits on one player (Black and White), the move closes its step
at once, so the two moves compared are two the rules show alike to everyone else (two tiles of one
colour). And the private actions
of the games that have them (a hint, a pack, a race proposal) leave no trace for outsiders."""

import random

from games import engine_api as api
from games import registry
from matches.core import lifecycle
from matches.talk import conversations as talk
from matches.models import Conversation
from matches.models import Phase
from tests.support.host_bot import host_acts
from tests.support.side_channels import SideChannelTestCase

PEOPLE = ("alice", "bob", "carol", "dave", "frank", "grace", "heidi", "ivan", "judy")


class HiddenMovesTestCase(SideChannelTestCase):
    def seated(self, engine):
        """A started match of `engine` with its fewest seats, every seat with 5 garnets."""
        self.game = engine.slug
        names = PEOPLE[:engine.min_seats]
        match = self.make_match(names, settings={})
        for seat in match.seats.all():
            seat.role = engine.default_roles(len(names))[seat.seat]
            seat.save()
        for name in names:
            self.give_garnets(name, 5)
        return self.start(match)

    def hidden_phase(self, engine):
        """A started match and the phase of its hidden move: force-close phases (defaults for every
        seat) until one waits on two seats or more; in a game that ends without one, the first
        phase of a new match."""
        match = self.seated(engine)
        for _ in range(200):
            open_phases = list(match.phases.filter(status=Phase.OPEN).order_by("sequence"))
            shared = [p for p in open_phases if len(p.waits_on) >= 2]
            if shared:
                return match, shared[0]
            if not open_phases and host_acts(match):  # a game that waits on its host (a host-run game)
                continue
            if not open_phases:
                match = self.seated(engine)
                return match, match.phases.get(status=Phase.OPEN)
            lifecycle.close_phase(open_phases[0].pk, "host")
            match.refresh_from_db()
        raise AssertionError(f"{engine.slug} never opened a phase that waits on two seats")

    def alike_to_others(self, engine, match, phase, seat, first, second):
        """Whether two moves leave everyone but the mover the same views and events once the
        phase resolves on them (a phase that waits on others too does not resolve on one move)."""
        if len(phase.waits_on) > 1:
            return True
        state, others = match.state, [api.Viewer.spectator()] + [
            api.Viewer.for_seat(s) for s in range(len(match.state["names"])) if s != seat]

        def seen(data):
            cleaned = engine.validate_submission(state, phase.key, seat, data)
            after = engine.resolve(state, phase.key, {seat: cleaned}, random.Random(0))
            return [engine.view(after.state, v) for v in others], [e for e in after.events if e.seat != seat]

        return seen(first) == seen(second)

    def submission(self, engine, match, phase, seat, salt):
        match.refresh_from_db()
        return engine.random_submission(match.state, phase.key, seat, random.Random(salt))

    def test_it_hides_a_submission_in_every_game(self):
        for engine in registry.all_engines():
            with self.subTest(game=engine.slug):
                self.new_world()
                match, phase = self.hidden_phase(engine)
                seat = phase.waits_on[0]
                first = self.submission(engine, match, phase, seat, 1)
                second = next(s for salt in range(2, 50)
                              if (s := self.submission(engine, match, phase, seat, salt)) != first
                              and self.alike_to_others(engine, match, phase, seat, first, s))
                mover = PEOPLE[seat]
                observers = [None] + [name for name in PEOPLE[:engine.min_seats] if name != mover]

                def play_to_point(engine=engine):
                    return self.hidden_phase(engine)[0]

                def submit(data, key=phase.key):
                    def move(match):
                        phase = match.phases.get(key=key, status=Phase.OPEN)
                        lifecycle.do_submit(phase.pk, self.seat(mover, match), data)
                    return move

                variants = {f"submission {first}": submit(first), f"submission {second}": submit(second)}
                if not phase.submitters_public:  # only then is *whether* one sent secret too
                    variants["no submission"] = lambda match: None
                self.assert_indistinguishable(play_to_point, variants, observers)

    def test_it_hides_who_talks_with_whom(self):
        """Bob and Carol talk, or not; then Alice writes at the table and starts a conversation
        with Dave: what Alice, Dave and a spectator see is the same either way (no row numbers,
        no counts, no pushes give the other conversation away)."""
        def play_to_point():
            return self.start(self.make_match(["alice", "bob", "carol", "dave"]))

        def then_alice(match):
            table = Conversation.objects.get(match=match, kind=Conversation.TABLE)
            talk.do_post(self.seat("alice", match), table.pk, "hello table")
            _, pair = talk.do_start_conversation(self.seat("alice", match), [3])
            talk.do_post(self.seat("alice", match), pair.pk, "hello dave")

        def bob_and_carol_talk(match):
            _, pair = talk.do_start_conversation(self.seat("bob", match), [2])
            talk.do_post(self.seat("bob", match), pair.pk, "a private deal")
            talk.do_post(self.seat("carol", match), pair.pk, "agreed")
            then_alice(match)

        self.assert_indistinguishable(play_to_point, {
            "no other talk": then_alice,
            "Bob and Carol talk": bob_and_carol_talk,
        }, [None, "alice", "dave"])

    def test_it_hides_a_hint_bought_in_the_fixture_game(self):
        def play_to_point():
            self.give_garnets("alice", 2)
            return self.start(self.match)

        self.assert_indistinguishable(play_to_point, {
            "no hint": lambda match: None,
            "a hint": lambda match: lifecycle.do_action(self.seat("alice", match), "hint", {}),
        }, [None, "bob", "carol", "dave"])

    def test_it_hides_packs_and_proposals_in_the_qwop_pregame(self):
        engine = registry.get("coop_qwop")
        self.new_world()
        match = self.seated(engine)
        # Alice (seat 0) and whoever shares her first athlete are the only ones a proposal reaches.
        athlete = next(a for a in match.state["athletes"] if 0 in a["controllers"])
        partner = PEOPLE[next(s for s in athlete["controllers"] if s != 0)]
        outsiders = [None] + [name for name in PEOPLE[1:8] if name != partner]

        def play_to_point():
            return self.seated(engine)

        def buy(match):
            lifecycle.do_action(self.seat("alice", match), "buy_pack", {"pack": "X"})

        def propose(match):
            lifecycle.do_action(self.seat("alice", match), "propose",
                                {"athlete": str(athlete["number"]), "race": "marathon"})

        self.assert_indistinguishable(play_to_point, {
            "nothing": lambda match: None, "a pack bought": buy, "a race proposed": propose,
        }, outsiders)
