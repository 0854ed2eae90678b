"""The soak (issue 39): the production path (`manage.py serve --workers 2`, a Celery worker and
beat, PostgreSQL and Redis) under matches of every game played for SOAK_MINUTES (default 10; the
smoke run one) by bots over HTTP (bench/soak_clients.py), each open page with its socket:
players, spectators and the host's tabs. SOAK_BUSY=N starts N busy-looping processes per core
beside it.

Then the checks, asserted (in the smoke run too, which asserts no speed): every move the site
said it received is stored, once, and none after its phase closed; no late or forged move was
received; every closed phase was closed once and none is overdue; every match replays to its
stored state; every socket was sent every event number once, in order, and each socket still
open has every event it is owed; no 5xx, no traceback in any process's log. And the figures:
push latency (an event's creation to its receipt on a socket open before it), page and move
times, close lateness, handshake timeouts, sockets the server closed, each process's RSS growth,
PostgreSQL's connections at their peak, the machine's load."""

import asyncio
import collections
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace

from .common import percentile, sized
from .soak_clients import Browser, Tally, player, watcher
from .soak_processes import Sampler, start_processes

MINUTES = float(os.environ.get("SOAK_MINUTES") or sized(10, 1))
BUSY = int(os.environ.get("SOAK_BUSY") or 0)  # busy-looping processes per core beside the soak
SETS = sized(2, 1)  # matches of each game
SPECTATORS = sized(2, 1)  # per match
PHASE_SECONDS = (10, 25)  # each match's phases (raised to the game's least where it has one)
OVERDUE_SECONDS = 30  # a phase still open this long after its deadline is overdue (the sweep runs every 2 s)
SETTLE_SECONDS = 30  # after the bots stop: how long open sockets have to receive what they are owed
HTTP_THREADS = 32
HOST, PASSWORD = "soak-host", "soak-password"


def new_matches():
    """Drafts of every game (SETS of each), seated with players who log in with PASSWORD, and a
    host of the season. Returns (match ids, seats as the bots know them)."""
    from django.contrib.auth.models import User

    from games import registry
    from matches.models import Match, MatchPlayer, Season, SeasonPlayer

    season = Season.objects.create(name="Soak", slug="soak")
    season.hosts.add(User.objects.create_user(HOST, password=PASSWORD))
    rng, match_ids, seats = random.Random(4), [], []
    for n in range(SETS):
        for engine in registry.all_engines():
            if engine.slug == "fixture":  # the tests' own game, installed because the bench runs as tests do
                continue
            seconds = rng.randint(*PHASE_SECONDS)
            settings = {
                k: max(seconds, engine.seconds_range[0])
                for k, v in engine.default_settings.items()
                if k.endswith("_seconds") and isinstance(v, int)
            }
            match = Match.objects.create(
                season=season,
                game=engine.slug,
                title=f"Soak {n + 1}: {engine.name}",
                kind=engine.kind,
                settings=settings,
            )
            count = engine.default_seats or engine.min_seats
            for seat, role in enumerate(engine.default_roles(count)):
                user = User.objects.create_user(f"soak-{match.pk}-{seat}", password=PASSWORD)
                member = SeasonPlayer.objects.create(season=season, user=user, display_name=f"Bot {match.pk}.{seat}")
                player = MatchPlayer.objects.create(match=match, season_player=member, seat=seat, role=role)
                seats.append({"match": match.pk, "seat": seat, "player": player.pk, "username": user.username})
            match_ids.append(match.pk)
    return match_ids, seats


# The bots' brain, run on the soak's database threads: what is open for a seat, and a legal move.


def open_phases(match_id, seat):
    from matches.models import Match, Phase

    rows = Phase.objects.filter(match_id=match_id, status=Phase.OPEN, match__status=Match.RUNNING).order_by("sequence")
    return [(p.pk, p.key, p.deadline.timestamp()) for p in rows if seat in p.waits_on]


def move(match_id, key, seat, rng):
    """The engine's random legal move for the match as it is now, as a browser posts it."""
    from games import registry
    from matches.models import Match

    match = Match.objects.get(pk=match_id)
    try:
        data = registry.get(match.game).random_submission(match.state, key, seat, rng)
    except (KeyError, IndexError, ValueError, TypeError):  # the phase closed and the state moved on
        return None
    form = {}
    for name, value in data.items():
        if isinstance(value, bool):
            if value:
                form[name] = "on"
        elif isinstance(value, (list, tuple)):
            form[name] = [str(v) for v in value]
        elif value is not None:
            form[name] = str(value)
    return form


def owed_counts(viewers):
    """Each viewer's event count now: what its open socket is owed."""
    from games.engine_api import Viewer
    from matches.core.presenters import viewer_seq
    from matches.models import Match

    matches = {m.pk: m for m in Match.objects.filter(pk__in={v[0] for v in viewers})}
    made = {"seat": Viewer.for_seat, "spectator": lambda _: Viewer.spectator(), "host": lambda _: Viewer.host()}
    return [viewer_seq(matches[m], made[kind](seat)) for m, kind, seat in viewers]


def overdue(match_ids):
    """Phases still open this long after their deadline, while the worker and beat run."""
    from datetime import timedelta

    from django.utils import timezone

    from matches.models import Match, Phase

    late = timezone.now() - timedelta(seconds=OVERDUE_SECONDS)
    return list(
        Phase.objects.filter(
            match_id__in=match_ids, status=Phase.OPEN, match__status=Match.RUNNING, deadline__lt=late
        ).values_list("pk", flat=True)
    )


async def drive(url, match_ids, seats):
    from django.conf import settings

    loop = asyncio.get_running_loop()
    http_pool, brain_pool = ThreadPoolExecutor(HTTP_THREADS), ThreadPoolExecutor(2)
    tally = Tally()
    soak = SimpleNamespace(
        url=url,
        tally=tally,
        password=PASSWORD,
        end=time.time() + MINUTES * 60,
        check_seconds=settings.LIVE_CHECK_SECONDS,
        open_phases=open_phases,
        move=move,
        http=lambda f, *a: loop.run_in_executor(http_pool, f, *a),
        brain=lambda f, *a: loop.run_in_executor(brain_pool, f, *a),
    )
    host = Browser(url, tally)
    await soak.http(host.login, HOST, PASSWORD)
    rng = random.Random(39)
    bots = [player(soak, seat, random.Random(rng.random())) for seat in seats]
    bots += [watcher(soak, m, random.Random(rng.random())) for m in match_ids for _ in range(SPECTATORS)]
    bots += [watcher(soak, m, random.Random(rng.random()), host, "host") for m in match_ids]
    lag = asyncio.create_task(loop_lag(tally))
    crashed = [repr(r) for r in await asyncio.gather(*bots, return_exceptions=True) if isinstance(r, BaseException)]
    lag.cancel()
    # What each socket still open is owed now, and whether it gets it.
    tabs = [t for t in tally.tabs if t.open]
    owed = await soak.brain(owed_counts, [t.viewer for t in tabs])
    until = time.time() + SETTLE_SECONDS
    while time.time() < until and any(t.open and t.seq < n for t, n in zip(tabs, owed)):
        await asyncio.sleep(0.2)
    short = [(t.viewer, t.seq, n) for t, n in zip(tabs, owed) if t.seq < n]
    late = await soak.brain(overdue, match_ids)
    await asyncio.gather(*(t.close() for t in tally.tabs))
    brain_pool.submit(_close_connections).result()
    http_pool.shutdown()
    brain_pool.shutdown()
    return tally, {"crashed": crashed, "short": short, "overdue": late, "open_at_end": len(tabs)}


async def loop_lag(tally):
    """How late the clients' own event loop wakes (a receipt is stamped when the loop reads it:
    a client starved of CPU makes pushes look late)."""
    while True:
        start = time.monotonic()
        await asyncio.sleep(0.1)
        tally.lag.append(time.monotonic() - start - 0.1)


def _close_connections():
    from django.db import connections

    connections.close_all()


def stored(tally, match_ids):
    """What the database holds against what the bots were told."""
    from matches.core.replay import replay
    from matches.models import Event, Match, Phase, Submission

    rows = Submission.objects.filter(phase__match_id__in=match_ids, source=Submission.PLAYER)
    kept = collections.Counter(rows.values_list("player_id", "phase_id"))
    told = collections.Counter(tally.accepted)
    after_close = [s.pk for s in rows.select_related("phase") if s.phase.closed_at and s.created_at > s.phase.closed_at]
    closed = {(p.match_id, p.key): p for p in Phase.objects.filter(match_id__in=match_ids, status=Phase.CLOSED)}
    closes = collections.Counter(
        (e.match_id, e.data.get("phase")) for e in Event.objects.filter(match_id__in=match_ids, kind="phase.closed")
    )
    lateness = [(p.closed_at - p.deadline).total_seconds() for p in closed.values() if p.close_reason == "deadline"]
    replays = {m.pk: replay(m) for m in Match.objects.filter(pk__in=match_ids)}
    return {
        "moves_received": sum(told.values()),
        "moves_stored": sum(kept.values()),
        "moves_not_as_told": sorted(set(told.items()) ^ set(kept.items())),
        "moves_after_close": after_close,
        "phases_closed": len(closed),
        # a close writes one "Closed" line; a turn (PhaseSpec.turn) writes none, its log being its action
        "closed_not_once": sorted(
            k for k in set(closed) | set(closes) if k not in closed or closes.get(k, 0) != (0 if closed[k].turn else 1)
        ),
        "close_lateness_ms": lateness and spread([v * 1000 for v in lateness]),
        "replay_problems": {m: p for m, p in replays.items() if p},
        "matches_over": Match.objects.filter(pk__in=match_ids).exclude(status=Match.RUNNING).count(),
    }


def spread(values):
    if not values:
        return None
    return {"p50": percentile(values, 50), "p99": percentile(values, 99), "max": max(values), "n": len(values)}


def run():
    from django.conf import settings

    from genius_site.celery import app
    from matches.core import lifecycle

    settings.DEADLINE_SCHEDULER = "celery"  # this process starts the matches: it publishes their eta tasks
    # A soak stopped by `timeout` or a kill still stops the site's processes (each in a session of its own).
    signal.signal(signal.SIGTERM, _terminated)
    match_ids, seats = new_matches()
    app.control.purge()  # eta tasks an earlier run left in the queue
    busy = []
    with tempfile.TemporaryDirectory() as logs:
        url, procs = start_processes(logs)
        try:
            busy = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(BUSY * os.cpu_count())]
            for match_id in match_ids:
                lifecycle.do_start(match_id)
            sampler = Sampler(procs)
            sampler.start()
            tally, live = asyncio.run(drive(url, match_ids, seats))
            sampler.stopped.set()
            sampler.join()
        finally:
            for p in busy:
                p.kill()
                p.wait()
            for proc in procs:
                proc.stop()
        logged = {proc.name: proc.tracebacks() for proc in procs}
    tracebacks = {name: count for name, (count, _) in logged.items()}
    for name, (count, first) in logged.items():
        if count:
            print(f"The first traceback in the {name}'s log:\n{first}", flush=True)
    db = stored(tally, match_ids)
    result = figures(tally, live, db, sampler, tracebacks, len(match_ids), len(seats))
    result["failures"] = failures = checks(result)
    if failures:
        print("\n".join(table_lines(result)), flush=True)
        raise AssertionError("the soak failed its checks:\n  " + "\n  ".join(failures))
    return result


def _terminated(signum, frame):
    raise SystemExit(128 + signum)


def figures(tally, live, db, sampler, tracebacks, matches, seats):
    ms = [v * 1000 for v in tally.push]
    return {
        "minutes": MINUTES,
        "busy_per_core": BUSY,
        "matches": matches,
        "seats": seats,
        "load": {"p50": percentile(sampler.loads, 50), "max": max(sampler.loads)} if sampler.loads else None,
        "sockets_opened": len(tally.tabs),
        "sockets_open_at_end": live["open_at_end"],
        "push_ms": spread(ms),
        "push_over": {f"{s} s": sum(v > s * 1000 for v in ms) for s in (1, 5, 10, 20)},
        "events_revealed_at_end_not_timed": tally.revealed_at_end,
        "client_loop_lag_ms": spread([v * 1000 for v in tally.lag]),
        "slowest_pushes": sorted(tally.pushed, reverse=True)[:15],
        "page_ms": spread([v * 1000 for v in tally.pages]),
        "move_ms": spread([v * 1000 for v in tally.moves]),
        "handshake_timeouts": tally.handshake_timeouts,
        "handshakes_refused": tally.handshakes_refused[:20],
        "server_closed": len(tally.server_closed),
        "server_closed_why": dict(collections.Counter(f"{c} {r}" for c, r in tally.server_closed)),
        "skipped_or_repeated": tally.skips[:20],
        "skipped_or_repeated_count": len(tally.skips),
        "owed_not_received": live["short"],
        "socket_errors": tally.errors[:20],
        "http_errors": tally.statuses[:20],
        "http_error_count": len(tally.statuses),
        "bots_crashed": live["crashed"],
        "overdue_phases": live["overdue"],
        "plays": tally.kinds,
        "legal_moves_refused": tally.refused,
        "late_or_forged_received": tally.wrongly_accepted,
        "tracebacks": tracebacks,
        **db,
        # growth from the start, and over the second half alone (the first includes warming up)
        "rss_mb": {
            label: {
                "first": round(v[0], 1),
                "middle": round(v[len(v) // 2], 1),
                "last": round(v[-1], 1),
                "growth": round(v[-1] - v[0], 1),
                "second_half_growth": round(v[-1] - v[len(v) // 2], 1),
            }
            for label, v in sampler.rss.items()
        },
        "pg_connections_peak": max(sampler.connections, default=None),
    }


def checks(r):
    """The correctness checks (never a speed): the reasons the soak failed, if any."""
    failed = []

    def expect(ok, why):
        if not ok:
            failed.append(why)

    expect(r["moves_received"] > 0 and r["phases_closed"] > 0, "the soak played nothing")
    expect(
        r["moves_received"] == r["moves_stored"] and not r["moves_not_as_told"],
        f"moves received {r['moves_received']} against stored {r['moves_stored']}: {r['moves_not_as_told'][:10]}",
    )
    expect(not r["moves_after_close"], f"moves stored after their phase closed: {r['moves_after_close'][:10]}")
    expect(not r["late_or_forged_received"], f"late or forged moves received: {r['late_or_forged_received'][:10]}")
    expect(not r["closed_not_once"], f"phases not closed exactly once: {r['closed_not_once'][:10]}")
    expect(not r["overdue_phases"], f"phases overdue: {r['overdue_phases'][:10]}")
    expect(not r["replay_problems"], f"matches that do not replay: {r['replay_problems']}")
    expect(
        not r["skipped_or_repeated_count"],
        f"{r['skipped_or_repeated_count']} updates skipped or repeated event numbers: {r['skipped_or_repeated'][:5]}",
    )
    expect(not r["owed_not_received"], f"open sockets short of what they are owed: {r['owed_not_received'][:10]}")
    expect(not r["socket_errors"], f"sockets sent errors: {r['socket_errors'][:5]}")
    expect(not r["handshakes_refused"], f"a page's own socket was refused: {r['handshakes_refused'][:5]}")
    expect(not r["http_error_count"], f"{r['http_error_count']} answers of 5xx or none: {r['http_errors'][:10]}")
    expect(not any(r["tracebacks"].values()), f"tracebacks in the logs: {r['tracebacks']}")
    expect(not r["bots_crashed"], f"bots crashed: {r['bots_crashed'][:5]}")
    return failed


def table_lines(r):
    def fig(s, unit="ms"):
        return f"p50 {s['p50']:.0f} / p99 {s['p99']:.0f} {unit} (max {s['max']:.0f}, n {s['n']})" if s else "none"

    load = f"load p50 {r['load']['p50']:.1f}, max {r['load']['max']:.1f}" if r["load"] else ""
    rss = ", ".join(f"{k} {v['growth']:+.1f} ({v.get('second_half_growth', 0):+.1f})" for k, v in r["rss_mb"].items())
    return [
        f"Soak ({r['minutes']:g} min, {r['busy_per_core']} busy loops per core, {load}): {r['matches']} matches,"
        f" {r['seats']} seats, {r['sockets_opened']} sockets opened; {r['moves_stored']} moves stored of"
        f" {r['moves_received']} received, {r['phases_closed']} phases closed; "
        + (f"FAILED {len(r['failures'])} checks" if r.get("failures") else "every check passed"),
        f"  push {fig(r['push_ms'])} (over 1/5/10/20 s: {'/'.join(map(str, r.get('push_over', {}).values()))}); page {fig(r['page_ms'])}; move {fig(r['move_ms'])}",
        f"  the clients' own loop late by {fig(r.get('client_loop_lag_ms'))}\n"
        f"  close lateness {fig(r['close_lateness_ms'])}; handshake timeouts {r['handshake_timeouts']};"
        f" server-closed sockets {r['server_closed']} {r['server_closed_why'] or ''}; PostgreSQL connections"
        f" peak {r['pg_connections_peak']}",
        f"  RSS growth, MB (over the second half): {rss}",
    ]
