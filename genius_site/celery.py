import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "genius_site.settings")

app = Celery("genius_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks(["matches.scheduling", "matches.notifications"])  # their tasks.py
