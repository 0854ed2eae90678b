"""The host's actions (issue 40, point 14), part of the pages benchmark: what a host waits for
after pressing Pause, Resume, "+10 min", "Close now" and "Play the rest with defaults" on a
13-player The Flat Earth Theory match, as a browser does it: the POST, then the host page it is
sent back to. On the production path (uvicorn, PostgreSQL, channels-redis), with every player's
own page, the host's and a few spectators' open on their sockets (each change is rendered for
them by the same server process, as it was on the walk that found it slow).

Baseline, in the same run and alternating with each action: the host page fetched alone by the
same client (what every action costs at the least, since it ends on that page). Reported: the
medians of each action's total and the ratio to the baseline's median; never asserted."""

import http.client
import json
import time
from urllib.parse import urlencode, urlsplit

from .common import Server, sized, summary
from .fanout import Peer
from .fanout_players import cookie, flat_earth_match, targets

ROUNDS = sized(5, 1)  # a fresh match each: its every action once, in the order a host meets them
SPECTATORS = 5
SETTLE = 1.5  # seconds for the sockets' first renders, before the first action
TOKEN = "a" * 32  # an unmasked CSRF secret: the cookie and the form field agree
ACTIONS = ("pause", "resume", "extend", "close", "finish")


class HostClient:
    """The host's browser, minus the browser: a session cookie, a POST, the redirect's GET."""

    def __init__(self, base, session_cookie):
        self.netloc = urlsplit(base).netloc
        self.cookie = f"{session_cookie.split(';')[0]}; csrftoken={TOKEN}"

    def _request(self, method, path, body=None):
        conn = http.client.HTTPConnection(self.netloc, timeout=120)
        headers = {"Cookie": self.cookie}
        if body is not None:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Referer"] = f"http://{self.netloc}{path}"
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        response.read()
        conn.close()
        return response

    def get(self, path):
        started = time.perf_counter()
        response = self._request("GET", path)
        assert response.status == 200, (path, response.status)
        return (time.perf_counter() - started) * 1000

    def post_and_follow(self, path, data):
        """(ms of the POST, ms of the page it redirects to)."""
        started = time.perf_counter()
        response = self._request("POST", path, urlencode({**data, "csrfmiddlewaretoken": TOKEN}))
        posted = time.perf_counter()
        assert response.status == 302, (path, response.status)
        self.get(response.getheader("Location"))
        return (posted - started) * 1000, (time.perf_counter() - posted) * 1000


def action_request(match, name):
    """The path and form of the host's button `name` on `match`'s host page."""
    from django.urls import reverse

    from matches.models import Phase

    if name in ("pause", "resume", "finish"):
        return reverse("host_control", args=[match.pk, name]), {}
    phase = Phase.objects.get(match=match, status=Phase.OPEN)
    path = reverse("host_phase", args=[match.pk, phase.pk])
    return path, ({"add": "600"} if name == "extend" else {"close": "1"})


def watchers(server, match, users, host):
    """Every player's socket, the host's and SPECTATORS anonymous ones, open and reading."""
    from games.engine_api import Viewer
    from matches.live.sockets import SocketViewer, current_seq

    sessions = [cookie(u) for u in users]
    open_pages = targets(server, match, sessions)
    base = server.url.replace("http", "ws") + f"/ws/matches/{match.pk}"
    for mode, viewer, who, n in (
        ("host", Viewer.host(), cookie(host), 1),
        ("watch", Viewer.spectator(), None, SPECTATORS),
    ):
        seq, personal = current_seq(match.pk, SocketViewer(viewer))
        open_pages += [[f"{base}/{mode}/?since={seq}&personal={personal}", who]] * n
    return Peer("watchers", json.dumps(open_pages))


def one_round(server):
    """A new match with its pages open; each action once, each followed by the host page alone."""
    from django.contrib.auth import get_user_model
    from django.urls import reverse

    from matches.models import Match

    match, users = flat_earth_match()
    host = get_user_model().objects.create_user(f"host-{match.pk}")
    match.season.hosts.add(host)
    client = HostClient(server.url, cookie(host))
    page = reverse("match_host", args=[match.pk])
    peer = watchers(server, match, users, host)
    try:
        time.sleep(SETTLE)
        client.get(page)  # warm: this match's host page once before it is timed
        out = {}
        for name in ACTIONS:
            path, data = action_request(match, name)
            posted, followed = client.post_and_follow(path, data)
            out[name] = {"post": posted, "page": followed, "total": posted + followed, "alone": client.get(page)}
        match.refresh_from_db()
        assert match.status == Match.FINISHED, match.status  # "Play the rest" played it to the end
        return out
    finally:
        peer.stop()


def run():
    with Server("uvicorn", CHANNELS_LAYER="pubsub") as server:
        rounds = [one_round(server) for _ in range(ROUNDS)]
    out = {}
    for name in ACTIONS:
        total = summary([r[name]["total"] for r in rounds])
        alone = summary([r[name]["alone"] for r in rounds])
        out[name] = {
            "total_ms": total,
            "post_ms": summary([r[name]["post"] for r in rounds]),
            "page_ms": summary([r[name]["page"] for r in rounds]),
            "host_page_alone_ms": alone,
            "ratio": total["median"] / alone["median"],
        }
    return out


def table_lines(r):
    lines = [
        "Host actions, 13-player Flat Earth with its pages open (median ms: POST + the page it returns to"
        " = total / the host page alone = ratio):"
    ]
    for name, v in r.items():
        lines.append(
            f"  {name:7} {v['post_ms']['median']:6.0f} + {v['page_ms']['median']:5.0f} = {v['total_ms']['median']:6.0f}"
            f" / {v['host_page_alone_ms']['median']:5.0f} = {v['ratio']:5.1f}"
        )
    return lines
