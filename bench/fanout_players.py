"""Fan-out to players: a change in a 13-player The Flat Earth Theory match (a phase closed by the
host, with the rules' defaults; a new match when one is over) reaching every player's own websocket, each player connected as
themselves (13 different per-viewer renders), from the commit to the last player's receipt, on
the production path (uvicorn, channels-redis). Beside it, measured alone in the same run: one
player's update rendered in this process (what the web process does per player), and the bare
delivery of the same number of messages (bench.fanout's broadcaster, no render). Then the same
for a host's result published to a 30-player host-run match (bench.fanout_hostrun)."""

import json
import statistics
import time

import redis

from .common import REDIS_URL, Server, free_port, percentile, sized, summary
from .fanout import Peer, baseline_run, close_round

PLAYERS = 13
TIMINGS = "bench:timings:players"  # the room's stamps (matches/lib/timings.py): heard, rendered, written
ROUNDS = sized(30, 2)
SETTLE = 1.5  # seconds between the sockets opening and the change


def flat_earth_match():
    """A running 13-player match; returns it and each seat's user."""
    from django.contrib.auth.models import User

    from games import registry
    from matches.core import lifecycle
    from matches.models import Match, MatchPlayer, Season, SeasonPlayer

    engine = registry.get("flat_earth")
    season = Season.objects.create(name="Players", slug=f"players-{time.time_ns()}")
    match = Match.objects.create(season=season, game="flat_earth", title="Fan-out to players", settings={})
    users = []
    for seat, role in enumerate(engine.default_roles(PLAYERS)):
        user = User.objects.create_user(f"p{season.pk}-{seat}")
        member = SeasonPlayer.objects.create(season=season, user=user, display_name=f"Player {seat}")
        MatchPlayer.objects.create(match=match, season_player=member, seat=seat, role=role)
        users.append(user)
    lifecycle.do_start(match.pk)
    return Match.objects.get(pk=match.pk), users


def cookie(user):
    """A real login session for `user`, as the Cookie header its browser sends."""
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    return f"{settings.SESSION_COOKIE_NAME}={session.session_key}; csrftoken=bench{user.pk}"


def viewers(match):
    from games.engine_api import Viewer
    from matches.live.sockets import SocketViewer

    return [(p, SocketViewer(Viewer.for_seat(p.seat), p.pk)) for p in match.seats.order_by("seat")]


def targets(server, match, sessions):
    """Each player's socket, opened at their own current counts, so that it is sent nothing
    until the change."""
    from matches.live.sockets import current_seq

    out = []
    for player, viewer in viewers(match):
        seq, personal = current_seq(match.pk, viewer)
        url = server.url.replace("http", "ws") + f"/ws/matches/{match.pk}/play/?since={seq}&personal={personal}"
        out.append([url, sessions[player.seat]])
    return out


def renders_alone(match):
    """The 13 updates rendered here, alternately as before issue 27 (each player's on its own,
    every form rendered afresh) and as the room now does (one batch: shared reads, kept forms).
    Returns (ms of each player's update alone, ms of the batch)."""
    from matches.core import engine_forms
    from matches.live.sockets import socket_update

    seats = viewers(match)
    times = []
    for _, viewer in seats:
        engine_forms.RENDERED.clear()  # as before: no form kept
        start = time.perf_counter()
        json.dumps(socket_update(match.pk, viewer, 0, "token"))
        times.append((time.perf_counter() - start) * 1000)
    shared, start = {}, time.perf_counter()
    for _, viewer in seats:
        json.dumps(socket_update(match.pk, viewer, 0, "token", shared))
    return times, (time.perf_counter() - start) * 1000


def stamped_close(match):
    """close_round with this process's stamps on (its announcement carries them to the room)."""
    from django.conf import settings

    from matches.lib import timings

    settings.LIVE_TIMINGS = TIMINGS
    timings.begin(path="host")
    try:
        return close_round(match)
    finally:
        timings.end()
        settings.LIVE_TIMINGS = ""


def steps(committed, arrivals, store):
    """commit -> heard by the web process -> every player's update rendered -> written -> the last receipt."""
    room = [e for e in map(json.loads, store.lrange(TIMINGS, 0, -1)) if e["side"] == "room"]
    store.delete(TIMINGS)
    if len(room) != 1:
        return None
    r = room[0]
    points = [committed, r["heard"], r["rendered"], r["written"], max(arrivals)]
    out = {name: (b - a) * 1000 for name, a, b in zip(("layer", "render", "write", "receipt"), points, points[1:])}
    out["renders"] = r.get("renders")  # how many different updates the room rendered (one per player)
    return out


def run():
    store = redis.Redis.from_url(REDIS_URL)
    store.delete(TIMINGS)
    channel, bare_port = "bench-fanout-players", free_port()
    site, bare, renders, batches, breakdown = [], [], [], [], []
    broadcaster = Peer("broadcaster", bare_port, REDIS_URL, channel, "none")
    try:
        with Server("uvicorn", CHANNELS_LAYER="pubsub", LIVE_TIMINGS=TIMINGS) as server:
            match = None
            for _ in range(ROUNDS):
                if match is None or match.status != match.RUNNING:  # a match has so many phases: then another
                    match, users = flat_earth_match()
                    sessions = [cookie(u) for u in users]
                alone, batch = renders_alone(match)
                renders.append(alone)
                batches.append(batch)
                peer = Peer("players", json.dumps(targets(server, match, sessions)))
                # Each socket, once open, renders for itself to see whether it is behind (13 different
                # renders on the web process's one sync thread): the change comes to players settled.
                time.sleep(SETTLE)
                committed = stamped_close(match)
                got = peer.arrivals()
                if None in got:
                    raise RuntimeError("a player's socket was closed before it had the change")
                site.append([(t - committed) * 1000 for t in got])
                time.sleep(0.2)  # the room's stamps recorded
                breakdown.append(steps(committed, got, store))
                bare.append(baseline_run(bare_port, channel, "x" * 4096, PLAYERS))
                match.refresh_from_db()
    finally:
        broadcaster.stop()
    from . import fanout_hostrun  # here, not at the top: it borrows this module's helpers

    return {
        "host_run": fanout_hostrun.run(),  # a host's result to 30 players (issue 34), after the above
        **report(PLAYERS, site, bare, breakdown, renders, batches),
    }


def report(players, site, bare, breakdown, renders, batches):
    """The figures of a fan-out run: each change's arrival at every socket (`site`, ms after its
    commit), a bare broadcast of as many messages (`bare`), the room's steps per change
    (`breakdown`), and the renders measured in-process, one by one (`renders`) and batched."""
    last = [max(run) for run in site]
    alone_all = [sum(r) for r in renders]
    return {
        "players": players,
        "rounds": len(site),
        "last": {"p50": percentile(last, 50), "p99": percentile(last, 99), "max": max(last)},
        "first": summary([min(run) for run in site]),
        "bare_last": summary([max(run) for run in bare]),
        "steps": {
            name: {
                "p50": percentile([b[name] for b in breakdown if b], 50),
                "p99": percentile([b[name] for b in breakdown if b], 99),
            }
            for name in ("layer", "render", "write", "receipt")
        }
        if any(breakdown)
        else None,
        "runs": [{"last": max(s), **(b or {})} for s, b in zip(site, breakdown)],
        "render_alone_ms": {
            "per_player_median": statistics.median(t for r in renders for t in r),
            "all_players_median": statistics.median(alone_all),
            "batch_median": statistics.median(batches),
            "batch_to_alone": statistics.median(batches) / statistics.median(alone_all),
        },
    }


def table_lines(r):
    a = r["render_alone_ms"]
    return (
        [
            f"Fan-out to players ({r['players']} players of The Flat Earth Theory, each as themselves, {r['rounds']} "
            f"changes): commit to the last player's socket p50 {r['last']['p50']:.0f} ms, p99 {r['last']['p99']:.0f} ms"
            f" (max {r['last']['max']:.0f}); first player median {r['first']['median']:.0f} ms; bare delivery of"
            f" {r['players']} messages, last, median {r['bare_last']['median']:.0f} ms; one player's render alone"
            f" {a['per_player_median']:.1f} ms, all {r['players']} {a['all_players_median']:.0f} ms"
            f" (as before issue 27) against {a.get('batch_median', 0):.0f} ms in one batch (x{a.get('batch_to_alone', 0):.2f})"
        ]
        + (
            [
                "  where it goes (ms p50 / p99): "
                + ", ".join(f"{name} {v['p50']:.0f} / {v['p99']:.0f}" for name, v in r["steps"].items())
            ]
            if r.get("steps")
            else []
        )
        + (fanout_hostrun_lines(r["host_run"]) if "host_run" in r else [])
    )


def fanout_hostrun_lines(r):
    from . import fanout_hostrun

    return fanout_hostrun.table_lines(r)
