"""Fan-out of a host's result (issue 34): a 30-player host-run match; each round the host opens
it, every player answers, the host closes it; then each player's own websocket is opened (logged
in as that player, at its own counts) and the host publishes the round's result
(host_actions.do_host_action "publish_result": an announcement, a private note, changes of the
counters), timed from its commit to every player's receipt: 30 different per-viewer updates.
Run inside the fan-out to players part (`BENCH_ONLY=fanout_players`), on the same production
path (uvicorn, channels-redis), beside the same baselines: the 30 updates rendered in this
process, and a bare delivery of 30 messages."""

import json
import time

import redis
from django.db import transaction

from . import hostrun
from .common import REDIS_URL, Server, free_port, sized
from .fanout import Peer, baseline_run
from .fanout_players import TIMINGS, cookie, renders_alone, report, steps, targets

ROUNDS = sized(20, 2)  # results published, one a round: the match's log grows as the pages' match's
SETTLE = 3.0  # seconds for 30 sockets to open and render for themselves before the result


def stamped_publish(match, host):
    """Publish the last closed round's result, this process's stamps on; the commit's time."""
    from django.conf import settings

    from matches.core import host_actions
    from matches.lib import timings

    data = hostrun.result_form(match.state, len(match.state["rounds"]))
    committed = []
    settings.LIVE_TIMINGS = TIMINGS
    timings.begin(path="host")
    try:
        with transaction.atomic():
            transaction.on_commit(lambda: committed.append(time.time()))  # before the action's announce
            host_actions.do_host_action(match.pk, host, "publish_result", data)
    finally:
        timings.end()
        settings.LIVE_TIMINGS = ""
    match.refresh_from_db()
    return committed[0]


def run():
    store = redis.Redis.from_url(REDIS_URL)
    store.delete(TIMINGS)
    channel, bare_port = "bench-fanout-hostrun", free_port()
    site, bare, renders, batches, breakdown = [], [], [], [], []
    broadcaster = Peer("broadcaster", bare_port, REDIS_URL, channel, "none")
    try:
        with Server("uvicorn", CHANNELS_LAYER="pubsub", LIVE_TIMINGS=TIMINGS) as server:
            match, host = hostrun.new_match()
            users = [p.season_player.user for p in match.seats.select_related("season_player__user").order_by("seat")]
            sessions = [cookie(u) for u in users]
            for _ in range(ROUNDS):
                hostrun.open_round(match, host)
                hostrun.close_round(match, host)
                alone, batch = renders_alone(match)
                renders.append(alone)
                batches.append(batch)
                peer = Peer("players", json.dumps(targets(server, match, sessions)))
                time.sleep(SETTLE)
                committed = stamped_publish(match, host)
                got = peer.arrivals()
                if None in got:
                    raise RuntimeError("a player's socket was closed before it had the result")
                site.append([(t - committed) * 1000 for t in got])
                time.sleep(0.2)  # the room's stamps recorded
                breakdown.append(steps(committed, got, store))
                bare.append(baseline_run(bare_port, channel, "x" * 4096, hostrun.SEATS))
    finally:
        broadcaster.stop()
    return report(hostrun.SEATS, site, bare, breakdown, renders, batches)


def table_lines(r):
    a = r["render_alone_ms"]
    return [
        f"Fan-out of a host's result ({r['players']} players of a host-run match, each as themselves, {r['rounds']}"
        f" results): commit to the last player's socket p50 {r['last']['p50']:.0f} ms, p99 {r['last']['p99']:.0f} ms"
        f" (max {r['last']['max']:.0f}); first player median {r['first']['median']:.0f} ms; bare delivery of"
        f" {r['players']} messages, last, median {r['bare_last']['median']:.0f} ms; the {r['players']} updates"
        f" rendered in-process one by one {a['all_players_median']:.0f} ms, in one batch {a['batch_median']:.0f} ms"
    ] + (
        [
            "  where it goes (ms p50 / p99): "
            + ", ".join(f"{name} {v['p50']:.0f} / {v['p99']:.0f}" for name, v in r["steps"].items())
        ]
        if r.get("steps")
        else []
    )
