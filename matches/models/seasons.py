"""Seasons and their ledger: a season's players (with their status and Heaven or Hell), its own
currencies, the append-only ledger and the balances read from it, changes of Heaven or Hell, and
the transfers the rules force on a player after a match."""

from django.conf import settings as conf
from django.core.exceptions import ValidationError
from django.core.validators import URLValidator
from django.db import models
from django.db.models import Q, Sum
from django.db.models.functions import Lower

from games import engine_api
from matches import clock
from matches.lib import webhook_targets
from matches.lib.typed_names import refuse_direction_controls
from matches.models.matches import Match


class Season(models.Model):
    ACTIVE, FINISHED = "active", "finished"
    name = models.CharField(max_length=100, validators=[refuse_direction_controls])
    slug = models.SlugField(unique=True)
    hosts = models.ManyToManyField(conf.AUTH_USER_MODEL, blank=True, related_name="hosted_seasons")
    status = models.CharField(max_length=10, choices=[(ACTIVE, "Active"), (FINISHED, "Finished")], default=ACTIVE)
    gifts_frozen = models.BooleanField(
        default=False,
        help_text="While ticked, players cannot give each other "
        "garnets or tokens of life (say, while a match is being played).",
    )
    balances_public = models.BooleanField(
        default=True,
        help_text="Everyone sees every player's garnets and tokens of life, and the gifts in the "
        "season's history (as the show does). Off: each player sees only their own.",
    )
    webhook_url = models.URLField(
        blank=True,
        max_length=500,
        validators=[URLValidator(schemes=["https", "http"])],
        help_text="A Discord webhook address: public results, match starts and ends and a 'deadline in 1 hour' "
        "line are posted there as they happen (never anything private).",
    )
    extension_hours = models.PositiveSmallIntegerField(
        default=24, help_text="The most a host may extend one phase's deadline for a player's absence, in hours."
    )
    extensions_per_player = models.PositiveSmallIntegerField(
        default=3, help_text="How many such extensions each player may be granted in the season."
    )
    records_public = models.BooleanField(
        default=False,
        help_text="Every player sees every player's missed deadlines. Off: only the hosts and the player "
        "themself see a player's record.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def clean(self):
        if self.webhook_url:
            try:
                webhook_targets.check(self.webhook_url)
            except webhook_targets.UnsafeTarget as refused:
                raise ValidationError({"webhook_url": str(refused)}) from refused

    def __str__(self):
        return self.name


class SeasonPlayer(models.Model):
    ACTIVE, ELIMINATED, LEFT = "active", "eliminated", "left"
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="players")
    user = models.ForeignKey(conf.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    display_name = models.CharField(max_length=40, validators=[refuse_direction_controls])
    status = models.CharField(
        max_length=10,
        choices=[(ACTIVE, "Active"), (ELIMINATED, "Eliminated"), (LEFT, "Left the season")],
        default=ACTIVE,
    )
    # Where the last Main Match that decided it sent the player (blank: no match has yet).
    realm = models.CharField(
        max_length=10,
        blank=True,
        default="",
        choices=[("", "Not yet decided"), (engine_api.HEAVEN, "Heaven"), (engine_api.HELL, "Hell")],
    )

    class Meta:
        ordering = [Lower("display_name"), "pk"]  # Ada, ben, Cleo: as people read names, not by case
        constraints = [
            models.UniqueConstraint(fields=["season", "user"], name="one_membership_per_season"),
            models.UniqueConstraint(fields=["season", "display_name"], name="unique_name_per_season"),
        ]

    def __str__(self):
        return self.display_name


class SeasonInvitation(models.Model):
    """An account that belongs to a season its host does not host joins only if its owner says
    so: the host's desk makes this invitation instead of a season player, and the owner accepts
    it (and plays as `display_name`) or declines it when logged in (matches.hosting.invitations)."""

    PENDING, ACCEPTED, DECLINED = "pending", "accepted", "declined"
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="invitations")
    user = models.ForeignKey(conf.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="season_invitations")
    display_name = models.CharField(max_length=40, validators=[refuse_direction_controls])
    invited_by = models.ForeignKey(
        conf.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    status = models.CharField(
        max_length=10,
        default=PENDING,
        choices=[(PENDING, "Waiting for an answer"), (ACCEPTED, "Accepted"), (DECLINED, "Declined")],
    )
    created_at = models.DateTimeField(default=clock.now)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [models.UniqueConstraint(fields=["season", "user"], name="one_invitation_per_season")]

    def __str__(self):
        return f"{self.display_name} to {self.season}"


LEDGER_KIND_CHOICES = [
    (engine_api.GARNET, "Garnets"),
    (engine_api.TOKEN_OF_LIFE, "Tokens of life"),
    (engine_api.MARK_OF_ELIMINATION, "Marks of elimination"),
    (engine_api.ELIMINATION_CANDIDATE, "Elimination candidacy"),
    (engine_api.COMMUNAL_GARNET, "Communal garnet pool"),
    (engine_api.ELIMINATED, "Eliminated"),
]


class SeasonCurrency(models.Model):
    """A season's own ledger kind (a Black Garnet that cannot stand in for a garnet, say). Games
    keep using the built-in kinds; the host writes these by hand."""

    PREFIX = "c-"
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="currencies")
    key = models.SlugField(max_length=20, help_text="A short name for programs, unique in the season.")
    name = models.CharField(max_length=40, validators=[refuse_direction_controls])
    giftable = models.BooleanField(default=False, help_text="Players may give it to each other.")
    public = models.BooleanField(default=True, help_text="Everyone sees everyone's balance of it.")

    class Meta:
        ordering = ["pk"]
        verbose_name_plural = "season currencies"
        constraints = [models.UniqueConstraint(fields=["season", "key"], name="unique_currency_key")]

    @property
    def kind(self):
        return self.PREFIX + self.key

    def __str__(self):
        return self.name


def kind_labels(season):
    """{kind: label} of every ledger kind of `season`: the built-in ones, then its currencies."""
    labels = dict(LEDGER_KIND_CHOICES)
    labels.update({c.kind: c.name for c in season.currencies.all()})
    return labels


class LedgerEntry(models.Model):
    """Append-only. A balance is the sum of a player's entries of one kind; the communal pool
    is the sum of entries with no player."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="ledger")
    player = models.ForeignKey(SeasonPlayer, null=True, blank=True, on_delete=models.PROTECT, related_name="ledger")
    kind = models.CharField(max_length=24)  # a built-in kind (LEDGER_KIND_CHOICES) or a season's currency
    amount = models.IntegerField()
    reason = models.CharField(max_length=300)
    match = models.ForeignKey("Match", null=True, blank=True, on_delete=models.PROTECT, related_name="ledger")
    # A Mark of Elimination's reach (matches/seasons/marks.py): for the next Main Match, or for this one
    # (the entry's match; without one, the Main Match running when it was written) and the next.
    mark_lasts = models.CharField(
        max_length=16,
        blank=True,
        choices=[
            (engine_api.MARK_NEXT, "for the next Main Match"),
            (engine_api.MARK_THIS_AND_NEXT, "for this Main Match and the next"),
        ],
    )
    created_by = models.ForeignKey(conf.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(default=clock.now, editable=False)  # the platform's clock, as events

    class Meta:
        ordering = ["id"]
        verbose_name_plural = "ledger entries"
        constraints = [models.CheckConstraint(condition=~Q(reason=""), name="ledger_reason_required")]

    def kind_label(self):
        return kind_labels(self.season).get(self.kind, self.kind)

    def clean(self):
        if self.season_id and self.kind not in kind_labels(self.season):
            raise ValidationError({"kind": "Choose a kind of this season."})
        # An entry belongs to one season: its player and match must be of that season too.
        if self.player_id and self.season_id and self.player.season_id != self.season_id:
            raise ValidationError({"player": "That player is not in this season."})
        if self.match_id and self.season_id and self.match.season_id != self.season_id:
            raise ValidationError({"match": "That match is not in this season."})

    def __str__(self):
        who = self.player or "communal pool"
        return f"{who}: {self.amount:+d} {self.kind} ({self.reason})"


def _publicly_known(rows):
    """Entries others may know of: not those written by a match still being played (a pack
    bought in private would show in a balance the moment it was bought). They count in public
    once the match is over."""
    return rows.exclude(match__status__in=[Match.RUNNING, Match.PAUSED])


def balances_for(season, players=None, public=False):
    """{season_player_id: {kind: total}} for the season (or the given players): everything, as
    its owner and the host see it, or (public) what everyone else may know."""
    rows = LedgerEntry.objects.filter(season=season, player__isnull=False)
    if public:
        rows = _publicly_known(rows)
    if players is not None:
        rows = rows.filter(player__in=players)
    out = {}
    for row in rows.values("player_id", "kind").annotate(total=Sum("amount")):
        out.setdefault(row["player_id"], {})[row["kind"]] = row["total"]
    return out


def communal_pool(season, public=True):
    rows = LedgerEntry.objects.filter(season=season, player__isnull=True)
    if public:
        rows = _publicly_known(rows)
    return rows.aggregate(t=Sum("amount"))["t"] or 0


class StatusChange(models.Model):
    """Where a season player went (Heaven or Hell) and why: a confirmed match or the host's reason."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="status_changes")
    player = models.ForeignKey(SeasonPlayer, on_delete=models.CASCADE, related_name="status_changes")
    previous = models.CharField(max_length=10, blank=True)
    realm = models.CharField(max_length=10, blank=True)
    reason = models.CharField(max_length=300)
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.SET_NULL)
    created_by = models.ForeignKey(conf.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(default=clock.now)

    class Meta:
        ordering = ["pk"]

    def words(self):
        name, place = self.player.display_name, {"heaven": "Heaven", "hell": "Hell"}.get(self.realm, "neither")
        if self.previous == self.realm:
            return f"{self.reason}: {name} stays in {place}"
        if self.realm == "heaven" and self.previous == "hell":
            return f"{self.reason}: {name} ascends to Heaven"
        if self.realm == "hell" and self.previous == "heaven":
            return f"{self.reason}: {name} falls to Hell"
        return f"{self.reason}: {name} goes to {place}"


class ForcedGift(models.Model):
    """A transfer the rules force on a player after a match (F10: extra tokens of life given away):
    the player chooses the recipients among those allowed before the deadline; after it, the host
    confirms the fallback (round robin over the allowed recipients)."""

    OPEN, DONE = "open", "done"
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="forced_gifts")
    player = models.ForeignKey(SeasonPlayer, on_delete=models.CASCADE, related_name="forced_gifts")
    kind = models.CharField(max_length=24)
    remaining = models.PositiveIntegerField()
    recipients = models.JSONField(default=list)  # season player ids who may receive
    reason = models.CharField(max_length=300)
    match = models.ForeignKey(Match, null=True, blank=True, on_delete=models.SET_NULL)
    deadline = models.DateTimeField()
    status = models.CharField(max_length=8, default=OPEN, choices=[(OPEN, "Open"), (DONE, "Done")])

    class Meta:
        ordering = ["pk"]
