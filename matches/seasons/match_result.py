"""A finished match told to one of its players, at the top of their play page (issue 40, point
2): who won, their own place, and what the result means for their season: the ledger entries of
this match for them once the host has confirmed it, the proposed ones until then, and where the
result sends them (Heaven or Hell). Added to the match picture by matches.apps, as talk is, so
the core does not import the season's words."""

from games.engine_api import HEAVEN, HELL

from matches.models import LedgerEntry, kind_labels
from matches.seasons.ledger_words import change_words

REALMS = {HEAVEN: "You go to Heaven", HELL: "You go to Hell"}


def picture_part(match, viewer, player, rows):
    """`final_result` for a player of a finished match (nothing for anyone else, nor before the
    end). It reads the ledger only then, so a running match's pages cost what they did. Nothing
    here is personal news a socket must count: confirming a result records a public line."""
    if player is None or match.status != match.FINISHED or not match.outcome:
        return {}, 0
    standings = match.outcome["standings"]
    mine = next((row for row in standings if row["seat"] == player.seat), None)
    labels = kind_labels(match.season)
    if match.confirmed_at:
        entries = LedgerEntry.objects.filter(match=match, player_id=player.season_player_id).order_by("id")
        changes = [(e.kind, e.amount, e.reason) for e in entries]
    else:
        changes = [(a["kind"], a["amount"], a["reason"]) for a in match.outcome["awards"] if a["seat"] == player.seat]
    realm = (match.outcome.get("statuses") or {}).get(str(player.seat), "")
    season = [
        {"words": change_words(None, kind, amount, labels, to_owner=True), "reason": reason}
        for kind, amount, reason in changes
        if amount
    ]
    return {
        "final_result": {
            "winners": [rows.names.get(row["seat"], "?") for row in standings if row["place"] == 1],
            "place": mine["place"] if mine else None,
            "of": len(standings),
            "season": season,
            "realm": REALMS.get(realm, ""),
            "confirmed": bool(match.confirmed_at),
        }
    }, 0
