"""Fan-out: from the commit of a result to the last of N spectator websockets receiving it, for
N = 10, 100, 1000 spectators of one Co-op QWOP match (the closing of a round), on the production
path (uvicorn, channels-redis). Beside it, in the same run and alternating with it, the baseline:
a bare websocket server that broadcasts a Redis pub/sub message of the same size to N clients,
timed from the PUBLISH. Run once per channel layer (channels-redis's RedisChannelLayer and its
RedisPubSubChannelLayer), to choose between them; with and without per-message compression; and
for SPREAD spectators across two web processes."""

import json
import subprocess
import sys
import time

import redis
from django.db import transaction

from .common import REDIS_URL, ROOT, Server, bench_env, free_port, percentile, sized, summary

SIZES = sized((10, 100, 1000), (10,))
ROUNDS = sized(3, 1)
SPREAD, SPREAD_ROUNDS = sized(10_000, 20), sized(2, 1)  # spectators across two web processes (serve --workers 2)
PER_CLIENT = 5000  # sockets per client process
LAYERS = ("pubsub", "core")


class Peer:
    """A bench.fanout_peers process; waits for its "ready"."""

    def __init__(self, *args):
        self.popen = subprocess.Popen(
            [sys.executable, "-m", "bench.fanout_peers", *map(str, args)],
            cwd=ROOT,
            env=bench_env(),
            stdout=subprocess.PIPE,
            text=True,
        )
        line = self.popen.stdout.readline().strip()
        if line != "ready":
            self.popen.kill()
            raise RuntimeError(f"fanout peer {args[0]} did not start: {line!r}")

    def arrivals(self):
        out = self.popen.stdout.readline()
        self.popen.wait(30)
        if not out:
            raise RuntimeError("the clients lost their sockets before every one had the result")
        return json.loads(out)

    def stop(self):
        self.popen.terminate()
        self.popen.wait(10)


def qwop_match():
    """A running Co-op QWOP match, past its pregame, whose round the benchmark will close."""
    from django.contrib.auth.models import User

    from matches.core import lifecycle
    from matches.models import Match, MatchPlayer, Phase, Season, SeasonPlayer

    season = Season.objects.create(name="Fan-out", slug=f"fanout-{time.time_ns()}")
    match = Match.objects.create(season=season, game="coop_qwop", title="Fan-out", settings={"rounds": 7})
    for seat in range(8):
        user = User.objects.create_user(f"f{season.pk}-{seat}")
        member = SeasonPlayer.objects.create(season=season, user=user, display_name=f"Runner {seat}")
        MatchPlayer.objects.create(match=match, season_player=member, seat=seat)
    lifecycle.do_start(match.pk)
    lifecycle.close_phase(Phase.objects.get(match=match, status=Phase.OPEN).pk, "host")  # the pregame
    return match


def close_round(match):
    """Close the open round; return the time of the commit (taken on commit, before the announce)."""
    from matches.core import lifecycle
    from matches.models import Phase

    committed = []
    phase = Phase.objects.get(match=match, status=Phase.OPEN)
    with transaction.atomic():
        transaction.on_commit(lambda: committed.append(time.time()))  # runs before lifecycle's announce
        lifecycle.close_phase(phase.pk, "host")
    return committed[0]


class Clients:
    """N spectator sockets held by as many client processes as it takes, at most PER_CLIENT each:
    one Python process receiving ten thousand 13 KiB messages is itself slower than the server
    it measures (it was, for the bare broadcast too), so the sockets are shared out."""

    def __init__(self, url, n):
        shares = [PER_CLIENT] * (n // PER_CLIENT) + ([n % PER_CLIENT] if n % PER_CLIENT else [])
        self.peers = [Peer("clients", url, share) for share in shares]

    def arrivals(self):
        return [t for peer in self.peers for t in peer.arrivals()]


def real_run(server, match, n):
    from games.engine_api import Viewer
    from matches.core.presenters import viewer_seq

    seq = viewer_seq(match, Viewer.spectator())  # what a spectator's page counts
    url = server.url.replace("http", "ws") + f"/ws/matches/{match.pk}/watch/?since={seq}"
    clients = Clients(url, n)
    committed = close_round(match)
    return [(t - committed) * 1000 if t else None for t in clients.arrivals()]


def baseline_run(port, channel, payload, n):
    clients = Clients(f"ws://127.0.0.1:{port}/", n)
    connection = redis.Redis.from_url(REDIS_URL)
    published = time.time()
    connection.publish(channel, payload)
    return [(t - published) * 1000 for t in clients.arrivals()]


def update_size(match):
    from games.engine_api import Viewer
    from matches.live.sockets import SocketViewer, socket_update

    return len(json.dumps(socket_update(match.pk, SocketViewer(Viewer.spectator()), 0)))


def use_layer(layer):
    """This process announces closes on the same channel layer as the server it measures."""
    from channels.layers import channel_layers
    from django.conf import settings

    settings.CHANNEL_LAYERS["default"]["BACKEND"] = settings.CHANNELS_BACKENDS[layer]
    channel_layers.backends.clear()


def figures(runs):
    """Per run: p50, p99 and the last arrival, and sockets lost; then their medians over runs."""
    per_run = []
    for run in runs:
        got = [t for t in run if t is not None]
        per_run.append(
            {"p50": percentile(got, 50), "p99": percentile(got, 99), "last": max(got), "lost": len(run) - len(got)}
        )
    return {k: summary([r[k] for r in per_run]) for k in ("p50", "p99", "last", "lost")}


def sizes_against_bare(server, sizes, bare_port, channel, rounds=ROUNDS):
    """For each number of spectators: the site's fan-out and the bare broadcast's, alternating."""
    results = {}
    for n in sizes:
        match = qwop_match()
        payload = "x" * update_size(match)
        real, base, failures = [], [], []
        for _ in range(rounds):  # alternate, so noise hits both
            base.append(baseline_run(bare_port, channel, payload, n))
            try:
                real.append(real_run(server, match, n))
            except (RuntimeError, ValueError) as error:  # sockets dropped: a finding, not a crash
                failures.append(f"{type(error).__name__}: {error}"[:200])
        if not real:
            results[f"n{n}"] = {"spectators": n, "failures": failures}
            continue
        site, bare = figures(real), figures(base)
        results[f"n{n}"] = {
            "spectators": n,
            "message_bytes": len(payload),
            "site": site,
            "baseline": bare,
            "failures": failures,
            "ratio_p99": site["p99"]["median"] / max(bare["p99"]["median"], 0.001),
        }
    return results


def run():
    """Both channel layers with per-message compression off (the site's default), beside a bare
    broadcast without compression; then, at 1000 spectators, both with compression on (where the
    earlier 6x went); then SPREAD spectators across two web processes."""
    results, channel = {}, "bench-fanout"
    ports = {"none": free_port(), "deflate": free_port()}
    broadcasters = [Peer("broadcaster", port, REDIS_URL, channel, kind) for kind, port in ports.items()]
    try:
        for layer in LAYERS:
            use_layer(layer)
            with Server("uvicorn", CHANNELS_LAYER=layer) as server:
                results[layer] = sizes_against_bare(server, SIZES, ports["none"], channel)
        use_layer("pubsub")
        with Server("uvicorn", CHANNELS_LAYER="pubsub", WS_DEFLATE="1") as server:
            results["deflate"] = sizes_against_bare(server, (sized(1000, 10),), ports["deflate"], channel)
        with Server("uvicorn", CHANNELS_LAYER="pubsub", WEB_WORKERS="2") as server:
            results["spread"] = sizes_against_bare(server, (SPREAD,), ports["none"], channel, rounds=SPREAD_ROUNDS)
    finally:
        for broadcaster in broadcasters:
            broadcaster.stop()
    return results


def table_lines(results):
    lines = [
        "Fan-out (commit of a round's result to the spectator sockets; medians of runs; 'deflate': "
        "per-message compression on at both; 'spread': two web processes):"
    ]
    for layer, sizes in results.items():
        for key, r in sizes.items():
            if "site" not in r:
                lines.append(f"  {layer:6} {r['spectators']:5} spectators: every run failed ({r['failures'][0]})")
                continue
            s, b = r["site"], r["baseline"]
            lines.append(
                f"  {layer:6} {r['spectators']:5} spectators ({r['message_bytes'] // 1024} KiB): site p50/p99/last "
                f"{s['p50']['median']:.0f}/{s['p99']['median']:.0f}/{s['last']['median']:.0f} ms; "
                f"bare broadcast {b['p50']['median']:.0f}/{b['p99']['median']:.0f}/{b['last']['median']:.0f} ms;"
                f" ratio p99 {r['ratio_p99']:.1f}; sockets lost (max of runs) {s['lost']['max']}"
                + (f"; {len(r['failures'])} run(s) failed" if r["failures"] else "")
            )
    return lines
