"""Telling connected browsers that a match changed. The message carries only the match's new
event number: each process's room (matches.rooms) then has every socket's update built from
the per-viewer view (matches.consumers), so nothing secret ever travels through a shared group."""

import logging
import time

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

log = logging.getLogger(__name__)


def group_name(match_id):
    return f"match-{match_id}"


def announce(match_id, seq, talk_stamp=None):
    """`talk_stamp` marks a change of talk (not of events): renders begun before it are not
    handed to sockets told of it."""
    layer = get_channel_layer()
    if layer is None:
        return
    async_to_sync(layer.group_send)(group_name(match_id), {"type": "match.changed", "match": match_id, "seq": seq, "talk": talk_stamp})


def announce_personal_on_commit(match):
    """Announce a change that adds no event (a message, a "has submitted" mark): the stamp keeps
    sockets from being handed a render begun before it."""
    stamp = time.time_ns()
    transaction.on_commit(lambda: announce(match.pk, match.event_seq, stamp), robust=True)
