"""Deadlines nobody misses: reminders before a deadline to a seat that has not acted (on their
page and by email), and the public "closes in 1 hour" line on a season's chat server. Results by
email are in notifications.email, the calendar feed in notifications.calendar.

Reminders are sent each time the deadline sweep ticks (events.ClockTicked), each at most once:
a Reminder row per (phase, seat, minutes) is written under the match lock, after checking that
the phase is still open and the seat has still not submitted, and the email leaves on commit."""

import copy
import logging
from datetime import timedelta

from django.conf import settings
from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.db.models import F
from django.urls import reverse

from matches import clock
from matches.core import events
from matches.notifications import push_news, webhooks
from matches.notifications.choices import CHOICES, LONGEST, SHORTEST, minutes_text, preferences  # noqa: F401
from matches.core.lifecycle import _lock
from matches.models import Match, MatchPlayer, Phase, Reminder, SeasonPlayer, Submission, WebhookNotice

log = logging.getLogger(__name__)


def play_url(match_id):
    return settings.SITE_URL + reverse("match_play", args=[match_id])


# --- reminders --------------------------------------------------------------------------------


def due_minutes(phase, prefs, now):
    """The player's reminders for `phase` whose time has come: those that fit the phase's length
    (a reminder 12 hours ahead of a 1-hour phase is never due)."""
    length = (phase.deadline - phase.opened_at).total_seconds()
    return [
        m
        for m in prefs.reminder_minutes
        if m * 60 < length and phase.deadline - timedelta(minutes=m) <= now < phase.deadline
    ]


def send_due(now=None):
    """Send every reminder due now. Returns how many were recorded."""
    now = now or clock.now()
    phases = Phase.objects.filter(
        status=Phase.OPEN, match__status=Match.RUNNING, deadline__gt=now, deadline__lte=now + timedelta(minutes=LONGEST)
    ).filter(deadline__gt=F("opened_at") + timedelta(minutes=SHORTEST))
    sent = sum(_remind_phase(phase.pk, now) for phase in phases.only("pk"))
    _post_hour_notices(now)
    return sent


def _post_hour_notices(now):
    """A public "closes in 1 hour" line to the season's chat server, once per phase that is
    longer than an hour."""
    soon = Phase.objects.filter(
        status=Phase.OPEN,
        match__status=Match.RUNNING,
        deadline__gt=now,
        deadline__lte=now + timedelta(hours=1),
        webhook_notice__isnull=True,
    )
    for phase in soon.exclude(match__season__webhook_url="").select_related("match__season"):
        if (phase.deadline - phase.opened_at) <= timedelta(hours=1):
            continue
        try:
            with transaction.atomic():
                WebhookNotice.objects.create(phase=phase, sent_at=now)
                webhooks.send_on_commit(
                    phase.match.season,
                    [f"**{phase.match.title}**: {phase.title} closes in 1 hour ({phase.deadline:%H:%M} UTC)."],
                )
        except IntegrityError:  # posted already by another run
            continue


def _remind_phase(phase_id, now):
    sent = 0
    with transaction.atomic():
        phase = Phase.objects.select_related("match").get(pk=phase_id)
        match = _lock(phase.match_id)
        phase.refresh_from_db()
        if phase.status != Phase.OPEN or match.status != Match.RUNNING:
            return 0
        acted = set(
            Submission.objects.filter(phase=phase, source=Submission.PLAYER).values_list("player_id", flat=True)
        )
        players = (
            MatchPlayer.objects.filter(match=match, seat__in=phase.waits_on)
            .exclude(season_player__status=SeasonPlayer.LEFT)  # who left plays no more: the autopilot does
            .select_related("season_player__user")
        )
        for player in players:
            if player.pk in acted:
                continue
            due = due_minutes(phase, preferences(player.season_player.user), now)
            fresh = [m for m in due if _record(phase, player, m, now)]
            if fresh:
                sent += len(fresh)
                transaction.on_commit(lambda p=player, m=min(fresh): _email_reminder(phase.pk, p.pk, m), robust=True)
        if sent:
            events.personal_change(match)  # the player's page shows the reminder
    return sent


def _record(phase, player, minutes, now):
    try:
        with transaction.atomic():
            Reminder.objects.create(phase=phase, player=player, minutes=minutes, sent_at=now)
    except IntegrityError:  # sent already (a second scheduler run)
        return False
    return True


def _email_reminder(phase_id, player_id, minutes):
    phase = Phase.objects.select_related("match").get(pk=phase_id)
    player = MatchPlayer.objects.select_related("season_player__user").get(pk=player_id)
    push_news.tell_reminder(phase, player, minutes)
    user = player.season_player.user
    if not user.email:
        return
    subject = f"{phase.match.title}: {phase.title} closes in {minutes_text(minutes)}"
    body = (
        f"Hello {player.season_player.display_name},\n\n{phase.title} of {phase.match.title} closes at "
        f"{phase.deadline:%Y-%m-%d %H:%M} UTC and is waiting on you.\n\nPlay: {play_url(phase.match_id)}\n\n"
        f"Change your reminders at {settings.SITE_URL}{reverse('account')}\n"
    )
    send_mail(subject, body, None, [user.email])


def reminder_count(match, viewer):
    """Reminders sent to this seat in this match: they move the seat's own live count only."""
    if viewer.kind != "seat":
        return 0
    return Reminder.objects.filter(phase__match=match, player__seat=viewer.seat).count()


def on_clock_ticked(event):
    send_due(event.now)


def reminder_text(rows):
    if not rows:
        return ""
    r = min(rows, key=lambda r: r.phase.deadline)
    return f"Reminder: {r.phase.title} closes within {minutes_text(r.minutes)} and waits on you."


def picture_part(match, viewer, player, rows):
    """A player's reminders on their match page (matches.core.presenters), and their count
    (`reminder_count`), from one read of the seat's reminders: those shown are for the open
    phases that wait on the seat and have nothing from it yet (`rows.mine`: its submissions)."""
    if player is None:
        return {}, reminder_count(match, viewer)
    if rows.shared is None:
        sent = list(Reminder.objects.filter(player=player))
    else:  # the match's reminders read once for every player of the moment (presenters.shared_rows)
        if "reminders" not in rows.shared:
            rows.shared["reminders"] = list(Reminder.objects.filter(player__match_id=match.pk))
        sent = [copy.copy(r) for r in rows.shared["reminders"] if r.player_id == player.pk]
    waiting = {p.pk: p for p in rows.open_phases if player.seat in p.waits_on}
    acted = {s.phase_id for s in rows.mine if s.source == Submission.PLAYER}
    latest = {}
    for r in sent:
        phase = waiting.get(r.phase_id)
        if phase is None or r.phase_id in acted:
            continue
        r.phase = phase
        if r.phase_id not in latest or r.minutes < latest[r.phase_id].minutes:
            latest[r.phase_id] = r
    shown = list(latest.values())
    return {"reminders": shown, "reminder_text": reminder_text(shown)}, len(sent)
