"""The soak's people (bench/soak.py): a browser per person over HTTP (urllib, a cookie jar, no
redirect followed: a redirect is an answer), a socket per open page, and the bots that drive them
(players, spectators, host tabs). Everything they saw is kept in one `Tally`, which the soak
checks and reports; nothing here touches the database (the bots' brain, which reads a match's
state to choose a legal move, is handed in by the soak)."""

import asyncio
import datetime
import http.cookiejar
import json
import re
import time
import urllib.error
import urllib.parse
import urllib.request

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

HANDSHAKE_SECONDS = 30  # as long as a browser waits for a socket to open
HTTP_SECONDS = 60
SEQ = re.compile(r'data-seq="(\d+)"')
PERSONAL = re.compile(r'data-personal="(\d+)"')
MESSAGE = re.compile(r'<li class="msg-(\w+)">([^<]*)</li>')
RECEIVED = "Submission received."


class Tally:
    """What every client saw. Lists are appended to from the bots' threads (safe in CPython)."""

    def __init__(self):
        self.pages, self.moves = [], []  # seconds
        self.statuses = []  # (method, path, status) of every answer of 500 or more, or a timeout
        self.accepted = []  # (player id, phase id) of every move the site said it received
        self.refused = {}  # reason -> count, for moves meant to be legal
        self.wrongly_accepted = []  # late or forged moves the site said it received
        self.kinds = {}  # how each phase a bot was asked to play was played: move, revise, miss, late, forged
        self.push = []  # seconds from an event's creation to its receipt, on sockets open before it
        self.pushed = []  # each of those with the viewer's kind, the event's, and seconds since the socket's last check
        self.handshake_timeouts = 0
        self.handshakes_refused = []
        self.server_closed = []  # (code, reason) of sockets the server closed
        self.skips = []  # (socket, expected numbers, received numbers) where they differ
        self.tabs = []  # every socket opened
        self.errors = []  # an error message a socket was sent
        self.lag = []  # seconds the clients' event loop woke late
        self.revealed_at_end = 0  # events in the updates that told a socket its match was over: not timed

    def count(self, table, key):
        table[key] = table.get(key, 0) + 1


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


class Browser:
    """One person's browser (sync: run in the soak's HTTP threads)."""

    def __init__(self, base, tally):
        self.base, self.tally = base, tally
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar), _NoRedirect)

    def request(self, path, data=None, timings=None):
        body = urllib.parse.urlencode(data, doseq=True).encode() if data is not None else None
        start = time.monotonic()
        try:
            with self.opener.open(self.base + path, body, timeout=HTTP_SECONDS) as answer:
                status, text = answer.status, answer.read().decode(errors="replace")
        except urllib.error.HTTPError as answer:
            status, text = answer.code, answer.read().decode(errors="replace")
        except OSError as error:  # a timeout or a refused connection: as bad as a 5xx
            self.tally.statuses.append(("POST" if data else "GET", path, repr(error)))
            return None, ""
        if timings is not None:
            timings.append(time.monotonic() - start)
        if status >= 500:
            self.tally.statuses.append(("POST" if data else "GET", path, status))
        return status, text

    def cookie(self, name):
        return next((c.value for c in self.jar if c.name == name), "")

    def cookie_header(self):
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)

    def login(self, username, password):
        self.request("/accounts/login/")
        status, _ = self.request(
            "/accounts/login/",
            {"username": username, "password": password, "csrfmiddlewaretoken": self.cookie("csrftoken")},
        )
        if status != 302:
            raise RuntimeError(f"{username} could not log in (HTTP {status})")

    def post(self, path, data):
        return self.request(path, {**data, "csrfmiddlewaretoken": self.cookie("csrftoken")}, self.tally.moves)

    def page(self, path):
        """A page as a browser loads it: its text, and the counts its socket opens at."""
        status, text = self.request(path, timings=self.tally.pages)
        if status != 200:
            return None
        seq, personal = SEQ.search(text), PERSONAL.search(text)
        return text, int(seq.group(1)) if seq else 0, int(personal.group(1)) if personal else 0


class Tab:
    """The socket of one open page. It checks each update as it arrives: the events it carries
    are exactly the numbers after the last one this socket was sent, in order, once each."""

    def __init__(self, tally, browser, path, seq, personal, viewer):
        self.tally, self.viewer, self.seq = tally, viewer, seq
        ws = browser.base.replace("http", "ws", 1)
        self.url = f"{ws}{path}?since={seq}&personal={personal}"
        self.origin, self.cookies = browser.base, browser.cookie_header()
        self.ws, self.opened, self.leaving, self.open = None, None, False, False
        self.checked = None  # when the page last asked whether it missed anything (or opened)
        self.task = None
        tally.tabs.append(self)

    def start(self, check_seconds, rng):
        self.task = asyncio.create_task(self._run(check_seconds, rng))

    async def _run(self, check_seconds, rng):
        try:
            self.ws = await connect(
                self.url,
                origin=self.origin,
                additional_headers={"Cookie": self.cookies},
                open_timeout=HANDSHAKE_SECONDS,
                max_size=None,
                compression=None,
            )
        except TimeoutError:
            self.tally.handshake_timeouts += 1
            return
        except (InvalidStatus, OSError) as error:
            self.tally.handshakes_refused.append(repr(error))
            return
        self.opened, self.open = time.time(), True
        self.checked = self.opened
        checks = asyncio.create_task(self._checks(check_seconds, rng))
        try:
            async for text in self.ws:
                self._receive(json.loads(text), time.time())
        except ConnectionClosed:
            pass
        finally:
            self.open = False
            checks.cancel()
        if not self.leaving:
            self.tally.server_closed.append((self.ws.close_code, self.ws.close_reason))

    async def _checks(self, seconds, rng):
        """As the page does now and then: did I miss anything?"""
        while True:
            await asyncio.sleep(rng.uniform(0.5, 1.5) * seconds)
            try:
                await self.ws.send(json.dumps({"type": "check"}))
                self.checked = time.time()
            except ConnectionClosed:
                return

    def _receive(self, update, now):
        if update.get("type") != "update":
            self.tally.errors.append(update)
            return
        got = [e["seq"] for e in update["events"]]
        expected = list(range(self.seq + 1, max(update["seq"], self.seq) + 1))
        if got != expected:
            self.tally.skips.append((self.viewer, expected, got))
        self.seq = max(self.seq, update["seq"], *got) if got else max(self.seq, update["seq"])
        if update["status"] == "finished":
            # Once a match is over everyone reads every event: the others' private ones of long ago
            # reach each player then, first seen at the end, not pushed late.
            self.tally.revealed_at_end += len(update["events"])
            return
        for event in update["events"]:
            created = datetime.datetime.fromisoformat(event["at"]).timestamp()
            if created >= self.opened:  # an event owed at the handshake was not pushed: it was caught up
                self.tally.push.append(now - created)
                self.tally.pushed.append(
                    (round(now - created, 3), self.viewer[1], event["kind"], round(now - self.checked, 3))
                )

    async def close(self):
        self.leaving = True
        if self.ws is None and self.task is not None:  # still opening: the page is left before its socket opened
            self.task.cancel()
        elif self.ws is not None:
            await self.ws.close()
        if self.task is not None:
            await asyncio.gather(self.task, return_exceptions=True)


async def open_page(soak, browser, path, socket_path, viewer, rng):
    """Load a page and open its socket, as a browser does; None if the page did not load."""
    loaded = await soak.http(browser.page, path)
    if loaded is None:
        return None, ""
    text, seq, personal = loaded
    tab = Tab(soak.tally, browser, socket_path, seq, personal, viewer)
    tab.start(soak.check_seconds, rng)
    return tab, text


async def leave(tab):
    if tab is not None:
        await tab.close()


KINDS = (("miss", 0.12), ("late", 0.05), ("forged", 0.05), ("revise", 0.25), ("move", 1.0))


async def player(soak, seat, rng):
    """A player: logs in, keeps their page open, plays each phase that waits on them (a legal
    move from the engine's bot, some revised, some missed, some posted after the deadline, some
    forged), and reloads the page after each post as the browser does (a new socket each time)."""
    match_id, browser = seat["match"], Browser(soak.url, soak.tally)
    await soak.http(browser.login, seat["username"], soak.password)
    page, socket_path = f"/play/{match_id}/", f"/ws/matches/{match_id}/play/"
    viewer = (match_id, "seat", seat["seat"])
    tab, _ = await open_page(soak, browser, page, socket_path, viewer, rng)
    played = set()
    while time.time() < soak.end:
        phases = [p for p in await soak.brain(soak.open_phases, match_id, seat["seat"]) if p[0] not in played]
        if not phases:
            await asyncio.sleep(rng.uniform(1, 3))
            continue
        phase_id, key, deadline = phases[0]
        played.add(phase_id)
        r = rng.random()
        kind = _kind(r)
        if kind == "miss" or (kind == "late" and deadline + 3 > soak.end):
            soak.tally.count(soak.tally.kinds, "miss")
            continue
        soak.tally.count(soak.tally.kinds, kind)
        data = await soak.brain(soak.move, match_id, key, seat["seat"], rng)
        if data is None:
            continue
        submit = f"/play/{match_id}/phases/{phase_id}/submit/"
        if kind == "late":
            await asyncio.sleep(max(0.0, deadline - time.time()) + rng.uniform(0.5, 2.5))
        elif kind == "forged":  # a field the form does not have, or a phase of another match
            data, submit = (
                ({**data, "forged": "1"}, submit)
                if rng.random() < 0.5
                else (data, f"/play/{match_id}/phases/{phase_id + 100000}/submit/")
            )
        else:
            await asyncio.sleep(rng.uniform(0.5, max(0.5, min(8.0, (deadline - time.time()) * 0.5))))
        tab, accepted = await post_and_reload(soak, browser, tab, submit, data, page, socket_path, viewer, rng)
        if kind in ("late", "forged"):
            if accepted is True:
                soak.tally.wrongly_accepted.append((kind, seat["player"], phase_id))
            continue
        _counted(soak.tally, seat, phase_id, accepted)
        if kind == "revise" and deadline - time.time() > 3:
            await asyncio.sleep(rng.uniform(0.5, min(4.0, deadline - time.time() - 2)))
            data = await soak.brain(soak.move, match_id, key, seat["seat"], rng)
            if data is not None:
                tab, accepted = await post_and_reload(soak, browser, tab, submit, data, page, socket_path, viewer, rng)
                _counted(soak.tally, seat, phase_id, accepted)


def _counted(tally, seat, phase_id, accepted):
    """A legal move's answer: received, or why not (say, the phase closed while it was on its way)."""
    if accepted is True:
        tally.accepted.append((seat["player"], phase_id))
    else:
        tally.count(tally.refused, accepted)


def _kind(r):
    for kind, upto in KINDS:
        if r < upto:
            return kind
        r -= upto
    return "move"


async def post_and_reload(soak, browser, tab, path, data, page, socket_path, viewer, rng):
    """Post a form, then load the page it redirects to (leaving the old page's socket for the
    new one's): (the new tab, True if the site said it received the move, or else what it said)."""
    status, _ = await soak.http(browser.post, path, data)
    await leave(tab)
    tab, text = await open_page(soak, browser, page, socket_path, viewer, rng)
    said = [message for _, message in MESSAGE.findall(text)]
    if status == 302 and any(message.startswith(RECEIVED) for message in said):
        return tab, True
    return tab, said[0][:60] if said else f"HTTP {status}"


async def watcher(soak, match_id, rng, browser=None, mode="watch"):
    """A spectator (or, given the host's browser and mode "host", a host's tab): the page open,
    reloaded now and then; the last one stays open when the soak ends."""
    browser = browser or Browser(soak.url, soak.tally)
    page = f"/matches/{match_id}/" if mode == "watch" else f"/host/matches/{match_id}/"
    viewer = (match_id, "spectator" if mode == "watch" else "host", None)
    while True:
        tab, _ = await open_page(soak, browser, page, f"/ws/matches/{match_id}/{mode}/", viewer, rng)
        stay = rng.uniform(20, 60)
        if time.time() + stay >= soak.end:
            return
        await asyncio.sleep(stay)
        await leave(tab)
