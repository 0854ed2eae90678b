"""A season player's attendance: the absences they mark (from/until, typed in their own zone),
the record of the steps they missed (counted at each close by core.autopilot), and a host's
excuse for one miss. Who may read a record: the season's hosts and the player themself, everyone
only where the season makes records public (`Season.records_public`), and then only the misses
the others could see happen (a step whose senders were public)."""

from dataclasses import dataclass
from datetime import timedelta

from django.db import transaction

from matches import clock
from matches.core.records import Done, Refused, _lock, _record_events
from matches.models import Absence, Event, MissedStep, SeasonPlayer, SeatHolder

MAX_ABSENCE = timedelta(days=90)
MAX_AHEAD = timedelta(days=366)
MAX_OPEN_ABSENCES = 20


@dataclass
class Record:
    missed: int = 0
    excused: int = 0
    abandoned: int = 0  # matches whose seat they held was handed on to another before the end

    @property
    def unexcused(self):
        return self.missed - self.excused

    def words(self):
        said = "no missed deadlines"
        if self.missed:
            said = f"{self.missed} missed deadline{'' if self.missed == 1 else 's'}, {self.excused} excused"
        if self.abandoned:
            said += f", {self.abandoned} match{'' if self.abandoned == 1 else 'es'} abandoned"
        return said


def records(season, players=None, seen_by_all_only=False, match=None):
    """{season player id: Record} over the season (or one match): every player of the season
    (or those given) has one, an empty one if they never missed nor abandoned a match.
    `seen_by_all_only`: the record as everyone may read it (the season page), counted against
    the holder each seat was last announced to have: a quiet hand-over changes nothing there."""
    rows = MissedStep.objects.filter(season=season)
    if players is not None:
        rows = rows.filter(player__in=players)
    if match is not None:
        rows = rows.filter(match=match)
    if seen_by_all_only:
        rows = rows.filter(seen_by_all=True)
    ids = [p.pk for p in players] if players is not None else season.players.values_list("pk", flat=True)
    out = {pk: Record() for pk in ids}
    told = _told_holders(season) if seen_by_all_only else {}
    for player_id, excused, match_id, seat, closed_at in rows.values_list(
        "player_id", "excused", "match_id", "seat", "closed_at"
    ):
        player_id = _told_at(told, (match_id, seat), closed_at, player_id)
        record = out.setdefault(player_id, Record())
        record.missed += 1
        record.excused += bool(excused)
    abandoned = _told_abandoned(told) if seen_by_all_only else _abandoned(season, players, match)
    for player_id, count in abandoned.items():
        out.setdefault(player_id, Record()).abandoned = count
    return out


def _told_holders(season):
    """{(match id, seat): [(since, season player id)]}: the holders the players were told of, oldest first."""
    told = {}
    rows = SeatHolder.objects.filter(seat__match__season=season, announced=True).order_by("seat_id", "since", "pk")
    for match_id, seat, since, player_id in rows.values_list("seat__match_id", "seat__seat", "since", "season_player"):
        told.setdefault((match_id, seat), []).append((since, player_id))
    return told


def _told_at(told, seat, when, holder):
    """Whom the players were told held `seat` at `when` (`holder`: the seat was never handed on)."""
    for since, player_id in told.get(seat, []):
        if since <= when:
            holder = player_id
    return holder


def _told_abandoned(told):
    """{season player id: matches they were told to have left}: at each announced hand-over, the
    holder announced before it (whoever held the seat quietly in between)."""
    pairs = set()
    for (match_id, _), held in told.items():
        pairs |= {(player_id, match_id) for _, player_id in held[:-1]}
    counts = {}
    for player_id, _ in pairs:
        counts[player_id] = counts.get(player_id, 0) + 1
    return counts


def _abandoned(season, players=None, match=None):
    """{season player id: matches they stopped holding a seat of before it ended} (a hand-over
    ends a holding: asked for, on leaving the season, or by the host; core.substitutes)."""
    rows = SeatHolder.objects.filter(season_player__season=season, until__isnull=False)
    if players is not None:
        rows = rows.filter(season_player__in=players)
    if match is not None:
        rows = rows.filter(seat__match=match)
    counts = {}
    for player_id, _ in set(rows.values_list("season_player_id", "seat__match_id")):
        counts[player_id] = counts.get(player_id, 0) + 1
    return counts


def records_by_match(member):
    """[(match, Record)] of the matches where `member` missed a step, in the order of their first miss."""
    out = {}
    for miss in member.missed_steps.select_related("match").order_by("closed_at", "pk"):
        record = out.setdefault(miss.match, Record())
        record.missed += 1
        record.excused += bool(miss.excused)
    for held in member.seats_held.filter(until__isnull=False).select_related("seat__match").order_by("until"):
        out.setdefault(held.seat.match, Record()).abandoned = 1
    return list(out.items())


def check_absence(member, starts_at, ends_at, now):
    if member.status == SeasonPlayer.LEFT:
        return "You have left this season; there is nothing to be away from."
    if member.status != SeasonPlayer.ACTIVE:
        return "You are eliminated from this season; there is nothing to be away from."
    if ends_at <= starts_at:
        return "The absence must end after it starts."
    if ends_at <= now:
        return "That absence is already over; mark one that ends in the future."
    if ends_at - starts_at > MAX_ABSENCE:
        return "An absence can be at most 90 days; mark a longer one in parts, or tell the host."
    if starts_at - now > MAX_AHEAD:
        return "An absence can start at most a year from now."
    if member.absences.filter(ends_at__gt=now).count() >= MAX_OPEN_ABSENCES:
        return f"You have {MAX_OPEN_ABSENCES} absences to come already; remove one first."
    # only against those still to come or under way: a past one is not on the page to remove
    if member.absences.filter(starts_at__lt=ends_at, ends_at__gt=max(starts_at, now)).exists():
        return "That overlaps an absence you marked already; remove that one first."
    return None


def do_mark_absence(member_id, starts_at, ends_at):
    with transaction.atomic():
        member = SeasonPlayer.objects.select_for_update().get(pk=member_id)
        problem = check_absence(member, starts_at, ends_at, clock.now())
        if problem:
            raise Refused(problem)
        Absence.objects.create(player=member, starts_at=starts_at, ends_at=ends_at)
        return Done("Absence marked: the hosts see it, and your matches' settings say what it does.")


def do_remove_absence(member_id, absence_id):
    with transaction.atomic():
        member = SeasonPlayer.objects.select_for_update().get(pk=member_id)
        gone, _ = member.absences.filter(pk=absence_id).delete()
        if not gone:
            raise Refused("You have no such absence; nothing changed.")
        return Done("Absence removed.")


def check_excuse(miss):
    if miss.excused:
        return "That missed step is excused already."
    return None


def do_excuse(season, miss_id, by=None):
    """A host excuses one missed step of a player of `season` (under its match's lock)."""
    match_id = MissedStep.objects.filter(pk=miss_id, season=season).values_list("match_id", flat=True).first()
    if match_id is None:
        raise Refused("There is no such missed step in this season.")
    with transaction.atomic():
        match = _lock(match_id)
        miss = MissedStep.objects.select_related("player", "phase").get(pk=miss_id)
        problem = check_excuse(miss)
        if problem:
            return Done(problem, changed=False)
        miss.excused, miss.excused_by = MissedStep.HOST, by
        miss.save(update_fields=["excused", "excused_by"])
        name, title = miss.player.display_name, miss.phase.title
        _record_events(
            match,
            [
                Event(
                    kind="record.excused",
                    visibility=Event.HOST,
                    data={"seat": miss.seat},
                    text=f"The host excused {name}'s missed step “{title}”.",
                )
            ],
            clock.now(),
        )
        match.save(update_fields=["event_seq"])
        return Done(f"Excused: {name}, “{title}”.")


def absences_of(players, now=None):
    """{season player id: [absences not over yet]} for `players`."""
    now = now or clock.now()
    out = {p.pk: [] for p in players}
    for absence in Absence.objects.filter(player__in=players, ends_at__gt=now).order_by("starts_at"):
        out.setdefault(absence.player_id, []).append(absence)
    return out


def unexcused(season, limit=30):
    """The season's latest missed steps nobody has excused, newest first (the host's desk)."""
    rows = MissedStep.objects.filter(season=season, excused="").select_related("player", "match", "phase")
    return list(rows.order_by("-closed_at", "-pk")[:limit])
