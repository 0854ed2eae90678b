"""A stored submission in words: {"target": 695, "P": 695, "Q": 0} reads "target 695, P 695,
Q 0"; lists are joined and nested objects put in brackets, so nothing shows as Python. A stored
submission reads in the words of the form it answered (`said`, written with it), so a chosen
card shows as the player saw it, not by its id; `readable` is for what has no such words."""

from django import template

from matches.seasons.ledger_words import change_words

register = template.Library()


@register.filter
def readable(value):
    if value is None or value == {} or value == []:
        return "nothing"
    if isinstance(value, dict):
        return ", ".join(f"{str(key).replace('_', ' ')} {_part(item)}" for key, item in value.items())
    return _part(value)


def _part(value):
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict):
        return f"({readable(value)})"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_part(item) for item in value) + "]" if value else "none"
    return "nothing" if value is None else str(value)


@register.filter
def said(submission):
    """A submission as its form said it (its fields' labels, its choices' labels), else readable."""
    return submission.said or readable(submission.payload)


@register.filter
def award_words(award):
    """A proposed or confirmed season award (presenters.named_awards) as a person says it: "Otto is
    eliminated", "Ada gains 2 tokens of life", never "Otto: +1 Eliminated"."""
    return change_words(award["name"], award["kind"], award["amount"], {award["kind"]: award["kind_name"]})
