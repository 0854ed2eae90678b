from django.urls import path

from . import converters  # noqa: F401  (registers <id:...>)
from .consumers import MatchConsumer

websocket_urlpatterns = [
    path("ws/matches/<id:match_id>/<slug:mode>/", MatchConsumer.as_asgi()),
]
