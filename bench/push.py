"""Web Push: a phase opening for 100 subscribed players of one match, from the commit to each
notification's arrival at the push service (npm's web-push-testing on loopback, which checks each
push's VAPID signature and decrypts it), on the production path: the core's event handed to a
Celery worker, the fold (PUSH_FOLD_SECONDS, the wait that lets a burst be told once), one task a
device. Arrival is stamped by a small relay in front of the service, which every subscription's
endpoint points at. Beside it in the same run: the worker's own cost per push (encrypt, sign,
post, record) measured in this process one device after another, and the bare post of an
already encrypted push (the floor). Target: every notification within 2 s p99 of the commit."""

import http.client
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from .common import Celery, percentile, sized

PLAYERS = sized(100, 10)
FOLD = 0.5


class Relay:
    """Forwards each POST to the push service, stamping when it arrived."""

    def __init__(self, target_port):
        self.arrived = {}
        relay = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self):
                stamp = time.time()
                body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
                upstream = http.client.HTTPConnection("127.0.0.1", target_port, timeout=10)
                upstream.request("POST", self.path, body=body, headers=dict(self.headers))
                answer = upstream.getresponse()
                data = answer.read()
                if self.path.startswith("/notify/") and answer.status < 300:
                    relay.arrived.setdefault(self.path.rsplit("/", 1)[1], stamp)
                self.send_response(answer.status)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_port
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


def subscribed_match(service, relay, public, players=PLAYERS):
    from django.contrib.auth.models import User
    from django.test import override_settings

    from matches.models import Match, MatchPlayer, Season, SeasonPlayer
    from matches.notifications import push_devices

    season = Season.objects.create(name="Push", slug=f"push-{time.time_ns()}")
    match = Match.objects.create(
        season=season,
        game="fixture",
        title="Push bench",
        settings={"rounds": 3, "round_seconds": 3600, "close_early": False},
    )
    hashes = []
    for seat in range(players):
        user = User.objects.create_user(f"push{season.pk}-{seat}")
        member = SeasonPlayer.objects.create(season=season, user=user, display_name=f"Player {seat}")
        MatchPlayer.objects.create(match=match, season_player=member, seat=seat)
        subscription = service.subscribe(public)
        subscription["endpoint"] = subscription["endpoint"].replace(service.url.rsplit(":", 1)[1], str(relay.port))
        subscription["endpoint"] = subscription["endpoint"].replace("localhost", "127.0.0.1")
        with override_settings(WEBHOOK_ALLOW_LOOPBACK=True):
            push_devices.do_add_device(user, subscription, "bench")
        hashes.append(subscription["clientHash"])
    return match, hashes


def own_cost(service, public, private):
    """ms per push done in this process, one device after another: encrypt + sign + post +
    record (what a worker's task does), and the bare post of the same bytes (the floor)."""
    from django.contrib.auth.models import User
    from django.test import override_settings

    from matches.lib import pinned_http
    from matches.models import PushDevice
    from matches.notifications import push, push_devices, vapid

    n = sized(100, 10)
    user = User.objects.create_user(f"cost{time.time_ns()}")
    devices = []
    with override_settings(WEBHOOK_ALLOW_LOOPBACK=True, VAPID_PUBLIC_KEY=public, VAPID_PRIVATE_KEY=private):
        for _ in range(n):
            push_devices.MAX_DEVICES = n + 1
            devices.append(push_devices.do_add_device(user, service.subscribe(public), "bench"))
        message = {"title": "Push bench", "body": "Your move: Round 1.", "url": "/play/1/", "tag": "m1"}
        start = time.perf_counter()
        for device in devices:
            push.send(device.pk, message)
        whole = (time.perf_counter() - start) * 1000 / n
        device = PushDevice.objects.get(pk=devices[0].pk)
        body = push.encrypt(device, b'{"title": "x"}')
        headers = {**vapid.headers_for(device.endpoint), "Content-Encoding": "aes128gcm", "TTL": "60"}
        headers["Content-Type"] = "application/octet-stream"
        start = time.perf_counter()
        for _ in range(n):
            pinned_http.post(device.endpoint, body, headers, 5)
        floor = (time.perf_counter() - start) * 1000 / n
    return {"per_push_ms": round(whole, 2), "bare_post_ms": round(floor, 2), "ratio": round(whole / floor, 2)}


def run():
    from django.test import override_settings

    from matches.core import events, lifecycle
    from matches.notifications import vapid
    from matches.scheduling import deadlines
    from tests.support.push_service import push_service

    public, private = vapid.new_key_pair()
    with push_service() as service:
        relay = Relay(int(service.url.rsplit(":", 1)[1]))
        warm, warm_hashes = subscribed_match(service, relay, public, players=2)
        match, hashes = subscribed_match(service, relay, public)
        worker = Celery(
            "worker",
            NOTIFY_ON_WORKER="1",
            VAPID_PUBLIC_KEY=public,
            VAPID_PRIVATE_KEY=private,
            PUSH_DELIVERY="celery",
            PUSH_FOLD_SECONDS=str(FOLD),
            GENIUS_ALLOW_LOOPBACK="1",
        )
        try:
            events.defer_to(deadlines.defer)  # this process hands the start's events to the worker
            with override_settings(VAPID_PUBLIC_KEY=public, VAPID_PRIVATE_KEY=private):
                lifecycle.do_start(warm.pk)  # the worker's first tasks (imports, connections) not measured
                deadline = time.monotonic() + 60
                while len(relay.arrived) < 2 and time.monotonic() < deadline:
                    time.sleep(0.05)
                lifecycle.do_start(match.pk)
            committed = time.time()
            deadline = time.monotonic() + 60
            while len(relay.arrived) < len(hashes) and time.monotonic() < deadline:
                time.sleep(0.05)
        finally:
            events.defer_to(None)
            worker.stop()
        delays = [(relay.arrived[h] - committed) * 1000 for h in hashes if h in relay.arrived]
        delivered = sum(len(service.notifications(h)) for h in hashes)
        result = {
            "players": len(hashes),
            "arrived": len(delays),
            "delivered_decrypted": delivered,
            "fold_ms": FOLD * 1000,
            "p50_ms": round(percentile(delays, 50), 1) if delays else None,
            "p99_ms": round(percentile(delays, 99), 1) if delays else None,
            "max_ms": round(max(delays), 1) if delays else None,
            "target_p99_ms": 2000,
            "worker_cost": own_cost(service, public, private),
            "cpus": os.cpu_count(),
        }
    assert result["arrived"] == len(hashes) == result["delivered_decrypted"], result
    return result


def table_lines(r):
    cost = r["worker_cost"]
    return [
        f"Web Push: a phase opening for {r['players']} subscribed players (fold {r['fold_ms']:.0f} ms included):",
        f"  commit to the push service: p50 {r['p50_ms']} ms, p99 {r['p99_ms']} ms, max {r['max_ms']} ms"
        f" (target p99 {r['target_p99_ms']} ms); {r['delivered_decrypted']} decrypted by the service",
        f"  the worker's own cost per push {cost['per_push_ms']} ms against a bare post of {cost['bare_post_ms']} ms"
        f" (x{cost['ratio']})",
    ]
