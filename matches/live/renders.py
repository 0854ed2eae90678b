"""Renders: one for every socket owed the same update, the renders of one match batched, each
begun as late as possible so that it shows everything announced by then.

A *flight* is one update being rendered for all the sockets waiting on it: alike viewers of one
match (matches.live.sockets.SocketViewer.render_key) after the same event number. A thousand
spectators told of a change wait on one flight, so they cost one render and one JSON encoding.

Coalescing. A flight renders the match as it is when its render *begins*, so a socket told of
more changes while its flight is still queued needs nothing more: ten changes in quick
succession cost a render or two per kind of viewer, not ten. Each flight records the room's
version of the match (its count of announcements) as its render began; the room hands a socket
a flight only while that flight is queued or began after what the socket is owed, and compares
again when the flight is done (matches.live.rooms).

Batches. The flights of one match queued together are rendered by the same thread one after
another with one `shared` dict, so what their viewers read alike (the match, its seats and open
phases, who has sent) is read once for all: thirteen players are thirteen renders, not thirteen
times every query (bench/fanout_players.py, core.presenters.shared_rows). A second thread may
take flights from the same batch with a `shared` of its own, so one slow render holds back
only the flights behind it on its thread; and each flight is handed back as soon as it is done.
A batch closes when a thread begins it: later flights make a new batch, since the first one's
`shared` rows were read before their change."""

import asyncio
import collections
import threading

from matches.live import lanes

HELPERS = 2  # threads that may work on one batch at once
SKIPPED = object()  # what a flight nobody waits on any more yields: nothing was rendered


class Flight:
    def __init__(self, match_id, key, render):
        self.match_id, self.key, self.render = match_id, key, render
        self.waiters = {}  # subscriber -> None, in the order they came (a dict: leaving is O(1))
        self.version = None  # the match's version in the room when the render began; None while queued
        self.measures = []  # when measured (matches.lib.timings): the announcements waiting on it


class _Batch:
    def __init__(self):
        self.flights = collections.deque()
        self.lock = threading.Lock()  # the loop adds flights while a thread may be taking them
        self.begun = False
        self.helpers = 0


class Renderer:
    """The flights of one event loop (one room). `version_of(match_id)` is the room's version of
    the match, read on the render threads; `finished(flight, outcome)` is called on the loop when
    a flight is done, with its (seq, personal, text), the exception it raised, or SKIPPED."""

    def __init__(self, version_of, finished):
        self.loop = asyncio.get_running_loop()
        self.version_of, self.finished = version_of, finished
        self.flights = {}  # (match id, key) -> the newest flight not yet finished
        self.batches = {}  # match id -> its batch, until a thread begins it

    def flight_for(self, match_id, key, owed, render):
        """The flight for a socket owed version `owed` of the match: the one queued for `key`
        (it will show all that is announced by the time it begins), or the one begun at `owed`
        or later; otherwise a new one. `render(shared)` renders it, on a render thread."""
        flight = self.flights.get((match_id, key))
        if flight is None or (flight.version is not None and flight.version < owed):
            flight = self.flights[(match_id, key)] = Flight(match_id, key, render)
            self._queue(flight)
        return flight

    def done(self, flight):
        """Forget a finished flight, so that nobody else waits on it."""
        if self.flights.get((flight.match_id, flight.key)) is flight:
            del self.flights[(flight.match_id, flight.key)]
        batch = self.batches.get(flight.match_id)
        if batch is not None and batch.begun:
            del self.batches[flight.match_id]

    def _queue(self, flight):
        batch, helpers = self.batches.get(flight.match_id), 0
        if batch is not None:
            with batch.lock:
                if not batch.begun:
                    batch.flights.append(flight)
                    if batch.helpers < min(len(batch.flights), HELPERS):
                        batch.helpers = helpers = batch.helpers + 1
                else:
                    batch = None
        if batch is None:
            batch = self.batches[flight.match_id] = _Batch()
            batch.flights.append(flight)
            batch.helpers = helpers = 1
        if helpers:
            lanes.submit(lanes.RENDER, self._work, batch)

    def _work(self, batch):
        """On a render thread: the batch's flights one after another until none is left."""
        shared, version = {}, None
        while True:
            with batch.lock:
                if not batch.flights:
                    return
                flight = batch.flights.popleft()
                batch.begun = True
            if version is None:
                # Read before anything of the match is: the render shows every change announced
                # up to here. Another thread's stale read can only be lower, which costs a render
                # more, never a change missed.
                version = self.version_of(flight.match_id)
            flight.version = version
            if not flight.waiters:  # everyone left while it was queued (a handshake given up)
                outcome = SKIPPED
            else:
                try:
                    outcome = flight.render(shared)
                except Exception as error:  # noqa: BLE001 - handed to this flight's sockets alone
                    outcome = error
            self.report(self.finished, flight, outcome)

    def report(self, callback, *args):
        """Call `callback(*args)` on the loop, from a render thread."""
        try:
            self.loop.call_soon_threadsafe(callback, *args)
        except RuntimeError:  # the loop is closed: its sockets are gone with it
            pass
