"""Email that is not a reminder: a phase's results to those it waited on, and a season's news (a
gift received) to a player; each only to people who asked for it on their account page. Both are
subscribers of the core's events (matches.apps)."""

from django.conf import settings
from django.core.mail import send_mail
from django.urls import reverse

from matches.models import MatchPlayer, Phase, SeasonPlayer
from matches.notifications.reminders import play_url, preferences


def email_results(phase_id):
    """After a phase closes: a short email to each waited-on player who asked for one. Only those
    who asked are read (one query when nobody did, in the match): without a worker this runs in the request
    that closed the phase, once per phase ("Play the rest with defaults" closes many), and it
    used to read every waited-on player and make each one's preferences row."""
    asked = list(
        MatchPlayer.objects.filter(match__phases=phase_id, season_player__user__preferences__email_results=True)
        .exclude(season_player__user__email="")
        .select_related("season_player__user")
    )
    if not asked:
        return
    phase = Phase.objects.select_related("match").get(pk=phase_id)
    for player in asked:
        if player.seat in phase.waits_on:
            send_mail(
                f"{phase.match.title}: {phase.title} has closed",
                f"{phase.title} of {phase.match.title} has closed. See what happened: {play_url(phase.match_id)}\n",
                None,
                [player.season_player.user.email],
            )


def email_news(member_id, subject, text):
    """A short email to a season player who asked for results and news by email."""
    member = SeasonPlayer.objects.select_related("user", "season").get(pk=member_id)
    user = member.user
    if user.email and preferences(user).email_results:
        link = settings.SITE_URL + reverse("season", args=[member.season.slug])
        send_mail(subject, f"{text}\n\nThe season: {link}\n", None, [user.email])


def on_phase_closed(event):
    email_results(event.phase_id)


def on_gift_given(event):
    email_news(event.recipient_id, event.subject, event.words)
