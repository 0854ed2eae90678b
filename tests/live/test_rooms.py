"""A process hears each match's announcements once, for all its sockets there (matches.live.rooms):
one member in the match's group however many sockets, one render per kind of viewer, every
socket told once and in order, and a socket that fails or asks at the same moment changes
nothing for the others."""

import asyncio
import json
import time

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.layers import InMemoryChannelLayer, get_channel_layer
from channels.testing import WebsocketCommunicator
from django.test import override_settings

from matches.core import lifecycle
from matches.live import announce as live
from matches.core.presenters import viewer_seq
from matches.live import rooms
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


class FakeSocket:
    """The consumer's side of the room's contract, recording what it is told."""

    def __init__(self, kind="spectator", fails=False, render_seconds=0.0):
        self.kind, self.fails, self.render_seconds = kind, fails, render_seconds
        self.told, self.renders = [], 0
        self.pushing = asyncio.Lock()

    def update_key(self, at_least, stamp):
        return (self.kind, at_least, stamp)

    def render_sync(self, shared):
        """The room renders on the sync thread, every key of an announcement in one call sharing
        `shared` (matches.live.renders.render_many)."""
        self.renders += 1
        self.shared = shared
        time.sleep(self.render_seconds)
        return self.told and self.told[-1], 0, f"update for {self.kind}"

    async def deliver(self, key, rendered, at_least, stamp):
        async with self.pushing:
            if self.fails:
                raise ConnectionResetError("gone")
            self.told.append(at_least)


def a_room_with(*sockets, match_id=7):
    room = Room(InMemoryChannelLayer())
    room.sockets[match_id].update(sockets)
    return room


def test_it_renders_once_per_kind_of_viewer():
    spectators = [FakeSocket() for _ in range(20)]
    host = FakeSocket("host")

    async def main():
        room = a_room_with(*spectators, host)
        room.announced({"match": 7, "seq": 4})
        await room.telling[7]

    asyncio.run(main())
    assert sum(s.renders for s in spectators) == 1 and host.renders == 1
    assert all(s.told == [4] for s in [*spectators, host])
    rendered = [s for s in spectators if s.renders]
    assert rendered[0].shared is host.shared  # one batch: what both read alike, read once


def test_it_folds_announcements_that_arrive_before_it_begins_into_one():
    socket = FakeSocket()

    async def main():
        room = a_room_with(socket)
        for seq in (4, 6, 5):
            room.announced({"match": 7, "seq": seq})
        await room.telling[7]

    asyncio.run(main())
    assert socket.told == [6] and socket.renders == 1


def test_it_tells_again_what_arrives_while_it_renders():
    socket = FakeSocket(render_seconds=0.05)

    async def main():
        room = a_room_with(socket)
        room.announced({"match": 7, "seq": 4})
        await asyncio.sleep(0.01)  # rendering for 4
        room.announced({"match": 7, "seq": 5})
        await room.telling[7]
        return 7 in room.telling

    assert asyncio.run(main()) is False
    assert socket.told == [4, 5]


def test_it_tells_the_others_when_one_socket_fails():
    sockets = [FakeSocket(), FakeSocket(fails=True), FakeSocket()]

    async def main():
        room = a_room_with(*sockets)
        room.announced({"match": 7, "seq": 9})
        await room.telling[7]

    asyncio.run(main())
    assert [s.told for s in sockets] == [[9], [], [9]]


def test_it_does_not_hold_up_the_others_for_a_socket_busy_with_its_own_update():
    busy, other = FakeSocket(), FakeSocket()

    async def main():
        room = a_room_with(busy, other)
        await busy.pushing.acquire()  # rendering for itself, say after the page's check
        room.announced({"match": 7, "seq": 9})
        await asyncio.wait_for(room.telling[7], timeout=2)
        while_busy = (list(busy.told), list(other.told))
        busy.pushing.release()
        await asyncio.sleep(0.05)
        return while_busy

    assert asyncio.run(main()) == ([], [9])
    assert busy.told == [9]


class MovingSocket(FakeSocket):
    """A socket that pushes for itself while the room renders, so its key moves on: its own
    render (slow here) must not hold up the sockets that still want the room's."""

    generation = 0

    def update_key(self, at_least, stamp):
        return (self.kind, self.generation, at_least, stamp)

    def render_sync(self, shared):  # the room's render
        time.sleep(0.05)
        return 0, 0, "update"

    async def render(self):  # its own, once it moved on
        await asyncio.sleep(0.3)
        return 0, 0, "update"

    async def deliver(self, key, rendered, at_least, stamp):
        async with self.pushing:
            if key != self.update_key(at_least, stamp):
                await self.render()
            self.told.append(at_least)


def test_it_does_not_hold_up_the_others_for_a_socket_that_moved_on():
    moving, still = MovingSocket(), MovingSocket()

    async def main():
        room = a_room_with(moving, still)
        room.announced({"match": 7, "seq": 9})
        await asyncio.sleep(0.01)  # grouped, rendering
        moving.generation = 1
        await asyncio.wait_for(room.telling[7], timeout=0.2)
        told_by_then = (list(moving.told), list(still.told))
        await asyncio.sleep(0.4)
        return told_by_then

    assert asyncio.run(main()) == ([], [9])
    assert moving.told == [9]


def test_it_ignores_announcements_of_matches_without_sockets_here():
    socket = FakeSocket()

    async def main():
        room = a_room_with(socket)
        room.announced({"match": 8, "seq": 3})
        return dict(room.telling)

    assert asyncio.run(main()) == {} and socket.told == []


def test_it_stays_in_a_matchs_group_past_the_layers_expiry(monkeypatch):
    """channels-redis's core layer (and the in-memory one) drop a group member after group_expiry;
    a room with sockets joins again before that."""
    monkeypatch.setattr(rooms, "REJOIN_SECONDS", 0.2)
    socket = FakeSocket()

    async def main():
        room = Room(InMemoryChannelLayer(group_expiry=1))
        await room.join(7, socket)
        await asyncio.sleep(1.5)  # past the expiry of the first join
        await room.layer.group_send(live.group_name(7), {"type": "match.changed", "match": 7, "seq": 3})
        for _ in range(50):
            if socket.told:
                break
            await asyncio.sleep(0.02)
        room.listener.cancel()
        room.rejoiner.cancel()

    asyncio.run(main())
    assert socket.told == [3]
