"""One socket per open match page. The socket shows exactly what its page shows: a spectator
socket (mode "watch") the spectator picture, a player socket ("play") that seat's picture, a
host socket ("host") everything. Every message is rendered from presenters.match_picture for
that viewer, after the socket's last event number, so a reconnect misses nothing."""

import json
from urllib.parse import parse_qs

from channels.generic.websocket import AsyncWebsocketConsumer
from channels.layers import get_channel_layer

from matches.live import lanes
from matches.live.rooms import room_for
from matches.live.sockets import resolve_viewer


MAX_MESSAGE = 1024  # the page sends {"type": "check"} or {"type": "resync", "since": N}; nothing longer


class MatchConsumer(AsyncWebsocketConsumer):
    """Channels hands a consumer one message at a time, and uvicorn reads no more of the socket
    (not even the client's answer to its keepalive ping) until the consumer takes the next: so
    no handler here waits for a render. The room renders and sends every update
    (matches.live.rooms); the consumer only says who is there and what the page asked."""

    # No channel per socket: the match's room hears its announcements for every socket in this
    # process (matches.live.rooms), so a socket costs no queue and no listening task in the layer.
    channel_layer_alias = None
    subscriber = None

    async def connect(self):
        kwargs = self.scope["url_route"]["kwargs"]
        match_id, mode = kwargs["match_id"], kwargs["mode"]
        # On the door lane: a handshake waits behind other handshakes only, never a render.
        viewer = await lanes.run(lanes.DOOR, resolve_viewer, self.scope.get("user"), match_id, mode)
        if viewer is None:
            await self.close(code=4403)
            return
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        since, personal = _int(query.get("since", ["0"])[0]), _int(query.get("personal", ["0"])[0])
        csrf = self.scope.get("cookies", {}).get("csrftoken", "")
        await self.accept()
        # The first update is rendered after the handshake, not in it: a client that gave up
        # meanwhile leaves, and a render nobody waits for any more is never begun.
        self.room = room_for(get_channel_layer())
        self.subscriber = await self.room.join(self, match_id, viewer, csrf, since, personal)

    async def disconnect(self, code):
        if self.subscriber is not None:
            await self.room.leave(self.subscriber)

    async def receive(self, text_data=None, bytes_data=None):
        """Whatever arrives, the socket stays open: a message it cannot use is answered with an
        error message, never with a crash."""
        content = _parse(text_data, bytes_data)
        if isinstance(content, str):
            await self.send(text_data=json.dumps({"type": "error", "message": content}))
        elif self.subscriber is None:
            return
        elif content["type"] == "resync":  # the browser asks for everything after `since`
            self.room.resync(self.subscriber, _int(content.get("since", 0)), _int(content.get("personal", 0)))
        else:
            self.room.check(self.subscriber)


def _parse(text_data, bytes_data):
    """The message as a dict with a known "type", or why not (a string)."""
    if text_data is None or len(text_data) > MAX_MESSAGE:
        return f"Send JSON text of at most {MAX_MESSAGE} characters."
    try:
        content = json.loads(text_data)
    except ValueError:  # invalid JSON, and integers too long to convert
        return "That message is not JSON."
    if not isinstance(content, dict) or content.get("type") not in ("check", "resync"):
        return 'Send {"type": "check"} or {"type": "resync", "since": N}.'
    return content


def _int(value):
    """A non-negative event number from anything (inf, NaN, huge, text, lists): 0 if unusable."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        return 0
    try:
        return max(0, min(int(value), 2**31))
    except (TypeError, ValueError, OverflowError):
        return 0
