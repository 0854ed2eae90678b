"""One socket per open match page. The socket shows exactly what its page shows: a spectator
socket (mode "watch") the spectator picture, a player socket ("play") that seat's picture, a
host socket ("host") everything. Every message is rendered from presenters.match_picture for
that viewer, after the socket's last event number, so a reconnect misses nothing."""

import asyncio
import json
from urllib.parse import parse_qs

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.layers import get_channel_layer

from matches.live.renders import render_once
from matches.live.rooms import room_for
from matches.live.sockets import current_seq, resolve_viewer, socket_update


MAX_MESSAGE = 1024  # the page sends {"type": "check"} or {"type": "resync", "since": N}; nothing longer


class MatchConsumer(AsyncWebsocketConsumer):
    # No channel per socket: the match's room hears its announcements for every socket in this
    # process (matches.live.rooms), so a socket costs no queue and no listening task in the layer.
    channel_layer_alias = None

    async def connect(self):
        kwargs = self.scope["url_route"]["kwargs"]
        self.match_id, mode = kwargs["match_id"], kwargs["mode"]
        self.viewer = await database_sync_to_async(resolve_viewer)(self.scope.get("user"), self.match_id, mode)
        if self.viewer is None:
            await self.close(code=4403)
            return
        query = parse_qs(self.scope.get("query_string", b"").decode("latin-1"))
        self.last_seq = _int(query.get("since", ["0"])[0])
        self.last_personal = _int(query.get("personal", ["0"])[0])
        self.sent_any = self.last_seq > 0  # a page that has seen events needs only what is newer
        self.csrf = self.scope.get("cookies", {}).get("csrftoken", "")
        self.pushing = asyncio.Lock()  # one update at a time, so none is overtaken by an older one
        self.room = room_for(get_channel_layer())
        await self.accept()
        await self.room.join(self.match_id, self)  # before the first push: no change falls between
        await self.push()

    async def disconnect(self, code):
        if getattr(self, "room", None) is not None:
            await self.room.leave(self.match_id, self)

    async def receive(self, text_data=None, bytes_data=None):
        """Whatever arrives, the socket stays open: a message it cannot use is answered with an
        error message, never with a crash."""
        content = _parse(text_data, bytes_data)
        if isinstance(content, str):
            await self.send(text_data=json.dumps({"type": "error", "message": content}))
        elif content["type"] == "resync":  # the browser asks for everything after `since`
            self.last_seq = min(self.last_seq, _int(content.get("since", 0)))
            self.last_personal = min(self.last_personal, _int(content.get("personal", 0)))
            await self.push(force=True)
        else:
            # Pushes are at most once, and a channel layer that lost its Redis for a moment
            # loses them silently: the page asks now and then, and one cheap query answers.
            seq, personal = await database_sync_to_async(current_seq)(self.match_id, self.viewer)
            if seq > self.last_seq or personal > self.last_personal:
                await self.push(at_least=seq, stamp=("check", personal))

    def update_key(self, at_least=0, stamp=None):
        """Sockets with equal keys are owed the same text. An announcement carries the match's
        own event number, which counts events this viewer may not see: the update is rendered
        for this viewer (once for all alike viewers) and sent only if this viewer's own count
        grew, so a change they may not know of sends them nothing at all."""
        return (self.viewer.render_key(self.csrf), self.match_id, self.last_seq, self.last_personal, at_least, stamp)

    async def push(self, force=False, at_least=0, stamp=None):
        """Send this viewer's update if their own event count or personal count (messages and
        reminders they may read) grew, or when asked to."""
        async with self.pushing:
            await self._send_newer(await render_once(self.update_key(at_least, stamp), self.render), force)

    async def deliver(self, key, rendered, at_least, stamp):
        """The room's shared render of an announcement (matches.live.rooms), if it was made for this
        socket as it is now; if the socket pushed for itself meanwhile, a render of its own."""
        async with self.pushing:
            if key != self.update_key(at_least, stamp):
                rendered = await render_once(self.update_key(at_least, stamp), self.render)
            await self._send_newer(rendered)

    async def _send_newer(self, rendered, force=False):
        seq, personal, text = rendered
        if seq > self.last_seq or personal > self.last_personal or force or not self.sent_any:
            self.last_seq, self.last_personal, self.sent_any = seq, personal, True
            await self.send(text_data=text)

    async def render(self):
        return await database_sync_to_async(self.render_sync)()

    def render_sync(self, shared=None):
        """The update as (seq, personal, text); `shared`: see matches.live.renders.render_many."""
        update = socket_update(self.match_id, self.viewer, self.last_seq, self.csrf, shared)
        return update["seq"], update["personal"], json.dumps(update)


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
