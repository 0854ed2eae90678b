"""Who held each seat when (substitutes): a seat (MatchPlayer) belongs to one account at a time,
its `season_player`; these rows keep every holder a seat has had, from which step, and how the
seat came to them, so the match's history says who played which phases and the confirm form
can give a seat's awards to any of its holders. Written by matches.core.substitutes."""

from django.db import models


class SeatHolder(models.Model):
    START, SUBSTITUTE, ASKED, LEFT = "start", "substitute", "asked", "left"
    HOW_CHOICES = [
        (START, "Held it from the start"),
        (SUBSTITUTE, "Handed the seat by the host"),
        (ASKED, "Handed the seat when its holder asked for a substitute"),
        (LEFT, "Handed the seat when its holder left the season"),
    ]
    seat = models.ForeignKey("MatchPlayer", on_delete=models.CASCADE, related_name="holders")
    season_player = models.ForeignKey("SeasonPlayer", on_delete=models.PROTECT, related_name="seats_held")
    since = models.DateTimeField()
    # the match's step when they took the seat: they play the steps after it
    from_step = models.PositiveIntegerField(default=0)
    until = models.DateTimeField(null=True, blank=True)  # null: holds it now
    until_step = models.PositiveIntegerField(null=True, blank=True)
    how = models.CharField(max_length=10, choices=HOW_CHOICES, default=START)
    # whether the other players were told: those not told still see the seat under the name
    # of its last announced holder, so a quiet hand-over changes nothing they can read
    announced = models.BooleanField(default=True)

    class Meta:
        ordering = ["since", "pk"]

    def __str__(self):
        return f"{self.season_player} in seat {self.seat_id} from step {self.from_step}"


class SeatRequest(models.Model):
    """A player asks the host for a substitute, naming one if they like; the host approves
    (the seat is handed) or declines on the match's host page."""

    PENDING, APPROVED, DECLINED = "pending", "approved", "declined"
    seat = models.ForeignKey("MatchPlayer", on_delete=models.CASCADE, related_name="substitute_requests")
    asked_by = models.ForeignKey("SeasonPlayer", on_delete=models.CASCADE, related_name="+")
    suggested = models.ForeignKey("SeasonPlayer", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    reason = models.CharField(max_length=300, blank=True)
    asked_at = models.DateTimeField()
    status = models.CharField(
        max_length=10,
        default=PENDING,
        choices=[(PENDING, "Waiting for the host"), (APPROVED, "Approved"), (DECLINED, "Declined")],
    )
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["asked_at", "pk"]
