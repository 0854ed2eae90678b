"""A player leaves the season (issue 36, point 5): the host removes them. Each match still
running or paused in which they hold a seat is handed to the substitute the host chose for it
(matches.core.substitutes), or, with none chosen, stays theirs, marked as left, for the
autopilot to play; the ledger keeps every entry of theirs; the season shows them as having left.
All of it or nothing: the matches are locked in id order (the order every writer that locks
several matches uses), then the season players' rows in id order, before anything is written."""

from django.db import transaction

from matches import clock
from matches.core import autopilot, lifecycle
from matches.core.access import is_host
from matches.core.records import Done, Refused, _lock
from matches.core.substitutes import STATUSES, _hand
from matches.models import MatchPlayer, SeasonPlayer, SeatHolder


def running_seats(player):
    """The seats `player` holds in matches still being played, by match id."""
    return list(
        MatchPlayer.objects.filter(season_player=player, match__status__in=STATUSES)
        .select_related("match")
        .order_by("match_id")
    )


def check_leave(season, user, player):
    if user is not None and not is_host(user, season):
        raise Refused("Only a host of this season may remove a player from it.")
    if player is None or player.season_id != season.pk:
        raise Refused("Choose a player of this season.")
    if player.status == SeasonPlayer.LEFT:
        raise Refused(f"{player.display_name} has left the season already; nothing changed.")


def do_leave(season, user, player_id, substitutes, announce=True):
    """Remove season player `player_id` from `season`; `substitutes`: {match id: season player
    id, or None to leave the seat to the autopilot}. Returns Done; raises Refused, changing nothing."""
    with transaction.atomic():
        player = SeasonPlayer.objects.filter(pk=player_id).first()
        check_leave(season, user, player)
        # every lock before any write, in the one order every writer uses: the matches by id, then
        # the season players by id (the leaving one and the substitutes chosen), so that no move or
        # hand-over elsewhere, which locks a match then a player, can wait on this in a circle
        seats = running_seats(player)
        matches = {seat.match_id: _lock(seat.match_id) for seat in seats}
        chosen = sorted({pk for pk in substitutes.values() if pk} | {player.pk})
        locked = {p.pk: p for p in SeasonPlayer.objects.select_for_update().filter(pk__in=chosen).order_by("pk")}
        if locked[player.pk].status == SeasonPlayer.LEFT:
            raise Refused(f"{player.display_name} has left the season already; nothing changed.")
        if {seat.match_id for seat in running_seats(player)} - set(matches):  # handed a seat meanwhile
            raise Refused(f"{player.display_name} was just handed another seat; nothing changed: try again.")
        handed, kept = [], []
        for seat in seats:
            match = matches[seat.match_id]
            # as it is under the lock: finished, or handed on, while we were locking the others
            held = MatchPlayer.objects.select_related("season_player").filter(pk=seat.pk, season_player=player).first()
            if match.status not in STATUSES or held is None:
                continue
            to_player = substitutes.get(match.pk)
            if to_player:
                try:
                    _hand(match, user, seat.seat, to_player, announce, SeatHolder.LEFT)
                except Refused as refusal:  # which match, of the several on the page
                    raise Refused(f"{match.title}: {refusal}", field=refusal.field) from None
                handed.append(match.title)
            else:  # nobody takes it: the game's defaults are played for the seat from now on
                autopilot.engage_for_leaving(match, held, clock.now(), lifecycle._close)
                kept.append(match.title)
        leaving = locked[player.pk]
        leaving.status = SeasonPlayer.LEFT
        leaving.save(update_fields=["status"])
    words = [f"{player.display_name} has left the season; their ledger entries stay."]
    if handed:
        words.append(f"Handed on: {', '.join(handed)}.")
    if kept:
        words.append(f"Left to the autopilot: {', '.join(kept)}.")
    return Done(" ".join(words))
