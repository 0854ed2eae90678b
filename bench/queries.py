"""Queries (issue 6, item 5): database queries for the public match page, a player's page and a
host close, against the number of seats (fixture game, 2 to 200) and for each real game mid-match.
The counts must stay flat: a query per seat would turn a 200-seat close into 200 round trips."""

import random

from .common import sized

SIZES = sized((2, 8, 32, 100, 200), (2, 8))
FIXTURE_SETTINGS = {"rounds": 3, "round_seconds": 86400, "close_early": False}  # the phase stays open


def count(fn):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as ctx:
        fn()
    return len(ctx.captured_queries)


def new_match(game, seats, settings):
    from games import registry
    from matches.core import lifecycle
    from matches.core.playtest import _new_match

    match = _new_match(registry.get(game), seats, random.randint(1, 10**6), settings)
    lifecycle.do_start(match.pk)
    return match


def open_phase(match):
    from matches.models import Phase

    return Phase.objects.filter(match=match, status=Phase.OPEN).order_by("sequence").first()


def submit_some(match, phase):
    """Every other seat has submitted (seat 0 always, the last seat never when there are two or
    more): pages show a mix of done and waiting, and every close writes some default moves, so
    the counts differ by seats and not by which seats the dice picked."""
    from games import registry
    from matches.core import lifecycle

    engine, rng = registry.get(match.game), random.Random(match.pk)
    match.refresh_from_db()
    waiting = sorted(phase.waits_on)
    for player in match.seats.order_by("seat"):
        if player.seat in waiting[::2] and player.seat != waiting[-1]:
            data = engine.random_submission(match.state, phase.key, player.seat, rng)
            lifecycle.do_submit(phase.pk, player, data)


def measure(match):
    """Queries for the public page (anonymous), seat 0's page (logged in) and a host close."""
    from django.test import Client
    from django.urls import reverse

    from matches.core import lifecycle

    public, player = Client(), Client()
    player.force_login(match.seats.get(seat=0).season_player.user)
    pages = {
        "public": (public, reverse("match_public", args=[match.pk])),
        "player": (player, reverse("match_play", args=[match.pk])),
    }
    out = {}
    for name, (client, url) in pages.items():
        response = None

        def get():
            nonlocal response
            response = client.get(url)

        out[name] = count(get)
        assert response.status_code == 200, (url, response.status_code)
    phase = open_phase(match)
    closed = []
    out["close"] = count(lambda: closed.append(lifecycle.close_phase(phase.pk, "host")))
    assert closed == [True]
    return out


def warm_up():
    """One throwaway match measured first, so process-wide caches (content types, templates,
    the session backend) are not counted against the smallest size."""
    measure(new_match("fixture", 2, FIXTURE_SETTINGS))


def fixture_counts():
    out = {}
    for seats in SIZES:
        match = new_match("fixture", seats, FIXTURE_SETTINGS)
        submit_some(match, open_phase(match))
        out[str(seats)] = measure(match)
    return out


def coop_qwop_mid_game():
    """After the pregame and one round, with half the players' cards in for round 2."""
    from matches.core import lifecycle

    match = new_match("coop_qwop", 8, {})
    for _ in range(2):
        lifecycle.close_phase(open_phase(match).pk, "host")
    submit_some(match, open_phase(match))
    return match


def mystery_cosign_mid_game(steps=20):
    """Twenty steps in (the second phase's collaboration rounds), the rest by defaults."""
    from matches.core import lifecycle

    match = new_match("mystery_cosign", 2, {"operation_set": "hard"})
    for _ in range(steps):
        lifecycle.close_phase(open_phase(match).pk, "host")
    submit_some(match, open_phase(match))
    return match


def run():
    warm_up()
    fixture = fixture_counts()
    flat = {kind: len({v[kind] for v in fixture.values()}) == 1 for kind in ("public", "player", "close")}
    return {
        "fixture": fixture,
        "flat": flat,
        "coop_qwop_8": measure(coop_qwop_mid_game()),
        "mystery_cosign_2": measure(mystery_cosign_mid_game()),
    }


def table_lines(r):
    lines = ["Queries (public page / player page / close):"]
    for seats, v in r["fixture"].items():
        lines.append(f"  fixture {seats:>4} seats  {v['public']:3} / {v['player']:3} / {v['close']:3}")
    lines.append("  flat across seats: " + ", ".join(f"{k} {'yes' if ok else 'NO'}" for k, ok in r["flat"].items()))
    for name in ("coop_qwop_8", "mystery_cosign_2"):
        v = r[name]
        lines.append(f"  {name:18} {v['public']:3} / {v['player']:3} / {v['close']:3}")
    return lines
