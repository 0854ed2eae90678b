"""One per-viewer picture of a match. Every page and every websocket message is built here,
from the engine's view for that viewer and the events that viewer may see, and nothing else."""

import copy

from django.conf import settings
from django.db.models import Case, JSONField, Q, TextField, Value, When
from django.template.loader import select_template
from django.utils.functional import SimpleLazyObject

from games.engine_api import SEAT, Viewer

from matches.core import host_actions
from matches.core.close_result import last_close
from matches.core.engine_forms import build_form
from matches.core.lifecycle import engine_of
from matches.core.result_table import result_table
from matches.core.start_checks import start_report
from matches.core.substitutes import name_for, seat_rows
from matches.models import Event, Phase, Submission, balances_for, kind_labels


# What features add to every picture, registered when the site starts (matches.apps), so that the
# core never imports them: parts, each (match, viewer, player or None, rows) -> (dict of context,
# how many things that viewer alone may read of it), built from `rows` (PictureRows: what the
# picture has fetched already) and their own queries; and counts, each (match, viewer) -> that
# same number on its own, for a socket's periodic check that builds no picture.
PICTURE_PARTS = []
PERSONAL_COUNTS = []


def add_picture_part(part, personal_count=None):
    if part not in PICTURE_PARTS:
        PICTURE_PARTS.append(part)
    if personal_count is not None and personal_count not in PERSONAL_COUNTS:
        PERSONAL_COUNTS.append(personal_count)


class PictureRows:
    """What one picture fetches once and hands to every part: the seats with their season
    players (`names` by seat), the open phases, and for a player their own submissions, newest
    first. Fetching each once per picture keeps a page's queries few and flat in the seats."""

    def __init__(self, seats, open_phases, mine=(), shared=None):
        self.seats = seats
        self.shared = shared  # see shared_rows: parts read what all viewers read alike through it
        self.names = {s.seat: seat_name(s) for s in seats}
        self.open_phases = open_phases
        self.mine = list(mine)


# The platform's own lines about a seat (a quiet hand-over, the autopilot, a declined request for a
# substitute): between the seat's player and the hosts, even once the match is over, when every
# line of the game opens. They are no part of the game, and others were never told of them.
SEAT_AFFAIRS = "seat."


def visible_event_rows(match, viewer):
    """The events `viewer` may read. Everything once the match is finished, but others' seat
    affairs (SEAT_AFFAIRS); a cancelled match keeps its secrets (the host may cancel to start
    again with the same players)."""
    events = match.events.order_by("seq")
    if _reads_every_event(match, viewer):
        if viewer.is_host:
            return events
        own = Q(visibility=Event.PRIVATE, seat=viewer.seat) if viewer.kind == SEAT else Q(pk__in=[])
        return events.exclude(Q(kind__startswith=SEAT_AFFAIRS) & ~Q(visibility=Event.PUBLIC) & ~own)
    if viewer.is_spectator:
        return events.filter(visibility=Event.PUBLIC)
    return events.filter(Q(visibility=Event.PUBLIC) | Q(visibility=Event.PRIVATE, seat=viewer.seat))


def visible_events(match, viewer, shared=None):
    """The events `viewer` may read, each numbered among them alone (`event.number`): the
    match's own sequence counts every event, private ones included, so showing it would tell a
    viewer how many things happened that they may not know of. `shared` (see shared_rows): the
    match's events read once for several viewers, each given copies of those it may read, chosen
    by the same rule as visible_event_rows, said in Python (`_readable`)."""
    if shared is None:
        events = list(visible_event_rows(match, viewer))
    else:
        if "events" not in shared:
            shared["events"] = list(match.events.order_by("seq"))
        every = _reads_every_event(match, viewer)
        events = [
            copy.copy(e) for e in shared["events"] if (every and _not_others_affair(e, viewer)) or _readable(e, viewer)
        ]
    for number, event in enumerate(events, start=1):
        event.number = number
    return events


def _reads_every_event(match, viewer):
    """The host, and everyone once the match is finished (a cancelled match keeps its secrets)."""
    return viewer.is_host or match.status == match.FINISHED


def _not_others_affair(event, viewer):
    """visible_event_rows's rule after the end, for one event: not another seat's affair."""
    if viewer.is_host or not event.kind.startswith(SEAT_AFFAIRS) or event.visibility == Event.PUBLIC:
        return True
    return event.visibility == Event.PRIVATE and viewer.kind == SEAT and event.seat == viewer.seat


def _readable(event, viewer):
    """visible_event_rows's filter for one event: public ones, and a seat's own private ones."""
    if event.visibility == Event.PUBLIC:
        return True
    return event.visibility == Event.PRIVATE and viewer.kind == SEAT and event.seat == viewer.seat


def viewer_seq(match, viewer):
    """How many events `viewer` may read: the number their page and socket count in."""
    return visible_event_rows(match, viewer).count()


def engine_view(match, viewer):
    if match.state is None:
        return {}
    return engine_of(match).view(match.state, viewer)


def named_awards(match, seats):
    """The outcome's awards with the player's name and the kind's (`kind_name`: "Token of Life",
    never the ledger key); the season's currencies are read only when there are awards."""
    if not match.outcome or not match.outcome["awards"]:
        return []
    names = {s.seat: seat_name(s) for s in seats}
    kinds = kind_labels(match.season)
    return [
        {**a, "name": names.get(a["seat"], "Communal pool"), "kind_name": kinds.get(a["kind"], a["kind"])}
        for a in match.outcome["awards"]
    ]


def seat_name(seat):
    """The seat's name as this picture's viewer reads it (`name`, set by match_picture; a seat
    read elsewhere: its holder's)."""
    return getattr(seat, "name", None) or seat.season_player.display_name


def told_to(events, viewer, names):
    """`events` (rows of this picture alone, never saved) as `viewer` reads them: each private
    line names its seat (`seat_name`: after the end everyone reads them, not just that seat),
    and its `text` is in the second person to its owner and in the third to everyone else (the
    host, and everyone once the match has ended), so that no one reads another player's line as
    if it were said to them (Event.text_for)."""
    events = list(events)
    for event in events:
        event.seat_name = names.get(event.seat, "")
        if event.visibility == Event.PRIVATE:
            event.text = event.text_for(viewer)
    return events


def shared_rows(shared, name, read):
    """Rows every viewer of a match reads alike, read once for the pictures of several viewers
    made at the same moment (`shared`: a dict kept by the caller, matches.live.rooms), each
    picture given its own copy of every row (a picture marks its phases for its viewer). Without
    `shared`, read now."""
    if shared is None:
        return read()
    if name not in shared:
        shared[name] = read()
    rows = shared[name]
    return [copy.copy(row) for row in rows] if isinstance(rows, list) else rows


def match_picture(match, viewer, player=None, shared=None):
    """Everything `viewer` may see of `match`: the context of every match page. `shared`: see
    shared_rows (the seats, the open phases and who has sent, for the viewers other than the host)."""
    seats = shared_rows(shared, "seats", lambda: seat_rows(match))
    for seat in seats:  # each picture's own copies: the host reads holders, the others what they were told
        seat.name = name_for(seat, viewer)
    events = visible_events(match, viewer, shared)
    open_phases = shared_rows(
        shared, "open_phases", lambda: list(match.phases.filter(status=Phase.OPEN).order_by("sequence"))
    )
    mine = _own_submissions(player, shared) if player is not None else []
    rows = PictureRows(seats, open_phases, mine, shared)
    marks = _mark_submitters(match, open_phases, seats, viewer, shared)
    picture = {
        "match": match,
        "viewer": viewer,
        "game": engine_of(match),
        "game_template": select_template([f"{match.game}/view.html", "matches/generic_view.html"]),
        "view": engine_view(match, viewer),
        "events": told_to(events, viewer, rows.names),
        "seq": len(events),
        "open_phases": open_phases,
        "seats": seats,
        "standings": result_table(match, seats) if match.is_over or viewer.is_host else None,
        "awards": named_awards(match, seats) if match.is_over or viewer.is_host else [],
        "live_check_seconds": settings.LIVE_CHECK_SECONDS,
    }
    personal = marks
    for part in PICTURE_PARTS:  # talk, reminders
        context, count = part(match, viewer, player, rows)
        picture.update(context)
        personal += count
    picture["personal_count"] = personal
    if viewer.is_host:
        picture.update(host_part(match, open_phases))
    if player is not None:
        picture.update(player_part(match, player, open_phases, mine))
        picture["close_result"] = last_close(picture["events"], player.seat)
        picture["forms_key"] = forms_key(picture)
    return picture


def _own_submissions(player, shared):
    """The player's own submissions, newest first: with `shared`, the players' of the match read
    once and each player given copies of their own."""
    if shared is None:
        return list(player.submissions.select_related("phase").order_by("-id"))
    if "submissions" not in shared:
        shared["submissions"] = list(
            Submission.objects.filter(player__match_id=player.match_id).select_related("phase").order_by("-id")
        )
    return [copy.copy(s) for s in shared["submissions"] if s.player_id == player.pk]


def _mark_submitters(match, open_phases, seats, viewer, shared=None):
    """Who has sent something for each open phase (never what), where this viewer may know it:
    `submitted_names` and `waiting_names`, or `submitters_hidden` for a phase whose senders are
    secret (the host always sees them). For the host alone, also what each seat sent last
    (`host_sent`). Returns the viewer's count of such marks over the whole match
    (`submitted_marks`), from the same rows."""
    if viewer.is_host:
        rows = _host_rows(match)
        pairs, count = {(phase_id, player_id) for phase_id, player_id, *_ in rows}, len(rows)
    else:
        pairs = shared_rows(
            shared,
            "marks",
            lambda: frozenset(_marks(match, viewer).values_list("phase_id", "player_id").order_by().distinct()),
        )
        count = len(pairs)
    seat_of = {s.pk: s.seat for s in seats}
    names = {s.seat: seat_name(s) for s in seats}
    sent = {(phase_id, seat_of.get(player_id)) for phase_id, player_id in pairs}
    for phase in open_phases:
        phase.submitters_hidden = not (phase.submitters_public or viewer.is_host)
        done = [] if phase.submitters_hidden else [s for s in phase.waits_on if (phase.pk, s) in sent]
        phase.submitted_names = [names.get(s, "?") for s in done]
        phase.waiting_seats = [s for s in phase.waits_on if s not in done]  # all, where senders are secret
        phase.waiting_names = [names.get(s, "?") for s in phase.waiting_seats]
    if viewer.is_host:
        _host_sent(open_phases, rows, seat_of, names)
    return count


def _host_rows(match):
    """Every player's submission in `match`, revisions too, oldest first, as (phase, player,
    payload, sent at): the payload only while its phase is open (what the host's page shows)."""
    open_payload = Case(When(phase__status=Phase.OPEN, then="payload"), output_field=JSONField())
    open_said = Case(When(phase__status=Phase.OPEN, then="said"), default=Value(""), output_field=TextField())
    return list(
        _marks(match, Viewer.host())
        .annotate(open_payload=open_payload, open_said=open_said)
        .order_by("id")
        .values_list("phase_id", "player_id", "open_payload", "created_at", "open_said")
    )


def _host_sent(open_phases, rows, seat_of, names):
    """Each open phase's `host_sent`: per seat that has sent, in seat order, its name, what it
    sent last (`payload`, and `said`: its form's words for it), when, and how many times it sent
    (`times`)."""
    latest, times = {}, {}
    for phase_id, player_id, payload, at, said in rows:
        key = (phase_id, seat_of.get(player_id))
        latest[key] = (payload, at, said)
        times[key] = times.get(key, 0) + 1
    for phase in open_phases:
        phase.host_sent = [
            {
                "name": names.get(seat, "?"),
                "payload": latest[(phase.pk, seat)][0],
                "at": latest[(phase.pk, seat)][1],
                "said": latest[(phase.pk, seat)][2],
                "times": times[(phase.pk, seat)],
            }
            for seat in sorted({seat for (pk, seat) in latest if pk == phase.pk and seat is not None})
        ]


def personal_count(match, viewer):
    """What this viewer alone may read besides events: messages (and their edits), reminders,
    and the "has submitted" marks they may see. Their socket pushes when it grows."""
    return sum(count(match, viewer) for count in PERSONAL_COUNTS) + submitted_marks(match, viewer)


def submitted_marks(match, viewer):
    """How many (phase, seat) pairs have a player's submission that this viewer may know of.
    Revisions do not count, so a player changing their mind tells nobody; except the host, who
    sees what was sent: for them every submission counts, so a revision reaches their socket."""
    if viewer.is_host:
        return _marks(match, viewer).count()
    return _marks(match, viewer).values("phase_id", "player_id").distinct().count()


def _marks(match, viewer):
    """Players' submissions in `match` whose sender this viewer may know of, and the defaults an
    autopilot stored for a seat when its step opened (where the senders are public: core.autopilot)."""
    rows = Submission.objects.filter(Q(source=Submission.PLAYER) | Q(by_autopilot=True), phase__match=match)
    return rows if viewer.is_host else rows.filter(phase__submitters_public=True)


def forms_key(picture):
    """Changes only when the set of forms in front of the player changes, so that a push about
    something else does not wipe a half-filled form."""
    phases = ",".join(str(f["phase"].pk) for f in picture.get("forms", []))
    actions = ",".join(a["spec"].name for a in picture.get("actions", []))
    finals = ",".join(str(f["phase"].pk) for f in picture.get("forms", []) if f.get("final"))  # the question is asked
    return f"{phases}|{actions}|{picture['match'].status}|{finals}"


def final_words(phase, seat):
    """What to say before `seat` sends a move it cannot revise, or "": a phase that closes early
    closes on its last sender's move, and `seat` is known to be the last (the only seat it waits
    on, or the only one left where who has sent is public; where it is secret nobody is told)."""
    if phase.close_early and list(getattr(phase, "waiting_seats", phase.waits_on)) == [seat]:
        return f"Sending this closes “{phase.title}”: it cannot be changed afterwards."
    return ""


def host_part(match, open_phases):
    """The host's controls: what the match can do next, and its start check while a draft."""
    offered = list(host_actions.available(match).values())  # the game's host decisions, each a link to its page
    names = ",".join(spec.name for spec in offered)
    part = {
        "forms_key": f"{','.join(str(p.pk) for p in open_phases)}|{match.status}|{bool(match.confirmed_at)}|{names}",
        "host_actions": offered,
    }
    if match.status == match.DRAFT:
        part["start_ready"], part["start_report"] = start_report(match)
    return part


def player_part(match, player, open_phases, mine):
    """The seat's own forms, actions and submissions (`mine`, newest first)."""
    engine = engine_of(match)
    latest = {}
    for sub in reversed(mine):
        latest[sub.phase_id] = sub
    forms = []
    if match.status in (match.RUNNING, match.PAUSED):  # paused: shown, kept, sent once resumed
        for phase in open_phases:
            if player.seat in phase.waits_on:
                spec = engine.form(match.state, phase.key, player.seat)
                last = latest.get(phase.pk)
                initial = last.payload if last and isinstance(last.payload, dict) else None
                forms.append(
                    {
                        "phase": phase,
                        "spec": spec,
                        "form": build_form(spec, initial=initial),
                        "last": last,
                        "final": final_words(phase, player.seat),
                    }
                )
    actions = []
    if match.status == match.RUNNING:
        keys = [p.key for p in open_phases]
        for spec in engine.actions(match.state, player.seat, keys):
            actions.append({"spec": spec, "form": build_form(spec.form, prefix=spec.name)})
    # read only by the game views that show it (Co-op QWOP's packs): a page without costs nothing
    balances = SimpleLazyObject(
        lambda: balances_for(match.season, [player.season_player_id]).get(player.season_player_id, {})
    )
    answers = [a for a in actions if a["spec"].awaits_answer]
    return {
        "player": player,
        "forms": forms,
        "actions": actions,
        "answers": answers,
        "my_submissions": mine,
        "balances": balances,
        # an autopilot's default waits on the player still (their move takes the seat back)
        "forms_waiting": [f for f in forms if not f["last"] or f["last"].by_autopilot],
        "forms_sent": [f for f in forms if f["last"] and not f["last"].by_autopilot],
    }


def viewer_for_player(player):
    return Viewer.for_seat(player.seat)
