"""Marks of Elimination that name their Main Matches, and the Death Match that follows a Main Match.

A season runs in cycles: a Main Match, then its Death Match, until the next Main Match starts. A
mark is for the next Main Match's cycle (The Flat Earth Theory) or for this one and the next
(Pokemon Snap); "this" is the Main Match that gave it (or, for a mark the host wrote by hand,
the cycle it was written in). A mark is live while the season is in a cycle it covers, upcoming
before, and falls away after. A host's negative mark entry cancels the oldest live mark."""

from dataclasses import dataclass

from games.engine_api import ELIMINATION_CANDIDATE, MARK_NEXT, MARK_OF_ELIMINATION, MARK_THIS_AND_NEXT

from matches.models import LedgerEntry, Match

LIVE, UPCOMING = "live", "upcoming"


@dataclass
class Mark:
    player_id: int
    text: str
    state: str  # LIVE or UPCOMING


def main_matches(season):
    """The season's Main Matches that have started, in the order they started."""
    return list(
        season.matches.filter(kind=Match.MAIN, started_at__isnull=False)
        .exclude(status=Match.CANCELLED)
        .order_by("started_at", "pk")
    )


def _cycle_of(moment, mains):
    """The index of the Main Match whose cycle `moment` falls in (-1: before the first)."""
    index = -1
    for i, main in enumerate(mains):
        if main.started_at <= moment:
            index = i
    return index


def marks(season, mains=None):
    """{player_id: [Mark, ...]} of every live or upcoming mark."""
    mains = main_matches(season) if mains is None else mains
    now = len(mains) - 1
    positions = {m.pk: i for i, m in enumerate(mains)}
    out, removals = {}, {}
    entries = LedgerEntry.objects.filter(season=season, kind=MARK_OF_ELIMINATION, player__isnull=False)
    for entry in entries.select_related("match").order_by("id"):
        if entry.amount < 0:
            removals[entry.player_id] = removals.get(entry.player_id, 0) - entry.amount
            continue
        if entry.match_id in positions:
            anchor = positions[entry.match_id]
        else:
            anchor = _cycle_of(
                entry.match.started_at if entry.match_id and entry.match.started_at else entry.created_at, mains
            )
        lasts = entry.mark_lasts or MARK_NEXT
        first, last = (anchor, anchor + 1) if lasts == MARK_THIS_AND_NEXT else (anchor + 1, anchor + 1)
        if now > last:
            continue  # fallen away
        title = mains[anchor].title if 0 <= anchor < len(mains) else ""
        if lasts == MARK_THIS_AND_NEXT:
            text = f"for {title} and the next Main Match" if title else "for this Main Match and the next"
        else:
            text = f"for the Main Match after {title}" if title else "for the next Main Match"
        for _ in range(entry.amount):
            out.setdefault(entry.player_id, []).append(Mark(entry.player_id, text, LIVE if now >= first else UPCOMING))
    for player_id, count in removals.items():
        live = [m for m in out.get(player_id, []) if m.state == LIVE]
        for mark in live[:count]:
            out[player_id].remove(mark)
    return out


def live_count(marks_of_player):
    return sum(1 for m in marks_of_player if m.state == LIVE)


def death_match_pairing(season, mains=None, all_marks=None):
    """(the Main Match whose result was confirmed last, its Elimination Candidates, who may be
    chosen as their opponent); (None, [], []) before any Main Match's result is confirmed.

    The last confirmed, not the last started: Main Matches may run side by side (the demo season
    starts every game at once), and one started later and still being played must not hide the
    Death Match that a confirmed result calls for."""
    mains = main_matches(season) if mains is None else mains
    confirmed = [m for m in mains if m.confirmed_at]
    if not confirmed:
        return None, [], []
    latest = max(confirmed, key=lambda m: (m.confirmed_at, m.started_at, m.pk))
    all_marks = marks(season, mains) if all_marks is None else all_marks
    totals = {}
    for entry in latest.ledger.filter(kind=ELIMINATION_CANDIDATE, player__isnull=False):
        totals[entry.player_id] = totals.get(entry.player_id, 0) + entry.amount
    active = list(season.players.filter(status="active"))  # in reading order (SeasonPlayer.Meta)
    candidates = [p for p in active if totals.get(p.pk, 0) > 0]
    opponents = [p for p in active if p not in candidates and not live_count(all_marks.get(p.pk, []))]
    return latest, candidates, opponents
