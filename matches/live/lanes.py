"""The threads the live layer's sync work runs on: two bounded lanes of this process's own.

Channels' `database_sync_to_async` is thread-sensitive: outside a request it runs everything on
one thread per process. When the renders, the viewer's resolution at connect and the answer to a
page's check all went there, a handshake waited behind every render queued before it, and under
a loaded machine the wait reached half a minute (issue 39). So:

- the *door* lane resolves who is connecting, and nothing else: a handshake never waits behind a
  render, only behind other handshakes (two short queries each);
- the *render* lane renders updates (matches.live.renders) and asks the database on behalf of a
  page's check, at most LIVE_RENDER_THREADS at once, so that one slow render holds one thread,
  not the process.

Each thread has its own Django connection (Django's connections are thread-local). With
CONN_MAX_AGE 0, as both databases run here, each job hands it back when done: on PostgreSQL to
psycopg's pool (DB_POOL_MAX a process, shared with the HTTP requests' threads), on SQLite it
closes the file; a job never holds one between jobs."""

import asyncio
import functools
import logging
import os
import threading
from concurrent.futures import ThreadPoolExecutor

from django.conf import settings
from django.db import close_old_connections

log = logging.getLogger(__name__)

DOOR, RENDER = "door", "render"

_pools = {}  # (pid, lane) -> executor: a forked process makes its own threads
_making = threading.Lock()


def _size(lane):
    return max(1, int(settings.LIVE_DOOR_THREADS if lane == DOOR else settings.LIVE_RENDER_THREADS))


def pool(lane):
    key = (os.getpid(), lane)
    with _making:
        executor = _pools.get(key)
        if executor is None:
            executor = _pools[key] = ThreadPoolExecutor(_size(lane), thread_name_prefix=f"live-{lane}")
        return executor


def _with_connection(fn, *args):
    """What database_sync_to_async does around a call: an obsolete connection is never used, and
    this one is handed back once the job is done."""
    close_old_connections()
    try:
        return fn(*args)
    finally:
        close_old_connections()


async def run(lane, fn, *args):
    """`fn(*args)` on a thread of `lane`, awaited."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(pool(lane), functools.partial(_with_connection, fn, *args))


def submit(lane, fn, *args):
    """`fn(*args)` on a thread of `lane`, not awaited: `fn` reports back itself (to the event
    loop, with call_soon_threadsafe). A failure it did not report is logged here."""
    future = pool(lane).submit(_with_connection, fn, *args)
    future.add_done_callback(_log_failure)


def _log_failure(future):
    if not future.cancelled() and future.exception() is not None:
        log.error("live: a job on a worker thread failed", exc_info=future.exception())
