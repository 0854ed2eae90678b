"""Web Push's transport: one notification to one device, encrypted to that browser's keys
(RFC 8291, aes128gcm, through pywebpush's encoder) and signed with the site's VAPID key (RFC
8292), posted to the browser's push service (RFC 8030) at the address checked now (pinned_http).

A payload is JSON with "title", "body", "url" and "tag" (and "deadline", an ISO time the
service worker writes in the phone's own zone); the service worker shows it and opens "url" on a
tap (static/sw.js). The push service's answer decides what happens to the device: 404 and 410
mean the subscription is gone (the device is removed); 429, 5xx and a network failure are tried
again with backoff, a bounded number of times; any other 4xx drops that one push. The "Topic"
header lets a push service replace a notification still waiting for a phone that is offline with
the newer one of the same topic (RFC 8030, 5.4)."""

import http.client
import json
import logging
import threading
import time

from celery import shared_task
from django.conf import settings
from django.db import connection
from pywebpush import WebPusher

from matches import clock
from matches.lib import pinned_http, webhook_targets
from matches.models import PushDevice
from matches.notifications import vapid

log = logging.getLogger(__name__)

RETRIES = 4
TIMEOUT = 5  # seconds a push service has to answer
TTL = 6 * 3600  # a phone offline longer than this gets no stale "your move"


class RetryLater(Exception):
    def __init__(self, after):
        super().__init__(f"retry in {after} s")
        self.after = after


def encrypt(device, data):
    subscription = {"endpoint": device.endpoint, "keys": {"p256dh": device.p256dh, "auth": device.auth}}
    return WebPusher(subscription).encode(data, "aes128gcm")["body"]


def send(device_id, message, topic=""):
    """One push to one device now; raises RetryLater when it may work later."""
    device = PushDevice.objects.filter(pk=device_id).first()
    if device is None or not vapid.enabled():
        return
    headers = {
        **vapid.headers_for(device.endpoint),
        "Content-Encoding": "aes128gcm",
        "Content-Type": "application/octet-stream",
        "TTL": str(TTL),
        "Urgency": "high",
    }
    if topic:
        headers["Topic"] = topic[:32]
    try:
        body = encrypt(device, json.dumps(message, ensure_ascii=False).encode())
    except ValueError:  # keys no browser made (check_device refuses them now; a device kept before may hold them)
        log.warning("push keys unusable; device %s removed", device.pk)
        device.delete()
        return
    try:
        status, answer = pinned_http.post(device.endpoint, body, headers, TIMEOUT)
    except webhook_targets.Unresolved as error:  # the resolver, not the address: later
        raise RetryLater(2) from error
    except (webhook_targets.UnsafeTarget, http.client.InvalidURL):
        log.warning("push endpoint no longer acceptable; device %s removed", device.pk)
        device.delete()
        return
    except (OSError, http.client.HTTPException) as error:
        raise RetryLater(2) from error
    if status in (404, 410):  # the subscription is gone for good
        device.delete()
    elif status == 429 or status >= 500:
        PushDevice.objects.filter(pk=device.pk).update(failures=device.failures + 1)
        raise RetryLater(2)
    elif status >= 300:
        log.warning("push service answered %s: %s", status, answer[:200])
        PushDevice.objects.filter(pk=device.pk).update(failures=device.failures + 1)
    else:
        PushDevice.objects.filter(pk=device.pk).update(last_used_at=clock.now(), failures=0)


CHUNK = 10  # devices a worker's task pushes to one after another (a task each costs more than a push)


def deliver(device_ids, message, topic=""):
    """Push `message` to each device: in tasks of CHUNK devices on the worker (one that must be
    tried again gets a task of its own), else a thread."""
    device_ids = list(device_ids)
    if not device_ids:
        return
    if settings.PUSH_DELIVERY == "celery":
        for i in range(0, len(device_ids), CHUNK):
            push_to_devices.apply_async((device_ids[i : i + CHUNK], message, topic))
    else:
        threading.Thread(target=_send_all, args=(device_ids, message, topic), daemon=True).start()


def _send_all(device_ids, message, topic):
    try:
        for device_id in device_ids:
            _with_retries(device_id, message, topic)
    finally:
        connection.close()  # this thread's own


def _with_retries(device_id, message, topic):
    for attempt in range(RETRIES + 1):
        try:
            send(device_id, message, topic)
            return
        except RetryLater as later:
            if attempt == RETRIES:
                log.warning("push service unreachable; a push was dropped after %s tries", RETRIES + 1)
                return
            time.sleep(min(later.after * 2**attempt, 30))
        except Exception:  # one device's fault never costs the others their push
            log.exception("push to device %s failed", device_id)
            return


@shared_task(name="matches.tasks.push_to_device", bind=True, acks_late=True, ignore_result=True, max_retries=RETRIES)
def push_to_device(self, device_id, message, topic=""):
    try:
        send(device_id, message, topic)
    except RetryLater as later:
        raise self.retry(countdown=min(later.after * 2**self.request.retries, 30)) from later


@shared_task(name="matches.tasks.push_to_devices", acks_late=True, ignore_result=True)
def push_to_devices(device_ids, message, topic=""):
    for device_id in device_ids:
        try:
            send(device_id, message, topic)
        except RetryLater as later:
            push_to_device.apply_async((device_id, message, topic), countdown=later.after)
        except Exception:  # one device's fault never costs the rest of the chunk their push
            log.exception("push to device %s failed", device_id)
