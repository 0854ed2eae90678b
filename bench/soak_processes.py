"""The soak's site (bench/soak.py): its processes as production runs them (`manage.py serve
--workers 2`, a Celery worker and beat), each logging to a file for the traceback check, and a
sampler of each process's RSS and of PostgreSQL's connections while the soak runs."""

import os
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

from .common import DB_NAME, PG_ADMIN_URL, QUEUE, ROOT, bench_env, free_port


class Proc:
    """One of the site's processes, its output kept for the traceback check."""

    def __init__(self, name, args, env, logs, parent_is="", child_is=""):
        self.name, self.log_path = name, Path(logs) / f"{name}.log"
        self.parent_is, self.child_is = parent_is, child_is  # what its parent and children are, for the RSS figures
        self._log = open(self.log_path, "wb")
        self.popen = subprocess.Popen(
            args, cwd=ROOT, env=env, stdout=self._log, stderr=subprocess.STDOUT, start_new_session=True
        )

    def pids(self):
        """The process and its children (uvicorn's web processes, Celery's pool)."""
        return [self.popen.pid] + sorted(children(self.popen.pid))

    def stop(self):
        """A warm shutdown, as production stops a process: SIGTERM to the main process alone, which
        stops its own children (a Celery pool worker killed from outside mid-task makes its main
        process log a WorkerLostError traceback); the whole group is killed only if it hangs."""
        try:
            os.kill(self.popen.pid, signal.SIGTERM)
            self.popen.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(self.popen.pid, signal.SIGKILL)
            self.popen.wait(5)
        except ProcessLookupError:
            pass
        self._log.close()

    def tracebacks(self):
        """How many tracebacks the log holds, and the first with what led to it."""
        text = self.log_path.read_text(errors="replace")
        at = text.find("Traceback")
        return text.count("Traceback"), text[max(0, at - 500) : at + 3000] if at >= 0 else ""


def children(pid):
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry))
    return found + [grandchild for child in found for grandchild in children(child)]


def cmdline(pid):
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


def rss_mb(pid):
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return None


class Sampler(threading.Thread):
    """Every two seconds: PostgreSQL's connections to the soak's database, each process's RSS,
    the load average."""

    def __init__(self, procs):
        super().__init__(daemon=True)
        self.procs, self.stopped = procs, threading.Event()
        self.connections, self.loads, self.rss = [], [], {}  # rss: label -> every sample (MB)

    def run(self):
        import psycopg

        with psycopg.connect(f"{PG_ADMIN_URL}/{DB_NAME}", autocommit=True) as db:
            while not self.stopped.is_set():
                self.connections.append(
                    db.execute(
                        "SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
                        [DB_NAME],
                    ).fetchone()[0]
                )
                self.loads.append(os.getloadavg()[0])
                for proc in self.procs:
                    parent, *kids = proc.pids()
                    kids = [
                        pid for pid in kids if b"resource_tracker" not in cmdline(pid)
                    ]  # multiprocessing's, not the site's
                    named = [(proc.name if not kids else f"{proc.name} ({proc.parent_is})", parent)]
                    named += [(f"{proc.name} {proc.child_is} {i}", pid) for i, pid in enumerate(kids, 1)]
                    for label, pid in named:
                        mb = rss_mb(pid)
                        if mb is not None:
                            self.rss.setdefault(label, []).append(mb)
                self.stopped.wait(2)


def start_processes(logs):
    env = {**bench_env(), "DEADLINE_SCHEDULER": "celery", "NOTIFY_ON_WORKER": "1"}
    port = free_port()
    python = sys.executable
    web = Proc(
        "web",
        [python, "manage.py", "serve", "--workers", "2", "--port", str(port)],
        env,
        logs,
        "uvicorn's supervisor",
        "process",
    )
    worker = Proc(
        "worker",
        [
            python,
            "-m",
            "celery",
            "-A",
            "genius_site",
            "worker",
            "--loglevel",
            "warning",
            "--concurrency",
            "2",
            "-Q",
            QUEUE,
            "-n",
            f"soak-{QUEUE}@%h",
        ],
        env,
        logs,
        "main process",
        "pool process",
    )
    beat = Proc(
        "beat",
        [
            python,
            "-m",
            "celery",
            "-A",
            "genius_site",
            "beat",
            "--loglevel",
            "warning",
            "--schedule",
            str(Path(logs) / "beat-schedule"),
        ],
        env,
        logs,
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            urllib.request.urlopen(url + "/healthz", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    else:
        raise RuntimeError("the web server did not start:\n" + web.log_path.read_text(errors="replace"))
    time.sleep(4)  # the worker consuming, the beat ticking
    return url, [web, worker, beat]
