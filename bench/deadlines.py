"""Deadlines: over 200 phases with deadlines 1-5 s out, how late the result reaches a connected
spectator websocket after the deadline, on the production path (eta task on a Celery worker,
beat sweep, uvicorn, channels-redis), beside the lateness of asyncio.sleep in the same run."""

import asyncio
import json
import random
import time

from .common import Celery, Server, percentile, sized

PHASES = sized(200, 5)
STAGGER = 0.1  # seconds between match starts: deadlines spread over about 25 s


async def sleep_lateness(n):
    async def one(delay):
        start = time.monotonic()
        await asyncio.sleep(delay)
        return (time.monotonic() - start - delay) * 1000

    rng = random.Random(2)
    return await asyncio.gather(*[one(rng.uniform(1, 5)) for _ in range(n)])


async def watch(url, match_id, deadline_at, out):
    import websockets

    async with websockets.connect(f"{url}/ws/matches/{match_id}/watch/?since=0", origin=url.replace("ws://", "http://")) as ws:  # the page's origin, port included
        while True:
            update = json.loads(await ws.recv())
            if any(e["kind"] == "phase.closed" for e in update["events"]):
                out.append((time.time() - deadline_at) * 1000)
                return


def run():
    from asgiref.sync import sync_to_async
    from django.conf import settings
    from django.contrib.auth.models import User

    from matches.core import lifecycle
    from matches.models import Match, MatchPlayer, Phase, Season, SeasonPlayer

    settings.DEADLINE_SCHEDULER = "celery"  # this process starts the matches: publish their eta tasks
    season = Season.objects.create(name="Deadlines", slug="bench-deadlines")
    members = [SeasonPlayer.objects.create(season=season, user=User.objects.create_user(f"d{i}"), display_name=f"D{i}")
               for i in range(2)]
    rng = random.Random(1)
    matches = []
    for i in range(PHASES):
        match = Match.objects.create(season=season, game="fixture", title=f"D{i}",
                                     settings={"rounds": 1, "round_seconds": rng.randint(1, 5), "close_early": False})
        for seat, member in enumerate(members):
            MatchPlayer.objects.create(match=match, season_player=member, seat=seat)
        matches.append(match)

    worker, beat = Celery("worker"), Celery("beat")
    lateness = []
    try:
        with Server("uvicorn", DEADLINE_SCHEDULER="celery") as server:
            ws_url = server.url.replace("http", "ws")

            async def drive():
                watchers = []
                for match in matches:
                    await sync_to_async(lifecycle.do_start)(match.pk)
                    phase = await sync_to_async(lambda m=match: Phase.objects.get(match=m))()
                    watchers.append(asyncio.create_task(watch(ws_url, match.pk, phase.deadline.timestamp(), lateness)))
                    await asyncio.sleep(STAGGER)
                await asyncio.wait_for(asyncio.gather(*watchers), timeout=120)

            asyncio.run(drive())
    finally:
        worker.stop()
        beat.stop()
    sleeps = asyncio.run(sleep_lateness(PHASES))
    return {
        "phases": len(lateness),
        "socket": {"p50": percentile(lateness, 50), "p99": percentile(lateness, 99), "max": max(lateness)},
        "sleep": {"p50": percentile(sleeps, 50), "p99": percentile(sleeps, 99), "max": max(sleeps)},
    }
