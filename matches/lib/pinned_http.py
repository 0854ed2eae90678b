"""One POST to an address outside the site that a person gave (a season's webhook, a browser's push
endpoint): checked now (webhook_targets: public https only) and connected to the very address that
was checked, so that DNS changing between the check and the connect cannot lead into the server's
own network. Redirects are never followed: they could lead anywhere."""

import http.client
import socket
import ssl

from matches.lib import webhook_targets


def post(url, body, headers, timeout):
    """(status, body's first 64 kB). Raises webhook_targets.UnsafeTarget for an address that may
    not be posted to, OSError or http.client.HTTPException when it could not be reached."""
    scheme, host, port, path, addresses = webhook_targets.check(url)
    connection = (_PinnedHTTPS if scheme == "https" else _PinnedHTTP)(host, port, addresses[0], timeout)
    try:
        connection.request("POST", path, body=body, headers=headers)
        response = connection.getresponse()
        return response.status, response.read(65536)
    finally:
        connection.close()


class _PinnedHTTP(http.client.HTTPConnection):
    """Plain HTTP to the checked `address` (the tests' loopback receivers only)."""

    def __init__(self, host, port, address, timeout):
        super().__init__(host, port, timeout=timeout)
        self.address = address

    def connect(self):
        self.sock = socket.create_connection((self.address, self.port), self.timeout)


class _PinnedHTTPS(http.client.HTTPSConnection):
    """HTTPS to the checked `address`; the certificate is still checked against the host's name."""

    def __init__(self, host, port, address, timeout):
        super().__init__(host, port, timeout=timeout, context=ssl.create_default_context())
        self.address = address

    def connect(self):
        sock = socket.create_connection((self.address, self.port), self.timeout)
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)
