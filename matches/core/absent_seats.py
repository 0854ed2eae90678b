"""'Autopilot while away' for an absence that begins while a step is open: the clock's tick
(scheduling.deadlines.run_due, every sweep) finds the seats whose absence covers now in running
matches with that rule, and where an open step whose senders are public waits on one of them
with nothing of it yet, stores its default under the match lock (core.autopilot.settle), as a
write of the match would have. Without it the default waited for the match's next write."""

import logging

from django.db import transaction
from django.db.models import Exists, OuterRef

from matches import clock
from matches.core import autopilot, lifecycle
from matches.core.records import _lock
from matches.models import Absence, Match, MatchPlayer, Phase, Submission

log = logging.getLogger(__name__)


def play_absent_seats(now=None):
    """Store the defaults now due for absent seats; returns how many matches were settled."""
    now = now or clock.now()
    settled = 0
    for match_id in sorted(_waiting_on_the_absent(now)):
        try:
            with transaction.atomic():
                match = _lock(match_id)
                if match.status == Match.RUNNING:
                    autopilot.settle(match, now, lifecycle._close)
                    settled += 1
        except Exception:  # one match's fault must not stop the clock's tick for every other
            log.exception("the absent seats of match %s could not be played", match_id)
    return settled


def _waiting_on_the_absent(now):
    """Ids of the matches where an open public step waits on an absent seat that sent nothing:
    two queries, and none more while nobody is away (absences are few)."""
    away = Absence.objects.filter(player=OuterRef("season_player"), starts_at__lte=now, ends_at__gt=now)
    seats = set(
        MatchPlayer.objects.filter(
            Exists(away), match__status=Match.RUNNING, match__absence_rule=Match.AUTOPILOT_WHILE_AWAY
        ).values_list("match_id", "seat", "pk")
    )
    if not seats:
        return set()
    by_match = {}
    for match_id, seat, pk in seats:
        by_match.setdefault(match_id, {})[seat] = pk
    phases = Phase.objects.filter(match_id__in=by_match, status=Phase.OPEN, submitters_public=True)
    sent = set(Submission.objects.filter(phase__in=phases).values_list("phase_id", "player_id"))
    due = set()
    for phase in phases.only("pk", "match_id", "waits_on"):
        absent = by_match[phase.match_id]
        if any(seat in absent and (phase.pk, absent[seat]) not in sent for seat in phase.waits_on):
            due.add(phase.match_id)
    return due
