"""What a match's host page says of each seat beside the game: on autopilot, away (an absence
now or to come), and its missed deadlines in this match. A part of the match picture
(core.presenters.add_picture_part, registered in matches.apps), for the host alone: nobody
else learns from it who is away or plays by itself."""

from django.db.models import Count, Q

from matches import clock
from matches.models import Match, MissedStep
from matches.seasons import attendance


def picture_part(match, viewer, player, rows):
    if not viewer.is_host or match.status == Match.DRAFT:
        return {}, 0
    now = clock.now()
    members = [s.season_player for s in rows.seats]
    away = attendance.absences_of(members, now)
    counts = {  # by seat and player: a seat's new holder starts with none of the old one's misses
        (row["seat"], row["player"]): row
        for row in MissedStep.objects.filter(match=match)
        .values("seat", "player")
        .annotate(missed=Count("pk"), excused=Count("pk", filter=~Q(excused="")))
    }
    notes = []
    for seat in rows.seats:
        absences = away.get(seat.season_player_id, [])
        missed = counts.get((seat.seat, seat.season_player_id), {})
        notes.append(
            {
                "seat": seat.seat,
                "name": seat.season_player.display_name,
                "autopilot": seat.autopilot,
                "away_now": any(a.covers(now) for a in absences),
                "absences": absences,
                "missed": missed.get("missed", 0),
                "excused": missed.get("excused", 0),
            }
        )
    return {"seat_notes": notes, "extension_rule": match.absence_rule == Match.HOST_EXTENSION}, 0
