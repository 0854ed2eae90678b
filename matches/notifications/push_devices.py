"""The devices a person has told the site to push to (Web Push, RFC 8030): added from a browser's
PushSubscription, listed on the account page, removed by their person or when the push service
says the subscription is gone. A write is `check_*` then `do_*`; only the device's own person may
remove it (another person's id is "no such device", never a hint that it exists)."""

import base64
import binascii
import re

from cryptography.hazmat.primitives.asymmetric import ec
from django.db import IntegrityError, transaction

from matches import clock
from matches.lib import webhook_targets
from matches.models import PushDevice

MAX_DEVICES = 10  # a person's browsers; the oldest goes when an 11th is added


class Refused(ValueError):
    """The subscription cannot be kept; the message says why, in words a player can act on."""


BASE64URL = re.compile(r"[A-Za-z0-9_-]+={0,2}")
# a character no push service's address holds: controls, spaces, anything outside ASCII (a lone
# surrogate included, which no database column could store)
NOT_IN_AN_ADDRESS = re.compile(r"[^\x21-\x7e]")


def _key(value, size, what):
    """A base64url key of `size` bytes (padding optional), as the browser gives it: only the
    alphabet's characters (a decoder would skip others, and keep a longer text than the key)."""
    if not isinstance(value, str) or len(value) > 200:
        raise Refused(f"The browser's {what} is missing.")
    if not BASE64URL.fullmatch(value):
        raise Refused(f"The browser's {what} is not readable.")
    try:
        raw = base64.urlsafe_b64decode(value + "=" * (-len(value) % 4))
    except (binascii.Error, ValueError):
        raise Refused(f"The browser's {what} is not readable.") from None
    if len(raw) != size:
        raise Refused(f"The browser's {what} has the wrong length.")
    return raw, value.rstrip("=")


def _public_key(value):
    """The receiver's P-256 public key (RFC 8291: uncompressed, 65 bytes), a point on the curve:
    a key that is not one fails every push's encryption."""
    raw, text = _key(value, 65, "public key")
    try:
        ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), raw)
    except ValueError:
        raise Refused("The browser's public key is not readable.") from None
    return text


def check_device(data):
    """(endpoint, p256dh, auth) from a PushSubscription's JSON, or Refused. The endpoint is where the
    server will POST, so it must be a public https address (webhook_targets), like a webhook's."""
    if not isinstance(data, dict):
        raise Refused("This is not a browser's push subscription.")
    endpoint = data.get("endpoint")
    keys = data.get("keys")
    if not isinstance(endpoint, str) or not endpoint or len(endpoint) > 1000 or not isinstance(keys, dict):
        raise Refused("This is not a browser's push subscription.")
    if NOT_IN_AN_ADDRESS.search(endpoint):
        raise Refused("The browser's push address is not readable.")
    try:
        webhook_targets.check(endpoint)
    except webhook_targets.UnsafeTarget:
        raise Refused("The browser's push service is not on the public internet over https.") from None
    # RFC 8291: the receiver's P-256 public key, uncompressed (65 bytes), and a 16-byte secret.
    return endpoint, _public_key(keys.get("p256dh")), _key(keys.get("auth"), 16, "secret")[1]


def browser_label(user_agent):
    """'Chrome on Android', 'Safari on iPhone', ... for the device list (never used for anything else)."""
    ua = (user_agent or "")[:500]
    system = next(
        (
            name
            for token, name in [
                ("iPhone", "iPhone"),
                ("iPad", "iPad"),
                ("Android", "Android"),
                ("Windows", "Windows"),
                ("Mac OS X", "Mac"),
                ("CrOS", "ChromeOS"),
                ("Linux", "Linux"),
            ]
            if token in ua
        ),
        "",
    )
    browser = next(
        (
            name
            for token, name in [
                ("Edg/", "Edge"),
                ("OPR/", "Opera"),
                ("SamsungBrowser", "Samsung Internet"),
                ("Firefox/", "Firefox"),
                ("FxiOS", "Firefox"),
                ("CriOS", "Chrome"),
                ("Chrome/", "Chrome"),
                ("Chromium/", "Chromium"),
                ("Safari/", "Safari"),
            ]
            if token in ua
        ),
        "A browser",
    )
    return f"{browser} on {system}" if system else browser


def do_add_device(user, data, user_agent=""):
    """Keep (or refresh) the subscription for `user`; returns the PushDevice. The same endpoint
    sent again by its person updates its keys; sent by another person it moves to them (a browser
    has one subscription, and whoever is logged in there now is who it tells)."""
    endpoint, p256dh, auth = check_device(data)
    try:
        return _keep(user, endpoint, p256dh, auth, user_agent)
    except IntegrityError:  # the same new endpoint added at once by another request: it is there now
        return _keep(user, endpoint, p256dh, auth, user_agent)


def _keep(user, endpoint, p256dh, auth, user_agent):
    with transaction.atomic():
        device = PushDevice.objects.select_for_update().filter(endpoint=endpoint).first()
        if device is None:
            device = PushDevice(endpoint=endpoint, created_at=clock.now())
        device.user, device.p256dh, device.auth = user, p256dh, auth
        device.browser, device.failures = browser_label(user_agent), 0
        device.save()
        extra = (
            PushDevice.objects.filter(user=user)
            .order_by("-created_at", "-pk")
            .values_list("pk", flat=True)[MAX_DEVICES:]
        )
        PushDevice.objects.filter(pk__in=list(extra)).delete()
    return device


def do_remove_device(user, device_id):
    """Remove one of `user`'s devices; False if they have none with that id (another's included)."""
    try:
        device_id = int(device_id)
    except (TypeError, ValueError):
        return False
    deleted, _ = PushDevice.objects.filter(user=user, pk=device_id).delete()
    return deleted > 0


def do_remove_endpoint(user, endpoint):
    """What a browser sends when its person turns push off there: its own endpoint, theirs only."""
    deleted, _ = PushDevice.objects.filter(user=user, endpoint=str(endpoint)[:1000]).delete()
    return deleted > 0


SESSION_KEY = "push_device"


def remember_in_session(request, device):
    """The device this browser added, kept in the person's session here (forget_on_logout)."""
    request.session[SESSION_KEY] = device.pk


def forget_on_logout(sender, request, user, **kwargs):
    """Django's user_logged_out: the browser they log out of stops telling them anything (a shared
    phone's next person would read their matches' titles otherwise)."""
    device_id = request.session.get(SESSION_KEY) if request is not None else None
    if user is not None and device_id:
        PushDevice.objects.filter(user=user, pk=device_id).delete()
