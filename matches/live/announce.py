"""Telling connected browsers that a match changed. The message carries only the match's new
event number: each process's room (matches.live.rooms) then has every socket's update built from
the per-viewer view (matches.live.consumers), so nothing secret ever travels through a shared group."""

import asyncio
import logging
import os
import threading
import time

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from matches.lib import timings

log = logging.getLogger(__name__)


def group_name(match_id):
    return f"match-{match_id}"


def announce(match_id, seq, talk_stamp=None, handed=None):
    """`talk_stamp` marks a change of talk (not of events): renders begun before it are not
    handed to sockets told of it. `handed`: (seat row id, new holder's season player id) of a
    seat handed on, whose other sockets the rooms close."""
    layer = get_channel_layer()
    if layer is None:
        return
    message = {"type": "match.changed", "match": match_id, "seq": seq, "talk": talk_stamp}
    if handed is not None:
        message["handed"] = list(handed)
    timings.mark("announce")
    stamps = timings.current()
    if stamps is not None:  # only when measuring (bench/deadlines.py): the room adds its own
        message["timings"] = stamps
    if type(layer).__module__.startswith("channels_redis"):
        _sender().send(layer.group_send(group_name(match_id), message))
    else:  # the in-memory layer's queues belong to the server's own loop
        async_to_sync(layer.group_send)(group_name(match_id), message)
    timings.mark("announced")


def warm_up():
    """Import and connect what an announcement needs before the first deadline needs it (a
    Celery worker process, when it starts): the first announcement cost 100-300 ms otherwise."""
    layer = get_channel_layer()
    if layer is not None and type(layer).__module__.startswith("channels_redis"):
        _sender().send(layer.group_send("warm-up", {"type": "warm.up"}))


class _Sender:
    """One event loop, on a thread of its own, that sends every announcement of this process.
    Outside a web server (a Celery worker), async_to_sync makes a new loop for each call, and
    channels-redis a new Redis connection for each loop: 7-15 ms an announcement, in the path
    from a deadline to the sockets (bench/deadlines.py). Here the loop and its connection stay."""

    def __init__(self):
        self.loop = asyncio.new_event_loop()
        threading.Thread(target=self.loop.run_forever, name="announce", daemon=True).start()

    def send(self, coroutine, timeout=10):
        asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)


_senders = {}  # pid -> _Sender (a forked worker process makes its own)
_making = threading.Lock()


def _sender():
    with _making:
        sender = _senders.get(os.getpid())
        if sender is None:
            sender = _senders[os.getpid()] = _Sender()
        return sender


# --- what the core publishes (subscribed in matches.apps) -----------------------------------


def on_match_changed(event):
    announce(event.match_id, event.seq)


def on_personal_changed(event):
    announce(event.match_id, event.seq, event.stamp)


def on_submitted(event):
    """Who has sent shows on others' pages: stamped at commit, later than any render it must void."""
    announce(event.match_id, event.seq, time.time_ns())


def on_seat_handed(event):
    """The old holder's sockets on the seat are closed at once (matches.live.rooms)."""
    announce(event.match_id, 0, time.time_ns(), handed=(event.seat_id, event.holder_id))
