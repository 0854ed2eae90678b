"""Posting in a match's conversations: players post, start, edit and delete; the host announces
and mutes. Every write is checked in matches.talk; a refusal is shown and changes nothing."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from games.values import as_int

from matches.talk import conversations as talk
from matches.core.access import access_match_as_host, access_seat
from matches.core.lifecycle import Refused
from matches.models import Conversation, Message


def _do(request, write):
    try:
        done = write()
    except Refused as refusal:
        messages.error(request, f"Not sent. {refusal}")
    else:
        messages.success(request, done.message)


@login_required
@require_POST
def post(request, match_id, token):
    player = access_seat(request.user, match_id)
    conversation = Conversation.objects.filter(match_id=match_id, token=token).first()
    if conversation is None:
        messages.error(request, "Not sent. There is no such conversation in this match.")
    else:
        _do(request, lambda: talk.do_post(player, conversation.pk, request.POST.get("text", "")))
    return redirect("match_play", match_id)


@login_required
@require_POST
def start(request, match_id):
    player = access_seat(request.user, match_id)
    seats = [as_int(s) for s in request.POST.getlist("seats")[:50]]
    _do(request, lambda: talk.do_start_conversation(player, [s for s in seats if s is not None])[0])
    return redirect("match_play", match_id)


@login_required
@require_POST
def change(request, match_id, token):
    player = access_seat(request.user, match_id)
    message = Message.objects.filter(conversation__match_id=match_id, token=token).first()
    text = None if request.POST.get("do") == "delete" else request.POST.get("text", "")
    if message is None:
        messages.error(request, "Not changed. There is no such message.")
    else:
        _do(request, lambda: talk.do_change(player, message.pk, text))
    return redirect("match_play", match_id)


@login_required
@require_POST
def announce(request, match_id):
    match = access_match_as_host(request.user, match_id)
    seat = as_int(request.POST.get("seat")) if request.POST.get("seat") else None
    _do(request, lambda: talk.do_announce(match.pk, seat, request.POST.get("text", "")))
    return redirect("match_host", match_id)


@login_required
@require_POST
def mute(request, match_id):
    match = access_match_as_host(request.user, match_id)
    seat = as_int(request.POST.get("seat"))
    muted = match.seats.filter(seat=seat, muted=False).exists()
    _do(request, lambda: talk.do_mute(match.pk, seat, muted))
    return redirect("match_host", match_id)
