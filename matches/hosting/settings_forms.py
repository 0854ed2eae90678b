"""A match's settings as a form built from the engine's `settings_fields`: durations typed as
"10m" or "24h", choices from a list, numbers with their limits. Whatever the engine does not
declare is one JSON box of expert settings; those of them the engine writes as rows (Cosign's
operations, Quattro Loop's boards: settings_rows.py) are also rows of text, and the two agree
as `settings_rows.agree` says. The engine's `validate_settings` checks the result as it checks
settings written by hand."""

import json
import re

from django import forms

from games import engine_api

from matches.lib import bounded_json
from matches.core.engine_forms import field_for
from matches.hosting.settings_rows import agree

UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
_PART = re.compile(r"(\d{1,7})\s*([smhd])")
EXPERT = "expert_settings"


def parse_duration(text):
    """Seconds from "90s", "10m", "1h 30m", "2d": a unit is required, since "10" could mean
    seconds or minutes and a wrong guess gives a match that closes a thousand times too soon."""
    compact = (text or "").strip().lower()
    parts = _PART.findall(compact)
    if not parts or _PART.sub("", compact).strip():
        raise forms.ValidationError("Write a duration with a unit: 30s, 10m, 24h, 2d or 1h 30m.")
    return sum(int(number) * UNITS[unit] for number, unit in parts)


def format_duration(seconds):
    parts = []
    for unit in ("d", "h", "m", "s"):
        count, seconds = divmod(seconds, UNITS[unit])
        if count:
            parts.append(f"{count}{unit}")
    return " ".join(parts) or "0s"


class DurationField(forms.Field):
    widget = forms.TextInput

    def to_python(self, value):
        if value in self.empty_values:
            return None
        return parse_duration(str(value)[:40])

    def prepare_value(self, value):
        return format_duration(value) if isinstance(value, int) else value


def _settings_field(spec):
    if spec.kind == engine_api.DURATION:
        help_text = f"{spec.help} " if spec.help else ""
        return DurationField(label=spec.label, help_text=help_text + "Write it as 30s, 10m, 24h or 2d.")
    return field_for(spec)


def expert_keys(engine):
    declared = {f.name for f in engine.settings_fields}
    return sorted(k for k in engine.default_settings if k not in declared)


def settings_fields(engine):
    """The form fields of `engine`'s settings, by setting name (plus the expert JSON box)."""
    fields = {spec.name: _settings_field(spec) for spec in engine.settings_fields}
    if expert_keys(engine):
        fields[EXPERT] = forms.CharField(
            label="Expert settings (JSON)",
            required=False,
            widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false"}),
            help_text=f"{', '.join(expert_keys(engine))}: see the game's rules page. Leave as it is for the defaults.",
        )
    return fields


def initial_settings(engine, settings):
    """Form values for stored `settings` (defaults filled in)."""
    merged = {**engine.default_settings, **(settings if isinstance(settings, dict) else {})}
    initial = {}
    for spec in engine.settings_fields:
        value = merged.get(spec.name)
        initial[spec.name] = json.dumps(value) if spec.kind == engine_api.CHOICE else value
    if expert_keys(engine):
        initial[EXPERT] = json.dumps({k: merged[k] for k in expert_keys(engine)}, indent=1)
    return initial


def shown_settings(initial):
    """The expert settings a form showed (its initial JSON), for `agree`."""
    try:
        shown = json.loads((initial or {}).get(EXPERT) or "{}")
    except ValueError:
        return {}
    return shown if isinstance(shown, dict) else {}


def settings_from(engine, cleaned, rows=None, shown=None):
    """The settings dict from a valid form's data, or a ValidationError naming the problem
    beside the JSON box. `rows` are the settings read from rows, `shown` the expert settings
    the form showed. Only values that differ from the defaults are kept, so a stored match reads
    short."""
    chosen = {}
    for spec in engine.settings_fields:
        value = cleaned[spec.name]
        chosen[spec.name] = json.loads(value) if spec.kind == engine_api.CHOICE else value
    expert = _expert(engine, cleaned)
    chosen.update(expert)
    defaults, shown = engine.default_settings, shown or {}
    for key, from_rows in (rows or {}).items():
        try:
            chosen[key] = agree(key, from_rows, expert.get(key, defaults[key]), shown.get(key, defaults[key]))
        except forms.ValidationError as error:
            raise forms.ValidationError({EXPERT: error}) from None
    return {k: v for k, v in chosen.items() if engine.default_settings.get(k, object()) != v}


def _expert(engine, cleaned):
    text = (cleaned.get(EXPERT) or "").strip()
    if not text:
        return {}
    try:
        expert = bounded_json.loads(text)
    except bounded_json.TooLarge as error:
        raise forms.ValidationError({EXPERT: f"Expert settings not accepted: {error}."}) from None
    except ValueError as error:
        raise forms.ValidationError({EXPERT: f"Expert settings are not JSON: {error}."}) from None
    if not isinstance(expert, dict):
        raise forms.ValidationError({EXPERT: "Expert settings are a JSON object, {...}."})
    stray = sorted(set(expert) - set(expert_keys(engine)))
    if stray:
        raise forms.ValidationError({EXPERT: f"Expert settings do not take {', '.join(stray)}: use the form's fields."})
    return expert
