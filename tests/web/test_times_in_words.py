"""Issue #40, point 6: under a minute a deadline reads in seconds ("45 seconds", never "0
minutes"), and moments are <time> elements in UTC with the UTC in their title, which the page's
script shows in the reader's own zone (tests/browser/test_move_forms.py watches that)."""

import re
from datetime import UTC, datetime, timedelta

from django.template import Context, Template
from django.urls import reverse

from matches import clock
from matches.core import lifecycle
from matches.models import Phase
from tests.support.base import BaseTestCase


def render(text, **context):
    return Template("{% load times %}" + text).render(Context(context))


class TimeLeftTestCase(BaseTestCase):
    def test_it_says_seconds_under_a_minute_and_minutes_above(self):
        with clock.simulated():
            now = clock.now()
            said = {
                seconds: render("{{ d|time_left }}", d=now + timedelta(seconds=seconds))
                for seconds in (45, 1, 0, -5, 59, 60, 150, 3 * 3600 + 60)
            }
        self.assertEqual(
            said,
            {
                45: "45 seconds",
                1: "1 second",
                0: "0 seconds",
                -5: "0 seconds",
                59: "59 seconds",
                60: "1\xa0minute",
                150: "2\xa0minutes",
                3 * 3600 + 60: "3\xa0hours, 1\xa0minute",
            },
        )

    def test_it_shows_seconds_on_the_play_page_of_a_phase_about_to_close(self):
        self.start()
        phase = self.open_phase()
        Phase.objects.filter(pk=phase.pk).update(deadline=clock.now() + timedelta(seconds=46))
        self.client.force_login(self.alice)
        page = self.client.get(reverse("match_play", args=[self.match.pk])).content.decode()
        shown = re.findall(r'<time class="countdown"[^>]*>([^<]*)</time>', page)
        self.assertTrue(shown)
        for text in shown:
            self.assertRegex(text, r"^[1-4]\d seconds$")  # not "0 minutes", on however slow a machine


class UtcTimeTestCase(BaseTestCase):
    def test_it_writes_a_moment_in_utc_with_the_utc_in_its_title(self):
        moment = datetime(2026, 11, 26, 23, 5, 9, tzinfo=UTC)
        self.assertEqual(
            render('{% utc_time m "time" %}', m=moment),
            '<time class="local-time" datetime="2026-11-26T23:05:09+00:00" data-show="time" '
            'title="2026-11-26 23:05:09 UTC">23:05:09 UTC</time>',
        )
        self.assertIn(">26 Nov 23:05 UTC</time>", render("{% utc_time m %}", m=moment))

    def test_it_marks_when_a_move_was_sent_as_such_a_moment(self):
        self.start()
        lifecycle.do_submit(self.open_phase().pk, self.seat("alice"), {"bid": 4})
        self.client.force_login(self.alice)
        page = self.client.get(reverse("match_play", args=[self.match.pk])).content.decode()
        sent = self.open_phase().submissions.get().created_at
        self.assertIn(
            f'Sent at <time class="local-time" datetime="{sent.isoformat()}" data-show="time" '
            f'title="{sent:%Y-%m-%d %H:%M:%S} UTC">{sent:%H:%M:%S} UTC</time>',
            page,
        )
