"""The login throttle, for every login form (the site's and the admin's).

Failures are counted in the cache per normalised username and real client address, per username
across all addresses, and per address across all usernames, within LOGIN_ATTEMPTS_WINDOW seconds.
- Too many failures for one username from one address, or from one address in all: refused until
  the window passes (that address is the one guessing).
- Too many failures for one username from everywhere: the account is being guessed at by others.
  Its owner must still get in, so this slows rather than refuses: each address may try that
  username once every LOGIN_SLOW_SECONDS, and a right password then logs in.
Written here rather than with django-axes: axes locks out (it cannot slow one address while
letting the right password through), and it needs its own tables, middleware and backend for
what is three cache counters."""

import hashlib
import ipaddress
import unicodedata

from django.conf import settings
from django.core.cache import cache


def normalise_username(raw):
    """What Django's login form reduces a username to (NFKC, stripped), folded for case too:
    every spelling that could log in as one account counts as that account."""
    text = unicodedata.normalize("NFKC", str(raw)[:1000]).strip()
    return unicodedata.normalize("NFKC", text.casefold())


def _networks():
    return [ipaddress.ip_network(n.strip(), strict=False) for n in settings.TRUSTED_PROXIES if n.strip()]


def _is_trusted(address, networks):
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in networks)


def client_address(request):
    """The address of the person, not of our proxy: X-Forwarded-For is read only when the
    connection comes from a trusted proxy (TRUSTED_PROXIES), from the right, skipping the
    trusted hops; anything a client wrote further left is theirs to forge and is ignored."""
    remote = request.META.get("REMOTE_ADDR", "")
    networks = _networks()
    if not _is_trusted(remote, networks):
        return remote
    hops = [h.strip() for h in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",") if h.strip()]
    for hop in reversed(hops):
        if not _is_trusted(hop, networks):
            try:
                return str(ipaddress.ip_address(hop))
            except ValueError:
                return remote  # a proxy passed on garbage: count it against the proxy's peer
    return remote


def _digest(username):
    return hashlib.sha256(username.encode()).hexdigest()[:32]


def _keys(request, raw_username):
    user, address = _digest(normalise_username(raw_username)), client_address(request)
    return {
        "pair": f"login:pair:{user}:{address}",
        "user": f"login:user:{user}",
        "address": f"login:addr:{address}",
        "slow": f"login:slow:{user}:{address}",
    }


def refusal(request, raw_username):
    """Why this login attempt may not be tried now, or None."""
    keys = _keys(request, raw_username)
    counts = cache.get_many([keys["pair"], keys["user"], keys["address"]])
    minutes = max(1, settings.LOGIN_ATTEMPTS_WINDOW // 60)
    if (
        counts.get(keys["pair"], 0) >= settings.LOGIN_ATTEMPTS
        or counts.get(keys["address"], 0) >= settings.LOGIN_ATTEMPTS_PER_ADDRESS
    ):
        return f"Too many failed attempts. Wait {minutes} minute(s) and try again."
    if counts.get(keys["user"], 0) >= settings.LOGIN_ATTEMPTS_PER_USER:
        if not cache.add(keys["slow"], 1, settings.LOGIN_SLOW_SECONDS):
            return (
                f"Many failed attempts were made on this account. You can try once every "
                f"{settings.LOGIN_SLOW_SECONDS} seconds."
            )
    return None


def failed(request, raw_username):
    window = settings.LOGIN_ATTEMPTS_WINDOW
    for name, key in _keys(request, raw_username).items():
        if name != "slow":
            cache.add(key, 0, window)
            try:
                cache.incr(key)
            except ValueError:  # expired between add and incr
                cache.set(key, 1, window)


def succeeded(request, raw_username):
    cache.delete(_keys(request, raw_username)["pair"])
