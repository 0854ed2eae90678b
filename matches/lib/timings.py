"""Where the milliseconds of a close go, from the deadline to the socket (bench/deadlines.py).

Off unless `settings.LIVE_TIMINGS` names a Redis list (the benchmark sets it): then the worker
stamps the steps of each close it runs (`begin`, `mark`, `end`), the announcement carries the
stamps made before it was sent (`current`), and the room that writes it to the sockets adds its
own and records them all in that list (`record`), as one JSON object per close and process.
When off, nothing is stamped, carried or recorded: every function returns at its first line.

Stamps are `time.time()` in seconds, comparable between the processes of one machine."""

import json
import os
import threading
import time

from django.conf import settings

_local = threading.local()
_client = {}  # pid -> Redis client (a forked worker process makes its own)


def enabled():
    return bool(getattr(settings, "LIVE_TIMINGS", ""))


def begin(**fields):
    """Start stamping what this thread does next (one close), with `fields` to tell it by."""
    if enabled():
        _local.marks = {**fields, "begin": time.time()}


def note(**fields):
    """Add `fields` (the match's id, once known) to the current stamps."""
    marks = getattr(_local, "marks", None)
    if marks is not None:
        marks.update(fields)


def mark(step):
    """Stamp `step` now, the first time only (a close announces once; a retry stamps nothing)."""
    marks = getattr(_local, "marks", None)
    if marks is not None and step not in marks:
        marks[step] = time.time()


def current():
    """The stamps so far, for a message to carry; None when nothing is being stamped."""
    marks = getattr(_local, "marks", None)
    return dict(marks) if marks is not None else None


def end():
    """Stop stamping; record what was stamped."""
    marks = getattr(_local, "marks", None)
    _local.marks = None
    if marks is not None:
        marks["end"] = time.time()
        record({"side": "worker", **marks})


def record(entry):
    """Append `entry` to the list; a failure to record never fails what was measured."""
    if not enabled():
        return
    try:
        client = _client.get(os.getpid())
        if client is None:
            import redis

            client = _client[os.getpid()] = redis.Redis.from_url(settings.REDIS_URL)
        client.rpush(settings.LIVE_TIMINGS, json.dumps(entry))
    except Exception:  # noqa: BLE001 - measuring must not break the site
        pass
