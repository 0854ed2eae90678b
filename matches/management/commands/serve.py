import os

import uvicorn
from django.conf import settings
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = (
        "Serve the site with uvicorn (HTTP and websockets), in one process or several; without a broker, "
        "deadlines close in-process, in one of them."
    )

    def add_arguments(self, parser):
        parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
        parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
        parser.add_argument(
            "--workers",
            type=int,
            default=int(os.environ.get("WEB_WORKERS", "1")),
            help="web processes sharing the port (uvicorn restarts one that dies)",
        )

    def handle(self, host, port, workers, **options):
        self.stdout.write(
            f"Serving on http://{host}:{port}/ with {workers} process{'es' if workers > 1 else ''} "
            f"(deadlines: {settings.DEADLINE_SCHEDULER})"
        )
        # proxy_headers off: uvicorn would otherwise believe X-Forwarded-For from any local
        # connection. The site reads it itself, from TRUSTED_PROXIES only (matches/web/throttle.py).
        # Per-message deflate off: every update goes to many sockets, and compressing it once per
        # socket cost more than sending it; uvicorn's sans-I/O websockets protocol sends faster
        # than its default one (docs/benchmarks.md, fan-out).
        uvicorn.run(
            "genius_site.asgi:application",
            host=host,
            port=port,
            workers=workers,
            lifespan="on",
            log_level="warning",
            proxy_headers=False,
            ws_per_message_deflate=settings.WS_DEFLATE,
            ws=os.environ.get("WS_IMPL", "websockets-sansio"),
        )
