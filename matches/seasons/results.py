"""A finished match's result and its confirmation by the host. Offered: the engine's proposed
awards. Confirmed: the awards posted to the season ledger once, eliminations and Heaven/Hell
statuses applied with them, and the transfers the rules force (F10) opened as prompts to the
players concerned (matches/seasons/forced_gifts.py)."""

from django.db import transaction

from games.engine_api import ELIMINATED, MARK_LASTS, MARK_NEXT, MARK_OF_ELIMINATION, STATUSES

from matches import clock
from matches.seasons import forced_gifts
from matches.core.lifecycle import Done, Refused, _lock, _public, _seats
from matches.core.substitutes import holders
from matches.models import LedgerEntry, Match, SeasonPlayer, StatusChange, balances_for


def offered_awards(match):
    return list(match.outcome["awards"])


def forced_preview(match):
    """The caps the rules set after this match, in words, for the confirm page: the players over
    them are asked to give the extras away once the result is confirmed."""
    names = {s.seat: s.season_player.display_name for s in match.seats.select_related("season_player")}
    return [
        f"At most {keep} {kind.replace('_', ' ')} each; the extras go to one of: "
        + ", ".join(names.get(s, "?") for s in allowed)
        for kind, keep, allowed in match.outcome.get("forced_gifts", [])
    ]


def proposed_statuses(match):
    names = {s.seat: s.season_player.display_name for s in match.seats.select_related("season_player")}
    return [
        (names.get(int(seat), "?"), status)
        for seat, status in sorted((match.outcome.get("statuses") or {}).items(), key=lambda item: int(item[0]))
    ]


def mark_lasts(match, award):
    """How long a confirmed mark lasts: as the game proposed it for that seat, else for the next
    Main Match."""
    if award["kind"] != MARK_OF_ELIMINATION or award["amount"] <= 0:
        return ""
    proposed = [
        a.get("lasts")
        for a in match.outcome["awards"]
        if a["seat"] == award["seat"] and a["kind"] == MARK_OF_ELIMINATION
    ]
    return proposed[0] if proposed and proposed[0] in MARK_LASTS else MARK_NEXT


def earlier_holders(seats):
    """{seat number: {season player id: season player}} of those who held a seat before its
    holder at the end (matches.core.substitutes): the confirm form may give them its entries."""
    found = {}
    for seat in seats:
        for holder in holders(seat):
            if holder.season_player_id != seat.season_player_id:
                found.setdefault(seat.seat, {})[holder.season_player_id] = holder.season_player
    return found


def _receiver(award, players, earlier):
    """Who an entry goes to: by default the seat's holder at the end; else the earlier holder of
    that seat the host chose (award["holder"], a season player id)."""
    chosen = award.get("holder")
    if not chosen or award["seat"] is None:
        return players.get(award["seat"])
    player = earlier.get(award["seat"], {}).get(chosen)
    if player is None:
        raise Refused(f"Seat {award['seat'] + 1} was never held by that player; nothing was written.")
    return player


def do_confirm_result(match_id, awards, by=None):
    """Post the (possibly adjusted) awards to the season ledger, once."""
    with transaction.atomic():
        match = _lock(match_id)
        if match.status != Match.FINISHED:
            raise Refused("Only a finished match has a result to confirm.")
        if match.confirmed_at:
            return Done("The result was already confirmed.", changed=False)
        seats = _seats(match)
        players = {s.seat: s.season_player for s in seats}
        earlier = earlier_holders(seats)
        for award in awards:
            if not award["reason"].strip():
                raise Refused("Every ledger entry needs a reason.")
            if award["seat"] is not None and award["seat"] not in players:
                raise Refused(f"There is no seat {award['seat']}.")
            if award["amount"] == 0:
                continue
            receiver = _receiver(award, players, earlier)
            LedgerEntry.objects.create(
                season=match.season,
                player=receiver,
                kind=award["kind"],
                amount=award["amount"],
                reason=award["reason"],
                match=match,
                created_by=by,
                mark_lasts=mark_lasts(match, award),
            )
            if award["kind"] == ELIMINATED and award["amount"] > 0 and award["seat"] is not None:
                receiver.status = SeasonPlayer.ELIMINATED  # the entry's receiver: an earlier holder, if chosen
                receiver.save(update_fields=["status"])
        for seat, realm in sorted((match.outcome.get("statuses") or {}).items(), key=lambda kv: int(kv[0])):
            member = players.get(int(seat))
            if member is not None and realm in STATUSES:
                StatusChange.objects.create(
                    season=match.season,
                    player=member,
                    previous=member.realm,
                    realm=realm,
                    reason=match.title,
                    match=match,
                    created_by=by,
                )
                member.realm = realm
                member.save(update_fields=["realm"])
        now = clock.now()
        balances = balances_for(match.season, [m.pk for m in players.values()])
        forced_gifts.prompts_for_match(match, players, balances, now)
        match.confirmed_at, match.confirmed_by = now, by
        _public(match, "host.confirmed", "The host confirmed the result into the season ledger.", now)
        match.save()
        return Done("Result confirmed into the ledger.")
