"""Where a season's webhook may point: an `https` address whose host resolves only to public
addresses. Without this a host could make the server POST into its own network (127.0.0.1,
169.254.169.254, a private range) on every public event, players' included.

The address is checked when a season is saved and again when sending, on the address actually
connected to (DNS can change between the two, or between a check and a connect), and redirects
are never followed. `WEBHOOK_ALLOW_LOOPBACK` lets the tests' own local receiver through (plain
`http` and loopback addresses only); it is off by default and nothing in production sets it.

An IPv6 address that carries an IPv4 address (IPv4-mapped, -compatible or -translated, 6to4,
NAT64) reaches that IPv4 address on a network that translates it: it is checked as the IPv4
address inside (`embedded_ipv4s`), whatever Python calls the IPv6 address itself."""

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


# IPv6 prefixes whose addresses carry an IPv4 address in their last 32 bits: IPv4-mapped and
# IPv4-translated (SIIT), IPv4-compatible (deprecated), and NAT64's well-known prefix. Python 3.11
# calls most of these global; a NAT64 network delivers them to the IPv4 address inside.
_LAST_32_BITS = [ipaddress.ip_network(n) for n in ("::ffff:0:0/96", "::ffff:0:0:0/96", "::/96", "64:ff9b::/96")]
# NAT64's local-use prefix (RFC 8215): a network picks a prefix of 48 to 96 bits inside it, and
# RFC 6052 puts the IPv4 address after it, skipping bits 64-71 (zero), with zero bits after it.
# Which length the server's network chose is not known here, so every reading is checked and the
# address is public only if all are: on a network with a local-use prefix shorter than /96, a
# public address may be refused (its /96 reading is 0.0.0.0), never a local one let through.
_LOCAL_NAT64 = ipaddress.ip_network("64:ff9b:1::/48")
_SITE_LOCAL = ipaddress.ip_network("fec0::/10")  # deprecated, but still routed inside some networks


def _bits(value, start, length):
    """`length` bits of the 128-bit `value` from bit `start` (bit 0 the leftmost)."""
    return (value >> (128 - start - length)) & ((1 << length) - 1)


def _local_nat64_ipv4s(value):
    """The IPv4 addresses an address of the local-use NAT64 prefix may carry: one for each prefix
    length a network may have chosen (RFC 6052, section 2.2) whose reserved bits are zero here."""
    found = [ipaddress.IPv4Address(_bits(value, 96, 32))]  # a /96 prefix: always a possible reading
    for length in (48, 56, 64):
        first = 64 - length  # bits of the IPv4 address before the u-octet (bits 64-71)
        after = 72 + 32 - first  # where the suffix starts
        if _bits(value, 64, 8) == 0 and _bits(value, after, 128 - after) == 0:
            found.append(
                ipaddress.IPv4Address((_bits(value, length, first) << (32 - first)) | _bits(value, 72, 32 - first))
            )
    return found


def embedded_ipv4s(ip):
    """Every IPv4 address an IPv6 address `ip` carries, where a network would deliver it."""
    if (
        any(ip in network for network in _LAST_32_BITS) and int(ip) > 1
    ):  # "::" and "::1" are themselves, no IPv4 address wrapped
        return [ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF)]
    if ip in _LOCAL_NAT64:
        return _local_nat64_ipv4s(int(ip))
    if ip.sixtofour is not None:  # 2002::/16
        return [ip.sixtofour]
    return []


def _is_public(address):
    ip = ipaddress.ip_address(address.split("%", 1)[0])
    if ip.version == 6:
        if ip in _SITE_LOCAL:
            return False
        inside = embedded_ipv4s(ip)
        if inside:
            return all(_is_public(str(v4)) for v4 in inside)
    if allow_loopback() and ip.is_loopback:
        return True
    return ip.is_global and not ip.is_multicast


class Unresolved(UnsafeTarget):
    """The host's name could not be looked up just now (the resolver failed, not the name): not
    to be posted to now, and worth trying again later."""


def resolve(host, port):
    """Every address `host` resolves to, all of them public; else UnsafeTarget (Unresolved when
    the lookup itself failed for now)."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as error:
        temporary = error.errno in (socket.EAI_AGAIN, getattr(socket, "EAI_SYSTEM", None))
        raise (Unresolved if temporary else UnsafeTarget)(f"The host {host!r} could not be found.") from error
    except UnicodeError as error:
        raise UnsafeTarget(f"The host {host!r} could not be found.") from error
    except OSError as error:
        raise Unresolved(f"The host {host!r} could not be looked up now.") from error
    addresses = sorted({info[4][0] for info in infos})
    if not addresses or not all(_is_public(address) for address in addresses):
        raise UnsafeTarget(
            "A webhook address must be on the public internet, not a local, private or reserved network."
        )
    return addresses


def check(url):
    """Raises UnsafeTarget unless `url` may be posted to now; returns (scheme, host, port, path, addresses)."""
    scheme, host, port, path = parse(url)
    return scheme, host, port, path, resolve(host, port)
