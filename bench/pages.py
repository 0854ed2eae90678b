"""Pages (issue 27, item 2): the server time of each game's player page, spectator page and host
page of a running match, against a bare template page of the same size in bytes, rendered in
the same run by the same client through the same middleware: what a page costs beyond sending
its bytes. In-process (django.test.Client), alternating the page and its bare twin, medians.
The host-run game's match is 30 seats and 20 rounds in (bench.hostrun). Then the host's actions,
each a POST and the page it returns to (bench.host_actions)."""

import random
import time

from . import host_actions, hostrun
from .common import sized, summary

RUNS = sized(40, 3)
CLOSES = 2  # phases the host closes before measuring: the match has a past, as mid-season
PAGES = (("player", "match_play"), ("public", "match_public"), ("host", "match_host"))


def running_match(game):
    """A match of `game` as the demo season runs it (its default seats and roles, demo-length
    phases, hello at the table), two phases in, with every other seat's move in for the open one.
    Returns the match and its host."""
    from django.contrib.auth import get_user_model

    from games import registry
    from matches.core import lifecycle
    from matches.core.playtest import _new_match
    from matches.hosting.demo import demo_settings
    from matches.talk import conversations

    engine = registry.get(game)
    match = _new_match(engine, engine.default_seats or engine.min_seats, 4242, demo_settings(engine))
    host = get_user_model().objects.create(username=f"host-{match.pk}")
    match.season.hosts.add(host)
    lifecycle.do_start(match.pk)
    first, second = match.seats.order_by("seat")[:2]  # at the start, as the demo: talk has rules later
    table = conversations.table_talk(match)
    conversations.do_post(first, table.pk, "Hello everyone, good luck!")
    conversations.do_post(second, table.pk, "Good luck! Read the rules first.")
    for _ in range(CLOSES):
        lifecycle.close_phase(_open_phase(match).pk, "host")
    _submit_every_other(match, engine)
    match.refresh_from_db()
    return match, host


def _open_phase(match):
    from matches.models import Phase

    return Phase.objects.filter(match=match, status=Phase.OPEN).order_by("sequence").first()


def _submit_every_other(match, engine):
    """Seat 0 always, the last waited-on seat never: pages show both done and waiting."""
    from matches.core import lifecycle

    match.refresh_from_db()
    phase, rng = _open_phase(match), random.Random(7)
    waiting = sorted(phase.waits_on)
    for player in match.seats.order_by("seat"):
        if player.seat in waiting[::2] and player.seat != waiting[-1]:
            lifecycle.do_submit(phase.pk, player, engine.random_submission(match.state, phase.key, player.seat, rng))


def clients(match, host):
    """A logged-in client per page: seat 0 for the player page, nobody for the public one."""
    from django.test import Client

    player, public, staff = Client(), Client(), Client()
    player.force_login(match.seats.get(seat=0).season_player.user)
    staff.force_login(host)
    return {"player": player, "public": public, "host": staff}


def timed_get(client, url):
    started = time.perf_counter()
    response = client.get(url)
    elapsed = (time.perf_counter() - started) * 1000
    assert response.status_code == 200, (url, response.status_code)
    return elapsed, len(response.content)


def measure_page(client, url):
    """The page and a bare page of its size, alternating, each fetched by the same client."""
    _, size = timed_get(client, url)  # warm: templates compiled, caches filled, size known
    bare = f"/bench/bare/{size}/"
    timed_get(client, bare)
    page_ms, bare_ms = [], []
    for _ in range(RUNS):
        page_ms.append(timed_get(client, url)[0])
        bare_ms.append(timed_get(client, bare)[0])
    page, base = summary(page_ms), summary(bare_ms)
    return {"bytes": size, "page_ms": page, "bare_ms": base, "ratio": page["median"] / base["median"]}


def run():
    from django.urls import reverse

    from games import registry

    out = {}
    for engine in registry.all_engines():
        if engine.slug == "fixture":  # the tests' own game, installed because the bench runs as tests do
            continue
        # a host-run game waits on its host: its match is played by hand (bench.hostrun), 30 seats
        match, host = hostrun.played_match() if engine.slug == "host_run" else running_match(engine.slug)
        by_page = clients(match, host)
        out[engine.slug] = {page: measure_page(by_page[page], reverse(name, args=[match.pk])) for page, name in PAGES}
    return {"games": out, "host_actions": host_actions.run()}


def table_lines(r):
    lines = ["Pages (median ms, page / bare page of the same bytes = ratio):"]
    for game, pages in r.get("games", r).items():  # results of runs before the host's actions: games only
        cells = [
            f"{page} {v['page_ms']['median']:5.1f} / {v['bare_ms']['median']:4.1f} = {v['ratio']:4.1f}"
            f" ({v['bytes'] // 1024} KiB)"
            for page, v in pages.items()
        ]
        lines.append(f"  {game:16} " + "  ".join(cells))
    if "host_actions" in r:
        lines += host_actions.table_lines(r["host_actions"])
    return lines
