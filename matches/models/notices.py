"""Notices' tables: each person's reminder choices and calendar secret, the reminders sent, and
the public "deadline in 1 hour" lines posted to a season's chat server (matches.notifications)."""

import secrets

from django.conf import settings as conf
from django.db import models

from matches.models.matches import MatchPlayer, Phase


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
