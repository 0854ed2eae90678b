"""Django forms built from an engine's FormSpec. The form only coerces types and enforces the
spec's bounds; the engine's validate_submission decides what is legal."""

import functools
import json

from django import forms
from django.core.exceptions import NON_FIELD_ERRORS

from games import engine_api

from matches.lib.bounded_cache import BoundedCache


class SharedChoices:
    """Every form copies its fields (Django deep-copies them per form), and deep-copying a
    field's choices was most of building a move's form. An engine's choices come from a frozen
    spec and no form changes them in place, so the copies share them."""

    def __deepcopy__(self, memo):
        result = forms.Field.__deepcopy__(self, memo)
        result._choices = self._choices
        return result


class ChoiceField(SharedChoices, forms.ChoiceField):
    pass


class MultipleChoiceField(SharedChoices, forms.MultipleChoiceField):
    pass


def field_for(spec, form_spec=None):
    """The Django form field for one engine Field (of `form_spec`, which a dependent field's
    hint names its controlling choice from). A dependent field is never required at this level:
    EngineForm.clean requires it when it applies."""
    required = spec.required and not spec.depends_on
    common = {"label": spec.label, "required": required, "help_text": _with_hint(spec, form_spec)}
    if spec.kind == engine_api.INT:
        field = forms.IntegerField(min_value=spec.min_value, max_value=spec.max_value, **common)
    else:
        field = _other_field(spec, required, common)
    if spec.depends_on:  # for static/js/depends.js (EngineForm prefixes the name as the form does)
        field.widget.attrs.update({"data-depends-on": spec.depends_on, "data-when": json.dumps(list(spec.when))})
    return field


def _other_field(spec, required, common):
    if spec.kind == engine_api.CHOICE:
        choices = list(spec.choices) if required else [("", "—")] + list(spec.choices)
        return ChoiceField(choices=choices, **common)
    if spec.kind == engine_api.RADIO:
        return ChoiceField(choices=list(spec.choices), widget=forms.RadioSelect(attrs={"class": "taps"}), **common)
    if spec.kind == engine_api.MULTICHOICE:
        return MultipleChoiceField(choices=spec.choices, widget=forms.CheckboxSelectMultiple, **common)
    if spec.kind == engine_api.TEXT:
        return forms.CharField(max_length=spec.max_length, **common)
    raise ValueError(f"Unknown field kind {spec.kind!r}")


def goes_with(spec, form_spec):
    """The words for what a dependent field goes with: "Raise", "Raise or All in", or "an
    answer to Action" (any value). The controlling field's choice labels, never its ids."""
    control = next((f for f in (form_spec.fields if form_spec else ()) if f.name == spec.depends_on), None)
    if control is None:
        return f"an answer to {spec.depends_on}"
    if not spec.when:
        return f"an answer to {control.label.rstrip('.:?')}"
    labels = {str(v): label for v, label in control.choices}
    return " or ".join(labels.get(w, w) for w in spec.when)


def _with_hint(spec, form_spec):
    """The field's help, after the hint a page without script shows ("Only with Raise.")."""
    if not spec.depends_on:
        return spec.help
    return f"Only with {goes_with(spec, form_spec)}. {spec.help}".strip()


# The HTML of unbound forms, by form class, prefix and initial values. Django renders a form
# through a template per widget and per choice, which was most of a player's page; an unbound
# form's HTML depends on nothing else, and a player's page and its live updates show the same
# forms until their phase changes.
RENDERED = BoundedCache(2048)


class EngineForm(forms.Form):
    shared = False  # True for the one class per spec (`_form_class`), whose renders are kept
    spec = engine_api.NO_FORM  # the FormSpec the class was built from

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.prefix:  # a dependent field names its controlling field as it is posted
            for f in self.spec.fields:
                if f.depends_on:
                    self.fields[f.name].widget.attrs["data-depends-on"] = self.add_prefix(f.depends_on)

    def clean(self):
        """Dependent fields: one that does not apply is refused when filled in (the engine would
        receive a value that means nothing with the choice made) and left out otherwise; one that
        applies and is required must be given. Fields are read in order, so a field whose own
        controlling field did not apply does not apply either."""
        cleaned = super().clean()
        given = {}
        for f in self.spec.fields:
            if f.name not in cleaned or f.depends_on in self.errors:  # an error of its own, or of
                continue  # its controlling field, is reported already
            blank = cleaned[f.name] in (None, "", [])
            if not f.applies(given):
                if not blank:
                    self.add_error(None, f"{f.label.rstrip('.:?')} goes only with {goes_with(f, self.spec)}.")
                cleaned.pop(f.name)
                continue
            if blank and f.required and f.depends_on:
                self.add_error(None, f"{f.label.rstrip('.:?')} is required with {goes_with(f, self.spec)}.")
            if not blank:
                given[f.name] = cleaned[f.name]
        return cleaned

    def as_div(self):
        key = self._render_key()
        if key is None:
            return super().as_div()
        return RENDERED.get(key, super().as_div)

    def _render_key(self):
        """What an unbound form's HTML depends on, or None when it must be rendered afresh (bound
        forms show the posted data and errors; a class of its own would never be asked again)."""
        if self.is_bound or not self.shared:
            return None
        try:
            return type(self), self.prefix, json.dumps(self.initial, sort_keys=True)
        except TypeError:  # an initial value JSON cannot spell, so no key can stand for it
            return None


def _new_form_class(spec, shared):
    return type(
        "EngineForm",
        (EngineForm,),
        {"shared": shared, "spec": spec, **{f.name: field_for(f, spec) for f in spec.fields}},
    )


@functools.lru_cache(maxsize=1024)
def _form_class(spec):
    """One Django form class per FormSpec (specs are frozen, so equal specs share a class):
    building the class costs more than a whole submission's engine work."""
    return _new_form_class(spec, shared=True)


def build_form(spec, data=None, initial=None, prefix=None):
    try:
        form_class = _form_class(spec)
    except TypeError:  # an unhashable `initial` in some field: build it afresh
        form_class = _new_form_class(spec, shared=False)
    initial = {**{f.name: f.initial for f in spec.fields if f.initial is not None}, **(initial or {})}
    return form_class(data=data, initial=initial, prefix=prefix)


def cleaned_payload(form):
    """The form's data with blank optional values left out (a partial submission)."""
    return {k: v for k, v in form.cleaned_data.items() if v not in (None, "", [])}


def form_errors_text(form):
    parts = []
    for name, errors in form.errors.items():
        if name == NON_FIELD_ERRORS:  # the form's own checks name their fields themselves
            parts.append(" ".join(errors))
            continue
        label = form.fields[name].label if name in form.fields else "Form"
        parts.append(f"{label}: {' '.join(errors)}")
    return " ".join(parts)


def unexpected_fields(form, posted):
    """Posted names the form does not have: a forged or stale form is refused, not trimmed."""
    expected = {form.add_prefix(name) for name in form.fields} | {"csrfmiddlewaretoken"}
    return sorted(name for name in posted if name not in expected)


def said(spec, payload):
    """A submission in the words of the form it answers: each field by its label, each chosen
    value by its choice's label ("Card: 2 red; Slot: B: Now: ..."), so no id shows. "" when the
    payload is not the form's (an engine's own shape): the page then shows it as stored."""
    fields = {f.name: f for f in spec.fields}
    if not isinstance(payload, dict) or not payload or not set(payload) <= set(fields):
        return ""
    parts = []
    for name, value in payload.items():
        field = fields[name]
        labels = {str(v): label for v, label in field.choices or ()}
        values = value if isinstance(value, list | tuple) else [value]
        if any(isinstance(v, dict | list | tuple) for v in values):
            return ""
        shown = ", ".join(labels.get(str(v), "yes" if v is True else "no" if v is False else str(v)) for v in values)
        parts.append(f"{field.label.rstrip('.:')}: {shown or 'none'}")
    return "; ".join(parts)
