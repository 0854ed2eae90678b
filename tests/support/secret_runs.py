"""Runs of a match that differ in one secret a game declares (games/secrets.py), compared byte
for byte for every viewer who may not know it (tests/support/side_channels.py). One method per
kind of secret: a hidden move, a seeded deal or draw, a hidden setting.

Use from a SecretsTestCase: `self.assert_secret_kept(engine, secret)`."""

import random

from games import engine_api as api
from games.secrets import HiddenMove, HiddenSetting, SeededSecret
from matches.core import lifecycle
from matches.models import Phase
from tests.support.host_bot import host_acts, until_a_phase_opens
from tests.support.side_channels import SideChannelTestCase

PEOPLE = ("alice", "bob", "carol", "dave", "frank", "grace", "heidi", "ivan", "judy")


class SecretsTestCase(SideChannelTestCase):
    def assert_secret_kept(self, engine, secret):
        kept = {
            HiddenMove: self.assert_move_hidden,
            SeededSecret: self.assert_seeded_secret_hidden,
            HiddenSetting: self.assert_setting_hidden,
        }
        self.assertIn(type(secret), kept, f"{engine.slug} declares {secret!r}, which is no kind of secret")
        kept[type(secret)](engine, secret)

    def seated(self, engine, settings=None):
        """A started match of `engine` with its fewest seats, every seat with 5 garnets."""
        self.game = engine.slug
        names = PEOPLE[: engine.min_seats]
        match = self.make_match(names, settings=settings or {})
        for seat in match.seats.all():
            seat.role = engine.default_roles(len(names))[seat.seat]
            seat.save()
        for name in names:
            self.give_garnets(name, 5)
        return self.start(match)

    def others_than(self, engine, seats):
        """The observers: a spectator and every seat not among `seats`."""
        return [None] + [name for seat, name in enumerate(PEOPLE[: engine.min_seats]) if seat not in seats]

    # a seeded deal or draw ------------------------------------------------------------------
    def assert_seeded_secret_hidden(self, engine, secret):
        """The match as dealt, or with `secret.vary` applied to what was dealt: the state is put in
        place while every socket is open, then the host's change pushes every viewer an update."""
        self.new_world()
        probe = self.seated(engine)
        varied = secret.vary(probe.state)
        self.assertNotEqual(varied, probe.state, f"{engine.slug}: varying {secret.what} changed nothing")
        observers = self.others_than(engine, set(secret.known_to(probe.state)))

        def vary(match):
            match.refresh_from_db()
            match.state = secret.vary(match.state)
            match.save(update_fields=["state"])

        self.assert_indistinguishable(
            lambda: self.seated(engine),
            {
                f"{secret.what} as the seed drew it": lambda match: None,
                f"{secret.what} drawn otherwise": vary,
            },
            observers,
        )

    # a hidden setting -----------------------------------------------------------------------
    def assert_setting_hidden(self, engine, secret):
        observers = self.others_than(engine, set(secret.known_to))
        runs = [
            (
                f"{secret.what}: {settings}",
                self.observe(lambda settings=settings: self.seated(engine, settings), lambda match: None, observers),
            )
            for settings in secret.settings
        ]
        self.assert_runs_alike(runs, observers)

    # a hidden move --------------------------------------------------------------------------
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
                match = until_a_phase_opens(self.seated(engine))
                return match, match.phases.get(status=Phase.OPEN)
            lifecycle.close_phase(open_phases[0].pk, "host")
            match.refresh_from_db()
        raise AssertionError(f"{engine.slug} never opened a phase that waits on two seats")

    def alike_to_others(self, engine, match, phase, seat, first, second):
        """Whether two moves leave everyone but the mover the same views and events once the
        phase resolves on them (a phase that waits on others too does not resolve on one move)."""
        if len(phase.waits_on) > 1:
            return True
        state, others = (
            match.state,
            [api.Viewer.spectator()] + [api.Viewer.for_seat(s) for s in range(len(match.state["names"])) if s != seat],
        )

        def seen(data):
            cleaned = engine.validate_submission(state, phase.key, seat, data)
            after = engine.resolve(state, phase.key, {seat: cleaned}, random.Random(0))
            return [engine.view(after.state, v) for v in others], [e for e in after.events if e.seat != seat]

        return seen(first) == seen(second)

    def submission(self, engine, match, phase, seat, salt):
        match.refresh_from_db()
        return engine.random_submission(match.state, phase.key, seat, random.Random(salt))

    def assert_move_hidden(self, engine, secret):
        self.new_world()
        match, phase = self.hidden_phase(engine)
        seat = phase.waits_on[0]
        first = self.submission(engine, match, phase, seat, 1)
        second = next(
            (
                s
                for salt in range(2, 50)
                if (s := self.submission(engine, match, phase, seat, salt)) != first
                and self.alike_to_others(engine, match, phase, seat, first, s)
            ),
            None,
        )
        self.assertIsNotNone(
            second,
            f"{engine.slug}: no two moves in {phase.key} look alike to the others: is "
            f"{secret.what} a secret of this game? (games/secrets.py)",
        )
        mover = PEOPLE[seat]
        observers = [None] + [name for name in PEOPLE[: engine.min_seats] if name != mover]

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
