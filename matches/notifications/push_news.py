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

import json
import threading

from celery import shared_task
from django.conf import settings
from django.db import connection
from django.urls import reverse
from django.utils import timezone

from matches.models import (
    Event,
    Match,
    MatchPlayer,
    Message,
    Phase,
    Preferences,
    PushDevice,
    PushSent,
    Season,
    SeasonPlayer,
    Submission,
    default_push_kinds,
)
from matches.core.substitutes import told_holder
from matches.notifications import push, vapid
from matches.notifications.choices import minutes_text


def _tell(user, kind, message, phase=None, topic=""):
    _tell_all([(user, kind, message, phase, topic)])


def _tell_all(news):
    """Push each (person, kind, payload, phase, topic) to that person's devices, if they chose that
    kind, and (for a phase) if they were not told it before; in a few queries whatever the number
    of people (a close of a 100-seat match is 100 pushes)."""
    user_ids = {user.pk for user, *_ in news}
    chosen = dict(Preferences.objects.filter(user_id__in=user_ids).values_list("user_id", "push_kinds"))
    devices = {}
    for user_id, device_id in PushDevice.objects.filter(user_id__in=user_ids).values_list("user_id", "pk"):
        devices.setdefault(user_id, []).append(device_id)
    news = [n for n in news if n[1] in chosen.get(n[0].pk, default_push_kinds()) and devices.get(n[0].pk)]
    # Each (phase, person, kind) once: rows are inserted with this batch's own stamp, existing ones
    # left alone, and the rows bearing the stamp are what this batch may tell.
    stamp = timezone.now()  # the real time, unique to this batch (the platform's clock may stand still in tests)
    PushSent.objects.bulk_create(
        [PushSent(phase=phase, user=user, kind=kind, sent_at=stamp) for user, kind, _, phase, _ in news if phase],
        ignore_conflicts=True,
    )
    phases = {phase.pk for *_, phase, _ in news if phase}
    ours = set(PushSent.objects.filter(sent_at=stamp, phase_id__in=phases).values_list("phase_id", "user_id", "kind"))
    outgoing = {}
    for user, kind, message, phase, topic in news:
        if phase is None or (phase.pk, user.pk, kind) in ours:
            key = (json.dumps(message, sort_keys=True), topic)
            outgoing.setdefault(key, []).extend(devices[user.pk])
    for (message, topic), device_ids in outgoing.items():
        push.deliver(device_ids, json.loads(message), topic)


def _play(match, anchor=""):
    return reverse("match_play", args=[match.pk]) + anchor


# --- a match changed: phases opened, steps closed ----------------------------------------------


def on_match_changed(event):
    """Looked at later, once the burst this change may be part of is over. Only a change with
    public lines is: a change only some may read (a secret purchase, a quiet hand-over) must not
    move when anyone's phone is told anything. Every step of the six games and the host-run game
    opens and closes with a public line; a turn step writes none of its own, so a future turn game
    whose moves were all private lines would need its openings counted here as public."""
    if vapid.enabled() and event.public_seq:
        _later("match", event.match_id, event.public_seq)


def look_at_match(match_id, public_seq):
    match = Match.objects.filter(pk=match_id).first()
    last = Event.objects.filter(match_id=match_id, visibility=Event.PUBLIC).order_by("-seq").values("seq")[:1]
    if match is None or last.first() != {"seq": public_seq}:  # a newer public change is looked at in its turn
        return
    _tell_all(match_news(match))


def match_news(match):
    """(person, kind, payload, phase, topic) for what the match now asks of its players (each open
    step's waited-on seat that has sent nothing) and its last close; the leak suite reads these."""
    news = []
    if match.status == Match.RUNNING:
        for phase in Phase.objects.filter(match=match, status=Phase.OPEN):
            sent = set(
                Submission.objects.filter(phase=phase, source=Submission.PLAYER).values_list("player_id", flat=True)
            )
            seats = (
                MatchPlayer.objects.filter(match=match, seat__in=phase.waits_on)
                .exclude(season_player__status=SeasonPlayer.LEFT)  # who left plays no more: the autopilot does
                .select_related("season_player__user")
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
    hosts = Season.objects.get(pk=match.season_id).hosts.all()
    _tell_all([(host, "host", message, phase, f"h{match.pk}") for host in hosts])


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
    # the name the readers were told holds the seat (a quiet hand-over keeps the old one)
    writer = told_holder(message.sender).display_name if message.sender else "The host"
    payload = {
        "title": match.title,
        "body": f"{writer} wrote to you.",
        "url": _play(match, "#talk"),
        "tag": f"talk-{conversation.pk}",
    }
    readers = MatchPlayer.objects.filter(match=match, seat__in=conversation.members).select_related(
        "season_player__user"
    )
    told = [r.season_player.user for r in readers if r.pk != message.sender_id]
    _tell_all([(user, "message", payload, None, f"t{conversation.pk}") for user in told])


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
