import os

import uvicorn
from django.conf import settings
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Serve the site with uvicorn (HTTP and websockets); without a broker, deadlines close in-process."

    def add_arguments(self, parser):
        parser.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
        parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))

    def handle(self, host, port, **options):
        self.stdout.write(f"Serving on http://{host}:{port}/ (deadlines: {settings.DEADLINE_SCHEDULER})")
        # proxy_headers off: uvicorn would otherwise believe X-Forwarded-For from any local
        # connection. The site reads it itself, from TRUSTED_PROXIES only (matches/throttle.py).
        uvicorn.run("genius_site.asgi:application", host=host, port=port, lifespan="on", log_level="warning",
                    proxy_headers=False)
