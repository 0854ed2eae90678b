"""Where a season's webhook may point: an `https` address whose host resolves only to public
addresses. Without this a host could make the server POST into its own network (127.0.0.1,
169.254.169.254, a private range) on every public event, players' included.

The address is checked when a season is saved and again when sending, on the address actually
connected to (DNS can change between the two, or between a check and a connect), and redirects
are never followed. `WEBHOOK_ALLOW_LOOPBACK` lets the tests' own local receiver through (plain
`http` and loopback addresses only); it is off by default and nothing in production sets it."""

import ipaddress
import socket
from urllib.parse import urlsplit

from django.conf import settings


class UnsafeTarget(ValueError):
    """The address may not be posted to; the message says why, in words a host can act on."""


def allow_loopback():
    return getattr(settings, "WEBHOOK_ALLOW_LOOPBACK", False)


def parse(url):
    """(scheme, host, port, path) of an acceptable URL's shape, before any DNS."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as error:
        raise UnsafeTarget("This is not a valid web address.") from error
    schemes = ("https", "http") if allow_loopback() else ("https",)
    if parts.scheme not in schemes:
        raise UnsafeTarget("A webhook address must start with https://.")
    if not parts.hostname:
        raise UnsafeTarget("A webhook address needs a host name.")
    if parts.username or parts.password:
        raise UnsafeTarget("A webhook address may not carry a user name or password.")
    path = parts.path or "/"
    if parts.query:
        path += "?" + parts.query
    return parts.scheme, parts.hostname, port or (443 if parts.scheme == "https" else 80), path


def _is_public(address):
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if ip.version == 6 and ip.ipv4_mapped:
        ip = ip.ipv4_mapped
    if allow_loopback() and ip.is_loopback:
        return True
    return ip.is_global and not ip.is_multicast


def resolve(host, port):
    """Every address `host` resolves to, all of them public; else UnsafeTarget."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError, OSError) as error:
        raise UnsafeTarget(f"The host {host!r} could not be found.") from error
    addresses = sorted({info[4][0] for info in infos})
    if not addresses or not all(_is_public(address) for address in addresses):
        raise UnsafeTarget("A webhook address must be on the public internet, "
                           "not a local, private or reserved network.")
    return addresses


def check(url):
    """Raises UnsafeTarget unless `url` may be posted to now; returns (scheme, host, port, path, addresses)."""
    scheme, host, port, path = parse(url)
    return scheme, host, port, path, resolve(host, port)
