"""The sockets of each match in this process, and every update they are sent.

Left to channels, an announcement reaches every socket's consumer on a task of its own: for a
thousand spectators that is a thousand queue puts, task wake-ups and handler dispatches per
change, most of what a fan-out cost beyond a bare broadcast (docs/benchmarks.md, section 3).
Instead one channel per process (and event loop) joins the group of every match it has sockets
for, and the room keeps, for each socket, where its page stands and what it is owed
(`Subscriber`); every update of every socket goes through it.

- An announcement raises the match's *version* and owes it to each of the match's sockets.
- A socket owed more than its last update showed waits on a flight (matches.live.renders): one
  render for all alike sockets after the same event number, begun as late as possible, so that
  changes arriving while it is queued cost nothing more. A socket waits on one flight at a time
  and its event number moves only when an update is sent: an update's `events` start exactly
  where the socket's last update ended, each event sent once, in order (issue 39).
- A flight's update is written to its sockets in one loop that does not yield between sockets.
- A page's check is answered without the database when the room knows an update is on its way;
  otherwise a render thread asks, since only the database knows of an announcement that was
  lost. Nothing a socket sends ever waits for a render, so the server keeps reading it (uvicorn
  reads no more of a socket, its pongs included, until the consumer takes the last message)."""

import asyncio
import functools
import itertools
import logging
import time
import weakref
from collections import defaultdict

from matches.lib import timings
from matches.live import announce as live
from matches.live import lanes, sockets
from matches.live.renders import SKIPPED, Renderer

log = logging.getLogger(__name__)

RETRY_SECONDS = 1  # after the channel layer failed to hand over a message (Redis away)
# channels-redis's core layer forgets a group member after a day (its group_expiry): the room
# stays a member for as long as it has sockets, so it joins its groups again every hour.
REJOIN_SECONDS = 3600


class Subscriber:
    """One socket as the room sees it. `since` and `personal` are the viewer's own event and
    personal counts its page has been sent; `owed` the match version it must be shown, `shown`
    the version its last update was begun at."""

    def __init__(self, consumer, match_id, viewer, csrf, since, personal):
        self.consumer, self.match_id, self.viewer, self.csrf = consumer, match_id, viewer, csrf
        self.key = viewer.render_key(csrf)
        self.since, self.personal = since, personal
        self.sent_any = since > 0  # a page that has seen events needs only what is newer
        self.owed, self.shown = 0, -1
        self.force = False  # send the next update even if nothing grew (the page asked: resync)
        self.resync = None  # (since, personal) the page asked to start again from
        self.flight = None
        self.checking = False
        self.open = True


class Room:
    """This event loop's sockets, by match, and the one channel that hears for all of them.
    `render(match_id, viewer, since, csrf, shared)` renders an update as (seq, personal, text),
    `counts(match_id, viewer)` gives the viewer's own counts now (matches.live.sockets by default)."""

    def __init__(self, layer, render=None, counts=None):
        self.layer, self.render, self.counts = layer, render, counts
        self.sockets = defaultdict(set)  # match id -> subscribers
        self.changing = asyncio.Lock()  # a group's first join and last leave, one at a time
        self.channel = None
        self.listener = self.rejoiner = None
        # Versions come from one counter for all matches, so a match whose sockets all left
        # and came back never meets a version it had before.
        self.clock = itertools.count(1)
        self.versions = {}  # match id -> its version (read by render threads)
        self.renderer = Renderer(lambda match_id: self.versions.get(match_id, 0), self._rendered)

    async def join(self, consumer, match_id, viewer, csrf, since=0, personal=0):
        """The socket's subscriber; its first update is on its way."""
        subscriber = Subscriber(consumer, match_id, viewer, csrf, since, personal)
        async with self.changing:
            if self.channel is None:
                self.channel = await self.layer.new_channel("room.")
                self.listener = asyncio.ensure_future(self._listen())
                self.rejoiner = asyncio.ensure_future(self._rejoin())
            first = not self.sockets[match_id]
            if first:
                await self.layer.group_add(live.group_name(match_id), self.channel)
            self.sockets[match_id].add(subscriber)
        # Owed the match as this room knows it: while the room listens for the match, any change
        # after a render began is announced to it, so a socket may share a render begun before
        # it joined. Not so when the room has just begun listening: then a newer version.
        self._owe(subscriber, self._bump(match_id) if first else self.versions.get(match_id, 0))
        return subscriber

    async def leave(self, subscriber):
        subscriber.open = False
        if subscriber.flight is not None:  # a flight left with nobody is not rendered
            subscriber.flight.waiters.pop(subscriber, None)
            subscriber.flight = None
        async with self.changing:
            members = self.sockets.get(subscriber.match_id)
            if members is None or subscriber not in members:
                return
            members.discard(subscriber)
            if not members:
                del self.sockets[subscriber.match_id]
                self.versions.pop(subscriber.match_id, None)
                await self.layer.group_discard(live.group_name(subscriber.match_id), self.channel)

    def check(self, subscriber):
        """The page asks whether it missed anything (pushes are at most once: a channel layer
        that lost Redis for a moment loses them silently)."""
        if subscriber.flight is not None or subscriber.owed > subscriber.shown or subscriber.checking:
            return  # an update is on its way, or a check is already asking
        subscriber.checking = True
        lanes.submit(lanes.RENDER, self._ask, subscriber)

    def resync(self, subscriber, since, personal):
        """The page asks for everything after `since` (and `personal`), sent even if nothing is new."""
        if subscriber.resync is not None:
            since, personal = min(since, subscriber.resync[0]), min(personal, subscriber.resync[1])
        subscriber.resync = (since, personal)
        self._schedule(subscriber)

    # --- announcements --------------------------------------------------------------------

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
            try:
                self.announced(message)
            except Exception:  # one announcement that could not be handled must not stop the rest
                log.error("room: an announcement could not be handled", exc_info=True)

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
        """The match changed: each of its sockets here is owed the match as it is now. The
        message's own event number counts events some viewers may not see, so it decides
        nothing: each socket is sent its update only if its own viewer's counts grew."""
        match_id = message.get("match")
        subscribers = self.sockets.get(match_id)
        if not subscribers:
            return
        if message.get("handed"):
            self._close_handed(subscribers, *message["handed"])
        heard = time.time()
        version = self._bump(match_id)
        for subscriber in subscribers:
            self._owe(subscriber, version)
        if "timings" in message:  # being measured (matches.lib.timings)
            flights = {s.flight for s in subscribers if s.flight is not None}
            _Measure({**message["timings"], "heard": heard}, flights)

    def _close_handed(self, subscribers, seat_id, holder_id):
        """A seat handed on: every socket on it of another holder is closed at once."""
        for subscriber in list(subscribers):
            viewer = subscriber.viewer
            if viewer.player_id == seat_id and viewer.holder != holder_id:
                self._drop(subscriber)

    def _drop(self, subscriber):
        subscriber.open = False
        asyncio.ensure_future(subscriber.consumer.close(code=sockets.SEAT_HANDED_ON))

    def _bump(self, match_id):
        version = self.versions[match_id] = next(self.clock)
        return version

    def _owe(self, subscriber, version):
        subscriber.owed = max(subscriber.owed, version)
        self._schedule(subscriber)

    # --- renders and writes ------------------------------------------------------------------

    def _schedule(self, subscriber):
        """Put the socket on a flight if it is owed an update and waits on none."""
        if subscriber.flight is not None or not subscriber.open:
            return
        if subscriber.resync is not None:  # applied between flights, so no update skips
            since, personal = subscriber.resync
            subscriber.since, subscriber.personal = min(subscriber.since, since), min(subscriber.personal, personal)
            subscriber.resync, subscriber.force = None, True
        if subscriber.owed <= subscriber.shown and not subscriber.force:
            return
        render = functools.partial(
            self.render or sockets.update_text,
            subscriber.match_id,
            subscriber.viewer,
            subscriber.since,
            subscriber.csrf,
        )
        key = (subscriber.key, subscriber.since)
        subscriber.flight = self.renderer.flight_for(subscriber.match_id, key, subscriber.owed, render)
        subscriber.flight.waiters[subscriber] = None

    def _rendered(self, flight, outcome):
        self.renderer.done(flight)
        for measure in flight.measures:
            measure.rendered(flight)
        asyncio.ensure_future(self._write(flight, outcome))

    async def _write(self, flight, outcome):
        if isinstance(outcome, Exception) and not isinstance(outcome, sockets.SeatLost):
            log.error("room: a render failed", exc_info=outcome)
        for subscriber in list(flight.waiters):
            if not subscriber.open:
                continue
            if isinstance(outcome, sockets.SeatLost):  # its announcement lost, or not yet heard
                self._drop(subscriber)
            elif isinstance(outcome, Exception):
                # Not tried again until the next change, or the page's next check.
                subscriber.shown, subscriber.force = max(subscriber.shown, subscriber.owed), False
            elif outcome is not SKIPPED:
                subscriber.shown = max(subscriber.shown, flight.version)
                await self._send_newer(subscriber, outcome)
            # Off this flight only once its update is written, so that the next is never
            # written before it; owed more meanwhile: the next flight.
            subscriber.flight = None
            self._schedule(subscriber)
        for measure in flight.measures:
            measure.written(flight)

    async def _send_newer(self, subscriber, rendered):
        """Send the update if the viewer's own event or personal count (messages, reminders,
        who has sent) grew, or the page asked: a change they may not know of sends them nothing."""
        seq, personal, text = rendered
        if seq > subscriber.since or personal > subscriber.personal or subscriber.force or not subscriber.sent_any:
            subscriber.since, subscriber.personal, subscriber.sent_any = seq, personal, True
            try:
                await subscriber.consumer.send(text_data=text)
            except Exception:  # a socket that closed meanwhile must not keep the rest waiting
                log.debug("room: a socket could not be sent its update", exc_info=True)
        subscriber.force = False

    # --- checks ----------------------------------------------------------------------------

    def _ask(self, subscriber):
        """On a render thread: the viewer's own counts now, for the check."""
        try:
            counts = (self.counts or sockets.current_seq)(subscriber.match_id, subscriber.viewer)
        except Exception as error:  # noqa: BLE001 - reported on the loop
            counts = error
        self.renderer.report(self._answered, subscriber, counts)

    def _answered(self, subscriber, counts):
        subscriber.checking = False
        if isinstance(counts, Exception):
            log.error("room: a check failed", exc_info=counts)
            return
        seq, personal = counts
        if subscriber.open and (seq > subscriber.since or personal > subscriber.personal):
            # A change this process was not told of: a new version, owed to this socket alone
            # (what others are owed comes from their own checks and announcements).
            self._owe(subscriber, self._bump(subscriber.match_id))


class _Measure:
    """One measured announcement (bench/deadlines.py, bench/fanout_players.py): when it was heard,
    when all the flights it put sockets on were rendered, and when written."""

    def __init__(self, stamps, flights):
        self.stamps, self.rendering, self.writing = stamps, set(flights), set(flights)
        stamps["renders"] = len(flights)
        for flight in flights:
            flight.measures.append(self)
        if not flights:  # nobody here was owed a render
            self.rendered(None)
            self.written(None)

    def rendered(self, flight):
        self.rendering.discard(flight)
        if not self.rendering:
            self.stamps.setdefault("rendered", time.time())

    def written(self, flight):
        self.writing.discard(flight)
        if not self.writing:
            self.stamps["written"] = time.time()
            asyncio.get_running_loop().run_in_executor(None, timings.record, {"side": "room", **self.stamps})


_rooms = weakref.WeakKeyDictionary()  # event loop -> Room (tests run several loops in one process)


def room_for(layer):
    loop = asyncio.get_running_loop()
    room = _rooms.get(loop)
    if room is None or room.layer is not layer:
        room = _rooms[loop] = Room(layer)
    return room
