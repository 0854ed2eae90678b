"""The header's "your move" list on a page: the player's other matches (never the one the page
is about), and how many of them wait on the player, for the one line a match page folds them into."""

from django import template

register = template.Library()


@register.filter
def elsewhere(seats, match):
    """The seats of matches other than the page's own."""
    here = getattr(match, "pk", None)
    return [seat for seat in seats if seat.match_id != here]


@register.filter
def waiting_count(seats):
    return sum(1 for seat in seats if seat.waiting)
