"""Telling connected browsers that a match changed. The message carries only the match's new
event number: each process's room (matches.live.rooms) then has every socket's update built from
the per-viewer view (matches.live.consumers), so nothing secret ever travels through a shared group."""

import logging
import time

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

from matches.lib import timings

log = logging.getLogger(__name__)


def group_name(match_id):
    return f"match-{match_id}"


def announce(match_id, seq, talk_stamp=None):
    """`talk_stamp` marks a change of talk (not of events): renders begun before it are not
    handed to sockets told of it."""
    layer = get_channel_layer()
    if layer is None:
        return
    message = {"type": "match.changed", "match": match_id, "seq": seq, "talk": talk_stamp}
    timings.mark("announce")
    stamps = timings.current()
    if stamps is not None:  # only when measuring (bench/deadlines.py): the room adds its own
        message["timings"] = stamps
    async_to_sync(layer.group_send)(group_name(match_id), message)
    timings.mark("announced")


# --- what the core publishes (subscribed in matches.apps) -----------------------------------


def on_match_changed(event):
    announce(event.match_id, event.seq)


def on_personal_changed(event):
    announce(event.match_id, event.seq, event.stamp)


def on_submitted(event):
    """Who has sent shows on others' pages: stamped at commit, later than any render it must void."""
    announce(event.match_id, event.seq, time.time_ns())
