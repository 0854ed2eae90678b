"""Hidden means indistinguishable. A run of a match is played up to some point, then one player
makes a hidden move (or none) while every other viewer's socket is open, then the host makes a
change everyone is told of. Everything every other viewer received (the socket messages, pushed
or not, in order) and can fetch afterwards (their pages) is recorded. Runs that differ only in
the hidden move must record the same bytes for every other viewer: counts, event numbers,
balances and the pushes themselves, not only the secret values.

Each run starts from an emptied database with its id sequences reset and a frozen clock, so two
runs produce the same ids and times; what still differs between two identical runs (CSRF tokens,
the server's clock, a countdown's wording) is masked by `without_noise` and nothing else is.

Use from a SideChannelTestCase (below)."""

import asyncio
import contextlib
import difflib
import json
import re
import threading
from datetime import datetime, timedelta, timezone

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client
from django.urls import reverse

from matches import clock
from matches.core import lifecycle
from matches.models import MatchPlayer, Phase
from matches.live import lanes
from matches.live.sockets import current_seq, resolve_viewer
from tests.support.base import BaseTransactionTestCase
from tests.support.sockets import HOST, ORIGIN, session_cookie

FROZEN = datetime(2026, 3, 2, 12, 0, tzinfo=timezone.utc)
QUIET = 0.5  # seconds a socket must stay silent for us to say it was sent nothing more
SLOW = 20  # seconds a message the viewer is owed may take on a loaded machine

NOISE = [
    (re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"'), 'name="csrfmiddlewaretoken" value="-"'),
    (re.compile(r'data-server-time="[^"]*"'), 'data-server-time="-"'),
    (re.compile(r'"server_time": "[^"]*"'), '"server_time": "-"'),
    (re.compile(r'(<time class="countdown"[^>]*>)[^<]*(</time>)'), r"\1-\2"),  # words relative to the real now
    # conversations and messages are named by random tokens (matches.talk), new in every run
    (re.compile(r'(/talk/(?:messages/)?)[\w-]{12}/'), r"\1-/"),
    (re.compile(r'(data-(?:conversation|keep)=\\?"(?:edit-|post-)?)[\w-]{12}'), r"\1-"),
]


def without_noise(text):
    for pattern, replacement in NOISE:
        text = pattern.sub(replacement, text)
    return text


class SideChannelTestCase(BaseTransactionTestCase):
    reset_sequences = True  # every run numbers its rows alike

    def new_world(self):
        """An empty database with fresh sequences and the base test people, as at setUp."""
        self._fixture_teardown()
        self._fixture_setup()
        self.make_people()

    def observe(self, play_to_point, hidden_move, observers):
        """Play a fresh run: `play_to_point()` returns the match, `hidden_move(match)` is the
        variant; return {observer: [what they received and can read]} for the observers
        (usernames, None for an anonymous spectator)."""
        self.new_world()
        with clock.simulated(FROZEN):
            match = play_to_point()
            users = {name: (self.users[name] if name else None) for name in observers}
            seated = set(
                MatchPlayer.objects.filter(match=match).values_list("season_player__user__username", flat=True)
            )
            sockets = {
                name: ("play" if name in seated else "watch", session_cookie(user)) for name, user in users.items()
            }
            viewers = {name: resolve_viewer(users[name], match.pk, mode) for name, (mode, _) in sockets.items()}
            received = async_to_sync(_listen)(
                match.pk, sockets, viewers, lambda: hidden_move(match), lambda: _public_change(match)
            )
            seen = {}
            for name, user in users.items():
                seen[name] = [without_noise(json.dumps(m, sort_keys=True)) for m in received[name]]
                seen[name] += [f"{where}: {without_noise(text)}" for where, text in _pages(match, user, name in seated)]
        return seen

    def assert_indistinguishable(self, play_to_point, variants, observers):
        """Every observer sees the same bytes whichever of `variants` (hidden moves) was made."""
        self.assert_runs_alike(
            [(label, self.observe(play_to_point, move, observers)) for label, move in variants.items()], observers
        )

    def assert_runs_alike(self, runs, observers):
        """`runs`: [(label, what `observe` recorded)]; every observer recorded the same in each."""
        (first_label, first), rest = runs[0], runs[1:]
        for label, other in rest:
            for name in observers:
                if first[name] != other[name]:
                    self.fail(
                        f"{name or 'a spectator'} can tell “{first_label}” from “{label}”:\n"
                        + _first_difference(first[name], other[name])
                    )


def _public_change(match):
    """The host moves the first open deadline by an hour: every viewer is told, so every socket
    renders and sends an update after the hidden move."""
    phase = match.phases.filter(status=Phase.OPEN).order_by("sequence").first()
    if phase is not None:
        lifecycle.do_extend(phase.pk, clock.now() + timedelta(days=30))


async def _listen(match_id, sockets, viewers, hidden_move, public_change):
    from genius_site.asgi import application

    open_sockets = {}
    for name, (mode, cookie) in sockets.items():
        communicator = WebsocketCommunicator(
            application, f"/ws/matches/{match_id}/{mode}/", headers=[ORIGIN, HOST, *cookie]
        )
        connected, _ = await communicator.connect(timeout=SLOW)
        assert connected, f"{name}'s {mode} socket was refused"
        # its first update, however slow the machine (a game's first render compiles its templates)
        open_sockets[name] = (communicator, [await communicator.receive_json_from(timeout=SLOW)])
    for step in (hidden_move, public_change):
        with renders_held():
            await database_sync_to_async(step)()
        owed = {name: await database_sync_to_async(current_seq)(match_id, viewers[name]) for name in open_sockets}
        await asyncio.gather(
            *(_settle(communicator, messages, owed[name]) for name, (communicator, messages) in open_sockets.items())
        )
    for communicator, _ in open_sockets.values():
        await communicator.disconnect()
    return {name: messages for name, (_, messages) in open_sockets.items()}


@contextlib.contextmanager
def renders_held():
    """No socket's render begins until the step's writes are all made; then each socket's shows
    all of them. The site renders beside the writes that set its renders off (matches.live.lanes),
    so a step of several writes would otherwise be pushed in one, two or three updates as threads
    happen to be scheduled, differently between two runs of the same move: what is compared must
    be what the writes owe each viewer, not the scheduler. Every render thread is held busy."""
    size, release, holding = settings.LIVE_RENDER_THREADS, threading.Event(), threading.Semaphore(0)

    def hold():
        holding.release()
        release.wait(60)

    for _ in range(size):
        lanes.submit(lanes.RENDER, hold)
    for _ in range(size):
        assert holding.acquire(timeout=SLOW), "the render threads never came free"
    try:
        yield
    finally:
        release.set()


async def _settle(communicator, messages, owed):
    """Everything the socket is sent after a step. A push may be late or lost on a busy machine
    (channels-redis is at most once), so once the socket is quiet it asks, as the page does every
    few seconds, whether it missed anything; and it waits, however slow the machine, until it holds
    the viewer's own counts (`owed`: events, personal) as they stand after the step. The viewer's
    counts decide, so the messages recorded do not depend on timing."""
    messages.append("-- after a step --")
    for ask in (False, True):
        if ask:
            await communicator.send_json_to({"type": "check"})
        while not await communicator.receive_nothing(timeout=QUIET) or (ask and _behind(messages, owed)):
            messages.append(await communicator.receive_json_from(timeout=SLOW))


def _behind(messages, owed):
    last = next(m for m in reversed(messages) if isinstance(m, dict))
    return last["seq"] < owed[0] or last.get("personal", 0) < owed[1]


def _pages(match, user, seated):
    client = Client()
    if user is not None:
        client.force_login(user)
    urls = {
        "public page": reverse("match_public", args=[match.pk]),
        "season page": reverse("season", args=[match.season.slug]),
        "home page": reverse("home"),
    }
    if seated:
        urls["player page"] = reverse("match_play", args=[match.pk])
    return [(where, client.get(url).content.decode()) for where, url in urls.items()]


def _first_difference(a, b):
    for x, y in zip(a, b):
        if x != y:
            x, y = x.replace("\\n", "\n"), y.replace("\\n", "\n")  # a socket's HTML, line by line
            diff = difflib.unified_diff(x.splitlines() or [x], y.splitlines() or [y], lineterm="", n=2)
            return "\n".join(list(diff)[:40])
    return f"one run has {len(a)} items, the other {len(b)}"
