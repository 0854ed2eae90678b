"""Expert settings written as rows of text on the setup form, for any game that declares them
(`engine.settings_rows`, games/settings_rows.py): one text field per row, read by the game's
own parser, what it understood said back beside the row, a refusal beside the row it concerns.
Nothing here knows a game.

The same settings stay in the expert JSON box (import and export). Which one counts, when both
came in the post: the one the host changed. Rows as they were shown (untouched) let the JSON
import; changed rows write over the JSON as it was shown; both changed, to different values, is
refused beside the JSON box, so nothing is guessed (`agree`)."""

from django import forms

from games.engine_api import Invalid, RowProblems

TABLE = "rows"  # suffix of the hidden field a refusal of a setting's rows as a whole is shown on


def row_name(spec, row):
    return f"{spec.name}__{row}"


def table_name(spec):
    return f"{spec.name}__{TABLE}"


def initial_rows(engine, merged):
    """Initial values of every row field for stored (merged) settings."""
    initial = {}
    for spec in engine.settings_rows:
        texts = spec.texts(merged.get(spec.name))
        count = spec.groups_for(merged.get(spec.name)) * spec.group_size
        initial.update({row_name(spec, i): text for i, text in enumerate((texts + [""] * count)[:count])})
    return initial


def _row_count(spec, data, initial):
    """Rows shown: those posted (up to the last group with any text, plus the spare ones), or,
    before any post, those of the stored value."""
    most = spec.max_groups * spec.group_size
    if data is not None and row_name(spec, 0) in data:
        posted = [i for i in range(most) if str(data.get(row_name(spec, i)) or "").strip()]
        groups = (posted[-1] // spec.group_size + 1 if posted else 0) + spec.spare_groups
    else:
        groups = sum(1 for i in range(most) if row_name(spec, i) in initial) // spec.group_size
    return max(spec.min_groups, min(spec.max_groups, groups)) * spec.group_size


def rows_fields(engine, data, initial):
    fields = {}
    for spec in engine.settings_rows:
        for i in range(_row_count(spec, data, initial or {})):
            name = row_name(spec, i)
            attrs = {"spellcheck": "false", "autocomplete": "off", "aria-describedby": f"id_{name}_said"}
            if i == 0 and spec.placeholder:
                attrs["placeholder"] = spec.placeholder  # an example, once: every row saying it is noise
            if spec.group_size > 1:  # "Slot A" is said of every board: a screen reader hears which
                attrs["aria-label"] = f"{spec.group_label(i // spec.group_size)}, {spec.row_label(i)}"
            fields[name] = forms.CharField(
                required=False, max_length=spec.max_length, label=spec.row_label(i), widget=forms.TextInput(attrs=attrs)
            )
        fields[table_name(spec)] = forms.CharField(required=False, widget=forms.HiddenInput)
    return fields


def _rows_of(form, spec):
    return [n for n in form.fields if n.startswith(f"{spec.name}__") and n != table_name(spec)]


def read_rows(form, engine):
    """Each row read by its game, the words kept in `form.said` and refusals added beside the
    rows. Returns {setting: value} for the settings whose rows were posted and all read."""
    values = {}
    for spec in engine.settings_rows:
        names = _rows_of(form, spec)
        if not names or names[0] not in form.data:
            continue  # a post without the rows (an older page, a script): the JSON alone counts
        reads, fine = [], True
        for i, name in enumerate(names):
            if name in form.errors:
                fine = False
                continue
            read = spec.read(i, form.cleaned_data.get(name, "").strip())
            if isinstance(read, Invalid):
                form.add_error(name, read.message)
                fine = False
            else:
                form.said[name] = read.words
                reads.append(read.value)
        if not fine:
            continue
        combined = spec.combine(reads)
        if isinstance(combined, Invalid):
            form.add_error(table_name(spec), combined.message)
        elif isinstance(combined, RowProblems):
            for i, message in sorted(combined.items()):
                form.add_error(row_name(spec, i), message)
        else:
            values[spec.name] = combined
    return values


def said_initially(form, engine):
    """Words beside the rows of a form not posted yet: each stored row read by its game."""
    for spec in engine.settings_rows:
        for i, name in enumerate(_rows_of(form, spec)):
            read = spec.read(i, str(form[name].value() or "").strip())
            if isinstance(read, Invalid):
                form.row_problems[name] = read.message
            else:
                form.said[name] = read.words


def agree(key, from_rows, from_json, shown):
    """The value of setting `key` when its rows gave `from_rows` and the JSON box `from_json`,
    both having shown `shown`: the one changed wins; both changed differently is refused."""
    if from_rows == from_json or from_rows == shown:
        return from_json
    if from_json != shown:
        raise forms.ValidationError(
            f"You changed {key} both in its rows and in the expert JSON: keep one of the two "
            f"(put the JSON's {key} back as it was to use the rows, or the rows to use the JSON)."
        )
    return from_rows


def tables(form, engine):
    """What the template draws: per setting, its heading, the refusal of its rows as a whole,
    and its groups of rows, each row a bound field with the words said back beside it."""
    drawn = []
    for spec in engine.settings_rows:
        rows = [
            {"field": form[name], "said": form.said.get(name, ""), "problem": form.row_problems.get(name, "")}
            for name in _rows_of(form, spec)
        ]
        size = spec.group_size
        groups = [
            {"label": spec.group_label(g // size) if size > 1 else "", "rows": rows[g : g + size]}
            for g in range(0, len(rows), size)
        ]
        drawn.append({"label": spec.label, "help": spec.help, "table": form[table_name(spec)], "groups": groups})
    return drawn


def row_field_names(engine, form):
    return {name for spec in engine.settings_rows for name in [*_rows_of(form, spec), table_name(spec)]}
