"""Reminders before a deadline (each once, not after acting, not after the close, only those that
fit the phase), results by email, through Django's outbox and a real SMTP server the test starts,
and the calendar feed parsed back with icalendar."""

from datetime import timedelta

from django.core import mail
from django.test import Client, override_settings
from django.urls import reverse
from icalendar import Calendar

from matches import clock
from matches.core import lifecycle
from matches.core.leaving import do_leave
from matches.notifications import reminders
from matches.scheduling.deadlines import run_due
from matches.models import Reminder
from tests.support.base import BaseTransactionTestCase
from tests.support.smtp import smtp_server
from tests.support.sockets import socket_text

TWO_HOURS = {"rounds": 3, "round_seconds": 7200, "close_early": True}


class ReminderTestCase(BaseTransactionTestCase):
    settings = TWO_HOURS

    def setUp(self):
        super().setUp()
        for name in ("alice", "bob", "carol"):
            getattr(self, name).email = f"{name}@example.org"
            getattr(self, name).save()

    def at(self, before_deadline):
        clock.advance_to(self.open_phase().deadline - before_deadline)

    def test_it_sends_each_fitting_reminder_once_and_never_after_acting(self):
        with clock.simulated():
            self.start()
            self.at(timedelta(hours=3))
            run_due()
            self.assertEqual(Reminder.objects.count(), 0)  # nothing due yet; 12 h never fits a 2 h phase
            lifecycle.do_submit(self.open_phase().pk, self.seat("carol"), {"bid": 2})
            self.at(timedelta(minutes=59))
            run_due()
            run_due()  # the scheduler running twice sends nothing twice
            self.assertEqual(
                sorted(r.player.season_player.display_name for r in Reminder.objects.all()), ["Alice", "Bob"]
            )
            self.assertEqual(sorted(m.to[0] for m in mail.outbox), ["alice@example.org", "bob@example.org"])
            self.assertIn("closes in 1 hour", mail.outbox[0].subject)
            self.assertIn(f"/play/{self.match.pk}/", mail.outbox[0].body)
            lifecycle.do_submit(self.open_phase().pk, self.seat("bob"), {"bid": 1})
            self.at(timedelta(minutes=9))
            run_due()
            self.assertEqual([(r.player.seat, r.minutes) for r in Reminder.objects.filter(minutes=10)], [(0, 10)])
            self.assertEqual(len(mail.outbox), 3)

    def test_it_sends_nothing_once_the_phase_is_closed(self):
        with clock.simulated():
            self.start()
            lifecycle.do_force_close(self.open_phase().pk)
            first = self.match.phases.order_by("sequence").first()
            clock.advance_to(first.deadline - timedelta(minutes=5))
            reminders.send_due()
            self.assertFalse(Reminder.objects.filter(phase=first).exists())

    def test_it_shows_a_reminder_in_the_open_page_and_its_socket(self):
        with clock.simulated():
            self.start()
            self.at(timedelta(minutes=30))
            run_due()
            client = Client()
            client.force_login(self.alice)
            page = client.get(reverse("match_play", args=[self.match.pk])).content.decode()
            self.assertIn("Reminder: Round 1", page)
            self.assertIn("waits on you", socket_text(self.match.pk, "play", self.alice))
            self.assertNotIn("Reminder:", socket_text(self.match.pk, "watch", None))

    def test_it_follows_each_player_s_choices(self):
        prefs = reminders.preferences(self.alice)
        prefs.reminder_minutes = [30]
        prefs.save()
        with clock.simulated():
            self.start()
            self.at(timedelta(minutes=45))
            run_due()
            self.assertEqual(sorted(r.player.seat for r in Reminder.objects.all()), [1, 2])  # Bob, Carol: 1 h
            self.at(timedelta(minutes=29))
            run_due()
            self.assertIn((0, 30), [(r.player.seat, r.minutes) for r in Reminder.objects.all()])

    def test_a_player_who_left_the_season_is_reminded_of_nothing(self):
        with clock.simulated():
            self.start()
            do_leave(self.season, self.hana, self.members["carol"].pk, {})  # her seat kept, for the autopilot
            self.at(timedelta(minutes=45))
            run_due()
            self.assertEqual(sorted(r.player.seat for r in Reminder.objects.all()), [0, 1])  # Alice, Bob

    def test_it_emails_results_to_those_who_asked(self):
        prefs = reminders.preferences(self.bob)
        prefs.email_results = True
        prefs.save()
        self.start()
        lifecycle.do_force_close(self.open_phase().pk)
        self.assertEqual([m.to for m in mail.outbox], [["bob@example.org"]])
        self.assertIn("has closed", mail.outbox[0].subject)

    def test_it_emails_the_last_of_many_closes_once_and_not_the_player_whose_move_closed_it(self):
        for name in ("alice", "bob", "carol"):
            prefs = reminders.preferences(getattr(self, name))
            prefs.email_results = True
            prefs.save()
        self.start()
        phase = self.open_phase()
        for name, bid in (("alice", 1), ("bob", 2), ("carol", 3)):
            lifecycle.do_submit(phase.pk, self.seat(name), {"bid": bid})  # Carol's move closes round 1
        self.assertEqual(sorted(m.to[0] for m in mail.outbox), ["alice@example.org", "bob@example.org"])
        self.assertEqual(mail.outbox[0].subject, "Test match: Round 1 has closed")
        mail.outbox.clear()
        lifecycle.do_finish_with_defaults(self.match.pk)  # rounds 2 and 3 in one write: one email each
        self.assertEqual(
            sorted((m.to[0], m.subject) for m in mail.outbox),
            [(f"{name}@example.org", "Test match: the match is over") for name in ("alice", "bob", "carol")],
        )
        self.assertIn("Round 3 of Test match has closed and the match is over.", mail.outbox[0].body)

    def test_it_sends_through_a_real_smtp_server(self):
        with smtp_server() as (received, port):
            with override_settings(
                EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend", EMAIL_HOST="127.0.0.1", EMAIL_PORT=port
            ):
                with clock.simulated():
                    self.start()
                    self.at(timedelta(minutes=5))
                    run_due()
        self.assertEqual(
            sorted(e.rcpt_tos[0] for e in received), ["alice@example.org", "bob@example.org", "carol@example.org"]
        )
        text = received[0].content.decode()
        self.assertIn("closes in 10 minutes", text)
        self.assertIn("text/plain", text)

    def test_it_serves_the_calendar_behind_its_secret_only(self):
        self.start()
        token = reminders.preferences(self.alice).calendar_token
        response = Client().get(f"/calendar/{token}.ics")
        self.assertEqual(response.status_code, 200)
        events = Calendar.from_ical(response.content).walk("VEVENT")
        self.assertEqual([str(e["summary"]) for e in events], ["Test match: Round 1 closes"])
        self.assertEqual(
            events[0].decoded("dtstart"), self.open_phase().deadline.replace(microsecond=0)
        )  # iCalendar keeps seconds
        wrong = token[:-1] + ("y" if token.endswith("x") else "x")  # differs in its last character, always
        self.assertEqual(Client().get(f"/calendar/{wrong}.ics").status_code, 404)
        self.assertEqual(Client().get("/calendar/short.ics").status_code, 404)


class TurnResultsTestCase(BaseTransactionTestCase):
    """A turn game (tests/fixture_turns): each move closes its turn; its player is not emailed it."""

    game = "fixture_turns"
    settings = {}
    seats = ("alice", "bob")

    def test_it_emails_a_turn_s_close_to_its_player_only_when_they_did_not_close_it(self):
        for name in ("alice", "bob"):
            getattr(self, name).email = f"{name}@example.org"
            getattr(self, name).save()
            prefs = reminders.preferences(getattr(self, name))
            prefs.email_results = True
            prefs.save()
        with clock.simulated():
            self.start()
            lifecycle.do_submit(self.open_phase().pk, self.seat("bob"), {"action": "raise", "amount": 2})
            self.assertEqual(mail.outbox, [])  # Bob's own move; Alice was not waited on
            turn = self.open_phase()
            self.assertEqual(turn.waits_on, [0])
            clock.advance_to(turn.deadline)
            lifecycle.sweep()  # Alice missed her turn: told by email
            self.assertEqual([m.to for m in mail.outbox], [["alice@example.org"]])
            mail.outbox.clear()
            lifecycle.do_finish_with_defaults(self.match.pk)  # turns of both, in one write: one email each
            self.assertEqual(
                sorted((m.to[0], m.subject) for m in mail.outbox),
                [
                    ("alice@example.org", "Test match: the match is over"),
                    ("bob@example.org", "Test match: the match is over"),
                ],
            )
