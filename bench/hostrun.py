"""A host-run match (issue 34) as the benchmarks play it: the host opens a round with a form of
its own, every player answers, the host closes it and publishes a result, so many times; each
step through the host's own path (host_actions.do_host_action) and the players' (do_submit).

The round and the result are written here, not drawn from the engine's bot host: the bot ends a
match after three rounds and now and then proposes a rule's result instead of publishing, and a
benchmark wants the same match every run."""

import random

from .common import sized

SEATS = sized(30, 3)
ROUNDS = sized(20, 1)
REVEALS = ("named", "own", "nothing", "anonymous", "totals")  # a log with every kind of reveal in it


def round_form(n):
    """Round `n`'s form: a choice, a bid bounded by the player's own Coins, a short message."""
    return {
        "title": f"Round {n}",
        "instructions": "Choose a colour, bid from your Coins, say a word.",
        "deadline": "1h",
        "answers": "everyone",
        "reveal": REVEALS[n % len(REVEALS)],
        "talk": "everyone",
        "field_1": "Colour | one of Red, Green, Blue | missed random",
        "field_2": "Bid | number 0..your Coins | missed 0",
        "field_3": "Message | text up to 40",
    }


def result_form(state, n):
    """Round `n`'s result: an announcement, a private note, a point to everyone, a Coin to one
    player (the bounds of Coins are 0..99 and it starts at 10: 20 rounds stay inside them)."""
    seats = len(state["names"])
    return {
        "announcement": f"Round {n} is over: everyone scores a point.",
        "note_1": f"{n % seats + 1}: well played.",  # seat numbers count from 1
        "change_1": "everyone | Points | 1 | round played",
        "change_2": f"{(n * 7) % seats + 1} | Coins | 1 | best bid",
    }


def new_match(seats=SEATS):
    """A started host-run match of `seats` players (default counters) and a host; no round yet."""
    from django.contrib.auth import get_user_model

    from games import registry
    from matches.core import lifecycle
    from matches.core.playtest import _new_match

    match = _new_match(registry.get("host_run"), seats, 4242, {})
    host = get_user_model().objects.create(username=f"host-{match.pk}")
    match.season.hosts.add(host)
    lifecycle.do_start(match.pk)
    match.refresh_from_db()
    return match, host


def open_round(match, host, answered=1.0, seed=7):
    """The host opens the next round; then the first `answered` share of its players answer."""
    from games import registry
    from matches.core import host_actions, lifecycle
    from matches.models import Phase

    match.refresh_from_db()
    host_actions.do_host_action(match.pk, host, "open_round", round_form(len(match.state["rounds"]) + 1))
    match.refresh_from_db()
    phase = Phase.objects.get(match=match, status=Phase.OPEN)
    engine, rng = registry.get("host_run"), random.Random(seed)
    for player in match.seats.order_by("seat"):
        if player.seat < int(answered * len(phase.waits_on)):
            lifecycle.do_submit(phase.pk, player, engine.random_submission(match.state, phase.key, player.seat, rng))
    match.refresh_from_db()
    return phase


def close_round(match, host):
    """The host closes the open round (the rules' defaults for whoever did not answer)."""
    from matches.core import lifecycle
    from matches.models import Phase

    assert lifecycle.close_phase(Phase.objects.get(match=match, status=Phase.OPEN).pk, "host")
    match.refresh_from_db()


def publish(match, host):
    from matches.core import host_actions

    match.refresh_from_db()
    host_actions.do_host_action(match.pk, host, "publish_result", result_form(match.state, len(match.state["rounds"])))
    match.refresh_from_db()


def played_match(seats=SEATS, rounds=ROUNDS):
    """A host-run match `rounds` rounds in (each opened, answered by everyone, closed and its
    result published), then round `rounds` + 1 open with the first half of the players' answers
    in, as the other games' pages are measured: the pages show a form, answers done and waited on."""
    match, host = new_match(seats)
    for _ in range(rounds):
        open_round(match, host)
        close_round(match, host)
        publish(match, host)
    open_round(match, host, answered=0.5)
    return match, host
