"""Saved games (issue 34, point 7): a match's setup and its round templates kept under a name
("Save this game" on its host page), listed on the season desk and the new-match page, started
again (the setup form filled in from it), exported as a JSON file and imported from one. The
settings kept are what the engine's `reusable_settings` says; every way in (save, import, start)
checks them with the engine's `validate_settings`, so a file can hold nothing a host could not type."""

import json

from django.db import transaction
from django.db.models import F, Q

from games import registry
from games.engine_api import Invalid
from games.host_run.presets import FORMAT, VERSION, presets

from matches.core.lifecycle import Done, Refused
from matches.lib import bounded_json
from matches.lib.typed_names import direction_problem
from matches.models import Match, SavedGame

MAX_FILE_BYTES = 100_000  # a saved game with twenty long templates is about 30 kB
MAX_NAME = 80
MAX_PER_SEASON = 200


def offered(season):
    """The saved games a host of `season` may start: the season's own, then the site's."""
    return (
        SavedGame.objects.filter(Q(season=season) | Q(season__isnull=True))
        .select_related("made_by")
        .order_by(F("season_id").asc(nulls_last=True), "name", "pk")
    )


def check_name(name):
    name = " ".join(name.split()) if isinstance(name, str) else ""
    if not name:
        raise Refused("Give the saved game a name.")
    if len(name) > MAX_NAME:
        raise Refused(f"A saved game's name has at most {MAX_NAME} characters.")
    if any(ord(c) < 32 or ord(c) == 127 for c in name):
        raise Refused("A saved game's name may not hold control characters.")
    if problem := direction_problem(name):
        raise Refused(problem)
    return name


def check_settings(game, kind, settings):
    """The engine's own check of settings, as for a match of its largest size (the new match's
    seats are chosen when it is started, and the setup form checks them again then)."""
    if not isinstance(game, str):  # a list or an object is no game's name (and no key to look one up by)
        raise Refused("This site has no such game: a saved game's \"game\" is a game's name, like \"host_run\".")
    try:
        engine = registry.get(game)
    except registry.UnknownGame:
        raise Refused(f"This site has no game {str(game)[:50]!r}.") from None
    if kind not in (Match.MAIN, Match.DEATH):
        raise Refused("The kind is \"main\" or \"death\".")
    if not isinstance(settings, dict):
        raise Refused("The settings are a JSON object.")
    if "\\u0000" in json.dumps(settings):  # no database column stores a NUL, and no form sends one
        raise Refused("The settings hold a NUL character.")
    checked = engine.validate_settings(settings, engine.max_seats)
    if isinstance(checked, Invalid):
        raise Refused(f"The game refuses these settings: {checked.message}")
    return {k: v for k, v in settings.items() if engine.default_settings.get(k, object()) != v}


def check_save(match, name, site_wide, by):
    if match.state is None:
        raise Refused("Start the match first: a draft's setup is on its setup page already.")
    if site_wide and not by.is_staff:
        raise Refused("Only the site's staff save a game for every host of the site.")
    if not site_wide and match.season.saved_games.count() >= MAX_PER_SEASON:
        raise Refused(f"A season keeps at most {MAX_PER_SEASON} saved games.")
    engine = registry.get(match.game)
    settings = engine.reusable_settings(match.state, {**engine.default_settings, **match.settings})
    return check_name(name), check_settings(match.game, match.kind, settings)


def do_save_game(match, name, site_wide, by):
    name, settings = check_save(match, name, site_wide, by)
    saved = SavedGame.objects.create(
        name=name,
        game=match.game,
        kind=match.kind,
        settings=settings,
        season=None if site_wide else match.season,
        made_by=by,
    )
    where = "every host of the site" if site_wide else f"the hosts of {match.season.name}"
    return Done(f"Saved as \"{name}\", for {where}."), saved


def export_game(saved):
    return {
        "format": FORMAT,
        "version": VERSION,
        "name": saved.name,
        "game": saved.game,
        "kind": saved.kind,
        "settings": saved.settings,
    }


def export_text(saved):
    return json.dumps(export_game(saved), indent=1, sort_keys=True, ensure_ascii=False)


def read_file(upload):
    """A saved game from an uploaded file, as (name, game, kind, settings), or Refused saying why."""
    if upload is None:
        raise Refused("Choose a saved game's file (.json) to import.")
    if upload.size > MAX_FILE_BYTES:
        raise Refused(f"The file is too large: a saved game is at most {MAX_FILE_BYTES // 1000} kB.")
    try:
        text = upload.read(MAX_FILE_BYTES + 1).decode("utf-8")
        data = bounded_json.loads(text)
    except UnicodeDecodeError:
        raise Refused("The file is not text (UTF-8): export a saved game and import that file.") from None
    except bounded_json.TooLarge as error:
        raise Refused(f"The file is not accepted: {error}.") from None
    except ValueError:
        raise Refused("The file is not JSON: export a saved game and import that file.") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise Refused("This is not a saved game's file (its \"format\" is not \"genius-site saved game\").")
    if data.get("version") != VERSION:
        raise Refused(f"This site reads saved games of version {VERSION} only.")
    if set(data) != {"format", "version", "name", "game", "kind", "settings"}:
        raise Refused("A saved game's file has format, version, name, game, kind and settings, and nothing else.")
    return (
        check_name(data["name"]),
        data["game"],
        data["kind"],
        check_settings(data["game"], data["kind"], data["settings"]),
    )


def do_import(season, upload, by):
    name, game, kind, settings = read_file(upload)
    if season.saved_games.count() >= MAX_PER_SEASON:
        raise Refused(f"A season keeps at most {MAX_PER_SEASON} saved games.")
    saved = SavedGame.objects.create(name=name, game=game, kind=kind, settings=settings, season=season, made_by=by)
    return Done(f"Imported \"{name}\" for the hosts of {season.name}."), saved


@transaction.atomic
def load_presets():
    """The shipped games as site-wide saved games, each once (the migration loads them too; the
    demo and tests that empty the database call this)."""
    for key, game in presets().items():
        SavedGame.objects.get_or_create(
            preset=key,
            season=None,
            defaults={
                "name": game["name"],
                "game": game["game"],
                "kind": game.get("kind", Match.MAIN),
                "settings": game["settings"],
            },
        )
    return SavedGame.objects.filter(season=None).exclude(preset="")
