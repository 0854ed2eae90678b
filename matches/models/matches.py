"""Matches and their play: a match of a game in a season, its seats, its phases (each a window
with a deadline), what players submitted and did, and the numbered event log. Rules live in the
game engines (games/); these tables store what they produce, written by matches.core.lifecycle."""

import hashlib
import json
import secrets

from django.conf import settings as conf
from django.core.exceptions import ValidationError
from django.db import models

from games import engine_api
from matches.lib.typed_names import refuse_direction_controls


def new_seed():
    return secrets.randbelow(2**62)


def state_hash(state):
    """A short fingerprint of an engine state, for audit and replay."""
    canonical = json.dumps(state, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()[:16]


class Match(models.Model):
    DRAFT, RUNNING, PAUSED, FINISHED, CANCELLED = "draft", "running", "paused", "finished", "cancelled"
    STATUS_CHOICES = [
        (DRAFT, "Draft"),
        (RUNNING, "Running"),
        (PAUSED, "Paused"),
        (FINISHED, "Finished"),
        (CANCELLED, "Cancelled"),
    ]
    MAIN, DEATH = "main", "death"

    season = models.ForeignKey("Season", on_delete=models.CASCADE, related_name="matches")
    game = models.CharField(max_length=40)
    title = models.CharField(max_length=100, validators=[refuse_direction_controls])
    kind = models.CharField(max_length=5, choices=[(MAIN, "Main Match"), (DEATH, "Death Match")], default=MAIN)
    status = models.CharField(max_length=10, choices=STATUS_CHOICES, default=DRAFT)
    settings = models.JSONField(default=dict, blank=True)
    state = models.JSONField(null=True, blank=True, editable=False)
    seed = models.BigIntegerField(default=new_seed)
    talk_public_at_end = models.BooleanField(
        default=False,
        help_text="Once the match is over, spectators may read the players' table talk and groups "
        "(never the host's announcements to one seat).",
    )
    NO_EFFECT, AUTOPILOT_WHILE_AWAY, HOST_EXTENSION = "nothing", "autopilot", "extension"
    ABSENCE_RULES = [
        (NO_EFFECT, "Nothing: the deadlines stand (a miss while away is excused in the record)"),
        (AUTOPILOT_WHILE_AWAY, "Autopilot while away: the game's defaults, without waiting"),
        (HOST_EXTENSION, "The host may extend a phase's deadline for the absence (capped by the season)"),
    ]
    autopilot_after = models.PositiveSmallIntegerField(
        default=2,
        help_text="After this many missed steps in a row a seat is on autopilot: the game's default moves are "
        "played for it as soon as a step opens, until its player sends a move (0: never).",
    )
    absence_rule = models.CharField(
        max_length=10, choices=ABSENCE_RULES, default=NO_EFFECT, help_text="What a player's marked absence does."
    )
    event_seq = models.PositiveIntegerField(default=0, editable=False)  # last event number
    step = models.PositiveIntegerField(default=0, editable=False)  # state changes so far
    outcome = models.JSONField(null=True, blank=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True, editable=False)
    finished_at = models.DateTimeField(null=True, blank=True, editable=False)
    confirmed_at = models.DateTimeField(null=True, blank=True, editable=False)
    confirmed_by = models.ForeignKey(
        conf.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, editable=False
    )

    class Meta:
        ordering = ["-created_at"]
        verbose_name_plural = "matches"

    def __str__(self):
        return self.title

    @property
    def is_over(self):
        return self.status in (self.FINISHED, self.CANCELLED)


class MatchPlayer(models.Model):
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="seats")
    season_player = models.ForeignKey("SeasonPlayer", on_delete=models.PROTECT, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    role = models.CharField(max_length=30, blank=True)
    muted = models.BooleanField(default=False, help_text="A muted player cannot post in this match's conversations.")
    # steps missed one after another where who has sent is public (core.autopilot); a player's move resets it
    missed_in_row = models.PositiveSmallIntegerField(default=0, editable=False)
    autopilot = models.BooleanField(default=False, editable=False)  # the game's defaults are played for the seat

    class Meta:
        ordering = ["seat"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seat"], name="unique_seat"),
            models.UniqueConstraint(fields=["match", "season_player"], name="one_seat_per_player"),
        ]

    def clean(self):
        if self.match_id and self.season_player_id and self.season_player.season_id != self.match.season_id:
            raise ValidationError({"season_player": "Seat players of this match's season only."})

    def __str__(self):
        return f"Seat {self.seat}: {self.season_player}"


class Phase(models.Model):
    OPEN, CLOSED, CANCELLED = "open", "closed", "cancelled"
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="phases")
    sequence = models.PositiveIntegerField()
    key = models.CharField(max_length=60)
    title = models.CharField(max_length=120)
    status = models.CharField(
        max_length=10, choices=[(OPEN, "Open"), (CLOSED, "Closed"), (CANCELLED, "Cancelled")], default=OPEN
    )
    waits_on = models.JSONField(default=list)  # seat numbers
    close_early = models.BooleanField(default=False)
    submitters_public = models.BooleanField(default=True)  # may players see who has submitted?
    turn = models.BooleanField(
        default=False
    )  # a step of a turn sequence: no "Open now"/"Closed" lines (PhaseSpec.turn)
    opened_at = models.DateTimeField()
    deadline = models.DateTimeField()
    remaining = models.DurationField(null=True, blank=True)  # time left, kept while paused
    closed_at = models.DateTimeField(null=True, blank=True)
    close_reason = models.CharField(max_length=20, blank=True)
    closed_step = models.PositiveIntegerField(null=True, blank=True)
    # the match's last event number when the close began: the close's events come after it (a
    # turn's close writes no "Closed" line the steps could find them by; core.steps)
    closed_after_event = models.PositiveIntegerField(null=True, blank=True)
    state_hash = models.CharField(max_length=16, blank=True)  # engine state after resolving

    class Meta:
        ordering = ["sequence"]
        constraints = [
            models.UniqueConstraint(fields=["match", "sequence"], name="unique_phase_sequence"),
            models.UniqueConstraint(fields=["match", "key"], name="unique_phase_key"),
        ]
        indexes = [models.Index(fields=["status", "deadline"])]

    def __str__(self):
        return self.title


class Submission(models.Model):
    """Every revision is kept; the newest one when the phase closes is the one that counts."""

    PLAYER, DEFAULT = "player", "default"
    phase = models.ForeignKey(Phase, on_delete=models.CASCADE, related_name="submissions")
    player = models.ForeignKey(MatchPlayer, on_delete=models.CASCADE, related_name="submissions")
    payload = models.JSONField(null=True)
    source = models.CharField(max_length=10, choices=[(PLAYER, "Player"), (DEFAULT, "Default at close")])
    # the submission in the words of the form it answered ("Card: 2 red; Slot: B ..."), written with it:
    # a past phase's form may no longer be built (a card since changed, a hand since played)
    said = models.TextField(blank=True, default="")
    # a DEFAULT row written when its phase opened, for a seat on autopilot (core.autopilot), not at the close
    by_autopilot = models.BooleanField(default=False, db_default=False)  # db_default: core.moves' own INSERT
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["id"]


class Action(models.Model):
    """An accepted immediate action (a purchase, a proposal), kept for audit and replay: a seat's
    (`player`), or the host's (`player` empty, `by` the host who took it; see core.host_actions)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="actions")
    player = models.ForeignKey(MatchPlayer, null=True, blank=True, on_delete=models.CASCADE, related_name="actions")
    by = models.ForeignKey(
        conf.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="The host who took a host action.",
    )
    name = models.CharField(max_length=40)
    payload = models.JSONField()
    context = models.JSONField()  # the balances the engine saw
    step = models.PositiveIntegerField()
    state_hash = models.CharField(max_length=16)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["step"]

    @property
    def by_host(self):
        return self.player_id is None


class Event(models.Model):
    PUBLIC, PRIVATE, HOST = engine_api.PUBLIC, engine_api.PRIVATE, engine_api.HOST_ONLY
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=40)
    visibility = models.CharField(
        max_length=8, choices=[(PUBLIC, "Public"), (PRIVATE, "One seat"), (HOST, "Host only")]
    )
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    text = models.TextField()
    data = models.JSONField(default=dict)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["seq"]
        constraints = [models.UniqueConstraint(fields=["match", "seq"], name="unique_event_seq")]

    @classmethod
    def of_engine(cls, event):
        """The row (not yet numbered) of an engine's event. A private line's third-person text is
        kept in `data` (engine_api.OTHERS_TEXT): a line stored before it existed has none, and
        reads to others as it always did."""
        data = {**event.data, engine_api.OTHERS_TEXT: event.others_text} if event.others_text else event.data
        return cls(kind=event.kind, text=event.text, visibility=event.visibility, seat=event.seat, data=data)

    def as_engine_event(self):
        data = dict(self.data)
        others = data.pop(engine_api.OTHERS_TEXT, "")
        return engine_api.Event(self.kind, self.text, self.visibility, self.seat, data, others)

    def text_for(self, viewer):
        """The line as `viewer` reads it: a private one in the third person to all but its owner."""
        others = self.data.get(engine_api.OTHERS_TEXT, "") if self.visibility == self.PRIVATE else ""
        return engine_api.told(self.visibility, self.seat, self.text, others, viewer)
