"""Deadlines: over 200 phases with deadlines 1-5 s out, how late the result reaches a connected
spectator websocket after the deadline, on the production path (eta task on a Celery worker,
beat sweep, uvicorn, channels-redis), beside the lateness of asyncio.sleep in the same run.

Where each millisecond goes: the worker and the web process stamp the steps of every close
(matches/lib/timings.py, switched on here by LIVE_TIMINGS) and the client stamps its receipt, so
each close's lateness is cut into steps that add up to it:

    fire       the deadline to the task's start on the worker (Celery's eta timer, the pool)
    lock       the task's start to the match's row lock held (BEGIN, the locking query)
    close      the lock to the commit: defaults, resolve, the rows written, COMMIT
    pre        the commit to the announcement (after-commit work that runs before it)
    layer      the announcement to the web process hearing it (PUBLISH, Redis, channels-redis)
    render     hearing it to the update rendered for the socket's viewer
    write      the render to the socket's write
    receipt    the write to the client's receipt

Beside them, on the worker: `announce_call` (how long the group_send call took) and `post`
(after-commit work after the announcement, which holds the worker from its next close)."""

import asyncio
import datetime
import json
import random
import time

import redis

from .common import REDIS_URL, Celery, Server, percentile, sized

PHASES = sized(200, 5)
ALONE = sized(30, 3)  # closes, and eta tasks, measured one at a time: each step's floor
STAGGER = 0.1  # seconds between match starts: deadlines spread over about 25 s
TIMINGS = "bench:timings"
STEPS = ("fire", "lock", "close", "pre", "layer", "render", "write", "receipt")


async def sleep_lateness(n):
    async def one(delay):
        start = time.monotonic()
        await asyncio.sleep(delay)
        return (time.monotonic() - start - delay) * 1000

    rng = random.Random(2)
    return await asyncio.gather(*[one(rng.uniform(1, 5)) for _ in range(n)])


async def watch(url, match_id, out):
    import websockets

    async with websockets.connect(
        f"{url}/ws/matches/{match_id}/watch/?since=0", origin=url.replace("ws://", "http://")
    ) as ws:  # the page's origin, port included
        while True:
            update = json.loads(await ws.recv())
            if any(e["kind"] == "phase.closed" for e in update["events"]):
                out[match_id] = time.time()
                return


def spread(values):
    values = [v for v in values if v is not None]
    if not values:
        return None
    return {"p50": percentile(values, 50), "p99": percentile(values, 99), "max": max(values), "n": len(values)}


def breakdown(deadlines, received, entries):
    """Per close, the steps (ms) from the deadline to the socket, which add up to its lateness;
    then each step's p50/p99/max over the closes, and the steps of the closes at or past the p99."""
    worker = {e["match"]: e for e in entries if e["side"] == "worker" and e.get("closed") and "committed" in e}
    room = {e["match"]: e for e in entries if e["side"] == "room" and "match" in e}
    closes = []
    for match_id, got in received.items():
        w, r = worker.get(match_id), room.get(match_id)
        if w is None or r is None:
            continue
        points = [
            deadlines[match_id],
            w["begin"],
            w["locked"],
            w["committed"],
            r["announce"],
            r["heard"],
            r["rendered"],
            r["written"],
            got,
        ]
        steps = {name: (b - a) * 1000 for name, a, b in zip(STEPS, points, points[1:])}
        steps["total"] = (got - deadlines[match_id]) * 1000
        steps["announce_call"] = (w["announced"] - w["announce"]) * 1000 if "announced" in w else None
        steps["post"] = (w["end"] - w.get("announced", w["committed"])) * 1000
        steps["path"] = w["path"]
        closes.append(steps)
    if not closes:
        return {"closes": 0}
    noop_entries = [e for e in entries if e["side"] == "worker" and not e.get("closed") and e["path"] == "eta"]
    noops = len(noop_entries)
    # when those started, against their phase's deadline (negative: before it)
    noop_fire = [(e["begin"] - deadlines[e["match"]]) * 1000 for e in noop_entries if e.get("match") in deadlines]
    p99 = percentile([c["total"] for c in closes], 99)
    tail = [c for c in closes if c["total"] >= p99]
    return {
        "closes": len(closes),
        "by_eta": sum(c["path"] == "eta" for c in closes),
        "by_sweep": sum(c["path"] == "sweep" for c in closes),
        "eta_tasks_with_nothing_to_close": noops,
        "nothing_to_close_started_ms": sorted(round(v, 1) for v in noop_fire),
        "steps": {name: spread([c[name] for c in closes]) for name in (*STEPS, "total", "announce_call", "post")},
        "tail": [{k: (round(v, 1) if isinstance(v, float) else v) for k, v in c.items()} for c in tail],
    }


def run():
    from asgiref.sync import sync_to_async
    from django.conf import settings
    from django.contrib.auth.models import User

    from matches.core import lifecycle
    from matches.models import Match, MatchPlayer, Phase, Season, SeasonPlayer

    settings.DEADLINE_SCHEDULER = "celery"  # this process starts the matches: publish their eta tasks
    season = Season.objects.create(name="Deadlines", slug="bench-deadlines")
    members = [
        SeasonPlayer.objects.create(season=season, user=User.objects.create_user(f"d{i}"), display_name=f"D{i}")
        for i in range(2)
    ]
    rng = random.Random(1)
    matches = []
    for i in range(PHASES):
        match = Match.objects.create(
            season=season,
            game="fixture",
            title=f"D{i}",
            settings={"rounds": 1, "round_seconds": rng.randint(1, 5), "close_early": False},
        )
        for seat, member in enumerate(members):
            MatchPlayer.objects.create(match=match, season_player=member, seat=seat)
        matches.append(match)

    store = redis.Redis.from_url(REDIS_URL)
    store.delete(TIMINGS)
    from genius_site.celery import app

    app.control.purge()  # eta tasks an earlier run left in the queue would fire against this run's phase ids
    # as in production (docker-compose.yml), email, webhooks and reminders in tasks of their own
    worker = Celery("worker", LIVE_TIMINGS=TIMINGS, NOTIFY_ON_WORKER="1")
    beat = Celery("beat", LIVE_TIMINGS=TIMINGS, NOTIFY_ON_WORKER="1")
    received, deadlines = {}, {}
    try:
        with Server("uvicorn", DEADLINE_SCHEDULER="celery", LIVE_TIMINGS=TIMINGS) as server:
            ws_url = server.url.replace("http", "ws")

            async def drive():
                watchers = []
                for match in matches:
                    await sync_to_async(lifecycle.do_start)(match.pk)
                    phase = await sync_to_async(lambda m=match: Phase.objects.get(match=m))()
                    deadlines[match.pk] = phase.deadline.timestamp()
                    watchers.append(asyncio.create_task(watch(ws_url, match.pk, received)))
                    await asyncio.sleep(STAGGER)
                await asyncio.wait_for(asyncio.gather(*watchers), timeout=120)

            asyncio.run(drive())
            time.sleep(0.5)  # the last stamps recorded
            entries = [json.loads(e) for e in store.lrange(TIMINGS, 0, -1)]
            store.delete(TIMINGS)
            alone = floors(ws_url, season, members, store)
    finally:
        worker.stop()
        beat.stop()
    lateness = [(received[m] - deadlines[m]) * 1000 for m in received]
    sleeps = asyncio.run(sleep_lateness(PHASES))
    return {
        "phases": len(lateness),
        "socket": {"p50": percentile(lateness, 50), "p99": percentile(lateness, 99), "max": max(lateness)},
        "sleep": {"p50": percentile(sleeps, 50), "p99": percentile(sleeps, 99), "max": max(sleeps)},
        "breakdown": breakdown(deadlines, received, entries),
        "alone": alone,
    }


def floors(ws_url, season, members, store):
    """Each step's floor: closes made one at a time by this process (no other close, render or
    task in the way), each watched by a spectator socket and stamped like the worker's, then
    eta tasks with nothing to close fired one at a time on the worker (their lateness alone)."""
    from asgiref.sync import sync_to_async
    from django.conf import settings

    from matches.core import lifecycle
    from matches.lib import timings
    from matches.models import Match, MatchPlayer, Phase
    from matches.scheduling.deadlines import close_phase_at

    settings.LIVE_TIMINGS = TIMINGS
    started, received = {}, {}

    def close(match):
        phase = Phase.objects.get(match=match, status=Phase.OPEN)
        timings.begin(path="alone", phase=phase.pk)
        started[match.pk] = time.time()  # no deadline: the close starts now, so "fire" is zero
        try:
            lifecycle.close_phase(phase.pk, "host")
        finally:
            timings.end()

    async def one(match):
        watcher = asyncio.create_task(watch(ws_url, match.pk, received))
        await asyncio.sleep(0.3)  # the socket open and in its room
        await sync_to_async(close)(match)
        await asyncio.wait_for(watcher, timeout=10)
        await asyncio.sleep(0.1)

    for i in range(ALONE):
        match = Match.objects.create(
            season=season,
            game="fixture",
            title=f"A{i}",
            settings={"rounds": 1, "round_seconds": 600, "close_early": False},
        )
        for seat, member in enumerate(members):
            MatchPlayer.objects.create(match=match, season_player=member, seat=seat)
        lifecycle.do_start(match.pk)
        asyncio.run(one(match))
    time.sleep(0.5)
    closes = breakdown(started, received, [json.loads(e) for e in store.lrange(TIMINGS, 0, -1)])
    store.delete(TIMINGS)
    settings.LIVE_TIMINGS = ""

    etas = {}
    for i in range(ALONE):  # a phase that does not exist: the task starts, stamps and ends
        etas[-1 - i] = eta = time.time() + 0.5
        close_phase_at.apply_async((-1 - i,), eta=datetime.datetime.fromtimestamp(eta, datetime.timezone.utc))
        time.sleep(0.2)
    time.sleep(1.5)
    fired = {e["phase"]: e["begin"] for e in map(json.loads, store.lrange(TIMINGS, 0, -1)) if e["side"] == "worker"}
    store.delete(TIMINGS)
    closes["steps"]["fire"] = spread([(fired[p] - etas[p]) * 1000 for p in etas if p in fired])
    return closes


def table_lines(d):
    lines = [
        f"Deadlines ({d['phases']} phases): result at socket after deadline p50 {d['socket']['p50']:.0f} ms,"
        f" p99 {d['socket']['p99']:.0f} ms; asyncio.sleep lateness p50 {d['sleep']['p50']:.1f} ms,"
        f" p99 {d['sleep']['p99']:.1f} ms"
    ]
    b = d.get("breakdown", {})
    if not b.get("closes"):
        return lines + ["  (no step timings were recorded)"]
    lines.append(
        f"  where it goes, {b['closes']} closes ({b['by_eta']} by eta task, {b['by_sweep']} by the sweep;"
        f" {b['eta_tasks_with_nothing_to_close']} eta tasks found nothing to close), ms p50 / p99 / max:"
    )
    a = d.get("alone", {}).get("steps", {})
    for name, s in b["steps"].items():
        if s:
            floor = f"   alone {a[name]['p50']:7.1f} {a[name]['p99']:7.1f}" if a.get(name) else ""
            lines.append(f"    {name:14} {s['p50']:7.1f} {s['p99']:7.1f} {s['max']:7.1f}{floor}")
    return lines
