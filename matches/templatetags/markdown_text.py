"""Markdown a host writes (a host-run game's rules text), rendered by markdown-it-py and then
sanitised by nh3, never by hand: raw HTML in the text is escaped by the renderer, and the
sanitiser keeps only the tags of text (no images, scripts, styles or event attributes), links
only to http, https and mailto, each marked nofollow and noopener."""

import nh3
from django import template
from django.utils.safestring import mark_safe
from markdown_it import MarkdownIt

register = template.Library()

LONGEST = 30_000  # characters rendered: the rules rows hold at most 80 lines of 300
_RENDERER = MarkdownIt("commonmark", {"html": False, "linkify": False})
TAGS = {"p", "br", "hr", "em", "strong", "code", "pre", "blockquote", "ul", "ol", "li", "h2", "h3", "h4", "a"}
# a heading the host writes as "# " must not compete with the page's own h1: every level moves down one
_HEADINGS = (
    ("<h6", "<h6"),
    ("</h6", "</h6"),
    ("<h5", "<h6"),
    ("</h5", "</h6"),
    ("<h4", "<h5"),
    ("</h4", "</h5"),
    ("<h3", "<h4"),
    ("</h3", "</h4"),
    ("<h2", "<h3"),
    ("</h2", "</h3"),
    ("<h1", "<h2"),
    ("</h1", "</h2"),
)


def render(text):
    if not isinstance(text, str) or not text.strip():
        return ""
    html = _RENDERER.render(text[:LONGEST])
    for old, new in _HEADINGS:
        html = html.replace(old, new)
    return nh3.clean(
        html,
        tags=TAGS,
        attributes={"a": {"href", "title"}},
        url_schemes={"http", "https", "mailto"},
        link_rel="nofollow noopener noreferrer",
    )


@register.filter
def markdown(text):
    """`text` as sanitised HTML (empty for anything that is not text)."""
    return mark_safe(render(text))
