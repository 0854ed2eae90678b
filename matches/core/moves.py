"""A player's move in one statement: the hottest write of the site, kept out of Python while the
match is locked.

`lifecycle.do_submit` checks a move under the match's row lock and stores it: BEGIN, the lock,
the phase read again, the insert, COMMIT, each a round trip, with the engine's validation in
between. Under concurrency every one of those steps waits for the interpreter while the match
stays locked, so the moves of a match queue behind each other's Python. Here the engine checks
the move first, against the match as the request read it (its state and `step`, the number of
state changes so far), and a single statement then stores it only if, under the match's lock:

- the match is still running at that same step (so the state the engine checked is the state
  the move is stored under: every change of state, an action or a close, raises the step);
- the phase is still open, waits on the seat, and its deadline has not come;
- the seat is still held by the account the request found holding it (a seat handed on while
  the move waited takes nothing more from its old holder; matches.core.substitutes), who has not
  left the season meanwhile (core.leaving: the seat is then the autopilot's).

On PostgreSQL the statement takes the match row FOR UPDATE (the lock every writer of a match
takes first, so a close waits for the move and then counts it, as with do_submit) and then the
phase and seat rows FOR SHARE. A statement reads with the snapshot it started with, and after waiting
for a lock PostgreSQL re-checks only the rows it locks: locking the phase row too means a
phase closed (or extended, paused, cancelled: each writes the phase row) while the move waited
is read again as it is now, and the move is not stored; so is a seat handed on (it writes the
seat row). The match is locked before the phase
(the phase is only locked once joined with the locked match), the order every writer uses, so
no deadlock. On SQLite the same checks and insert run inside an IMMEDIATE transaction, which
holds the database's write lock from its BEGIN.

Anything else (a refused move, a phase that closes once everyone has sent, a state that moved
on since the request read it) goes through lifecycle.do_submit, which says why or does the
rest under the lock as before: this path only ever stores what do_submit would have stored."""

from django.db import connection, transaction

from games.engine_api import Invalid

from matches import clock
from matches.core import events, lifecycle
from matches.core.engine_forms import said
from matches.models import Match, MatchPlayer, Phase, SeasonPlayer, Submission

RECEIVED = "Submission received. You can revise it until the deadline."

_POSTGRES = f"""
WITH m AS (SELECT id, status, step, event_seq FROM {Match._meta.db_table} WHERE id = %s FOR UPDATE),
p AS (SELECT p.id, m.event_seq FROM {Phase._meta.db_table} p JOIN m ON p.match_id = m.id
      JOIN {MatchPlayer._meta.db_table} s ON s.id = %s AND s.match_id = m.id AND s.season_player_id = %s
      JOIN {SeasonPlayer._meta.db_table} sp ON sp.id = s.season_player_id AND sp.status <> '{SeasonPlayer.LEFT}'
      WHERE p.id = %s AND p.status = %s AND p.deadline > %s AND p.waits_on @> %s
        AND m.status = %s AND m.step = %s
      FOR SHARE OF p, s, sp)
INSERT INTO {Submission._meta.db_table} (phase_id, player_id, payload, source, said, created_at)
SELECT p.id, %s, %s, %s, %s, %s FROM p
RETURNING (SELECT event_seq FROM p)"""

_SQLITE = f"""
INSERT INTO {Submission._meta.db_table} (phase_id, player_id, payload, source, said, created_at)
SELECT p.id, %s, %s, %s, %s, %s FROM {Phase._meta.db_table} p JOIN {Match._meta.db_table} m ON p.match_id = m.id
WHERE m.id = %s AND p.id = %s AND p.status = %s AND p.deadline > %s
  AND EXISTS (SELECT 1 FROM json_each(p.waits_on) WHERE json_each.value = %s)
  AND m.status = %s AND m.step = %s
  AND EXISTS (SELECT 1 FROM {MatchPlayer._meta.db_table} s JOIN {SeasonPlayer._meta.db_table} sp
              ON sp.id = s.season_player_id AND sp.status <> '{SeasonPlayer.LEFT}'
              WHERE s.id = %s AND s.season_player_id = %s)"""


def submit_move(phase, player, data, spec=None):
    """Store `player`'s move `data` (the form's cleaned payload) for `phase`, both as the
    request read them (`player.match` too, unlocked); `spec`, the engine's form for it, if the
    caller has it. Returns Done; raises Refused (from do_submit) when the move is not stored."""
    match = player.match
    stored = None
    # a seat with misses to forget or an autopilot to take back goes through do_submit (core.autopilot),
    # as does any seat on autopilot (a player who left the season keeps theirs so: core.leaving)
    owes = player.autopilot or (phase.submitters_public and player.missed_in_row)
    if (
        not (phase.close_early or owes)
        and match.status == Match.RUNNING
        and connection.vendor in ("postgresql", "sqlite")
    ):
        engine = lifecycle.engine_of(match)
        cleaned = engine.validate_submission(match.state, phase.key, player.seat, data)
        if not isinstance(cleaned, Invalid):
            words = said(spec or engine.form(match.state, phase.key, player.seat), cleaned)
            stored = _insert(phase, player, match.step, cleaned, words, clock.now())
    if stored is None:  # refused, or not for this path: do_submit decides, and says why
        return lifecycle.do_submit(phase.pk, player, data)
    events.publish(events.Submitted(match.pk, phase.pk, player.seat, stored))
    return lifecycle.Done(RECEIVED)


def _insert(phase, player, step, cleaned, words, now):
    """The move stored if everything still holds under the match's lock: the match's event
    number then, or None (nothing stored)."""
    fields = Submission._meta
    payload = fields.get_field("payload").get_db_prep_save(cleaned, connection)
    created = fields.get_field("created_at").get_db_prep_save(now, connection)
    deadline = Phase._meta.get_field("deadline").get_db_prep_save(now, connection)
    row = (player.pk, payload, Submission.PLAYER, words, created)
    holder = player.season_player_id  # the seat still theirs: not handed on meanwhile (core.substitutes)
    if connection.vendor == "postgresql":
        seat = Phase._meta.get_field("waits_on").get_db_prep_save([player.seat], connection)
        with connection.cursor() as cursor:  # one statement: it commits on its own unless in a transaction
            cursor.execute(
                _POSTGRES,
                (player.match_id, player.pk, holder, phase.pk, Phase.OPEN, deadline, seat, Match.RUNNING, step, *row),
            )
            found = cursor.fetchone()
        return None if found is None else found[0]
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(
            _SQLITE,
            (
                *row,
                player.match_id,
                phase.pk,
                Phase.OPEN,
                deadline,
                player.seat,
                Match.RUNNING,
                step,
                player.pk,
                holder,
            ),
        )
        if cursor.rowcount != 1:
            return None
        cursor.execute(f"SELECT event_seq FROM {Match._meta.db_table} WHERE id = %s", (player.match_id,))
        return cursor.fetchone()[0]
