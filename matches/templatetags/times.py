"""Times as people read them. `time_left`: how long until a deadline, in seconds under a minute
("45 seconds", where Django's timeuntil says "0 minutes"). `utc_time`: a moment as a <time>
element that says UTC; the page's script (static/js/local_time.js) shows it in the reader's own
zone and keeps the UTC in its title, for the hover; without script UTC stays."""

from django import template
from django.template.defaultfilters import date as format_date
from django.utils.html import format_html
from django.utils.timesince import timeuntil

from matches import clock

register = template.Library()

# how a kind of moment is written in UTC (the script writes the local one alike)
STYLES = {"time": "H:i:s", "datetime": "j M H:i", "full": "Y-m-d H:i:s"}


@register.filter
def time_left(deadline):
    if not deadline:
        return ""
    now = clock.now()
    seconds = int((deadline - now).total_seconds())
    if seconds < 60:
        seconds = max(seconds, 0)
        return f"{seconds} second{'' if seconds == 1 else 's'}"
    return timeuntil(deadline, now)


@register.simple_tag
def utc_time(moment, style="datetime"):
    if not moment:
        return ""
    utc = format_date(moment, STYLES[style]) + " UTC"
    return format_html(
        '<time class="local-time" datetime="{}" data-show="{}" title="{}">{}</time>',
        moment.isoformat(),
        style,
        format_date(moment, "Y-m-d H:i:s") + " UTC",
        utc,
    )
