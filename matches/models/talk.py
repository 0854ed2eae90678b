"""Talk's tables: conversations in a match (the table, groups a player started, the host's
announcements) and their messages, each named on pages by a random token (matches.talk)."""

import secrets

from django.db import models

from matches import clock
from matches.models.matches import Match, MatchPlayer


def new_talk_token():
    return secrets.token_urlsafe(9)


class Conversation(models.Model):
    """Talk in a match: the players' table (every seat), a group a player started, or the host's
    announcements (to every seat or one). Members are seat numbers; the host reads them all."""

    TABLE, GROUP, ANNOUNCEMENTS = "table", "group", "announcements"
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="conversations")
    kind = models.CharField(
        max_length=16, choices=[(TABLE, "Table talk"), (GROUP, "Group"), (ANNOUNCEMENTS, "Announcements")]
    )
    members = models.JSONField(default=list)  # sorted seat numbers
    # Pages and URLs name conversations and messages by a random token, never by the row number: a
    # gap in row numbers would tell a player that others started conversations or wrote messages.
    token = models.CharField(max_length=16, unique=True, default=new_talk_token, editable=False)
    created_at = models.DateTimeField(default=clock.now)
    # Who started a group: the limits on starting them count per player (matches.talk).
    started_by = models.ForeignKey(
        "matches.MatchPlayer", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

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
