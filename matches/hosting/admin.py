"""The host's desk: seasons, players, the ledger, and matches with their controls.

Every list, form, choice list, filter, inline and action is confined to the seasons the user
hosts (matches.core.access); a superuser hosts them all. Hosting a season is what gives a staff user
the admin, not Django's model permissions."""

from django import forms
from django.contrib import admin
from django.contrib.admin import RelatedOnlyFieldListFilter
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.db import models
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import format_html, format_html_join

from games import registry

from matches.lib.bounded_json import BoundedJSONField
from matches.lib.typed_names import refuse_direction_controls
from matches.core.result_table import result_table
from matches.core.start_checks import settings_problem, start_report, warm
from matches.core.access import hosted_rows, hosted_seasons, hosts_any_season, may_create_season
from matches.hosting.host_desk import existing_account, new_account
from matches.models import (LEDGER_KIND_CHOICES, Event, LedgerEntry, Match, MatchPlayer, Phase, SavedGame, Season,
                     SeasonCurrency, SeasonPlayer, StatusChange, Submission, balances_for)
from matches.hosting.invitations import belongs_elsewhere
from matches.hosting.invites import invite_path, may_hand_invite


class HostScopedChoices:
    """Choice lists of related rows offer only the user's seasons' rows; a forged id of another
    season's row is refused by the form like any unknown id. Admin access follows hosting."""

    def formfield_for_dbfield(self, db_field, request, **kwargs):
        if isinstance(db_field, models.JSONField):
            kwargs.setdefault("form_class", BoundedJSONField)  # bounded before it is parsed
        return super().formfield_for_dbfield(db_field, request, **kwargs)

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        rows = hosted_rows(request.user, db_field.related_model)
        if rows is not None:
            kwargs["queryset"] = rows
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def has_view_permission(self, request, obj=None):
        return hosts_any_season(request.user)

    has_add_permission = has_change_permission = has_delete_permission = has_view_permission


class HostScopedAdmin(HostScopedChoices, admin.ModelAdmin):
    """A host who is not a superuser sees only the seasons they host."""

    season_path = "season"

    def get_queryset(self, request):
        qs = super().get_queryset(request)
        if request.user.is_superuser:
            return qs
        return qs.filter(**{f"{self.season_path}__in": hosted_seasons(request.user)})

    def has_module_permission(self, request):
        return hosts_any_season(request.user)

    def has_view_permission(self, request, obj=None):
        return hosts_any_season(request.user) and (obj is None or self._hosts_object(request, obj))

    def has_add_permission(self, request, *args):
        return hosts_any_season(request.user)

    has_change_permission = has_delete_permission = has_view_permission

    def _hosts_object(self, request, obj):
        return request.user.is_superuser or self.get_queryset(request).filter(pk=obj.pk).exists()


def only_related(field):
    """A list filter that offers only rows present in the (scoped) list."""
    return (field, RelatedOnlyFieldListFilter)


class SeasonPlayerForm(forms.ModelForm):
    """A player is added by username: a new username creates an account with no password (the
    invite link then lets its owner set one); an existing account joins as it is, and its owner
    logs in as usual, unless it belongs to a season the host does not host: its owner must accept
    an invitation, which the season's desk sends. Choosing users from a list would show a host
    every account of the site. `host`: who is asking (set by the admin, `for_host`)."""

    host = None

    username = forms.CharField(max_length=150, validators=[refuse_direction_controls, UnicodeUsernameValidator()],
                               help_text="A new username creates the account; an existing one is added as it is.")
    status_reason = forms.CharField(max_length=200, required=False, label="Reason for a Heaven/Hell change",
                                    help_text="Needed when you change Heaven or Hell by hand; the season's history shows it.")

    class Meta:
        model = SeasonPlayer
        fields = ["season", "display_name", "status", "realm"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            self.fields["username"].initial = self.instance.user.username
            self.fields["username"].disabled = True
            self.fields["username"].help_text = "The account of a season player does not change."

    def clean(self):
        data = super().clean()
        if ("status_reason" in self.fields and self.instance.pk and "realm" in self.changed_data
                and not (data.get("status_reason") or "").strip()):
            self.add_error("status_reason", "Say why: the season's history shows every change of Heaven or Hell.")
        name = (data.get("username") or "").strip()
        if name and not self.instance.pk:
            existing = existing_account(name)
            if existing is not None and belongs_elsewhere(self.host, existing):
                self.add_error("username", "This account plays in or hosts a season you do not host: add it on the "
                                           "season's desk (host console), which invites its owner to accept.")
            elif existing is not None:
                self.instance.user = existing
            self.new_username = None if existing else name
        return data

    def save(self, commit=True):
        if not self.instance.pk and getattr(self, "new_username", None):
            self.instance.user = new_account(self.new_username)
        return super().save(commit)


class SeasonCurrencyInline(admin.TabularInline):
    model = SeasonCurrency
    extra = 0
    fields = ["name", "key", "giftable", "public"]


def for_host(form_class, request):
    """The season player form told who is asking (a form of the admin knows only its data)."""
    return type(form_class.__name__, (form_class,), {"host": request.user})


class SeasonPlayerInline(HostScopedChoices, admin.TabularInline):
    model = SeasonPlayer
    form = SeasonPlayerForm
    extra = 1
    fields = ["display_name", "username", "status", "realm"]
    readonly_fields = ["realm"]  # Heaven or Hell changes by hand on the player's own page, with a reason

    def get_formset(self, request, obj=None, **kwargs):
        return super().get_formset(request, obj, form=for_host(self.form, request), **kwargs)


@admin.register(Season)
class SeasonAdmin(HostScopedAdmin):
    season_path = "pk"
    list_display = ["name", "status", "created_at"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["hosts"]
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}  # a webhook typed without a scheme
    readonly_fields = ["exports"]

    @admin.display(description="Export")
    def exports(self, obj):
        if not obj.pk:
            return "Save first."
        return format_html('<a href="{}">the whole season (JSON)</a> · <a href="{}">the ledger (CSV)</a>',
                           reverse("season_export", args=[obj.slug]), reverse("season_ledger_csv", args=[obj.slug]))
    inlines = [SeasonCurrencyInline, SeasonPlayerInline]

    def get_readonly_fields(self, request, obj=None):
        # Only a superuser names hosts: a host choosing from a list would see every account.
        return self.readonly_fields + ([] if request.user.is_superuser else ["hosts"])

    def has_add_permission(self, request, *args):
        # Hosting a season is no leave to start another: the console's rule, the same here.
        return may_create_season(request.user)

    def has_delete_permission(self, request, obj=None):
        return request.user.is_superuser

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        if not change and not request.user.is_superuser:
            form.instance.hosts.add(request.user)  # whoever creates a season hosts it


@admin.register(SeasonPlayer)
class SeasonPlayerAdmin(HostScopedAdmin):
    form = SeasonPlayerForm
    list_display = ["display_name", "season", "status", "realm", "user"]
    list_filter = [only_related("season"), "status", "realm"]
    readonly_fields = ["invite_link", "balances"]

    @admin.display(description="Invite link")
    def invite_link(self, obj):
        if not obj.pk:
            return "Save first."
        host, base = obj.invite_context
        if not may_hand_invite(host, obj.user):
            return "This account is in use already (it has a password or plays elsewhere): its owner logs in as usual."
        return format_html("<code>{}</code><br>Works once, for this new account only: it sets the player's password.",
                           base + invite_path(obj.user))

    @admin.display(description="Season balances")
    def balances(self, obj):
        return balances_for(obj.season, [obj]).get(obj.pk, {}) if obj.pk else {}

    def get_form(self, request, obj=None, **kwargs):
        if obj is not None:  # the readonly field sees only the object: it carries who is asking
            obj.invite_context = (request.user, request.build_absolute_uri("/")[:-1])
        return for_host(super().get_form(request, obj, **kwargs), request)

    def save_model(self, request, obj, form, change):
        if change and "realm" in form.changed_data:
            previous = SeasonPlayer.objects.get(pk=obj.pk).realm
            StatusChange.objects.create(season=obj.season, player=obj, previous=previous, realm=obj.realm,
                                        reason=form.cleaned_data["status_reason"].strip(), created_by=request.user)
        super().save_model(request, obj, form, change)


@admin.register(LedgerEntry)
class LedgerEntryAdmin(HostScopedAdmin):
    """Append-only: entries are added with a reason, never edited or deleted."""

    list_display = ["created_at", "season", "player", "kind", "amount", "reason", "match", "created_by"]
    list_filter = [only_related("season"), "kind"]
    fields = ["season", "player", "kind", "amount", "reason"]

    def get_form(self, request, obj=None, **kwargs):
        """The kind is chosen from the built-in kinds and the currencies of the host's seasons
        (the entry's own season is checked when it is saved)."""
        form = super().get_form(request, obj, **kwargs)
        currencies = SeasonCurrency.objects.filter(season__in=hosted_seasons(request.user)).select_related("season")
        choices = list(LEDGER_KIND_CHOICES) + [(c.kind, f"{c.name} ({c.season.name})") for c in currencies]
        form.base_fields["kind"] = forms.ChoiceField(choices=choices)
        return form

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def save_model(self, request, obj, form, change):
        obj.created_by = request.user
        super().save_model(request, obj, form, change)


class MatchForm(forms.ModelForm):
    game = forms.ChoiceField(choices=registry.choices)

    class Meta:
        model = Match
        fields = ["season", "game", "title", "kind", "settings", "seed"]
        help_texts = {"settings": "JSON (the host console's New match form asks for each setting instead); "
                                  "anything left out takes its default. Each game's rules page (/games/) "
                                  "lists its settings, e.g. Mystery Cosign's operation set and operations. "
                                  "Save to see the settings check below."}

    def clean(self):
        data = super().clean()
        if self.instance.pk and self.instance.status != Match.DRAFT:
            changed = {"game", "settings", "seed", "season"} & set(self.changed_data)
            if changed:
                raise forms.ValidationError("Game, season, settings and seed cannot change once the match started.")
        elif data.get("game") in dict(registry.choices()) and "settings" in data:
            seats = self.instance.seats.count() if self.instance.pk else 0
            problem = settings_problem(registry.get(data["game"]), data["settings"], seats)
            if problem:
                self.add_error("settings", problem)
        return data


class MatchPlayerInline(HostScopedChoices, admin.TabularInline):
    model = MatchPlayer
    extra = 0
    fields = ["seat", "season_player", "role"]

    def formfield_for_dbfield(self, db_field, request, **kwargs):
        field = super().formfield_for_dbfield(db_field, request, **kwargs)
        if db_field.name == "seat":  # the stored number; the site's pages say seats from 1
            field.label, field.help_text = "Seat (stored from 0)", "0 is the site's seat 1, 1 its seat 2, ..."
        return field

    def has_add_permission(self, request, obj=None):
        return obj is None or obj.status == Match.DRAFT

    def has_change_permission(self, request, obj=None):
        return obj is None or obj.status == Match.DRAFT

    has_delete_permission = has_change_permission


class PhaseInline(HostScopedChoices, admin.TabularInline):
    model = Phase
    extra = 0
    fields = ["sequence", "title", "status", "waits_on", "deadline", "remaining", "close_reason", "controls"]
    readonly_fields = fields
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request, obj=None):
        return False

    @admin.display(description="")
    def controls(self, phase):
        if phase.status != Phase.OPEN:
            return ""
        return format_html('<a href="{}">extend / close…</a>', reverse("match_host", args=[phase.match_id]))


@admin.register(Match)
class MatchAdmin(HostScopedAdmin):
    form = MatchForm
    list_display = ["title", "game", "kind", "status", "season", "created_at"]
    list_filter = ["status", "game", only_related("season")]
    readonly_fields = ["status", "settings_check", "pages", "outcome_table", "confirmed_at"]
    inlines = [MatchPlayerInline, PhaseInline]
    change_form_template = "admin/matches/match/change_form.html"

    def has_delete_permission(self, request, obj=None):
        # A started match holds what players submitted: it is cancelled, never deleted.
        return super().has_delete_permission(request, obj) and (obj is None or obj.status == Match.DRAFT)

    def delete_queryset(self, request, queryset):
        queryset.filter(status=Match.DRAFT).delete()

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        if form.instance.status == Match.DRAFT:
            warm(form.instance)  # the costly preparation here, once, not on every view of the draft

    @admin.display(description="Pages")
    def pages(self, match):
        if not match.pk:
            return "-"
        return format_html(
            '<a href="{}">host view and controls</a> · <a href="{}">spectator view</a> · <a href="{}">export JSON</a>',
            reverse("match_host", args=[match.pk]), reverse("match_public", args=[match.pk]),
            reverse("match_export", args=[match.pk]),
        )

    @admin.display(description="Settings check")
    def settings_check(self, match):
        if not match.pk:
            return "Save to check."
        if match.status != Match.DRAFT:
            return "Started with these settings."
        ready, lines = start_report(match)
        lines = ["Ready to start.", *lines] if ready else lines
        return format_html("<ul>{}</ul>", format_html_join("", "<li>{}</li>", ((line,) for line in lines)))

    @admin.display(description="Result")
    def outcome_table(self, match):
        """The table the match's pages show (the game's own columns, why each place), not raw scores."""
        table = result_table(match, match.seats.select_related("season_player"))
        if not table:
            return "-"
        return render_to_string("matches/_result_table.html", {"table": table})


@admin.register(Submission)
class SubmissionAdmin(HostScopedAdmin):
    season_path = "phase__match__season"
    list_display = ["created_at", "phase", "player", "source", "payload"]
    list_filter = ["source", only_related("phase__match")]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Event)
class EventAdmin(SubmissionAdmin):
    season_path = "match__season"
    list_display = ["match", "seq", "kind", "visibility", "seat", "text", "created_at"]
    list_filter = ["visibility", only_related("match")]


@admin.register(SavedGame)
class SavedGameAdmin(HostScopedAdmin):
    """A season's saved games, to read and delete: they are made only by "Save this game" and by
    import (each checked by its engine), never typed here; the site's own are the superusers'."""

    list_display = ("name", "game", "season", "made_by", "created_at")
    readonly_fields = ("name", "game", "kind", "settings", "season", "made_by", "preset", "created_at")

    def has_add_permission(self, request, *args):
        return False

    def has_change_permission(self, request, obj=None):
        return False
