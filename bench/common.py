"""Shared by every benchmark: a throwaway database, a server process, wrk, and medians.

Every figure is reported beside a baseline measured in the same run, alternating runs of the
two so that a noisy neighbour hurts both alike."""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PG_ADMIN_URL = os.environ.get("BENCH_PG_URL", "postgres://postgres@127.0.0.1:5432")
REDIS_URL = os.environ.get("BENCH_REDIS_URL", "redis://127.0.0.1:6379/10")
DB_NAME = os.environ.get("BENCH_DB_NAME", "genius_bench")  # dropped and made anew by every run
# The Celery queue and channel-layer prefix: a run of its own beside another's on the same Redis.
QUEUE = os.environ.get("BENCH_QUEUE", "bench")
# BENCH_SMOKE=1: every part once, at the smallest sizes, so CI proves the benchmark still runs
# (.ci/run); its figures mean nothing and are written beside, not over, the real results.
SMOKE = os.environ.get("BENCH_SMOKE") == "1"


def sized(full, smoke):
    """`full` for a real run, `smoke` for the smoke run."""
    return smoke if SMOKE else full


def bench_env():
    """The production stack on the machine's PostgreSQL and Redis, with the fixture game."""
    return {
        **os.environ,
        "DATABASE_URL": f"{PG_ADMIN_URL}/{DB_NAME}",
        "REDIS_URL": REDIS_URL,
        "GENIUS_TESTING": "1",
        "GENIUS_BENCH": "1",
        "CELERY_QUEUE": QUEUE,
        "CHANNELS_PREFIX": QUEUE,
        "DEADLINE_SCHEDULER": "inprocess",
        "PYTHONUNBUFFERED": "1",
    }


def fresh_database():
    subprocess.run(
        [
            "psql",
            f"{PG_ADMIN_URL}/postgres",
            "-q",
            "-c",
            f"DROP DATABASE IF EXISTS {DB_NAME} WITH (FORCE)",
            "-c",
            f"CREATE DATABASE {DB_NAME}",
        ],
        check=True,
        capture_output=True,
    )
    os.environ.update(bench_env())
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "genius_site.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def free_port():
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`manage.py serve` (uvicorn) or daphne, on the same application and settings."""

    def __init__(self, kind="uvicorn", **extra_env):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        if kind == "uvicorn":
            args = [sys.executable, "manage.py", "serve", "--port", str(self.port)]
        else:
            args = [
                sys.executable,
                "-m",
                "daphne",
                "-b",
                "127.0.0.1",
                "-p",
                str(self.port),
                "genius_site.asgi:application",
            ]
        self.log = tempfile.TemporaryFile()
        env = {**bench_env(), **extra_env}
        self.popen = subprocess.Popen(args, cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 90  # a loaded machine (CI runs its jobs side by side) starts slowly
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.url + "/healthz", timeout=1)
                return
            except OSError:
                if self.popen.poll() is not None:
                    break
                time.sleep(0.1)
        self.log.seek(0)
        raise RuntimeError(f"{kind} did not start: {self.log.read()[-2000:].decode(errors='replace')}")

    def stop(self):
        self.popen.terminate()
        try:
            self.popen.wait(5)
        except subprocess.TimeoutExpired:  # daphne may hold open connections past a SIGTERM
            self.popen.kill()
            self.popen.wait(5)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


LATENCY = re.compile(r"^\s+(50|99)%\s+([\d.]+)(us|ms|s)\s*$", re.M)
UNITS = {"us": 1e-3, "ms": 1.0, "s": 1000.0}


def wrk(url, connections, seconds=4, script=None):
    """Requests per second and p50/p99 latency (ms) of wrk against `url`."""
    seconds = sized(seconds, 1)
    # wrk's own 2 s timeout would drop the slowest answers under overload from the latencies.
    args = [
        "wrk",
        "-t",
        str(min(2, connections)),
        "-c",
        str(connections),
        "-d",
        f"{seconds}s",
        "--timeout",
        "30s",
        "--latency",
        url,
    ]
    if script:
        args[1:1] = ["-s", script]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    latency = {f"p{q}": float(v) * UNITS[u] for q, v, u in LATENCY.findall(out)}
    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    socket_errors = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out)
    requests = int(re.search(r"(\d+) requests in", out).group(1))
    return {
        "rps": rps,
        **latency,
        "requests": requests,
        "errors": (int(errors.group(1)) if errors else 0)
        + (sum(map(int, socket_errors.groups())) if socket_errors else 0),
    }


def summary(values):
    values = sorted(values)
    return {"median": statistics.median(values), "min": values[0], "max": values[-1], "n": len(values)}


def percentile(values, q):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(q / 100 * (len(values) - 1))))]


class Celery:
    """A worker (kind "worker") or beat, as docker-compose.yml runs them."""

    def __init__(self, kind, **extra_env):
        args = [sys.executable, "-m", "celery", "-A", "genius_site", kind, "--loglevel", "warning"]
        if kind == "worker":
            args += ["--concurrency", "2", "-Q", QUEUE]
        else:
            args += ["--schedule", tempfile.mktemp()]
        env = {**bench_env(), "DEADLINE_SCHEDULER": "celery", **extra_env}
        self.popen = subprocess.Popen(args, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(4)  # long enough for the worker to be consuming

    def stop(self):
        self.popen.terminate()
        self.popen.wait(15)
