"""Which web process runs the in-process deadline loop: exactly one per database, however many
processes serve the site. On PostgreSQL the leader holds a session advisory lock on a connection
of its own; on SQLite, an exclusive lock on a file beside the database. Either lock is released by
the operating system or the database when its process dies, and another process takes over on its
next try. (With Celery, the worker and beat close phases instead and nothing here runs.)"""

import fcntl
import logging
import os

from django.db import connections

log = logging.getLogger(__name__)

LOCK_KEY = 0x67656E6975730001  # "genius" + 1: the advisory lock's number, the same for every process


class Leadership:
    """`held()` says whether this process leads now, trying to become the leader if it does not."""

    def __init__(self, alias="default"):
        self.alias, self._handle = alias, None

    def held(self):
        if self._handle is not None and self._still_held():
            return True
        self.release()
        self._handle = self._acquire()
        if self._handle is not None:
            log.warning("deadline loop: process %s closes this site's deadlines", os.getpid())
        return self._handle is not None

    def release(self):
        handle, self._handle = self._handle, None
        if handle is not None:
            try:
                handle.close()
            except Exception:  # already broken: closing it was the point
                pass

    # -- the two kinds of lock ------------------------------------------------------------------
    def _vendor(self):
        return connections[self.alias].vendor

    def _acquire(self):
        if self._vendor() == "postgresql":
            return self._acquire_advisory()
        return self._acquire_file()

    def _acquire_advisory(self):
        wrapper = connections[self.alias]
        try:
            # A connection of its own, not one of the pool's: the lock lives as long as it does.
            connection = wrapper.Database.connect(**wrapper.get_connection_params())
            connection.autocommit = True
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_try_advisory_lock(%s)", [LOCK_KEY])
                if cursor.fetchone()[0]:
                    return connection
            connection.close()
        except Exception:
            log.exception("deadline loop: could not ask for the leader's lock")
        return None

    def _acquire_file(self):
        name = str(connections[self.alias].settings_dict["NAME"])
        if name == ":memory:" or name.startswith("file:memorydb"):
            return _NoLock()  # a database no other process can open: this process is alone
        handle = open(name + ".deadlines.lock", "a")
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.close()
            return None
        return handle

    def _still_held(self):
        """A broken connection has lost its advisory lock (the server released it)."""
        if self._vendor() != "postgresql":
            return True
        try:
            with self._handle.cursor() as cursor:
                cursor.execute("SELECT 1")
            return True
        except Exception:
            log.warning("deadline loop: lost the leader's connection; trying again")
            return False


class _NoLock:
    def close(self):
        pass
