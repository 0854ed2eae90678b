"""Seats that do not play: the steps they miss (each a row of their record, `MissedStep`) and
autopilot, under the match lock of the write that calls these (core.lifecycle).

A seat misses a step when a phase that waited on it closes at its deadline, or early, without a
move of its player: the game's defaults were counted instead. A host's close is nobody's miss,
and a deadline that passed while the match was paused or that a host moved never closed
anything, so it is never one either. After `Match.autopilot_after` misses in a row the seat is on
autopilot: as soon as a step opens that waits on it, its default is stored at once (a DEFAULT row
`by_autopilot`), so the others need not wait out its deadline, and a step that closes early
closes when only autopilot seats are left. A move of its player takes the seat back.

Hidden information: where who has sent is secret (`Phase.submitters_public` off) the others must
not learn from timing or marks that a seat plays by itself. Such steps are invisible to the
autopilot: their misses are in the record (its owner and the hosts see it) but do not count
toward autopilot, a move there does not take the seat back, and an autopilot seat gets its
default at the close like any seat that has not sent (docs/hosting.md, "Absences and autopilot")."""

from games.engine_api import OTHERS_TEXT, derive_rng

from matches.core import events
from matches.core.engine_forms import said
from matches.core.records import _record_events
from matches.core.start_checks import engine_of
from matches.models import Event, Match, MatchPlayer, MissedStep, Phase, Submission, absent_at

MAX_INSTANT_CLOSES = 1000  # a match of autopilot seats alone is played to its end, or this many steps


def record_close(match, phase, players, moved, reason, now):
    """At a close, before the next steps open: each seat the phase waited on that sent no move
    (`moved`: the seats that did) missed the step, excused if the player marked an absence then."""
    if reason not in ("deadline", "early"):  # the host closed it: nobody missed a deadline
        return
    waited = [players[seat] for seat in phase.waits_on if seat not in moved]
    if not waited:
        return
    # a deadline's miss is excused by an absence covering the deadline itself, however late the close ran
    moment = phase.deadline if reason == "deadline" and phase.deadline else now
    away = absent_at([p.season_player_id for p in waited], moment, to_the_end=reason == "deadline")
    misses = []
    for player in waited:
        away_now = player.season_player_id in away
        misses.append(
            MissedStep(
                season_id=match.season_id,
                match=match,
                phase=phase,
                seat=player.seat,
                player_id=player.season_player_id,
                seen_by_all=phase.submitters_public,
                on_autopilot=player.autopilot or _away_pilot(match, away_now),
                excused=MissedStep.ABSENCE if away_now else "",
                closed_at=now,
            )
        )
        if phase.submitters_public and not _away_pilot(match, away_now):  # played by the absence rule: no streak
            player.missed_in_row += 1
            if not player.autopilot and match.autopilot_after and player.missed_in_row >= match.autopilot_after:
                _engage(match, player, now)
    MissedStep.objects.bulk_create(misses)
    if phase.submitters_public:  # one statement, whatever the number of seats
        MatchPlayer.objects.bulk_update(waited, ["missed_in_row", "autopilot"])


def _away_pilot(match, away_now):
    return away_now and match.absence_rule == Match.AUTOPILOT_WHILE_AWAY


def _engage(match, player, now):
    player.autopilot = True
    name, missed = player.season_player.display_name, player.missed_in_row
    _record_events(
        match,
        [
            Event(
                kind="seat.autopilot",
                visibility=Event.HOST,
                data={"seat": player.seat, "on": True},
                text=f"{name}'s seat is on autopilot after {missed} missed steps in a row: the game's defaults "
                "are played for it as soon as a step opens, until they send a move.",
            ),
            Event(
                kind="seat.autopilot",
                visibility=Event.PRIVATE,
                seat=player.seat,
                data={
                    "on": True,
                    OTHERS_TEXT: f"{name} missed {missed} steps in a row, so their seat went on autopilot.",
                },
                text=f"You missed {missed} steps in a row, so your seat is on autopilot: the game's defaults are "
                "played for you. Send a move to take it back.",
            ),
        ],
        now,
    )
    match.save(update_fields=["event_seq"])  # after the close's own save
    events.publish(events.AutopilotChanged(match.pk, player.pk, True, missed=missed))


def engage_for_leaving(match, player, now, close):
    """`player` left the season keeping the seat (core.leaving, the match locked): the game's
    defaults are played for it from now on, the open steps' at once where who sent is public.
    The hosts are told; the others learn nothing they would not of a seat that stops sending."""
    player.autopilot = True
    player.save(update_fields=["autopilot"])
    name = player.season_player.display_name
    text = (
        f"{name} has left the season keeping seat {player.seat + 1}: the game's defaults are played for it "
        "as soon as a step opens."
    )
    event = Event(kind="seat.autopilot", visibility=Event.HOST, data={"seat": player.seat, "on": True}, text=text)
    _record_events(match, [event], now)
    match.save(update_fields=["event_seq"])
    events.publish(events.AutopilotChanged(match.pk, player.pk, True, left=True))
    settle(match, now, close)


def take_back(match, phase, player, now):
    """A move of `player` in `phase`: their streak of misses ends and, where the others may see
    who has sent, the seat is theirs again."""
    if not phase.submitters_public:
        return
    # as it is under the lock: a close may have counted a miss since the request read the seat
    player.missed_in_row, player.autopilot = (
        MatchPlayer.objects.filter(pk=player.pk).values_list("missed_in_row", "autopilot").get()
    )
    if player.missed_in_row == 0 and not player.autopilot:
        return
    if player.autopilot:
        name = player.season_player.display_name
        _record_events(
            match,
            [
                Event(
                    kind="seat.autopilot",
                    visibility=Event.HOST,
                    data={"seat": player.seat, "on": False},
                    text=f"{name} sent a move: their seat is off autopilot.",
                ),
                Event(
                    kind="seat.autopilot",
                    visibility=Event.PRIVATE,
                    seat=player.seat,
                    data={"on": False, OTHERS_TEXT: f"{name} sent a move: their seat is off autopilot."},
                    text="You sent a move: your seat is off autopilot and waits for your moves again.",
                ),
            ],
            now,
        )
        match.save(update_fields=["event_seq"])
        events.publish(events.AutopilotChanged(match.pk, player.pk, False))
    player.missed_in_row, player.autopilot = 0, False
    player.save(update_fields=["missed_in_row", "autopilot"])


def settle(match, now, close, players=None):
    """After a write that may have opened steps: store the defaults of the seats on autopilot in
    the open steps whose senders are public, and close (`close(match, phase, "early", now)`)
    each such step that closes early and now has everyone's; again, since a close opens more.
    A call made inside another's close does nothing: the outer one goes on. `players`: the
    match's seats as the caller has them (a close), to skip the work when none plays by itself."""
    if getattr(match, "_settling", False) or not _anyone_piloted(match, players):
        return
    match._settling = True
    try:
        for _ in range(MAX_INSTANT_CLOSES):
            full = _play_open_steps(match, now) if match.status == Match.RUNNING else []
            if not full:
                return
            close(match, full[0], "early", now)
    finally:
        match._settling = False


def _anyone_piloted(match, players):
    if match.absence_rule == Match.AUTOPILOT_WHILE_AWAY:
        return True
    if players is not None:
        return any(p.autopilot for p in players.values())
    return match.seats.filter(autopilot=True).exists()


def _play_open_steps(match, now):
    """Store each autopilot seat's default in the open steps with public senders that wait on it
    and have nothing of it yet. Returns those steps that close early and have everyone's now."""
    phases = list(match.phases.filter(status=Phase.OPEN, submitters_public=True).order_by("sequence"))
    if not phases:
        return []
    players = {p.seat: p for p in match.seats.select_related("season_player")}
    away = absent_at([p.season_player_id for p in players.values()], now)
    sent = set(Submission.objects.filter(phase__in=phases).values_list("phase_id", "player__seat"))
    engine, rows = engine_of(match), []
    for phase in phases:
        for seat in phase.waits_on:
            player = players[seat]
            if (phase.pk, seat) in sent or not (
                player.autopilot or _away_pilot(match, player.season_player_id in away)
            ):
                continue
            rng = derive_rng(match.seed, f"default:{phase.key}:{seat}")
            payload = engine.default_submission(match.state, phase.key, seat, None, rng)
            words = said(engine.form(match.state, phase.key, seat), payload) if payload is not None else ""
            rows.append(
                Submission(
                    phase=phase,
                    player=player,
                    payload=payload,
                    source=Submission.DEFAULT,
                    by_autopilot=True,
                    said=words,
                    created_at=now,
                )
            )
            sent.add((phase.pk, seat))
            events.publish(lambda p=phase, s=seat: events.Submitted(match.pk, p.pk, s, match.event_seq))
    Submission.objects.bulk_create(rows)
    return [p for p in phases if p.close_early and all((p.pk, s) in sent for s in p.waits_on)]
