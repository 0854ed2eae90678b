"""What is pushed to players' and hosts' devices (Web Push; the transport is notifications.push),
each only to people who chose that kind on their account page (Preferences.push_kinds):

- "phase": a step opens that waits on you and you have sent nothing;
- "reminder": a reminder before a deadline where you have sent nothing (notifications.reminders);
- "result": a step closed in a match you play;
- "message": someone wrote to you in a group conversation, or the host announced to you;
- "host": every player of a step has sent (to the match's hosts).

Private by construction: a payload holds the match's title, a step's title, a deadline and a
link; never a move, a value, a message's text or anything else one player may not see. A lock
screen shows only which match and what is asked.

Bursts are folded: each change of a match (events.MatchChanged) is looked at PUSH_FOLD_SECONDS
later, and only if nothing newer happened in the match meanwhile; so "Play the rest with
defaults" (twenty closes) is told once, by what is true after it, and a step that closed before
its push went out is not pushed. Each (step, person, kind) is pushed at most once (PushSent)."""

import threading

from celery import shared_task
from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.urls import reverse

from matches import clock
from matches.models import Match, MatchPlayer, Message, Phase, PushDevice, PushSent, Season, Submission
from matches.notifications import push, vapid
from matches.notifications.choices import minutes_text, preferences


def _wants(user, kind):
    return kind in preferences(user).push_kinds


def _devices(user):
    return list(PushDevice.objects.filter(user=user).values_list("pk", flat=True))


def _first_time(phase, user, kind):
    """Record that `user` is told `kind` of `phase`; False if they were already."""
    try:
        with transaction.atomic():
            PushSent.objects.create(phase=phase, user=user, kind=kind, sent_at=clock.now())
    except IntegrityError:
        return False
    return True


def _tell(user, kind, message, phase=None, topic=""):
    if not _wants(user, kind):
        return
    devices = _devices(user)
    if devices and (phase is None or _first_time(phase, user, kind)):
        push.deliver(devices, message, topic)


def _play(match, anchor=""):
    return reverse("match_play", args=[match.pk]) + anchor


# --- a match changed: phases opened, steps closed ----------------------------------------------


def on_match_changed(event):
    """Looked at later, once the burst this change may be part of is over."""
    if vapid.enabled():
        _later("match", event.match_id, event.seq)


def look_at_match(match_id, seq):
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.event_seq != seq:  # a newer change will be looked at in its turn
        return
    for user, kind, message, phase, topic in match_news(match):
        _tell(user, kind, message, phase, topic)


def match_news(match):
    """(person, kind, payload, phase, topic) for what the match now asks of its players (each open
    step's waited-on seat that has sent nothing) and its last close; the leak suite reads these."""
    news = []
    if match.status == Match.RUNNING:
        for phase in Phase.objects.filter(match=match, status=Phase.OPEN):
            sent = set(
                Submission.objects.filter(phase=phase, source=Submission.PLAYER).values_list("player_id", flat=True)
            )
            seats = MatchPlayer.objects.filter(match=match, seat__in=phase.waits_on).select_related(
                "season_player__user"
            )
            for player in seats:
                if player.pk not in sent:
                    message = {
                        "title": match.title,
                        "body": f"Your move: {phase.title}.",
                        "deadline": phase.deadline.isoformat(),
                        "url": _play(match, f"#phase-{phase.pk}"),
                        "tag": f"match-{match.pk}",
                    }
                    news.append((player.season_player.user, "phase", message, phase, f"m{match.pk}"))
    phase = Phase.objects.filter(match=match, status=Phase.CLOSED).order_by("-closed_at", "-sequence").first()
    if phase is not None:
        over = match.status == Match.FINISHED
        body = "The match is over: see how it ended." if over else f"{phase.title} has closed."
        message = {"title": match.title, "body": body, "url": _play(match), "tag": f"match-{match.pk}-result"}
        for player in MatchPlayer.objects.filter(match=match).select_related("season_player__user"):
            news.append((player.season_player.user, "result", message, phase, f"r{match.pk}"))
    return news


# --- everyone has sent (to the hosts) ------------------------------------------------------------


def on_submitted(event):
    if vapid.enabled():
        _later("sent", event.phase_id, 0)


def look_at_phase(phase_id, _seq=0):
    phase = Phase.objects.select_related("match__season").filter(pk=phase_id).first()
    if phase is None or phase.status != Phase.OPEN:
        return
    sent = Submission.objects.filter(phase=phase, source=Submission.PLAYER, player__seat__in=phase.waits_on)
    if sent.values("player").distinct().count() < len(phase.waits_on):
        return
    match = phase.match
    message = {
        "title": match.title,
        "body": f"Every player has sent for {phase.title}.",
        "url": reverse("match_host", args=[match.pk]),
        "tag": f"host-{match.pk}",
    }
    for host in Season.objects.get(pk=match.season_id).hosts.all():
        _tell(host, "host", message, phase, topic=f"h{match.pk}")


# --- reminders and messages (called by their own modules) ----------------------------------------


def tell_reminder(phase, player, minutes):
    """A reminder that went out by email (notifications.reminders), pushed too."""
    if not vapid.enabled():
        return
    message = {
        "title": phase.match.title,
        "body": f"{phase.title} closes in {minutes_text(minutes)}, and you have sent nothing yet.",
        "deadline": phase.deadline.isoformat(),
        "url": _play(phase.match, f"#phase-{phase.pk}"),
        "tag": f"match-{phase.match_id}",
    }
    _tell(player.season_player.user, "reminder", message, topic=f"m{phase.match_id}")


def on_message_posted(event):
    """A message in a group conversation or an announcement: to each member but its writer."""
    if not vapid.enabled():
        return
    message = Message.objects.select_related("conversation__match", "sender__season_player").get(pk=event.message_id)
    conversation = message.conversation
    if conversation.kind == conversation.TABLE:  # the whole table's talk is not pushed (see the help)
        return
    match = conversation.match
    writer = message.sender.season_player.display_name if message.sender else "The host"
    payload = {
        "title": match.title,
        "body": f"{writer} wrote to you.",
        "url": _play(match, "#talk"),
        "tag": f"talk-{conversation.pk}",
    }
    readers = MatchPlayer.objects.filter(match=match, seat__in=conversation.members).select_related(
        "season_player__user"
    )
    for reader in readers:
        if reader.pk != message.sender_id:
            _tell(reader.season_player.user, "message", payload, topic=f"t{conversation.pk}")


# --- looking later -------------------------------------------------------------------------------

_LOOKS = {"match": look_at_match, "sent": look_at_phase}


def _later(what, key, seq):
    if settings.PUSH_DELIVERY == "celery":
        push_look.apply_async((what, key, seq), countdown=settings.PUSH_FOLD_SECONDS)
    else:
        timer = threading.Timer(settings.PUSH_FOLD_SECONDS, _look_in_thread, args=(what, key, seq))
        timer.daemon = True
        timer.start()


def _look_in_thread(what, key, seq):
    try:
        _LOOKS[what](key, seq)
    finally:
        connection.close()  # this thread's own


@shared_task(name="matches.tasks.push_look", acks_late=True, ignore_result=True)
def push_look(what, key, seq):
    _LOOKS[what](key, seq)
