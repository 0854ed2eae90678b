"""The plane as a picture: the four vectors from the origin with their labels and angles, and
the paths the viewer may know (their own; everyone's at the end and for the host), winners
marked. Drawn on the server from the viewer's view; a table beside it gives the exact figures."""

import math

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

register = template.Library()

SIZE, HALF, ARROW = 360, 180, 120
VECTOR_COLOURS = {"A": "#c0392b", "B": "#2471a3", "C": "#196f3d", "D": "#7d6608"}
PATH_COLOURS = (
    "#555",
    "#8e44ad",
    "#d35400",
    "#16a085",
    "#7f8c8d",
    "#2c3e50",
    "#c0392b",
    "#27ae60",
    "#2980b9",
    "#f39c12",
    "#6c3483",
    "#117864",
    "#784212",
    "#1b4f72",
    "#922b21",
    "#196f3d",
    "#9a7d0a",
    "#5b2c6f",
    "#0e6655",
    "#a04000",
)


def _n(value):
    return f"{value:.1f}"


@register.simple_tag
def plane(view):
    paths = view.get("all_paths") or (
        [{"name": "you", "path": view["me"]["path"], "winner": False}] if view.get("me") else []
    )
    extent = max([5.0] + [abs(c) / 100 for p in paths for point in p["path"] for c in point]) * 1.1
    scale = (HALF - 20) / extent
    parts = [
        format_html(
            '<line x1="0" y1="{}" x2="{}" y2="{}" stroke="#ddd"/><line x1="{}" y1="0" x2="{}" y2="{}" stroke="#ddd"/>',
            HALF,
            SIZE,
            HALF,
            HALF,
            HALF,
            SIZE,
        )
    ]
    for name, angle in view["vectors"].items():
        rad = math.radians(angle)
        x, y = HALF + ARROW * math.cos(rad), HALF - ARROW * math.sin(rad)
        lx, ly = HALF + (ARROW + 28) * math.cos(rad), HALF - (ARROW + 28) * math.sin(rad)
        parts.append(
            format_html(
                '<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{}" stroke-width="3" marker-end="url(#arrow-{})"/>'
                '<text x="{}" y="{}" text-anchor="middle" dominant-baseline="central" font-size="13" font-weight="700" fill="{}">{} {}°</text>',
                HALF,
                HALF,
                _n(x),
                _n(y),
                VECTOR_COLOURS[name],
                name,
                _n(lx),
                _n(ly),
                VECTOR_COLOURS[name],
                name,
                angle,
            )
        )
    for i, p in enumerate(paths):
        colour = PATH_COLOURS[i % len(PATH_COLOURS)]
        points = " ".join(f"{_n(HALF + x / 100 * scale)},{_n(HALF - y / 100 * scale)}" for x, y in p["path"])
        last_x, last_y = p["path"][-1]
        cx, cy = HALF + last_x / 100 * scale, HALF - last_y / 100 * scale
        parts.append(
            format_html(
                '<polyline points="{}" fill="none" stroke="{}" stroke-width="2"/><circle cx="{}" cy="{}" r="{}" fill="{}" stroke="#000" stroke-width="{}"/>'
                '<text x="{}" y="{}" font-size="11" fill="{}">{}</text>',
                points,
                colour,
                _n(cx),
                _n(cy),
                "6" if p["winner"] else "4",
                colour,
                "2" if p["winner"] else "0.5",
                _n(cx + 7),
                _n(cy - 7),
                colour,
                p["name"] + (" ★" if p["winner"] else ""),
            )
        )
    markers = format_html_join(
        "",
        '<marker id="arrow-{}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" '
        'orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="{}"/></marker>',
        VECTOR_COLOURS.items(),
    )
    return format_html(
        '<svg class="plane" viewBox="0 0 {} {}" role="img" aria-label="The plane: vectors and paths">'
        '<defs>{}</defs>{}<text x="6" y="{}" font-size="10" fill="#777">grid: 1 unit = {} px</text></svg>',
        SIZE,
        SIZE,
        markers,
        mark_safe("".join(parts)),
        SIZE - 6,
        _n(scale),
    )
