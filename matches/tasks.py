from celery import shared_task

from . import lifecycle, webhooks


@shared_task(acks_late=True, ignore_result=True)
def close_phase_at(phase_id):
    """The eta task of one phase; does nothing if the phase closed already or was extended."""
    return lifecycle.close_phase(phase_id, "deadline")


@shared_task(bind=True, acks_late=True, ignore_result=True, max_retries=webhooks.RETRIES)
def post_webhook(self, url, payload):
    """One message to a season's chat server, retried with backoff while it cannot be delivered."""
    try:
        webhooks.post(url, payload)
    except webhooks.RetryLater as later:
        raise self.retry(countdown=max(later.after, 2 ** self.request.retries)) from later


@shared_task(ignore_result=True)
def sweep_overdue_phases():
    """The beat's sweep: overdue phases closed and due reminders sent (deadlines.run_due)."""
    from .deadlines import run_due

    return run_due()
