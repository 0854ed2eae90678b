"""Substitutes: a seat handed to another account during a match (issue 36).

A seat (MatchPlayer) is the unit of play: its submissions, actions, private events and
conversations are the seat's, by seat number. Handing it on changes who holds it
(`MatchPlayer.season_player`), so every access check, which asks whether the user holds the
seat, gives the new account everything the seat may see at once and takes it from the old one
in the same commit; what the seat sent before stays the seat's, never re-attributed. Every
holder is kept (SeatHolder: since which step, how), so the match's history can say who played
which phases.

The hand-over is a check then a do under the match lock (the lock every move takes first, so a
move of the old account either lands before it, counted for the seat, or is refused after it),
recorded as an event: public if the host announces it, else host-only. The other players are
told nothing of a quiet hand-over, not even by a name: they keep seeing the seat under the name
of its last announced holder (`shown_names`), so their pages are the same bytes either way.
After commit, SeatHanded closes the old account's open sockets of the match (matches.live)."""

from django.db import transaction
from django.db.models import OuterRef, Subquery

from games.engine_api import OTHERS_TEXT

from matches import clock
from matches.core import events
from matches.core.access import is_host
from matches.core.records import Done, Refused, _lock, _record_events
from matches.models import Event, Match, MatchPlayer, SeasonPlayer, SeatHolder, SeatRequest

STATUSES = (Match.RUNNING, Match.PAUSED)
KIND = "seat.handed"


def seat_rows(match):
    """The match's seats with their holders, `shown_name` and `shown_id`: the name and season
    player of the last holder the other players were told of (None: nobody was ever handed the
    seat, its holder's own)."""
    told = SeatHolder.objects.filter(seat=OuterRef("pk"), announced=True).order_by("-since", "-pk")
    return list(
        match.seats.select_related("season_player__user").annotate(
            shown_name=Subquery(told.values("season_player__display_name")[:1]),
            shown_id=Subquery(told.values("season_player")[:1]),
        )
    )


def told_holder(seat):
    """The season player the other players were told holds `seat`: its last announced holder (a
    quiet hand-over keeps the old one), or its holder if it was never handed on."""
    row = seat.holders.filter(announced=True).select_related("season_player").order_by("-since", "-pk").first()
    return row.season_player if row else seat.season_player


def told_holder_ids(match):
    """The season players the other players were told hold the match's seats, in one query."""
    return {seat.shown_id or seat.season_player_id for seat in seat_rows(match)}


def name_for(seat, viewer):
    """The seat's name as `viewer` may read it: its holder's for the host, else the name the
    players were last told (a quiet hand-over keeps the old one)."""
    if viewer is not None and viewer.is_host:
        return seat.season_player.display_name
    return getattr(seat, "shown_name", None) or seat.season_player.display_name


def holders(seat):
    """Every holder of the seat, oldest first (a seat never handed on has its start row only
    once it is first handed; before that, its holder is its account from the start)."""
    rows = list(seat.holders.select_related("season_player"))
    if rows:
        return rows
    return [SeatHolder(seat=seat, season_player=seat.season_player, from_step=0, how=SeatHolder.START)]


def history_words(seat):
    """'Otto, then Nora from step 5': who played the seat, for the host page and the confirm form.
    A holder plays the steps after the one the match had reached when they took the seat."""
    return _words(holders(seat))


def handed_history(match):
    """[(seat number, 'Otto, then Nora from step 5')] of the seats handed on, in one query (the
    step pages: a finished match's readers see every hand-over, as they read every event)."""
    by_seat = {}
    rows = SeatHolder.objects.filter(seat__match=match).select_related("season_player", "seat")
    for row in rows.order_by("seat__seat", "since", "pk"):
        by_seat.setdefault(row.seat.seat, []).append(row)
    return [(number, _words(held)) for number, held in by_seat.items() if len(held) > 1]


def _words(held):
    words = [held[0].season_player.display_name]
    words += [f"then {row.season_player.display_name} from step {row.from_step + 1}" for row in held[1:]]
    return ", ".join(words)


def held_before(user, match_id):
    """Whether `user` held a seat of the match that has since been handed on."""
    return SeatHolder.objects.filter(seat__match_id=match_id, season_player__user=user, until__isnull=False).exists()


def check_still_holder(player):
    """Under the match lock, before a write of the seat `player` (as the request read it): the
    seat is still held by the account the request found holding it (a seat handed on while its
    old holder's write waited for the lock takes nothing from them), and that player has not
    left the season (a seat they kept is the autopilot's: core.leaving)."""
    status = (
        MatchPlayer.objects.filter(pk=player.pk, season_player_id=player.season_player_id)
        .values_list("season_player__status", flat=True)
        .first()
    )
    if status is None:
        raise Refused("This seat has been handed to another player; nothing was recorded.")
    if status == SeasonPlayer.LEFT:
        raise Refused("You have left this season: the autopilot plays your seat; nothing was recorded.")


def holding_since(player):
    """When the seat's holder took it (None: held since the start, never handed on)."""
    return player.holders.filter(until__isnull=True).values_list("since", flat=True).first()


def check_hand_seat(match, user, seat, to_player):
    """Refused (with why) unless `user` may hand `seat` of `match` to `to_player` now.
    `user` None is the platform itself (a player leaving the season)."""
    if user is not None and not is_host(user, match.season):
        raise Refused("Only a host of this match's season may hand a seat to someone else.")
    if match.status == Match.DRAFT:
        raise Refused("This match has not started: change its seats on the draft; nothing changed.")
    if match.status not in STATUSES:
        raise Refused("This match is over: its seats stay with who played them; nothing changed.")
    if seat is None:
        raise Refused("This match has no such seat; nothing changed.", field="seat")
    if to_player is None:
        raise Refused("Choose who takes the seat.", field="player")
    if to_player.season_id != match.season_id:  # not named: another season's players are not this host's to read
        raise Refused(
            "That is not a player of this season: invite a new player by link instead; nothing changed.",
            field="player",
        )
    name = to_player.display_name
    if to_player.pk == seat.season_player_id:
        raise Refused(f"Seat {seat.seat + 1} is {name}'s already; nothing changed.", field="player")
    if to_player.status == SeasonPlayer.LEFT:
        raise Refused(f"{name} has left the season; nothing changed.", field="player")
    other = match.seats.filter(season_player=to_player).exclude(pk=seat.pk).first()
    if other is not None:
        raise Refused(
            f"{name} already plays seat {other.seat + 1} of this match, and one account plays one seat; "
            "nothing changed.",
            field="player",
        )


def do_hand_seat(match_id, user, seat_number, to_player_id, *, announce=False, how=SeatHolder.SUBSTITUTE):
    """Hand seat `seat_number` (0-based) of the match to season player `to_player_id`, under the
    match lock. Returns Done; raises Refused, changing nothing."""
    with transaction.atomic():
        match = _lock(match_id)
        seat = _hand(match, user, seat_number, to_player_id, announce, how)
        told = " and the players are told" if seat.announced else ""
        if announce and not seat.announced:
            told = ": the players were never told it had left them, so they are told nothing"
        return Done(f"Seat {seat_number + 1} is handed on{told}.")


def _hand(match, user, seat_number, to_player_id, announce, how):
    """The hand-over itself; the caller holds the match lock."""
    seat = MatchPlayer.objects.select_related("season_player").filter(match=match, seat=seat_number).first()
    # locked after the match, as core.leaving locks them: one leaving now cannot be handed a seat
    to_player = SeasonPlayer.objects.select_for_update().filter(pk=to_player_id).first() if to_player_id else None
    check_hand_seat(match, user, seat, to_player)
    now, old = clock.now(), seat.season_player
    told = told_holder(seat)
    # back to the holder the players saw: nothing changes for them, and telling them would show
    # them the quiet hand-over it undoes
    announce = announce and to_player.pk != told.pk
    # announced, it names whom the players saw in the seat: a quiet holder before stays the host's to know
    replaced = told if announce else old
    current = seat.holders.filter(until__isnull=True).order_by("-since", "-pk").first()
    if current is None:  # never handed on before: its holder since the start
        since = match.started_at or now
        current = SeatHolder(seat=seat, season_player=old, since=since, from_step=0, how=SeatHolder.START)
    current.until, current.until_step = now, match.step
    current.save()
    SeatHolder.objects.create(
        seat=seat, season_player=to_player, since=now, from_step=match.step, how=how, announced=announce
    )
    # the new holder starts with a clean slate: the old holder's misses and autopilot were theirs
    seat.season_player, seat.missed_in_row, seat.autopilot = to_player, 0, False
    seat.save(update_fields=["season_player", "missed_in_row", "autopilot"])
    # a request of the seat's is answered by any hand-over of it
    seat.substitute_requests.filter(status=SeatRequest.PENDING).update(status=SeatRequest.APPROVED, answered_at=now)
    text = (
        f"Seat {seat_number + 1}: {to_player.display_name} plays it from step {match.step + 1}, "
        f"in place of {replaced.display_name}."
    )
    event = Event(
        kind=KIND,
        text=text,
        visibility=Event.PUBLIC if announce else Event.HOST,
        data={"seat": seat_number, "from": replaced.pk, "to": to_player.pk, "step": match.step, "how": how},
    )
    _record_events(match, [event], now)
    match.save(update_fields=["event_seq"])
    events.publish(events.SeatHanded(match.pk, seat.pk, to_player.pk))
    seat.announced = announce
    return seat


# --- a player asks for a substitute -----------------------------------------------------------


def check_ask(player, suggested):
    if player.match.status == Match.DRAFT:
        raise Refused("This match has not started: ask the host to change the draft's seats; nothing was asked.")
    if player.match.status not in STATUSES:
        raise Refused("This match is over: there is no seat to hand on; nothing was asked.")
    if suggested is not None and (
        suggested.season_id != player.match.season_id or suggested.pk == player.season_player_id
    ):
        raise Refused("Suggest another player of this season, or nobody.", field="suggested")
    if player.substitute_requests.filter(status=SeatRequest.PENDING).exists():
        raise Refused("You have asked already; the host has not answered yet.")


def do_ask(player, suggested, reason):
    """The seat's holder asks the host for a substitute (`suggested`: a season player, or None)."""
    with transaction.atomic():
        match = _lock(player.match_id)
        check_still_holder(player)
        player = MatchPlayer.objects.select_related("season_player").get(pk=player.pk)
        player.match = match
        check_ask(player, suggested)
        SeatRequest.objects.create(
            seat=player,
            asked_by=player.season_player,
            suggested=suggested,
            reason=reason.strip()[:300],
            asked_at=clock.now(),
        )
        events.personal_change(match)
        return Done("Asked: the host will hand your seat on, or tell you otherwise. Play on until then.")


def pending_requests(match):
    return list(
        SeatRequest.objects.filter(seat__match=match, status=SeatRequest.PENDING).select_related(
            "seat", "asked_by", "suggested"
        )
    )


def do_decline(match_id, user, request_id):
    with transaction.atomic():
        match = _lock(match_id)
        if not is_host(user, match.season):
            raise Refused("Only a host of this match's season may answer that.")
        asked = (
            SeatRequest.objects.select_related("seat__season_player")
            .filter(pk=request_id, seat__match=match, status=SeatRequest.PENDING)
            .first()
        )
        if asked is None:
            raise Refused("That request is answered already, or is not this match's; nothing changed.")
        now = clock.now()
        asked.status, asked.answered_at = SeatRequest.DECLINED, now
        asked.save(update_fields=["status", "answered_at"])
        name = asked.seat.season_player.display_name
        told = Event(  # the player's own line: they asked, so they are told (the others never knew of it)
            kind="seat.request",
            visibility=Event.PRIVATE,
            seat=asked.seat.seat,
            data={OTHERS_TEXT: f"The host declined {name}'s request for a substitute."},
            text="The host declined your request for a substitute: the seat stays yours, so play on.",
        )
        _record_events(match, [told], now)
        match.save(update_fields=["event_seq"])
        return Done("Declined: the player keeps the seat, and is told so.")
