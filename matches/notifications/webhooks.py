"""Posting a season's public news to its chat server (a Discord webhook): public events as they
happen (match starts, results, ends) and a "deadline in 1 hour" line. Only events whose
visibility is public are ever posted, after the transaction that made them commits.

Discord's limits: a message's content is at most 2000 characters (longer news is split on line
boundaries, a single overlong line cut); mentions are switched off so a player's name cannot ping
anyone. Delivery is retried with backoff: by the Celery worker where there is a broker, otherwise
by a background thread of the process."""

import http.client
import json
import logging
import threading
import time

from celery import shared_task
from django.conf import settings
from django.db import transaction

from matches import models
from matches.lib import pinned_http, webhook_targets

log = logging.getLogger(__name__)

MAX_CONTENT = 2000
USERNAME = "genius-site"
RETRIES = 5


class RetryLater(Exception):
    def __init__(self, after):
        super().__init__(f"retry in {after} s")
        self.after = after


def messages_for(lines):
    """The lines as Discord messages, each within MAX_CONTENT characters."""
    out, current = [], ""
    for line in lines:
        line = line if len(line) <= MAX_CONTENT else line[: MAX_CONTENT - 1] + "…"
        if current and len(current) + 1 + len(line) > MAX_CONTENT:
            out.append(current)
            current = ""
        current = f"{current}\n{line}" if current else line
    if current:
        out.append(current)
    return [{"content": text, "username": USERNAME, "allowed_mentions": {"parse": []}} for text in out]


def post(url, payload, timeout=5):
    """One POST of `payload` (matches.lib.pinned_http: to the address checked now, no redirect);
    raises RetryLater when it may work later (network, 5xx, 429)."""
    try:
        status, body = pinned_http.post(
            url,
            json.dumps(payload).encode(),
            {"Content-Type": "application/json", "User-Agent": "genius-site"},
            timeout,
        )
    except webhook_targets.UnsafeTarget as refused:
        log.warning("webhook address refused (%s); message dropped", refused)
        return
    except (OSError, http.client.HTTPException) as error:
        raise RetryLater(2) from error
    if status == 429:
        raise RetryLater(_retry_after(body))
    if status >= 500:
        raise RetryLater(2)
    if status >= 300:  # 4xx cannot get better by retrying; 3xx is a redirect we do not follow
        log.warning("webhook answered %s; message dropped", status)


def _retry_after(body):
    try:
        return min(60.0, float(json.loads(body or b"{}").get("retry_after", 1)))
    except (ValueError, AttributeError, TypeError):
        return 1.0


def deliver(url, payloads):
    if settings.WEBHOOK_DELIVERY == "celery":
        for payload in payloads:
            post_webhook.apply_async((url, payload))
    else:
        threading.Thread(target=_post_in_order, args=(url, payloads), daemon=True).start()


def _post_in_order(url, payloads):
    for payload in payloads:
        for attempt in range(RETRIES + 1):
            try:
                post(url, payload)
                break
            except RetryLater as later:
                if attempt == RETRIES:
                    log.warning("webhook unreachable; a message was dropped after %s tries", RETRIES + 1)
                    break
                time.sleep(min(later.after, 2**attempt))


def send_on_commit(season, lines):
    """Post `lines` (public news) to the season's webhook once the transaction commits."""
    if season.webhook_url and lines:
        url = season.webhook_url
        transaction.on_commit(lambda: deliver(url, messages_for(lines)), robust=True)


def on_public_news(event):
    """The core's public news of one transaction, to the season's chat server (after the commit)."""
    season = models.Season.objects.filter(pk=event.season_id).only("webhook_url").first()
    if season and season.webhook_url and event.lines:
        deliver(season.webhook_url, messages_for([f"**{event.title}**: {line}" for line in event.lines]))


@shared_task(name="matches.tasks.post_webhook", bind=True, acks_late=True, ignore_result=True, max_retries=RETRIES)
def post_webhook(self, url, payload):
    """One message to a season's chat server, retried with backoff while it cannot be delivered
    (named as before the split, so that a message queued by an older deploy is still delivered)."""
    try:
        post(url, payload)
    except RetryLater as later:
        raise self.retry(countdown=max(later.after, 2**self.request.retries)) from later
