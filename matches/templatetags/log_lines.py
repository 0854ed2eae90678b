"""The match log's lines (templates/matches/_live_state.html), written in Python: the log is
the one part of a page that grows with the match (a 20-round, 30-seat host-run match shows
about a thousand lines, issue 34), and the template's loop cost about six template nodes a line
for every viewer of every page and socket update. The output is byte for byte the loop's
(tests/live/test_log_lines.py renders both)."""

from django import template
from django.template.defaultfilters import linebreaksbr
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe

register = template.Library()


@register.simple_tag
def log_lines(events, viewer):
    """Newest first; a private line says whose it is (after the end everyone reads them all)."""
    if not events:
        return mark_safe("<li>Nothing has happened yet.</li>")
    out = []
    for event in reversed(events):
        if event.visibility == "private":
            whose = "private" if viewer.seat == event.seat else f"private to {conditional_escape(event.seat_name)}"
            tag = f'<span class="tag">{whose}</span> '
        elif event.visibility == "host":
            tag = '<span class="tag">host</span> '
        else:
            tag = ""
        out.append(
            f'\n  <li class="event event-{conditional_escape(event.visibility)}" data-seq="{event.number}">'
            f"{tag}{linebreaksbr(event.text, autoescape=True)}</li>\n"
        )
    return mark_safe("".join(out))
