"""Telling connected browsers that a match changed. The message carries only the match's new
event number: every socket then builds its own update from the per-viewer view (see
matches.consumers), so nothing secret ever travels through a shared group."""

import logging

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)


def group_name(match_id):
    return f"match-{match_id}"


def announce(match_id, seq, talk_stamp=None):
    """`talk_stamp` marks a change of talk (not of events): renders begun before it are not
    handed to sockets told of it."""
    layer = get_channel_layer()
    if layer is None:
        return
    async_to_sync(layer.group_send)(group_name(match_id), {"type": "match.changed", "seq": seq, "talk": talk_stamp})
