"""A moment typed in a person's own time zone (a datetime-local field, and the zone their browser
named), as the UTC the platform stores. Pages fill an `input.tz` from the browser (static/js/match.js)."""

import zoneinfo
from datetime import timezone

from django import forms
from django.utils.timezone import is_aware, make_aware, make_naive

LOCAL_INPUT_FORMATS = ["%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d %H:%M"]


def local_moment_field(label):
    return forms.DateTimeField(
        label=label, input_formats=LOCAL_INPUT_FORMATS, widget=forms.DateTimeInput(attrs={"type": "datetime-local"})
    )


def to_utc(when, zone_name):
    """`when` as read by a form (naive, or aware in the server's zone) read as a wall clock time in
    `zone_name`, in UTC. Raises forms.ValidationError for an unknown zone or a date out of range."""
    try:
        zone = zoneinfo.ZoneInfo(zone_name or "UTC")
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, OSError):  # OSError: a folder's name ("America")
        raise forms.ValidationError("Unknown time zone.") from None
    local = make_aware(make_naive(when) if is_aware(when) else when, zone)
    try:
        return local.astimezone(timezone.utc)
    except OverflowError:  # 9999-12-31 in a zone behind UTC is past the last date Python has
        raise forms.ValidationError("That date is out of range.") from None
