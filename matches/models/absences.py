"""A season player's attendance: the periods they marked as away, the steps they missed (their
record, counted at each close by matches.core.autopilot), and the extensions a host granted them
for an absence (capped per phase and per season by the Season's settings)."""

from django.conf import settings as conf
from django.db import models
from django.db.models import F, Q

from matches import clock
from matches.models.matches import Match, Phase
from matches.models.seasons import Season, SeasonPlayer


class Absence(models.Model):
    """A period a player said they will be away (stored in UTC; entered in their own zone)."""

    player = models.ForeignKey(SeasonPlayer, on_delete=models.CASCADE, related_name="absences")
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField()
    created_at = models.DateTimeField(default=clock.now)

    class Meta:
        ordering = ["starts_at", "pk"]
        constraints = [models.CheckConstraint(condition=Q(ends_at__gt=F("starts_at")), name="absence_ends_after_start")]

    def covers(self, moment):
        return self.starts_at <= moment < self.ends_at


def absent_at(players, moment, to_the_end=False):
    """The ids of those of `players` (season player ids) with an absence covering `moment`
    (`to_the_end`: or ending at it: "away until 18:00" covers a deadline at 18:00)."""
    ends = {"ends_at__gte" if to_the_end else "ends_at__gt": moment}
    rows = Absence.objects.filter(player__in=players, starts_at__lte=moment, **ends)
    return set(rows.values_list("player_id", flat=True))


class MissedStep(models.Model):
    """A seat a phase waited on that closed without a move of its player (the defaults counted
    instead): one row per phase and seat, attributed to the account holding the seat then."""

    ABSENCE, HOST = "absence", "host"
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="missed_steps")
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="missed_steps")
    phase = models.ForeignKey(Phase, on_delete=models.CASCADE, related_name="missed_steps")
    seat = models.PositiveSmallIntegerField()
    player = models.ForeignKey(SeasonPlayer, on_delete=models.PROTECT, related_name="missed_steps")
    # whether the others could see it was missed (the phase's senders were public): only those
    # count where a season shows records to everyone, and toward autopilot
    seen_by_all = models.BooleanField(default=True)
    on_autopilot = models.BooleanField(default=False)  # the seat was on autopilot at the close
    excused = models.CharField(
        max_length=8, blank=True, default="", choices=[("", "Not excused"), (ABSENCE, "Away"), (HOST, "By the host")]
    )
    excused_by = models.ForeignKey(conf.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    closed_at = models.DateTimeField()

    class Meta:
        ordering = ["closed_at", "pk"]
        constraints = [models.UniqueConstraint(fields=["phase", "seat"], name="one_miss_per_phase_and_seat")]


class Extension(models.Model):
    """A host's extension of a phase's deadline for a player's absence."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="extensions")
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="extensions")
    phase = models.ForeignKey(Phase, on_delete=models.CASCADE, related_name="extensions")
    player = models.ForeignKey(SeasonPlayer, on_delete=models.PROTECT, related_name="extensions")
    added = models.DurationField()
    granted_by = models.ForeignKey(conf.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(default=clock.now)

    class Meta:
        ordering = ["pk"]
