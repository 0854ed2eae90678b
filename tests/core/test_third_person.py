"""A private line is said to its owner ("You laid your 6.") and told by name to everyone else who
reads it: the host while the match runs, everyone once it has ended ("Otto laid 6."). Issue 40,
point 7: an anonymous visitor on a finished match's step page read "You laid your 6.", and its
log "private to Otto You laid your 3.".

The walk plays a whole match of every registered game with the bots (misses included: their
lines are private ones too), then reads every page a viewer may open of it, the finished log and
every step page, and what its socket is sent, as a spectator, as each seated player and as the
host: no line private to another seat reads in the second person, and each player still reads
their own lines as said to them."""

import html
import re
from datetime import datetime, timezone

from django.template import Context, Template
from django.test import Client, SimpleTestCase
from django.urls import reverse

from games import engine_api as api
from games import registry
from matches import clock
from matches.core.playtest import play_with_bots
from matches.core.presenters import told_to
from matches.core.steps import phase_states
from matches.live.sockets import SocketViewer, socket_update
from matches.models import Event
from tests.support.base import BaseTestCase

SECOND_PERSON = re.compile(r"\b(you|your|yours)\b", re.IGNORECASE)
# a private line as the log and the step pages write it: its tag, then its text
PRIVATE_LINE = re.compile(
    r'<li class="event event-private"[^>]*><span class="tag">(private(?: to [^<]*)?)</span> (.*?)</li>', re.DOTALL
)


def private_lines(page):
    """[(whose: "private" for the viewer's own or "private to <name>", the text as read)]."""
    return [(tag, html.unescape(text.replace("<br>", "\n"))) for tag, text in PRIVATE_LINE.findall(page)]


class HowALineIsToldTestCase(SimpleTestCase):
    """The words themselves, worked by hand on Black and White (Otto leads with his 6)."""

    def led(self, filled_in=frozenset()):
        engine = registry.get("black_and_white")
        seats = [api.SeatInfo(0, "Otto"), api.SeatInfo(1, "Ada")]
        state = engine.setup(seats, engine.validate_settings({}, 2), api.derive_rng(1, "setup")).state
        state = {**state, "leader": 0}
        t = engine.resolve(state, f"g{state['game']}-r{state['round']}-lead", {0: {"tile": 6}}, None, filled_in)
        (line,) = [e for e in t.events if e.visibility == api.PRIVATE]
        return line

    def test_it_says_a_laid_tile_to_its_player_and_by_name_to_the_others(self):
        line = self.led()
        self.assertEqual(line.seat, 0)
        self.assertEqual(line.text_for(api.Viewer.for_seat(0)), "You laid your 6.")
        for other in (api.Viewer.for_seat(1), api.Viewer.spectator(), api.Viewer.host()):
            self.assertEqual(line.text_for(other), "Otto laid 6.")

    def test_it_says_a_missed_step_by_name_to_the_others(self):
        line = self.led(frozenset({0}))
        self.assertEqual(line.text_for(api.Viewer.for_seat(0)), "Time ran out: the seed laid your 6.")
        self.assertEqual(line.text_for(api.Viewer.spectator()), "Time ran out for Otto: the seed laid 6.")

    def test_the_log_tags_and_tells_each_line_to_its_reader(self):
        def rows():
            told = {api.OTHERS_TEXT: "Otto laid 6."}
            return [
                Event(seq=1, visibility=Event.PRIVATE, seat=0, text="You laid your 6.", data=told),
                Event(seq=2, visibility=Event.PRIVATE, seat=0, text="You laid your 3.", data={}),  # stored before
            ]

        log = Template("{% load log_lines %}{% log_lines events viewer %}")

        def read(viewer):
            events = told_to(rows(), viewer, {0: "Otto"})
            for number, event in enumerate(events, start=1):
                event.number = number
            return log.render(Context({"events": events, "viewer": viewer}))

        spectator = read(api.Viewer.spectator())
        self.assertIn('<span class="tag">private to Otto</span> Otto laid 6.</li>', spectator)
        # a line stored before lines had a third-person text reads as it always did
        self.assertIn('<span class="tag">private to Otto</span> You laid your 3.</li>', spectator)
        self.assertIn('<span class="tag">private to Otto</span> Otto laid 6.</li>', read(api.Viewer.host()))
        self.assertIn('<span class="tag">private</span> You laid your 6.</li>', read(api.Viewer.for_seat(0)))


class EveryPageTestCase(BaseTestCase):
    def finished(self, engine):
        match = self.game_match(engine)
        with clock.simulated(datetime(2026, 1, 1, tzinfo=timezone.utc)):
            play_with_bots(match, seed=40, miss_rate=0.25)
        match.refresh_from_db()
        self.assertEqual(match.status, match.FINISHED)
        return match

    def readers(self, match):
        """(who, logged-in client or anonymous, the page with their log, their socket's viewer, own seat)."""
        yield (
            "a spectator",
            Client(),
            reverse("match_public", args=[match.pk]),
            SocketViewer(api.Viewer.spectator()),
            None,
        )
        host = Client()
        host.force_login(self.hana)
        yield "the host", host, reverse("match_host", args=[match.pk]), SocketViewer(api.Viewer.host()), None
        for seat in match.seats.select_related("season_player__user").order_by("seat"):
            client = Client()
            client.force_login(seat.season_player.user)
            viewer = SocketViewer(api.Viewer.for_seat(seat.seat), seat.pk)
            yield seat.season_player.display_name, client, reverse("match_play", args=[match.pk]), viewer, seat.seat

    def assert_told_right(self, who, where, lines, own_seat, names):
        for tag, text in lines:
            if tag == "private":
                self.assertIsNotNone(own_seat, f"{who} is shown a line as their own in {where}: {text!r}")
            else:
                self.assertNotEqual(
                    tag, f"private to {names.get(own_seat)}", f"{who}'s own line told to them as another's"
                )
                self.assertIsNone(
                    SECOND_PERSON.search(text), f"{who} reads another's line as said to them in {where}: {text!r}"
                )

    def assert_own_lines_said_to_them(self, who, where, lines, own_seat, rows):
        """The owner still reads their own lines as said to them: each as it was written."""
        if own_seat is not None:
            mine = sorted(r.text for r in rows if r.seat == own_seat)
            self.assertEqual(sorted(text for tag, text in lines if tag == "private"), mine, f"{who}'s own, {where}")

    def read_as(self, match, rows, names, steps, reader):
        """Everything `reader` may open of the finished `match`: its log, its socket, every step."""
        who, client, log_url, socket_viewer, own_seat = reader
        # a seat's own affairs with the hosts (the autopilot, a request) stay theirs after the end
        host = socket_viewer.viewer.is_host
        rows = [r for r in rows if host or not r.kind.startswith("seat.") or r.seat == own_seat]
        lines = private_lines(client.get(log_url).content.decode())
        self.assertEqual(len(lines), len(rows), f"{who}'s log shows every private line after the end")
        self.assert_told_right(who, "the log", lines, own_seat, names)
        self.assert_own_lines_said_to_them(who, "in the log", lines, own_seat, rows)
        update = socket_update(match.pk, socket_viewer, 0, "", {})
        self.assert_told_right(who, "the socket", private_lines(update["sections"]["live-state"]), own_seat, names)
        sent = {e["text"] for e in update["events"]}
        for row in rows:
            said = row.text_for(socket_viewer.viewer)
            self.assertIn(said, sent)
            if row.seat != own_seat:
                self.assertIsNone(SECOND_PERSON.search(said), f"{who}'s socket is sent {said!r}")
        on_steps = []
        for number in range(steps + 1):
            page = client.get(reverse("match_step", args=[match.pk, number]))
            self.assertEqual(page.status_code, 200)
            step_lines = private_lines(page.content.decode())
            self.assert_told_right(who, f"step {number}", step_lines, own_seat, names)
            on_steps += step_lines
        self.assertEqual(len(on_steps), len(rows), f"{who}: the steps reveal each private line once")
        self.assert_own_lines_said_to_them(who, "on the steps", on_steps, own_seat, rows)

    def test_no_page_a_viewer_may_open_shows_another_s_private_line_in_the_second_person(self):
        walked_private = 0
        for engine in registry.all_engines():
            with self.subTest(game=engine.slug):
                match = self.finished(engine)
                rows = list(match.events.filter(visibility=Event.PRIVATE))
                names = {s.seat: s.season_player.display_name for s in match.seats.select_related("season_player")}
                steps = len(phase_states(match))
                for reader in self.readers(match):
                    self.read_as(match, rows, names, steps, reader)
                walked_private += len(rows)
        self.assertGreater(walked_private, 0, "no game wrote a private line: the walk checked nothing")
