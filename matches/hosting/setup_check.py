"""The setup form checked whole as the host types (issue 40, points 9 and 10). The page's script
posts every field, the players ticked among them, to the check; the check cleans the form as
sending it would (the game's rows, `validate_settings`, the start check for the seats ticked)
and answers with every problem by the field it is beside, the summary the page shows first,
and what the game read of each row. Nothing is written: the form is only cleaned.

Which form a check is of comes from the page's own query, as the page was made: a new match of
a game (?game=), one filled in from a saved game (?saved=) or a draft's (?match=). It matters:
the rows and the expert JSON agree by what the page showed (`settings_rows.agree`)."""

from django.http import Http404

from games import registry
from games.values import as_int

from matches.core.access import access_match_as_host, access_saved_game
from matches.hosting.host_forms import MatchSetupForm
from matches.hosting.settings_forms import initial_settings
from matches.models import Match


class NotTheForm(Exception):
    """A check that is not of a setup form this page could have sent (answered 400, in words)."""


def initial_for_new(engine):
    return {"title": engine.name, "kind": engine.kind, **initial_settings(engine, {})}


def initial_for_saved(engine, saved):
    return {"title": saved.name, "kind": saved.kind, **initial_settings(engine, saved.settings)}


def initial_for_draft(engine, match):
    seats = list(match.seats.select_related("season_player"))
    return {
        "title": match.title,
        "kind": match.kind,
        "seed": match.seed,
        "autopilot_after": match.autopilot_after,
        "absence_rule": match.absence_rule,
        "players": [s.season_player for s in seats],
        **initial_settings(engine, match.settings),
        **{f"role_{s.season_player_id}": s.role for s in seats},
    }


def check_query(match, query):
    """The query that names the page's form for its check: the draft's, else the page's own."""
    if match is not None:
        return f"match={match.pk}"
    return f"saved={as_int(query.get('saved'))}" if query.get("saved") else f"game={query.get('game', '')}"


def form_to_check(user, season, query, data):
    """The setup form of the page `query` names, bound to `data`. 404 for a draft or saved game
    that is not this host's; NotTheForm for what no page of this season's setup would send."""
    if "match" in query:
        match = access_match_as_host(user, as_int(query["match"]))
        if match.season_id != season.pk:
            raise Http404("No match of this season has that number.")
        if match.status != Match.DRAFT:
            raise NotTheForm("The match has started: its settings and seats no longer change.")
        game, initial = match.game, initial_for_draft(_engine(match.game), match)
    elif "saved" in query:
        _, saved = access_saved_game(user, season.slug, as_int(query["saved"]))
        game, initial = saved.game, initial_for_saved(_engine(saved.game), saved)
    else:
        game = str(query.get("game", ""))
        initial = initial_for_new(_engine(game))
    missing = [name for name in ("title", "kind") if name not in data]
    if missing:  # the page always sends them, even blank
        raise NotTheForm(f"This is not the setup form ({' and '.join(missing)} missing): send every field of the page.")
    return MatchSetupForm(season, game, data, initial=initial)


def _engine(game):
    try:
        return registry.get(game)
    except registry.UnknownGame:  # a saved game's engine removed since, or a forged name
        raise NotTheForm("No game of this site has that name.") from None


def answer(form):
    """What the page shows of `form` cleaned as if sent: `problems` by field name ("__all__" for
    the form's own), the `summary` (href, words) it shows first, and `said`, the game's reading
    of each row read."""
    form.is_valid()
    return {
        "problems": {name: " ".join(errors) for name, errors in form.errors.items()},
        "summary": [{"href": f"#{where}", "words": words} for where, words in form.error_summary()],
        "said": dict(form.said),
    }
