"""The host's side of substitutes (matches.core.substitutes) and of a player leaving the season
(matches.core.leaving): the seats part of a match's host page (who played each seat, the invite
link of a new holder, players' requests, whom a seat may go to), a seat handed to a new player
made on the spot, and the removal page's rows."""

from django.db import transaction

from matches.core.leaving import running_seats
from matches.core.records import Refused
from matches.core.substitutes import STATUSES, do_hand_seat, handed_history, pending_requests, told_holder_ids
from matches.hosting.host_desk import do_add_players, player_lines
from matches.hosting.invites import invite_path, may_hand_invite
from matches.models import SeasonPlayer


def candidates(match, as_told=False):
    """Season players who may take a seat of `match`: not seated in it, not gone from the season.
    `as_told`: as a player may know it, seated as they were told (a quiet hand-over's new holder is
    offered, its old one is not: the host's hand-over refuses a pick that is seated after all)."""
    seated = told_holder_ids(match) if as_told else match.seats.values("season_player")
    return list(match.season.players.exclude(pk__in=seated).exclude(status=SeasonPlayer.LEFT))


def seats_part(match, host, base_url, seats):
    """The host page's seats part, from the picture's `seats` (with their holders' accounts): each
    seat with its history, its holder's invite link while that account has never logged in, and
    whether its holder has left the season; the open requests for a substitute; whom a seat may go
    to. Three queries, whatever the number of seats."""
    if match.status not in STATUSES:
        return {}
    history = dict(handed_history(match))
    for seat in seats:
        seat.history = history.get(seat.seat, seat.season_player.display_name)
        user = seat.season_player.user
        seat.invite = base_url + invite_path(user) if may_hand_invite(host, user) else ""
        seat.left = seat.season_player.status == SeasonPlayer.LEFT
    return {"seat_desk": seats, "seat_requests": pending_requests(match), "seat_candidates": candidates(match)}


def do_hand_to_new_player(match, host, seat_number, line, announce):
    """A new player made from `line` ("Name, username", as the desk's list takes it) joins the
    season and is handed the seat, in one transaction: refused, neither happens."""
    if len(player_lines(line)) != 1:
        raise Refused("Write one new player, as “Name, username”; nothing changed.", field="new_player")
    with transaction.atomic():
        _, members = do_add_players(match.season, line, host)
        if not members:  # an account of another season: its owner must accept an invitation first
            raise Refused(
                "That account belongs to a season you do not host: invite it on the season's desk, and hand "
                "it the seat once it has accepted; nothing changed."
            )
        done = do_hand_seat(match.pk, host, seat_number, members[0].pk, announce=announce)
    joined = f" {members[0].display_name} joined the season"
    if may_hand_invite(host, members[0].user):  # a new account: its way in is the link
        done.message += f"{joined}: send them the invite link shown by the seat."
    else:  # an account that had logged in before: it logs in as it always has
        done.message += f"{joined}; they log in as usual."
    return done


def leaving_rows(player):
    """The removal page's rows: each match still being played in which `player` holds a seat,
    with whom it may go to."""
    rows = []
    for seat in running_seats(player):
        rows.append({"seat": seat, "match": seat.match, "candidates": candidates(seat.match)})
    return rows
