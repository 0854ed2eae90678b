"""A real SMTP server for the email tests (aiosmtpd), on a free local port: what it receives is
kept in `received` (aiosmtpd's envelopes: `rcpt_tos`, `content`)."""

import socket
from contextlib import contextmanager

from aiosmtpd.controller import Controller


class _Keep:
    def __init__(self, received):
        self.received = received

    async def handle_DATA(self, server, session, envelope):
        self.received.append(envelope)
        return "250 OK"


@contextmanager
def smtp_server():
    """Yields (received, port) while the server runs."""
    received = []
    with socket.socket() as probe:  # a free port for the server
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    controller = Controller(_Keep(received), hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield received, port
    finally:
        controller.stop()
