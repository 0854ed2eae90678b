"""A whole match as plain data: settings, seats, phases, every submission revision, actions and
events. What the host downloads, and what an audit or a replay elsewhere starts from."""


def export_match(match):
    seats = list(match.seats.select_related("season_player").order_by("seat"))
    return {
        "match": {
            "id": match.pk, "title": match.title, "game": match.game, "kind": match.kind,
            "status": match.status, "seed": match.seed, "settings": match.settings,
            "started_at": match.started_at, "finished_at": match.finished_at,
        },
        "seats": [{"seat": s.seat, "name": s.season_player.display_name, "role": s.role} for s in seats],
        "phases": [
            {
                "sequence": p.sequence, "key": p.key, "title": p.title, "status": p.status,
                "waits_on": p.waits_on, "opened_at": p.opened_at, "deadline": p.deadline,
                "closed_at": p.closed_at, "close_reason": p.close_reason, "state_hash": p.state_hash,
                "submissions": [
                    {"seat": s.player.seat, "payload": s.payload, "source": s.source, "at": s.created_at}
                    for s in p.submissions.select_related("player").order_by("id")
                ],
            }
            for p in match.phases.order_by("sequence")
        ],
        "actions": [
            {"step": a.step, "seat": a.player.seat, "name": a.name, "payload": a.payload, "at": a.created_at}
            for a in match.actions.select_related("player").order_by("step")
        ],
        "events": [
            {"seq": e.seq, "kind": e.kind, "visibility": e.visibility, "seat": e.seat, "text": e.text,
             "data": e.data, "at": e.created_at}
            for e in match.events.order_by("seq")
        ],
        "state": match.state,
        "outcome": match.outcome,
    }
