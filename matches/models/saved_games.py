"""Saved games: a match's setup (the settings its engine says are reusable, the host-run game's
round templates among them) kept under a name, to start again. A season's hosts share those of
their season; those with no season are the site's (the shipped presets, and any a staff member
saves), offered to every host. Written only through matches.hosting.saved_games."""

from django.conf import settings as conf
from django.db import models

from matches.lib.typed_names import refuse_direction_controls


class SavedGame(models.Model):
    name = models.CharField(max_length=80, validators=[refuse_direction_controls])
    game = models.CharField(max_length=50, help_text="The engine's slug.")
    kind = models.CharField(max_length=10, default="main")
    settings = models.JSONField(default=dict, blank=True)
    season = models.ForeignKey(
        "matches.Season",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="saved_games",
        help_text="Empty: offered to every host of the site.",
    )
    made_by = models.ForeignKey(
        conf.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="Empty for the games shipped with the site.",
    )
    preset = models.CharField(
        max_length=50,
        blank=True,
        default="",
        help_text="The shipped preset's file name, for the games shipped with the site.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]

    def __str__(self):
        return self.name

    @property
    def site_wide(self):
        return self.season_id is None
