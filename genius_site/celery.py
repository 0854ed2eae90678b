import os

from celery import Celery
from celery.signals import worker_process_init

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "genius_site.settings")

app = Celery("genius_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks(["matches.scheduling", "matches.notifications"])  # their tasks.py


@worker_process_init.connect
def warm_up(**kwargs):
    """Each worker process connects to the database and the channel layer when it starts, not in
    its first close (which was 100-300 ms later for it: bench/deadlines.py)."""
    from matches.live.announce import warm_up as announce_ready
    from matches.models import Match

    announce_ready()
    Match.objects.exists()
