"""For every installed game, each secret it declares (games/secrets.py) leaves every viewer who may
not know it the same bytes on every page and socket, pushes included: a player's hidden move (one
or another; or none, where the game keeps even who has sent secret), a seeded deal or draw (as
the seed drew it, or otherwise), a hidden setting (one value or another). Where every step waits on
one player (Black and White), the move closes its step at once, so the two moves compared are two
the rules show alike to everyone else (two tiles of one colour). And the private actions of the
games that have them (a hint, a pack, a race proposal) leave no trace for outsiders.
tests/security/test_secret_declarations.py shows the suite finds a leak of each kind."""

from games import registry
from matches.core import lifecycle
from matches.models import Conversation
from matches.talk import conversations as talk
from tests.support.secret_runs import PEOPLE, SecretsTestCase


class HiddenMovesTestCase(SecretsTestCase):
    def test_it_keeps_every_secret_every_game_declares(self):
        for engine in registry.all_engines():
            with self.subTest(game=engine.slug):
                self.assertTrue(
                    engine.secrets,
                    f"{engine.slug} declares no secrets: say what it keeps "
                    "secret in its engine's `secrets` (games/secrets.py)",
                )
                for secret in engine.secrets:
                    with self.subTest(game=engine.slug, secret=secret.what):
                        self.assert_secret_kept(engine, secret)

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

        self.assert_indistinguishable(
            play_to_point,
            {
                "no other talk": then_alice,
                "Bob and Carol talk": bob_and_carol_talk,
            },
            [None, "alice", "dave"],
        )

    def test_it_hides_a_hint_bought_in_the_fixture_game(self):
        def play_to_point():
            self.give_garnets("alice", 2)
            return self.start(self.match)

        self.assert_indistinguishable(
            play_to_point,
            {
                "no hint": lambda match: None,
                "a hint": lambda match: lifecycle.do_action(self.seat("alice", match), "hint", {}),
            },
            [None, "bob", "carol", "dave"],
        )

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
            lifecycle.do_action(
                self.seat("alice", match), "propose", {"athlete": str(athlete["number"]), "race": "marathon"}
            )

        self.assert_indistinguishable(
            play_to_point,
            {
                "nothing": lambda match: None,
                "a pack bought": buy,
                "a race proposed": propose,
            },
            outsiders,
        )
