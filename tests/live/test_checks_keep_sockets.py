"""A page that keeps asking whether it missed anything keeps its socket while renders are slow:
a real uvicorn server and a real websocket client. Uvicorn reads no more of a socket, the
client's answers to its keepalive pings included, until the consumer takes the last message; a
consumer that waited for the database or a render to answer a check had its sockets closed with
"keepalive ping timeout" (issue 39: 109 of them in a soak)."""

import asyncio
import json
import sys
import threading
import time
import urllib.request
from datetime import timedelta

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from games.engine_api import Viewer
from matches import clock
from matches.core import lifecycle
from matches.core.presenters import viewer_seq
from tests.support.base import BaseTransactionTestCase
from tests.support.stack import Process, Stack, free_port, wait_until

RENDER_SECONDS = 3  # each render in the server: longer than a ping may wait for its answer
PING_SECONDS = 1  # the server pings every second and gives the client two to answer
CHANGES = 3


class ChecksKeepSocketsTestCase(BaseTransactionTestCase):
    def setUp(self):
        super().setUp()
        self.start()
        env = Stack().env  # this test's database, no broker
        env["SLOW_RENDER_SECONDS"] = str(RENDER_SECONDS)
        port = free_port()
        self.url = f"http://127.0.0.1:{port}"
        self.server = Process(
            "slow-web",
            [
                sys.executable,
                "-m",
                "uvicorn",
                "tests.live.slow_server:application",
                "--host",
                "127.0.0.1",
                "--port",
                str(port),
                "--lifespan",
                "off",
                "--log-level",
                "info",
                "--ws",
                "websockets-sansio",
                "--ws-ping-interval",
                str(PING_SECONDS),
                "--ws-ping-timeout",
                str(PING_SECONDS * 2),
            ],
            env,
        )
        self.addCleanup(self.server.stop)
        wait_until(self.healthy, 30, 0.1, "the server")

    def healthy(self):
        assert self.server.alive(), self.server.log()
        try:
            with urllib.request.urlopen(self.url + "/healthz", timeout=2) as response:
                return json.load(response)["ok"]
        except OSError:
            return False

    def spectator_seq(self):
        self.match.refresh_from_db()
        return viewer_seq(self.match, Viewer.spectator())

    def test_it_keeps_a_socket_that_checks_while_renders_are_slow(self):
        seen, phase = self.spectator_seq(), self.open_phase()
        owed = {}  # set once every change is made: the count the socket must reach
        outcome = {}
        client = threading.Thread(target=lambda: outcome.update(asyncio.run(self.page(seen, owed))))
        client.start()
        # Changes the server is not told of (no channel layer between this process and it):
        # the page's checks find them, and each sets a slow render going.
        for hours in range(1, CHANGES + 1):
            time.sleep(RENDER_SECONDS * 0.7)
            lifecycle.do_extend(phase.pk, clock.now() + timedelta(hours=hours))
        owed["seq"] = self.spectator_seq()
        client.join(60)
        self.assertFalse(client.is_alive(), "the client never finished")
        self.assertIsNone(outcome.get("closed"), "the server closed the socket")
        numbers = [e["seq"] for u in outcome["updates"] for e in u["events"]]
        self.assertEqual(numbers, list(range(seen + 1, owed["seq"] + 1)), "every change reached the page, once")
        self.assertGreater(outcome["checks"], 30)  # it did keep asking
        self.assertNotIn("Traceback", self.server.log())

    async def page(self, seen, owed):
        """A match page's socket that asks ten times a second, for as long as the changes come
        and then as long again as a few pings take; what it received, and how it ended."""
        updates, checks, closed = [], 0, None
        address = self.url.replace("http", "ws") + f"/ws/matches/{self.match.pk}/watch/?since={seen}"
        async with connect(
            address, additional_headers={"Origin": self.url}, ping_interval=None, open_timeout=10
        ) as socket:

            async def ask():
                nonlocal checks
                while True:
                    await socket.send(json.dumps({"type": "check"}))
                    checks += 1
                    await asyncio.sleep(0.1)

            asking = asyncio.ensure_future(ask())
            try:
                while "seq" not in owed or not updates or updates[-1]["seq"] < owed["seq"]:
                    try:
                        updates.append(json.loads(await asyncio.wait_for(socket.recv(), 0.5)))
                    except asyncio.TimeoutError:
                        pass
                while True:  # as long again as a few pings take: still open, and sent nothing twice
                    updates.append(json.loads(await asyncio.wait_for(socket.recv(), PING_SECONDS * 4)))
            except asyncio.TimeoutError:
                pass
            except ConnectionClosed as error:
                closed = (error.rcvd.code, error.rcvd.reason) if error.rcvd else "no close frame"
            finally:
                asking.cancel()
        return {"updates": updates, "checks": checks, "closed": closed}
