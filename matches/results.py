"""A finished match's result and its confirmation by the host. Offered: the engine's proposed
awards, and the transfers its forced gifts require given the season balances (F10: a player who
ends with more tokens of life than they may keep gives the extras to players the rules name; the
host may change any recipient before confirming). Confirmed: the awards posted to the season
ledger once, eliminations and Heaven/Hell statuses applied with them."""

from django.db import transaction

from games.engine_api import ELIMINATED, MARK_LASTS, MARK_NEXT, MARK_OF_ELIMINATION, STATUSES

from . import clock
from .lifecycle import Done, Refused, _lock, _public, _seats
from .models import LedgerEntry, Match, SeasonPlayer, StatusChange, balances_for


def offered_awards(match):
    awards = list(match.outcome["awards"])
    seats = {s.seat: s for s in match.seats.select_related("season_player")}
    balances = balances_for(match.season, [s.season_player_id for s in seats.values()])
    gifts = []
    for kind, keep, allowed in match.outcome.get("forced_gifts", []):
        turn = 0
        for seat, player in sorted(seats.items()):
            have = balances.get(player.season_player_id, {}).get(kind, 0)
            have += sum(a["amount"] for a in awards if a["seat"] == seat and a["kind"] == kind)
            recipients = [s for s in allowed if s != seat and s in seats]
            for _ in range(max(0, have - keep) if recipients else 0):
                to = recipients[turn % len(recipients)]
                turn += 1
                name = player.season_player.display_name
                gifts.append({"seat": seat, "kind": kind, "amount": -1,
                              "reason": f"{name} may keep at most {keep}: one goes to another player"})
                gifts.append({"seat": to, "kind": kind, "amount": 1,
                              "reason": f"Given by {name} (the host may choose another recipient)"})
    return awards + gifts


def proposed_statuses(match):
    names = {s.seat: s.season_player.display_name for s in match.seats.select_related("season_player")}
    return [(names.get(int(seat), "?"), status) for seat, status in sorted((match.outcome.get("statuses") or {}).items(),
                                                                          key=lambda item: int(item[0]))]


def mark_lasts(match, award):
    """How long a confirmed mark lasts: as the game proposed it for that seat, else for the next
    Main Match."""
    if award["kind"] != MARK_OF_ELIMINATION or award["amount"] <= 0:
        return ""
    proposed = [a.get("lasts") for a in match.outcome["awards"]
                if a["seat"] == award["seat"] and a["kind"] == MARK_OF_ELIMINATION]
    return proposed[0] if proposed and proposed[0] in MARK_LASTS else MARK_NEXT


def do_confirm_result(match_id, awards, by=None):
    """Post the (possibly adjusted) awards to the season ledger, once."""
    with transaction.atomic():
        match = _lock(match_id)
        if match.status != Match.FINISHED:
            raise Refused("Only a finished match has a result to confirm.")
        if match.confirmed_at:
            return Done("The result was already confirmed.", changed=False)
        players = {s.seat: s.season_player for s in _seats(match)}
        for award in awards:
            if not award["reason"].strip():
                raise Refused("Every ledger entry needs a reason.")
            if award["seat"] is not None and award["seat"] not in players:
                raise Refused(f"There is no seat {award['seat']}.")
            if award["amount"] == 0:
                continue
            LedgerEntry.objects.create(
                season=match.season, player=players.get(award["seat"]), kind=award["kind"],
                amount=award["amount"], reason=award["reason"], match=match, created_by=by,
                mark_lasts=mark_lasts(match, award),
            )
            if award["kind"] == ELIMINATED and award["amount"] > 0 and award["seat"] is not None:
                member = players[award["seat"]]
                member.status = SeasonPlayer.ELIMINATED
                member.save(update_fields=["status"])
        for seat, realm in sorted((match.outcome.get("statuses") or {}).items(), key=lambda kv: int(kv[0])):
            member = players.get(int(seat))
            if member is not None and realm in STATUSES:
                StatusChange.objects.create(season=match.season, player=member, previous=member.realm, realm=realm,
                                            reason=match.title, match=match, created_by=by)
                member.realm = realm
                member.save(update_fields=["realm"])
        now = clock.now()
        match.confirmed_at, match.confirmed_by = now, by
        _public(match, "host.confirmed", "The host confirmed the result into the season ledger.", now)
        match.save()
        return Done("Result confirmed into the ledger.")

