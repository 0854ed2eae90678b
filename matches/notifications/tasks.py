"""Where Celery's autodiscovery finds the notifications' tasks (each defined beside what it runs)."""

from matches.notifications.webhooks import post_webhook  # noqa: F401
from matches.notifications.push import push_to_device, push_to_devices  # noqa: F401
from matches.notifications.push_news import push_look  # noqa: F401
