"""A whole match as plain data: settings, seats, phases, every submission revision, actions and
events. What the host downloads, and what an audit or a replay elsewhere starts from."""


def export_match(match):
    seats = list(match.seats.select_related("season_player").order_by("seat"))
    return {
        "match": {
            "id": match.pk,
            "title": match.title,
            "game": match.game,
            "kind": match.kind,
            "status": match.status,
            "seed": match.seed,
            "settings": match.settings,
            "started_at": match.started_at,
            "finished_at": match.finished_at,
        },
        "seats": [{"seat": s.seat, "name": s.season_player.display_name, "role": s.role} for s in seats],
        "phases": [
            {
                "sequence": p.sequence,
                "key": p.key,
                "title": p.title,
                "status": p.status,
                "waits_on": p.waits_on,
                "opened_at": p.opened_at,
                "deadline": p.deadline,
                "closed_at": p.closed_at,
                "close_reason": p.close_reason,
                "state_hash": p.state_hash,
                "submissions": [
                    {"seat": s.player.seat, "payload": s.payload, "source": s.source, "at": s.created_at}
                    for s in p.submissions.select_related("player").order_by("id")
                ],
            }
            for p in match.phases.order_by("sequence")
        ],
        "actions": [
            {
                "step": a.step,
                "seat": a.player.seat if a.player else None,
                "by_host": a.player is None,
                "by": a.by.username if a.by else None,
                "name": a.name,
                "payload": a.payload,
                "at": a.created_at,
            }
            for a in match.actions.select_related("player", "by").order_by("step")
        ],
        "events": [
            {
                "seq": e.seq,
                "kind": e.kind,
                "visibility": e.visibility,
                "seat": e.seat,
                "text": e.text,
                "data": e.data,
                "at": e.created_at,
            }
            for e in match.events.order_by("seq")
        ],
        "state": match.state,
        "outcome": match.outcome,
    }


LEDGER_COLUMNS = ["id", "created_at", "player", "kind", "amount", "reason", "match", "mark_lasts", "created_by"]


def export_season(season):
    """A whole season as plain data: players with their statuses and balances, every match with its
    seats and result, the ledger, and the history of Heaven and Hell."""
    from matches.models import balances_for

    balances = balances_for(season)
    return {
        "season": {
            "name": season.name,
            "slug": season.slug,
            "status": season.status,
            "balances_public": season.balances_public,
            "gifts_frozen": season.gifts_frozen,
        },
        "players": [
            {
                "name": p.display_name,
                "username": p.user.username,
                "status": p.status,
                "realm": p.realm,
                "balances": balances.get(p.pk, {}),
            }
            for p in season.players.select_related("user")
        ],
        "matches": [
            {
                "id": m.pk,
                "title": m.title,
                "game": m.game,
                "kind": m.kind,
                "status": m.status,
                "started_at": m.started_at,
                "finished_at": m.finished_at,
                "confirmed_at": m.confirmed_at,
                "seats": [
                    {"seat": s.seat, "name": s.season_player.display_name, "role": s.role} for s in m.seats.all()
                ],
                "outcome": m.outcome,
            }
            for m in season.matches.prefetch_related("seats__season_player").order_by("pk")
        ],
        "ledger": [dict(zip(LEDGER_COLUMNS, row)) for row in ledger_rows(season)],
        "status_changes": [
            {
                "player": c.player.display_name,
                "from": c.previous,
                "to": c.realm,
                "reason": c.reason,
                "match": c.match_id,
                "at": c.created_at,
            }
            for c in season.status_changes.select_related("player").order_by("pk")
        ],
    }


def ledger_rows(season):
    for e in season.ledger.select_related("player", "match", "created_by").order_by("pk"):
        yield [
            e.pk,
            e.created_at.isoformat(),
            e.player.display_name if e.player_id else "(communal pool)",
            e.kind,
            e.amount,
            e.reason,
            e.match.title if e.match_id else "",
            e.mark_lasts,
            e.created_by.username if e.created_by_id else "",
        ]
