"""/healthz for the load balancer and docker-compose: the database answers, and Redis if used."""

from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import JsonResponse


def healthz(request):
    checks = {}
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
        checks["database"] = "ok"
    except Exception as error:  # noqa: BLE001 - reported, not raised: this page must answer
        checks["database"] = f"error: {type(error).__name__}"
    if settings.REDIS_URL:
        try:
            cache.set("healthz", "ok", 5)
            checks["redis"] = "ok" if cache.get("healthz") == "ok" else "error: no round trip"
        except Exception as error:  # noqa: BLE001
            checks["redis"] = f"error: {type(error).__name__}"
    healthy = all(v == "ok" for v in checks.values())
    return JsonResponse({"ok": healthy, **checks}, status=200 if healthy else 503)
