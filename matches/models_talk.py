"""The models of talk and reminders: conversations and their messages (matches/talk.py), each
person's reminder choices and the reminders sent (matches/reminders.py), and the public "deadline
in 1 hour" lines posted to a season's chat server (matches/webhooks.py)."""

import secrets

from django.conf import settings as conf
from django.db import models

from . import clock
from .models import Match, MatchPlayer, Phase


def new_talk_token():
    return secrets.token_urlsafe(9)


class Conversation(models.Model):
    """Talk in a match: the players' table (every seat), a group a player started, or the host's
    announcements (to every seat or one). Members are seat numbers; the host reads them all."""

    TABLE, GROUP, ANNOUNCEMENTS = "table", "group", "announcements"
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="conversations")
    kind = models.CharField(max_length=16, choices=[(TABLE, "Table talk"), (GROUP, "Group"),
                                                    (ANNOUNCEMENTS, "Announcements")])
    members = models.JSONField(default=list)  # sorted seat numbers
    # Pages and URLs name conversations and messages by a random token, never by the row number: a
    # gap in row numbers would tell a player that others started conversations or wrote messages.
    token = models.CharField(max_length=16, unique=True, default=new_talk_token, editable=False)
    created_at = models.DateTimeField(default=clock.now)
    # Who started a group: the limits on starting them count per player (matches.talk).
    started_by = models.ForeignKey("matches.MatchPlayer", null=True, blank=True, on_delete=models.SET_NULL,
                                   related_name="+")

    class Meta:
        ordering = ["pk"]

    def has_seat(self, seat):
        return seat in self.members


class Message(models.Model):
    conversation = models.ForeignKey(Conversation, on_delete=models.CASCADE, related_name="messages")
    sender = models.ForeignKey(MatchPlayer, on_delete=models.CASCADE, null=True, blank=True)  # None: the host
    text = models.TextField()
    token = models.CharField(max_length=16, unique=True, default=new_talk_token, editable=False)
    created_at = models.DateTimeField(default=clock.now)
    edited_at = models.DateTimeField(null=True, blank=True)
    deleted = models.BooleanField(default=False)
    history = models.JSONField(default=list)  # earlier texts, for the host
    revision = models.PositiveIntegerField(default=0)  # grows with each edit or deletion: the live count

    class Meta:
        ordering = ["pk"]


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
