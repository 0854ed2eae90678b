"""The ASGI entry point: HTTP through Django, websockets through Channels, and, when the site
runs without a broker, the in-process deadline loop started by the server's lifespan."""

import asyncio
import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "genius_site.settings")
django_asgi = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.conf import settings  # noqa: E402

from matches.scheduling import deadlines  # noqa: E402
from matches.live.origins import SameOriginValidator  # noqa: E402
from matches.live.routing import websocket_urlpatterns  # noqa: E402

router = ProtocolTypeRouter(
    {
        "http": django_asgi,
        "websocket": SameOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)


async def application(scope, receive, send):
    if scope["type"] == "lifespan":
        return await _lifespan(receive, send)
    return await router(scope, receive, send)


async def _lifespan(receive, send):
    stop, task = asyncio.Event(), None
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            if settings.DEADLINE_SCHEDULER == "inprocess":
                task = asyncio.create_task(deadlines.run_inprocess(stop))
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            stop.set()
            if task:
                await task
            await send({"type": "lifespan.shutdown.complete"})
            return
