"""The season's history in words, newest first: every confirmed ledger change that everyone may
know of (entries of matches still being played count once those are over) and every change of
Heaven or Hell. A gift is one line ("Ben gave Cleo 2 garnets"), not its two entries. Without
public balances, garnets and tokens of life are left out."""

from games.engine_api import COMMUNAL_GARNET, GARNET, TOKEN_OF_LIFE

from matches.models import LedgerEntry, Match, StatusChange, kind_labels
from matches.seasons.ledger_words import change_words

PRIVATE_WHEN_HIDDEN = (GARNET, TOKEN_OF_LIFE, COMMUNAL_GARNET)


def entry_words(entry, labels):
    who = entry.player.display_name if entry.player_id else None
    change = change_words(who, entry.kind, entry.amount, labels)
    if entry.match_id:
        return f"{entry.match.title}: {change} ({entry.reason})"
    return f"{change} ({entry.reason})"


def season_history(season, balances_public, host=False, limit=100):
    """`balances_public`: whether this viewer may read garnets and tokens of life (the season's
    setting, or the host). A season currency that is not public shows to the host alone."""
    labels = kind_labels(season)
    hidden = [] if host else [c.kind for c in season.currencies.all() if not c.public]
    entries = list(
        LedgerEntry.objects.filter(season=season)
        .exclude(kind__in=hidden)
        .exclude(match__status__in=[Match.RUNNING, Match.PAUSED])
        .select_related("player", "match")
        .order_by("-id")[: limit * 2]
    )
    if not balances_public:
        entries = [e for e in entries if e.kind not in PRIVATE_WHEN_HIDDEN]
    gifts = {(e.reason, e.kind, e.amount) for e in entries if e.match_id is None}
    lines = []
    for e in entries:
        pair = (e.reason, e.kind, -e.amount)
        if e.match_id is None and pair in gifts:
            if e.amount < 0:
                continue  # the giving half of a gift: the receiving half tells it
            lines.append((e.created_at, e.reason))
        else:
            lines.append((e.created_at, entry_words(e, labels)))
    for change in StatusChange.objects.filter(season=season).select_related("player").order_by("-id")[:limit]:
        lines.append((change.created_at, change.words()))
    lines.sort(key=lambda line: line[0], reverse=True)
    return lines[:limit]


def match_summaries(season):
    """Every started match with its game, date, and (once over) who placed first and last."""
    from games import registry

    out = []
    for match in season.matches.exclude(status=Match.DRAFT).prefetch_related("seats__season_player").order_by("-pk"):
        names = {s.seat: s.season_player.display_name for s in match.seats.all()}
        standings = (match.outcome or {}).get("standings", []) if match.status == Match.FINISHED else []
        places = [row["place"] for row in standings]
        try:
            match.game_name = registry.get(match.game).name
        except registry.UnknownGame:
            match.game_name = match.game
        match.winners = [names.get(r["seat"], "?") for r in standings if r["place"] == min(places, default=0)]
        match.losers = [
            names.get(r["seat"], "?")
            for r in standings
            if places and r["place"] == max(places) and max(places) != min(places)
        ]
        out.append(match)
    return out
