"""The log's lines, written in Python (matches/templatetags/log_lines.py) for speed, are byte for
byte what the template's loop wrote: every kind of line (public, the viewer's own private one,
another seat's private one read after the end, the host's), text that needs escaping and line
breaks, and the empty log, for a player, a spectator and the host."""

from types import SimpleNamespace

from django.template import Context, Template
from django.test import SimpleTestCase

from games.engine_api import Viewer

# The loop as _live_state.html had it before the tag (issue 34's benchmark)
LOOP = Template("""{% for event in events reversed %}
  <li class="event event-{{ event.visibility }}" data-seq="{{ event.number }}">{% if event.visibility == "private" %}<span class="tag">{% if viewer.seat == event.seat %}private{% else %}private to {{ event.seat_name }}{% endif %}</span> {% elif event.visibility == "host" %}<span class="tag">host</span> {% endif %}{{ event.text|linebreaksbr }}</li>
{% empty %}<li>Nothing has happened yet.</li>{% endfor %}""")
TAG = Template("{% load log_lines %}{% log_lines events viewer %}")


def line(number, visibility, text, seat=None, seat_name=""):
    return SimpleNamespace(number=number, visibility=visibility, text=text, seat=seat, seat_name=seat_name)


EVENTS = [
    line(1, "public", "Round 1 opens: <b>Bids</b> & \"quotes\"."),
    line(2, "private", "Your Coins -3,\nnow 7.", seat=0, seat_name="Ada"),
    line(3, "private", "A note from the host: <script>alert(1)</script>", seat=1, seat_name="<Ben & Co>"),
    line(4, "host", "Host: opened round 2.\r\nSecond line.\rThird."),
    line(1000, "public", ""),
]


class LogLinesTestCase(SimpleTestCase):
    def test_it_writes_what_the_template_loop_wrote_for_every_viewer(self):
        for viewer in (Viewer.for_seat(0), Viewer.for_seat(1), Viewer.spectator(), Viewer.host()):
            for events in (EVENTS, EVENTS[:1], []):
                with self.subTest(viewer=viewer, lines=len(events)):
                    context = {"events": events, "viewer": viewer}
                    self.assertEqual(TAG.render(Context(context)), LOOP.render(Context(context)))

    def test_it_escapes_what_players_and_hosts_wrote(self):
        html = TAG.render(Context({"events": EVENTS, "viewer": Viewer.host()}))
        self.assertIn("private to &lt;Ben &amp; Co&gt;", html)
        self.assertIn("&lt;script&gt;alert(1)&lt;/script&gt;", html)
        self.assertIn("Your Coins -3,<br>now 7.", html)
        self.assertNotIn("<script>", html)
