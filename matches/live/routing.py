from channels.generic.websocket import AsyncWebsocketConsumer
from django.urls import path, re_path

from matches.lib import converters  # noqa: F401  (registers <id:...>)
from matches.live.consumers import MatchConsumer


class NoSuchSocket(AsyncWebsocketConsumer):
    """Any other path: the handshake is refused (403), quietly. Without this route Channels
    raises "No route found", which the server answers with a 500 and a traceback in the log."""

    async def connect(self):
        await self.close()


websocket_urlpatterns = [
    path("ws/matches/<id:match_id>/<slug:mode>/", MatchConsumer.as_asgi()),
    re_path(r"", NoSuchSocket.as_asgi()),
]
