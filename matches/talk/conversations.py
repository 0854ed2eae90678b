"""Conversations in a match, governed by the game's rules (engine.talk_problem): every write goes
through a check_* and a do_* here, under the match lock, and is announced on commit.

A viewer's talk count (messages they may read, plus their edits) is what the socket compares to
decide whether that viewer has anything new: a message between two players moves only their
counts and the host's, so nobody else's socket hears of it."""

import copy
from datetime import timedelta

from django.db import transaction
from django.db.models import Count, Sum

from games.engine_api import Viewer

from matches import clock
from matches.core import events
from matches.core.lifecycle import Done, Refused, _lock, engine_of
from matches.core.presenters import seat_name, shared_rows
from matches.core.substitutes import check_still_holder, holding_since
from matches.models import Conversation, Match, MatchPlayer, Message

MAX_TEXT = 1000
RATE_MESSAGES, RATE_SECONDS = 8, 60
RATE_GROUPS = 5  # conversations a player may start within RATE_SECONDS...
MAX_GROUPS = 30  # ...and in one match (a player once started 400 in ten seconds)
FOLD_AFTER = 3  # more empty groups than this (not the viewer's own) are shown folded
EDIT_SECONDS = 5 * 60
TALKING = (Match.RUNNING, Match.PAUSED, Match.FINISHED)


# --- who may talk -----------------------------------------------------------------------------


def talk_problem(match, members, seats=None):
    """Why these seats may not talk together now, or None. `seats`: every seat of the match,
    if the caller has them already."""
    if match.status not in TALKING:
        return "Talk opens when the match starts." if match.status == Match.DRAFT else "This match was cancelled."
    seats = set(seats if seats is not None else match.seats.values_list("seat", flat=True))
    if match.kind == Match.DEATH and set(members) != seats:
        return "In a Death Match only the two players' table talk is open."
    if match.status == Match.FINISHED:
        return None
    return engine_of(match).talk_problem(match.state, frozenset(members))


def visible_conversations(match, viewer, shared=None):
    """The conversations `viewer` may read: the host all, a seat those it is a member of,
    spectators none, unless the match is over and its host made talk public at the end (then
    the table and the groups, not announcements). `shared`: presenters.shared_rows."""
    if viewer.is_spectator:
        if match.status == Match.FINISHED and match.talk_public_at_end:
            return list(match.conversations.exclude(kind=Conversation.ANNOUNCEMENTS))
        return []
    rows = shared_rows(shared, "talk:conversations", lambda: list(match.conversations.all()))
    return rows if viewer.is_host else [c for c in rows if c.has_seat(viewer.seat)]


def talk_count(match, viewer):
    ids = [c.pk for c in visible_conversations(match, viewer)]
    if not ids:
        return 0
    totals = Message.objects.filter(conversation_id__in=ids).aggregate(n=Count("pk"), edits=Sum("revision"))
    return (totals["n"] or 0) + (totals["edits"] or 0)


def table_talk(match):
    """The players' table talk, made on first use."""
    seats = sorted(match.seats.values_list("seat", flat=True))
    table, _ = Conversation.objects.get_or_create(match=match, kind=Conversation.TABLE, defaults={"members": seats})
    return table


# --- writes -----------------------------------------------------------------------------------


def check_text(text):
    text = (text or "").strip()
    if not text:
        raise Refused("Write something first.")
    if len(text) > MAX_TEXT:
        raise Refused(f"A message is at most {MAX_TEXT} characters; this one has {len(text)}.")
    return text


def check_post(match, player, conversation, now):
    if conversation.kind == Conversation.ANNOUNCEMENTS or not conversation.has_seat(player.seat):
        raise Refused("You cannot post in that conversation.")
    if player.muted:
        raise Refused("The host has muted you in this match.")
    problem = talk_problem(match, conversation.members)
    if problem:
        raise Refused(f"This conversation is closed now: {problem}")
    since = now - timedelta(seconds=RATE_SECONDS)
    recent = list(
        Message.objects.filter(sender=player, created_at__gt=since)
        .order_by("created_at")
        .values_list("created_at", flat=True)[:RATE_MESSAGES]
    )
    if len(recent) >= RATE_MESSAGES:
        wait = int((recent[0] - since).total_seconds()) + 1
        raise Refused(f"You are sending messages too fast: at most {RATE_MESSAGES} a minute. Try again in {wait} s.")


def check_group_limits(player, now):
    started = Conversation.objects.filter(started_by=player, kind=Conversation.GROUP)
    if started.count() >= MAX_GROUPS:
        raise Refused(
            f"You have started {MAX_GROUPS} conversations in this match, the most there may be: write in one of them."
        )
    recent = started.filter(created_at__gt=now - timedelta(seconds=RATE_SECONDS)).count()
    if recent >= RATE_GROUPS:
        raise Refused(f"You are starting conversations too fast: at most {RATE_GROUPS} a minute.")


def do_post(player, conversation_id, text):
    text = check_text(text)
    with transaction.atomic():
        match = _lock(player.match_id)
        check_still_holder(player)
        player = MatchPlayer.objects.get(pk=player.pk)
        conversation = Conversation.objects.filter(pk=conversation_id, match=match).first()
        if conversation is None:
            raise Refused("There is no such conversation in this match.")
        now = clock.now()
        check_post(match, player, conversation, now)
        message = Message.objects.create(conversation=conversation, sender=player, text=text, created_at=now)
        _announce(match)
        events.publish(events.MessagePosted(match.pk, message.pk))
    return Done("Sent.")


def do_start_conversation(player, seats):
    """A conversation of the player and the seats they chose, or the existing one of exactly
    those members."""
    with transaction.atomic():
        match = _lock(player.match_id)
        check_still_holder(player)
        all_seats = set(match.seats.values_list("seat", flat=True))
        members = sorted(set(seats) | {player.seat})
        if len(members) < 2 or not set(members) <= all_seats:
            raise Refused("Choose at least one other player of this match.")
        if set(members) == all_seats:
            return Done("That is everyone: use the table talk.", changed=False), table_talk(match)
        problem = talk_problem(match, members)
        if problem:
            raise Refused(problem)
        conversation = Conversation.objects.filter(match=match, kind=Conversation.GROUP, members=members).first()
        if conversation is not None:
            return Done("That conversation exists already.", changed=False), conversation
        now = clock.now()
        check_group_limits(player, now)
        conversation = Conversation.objects.create(
            match=match, kind=Conversation.GROUP, members=members, created_at=now, started_by=player
        )
        return Done("Conversation started."), conversation


def do_change(player, message_id, text=None):
    """Edit (text given) or delete (None) one's own message within EDIT_SECONDS; the host
    keeps every earlier text."""
    with transaction.atomic():
        match = _lock(player.match_id)
        check_still_holder(player)
        message = Message.objects.filter(pk=message_id, sender=player, conversation__match=match).first()
        now = clock.now()
        since = holding_since(player)  # the seat's messages from before its holder took it are not theirs
        if message is None or message.deleted or (since is not None and message.created_at < since):
            raise Refused("You can change only your own messages.")
        if (now - message.created_at).total_seconds() > EDIT_SECONDS:
            raise Refused(f"A message can be changed for {EDIT_SECONDS // 60} minutes after sending.")
        if player.muted or talk_problem(match, message.conversation.members):
            raise Refused("This conversation is closed now.")
        message.history = message.history + [message.text]
        if text is None:
            message.deleted, message.text = True, ""
        else:
            message.text = check_text(text)
        message.edited_at, message.revision = now, message.revision + 1
        message.save()
        _announce(match)
    return Done("Deleted." if text is None else "Edited.")


def do_announce(match_id, seat, text):
    """The host's announcement to every seat (seat None) or one."""
    text = check_text(text)
    with transaction.atomic():
        match = _lock(match_id)
        seats = sorted(match.seats.values_list("seat", flat=True))
        if seat is not None and seat not in seats:
            raise Refused("There is no such seat.")
        members = seats if seat is None else [seat]
        conversation, _ = Conversation.objects.get_or_create(
            match=match, kind=Conversation.ANNOUNCEMENTS, members=members
        )
        message = Message.objects.create(conversation=conversation, sender=None, text=text, created_at=clock.now())
        _announce(match)
        events.publish(events.MessagePosted(match.pk, message.pk))
    return Done("Announced.")


def do_mute(match_id, seat, muted):
    with transaction.atomic():
        match = _lock(match_id)
        changed = MatchPlayer.objects.filter(match=match, seat=seat).update(muted=muted)
        if not changed:
            raise Refused("There is no such seat.")
    return Done("Muted." if muted else "Unmuted.")


def _announce(match):
    events.personal_change(match)


# --- reading ----------------------------------------------------------------------------------


def talk_picture(match, viewer, player=None, seats=None, shared=None):
    """The conversations `viewer` reads, each with its messages and, for a player, whether they
    may post now (and why not). `seats`: the match's seats with their season players, if the
    caller has them already. `shared` (presenters.shared_rows): the match's conversations and
    messages read once for several viewers, each given copies of those of its conversations."""
    rows = seats if seats is not None else list(match.seats.select_related("season_player"))
    names = {s.seat: seat_name(s) for s in rows}
    conversations = visible_conversations(match, viewer, shared)
    senders = {s.pk: s for s in rows}
    messages = {}
    if shared is None or viewer.is_spectator:
        readable = Message.objects.filter(conversation__in=conversations)
    else:
        if "talk:messages" not in shared:
            shared["talk:messages"] = list(Message.objects.filter(conversation__match=match))
        ids = {c.pk for c in conversations}
        readable = [copy.copy(m) for m in shared["talk:messages"] if m.conversation_id in ids]
    for m in readable:
        if m.sender_id is not None:
            m.sender = senders.get(m.sender_id) or m.sender
        messages.setdefault(m.conversation_id, []).append(m)
    out = []
    for c in conversations:
        rows = messages.get(c.pk, [])
        for m in rows:
            m.sender_name = names.get(m.sender.seat, "?") if m.sender else "Host"
        problem = None if c.kind == Conversation.ANNOUNCEMENTS else _problem(match, c.members, list(names), shared)
        out.append(
            {
                "conversation": c,
                "messages": rows,
                "closed": problem,
                "title": _title(c, names, viewer),
                "can_post": player is not None
                and problem is None
                and c.kind != Conversation.ANNOUNCEMENTS
                and not player.muted,
                "foldable": c.kind == Conversation.GROUP
                and not rows
                and (player is None or c.started_by_id != player.pk),
            }
        )
    if sum(t["foldable"] for t in out) > FOLD_AFTER:  # a long list of empty groups folds into one line
        for t in out:
            t["folded"] = t["foldable"]
    return out


def folded_count(talk):
    return sum(1 for t in talk if t.get("folded"))


def _title(c, names, viewer):
    if c.kind == Conversation.TABLE:
        return "Table talk (everyone)"
    if c.kind == Conversation.ANNOUNCEMENTS:
        return "Announcements from the host" + ("" if len(c.members) > 1 else f" to {names.get(c.members[0], '?')}")
    others = [names.get(s, "?") for s in c.members if s != getattr(viewer, "seat", None)]
    return ("You and " if not viewer.is_host else "") + ", ".join(others)


def may_start_with(match, player, seats=None, shared=None):
    """The seats a player may open a two-person conversation with now."""
    rows = seats if seats is not None else list(match.seats.select_related("season_player"))
    numbers = [s.seat for s in rows]
    return [
        s for s in rows if s.seat != player.seat and _problem(match, [player.seat, s.seat], numbers, shared) is None
    ]


def _problem(match, members, seats, shared):
    """talk_problem, once per set of members for the viewers of one moment (`shared`)."""
    if shared is None:
        return talk_problem(match, members, seats)
    known = shared.setdefault("talk:problems", {})
    key = (frozenset(members), tuple(seats))
    if key not in known:
        known[key] = talk_problem(match, members, seats)
    return known[key]


def viewer_of(player):
    return Viewer.for_seat(player.seat)


def picture_part(match, viewer, player, rows):
    """Talk on a match page (matches.core.presenters): the conversations this viewer reads, and for
    a player whom they may start one with; and the viewer's talk count (`talk_count`), from the
    messages read for it."""
    talk = talk_picture(match, viewer, player, rows.seats, rows.shared)
    part = {"talk": talk, "talk_folded": folded_count(talk)}
    if player is not None:
        part["talk_with"] = may_start_with(match, player, rows.seats, rows.shared)
    count = sum(1 + m.revision for t in talk for m in t["messages"])
    return part, count
