"""Play a whole match with each game's random-move bot, through the same submit, action and
close paths as real players, on a simulated clock, inside a transaction that is rolled back.
A bot host takes the game's random host actions (if it has any) through the host's own path."""

import random
import uuid
from datetime import datetime, timezone

from django.contrib.auth import get_user_model
from django.db import transaction

from games import registry
from games.engine_api import GARNET, Context

from matches import clock
from matches.core import host_actions, lifecycle
from matches.models import (
    LedgerEntry,
    Match,
    MatchPlayer,
    Phase,
    Season,
    SeasonPlayer,
    Submission,
    balances_for,
)

STARTING_GARNETS = 5
MAX_STEPS = 100_000
ACTION_PASSES = 3  # chances each bot gets to act whenever new phases open (proposals need answers)


class BotError(Exception):
    pass


def playtest(game, players, seed, settings=None, miss_rate=0.1, keep=False):
    engine = registry.get(game)
    start = datetime(2026, 1, 1, tzinfo=timezone.utc)
    with clock.simulated(start), transaction.atomic():
        match = _new_match(engine, players, seed, settings or {})
        lifecycle.do_start(match.pk)
        counts = _play(match, random.Random(f"bot:{seed}"), miss_rate)
        match.refresh_from_db()
        # a seat that missed `autopilot_after` steps in a row has its defaults stored as steps open
        counts["autopilot"] = Submission.objects.filter(phase__match=match, by_autopilot=True).count()
        result = {
            "game": game,
            "seed": seed,
            "players": players,
            "match_id": match.pk if keep else None,
            "phases": match.phases.filter(status=Phase.CLOSED).count(),
            **counts,
            "status": match.status,
            "standings": [
                {"seat": s["seat"], "place": s["place"], "score": s["score"]}
                for s in (match.outcome or {}).get("standings", [])
            ],
        }
        if not keep:
            transaction.set_rollback(True)
    return result


def play_with_bots(match, seed, miss_rate=0.0):
    """Start a seated draft and play it to its end with the bots, on the clock in force."""
    lifecycle.do_start(match.pk)
    return _play(match, random.Random(f"bot:{seed}"), miss_rate)


def _new_match(engine, players, seed, settings):
    tag = uuid.uuid4().hex[:8]
    season = Season.objects.create(name=f"Playtest {tag}", slug=f"playtest-{tag}")
    user_model = get_user_model()
    match = Match.objects.create(
        season=season,
        game=engine.slug,
        title=f"Playtest of {engine.name}",
        kind=engine.kind,
        settings=settings,
        seed=seed,
    )
    for seat in range(players):
        user = user_model.objects.create(username=f"bot-{tag}-{seat}")
        member = SeasonPlayer.objects.create(season=season, user=user, display_name=f"Bot {seat + 1}")
        role = engine.default_roles(players)[seat]
        MatchPlayer.objects.create(match=match, season_player=member, seat=seat, role=role)
        LedgerEntry.objects.create(
            season=season, player=member, kind=GARNET, amount=STARTING_GARNETS, reason="Playtest starting garnets"
        )
    return match


def _play(match, rng, miss_rate):
    engine = registry.get(match.game)
    players = {p.seat: p for p in match.seats.select_related("season_player")}
    counts = {"submissions": 0, "actions": 0, "host_actions": 0, "missed": 0}
    offered = set()  # phases the bots have had their turn at; a new one is played before time moves
    for _ in range(MAX_STEPS):
        match.refresh_from_db()
        if match.status != Match.RUNNING:
            return counts
        open_phases = list(match.phases.filter(status=Phase.OPEN).order_by("sequence"))
        if not open_phases:  # a game that waits on its host between phases (a host-run game's rounds)
            before = counts["host_actions"]
            _bot_host(match, engine, players, rng, counts)
            if counts["host_actions"] == before:
                raise BotError("No phase is open and the bot host took no action: the match cannot go on.")
            continue
        fresh = [p for p in open_phases if p.pk not in offered]
        if fresh:
            _bot_host(match, engine, players, rng, counts)
            _bot_actions(match, engine, players, [p.key for p in open_phases], rng, counts)
            for phase in fresh:
                offered.add(phase.pk)
                _bot_submissions(match, engine, players, phase, rng, miss_rate, counts)
            continue
        clock.advance_to(min(p.deadline for p in open_phases))
        lifecycle.sweep()
    raise BotError("The match did not finish within the step limit.")


def _bot_submissions(match, engine, players, phase, rng, miss_rate, counts):
    phase.refresh_from_db()
    if phase.status != Phase.OPEN:
        return
    done = set(phase.submissions.values_list("player__seat", flat=True))
    for seat in phase.waits_on:
        if seat in done:
            continue
        if rng.random() < miss_rate:
            counts["missed"] += 1
            continue
        match.refresh_from_db()
        data = engine.random_submission(match.state, phase.key, seat, rng)
        try:
            lifecycle.do_submit(phase.pk, players[seat], data)
        except lifecycle.Refused as refusal:
            raise BotError(f"The bot's move for seat {seat} in {phase.key} was refused: {refusal}") from None
        counts["submissions"] += 1
        phase.refresh_from_db()
        if phase.status != Phase.OPEN:
            return


def _bot_host(match, engine, players, rng, counts):
    """The bot host's turn whenever new phases open: at most one host action (the engine's
    random_host_action, taken as a host's page takes it; the default takes none and draws no
    random number, so games without host actions play exactly as before)."""
    balances = balances_for(match.season)
    ctx = Context({seat: balances.get(p.season_player_id, {}) for seat, p in players.items()})
    choice = engine.random_host_action(match.state, ctx, rng)
    if choice is None:
        return
    name, data = choice
    try:
        host_actions.do_host_action(match.pk, None, name, data)
    except lifecycle.Refused as refusal:
        raise BotError(f"The bot host's action {name} was refused: {refusal}") from None
    counts["host_actions"] += 1
    match.refresh_from_db()


def _bot_actions(match, engine, players, open_keys, rng, counts):
    for _ in range(ACTION_PASSES):
        _bot_action_pass(match, engine, players, open_keys, rng, counts)


def _bot_action_pass(match, engine, players, open_keys, rng, counts):
    balances = balances_for(match.season)
    ctx = Context({seat: balances.get(p.season_player_id, {}) for seat, p in players.items()})
    for seat, player in players.items():
        choice = engine.random_action(match.state, seat, open_keys, ctx, rng)
        if choice is None:
            continue
        name, data = choice
        try:
            lifecycle.do_action(player, name, data)
        except lifecycle.Refused as refusal:
            raise BotError(f"The bot's action {name} for seat {seat} was refused: {refusal}") from None
        counts["actions"] += 1
        match.refresh_from_db()
        balances = balances_for(match.season)
        ctx = Context({s: balances.get(p.season_player_id, {}) for s, p in players.items()})
