"""The side-channel suite (tests/security/test_side_channels.py) on a game whose moves are all
public and whose only secret is its seeded deal (tests/support/forehead_game.py): it keeps the
game's secrets, and it finds a leak planted in a variant, of the deal and of a hidden setting."""

from games import registry
from tests.support.forehead_game import Forehead, LeakyForehead, LeakyPenaltyForehead, SecretPenaltyForehead
from tests.support.secret_runs import SecretsTestCase


class SecretDeclarationsTestCase(SecretsTestCase):
    def installed(self, engine):
        registry.register(engine)
        self.addCleanup(registry.unregister, engine.slug)
        return engine

    def test_it_keeps_a_deal_that_is_a_game_s_only_secret(self):
        engine = self.installed(Forehead())
        for secret in engine.secrets:
            with self.subTest(secret=secret.what):
                self.assert_secret_kept(engine, secret)

    def test_it_finds_a_player_told_their_own_card(self):
        engine = self.installed(LeakyForehead())
        for secret, who in zip(engine.secrets, ("alice", "bob")):
            with self.subTest(secret=secret.what), self.assertRaises(AssertionError) as caught:
                self.assert_secret_kept(engine, secret)
            self.assertIn(f"{who} can tell “{secret.what} as the seed drew it”", str(caught.exception))

    def test_it_keeps_a_hidden_setting_and_finds_it_told(self):
        kept, leaky = self.installed(SecretPenaltyForehead()), self.installed(LeakyPenaltyForehead())
        self.assert_secret_kept(kept, kept.secrets[-1])
        with self.assertRaises(AssertionError) as caught:
            self.assert_secret_kept(leaky, leaky.secrets[-1])
        self.assertIn("can tell “the penalty card", str(caught.exception))
