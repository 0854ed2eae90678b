"""The picture of the four races: one track per race, a lane per athlete, a dot for where the
athlete stood after each round. Drawn on the server from the viewer's view (public numbers
only), so it needs no script and shows the same on a phone."""

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

register = template.Library()

# Narrow on purpose: the picture is scaled to the screen, and on a phone a wider one shrinks its
# labels below reading size.
WIDTH, LANE, LEFT, RIGHT, TOP = 420, 30, 66, 24, 26


@register.filter
def metres(decimetres):
    """Whole decimetres as metres, signed where it is a movement: 15 -> "1.5"."""
    return f"{decimetres / 10:g}"


def _n(number):
    """Coordinates with one decimal: format_html escapes its arguments to strings first."""
    return f"{number:.1f}"


def positions(moves):
    out, total = [0], 0
    for move in moves:
        total += move
        out.append(total)
    return out


@register.simple_tag
def race_track(view, race, only_mine=False):
    """`only_mine`: the viewer's own athletes' lanes alone, on the scale of the whole race."""
    field = sorted((a for a in view["athletes"] if a["race"] == race), key=lambda a: a["number"])
    if not field:
        return "" if only_mine else mark_safe('<p class="muted">Nobody runs this race.</p>')
    mine = {a["number"] for a in view.get("mine", [])}
    athletes = [a for a in field if a["number"] in mine] if only_mine else field
    if not athletes:
        return ""
    tracks = {a["number"]: positions(a["moves"]) for a in field}
    low = min(min(p) for p in tracks.values())
    high = max(max(max(p) for p in tracks.values()), low + 10)
    span = high - low

    def x(decimetres):
        return LEFT + (decimetres - low) * (WIDTH - LEFT - RIGHT) / span

    height = TOP + LANE * len(athletes) + 8
    lanes = []
    for lane, athlete in enumerate(athletes):
        y = TOP + LANE * lane + LANE / 2
        track = tracks[athlete["number"]]
        trail = " ".join(f"{x(p):.1f},{y:.1f}" for p in track)
        steps = format_html_join(
            "",
            '<circle cx="{}" cy="{}" r="2.5" class="step"><title>after round {}: {} m</title></circle>',
            ((_n(x(p)), _n(y), i, metres(p)) for i, p in enumerate(track) if i),
        )
        state = (" down" if athlete["down"] else "") + (" mine" if athlete["number"] in mine else "")
        label = f"#{athlete['number']}" + (" ★" if athlete["number"] in mine else "")
        lanes.append(
            format_html(
                '<g class="lane{}"><text x="4" y="{}" class="lane-label">{}</text>'
                '<line x1="{}" y1="{}" x2="{}" y2="{}" class="lane-line"/>'
                '<polyline points="{}" class="trail"/>{}'
                '<circle cx="{}" cy="{}" r="7" class="runner"><title>#{}: {} m</title></circle></g>',
                state,
                _n(y + 5),
                label,
                LEFT,
                _n(y),
                WIDTH - RIGHT,
                _n(y),
                trail,
                steps,
                _n(x(track[-1])),
                _n(y),
                athlete["number"],
                metres(athlete["distance"]),
            )
        )
    zero = x(0)
    return format_html(
        '<svg class="race-track" viewBox="0 0 {} {}" role="img" aria-label="{} in this race after each round">'
        '<line x1="{}" y1="8" x2="{}" y2="{}" class="start"/><text x="{}" y="16" class="axis">0 m</text>'
        '<text x="{}" y="16" class="axis" text-anchor="end">{} m</text>{}</svg>',
        WIDTH,
        _n(height),
        "Your athletes' positions" if only_mine else "Positions",
        _n(zero),
        _n(zero),
        _n(height),
        _n(zero + 3),
        WIDTH - RIGHT,
        metres(high),
        format_html_join("", "{}", ((lane,) for lane in lanes)),
    )
