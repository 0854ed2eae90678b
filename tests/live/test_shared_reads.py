"""A room renders the updates of all the viewers told of one announcement in one go, reading
what they all read alike (the match, its seats, its open phases, who has sent) once
(matches.live.renders.render_many): each viewer's update must be exactly the one it would have
had alone, whoever was rendered before it in the same batch."""

from games import registry
from games.engine_api import OTHERS_TEXT, Viewer
from matches import clock
from matches.core import lifecycle
from matches.live.sockets import SocketViewer, socket_update
from matches.models import Event, Reminder
from matches.talk import conversations as talk
from tests.support.base import BaseTransactionTestCase


def alone_and_shared(match, viewers):
    shared = {}
    with clock.simulated():  # the clock stands still: a countdown may not tick between the two renders
        together = [socket_update(match.pk, v, 0, "token", shared) for v in viewers]
        alone = [socket_update(match.pk, v, 0, "token") for v in viewers]
    for update in together + alone:
        update.pop("server_time")
    return alone, together, shared


class SharedReadsTestCase(BaseTransactionTestCase):
    settings = {"rounds": 2, "round_seconds": 60, "close_early": False}

    def viewers(self, match):
        seats = [SocketViewer(Viewer.for_seat(p.seat), p.pk) for p in match.seats.order_by("seat")]
        # players before and after the spectator and the host: no order may leak into another
        return [*seats, SocketViewer(Viewer.spectator()), SocketViewer(Viewer.host()), *reversed(seats)]

    def test_each_viewer_gets_what_it_would_alone_with_a_submission_made(self):
        self.start()
        lifecycle.do_submit(self.open_phase().pk, self.seat("alice"), {"bid": 2})
        alone, together, shared = alone_and_shared(self.match, self.viewers(self.match))
        self.assertEqual(together, alone)
        self.assertTrue({"match", "seats", "open_phases", "marks"} <= set(shared))

    def test_private_and_host_only_events_reach_only_their_readers(self):
        self.start()
        match = self.match
        now = match.started_at
        for visibility, seat, text, data in [
            (Event.PRIVATE, 0, "for seat 0 alone", {OTHERS_TEXT: "for seat 0, told to the host"}),
            (Event.PRIVATE, 1, "for seat 1 alone", {}),
            (Event.HOST, None, "for the host alone", {}),
        ]:
            match.event_seq += 1
            Event.objects.create(
                match=match,
                seq=match.event_seq,
                kind="secret",
                visibility=visibility,
                seat=seat,
                text=text,
                data=data,
                created_at=now,
            )
        match.save()
        viewers = self.viewers(match)
        alone, together, _ = alone_and_shared(match, viewers)
        self.assertEqual(together, alone)
        seats = match.seats.count()
        texts = [" ".join(e["text"] for e in u["events"]) for u in together]
        seat0, seat1, spectator, host = texts[0], texts[1], texts[seats], texts[seats + 1]
        self.assertIn("for seat 0 alone", seat0)
        self.assertNotIn("for seat 1 alone", seat0)
        self.assertNotIn("for the host alone", seat1)
        self.assertNotIn("alone", spectator)
        self.assertTrue(
            all(t in host for t in ("for seat 0, told to the host", "for seat 1 alone", "for the host alone"))
        )
        # each viewer's copy of a line told as that viewer reads it, whoever read it before in the batch
        self.assertNotIn("for seat 0 alone", host)
        self.assertNotIn("told to the host", seat0 + texts[-1])  # seat 0 before and after the host

    def test_talk_reminders_and_own_submissions_reach_only_their_readers(self):
        self.start()
        match = self.match
        alice, bob = self.seat("alice"), self.seat("bob")
        _, pair = talk.do_start_conversation(alice, [bob.seat])
        talk.do_post(alice, pair.pk, "between alice and bob alone")
        talk.do_post(bob, talk.table_talk(match).pk, "said at the table")
        talk.do_announce(match.pk, alice.seat, "the host to alice alone")
        phase = self.open_phase()
        lifecycle.do_submit(phase.pk, bob, {"bid": 7})
        Reminder.objects.create(phase=phase, player=alice, minutes=10, sent_at=match.started_at)
        viewers = self.viewers(match)
        alone, together, shared = alone_and_shared(match, viewers)
        self.assertEqual(together, alone)
        self.assertTrue({"talk:conversations", "talk:messages", "reminders", "submissions"} <= set(shared))
        text = [str(u) for u in together]
        seats = match.seats.count()
        self.assertIn("between alice and bob alone", text[0])
        self.assertIn("the host to alice alone", text[0])
        self.assertNotIn("between alice and bob alone", text[2])  # carol
        self.assertNotIn("the host to alice alone", text[1])
        self.assertIn("said at the table", text[2])
        self.assertNotIn("said at the table", text[seats])  # the spectator
        self.assertEqual([u["reminder"] != "" for u in together[:seats]], [True] + [False] * (seats - 1))

    def test_in_every_game_each_viewer_gets_what_it_would_alone(self):
        for engine in registry.all_engines():
            with self.subTest(game=engine.slug):
                match = self.game_match(engine)
                self.start(match)
                alone, together, _ = alone_and_shared(match, self.viewers(match))
                self.assertEqual(together, alone)
