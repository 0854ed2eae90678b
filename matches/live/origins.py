"""Websockets only from this site's own pages. A browser sends the page's origin (scheme, host
and port) with every socket; it must be the origin the browser reached us at (its Host header,
itself one of ALLOWED_HOSTS, on the scheme the connection came in on) or one of
CSRF_TRUSTED_ORIGINS. Channels' AllowedHostsOriginValidator compares host names only, so a page
on another port of the same host (http://localhost:1) passed it."""

from urllib.parse import urlsplit

from channels.security.websocket import WebsocketDenier
from django.conf import settings
from django.http.request import split_domain_port, validate_host

DEFAULT_PORTS = {"http": 80, "https": 443}


def _origin_tuple(scheme, netloc):
    try:
        parts = urlsplit(f"{scheme}://{netloc}")
        port = parts.port or DEFAULT_PORTS.get(scheme)
    except ValueError:
        return None
    if not parts.hostname or parts.username or parts.password:
        return None
    return scheme, parts.hostname.lower(), port


def allowed_origin(scope):
    headers = {k.lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}
    origin, host = headers.get(b"origin", ""), headers.get(b"host", "")
    if not origin or not host:
        return False
    if origin in settings.CSRF_TRUSTED_ORIGINS:
        return True
    domain, _ = split_domain_port(host)
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
        return False
    proxy = settings.SECURE_PROXY_SSL_HEADER
    forwarded_https = bool(proxy) and headers.get(b"x-forwarded-proto", "") == "https"
    scheme = "https" if scope.get("scheme") == "wss" or forwarded_https else "http"
    parts = urlsplit(origin) if "://" in origin else None
    if parts is None or parts.scheme not in DEFAULT_PORTS:
        return False
    expected = _origin_tuple(scheme, host)
    return expected is not None and _origin_tuple(parts.scheme, parts.netloc) == expected


class SameOriginValidator:
    def __init__(self, application):
        self.application = application

    async def __call__(self, scope, receive, send):
        if scope["type"] == "websocket" and not allowed_origin(scope):
            return await WebsocketDenier()(scope, receive, send)
        return await self.application(scope, receive, send)
