"""The site's VAPID identity (RFC 8292): a P-256 key pair whose public half every browser is given
as applicationServerKey, and whose private half signs each push, so a push service accepts pushes
to its subscriptions from this site alone. Keys are base64url: the public key uncompressed (65
bytes), the private key its raw 32-byte scalar."""

import base64
import time
from urllib.parse import urlsplit

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from py_vapid import Vapid02


def _b64(raw):
    return base64.urlsafe_b64encode(raw).rstrip(b"=").decode()


def new_key_pair():
    """(public, private), base64url."""
    key = ec.generate_private_key(ec.SECP256R1())
    public = key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return _b64(public), _b64(key.private_numbers().private_value.to_bytes(32, "big"))


def enabled():
    return bool(settings.VAPID_PUBLIC_KEY and settings.VAPID_PRIVATE_KEY)


_signed = {}  # (key, audience) -> (expiry, headers): one signature an hour per push service


def headers_for(endpoint):
    """The Authorization header of a push to `endpoint` (its origin is the token's audience), valid
    for 12 hours (the RFC's longest is 24); the same token serves an hour of pushes to one service."""
    parts = urlsplit(endpoint)
    audience = f"{parts.scheme}://{parts.netloc}"
    key = (settings.VAPID_PRIVATE_KEY, audience)
    now = time.time()
    cached = _signed.get(key)
    if cached and cached[0] > now + 11 * 3600:
        return cached[1]
    claims = {"aud": audience, "exp": int(now) + 12 * 3600, "sub": settings.VAPID_SUBJECT}
    headers = Vapid02.from_raw(settings.VAPID_PRIVATE_KEY.encode()).sign(claims)  # takes base64url
    if len(_signed) > 1000:  # a handful of push services in practice
        _signed.clear()
    _signed[key] = (int(now) + 12 * 3600, headers)
    return headers
