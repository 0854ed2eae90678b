"""Where Celery's autodiscovery finds the webhook task (defined beside what it runs, in webhooks)."""

from matches.notifications.webhooks import post_webhook  # noqa: F401
