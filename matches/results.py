"""What the host is offered to confirm after a match: the engine's proposed awards, and the
transfers its forced gifts require given the season balances (F10: a player who ends with more
tokens of life than they may keep gives the extras to players the rules name; the host may
change any recipient before confirming)."""

from .models import balances_for


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
