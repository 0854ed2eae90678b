"""The sockets of each match in this process, told of each change once.

Left to channels, an announcement reaches every socket's consumer on a task of its own: for a
thousand spectators that is a thousand queue puts, task wake-ups and handler dispatches per
change, most of what a fan-out cost beyond a bare broadcast (docs/benchmarks.md, section 3).
Instead one channel per process (and event loop) joins the group of every match it has sockets
for. On an announcement it groups the match's sockets by what they would be sent, renders once
per group and writes the one text to each socket in a single loop, which does not yield between
sockets (a socket busy pushing for itself is sent its update on a task of its own)."""

import asyncio
import logging
import time
import weakref
from collections import defaultdict

from matches.lib import timings
from matches.live import announce as live
from matches.live.renders import render_many

log = logging.getLogger(__name__)

RETRY_SECONDS = 1  # after the channel layer failed to hand over a message (Redis away)
# channels-redis's core layer forgets a group member after a day (its group_expiry): the room
# stays a member for as long as it has sockets, so it joins its groups again every hour.
REJOIN_SECONDS = 3600


class Room:
    """This event loop's sockets, by match, and the one channel that hears for all of them."""

    def __init__(self, layer):
        self.layer = layer
        self.sockets = defaultdict(set)  # match id -> consumers
        self.changing = asyncio.Lock()  # a group's first join and last leave, one at a time
        self.channel = None
        self.listener = self.rejoiner = None
        self.pending = {}  # match id -> the announcement still to tell its sockets
        self.telling = {}  # match id -> the task telling them

    async def join(self, match_id, consumer):
        async with self.changing:
            if self.channel is None:
                self.channel = await self.layer.new_channel("room.")
                self.listener = asyncio.ensure_future(self._listen())
                self.rejoiner = asyncio.ensure_future(self._rejoin())
            if not self.sockets[match_id]:
                await self.layer.group_add(live.group_name(match_id), self.channel)
            self.sockets[match_id].add(consumer)

    async def leave(self, match_id, consumer):
        async with self.changing:
            members = self.sockets.get(match_id)
            if members is None or consumer not in members:
                return
            members.discard(consumer)
            if not members:
                del self.sockets[match_id]
                await self.layer.group_discard(live.group_name(match_id), self.channel)

    async def _listen(self):
        while True:
            try:
                message = await self.layer.receive(self.channel)
            except asyncio.CancelledError:
                raise
            except Exception:  # the layer lost Redis: the pages' periodic check covers the gap
                log.warning("room: the channel layer failed; listening again", exc_info=True)
                await asyncio.sleep(RETRY_SECONDS)
                continue
            self.announced(message)

    async def _rejoin(self):
        while True:
            await asyncio.sleep(REJOIN_SECONDS)
            for match_id in list(self.sockets):
                try:
                    async with self.changing:
                        if self.sockets.get(match_id):
                            await self.layer.group_add(live.group_name(match_id), self.channel)
                except Exception:  # Redis away: the next hour tries again; pages check meanwhile
                    log.warning("room: could not rejoin match %s's group", match_id, exc_info=True)

    def announced(self, message):
        match_id = message.get("match")
        if match_id not in self.sockets:
            return
        if "timings" in message:  # being measured (matches.lib.timings): when this process heard it
            message = {**message, "timings": {**message["timings"], "heard": time.time()}}
        earlier = self.pending.get(match_id)
        if earlier is not None:
            # Not yet begun: one render after both announcements shows both changes.
            message = {**message, "seq": max(earlier["seq"], message["seq"])}
        self.pending[match_id] = message
        if match_id not in self.telling:
            self.telling[match_id] = asyncio.ensure_future(self._tell(match_id))

    async def _tell(self, match_id):
        try:
            while match_id in self.pending:
                message = self.pending.pop(match_id)
                stamps = message.get("timings")
                await tell(list(self.sockets.get(match_id, ())), message["seq"], message.get("talk"), stamps)
                if stamps is not None:
                    stamps["written"] = time.time()
                    asyncio.get_running_loop().run_in_executor(None, timings.record, {"side": "room", **stamps})
        finally:
            self.telling.pop(match_id, None)


async def tell(consumers, at_least, stamp, stamps=None):
    """Render once for each group of sockets owed the same update, then write it to each.
    `stamps`: when measuring, the announcement's timings, to which the end of the renders is added."""
    groups = defaultdict(list)
    for consumer in consumers:
        groups[consumer.update_key(at_least, stamp)].append(consumer)
    keys = list(groups)
    if stamps is not None:
        stamps["renders"], stamps["rendering"] = len(keys), time.time()
    renders = await render_many([(key, groups[key][0].render_sync) for key in keys])
    if stamps is not None:
        stamps["rendered"] = time.time()
    for key, rendered in zip(keys, renders):
        if isinstance(rendered, BaseException):
            log.error("room: a render failed", exc_info=rendered)
            continue
        for consumer in groups[key]:
            if consumer.pushing.locked() or consumer.update_key(at_least, stamp) != key:
                # Busy with, or past, an update of its own: it needs a render of its own, and
                # must not hold up the rest while it waits for it.
                asyncio.ensure_future(_deliver(consumer, key, rendered, at_least, stamp))
            else:
                await _deliver(consumer, key, rendered, at_least, stamp)


async def _deliver(consumer, *update):
    try:
        await consumer.deliver(*update)
    except Exception:  # a socket that closed meanwhile must not keep the rest waiting
        log.debug("room: a socket could not be sent its update", exc_info=True)


_rooms = weakref.WeakKeyDictionary()  # event loop -> Room (tests run several loops in one process)


def room_for(layer):
    loop = asyncio.get_running_loop()
    room = _rooms.get(loop)
    if room is None or room.layer is not layer:
        room = _rooms[loop] = Room(layer)
    return room
