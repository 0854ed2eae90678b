"""The rules text a host writes is Markdown, rendered by markdown-it-py and sanitised by nh3:
what makes text (emphasis, lists, headings, links) survives; scripts, raw HTML, images, event
attributes and script links do not."""

from html.parser import HTMLParser

from matches.templatetags.markdown_text import render


def test_it_renders_the_markdown_of_a_rules_text():
    html = render(
        "# Auction\n\nBid **Coins**, *once*.\n\n- highest wins\n- ties cancel\n\n[archive](https://example.org/a)"
    )
    assert "<h2>Auction</h2>" in html  # moved down a level: the page's own title is the h1
    assert "<strong>Coins</strong>" in html and "<em>once</em>" in html and "<li>ties cancel</li>" in html
    assert '<a href="https://example.org/a" rel="nofollow noopener noreferrer">archive</a>' in html


class Tags(HTMLParser):
    """Every tag and attribute of some HTML, as a browser would read them (text stays text)."""

    def __init__(self, html):
        super().__init__()
        self.found = []
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.found.append((tag, dict(attrs)))


def test_it_lets_no_hostile_markdown_through():
    for hostile in [
        "<script>alert(1)</script>",
        "<img src=x onerror=alert(1)>",
        "[x](javascript:alert(1))",
        "![pixel](https://tracker.example/p.png)",
        "<a href='https://x' onclick='alert(1)'>x</a>",
        "<iframe src='https://x'></iframe>",
        "[x](data:text/html;base64,PHNjcmlwdD4=)",
        "<style>body{display:none}</style>",
        "[x](vbscript:msgbox)",
        '<div style="position:fixed">x</div>',
        "[x](JaVaScRiPt:alert(1))",
        "<svg onload=alert(1)>",
        "[x]( javascript:alert(1))",
    ]:
        for tag, attrs in Tags(render(hostile)).found:
            assert tag in {"p", "a", "em", "strong"}, (hostile, tag)
            assert set(attrs) <= {"href", "rel"}, (hostile, attrs)
            assert attrs.get("href", "https:").split(":")[0] in ("https", "http", "mailto"), (hostile, attrs)


def test_it_renders_nothing_for_what_is_not_text_and_bounds_what_it_renders():
    assert render(None) == render(["# x"]) == render("   ") == ""
    assert len(render("a" * 100_000)) < 31_000
