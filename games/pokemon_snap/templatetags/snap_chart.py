"""A Pokemon's five stats over the match as a line chart, drawn on the server: one point at the
start and one after every slot, a faint line between days. The table beside it gives the figures."""

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

from games.pokemon_snap.engine.stats import LABELS, STATS

register = template.Library()

WIDTH, HEIGHT, LEFT, TOP, BOTTOM = 360, 190, 28, 10, 30
COLOURS = {"cool": "#2471a3", "cute": "#d81b60", "clever": "#7d3c98", "tough": "#a04000", "beauty": "#1e8449"}
SLOTS_PER_DAY, DAYS = 3, 5


def _n(value):
    return f"{value:.1f}"


@register.simple_tag
def stat_chart(history):
    top = max([6] + [v for point in history for v in point])
    plot_w, plot_h = WIDTH - LEFT - 8, HEIGHT - TOP - BOTTOM
    step = plot_w / (SLOTS_PER_DAY * DAYS)

    def xy(i, v):
        return f"{LEFT + i * step:.1f},{TOP + plot_h - v * plot_h / top:.1f}"

    parts = [
        format_html(
            '<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#999"/>', LEFT, TOP + plot_h, WIDTH - 8, TOP + plot_h
        )
    ]
    for value in range(0, top + 1, max(1, top // 4)):
        y = TOP + plot_h - value * plot_h / top
        parts.append(
            format_html(
                '<text x="{}" y="{}" font-size="10" text-anchor="end" fill="#555">{}</text>'
                '<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#eee"/>',
                LEFT - 4,
                _n(y + 3),
                value,
                LEFT,
                _n(y),
                WIDTH - 8,
                _n(y),
            )
        )
    for day in range(1, DAYS + 1):
        x = LEFT + (day - 1) * SLOTS_PER_DAY * step
        parts.append(
            format_html(
                '<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#ddd" stroke-dasharray="3 3"/>'
                '<text x="{}" y="{}" font-size="10" fill="#555">day {}</text>',
                _n(x),
                TOP,
                _n(x),
                TOP + plot_h,
                _n(x + 4),
                HEIGHT - 14,
                day,
            )
        )
    for k, name in enumerate(STATS):
        points = " ".join(xy(i, point[k]) for i, point in enumerate(history))
        parts.append(
            format_html(
                '<polyline points="{}" fill="none" stroke="{}" stroke-width="2"><title>{}</title></polyline>',
                points,
                COLOURS[name],
                LABELS[name],
            )
        )
    legend = format_html_join(" ", '<span class="swatch s-{}">■ {}</span>', ((name, LABELS[name]) for name in STATS))
    svg = format_html(
        '<svg class="stat-chart" viewBox="0 0 {} {}" role="img" aria-label="Stats over the days">{}</svg>'
        '<p class="legend">{}</p>',
        WIDTH,
        HEIGHT,
        mark_safe("".join(parts)),
        legend,
    )
    return svg
