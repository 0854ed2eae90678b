"""The site's real processes, started by a test against the test's own database.

`Stack` runs `manage.py serve` (uvicorn, the production web server), and optionally a Celery
worker and a Celery beat, as child processes whose settings point at the database the test is
using. Logs go to test-artifacts/logs/. Used by the browser tests (web server only, deadlines
closed in-process or by a worker) and the production-process tests (all three, on Redis).

Tests using it must be transactional (BaseTransactionTestCase): the children see only committed
rows."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from pathlib import Path
from urllib.parse import quote

from django.db import connection

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def database_env():
    """Environment that points a child process at the database this test is using."""
    db = connection.settings_dict
    if db["ENGINE"].endswith("sqlite3"):
        return {"DATABASE_URL": "", "SQLITE_PATH": str(db["NAME"])}
    auth = quote(db["USER"]) + (":" + quote(db["PASSWORD"]) if db["PASSWORD"] else "")
    return {"DATABASE_URL": f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"}


def wait_until(predicate, timeout, interval=0.05, what="condition"):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    raise AssertionError(f"timed out after {timeout}s waiting for {what}")


class Process:
    def __init__(self, name, args, env):
        self.name = name
        logs = ARTIFACTS / "logs"
        logs.mkdir(parents=True, exist_ok=True)
        self.log_path = logs / f"{name}-{uuid.uuid4().hex[:6]}.log"
        self._log = open(self.log_path, "wb")
        self.popen = subprocess.Popen(
            args, cwd=ROOT, env=env, stdout=self._log, stderr=subprocess.STDOUT, start_new_session=True
        )

    def log(self):
        return self.log_path.read_text(errors="replace")

    def alive(self):
        return self.popen.poll() is None

    def kill(self, sig=signal.SIGKILL):
        """Signal the whole process group (a prefork worker's children too)."""
        if self.alive():
            try:
                os.killpg(self.popen.pid, sig)
            except ProcessLookupError:
                pass

    def stop(self, timeout=10):
        self.kill(signal.SIGTERM)
        try:
            self.popen.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill(signal.SIGKILL)
            self.popen.wait(5)
        self._log.close()


class Stack:
    """Web server (always), worker and beat (on request), sharing one environment."""

    def __init__(self, redis_url="", scheduler=None, sweep_seconds=1):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.queue = f"test-{uuid.uuid4().hex[:8]}"
        self.env = {
            **os.environ,
            **database_env(),
            "GENIUS_TESTING": "1",
            "PYTHONUNBUFFERED": "1",
            "REDIS_URL": redis_url,
            "CELERY_QUEUE": self.queue,
            "CHANNELS_PREFIX": self.queue,
            "SWEEP_SECONDS": str(sweep_seconds),
            "LIVE_CHECK_SECONDS": "2",  # pages notice a lost push within the tests' waits
            "DEADLINE_SCHEDULER": scheduler or ("celery" if redis_url else "inprocess"),
        }
        self.processes: list[Process] = []

    def _start(self, name, args):
        process = Process(name, args, self.env)
        self.processes.append(process)
        return process

    def web(self, port=None, name="web"):
        """A web process on `port` (the stack's own by default; another for a second process)."""
        port = port or self.port
        process = self._start(name, [sys.executable, "manage.py", "serve", "--host", "127.0.0.1", "--port", str(port)])
        process.url = f"http://127.0.0.1:{port}"
        wait_until(lambda: self._healthy(process), 30, 0.1, "the web server")
        return process

    def _healthy(self, process):
        if not process.alive():
            raise AssertionError(f"web server exited:\n{process.log()}")
        try:
            with urllib.request.urlopen(process.url + "/healthz", timeout=2) as r:
                return json.load(r)["ok"]
        except OSError:
            return False

    def worker(self, name="worker"):
        process = self._start(
            name,
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "genius_site",
                "worker",
                "-Q",
                self.queue,
                "--concurrency",
                "2",
                "--loglevel",
                "info",
                "-n",
                f"{name}-{self.queue}@%h",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
            ],
        )
        wait_until(lambda: self._ready(process, "ready."), 60, 0.1, f"celery {name}")
        return process

    def beat(self):
        schedule = ARTIFACTS / "logs" / f"beat-{self.queue}"
        process = self._start(
            "beat",
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "genius_site",
                "beat",
                "--loglevel",
                "info",
                "--schedule",
                str(schedule),
            ],
        )
        wait_until(lambda: self._ready(process, "beat: Starting"), 30, 0.1, "celery beat")
        return process

    @staticmethod
    def _ready(process, marker):
        if not process.alive():
            raise AssertionError(f"{process.name} exited:\n{process.log()}")
        return marker in process.log()

    def stop(self):
        for process in reversed(self.processes):
            process.stop()
        self.processes.clear()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


def serve(test):
    """The real web server for `test`, stopped when the test ends."""
    stack = Stack()
    stack.web()
    test.addCleanup(stack.stop)
    return stack
