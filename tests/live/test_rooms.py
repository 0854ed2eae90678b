"""A process hears each match's announcements once, for all its sockets there (matches.live.rooms):
one member in the match's group however many sockets, one render per kind of viewer for the
latest state however many changes arrive while it waits, every event sent to each socket once
and in order, a check answered without the database while an update is on its way, and a socket
that fails, renders slowly or leaves changes nothing for the others."""

import asyncio
import json
import threading
import time

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import InMemoryChannelLayer, get_channel_layer
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import override_settings

from matches.core import lifecycle
from matches.live import announce as live
from matches.core.presenters import viewer_seq
from matches.live import renders, rooms
from matches.live.rooms import Room
from games.engine_api import Viewer
from tests.support.base import BaseTransactionTestCase
from tests.support.sockets import HOST, ORIGIN, session_cookie

IN_MEMORY = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


async def open_socket(match_id, mode, cookie=(), since=0):
    from genius_site.asgi import application

    path = f"/ws/matches/{match_id}/{mode}/?since={since}"
    communicator = WebsocketCommunicator(application, path, headers=[ORIGIN, HOST, *cookie])
    assert (await communicator.connect())[0]
    return communicator


class RoomSocketsTestCase(BaseTransactionTestCase):
    def setUp(self):
        super().setUp()
        self.start()
        self.secrets = dict(zip(self.seats, self.match.state["secrets"]))

    def public_seq(self):
        self.match.refresh_from_db()
        return viewer_seq(self.match, Viewer.spectator())

    @override_settings(CHANNEL_LAYERS=IN_MEMORY)
    def test_it_joins_a_matchs_group_once_for_all_its_sockets_here(self):
        group, alice = live.group_name(self.match.pk), session_cookie(self.alice)

        async def members_while_open_and_after():
            sockets = [await open_socket(self.match.pk, "watch") for _ in range(12)]
            sockets.append(await open_socket(self.match.pk, "play", alice))
            for socket in sockets:
                await socket.receive_json_from()  # the state on connect
            layer = get_channel_layer()
            while_open = len(layer.groups.get(group, {}))
            for socket in sockets:
                await socket.disconnect()
            return while_open, len(layer.groups.get(group, {}))

        self.assertEqual(async_to_sync(members_while_open_and_after)(), (1, 0))

    def test_it_tells_every_socket_once_each_in_its_own_view(self):
        phase, seen = self.open_phase(), self.public_seq()
        seats = {name: self.seat(name) for name in self.seats}
        cookie = session_cookie(self.alice)

        async def close_while_watched():
            watchers = [await open_socket(self.match.pk, "watch", since=seen) for _ in range(10)]
            alice = await open_socket(self.match.pk, "play", cookie)
            await alice.receive_json_from()  # the state on connect (since=0)
            for name, bid in (("alice", 3), ("bob", 4), ("carol", 5)):
                await database_sync_to_async(lifecycle.do_submit)(phase.pk, seats[name], {"bid": bid})
            await asyncio.sleep(1)  # every push of the three bids and the close has been sent
            got = {}
            for name, socket in [*((f"watch{i}", w) for i, w in enumerate(watchers)), ("alice", alice)]:
                got[name] = []
                while not await socket.receive_nothing(timeout=0.2):
                    got[name].append(await socket.receive_json_from())
                await socket.disconnect()
            return got

        got = async_to_sync(close_while_watched)()
        watched = [json.dumps(got[f"watch{i}"]) for i in range(10)]
        self.assertEqual(len(set(watched)), 1, "alike spectators are sent the same updates")
        counts = [(update["seq"], update["personal"]) for update in got["watch0"]]
        self.assertEqual(len(counts), len(set(counts)), f"no update twice: {counts}")
        self.assertEqual([seq for seq, _ in counts], sorted(seq for seq, _ in counts), "never an older update")
        self.assertEqual(counts[-1][0], self.public_seq())
        self.assertIn("Round 1: bids [3, 4, 5]; Carol scores.", watched[0])
        self.assertIn(self.secrets["alice"], json.dumps(got["alice"]))
        for secret in self.secrets.values():
            self.assertNotIn(secret, watched[0])
        self.assertNotIn(self.secrets["bob"], json.dumps(got["alice"]))

    def test_it_sends_a_socket_that_asks_during_an_announcement_the_update_once(self):
        seen, phase = self.public_seq(), self.open_phase()
        bid_then_told = self.seat("alice")

        async def ask_while_announced():
            socket = await open_socket(self.match.pk, "watch", since=seen)
            await database_sync_to_async(lifecycle.do_submit)(phase.pk, bid_then_told, {"bid": 3})
            # The bid's own announcement, the page's check and a second announcement of the same
            # change all arrive together: the socket is sent the change once.
            await socket.send_json_to({"type": "check"})
            await database_sync_to_async(live.announce)(self.match.pk, seen)
            updates = [await socket.receive_json_from(timeout=5)]
            while not await socket.receive_nothing(timeout=0.5):
                updates.append(await socket.receive_json_from())
            await socket.disconnect()
            return updates

        updates = async_to_sync(ask_while_announced)()
        self.assertEqual(len(updates), 1, [u["seq"] for u in updates])
        self.assertIn('sent: <span class="sent">Alice</span>', updates[0]["sections"]["live-state"])


class FakeViewer:
    def __init__(self, kind):
        self.kind = kind

    def render_key(self, csrf):
        return (self.kind,)


class FakeMatch:
    """The match as the room's render and check see it: its event count. A render reads the
    count, then waits at `gate` (a render that read the database and is slow to finish)."""

    def __init__(self, seq=0):
        self.seq, self.renders, self.checks = seq, [], 0
        self.gate, self.began = threading.Event(), threading.Event()
        self.gate.set()
        self.slow = {}  # viewer kind -> seconds its renders take

    def render(self, match_id, viewer, since, csrf, shared):
        seq = self.seq
        self.renders.append((match_id, viewer.kind, since, seq, id(shared)))
        self.began.set()
        self.gate.wait(10)
        time.sleep(self.slow.get(viewer.kind, 0))
        return seq, 0, json.dumps({"kind": viewer.kind, "seq": seq, "events": list(range(since + 1, seq + 1))})

    def counts(self, match_id, viewer):
        self.checks += 1
        return self.seq, 0


class FakeConsumer:
    def __init__(self, fails=False):
        self.fails, self.sent = fails, []

    async def send(self, text_data):
        if self.fails:
            raise ConnectionResetError("gone")
        self.sent.append((time.monotonic(), json.loads(text_data)))

    def seqs(self):
        return [update["seq"] for _, update in self.sent]

    def events(self):
        return [n for _, update in self.sent for n in update["events"]]


async def a_room(match):
    room = Room(InMemoryChannelLayer(), render=match.render, counts=match.counts)
    return room


async def join(room, kind="spectator", match_id=7, since=0, fails=False):
    consumer = FakeConsumer(fails)
    consumer.subscriber = await room.join(consumer, match_id, FakeViewer(kind), "", since)
    return consumer


async def settled(room, timeout=10):
    """Until every render is done and written, and no check is asking."""
    deadline = time.monotonic() + timeout
    while room.renderer.flights or any(s.flight or s.checking for m in room.sockets.values() for s in m):
        assert time.monotonic() < deadline, "the room never settled"
        await asyncio.sleep(0.01)
    await asyncio.sleep(0.02)  # the last write's task


async def hold_every_render_thread(room, match):
    """Occupy each render thread with a render of a match of its own, held at `match.gate`: what
    is queued next stays queued until the gate opens."""
    match.gate.clear()
    for n in range(settings.LIVE_RENDER_THREADS):
        match.began.clear()
        await join(room, match_id=100 + n)
        assert await asyncio.get_running_loop().run_in_executor(None, match.began.wait, 5)


def test_it_renders_once_per_kind_of_viewer():
    match = FakeMatch()

    async def main():
        room = await a_room(match)
        spectators = [await join(room) for _ in range(20)]
        host = await join(room, "host")
        await settled(room)
        match.renders.clear()
        match.seq = 4
        room.announced({"match": 7, "seq": 4})
        await settled(room)
        return spectators, host

    spectators, host = asyncio.run(main())
    assert sorted(kind for _, kind, *_ in match.renders) == ["host", "spectator"]
    assert all(c.seqs() == [0, 4] for c in [*spectators, host])
    assert len({shared for *_, shared in match.renders}) <= renders.HELPERS  # read alike once a thread


def test_it_folds_the_changes_that_arrive_while_its_render_is_queued_into_one_render():
    match = FakeMatch()

    async def main():
        room = await a_room(match)
        socket = await join(room)
        await settled(room)
        await hold_every_render_thread(room, match)
        before = len(match.renders)
        for seq in range(1, 11):
            match.seq = seq
            room.announced({"match": 7, "seq": seq})
        match.gate.set()
        await settled(room)
        return socket, [r for r in match.renders[before:] if r[0] == 7]

    socket, renders_of_7 = asyncio.run(main())
    assert [seq for _, _, _, seq, _ in renders_of_7] == [10]
    assert socket.seqs() == [0, 10] and socket.events() == list(range(1, 11))


def test_it_tells_again_once_what_arrives_while_it_renders():
    match = FakeMatch()

    async def main():
        room = await a_room(match)
        socket = await join(room)
        await settled(room)
        match.gate.clear()
        match.began.clear()
        match.seq = 1
        room.announced({"match": 7, "seq": 1})
        assert await asyncio.get_running_loop().run_in_executor(None, match.began.wait, 5)  # rendering 1
        for seq in range(2, 11):
            match.seq = seq
            room.announced({"match": 7, "seq": seq})
        match.gate.set()
        await settled(room)
        return socket

    socket = asyncio.run(main())
    assert socket.seqs() == [0, 1, 10]
    assert socket.events() == list(range(1, 11)), "every event once, in order"


def test_it_sends_a_socket_that_asks_meanwhile_every_event_once():
    """A socket that asks while its update renders, and learns of a change nobody announced,
    still gets each event exactly once: its update starts where its last one ended."""
    match = FakeMatch()

    async def main():
        room = await a_room(match)
        asking, other = await join(room), await join(room)
        await settled(room)
        match.gate.clear()
        match.began.clear()
        match.seq = 3
        room.announced({"match": 7, "seq": 3})
        assert await asyncio.get_running_loop().run_in_executor(None, match.began.wait, 5)
        match.seq = 5  # committed, but its announcement was lost
        for _ in range(5):
            room.check(asking.subscriber)
        checked_while_rendering = match.checks
        match.gate.set()
        await settled(room)
        room.check(asking.subscriber)
        room.check(other.subscriber)
        await settled(room)
        return asking, other, checked_while_rendering

    asking, other, checked_while_rendering = asyncio.run(main())
    assert checked_while_rendering == 0, "an update was on its way: the room knew, without the database"
    for socket in (asking, other):
        assert socket.seqs() == [0, 3, 5]
        assert socket.events() == [1, 2, 3, 4, 5]


def test_it_answers_a_check_with_nothing_when_nothing_is_new():
    match = FakeMatch(seq=2)

    async def main():
        room = await a_room(match)
        socket = await join(room, since=2)
        await settled(room)
        room.check(socket.subscriber)
        await settled(room)
        return socket

    socket = asyncio.run(main())
    assert match.checks == 1 and socket.sent == []


def test_it_does_not_hold_up_the_others_for_a_slow_render():
    match = FakeMatch()
    match.slow["host"] = 1.0

    async def main():
        room = await a_room(match)
        host, spectator = await join(room, "host"), await join(room)
        await settled(room)
        match.seq = 1
        told = time.monotonic()
        room.announced({"match": 7, "seq": 1})
        await settled(room)
        return told, host.sent[-1][0], spectator.sent[-1][0]

    told, host_at, spectator_at = asyncio.run(main())
    assert host_at - told >= 1.0
    assert spectator_at - told < 0.5, "the spectator waited for the host's render"


def test_it_renders_nothing_for_a_socket_gone_before_its_turn():
    match = FakeMatch()

    async def main():
        room = await a_room(match)
        await hold_every_render_thread(room, match)
        gone = await join(room, match_id=9)  # a handshake its client gave up on
        await room.leave(gone.subscriber)
        match.gate.set()
        await settled(room)
        return gone

    gone = asyncio.run(main())
    assert [r for r in match.renders if r[0] == 9] == [] and gone.sent == []


def test_it_tells_the_others_when_one_socket_fails():
    match = FakeMatch()

    async def main():
        room = await a_room(match)
        sockets = [await join(room), await join(room, fails=True), await join(room)]
        await settled(room)
        match.seq = 9
        room.announced({"match": 7, "seq": 9})
        await settled(room)
        return sockets

    sockets = asyncio.run(main())
    assert [s.seqs() for s in sockets] == [[0, 9], [], [0, 9]]


def test_it_ignores_announcements_of_matches_without_sockets_here():
    match = FakeMatch()

    async def main():
        room = await a_room(match)
        socket = await join(room)
        await settled(room)
        room.announced({"match": 8, "seq": 3})
        await settled(room)
        return socket

    assert asyncio.run(main()).seqs() == [0] and len(match.renders) == 1


def test_it_stays_in_a_matchs_group_past_the_layers_expiry(monkeypatch):
    """channels-redis's core layer (and the in-memory one) drop a group member after group_expiry;
    a room with sockets joins again before that."""
    monkeypatch.setattr(rooms, "REJOIN_SECONDS", 0.2)
    match = FakeMatch()

    async def main():
        room = Room(InMemoryChannelLayer(group_expiry=1), render=match.render, counts=match.counts)
        socket = await join(room)
        await asyncio.sleep(1.5)  # past the expiry of the first join
        match.seq = 3
        await room.layer.group_send(live.group_name(7), {"type": "match.changed", "match": 7, "seq": 3})
        for _ in range(100):
            if socket.seqs()[-1:] == [3]:
                break
            await asyncio.sleep(0.02)
        room.listener.cancel()
        room.rejoiner.cancel()
        return socket

    assert asyncio.run(main()).seqs() == [0, 3]
