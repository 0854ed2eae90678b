"""What a socket may see, and the message it gets: sync code run on the live threads (matches.live.lanes)."""

import copy
import json

from django.template.loader import render_to_string
from django.utils import timezone

from games.engine_api import Viewer

from matches.core.access import is_host
from matches.models import Match, MatchPlayer
from matches.core.presenters import match_picture, shared_rows, viewer_seq
from matches.core.presenters import personal_count
from matches.core.substitutes import seat_rows


SEAT_HANDED_ON = 4408  # the close code of a play socket whose seat went to another account


class SeatLost(Exception):
    """The socket's seat is held by another account now (matches.core.substitutes)."""


class SocketViewer:
    """The viewer of one socket: the engine viewer plus, for a player, the seat row and the
    season player who held it when the socket opened (`holder`)."""

    def __init__(self, viewer, player_id=None, holder=None):
        self.viewer, self.player_id, self.holder = viewer, player_id, holder

    def render_key(self, csrf_token):
        """Sockets with equal keys are sent identical updates. A player's forms and the host's
        controls carry their own CSRF token; spectators are shown no forms."""
        if self.player_id is not None:
            return ("seat", self.player_id, self.holder, csrf_token)
        if self.viewer.is_host:  # the host's controls carry their token too
            return ("host", csrf_token)
        return (self.viewer.kind,)


def resolve_viewer(user, match_id, mode):
    match = Match.objects.select_related("season").filter(pk=match_id).exclude(status=Match.DRAFT).first()
    if match is None:
        return None
    if mode == "watch":
        return SocketViewer(Viewer.spectator())
    if not user or not user.is_authenticated:
        return None
    if mode == "host":
        return SocketViewer(Viewer.host()) if is_host(user, match.season) else None
    if mode == "play":
        player = MatchPlayer.objects.filter(match=match, season_player__user=user).first()
        return SocketViewer(Viewer.for_seat(player.seat), player.pk, player.season_player_id) if player else None
    return None


def current_seq(match_id, socket_viewer):
    """The viewer's own event and talk counts now: what the page's periodic check compares."""
    match = Match.objects.filter(pk=match_id).only("pk", "status").first()
    if match is None:
        return 0, 0
    return viewer_seq(match, socket_viewer.viewer), personal_count(match, socket_viewer.viewer)


def socket_update(match_id, socket_viewer, since, csrf_token="", shared=None):
    """The update for this viewer. `shared`: a dict kept across the updates of several viewers of
    the match at the same moment (matches.live.rooms), so that what all read alike is read once."""
    if shared is None:
        match = Match.objects.select_related("season").get(pk=match_id)
    else:
        if "match" not in shared:
            shared["match"] = Match.objects.select_related("season").get(pk=match_id)
        match = copy.copy(shared["match"])
    player = None
    if socket_viewer.player_id and shared is not None:  # the seat among the match's, read once for all
        seats = shared_rows(shared, "seats", lambda: seat_rows(match))
        player = next((s for s in seats if s.pk == socket_viewer.player_id), None)
    if socket_viewer.player_id and player is None:
        player = MatchPlayer.objects.select_related("season_player").get(pk=socket_viewer.player_id)
    if player is not None:
        if socket_viewer.holder is not None and player.season_player_id != socket_viewer.holder:
            raise SeatLost()  # handed on: the old holder is shown nothing more of it
        player.match = match
    picture = match_picture(match, socket_viewer.viewer, player, shared)
    picture["csrf_token"] = csrf_token
    sections = {"live-state": render_to_string("matches/_live_state.html", picture)}
    if not socket_viewer.viewer.is_spectator or picture["talk"]:
        sections["live-talk"] = render_to_string("matches/_talk.html", picture)
    if player is not None:
        sections["live-forms"] = render_to_string("matches/_live_forms.html", picture)
        sections["turn-bar"] = render_to_string("matches/_turn_bar.html", picture)
        sections["close-result"] = render_to_string("matches/_close_result.html", picture)
    elif socket_viewer.viewer.is_host:
        sections["live-forms"] = render_to_string("matches/_host_controls.html", picture)
    return {
        "type": "update",
        "seq": picture["seq"],
        "personal": picture["personal_count"],
        "reminder": picture.get("reminder_text", ""),
        "status": match.status,
        "server_time": timezone.now().isoformat(),
        "forms_key": picture.get("forms_key", ""),
        "events": [
            {"seq": e.number, "kind": e.kind, "text": e.text, "at": e.created_at.isoformat()}
            for e in picture["events"]
            if e.number > since
        ],
        "sections": sections,
    }


def update_text(match_id, socket_viewer, since, csrf_token, shared):
    """The update as a room sends it: (seq, personal, the JSON text)."""
    update = socket_update(match_id, socket_viewer, since, csrf_token, shared)
    return update["seq"], update["personal"], json.dumps(update)
