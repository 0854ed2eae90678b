"""Notices' tables: each person's reminder and push choices and calendar secret, the reminders sent,
the devices told by Web Push and what was pushed, and
the public "deadline in 1 hour" lines posted to a season's chat server (matches.notifications)."""

import secrets

from django.conf import settings as conf
from django.db import models

from matches.models.matches import MatchPlayer, Phase


# What a device may be told (matches.notifications.push), each a choice on the account page; the
# names are also the payloads' "kind".
PUSH_KINDS = [
    ("phase", "A step opens that waits on me"),
    ("reminder", "A deadline is near and I have sent nothing"),
    ("result", "A step closes in a match I play"),
    ("message", "A message to me in a conversation"),
    ("host", "As a host: every player has sent, or a start check fails"),
]


def default_push_kinds():
    return [kind for kind, _ in PUSH_KINDS]


def default_reminder_minutes():
    return [720, 60, 10]


def new_calendar_token():
    return secrets.token_urlsafe(24)


class Preferences(models.Model):
    """A person's own choices: when to be reminded of a deadline, whether to be emailed results,
    and the secret of their calendar feed."""

    user = models.OneToOneField(conf.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="preferences")
    reminder_minutes = models.JSONField(default=default_reminder_minutes)
    email_results = models.BooleanField(default=False)
    calendar_token = models.CharField(max_length=64, unique=True, default=new_calendar_token)
    push_kinds = models.JSONField(default=default_push_kinds)  # PUSH_KINDS this person's devices are told


class Reminder(models.Model):
    """A reminder sent to a seat for an open phase: at most one per (phase, seat, minutes), so a
    scheduler that runs twice sends nothing twice."""

    phase = models.ForeignKey(Phase, on_delete=models.CASCADE, related_name="reminders")
    player = models.ForeignKey(MatchPlayer, on_delete=models.CASCADE, related_name="reminders")
    minutes = models.PositiveIntegerField()
    sent_at = models.DateTimeField()

    class Meta:
        ordering = ["pk"]
        constraints = [models.UniqueConstraint(fields=["phase", "player", "minutes"], name="one_reminder_each")]


class WebhookNotice(models.Model):
    """A public "deadline in 1 hour" line posted to the season's chat server, once per phase."""

    phase = models.OneToOneField(Phase, on_delete=models.CASCADE, related_name="webhook_notice")
    sent_at = models.DateTimeField()


class PushDevice(models.Model):
    """One browser of one person that asked to be told by Web Push (RFC 8030): its push service's
    endpoint and the keys that encrypt to it (RFC 8291). Removed when its person removes it or when
    the push service answers 404 or 410 (the subscription is gone)."""

    user = models.ForeignKey(conf.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_devices")
    endpoint = models.URLField(max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    browser = models.CharField(max_length=80, blank=True)  # said in the device list, from the user agent
    created_at = models.DateTimeField()
    last_used_at = models.DateTimeField(null=True, blank=True)  # last push the service accepted
    failures = models.PositiveIntegerField(default=0)  # in a row; reset by a success

    class Meta:
        ordering = ["pk"]


class PushSent(models.Model):
    """A notification about a phase pushed to a person, at most once per (phase, person, kind): a
    worker that hears an event twice, or a deadline moved, pushes nothing twice."""

    phase = models.ForeignKey(Phase, on_delete=models.CASCADE, related_name="pushes")
    user = models.ForeignKey(conf.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="pushes")
    kind = models.CharField(max_length=20)
    sent_at = models.DateTimeField()

    class Meta:
        ordering = ["pk"]
        constraints = [models.UniqueConstraint(fields=["phase", "user", "kind"], name="one_push_each")]
