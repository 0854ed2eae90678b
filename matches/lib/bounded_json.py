"""JSON from people (a host's expert settings, the admin's JSON fields), bounded in size and in
depth before it is parsed: Python's parser recurses, so `[` x 50,000 is a RecursionError, and a
megabyte of settings is nobody's honest input."""

import json

from django import forms

MAX_CHARS = 100_000
MAX_DEPTH = 20


class TooLarge(ValueError):
    pass


def depth(text):
    """The deepest nesting of arrays and objects in `text`, strings skipped (a quick scan that
    never recurses; it need not validate, json.loads does that next)."""
    deepest = level = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            level += 1
            deepest = max(deepest, level)
        elif char in "]}":
            level -= 1
    return deepest


def loads(text, max_chars=MAX_CHARS, max_depth=MAX_DEPTH):
    """json.loads, refusing with TooLarge (a ValueError) what is too long or too deep."""
    if len(text) > max_chars:
        raise TooLarge(f"it is longer than {max_chars:,} characters")
    if depth(text) > max_depth:
        raise TooLarge(f"it is nested deeper than {max_depth} levels")
    return json.loads(text)


class BoundedJSONField(forms.JSONField):
    """The admin's JSON fields, with the same bounds."""

    def to_python(self, value):
        if isinstance(value, str) and not self.disabled:
            try:
                if len(value) > MAX_CHARS or depth(value) > MAX_DEPTH:
                    loads(value)
            except TooLarge as error:
                raise forms.ValidationError(f"Not accepted: {error}.", code="invalid") from None
        try:
            return super().to_python(value)
        except ValueError as error:  # not a JSONDecodeError, so Django lets it through: a number of 5,000 digits
            raise forms.ValidationError(f"Not accepted: {error}.", code="invalid") from None

    def bound_data(self, data, initial):
        """What the form shows again after a refusal: the text as typed (cut short if huge)."""
        if isinstance(data, str) and (len(data) > MAX_CHARS or depth(data) > MAX_DEPTH):
            return forms.fields.InvalidJSONInput(data[:1000])
        try:
            return super().bound_data(data, initial)
        except ValueError:
            return forms.fields.InvalidJSONInput(data[:1000])
