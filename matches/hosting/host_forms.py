"""Forms of the host's pages: the match setup (game settings, seats), extending a deadline in
the host's own time zone, confirming a result, a new season, adding players, ledger entries for
many players."""

import json

from django import forms

from games import registry

from games.engine_api import HEAVEN, HELL

from matches.lib import zones
from matches.lib.typed_names import refuse_direction_controls
from matches.models import Match, kind_labels
from matches.hosting import settings_rows
from matches.hosting.settings_forms import settings_fields, settings_from, shown_settings
from matches.core.start_checks import settings_problem
from matches.seasons import attendance

FROM_STATUS = ""


def player_label(member):
    """Two players called Ivy in one season cannot be told apart by name: the username helps."""
    return f"{member.display_name} ({member.user.get_username()})"


def record_words(record):
    """A seat picker's note of a player's missed deadlines this season (nothing if none)."""
    return f" · {record.words()}" if record and (record.missed or record.abandoned) else ""


class MatchSetupForm(forms.Form):
    """A draft: title and kind, the game's settings as fields, the seats chosen from the season."""

    title = forms.CharField(max_length=100, validators=[refuse_direction_controls])
    kind = forms.ChoiceField(choices=Match._meta.get_field("kind").choices)
    seed = forms.IntegerField(
        required=False,
        min_value=0,
        max_value=2**62,
        help_text="Leave blank for a random one; the same seed replays the same match.",
    )
    players = forms.ModelMultipleChoiceField(
        queryset=None,
        widget=forms.CheckboxSelectMultiple,
        help_text="Seats follow this list's order: the ticked player nearest the top sits in seat 1.",
    )
    autopilot_after = forms.IntegerField(
        required=False,  # left out: the default
        min_value=0,
        max_value=20,
        initial=2,
        label="Autopilot after",
        help_text="Missed steps in a row after which a seat's defaults are played as soon as a step opens "
        "(until its player sends a move); 0: never.",
    )
    absence_rule = forms.ChoiceField(
        required=False,
        choices=Match.ABSENCE_RULES,
        initial=Match.NO_EFFECT,
        label="A player's marked absence",
    )

    def __init__(self, season, game, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.season, self.engine = season, registry.get(game)
        members = season.players.filter(status="active").select_related("user")
        self.fields["players"].queryset = members
        on_record = attendance.records(season)  # the host picks seats knowing who misses deadlines
        self.fields["players"].label_from_instance = lambda m: player_label(m) + record_words(on_record.get(m.pk))
        self.fields["players"].label = f"Players ({self.engine.seat_range_text()})"
        self.fields.update(settings_fields(self.engine))
        self.shown = {**self.engine.default_settings, **shown_settings(self.initial)}  # what the page showed
        self.initial = {**settings_rows.initial_rows(self.engine, self.shown), **self.initial}
        self.fields.update(settings_rows.rows_fields(self.engine, self.data if self.is_bound else None, self.initial))
        self.said, self.row_problems = {}, {}  # beside each row: what the game read, or (unposted) why not
        if not self.is_bound:
            settings_rows.said_initially(self, self.engine)
        self.role_names = {}
        if self.engine.roles:
            choices = [(FROM_STATUS, "From Heaven/Hell")] + [(r, r.title()) for r in self.engine.roles]
            for member in members:
                name = f"role_{member.pk}"
                # shown only while the player is ticked to sit (static/js/depends.js); refused otherwise in clean
                when = json.dumps([str(member.pk)])
                self.fields[name] = forms.ChoiceField(
                    choices=choices,
                    required=False,
                    label=f"Role of {member.display_name}",
                    widget=forms.Select(attrs={"data-depends-on": "players", "data-when": when}),
                )
                self.role_names[member.pk] = name

    def role_fields(self):
        return [self[name] for name in self.role_names.values()]

    def setting_fields(self):
        skip = {
            "title",
            "kind",
            "seed",
            "players",
            "autopilot_after",
            "absence_rule",
            *self.role_names.values(),
            *settings_rows.row_field_names(self.engine, self),
        }
        return [self[name] for name in self.fields if name not in skip]

    def row_tables(self):
        return settings_rows.tables(self, self.engine)

    def error_summary(self):
        """(where, words) for every problem of a refused form, in the form's order: the summary at
        the top of a long form links to each (issue 40, point 9)."""
        out = []
        for name, errors in self.errors.items():
            words = " ".join(errors)
            if name not in self.fields:  # the form's own checks name what they are about
                out.append(("setup-form", words))
            elif name.endswith("__" + settings_rows.TABLE):  # a setting's rows refused as a whole
                out.append((f"rows-{name}", words))
            else:
                out.append((self[name].auto_id, f"{self._name_of(name)}: {words}"))
        out += [
            (self[n].auto_id, f"{self._name_of(n)}: {p}") for n, p in self.row_problems.items() if n not in self.errors
        ]
        return out

    def clean_autopilot_after(self):
        value = self.cleaned_data.get("autopilot_after")
        return Match._meta.get_field("autopilot_after").default if value is None else value

    def clean_absence_rule(self):
        return self.cleaned_data.get("absence_rule") or Match.NO_EFFECT

    def _name_of(self, name):
        """A field as the summary names it: a row of a group by its group too ("Board 2, Slot D",
        not a "Slot D" every board has); otherwise its label, "Title" when none was given."""
        return self.fields[name].widget.attrs.get("aria-label") or self[name].label

    def _settings_refused(self):
        """Whether a field that makes the settings is refused. A refused title or seed does not
        keep the settings from being checked: the whole form is (issue 40, point 9)."""
        names = set(settings_fields(self.engine)) | settings_rows.row_field_names(self.engine, self)
        return bool(names & set(self.errors))

    def clean(self):
        data = super().clean()
        self._refuse_roles_of_unseated(data)
        rows = settings_rows.read_rows(self, self.engine)
        if self._settings_refused():
            return data
        try:
            data["settings"] = settings_from(self.engine, data, rows, self.shown)
        except forms.ValidationError as error:
            self.add_error(None, error)
            return data
        merged = {**self.engine.default_settings, **data["settings"]}
        for spec in self.engine.settings_rows:
            problem = spec.check(merged[spec.name], merged)
            if problem:
                self.add_error(settings_rows.table_name(spec), problem)
        if not self._settings_refused() and data.get("players") is not None:
            # what the start check would refuse for the players ticked, refused here (issue 40, point 10)
            problem = settings_problem(self.engine, data["settings"], len(data["players"]))
            if problem:
                self.add_error(self._at_fault(data["settings"], len(data["players"])), problem)
        return data

    def _refuse_roles_of_unseated(self, data):
        """A role is for a player who sits: one given to a player not ticked is refused beside it,
        not dropped without a word (issue 40, point 15)."""
        seated = {m.pk for m in data.get("players") or ()}
        for pk, name in self.role_names.items():
            if data.get(name) and pk not in seated:
                who = self.fields[name].label.removeprefix("Role of ")
                self.add_error(name, f"{who} is not ticked to sit: tick them under Players, or leave the role blank.")

    def _at_fault(self, settings, seats):
        """The rows a start check's refusal is about, for the message to be beside them: the
        setting written as rows that, put back to its default, the check no longer refuses (Flat
        Earth's options, 7 for 5 players). None (the form as a whole) when no one setting is."""
        for spec in self.engine.settings_rows:
            if spec.name in settings:
                without = {k: v for k, v in settings.items() if k != spec.name}
                if settings_problem(self.engine, without, seats) is None:
                    return settings_rows.table_name(spec)
        return None

    def seats(self):
        """(season player, role) in seat order."""
        return [
            (m, self.cleaned_data.get(self.role_names.get(m.pk, ""), "") or "") for m in self.cleaned_data["players"]
        ]


class ExtendToForm(forms.Form):
    """A new deadline in the host's own time zone (the page fills `tz` from the browser)."""

    deadline = zones.local_moment_field("Deadline")
    tz = forms.CharField(required=False, max_length=64, widget=forms.HiddenInput)

    def clean(self):
        data = super().clean()
        if data.get("deadline") is not None:
            data["deadline"] = zones.to_utc(data["deadline"], data.get("tz"))
        return data


class AwardForm(forms.Form):
    """One ledger entry of a result. The extra row starts blank (kind "—"), so an untouched one is
    left out instead of failing as "required"."""

    seat = forms.TypedChoiceField(
        coerce=lambda v: None if v == "" else int(v), empty_value=None, required=False, label="Player"
    )
    kind = forms.ChoiceField(label="What")
    amount = forms.IntegerField()
    reason = forms.CharField(max_length=300)

    def __init__(self, *args, seats=(), kinds=(), earlier=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["seat"].choices = [("", "Communal pool")] + [(s.seat, s.season_player.display_name) for s in seats]
        self.fields["kind"].choices = [("", "—")] + list(kinds)
        labels = [("seat", "Player"), ("kind", "What"), ("amount", "Amount"), ("reason", "Reason")]
        if earlier:  # a seat was handed on (matches.core.substitutes): its entry may go to an earlier holder
            self.fields["holder"] = forms.TypedChoiceField(
                coerce=int,
                empty_value=None,
                required=False,
                label="To",
                choices=[("", "the seat's holder at the end")]
                + [
                    (pk, f"{player.display_name} (earlier in seat {seat + 1})")
                    for seat, players in sorted(earlier.items())
                    for pk, player in players.items()
                ],
            )
            labels.append(("holder", "To"))
        for name, words in labels:
            self.fields[name].widget.attrs["aria-label"] = words  # the table's headers say it to the eye


class BaseAwardFormSet(forms.BaseFormSet):
    def add_fields(self, form, index):
        super().add_fields(form, index)
        form.fields["DELETE"].widget.attrs["aria-label"] = "Drop this entry"


AwardFormSet = forms.formset_factory(AwardForm, formset=BaseAwardFormSet, extra=1, can_delete=True)


class NewSeasonForm(forms.Form):
    name = forms.CharField(
        max_length=100,
        label="Name of the new season",
        validators=[refuse_direction_controls],
        help_text="Its address is made from the name; you will host it.",
    )


class AddPlayerForm(forms.Form):
    players = forms.CharField(
        max_length=20_000,
        label="Players, one a line",
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text="\"Name in this season, username\" or just \"username\". A new username creates the account "
        "and its invite link; an existing one joins as it is, or is invited if it belongs to a season you "
        "do not host. All are added, or none.",
    )


class StatusForm(forms.Form):
    """Heaven or Hell for the players ticked, with the reason kept in the season's history."""

    realm = forms.ChoiceField(choices=[(HEAVEN, "Heaven"), (HELL, "Hell")], label="Send to")
    players = forms.ModelMultipleChoiceField(
        queryset=None, widget=forms.CheckboxSelectMultiple, error_messages={"required": "Choose at least one player."}
    )
    reason = forms.CharField(
        max_length=300,
        help_text="Kept in the season's history, e.g. \"Result of the opening match\".",
        error_messages={
            "required": "Every change of Heaven or Hell needs a reason: it is kept in the season's history."
        },
    )

    def __init__(self, season, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["players"].queryset = season.players.select_related("user")
        self.fields["players"].label_from_instance = status_label


def status_label(member):
    return f"{player_label(member)}: {member.get_realm_display()}"


class BulkLedgerForm(forms.Form):
    kind = forms.ChoiceField(label="What")
    amount = forms.IntegerField(min_value=-1000, max_value=1000, help_text="Negative to take away.")
    reason = forms.CharField(max_length=300)
    everyone = forms.BooleanField(required=False, initial=True, label="Every active player")
    players = forms.ModelMultipleChoiceField(
        queryset=None, required=False, widget=forms.CheckboxSelectMultiple, label="Or these players"
    )

    def __init__(self, season, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.season = season
        self.fields["kind"].choices = list(kind_labels(season).items())
        self.fields["players"].queryset = season.players.select_related("user")
        self.fields["players"].label_from_instance = player_label

    def chosen_players(self):
        if self.cleaned_data["players"]:
            return list(self.cleaned_data["players"])
        if self.cleaned_data["everyone"]:
            return list(self.season.players.filter(status="active"))
        return []
