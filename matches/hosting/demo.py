"""A demo season with a running match of every registered game, for `make run`."""

from django.contrib.auth.models import User
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from games import registry
from games.engine_api import GARNET, HEAVEN, HELL

from matches import clock
from matches.seasons import gifts
from matches.core import lifecycle
from matches.core import playtest
from matches.hosting import saved_games
from matches.seasons import results
from matches.talk import conversations as talk
from matches.models import LedgerEntry, Match, MatchPlayer, Season, SeasonPlayer, StatusChange

DEMO_PASSWORD = "demo-password"
HOST = "host"
PLAYERS = ["ada", "ben", "cleo", "dan", "eva", "finn", "gia", "hugo", "ivy", "jon", "kim", "leo", "mia"]
DEMO_MAX_SECONDS = 600  # demo phases close within ten minutes so a visitor sees the game move


def demo_settings(engine):
    return {
        k: min(v, DEMO_MAX_SECONDS)
        for k, v in engine.default_settings.items()
        if k.endswith("_seconds") and isinstance(v, int)
    }


@transaction.atomic
def seed_demo():
    """Create the demo season once; return the logins to print."""
    season, created = Season.objects.get_or_create(slug="demo", defaults={"name": "Demo Season"})
    if created:
        host = User.objects.create_superuser(HOST, password=DEMO_PASSWORD)
        season.hosts.add(host)
        members = []
        for name in PLAYERS:
            user = User.objects.create_user(name, password=DEMO_PASSWORD)
            member = SeasonPlayer.objects.create(season=season, user=user, display_name=name.title())
            LedgerEntry.objects.create(
                season=season, player=member, kind=GARNET, amount=4, reason="Demo starting garnets"
            )
            members.append(member)
        _history(season, members)
        _confirmed_match(season, members, host)
        # a game shipped as a saved game (the host-run game's) runs as the first of them: its
        # rules text, counters and round templates, so the demo's host has rounds ready to open
        shipped = {}
        for saved in saved_games.load_presets().order_by("name"):
            shipped.setdefault(saved.game, saved)
        for engine in registry.all_engines():
            seats = members[: engine.default_seats or engine.min_seats]
            title, settings = f"Demo: {engine.name}", demo_settings(engine)
            if engine.slug in shipped:
                title, settings = f"Demo: {shipped[engine.slug].name}", shipped[engine.slug].settings
            match = Match.objects.create(
                season=season, game=engine.slug, title=title, kind=engine.kind, settings=settings
            )
            for seat, member in enumerate(seats):
                role = engine.default_roles(len(seats))[seat]
                MatchPlayer.objects.create(match=match, season_player=member, seat=seat, role=role)
            transaction.on_commit(lambda pk=match.pk: _start_with_talk(pk))
    return [(HOST, "host (admin at /admin/)")] + [
        (m.user.username, ", ".join(s.match.title for s in m.seats.select_related("match")) or "no match")
        for m in season.players.select_related("user")
    ]


def _history(season, members):
    """Something for the season page's history: Heaven and Hell from an opening vote, and a gift."""
    for i, member in enumerate(members):
        realm = HEAVEN if i < 2 else HELL
        StatusChange.objects.create(season=season, player=member, previous="", realm=realm, reason="Demo opening vote")
        member.realm = realm
        member.save(update_fields=["realm"])
    gifts.do_gift(members[2].pk, members[3].pk, GARNET, 1)


def _confirmed_match(season, members, host):
    """A Pokemon Snap played by the bots last week and confirmed, so the season page has a
    result, statuses from it and a mark in its history."""
    match = Match.objects.create(
        season=season,
        game="pokemon_snap",
        title="Demo: last week's Pokemon Snap",
        kind=Match.MAIN,
        settings={},
        seed=2026,
    )
    for seat, member in enumerate(members[:8]):
        MatchPlayer.objects.create(
            match=match, season_player=member, seat=seat, role="photographer" if seat < 2 else ""
        )
    with clock.simulated(timezone.now() - timedelta(days=10)):  # its five days and the ascension end 3 days ago
        playtest.play_with_bots(match, seed=2026)
        match.refresh_from_db()
        results.do_confirm_result(match.pk, results.offered_awards(match), by=host)


def _start_with_talk(match_id):
    """Start a demo match and say hello at its table, so a visitor sees the talk working."""
    lifecycle.do_start(match_id)
    match = Match.objects.get(pk=match_id)
    table = match.conversations.get(kind="table")
    first, second = match.seats.order_by("seat")[:2]
    talk.do_post(first, table.pk, "Hello everyone, good luck!")
    talk.do_post(second, table.pk, "Good luck! Read the rules first (the Rules link above).")
