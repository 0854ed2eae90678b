"""Email that is not a reminder: a phase's results to those it waited on, and a season's news (a
gift received) to a player; each only to people who asked for it on their account page. And a
seat on autopilot (or taken back), to its player and the hosts. All are subscribers of the
core's events (matches.apps)."""

from django.conf import settings
from django.core.mail import send_mail
from django.db.models import Q
from django.urls import reverse

from matches.models import Match, MatchPlayer, Phase, SeasonPlayer, Submission
from matches.notifications.reminders import play_url, preferences


def email_results(phase_id):
    """After a phase closes: a short email to each player it waited on who asked for one. Only
    those who asked are read (one query when nobody did, in the match): without a worker this
    runs in the request that closed the phase.

    Folded: this runs after the close's commit, so where one write closed several phases (Play
    the rest, a move that closes a turn and then a round) only the last one's call sends, one
    email to each player any of them waited on, saying where the match is now. Not to the
    player whose own move set the write off by closing its first phase early: they read the
    result on the page that sent it (a turn game's every move would be an email otherwise)."""
    phase = Phase.objects.select_related("match").filter(pk=phase_id).first()
    if phase is None or phase.closed_at is None:
        return
    asked = list(
        MatchPlayer.objects.filter(match_id=phase.match_id, season_player__user__preferences__email_results=True)
        .exclude(season_player__user__email="")
        .select_related("season_player__user")
    )
    if not asked or _closed_after(phase):
        return
    # this write's closes: one write closes its phases at one moment
    write = list(
        Phase.objects.filter(match_id=phase.match_id, status=Phase.CLOSED, closed_at=phase.closed_at).order_by(
            "sequence"
        )
    )
    waited = {seat for closed in write for seat in closed.waits_on}
    closer = _closing_mover(write[0])
    over = phase.match.status == Match.FINISHED
    subject = f"{phase.match.title}: the match is over" if over else f"{phase.match.title}: {phase.title} has closed"
    for player in asked:
        if player.seat in waited and player.seat != closer:
            send_mail(
                subject,
                f"{phase.title} of {phase.match.title} has closed"
                f"{' and the match is over' if over else ''}. See what happened: {play_url(phase.match_id)}\n",
                None,
                [player.season_player.user.email],
            )


def _closed_after(phase):
    """Another phase of the match closed after this one (by the time this email goes out)."""
    later = Q(closed_at__gt=phase.closed_at) | Q(closed_at=phase.closed_at, sequence__gt=phase.sequence)
    return Phase.objects.filter(later, match_id=phase.match_id, status=Phase.CLOSED).exists()


def _closing_mover(phase):
    """The seat whose own move closed `phase` early (its last move, if a player's), else None."""
    if phase.close_reason != "early":
        return None
    last = phase.submissions.order_by("-pk").values_list("source", "player__seat").first()
    return last[1] if last and last[0] == Submission.PLAYER else None


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


def email_autopilot(player_id, on, missed=0, left=False):
    """A seat went on autopilot, or its player took it back: its player and the season's hosts
    are told by email (whoever has an address: a seat playing by itself is worth knowing of). A
    player who left the season is not written to; the count of misses is the event's own (the
    seat may have changed since)."""
    player = MatchPlayer.objects.select_related("match__season", "season_player__user").get(pk=player_id)
    match, member = player.match, player.season_player
    if left:
        subject = f"{match.title}: {member.display_name}'s seat is on autopilot"
        words = (
            f"{member.display_name} has left the season keeping their seat in {match.title}: the game's "
            "default moves are played for it as soon as a step opens. You may hand it to a substitute."
        )
    elif on:
        subject = f"{match.title}: {member.display_name}'s seat is on autopilot"
        words = (
            f"{member.display_name} missed {missed} steps in a row of {match.title}, so the "
            "game's default moves are now played for their seat as soon as a step opens."
        )
    else:
        subject = f"{match.title}: {member.display_name} took their seat back"
        words = f"{member.display_name} sent a move in {match.title}: their seat is off autopilot."
    if member.user.email and not left:
        hint = "Send a move to take it back" if on else "Your moves count again"
        send_mail(subject, f"{words}\n\n{hint}: {play_url(match.pk)}\n", None, [member.user.email])
    hosts = [u.email for u in match.season.hosts.all() if u.email]
    if hosts:
        link = settings.SITE_URL + reverse("match_host", args=[match.pk])
        send_mail(subject, f"{words}\n\nThe match: {link}\n", None, hosts)


def on_autopilot_changed(event):
    email_autopilot(event.player_id, event.on, event.missed, event.left)
