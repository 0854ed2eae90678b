"""A socket takes whatever arrives without dying: every message it cannot use gets an error
message and the connection stays up; the origin must match scheme, host and port."""

import json
import socket

from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.test import override_settings

from tests.support.base import BaseTransactionTestCase
from tests.support.sockets import HOST, ORIGIN
from tests.support.stack import serve

# (what a client sends, what it gets back): a resync whose number is unusable counts from 0
BAD_MESSAGES = [
    ("{not json", "error"),
    ("[1, 2]", "error"),
    ('"check"', "error"),
    ('{"since": 1e309}', "error"),
    ('{"type": "resync", "since": 1e309}', "update"),
    ('{"type": "resync", "since": NaN}', "update"),
    ('{"type": "resync", "since": [1]}', "update"),
    ('{"type": "resync", "since": ' + "9" * 5000 + "}", "error"),
    ('{"type": "resync", "since": ' + "9" * 500 + "}", "update"),
    ("plain text", "error"),
    (" ", "error"),
    ("null", "error"),
    ("12", "error"),
    ('{"type": "x"}', "error"),
    ("\u0000", "error"),
    (json.dumps({"type": "check", "pad": "x" * 5000}), "error"),
]


async def _talk(path, headers, texts=(), binary=None):
    from genius_site.asgi import application

    communicator = WebsocketCommunicator(application, path, headers=headers)
    connected, _ = await communicator.connect()
    if not connected:
        return False, []
    replies = [await communicator.receive_json_from()]
    for text in texts:
        await communicator.send_to(text_data=text)
        replies.append(await communicator.receive_json_from(timeout=3))
    if binary is not None:
        await communicator.send_to(bytes_data=binary)
        replies.append(await communicator.receive_json_from(timeout=3))
    await communicator.send_json_to({"type": "resync", "since": 0})  # still alive and answering
    replies.append(await communicator.receive_json_from(timeout=3))
    await communicator.disconnect()
    return True, replies


class SocketInputTestCase(BaseTransactionTestCase):
    def setUp(self):
        super().setUp()
        self.start()
        self.path = f"/ws/matches/{self.match.pk}/watch/"

    def test_it_answers_every_malformed_message_and_stays_open(self):
        texts = [text for text, _ in BAD_MESSAGES]
        connected, replies = async_to_sync(_talk)(self.path, [ORIGIN, HOST], texts, binary=b"\xff\x00")
        self.assertTrue(connected)
        errors = replies[1:-1]
        self.assertEqual(len(errors), len(BAD_MESSAGES) + 1)
        for (message, expected), reply in zip(BAD_MESSAGES + [("binary", "error")], errors):
            self.assertEqual(reply["type"], expected, message[:40])
        self.assertEqual(replies[-1]["type"], "update")

    def test_it_survives_a_nonsense_since_in_the_address(self):
        for since in ("1e309", "9" * 5000, "-5", "%ff%fe", "abc"):
            connected, replies = async_to_sync(_talk)(f"{self.path}?since={since}", [ORIGIN, HOST])
            self.assertTrue(connected, since)
            self.assertEqual(replies[-1]["type"], "update", since)

    def test_it_refuses_an_origin_on_another_port_scheme_or_host(self):
        for origin in (
            "http://testserver:1",
            "https://testserver",
            "http://evil.example",
            "http://testserver.evil",
            "null",
            "",
            "http://user@testserver",
            "ftp://testserver",
        ):
            headers = [(b"origin", origin.encode()), HOST] if origin else [HOST]
            self.assertFalse(async_to_sync(_talk)(self.path, headers)[0], origin)
        self.assertFalse(async_to_sync(_talk)(self.path, [ORIGIN])[0], "no Host header")
        self.assertFalse(async_to_sync(_talk)(self.path, [ORIGIN, (b"host", b"evil.example")])[0], "Host not allowed")

    def test_it_accepts_the_same_origin_with_its_port(self):
        same = [(b"origin", b"http://localhost:8000"), (b"host", b"localhost:8000")]
        self.assertTrue(async_to_sync(_talk)(self.path, same)[0])
        default_port = [(b"origin", b"http://testserver"), (b"host", b"testserver:80")]
        self.assertTrue(async_to_sync(_talk)(self.path, default_port)[0])

    @override_settings(SECURE_PROXY_SSL_HEADER=("HTTP_X_FORWARDED_PROTO", "https"))
    def test_it_expects_https_pages_behind_a_tls_proxy(self):
        proxied = [(b"host", b"testserver"), (b"x-forwarded-proto", b"https")]
        self.assertTrue(async_to_sync(_talk)(self.path, [(b"origin", b"https://testserver"), *proxied])[0])
        self.assertFalse(async_to_sync(_talk)(self.path, [(b"origin", b"http://testserver"), *proxied])[0])

    @override_settings(CSRF_TRUSTED_ORIGINS=["https://games.example.org"], ALLOWED_HOSTS=["games.example.org"])
    def test_it_accepts_a_trusted_origin(self):
        headers = [(b"origin", b"https://games.example.org"), (b"host", b"games.example.org")]
        self.assertTrue(async_to_sync(_talk)(self.path, headers)[0])


class NoRouteTestCase(BaseTransactionTestCase):
    PATHS = ("/ws/nope/", f"/ws/matches/{'9' * 25}/watch/", "/anything", "/ws/matches/1/", "/")

    def test_it_refuses_a_socket_on_a_path_with_no_route(self):
        for path in self.PATHS:
            self.assertFalse(async_to_sync(_talk)(path, [ORIGIN, HOST])[0], path)

    def test_the_real_server_answers_403_and_logs_no_traceback(self):
        stack = serve(self)
        port = stack.port
        for path in self.PATHS:
            with socket.create_connection(("127.0.0.1", int(port)), timeout=10) as sock:
                sock.sendall(
                    (
                        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                        f"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                        f"Sec-WebSocket-Version: 13\r\nOrigin: http://127.0.0.1:{port}\r\n\r\n"
                    ).encode()
                )
                status = sock.recv(200).split(b"\r\n", 1)[0]
            self.assertIn(b" 403 ", status, path)
        self.assertNotIn("Traceback", stack.processes[0].log())
