"""Open a real match socket in a test, logged in as someone, and read what it is sent.

Use it from a BaseTransactionTestCase (Channels closes database connections between calls, which
a plain TestCase cannot survive). Used by the leak tests: whatever a viewer's socket receives must contain none of the secrets
that viewer may not see."""

import json

from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.sessions.backends.db import SessionStore

ORIGIN = (b"origin", b"http://testserver")
HOST = (b"host", b"testserver")  # what a browser sends: the origin check compares the two


def session_cookie(user):
    """A real login session for `user`, as the Cookie header a browser would send."""
    if user is None:
        return []
    session = SessionStore()
    session[SESSION_KEY] = str(user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = user.get_session_auth_hash()
    session.save()
    return [(b"cookie", f"{settings.SESSION_COOKIE_NAME}={session.session_key}; csrftoken=test".encode())]


async def _collect(path, headers, since, timeout=10):  # CI's jobs share two cores: a render may wait its turn
    from genius_site.asgi import application

    communicator = WebsocketCommunicator(application, f"{path}?since={since}", headers=[ORIGIN, HOST, *headers])
    connected, code = await communicator.connect(timeout=timeout)
    messages = []
    try:
        if not connected:
            return connected, code, messages
        messages.append(await communicator.receive_json_from(timeout=timeout))
    finally:
        await communicator.disconnect()
    return connected, code, messages


def socket_messages(match_id, mode, user=None, since=0):
    """Connect to the match's socket as `user` (None: anonymous) in `mode` (watch, play, host);
    return (connected, close code, the messages received on connect)."""
    path = f"/ws/matches/{match_id}/{mode}/"
    return async_to_sync(_collect)(path, session_cookie(user), since)


def socket_text(match_id, mode, user=None, since=0):
    """Everything the socket was sent on connect, as one string to search for secrets."""
    connected, code, messages = socket_messages(match_id, mode, user, since)
    return json.dumps(messages) if connected else ""
