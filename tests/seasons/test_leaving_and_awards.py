"""A player leaving the season (issue 36, point 5), and a handed seat's awards at the confirm
(point 1), on the fixture game: Alice, Bob and Carol at seats 0-2, Dave and the rest in the season."""

from django.test import Client
from django.urls import reverse

from games.engine_api import ELIMINATED, GARNET
from matches import clock
from matches.core import lifecycle
from matches.core.leaving import do_leave
from matches.core.moves import submit_move
from matches.core.records import Refused
from matches.core.substitutes import do_hand_seat
from matches.models import Event, LedgerEntry, Match, Season, SeasonPlayer, SeatHolder, Submission
from matches.seasons import attendance
from matches.seasons.results import do_confirm_result
from matches.talk import conversations
from tests.support.base import BaseTestCase


class LeavingTheSeasonTestCase(BaseTestCase):
    def setUp(self):
        super().setUp()
        self.start()
        self.second = self.start(self.make_match(["bob", "alice", "dave"]))
        self.give_garnets("alice", 3)
        self.host = Client()
        self.host.force_login(self.hana)

    def test_it_hands_the_seats_chosen_leaves_the_rest_and_keeps_the_ledger(self):
        done = do_leave(self.season, self.hana, self.members["alice"].pk, {self.match.pk: self.members["judy"].pk})
        self.assertEqual(
            done.message,
            "Alice has left the season; their ledger entries stay. Handed on: Test match. "
            "Left to the autopilot: Test match.",
        )
        self.assertEqual(self.seat("judy").seat, 0)
        self.assertEqual(SeatHolder.objects.get(seat__match=self.match, until__isnull=True, seat__seat=0).how, "left")
        self.assertEqual(self.second.seats.get(seat=1).season_player.display_name, "Alice")  # the autopilot's
        self.assertTrue(self.second.seats.get(seat=1).autopilot)  # the defaults are played for it
        self.assertFalse(self.seat("judy").autopilot)
        # the record: the match Alice's seat was handed on from is abandoned; the kept one is not
        on_record = attendance.records(self.season)
        self.assertEqual(on_record[self.members["alice"].pk].abandoned, 1)
        self.assertEqual(on_record[self.members["judy"].pk].abandoned, 0)
        self.assertEqual(on_record[self.members["alice"].pk].words(), "no missed deadlines, 1 match abandoned")
        self.members["alice"].refresh_from_db()
        self.assertEqual(self.members["alice"].status, SeasonPlayer.LEFT)
        self.assertEqual(LedgerEntry.objects.filter(player=self.members["alice"]).count(), 1)
        # announced by default: the first match's players read who took the seat
        self.assertEqual(Event.objects.get(match=self.match, kind="seat.handed").visibility, Event.PUBLIC)
        desk = self.host.get(reverse("host_season", args=[self.season.slug])).content.decode()
        self.assertIn("Left the season", desk)
        page = self.host.get(reverse("match_host", args=[self.second.pk])).content.decode()
        self.assertIn("left the season: the autopilot plays it", page)
        self.assertIn("Left the season", Client().get(reverse("season", args=[self.season.slug])).content.decode())

    def test_a_kept_seat_is_played_by_its_defaults_and_its_player_who_left_may_no_longer_play_it(self):
        phase = self.second.phases.get(status="open")
        lifecycle.do_submit(phase.pk, self.second.seats.get(seat=0), {"bid": 4})  # Bob has sent
        do_leave(self.season, self.hana, self.members["alice"].pk, {})
        seat = self.second.seats.get(seat=1)
        # the open round has the seat's default at once (its senders are public), and the hosts are told
        self.assertTrue(Submission.objects.filter(phase=phase, player=seat, by_autopilot=True).exists())
        told = Event.objects.filter(match=self.second, kind="seat.autopilot").values_list("visibility", "text")
        self.assertEqual(
            list(told),
            [
                (
                    Event.HOST,
                    "Alice has left the season keeping seat 2: the game's defaults are played for it as soon as a "
                    "step opens.",
                )
            ],
        )
        with self.assertRaisesMessage(Refused, "You have left this season: the autopilot plays your seat"):
            lifecycle.do_submit(phase.pk, seat, {"bid": 2})
        with self.assertRaisesMessage(Refused, "You have left this season"):
            conversations.do_post(seat, conversations.table_talk(self.second).pk, "still here")
        self.assertTrue(self.second.seats.get(seat=1).autopilot)  # nothing took it back

    def test_a_seat_kept_while_the_match_is_paused_plays_its_default_when_it_resumes(self):
        phase = self.second.phases.get(status="open")
        lifecycle.do_submit(phase.pk, self.second.seats.get(seat=0), {"bid": 4})  # Bob
        lifecycle.do_pause(self.second.pk)
        do_leave(self.season, self.hana, self.members["alice"].pk, {})
        self.assertFalse(Submission.objects.filter(phase=phase, player__seat=1).exists())  # the clock is stopped
        lifecycle.do_resume(self.second.pk)
        self.assertTrue(Submission.objects.filter(phase=phase, player__seat=1, by_autopilot=True).exists())

    def test_a_move_read_before_the_removal_is_not_stored_after_it(self):
        slow = self.start(
            self.make_match(["alice", "bob"], settings={"rounds": 3, "round_seconds": 60, "close_early": False})
        )
        phase = slow.phases.get(status="open")  # closes at its deadline only: the one-statement move path
        stale = slow.seats.select_related("match", "season_player").get(seat=0)  # as Alice's request read it
        do_leave(self.season, self.hana, self.members["alice"].pk, {})
        with self.assertRaisesMessage(Refused, "You have left this season: the autopilot plays your seat"):
            submit_move(phase, stale, {"bid": 2})
        self.assertFalse(Submission.objects.filter(phase=phase, source=Submission.PLAYER).exists())

    def test_the_desk_page_refuses_an_unreadable_substitute_and_keeps_what_the_host_chose(self):
        url = reverse("leave_season", args=[self.season.slug, self.members["alice"].pk])
        page = self.host.post(url, {f"match-{self.match.pk}": "abc", f"match-{self.second.pk}": "", "announce": ""})
        self.assertContains(page, "Choose a substitute from the list for Test match; nothing changed.")
        self.assertEqual(SeasonPlayer.objects.get(pk=self.members["alice"].pk).status, SeasonPlayer.ACTIVE)
        # Bob is seated in the first match: refused there, the page keeps the host's choices
        page = self.host.post(
            url,
            {
                f"match-{self.match.pk}": str(self.members["bob"].pk),
                f"match-{self.second.pk}": str(self.members["judy"].pk),
            },
        ).content.decode()
        self.assertIn("Bob already plays seat", page)
        self.assertIn(f'<option value="{self.members["judy"].pk}" selected>Judy</option>', page)
        self.assertNotIn('name="announce" value="1" checked', page)  # unticked, as the host left it

    def test_a_refusal_in_one_match_changes_nothing_in_any(self):
        with self.assertRaisesMessage(Refused, "Test match: Bob already plays seat 1 of this match"):
            do_leave(
                self.season,
                self.hana,
                self.members["alice"].pk,
                {self.match.pk: self.members["judy"].pk, self.second.pk: self.members["bob"].pk},
            )
        self.members["alice"].refresh_from_db()
        self.assertEqual(self.members["alice"].status, SeasonPlayer.ACTIVE)
        self.assertEqual(self.seat("alice").seat, 0)
        self.assertFalse(SeatHolder.objects.exclude(how=SeatHolder.START).exists())

    def test_it_refuses_with_reasons(self):
        other = Season.objects.create(name="Other", slug="other")
        outsider = SeasonPlayer.objects.create(season=other, user=self.users["eve"], display_name="Eve")
        for user, player, words in (
            (self.bob, self.members["alice"].pk, "Only a host of this season may remove a player from it."),
            (self.hana, outsider.pk, "Choose a player of this season."),
        ):
            with self.subTest(words=words), self.assertRaisesMessage(Refused, words):
                do_leave(self.season, user, player, {})
        do_leave(self.season, self.hana, self.members["dave"].pk, {})
        with self.assertRaisesMessage(Refused, "Dave has left the season already; nothing changed."):
            do_leave(self.season, self.hana, self.members["dave"].pk, {})

    def test_the_desk_page_removes_a_player(self):
        url = reverse("leave_season", args=[self.season.slug, self.members["alice"].pk])
        page = self.host.get(url)
        self.assertContains(page, "Test match, seat 1")
        self.assertContains(page, "Test match, seat 2")
        response = self.host.post(url, {f"match-{self.second.pk}": str(self.members["judy"].pk)})
        self.assertRedirects(response, reverse("host_season", args=[self.season.slug]))
        self.assertEqual(self.second.seats.get(seat=1).season_player.display_name, "Judy")
        self.assertEqual(self.seat("alice").seat, 0)  # no substitute chosen: still Alice's


class AwardsOfAHandedSeatTestCase(BaseTestCase):
    def setUp(self):
        super().setUp()
        self.start()
        lifecycle.do_force_close(self.open_phase().pk)
        do_hand_seat(self.match.pk, self.hana, 0, self.members["dave"].pk)
        lifecycle.do_finish_with_defaults(self.match.pk)
        self.match.refresh_from_db()
        self.assertEqual(self.match.status, Match.FINISHED)

    def award(self, **extra):
        return {"seat": 0, "kind": GARNET, "amount": 2, "reason": "a handed seat's prize", **extra}

    def test_the_confirm_form_says_who_played_the_seat_and_offers_its_earlier_holders(self):
        host = Client()
        host.force_login(self.hana)
        page = host.get(reverse("host_confirm", args=[self.match.pk]))
        self.assertContains(page, "seat 1: Alice, then Dave from step 2")
        self.assertContains(page, "A seat's entries go to its holder at the end unless you choose")
        self.assertContains(page, "Alice (earlier in seat 1)")

    def test_an_entry_goes_to_the_holder_at_the_end_unless_the_host_chooses_another(self):
        do_confirm_result(
            self.match.pk, [self.award(), self.award(amount=5, holder=self.members["alice"].pk)], by=self.hana
        )
        got = sorted(
            LedgerEntry.objects.filter(match=self.match, reason="a handed seat's prize").values_list(
                "player__display_name", "amount"
            )
        )
        self.assertEqual(got, [("Alice", 5), ("Dave", 2)])

    def test_the_step_pages_say_who_played_the_seat(self):
        page = Client().get(reverse("match_steps", args=[self.match.pk])).content.decode()
        self.assertIn("Seats handed on: seat 1: Alice, then Dave from step 2.", page)

    def test_an_elimination_given_to_an_earlier_holder_eliminates_them_not_the_holder_at_the_end(self):
        do_confirm_result(
            self.match.pk, [self.award(kind=ELIMINATED, amount=1, holder=self.members["alice"].pk)], by=self.hana
        )
        statuses = dict(
            SeasonPlayer.objects.filter(pk__in=[self.members["alice"].pk, self.members["dave"].pk]).values_list(
                "display_name", "status"
            )
        )
        self.assertEqual(statuses, {"Alice": SeasonPlayer.ELIMINATED, "Dave": SeasonPlayer.ACTIVE})

    def test_a_player_who_never_held_the_seat_is_refused(self):
        with self.assertRaisesMessage(Refused, "Seat 1 was never held by that player; nothing was written."):
            do_confirm_result(self.match.pk, [self.award(holder=self.members["bob"].pk)], by=self.hana)
        self.assertFalse(LedgerEntry.objects.filter(match=self.match).exists())


class AbandonedTestCase(BaseTestCase):
    """Only hand-overs the players were told of count in a record the season shows everyone."""

    def test_a_quiet_hand_over_counts_for_the_hosts_only_and_the_new_holder_starts_clean(self):
        self.start()
        alice = self.seat("alice")
        alice.missed_in_row, alice.autopilot = 2, True
        alice.save()
        do_hand_seat(self.match.pk, self.hana, 0, self.members["dave"].pk, announce=False)
        dave = self.seat("dave")
        self.assertEqual((dave.missed_in_row, dave.autopilot), (0, False))
        self.assertEqual(attendance.records(self.season)[self.members["alice"].pk].abandoned, 1)
        public = attendance.records(self.season, seen_by_all_only=True)
        self.assertEqual(public[self.members["alice"].pk].abandoned, 0)
        do_hand_seat(self.match.pk, self.hana, 0, self.members["frank"].pk, announce=True)
        # the players saw Alice in the seat, then Frank: Dave's part stays the host's to know
        public = attendance.records(self.season, seen_by_all_only=True)
        self.assertEqual(
            (public[self.members["alice"].pk].abandoned, public[self.members["dave"].pk].abandoned), (1, 0)
        )
        told = Event.objects.get(match=self.match, kind="seat.handed", visibility=Event.PUBLIC)
        self.assertEqual(told.text, "Seat 1: Frank plays it from step 1, in place of Alice.")
        self.assertEqual(told.data["from"], self.members["alice"].pk)

    def test_a_miss_after_a_quiet_hand_over_is_counted_publicly_for_the_holder_the_players_saw(self):
        with clock.simulated():
            self.start()
            do_hand_seat(self.match.pk, self.hana, 0, self.members["dave"].pk, announce=False)
            phase = self.open_phase()
            for name in ("bob", "carol"):
                lifecycle.do_submit(phase.pk, self.seat(name), {"bid": 3})
            clock.advance_to(phase.deadline)
            lifecycle.sweep()  # Dave, in Alice's seat as the others know it, missed round 1
        public = attendance.records(self.season, seen_by_all_only=True)
        hosts = attendance.records(self.season)
        who = (self.members["alice"].pk, self.members["dave"].pk)
        self.assertEqual([public[pk].missed for pk in who], [1, 0])
        self.assertEqual([hosts[pk].missed for pk in who], [0, 1])
