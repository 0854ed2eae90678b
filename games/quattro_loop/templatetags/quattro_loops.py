"""A loop as a picture: seven slots on a ring, A at the top, clockwise, each card in its colour
with its value, empty slots dashed, slots with an immediate (`now`) effect ringed in purple, the
round's best quattro outlined in gold. Drawn on the server from the viewer's view."""

import math

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

register = template.Library()

SIZE, CENTRE, RING, CARD = 250, 125, 82, 24
FILL = {"red": "#d64541", "blue": "#2f6fd0", "green": "#2e9d4f", "yellow": "#f0c419", None: "#f4f4f4"}
INK = {"yellow": "#222", None: "#222"}


def _xy(index, radius):
    angle = -math.pi / 2 + index * 2 * math.pi / 7
    return f"{CENTRE + radius * math.cos(angle):.1f}", f"{CENTRE + radius * math.sin(angle):.1f}"


@register.simple_tag
def loop_ring(loop, label, pick=""):
    """`pick`: the form field a tap on an empty slot chooses (the viewer's own loop), for static/js/pick.js;
    a slot with a "pick" of its own ({"field", "value"}: a card a question offers) chooses that."""
    shapes = []
    for i, slot in enumerate(loop):
        start = len(shapes)
        x, y = _xy(i, RING)
        lx, ly = _xy(i, RING + CARD + 10)
        immediate = slot.get("now", False)
        stroke = "#d4a017" if slot["best"] else ("#7b3fb5" if immediate else "#666")
        width = "5" if slot["best"] else ("3" if immediate else "1.5")
        if slot["value"] is None:
            shapes.append(
                format_html(
                    '<circle cx="{}" cy="{}" r="{}" fill="#fff" stroke="{}" stroke-width="{}" stroke-dasharray="4 3"/>',
                    x,
                    y,
                    CARD,
                    stroke,
                    width,
                )
            )
        else:
            shapes.append(
                format_html(
                    '<circle cx="{}" cy="{}" r="{}" fill="{}" stroke="{}" stroke-width="{}"/>'
                    '<text x="{}" y="{}" text-anchor="middle" dominant-baseline="central" font-size="20" '
                    'font-weight="700" fill="{}">{}</text>',
                    x,
                    y,
                    CARD,
                    FILL[slot["colour"]],
                    stroke,
                    width,
                    x,
                    y,
                    INK.get(slot["colour"], "#fff"),
                    slot["value"],
                )
            )
        shapes.append(
            format_html(
                '<text x="{}" y="{}" text-anchor="middle" dominant-baseline="central" '
                'font-size="15" fill="#333">{}</text>',
                lx,
                ly,
                slot["slot"],
            )
        )
        # an empty slot of the viewer's own loop picks a slot; a card a question offers picks it
        offer = {"field": pick, "value": slot["slot"]} if pick and slot["value"] is None else slot.get("pick")
        if offer:
            shapes[start:] = [
                format_html(
                    '<g class="pick-slot{}" data-pick-field="{}" data-pick-value="{}">{}</g>',
                    " offered" if slot["value"] is not None else "",
                    offer["field"],
                    offer["value"],
                    mark_safe("".join(shapes[start:])),
                )
            ]
    return format_html(
        '<svg class="loop-ring" viewBox="0 0 {} {}" role="img" aria-label="{}">{}</svg>',
        SIZE,
        SIZE,
        label,
        mark_safe("".join(shapes)),
    )


@register.filter
def colour_class(colour):
    return f"card-{colour or 'zero'}"


@register.simple_tag
def legend():
    items = [
        ("#7b3fb5", "3", "", "immediate (now) effect"),
        ("#d4a017", "5", "", "best quattro this round"),
        ("#666", "1.5", "4 3", "empty slot"),
    ]
    return format_html_join(
        "",
        '<span class="legend-item"><svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">'
        '<circle cx="10" cy="10" r="7" fill="#fff" stroke="{}" stroke-width="{}" stroke-dasharray="{}"/>'
        '</svg> {}</span>',
        items,
    )


@register.simple_tag
def board_catalogue():
    """The ready sets and the generator's catalogue, in notation and in words, for the rules page."""
    from games.quattro_loop.engine import boards, notation

    def said(line):
        return {"line": line, "words": notation.words(notation.parse(line))}

    return {
        "sets": [
            {"name": name, "boards": [[said(line) for line in board] for board in sets]}
            for name, sets in boards.READY_SETS.items()
        ],
        "now": [said(line) for line in boards.NOW_LINES],
        "end": [said(line) for line in boards.END_LINES],
    }
