"""The host console: every hosted season's matches at a glance (and a new season), a season's desk
(players, invite links, ledger entries and Heaven or Hell for many at once), and a draft's setup
from the game's own settings form."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from games import registry

from matches.hosting import host_desk, invitations, saved_games, setup_check
from matches.core.access import (
    access_match_as_host,
    access_saved_game,
    access_season_as_host,
    access_season_creation,
    uses_console,
)
from matches.hosting.console_page import console_picture, match_rows
from matches.hosting.host_forms import AddPlayerForm, BulkLedgerForm, MatchSetupForm, NewSeasonForm, StatusForm
from matches.core.lifecycle import Refused
from matches.models import Match
from matches.seasons import attendance
from matches.core.start_checks import check_start
from matches.hosting.invites import invite_path, may_hand_invite


@login_required
def console(request):
    if not uses_console(request.user):
        raise Http404("You host no season.")
    return render(request, "matches/host_console.html", console_picture(request.user))


@login_required
def host_help(request):
    """How a season runs, in short: for hosts (docs/hosting.md is the long version)."""
    if not uses_console(request.user):
        raise Http404("You host no season.")
    return render(request, "matches/host_help.html")


@login_required
def new_season(request):
    access_season_creation(request.user)
    if request.method != "POST":
        return redirect("host_console")
    form = NewSeasonForm(request.POST)
    if form.is_valid():
        try:
            done, season = host_desk.do_create_season(form.cleaned_data["name"], by=request.user)
        except Refused as refusal:
            form.add_error("name", str(refusal))
        else:
            messages.success(request, done.message)
            return redirect("host_season", season.slug)  # the desk its message points to
    return render(request, "matches/host_console.html", console_picture(request.user, form), status=400)


@login_required
def season_desk(request, slug):
    season = access_season_as_host(request.user, slug)
    return render(request, "matches/host_season.html", _desk(request, season))


def _desk(request, season, add_form=None, ledger_form=None, status_form=None):
    players = list(season.players.select_related("user"))
    base = request.build_absolute_uri("/")[:-1]
    on_record, away = attendance.records(season, players), attendance.absences_of(players)
    for member in players:
        member.invite = base + invite_path(member.user) if may_hand_invite(request.user, member.user) else ""
        member.record, member.away = on_record[member.pk], away[member.pk]
    matches = season.matches.exclude(status=Match.CANCELLED).prefetch_related("seats__season_player")
    return {
        "season": season,
        "players": players,
        "invited": invitations.on_the_desk(season),
        "matches": match_rows(matches),
        "games": registry.all_engines(),
        "saved_games": saved_games.offered(season),
        "add_form": add_form or AddPlayerForm(),
        "ledger_form": ledger_form or BulkLedgerForm(season),
        "status_form": status_form or StatusForm(season),
        "to_excuse": attendance.unexcused(season),
    }


@login_required
@require_POST
def add_player(request, slug):
    season = access_season_as_host(request.user, slug)
    form = AddPlayerForm(request.POST)
    return _desk_write(
        request,
        season,
        "add_form",
        form,
        lambda data: host_desk.do_add_players(season, data["players"], by=request.user)[0],
    )


@login_required
@require_POST
def ledger_entries(request, slug):
    season = access_season_as_host(request.user, slug)
    form = BulkLedgerForm(season, request.POST)
    return _desk_write(
        request,
        season,
        "ledger_form",
        form,
        lambda data: host_desk.do_bulk_entries(
            season, form.chosen_players(), data["kind"], data["amount"], data["reason"], by=request.user
        ),
    )


@login_required
@require_POST
def statuses(request, slug):
    season = access_season_as_host(request.user, slug)
    form = StatusForm(season, request.POST)
    return _desk_write(
        request,
        season,
        "status_form",
        form,
        lambda data: host_desk.do_set_statuses(
            season, list(data["players"]), data["realm"], data["reason"], by=request.user
        ),
    )


def _desk_write(request, season, name, form, do, after=""):
    """One of the desk's forms: its write when valid, back to the desk told what was done; else the
    desk again (400) with the form's errors, a refusal (or each of its problems) beside it."""
    if form.is_valid():
        try:
            done = do(form.cleaned_data)
        except Refused as refusal:
            for problem in getattr(refusal, "problems", [str(refusal)]):
                form.add_error(None, problem)
        else:
            messages.success(request, done.message + after)
            return redirect("host_season", season.slug)
    return render(request, "matches/host_season.html", _desk(request, season, **{name: form}), status=400)


@login_required
def new_match(request, slug):
    """Pick the game (a list), then fill in the match's setup form."""
    season = access_season_as_host(request.user, slug)
    if request.GET.get("saved"):
        return _from_saved(request, season)
    game = request.GET.get("game", "")
    if game not in {engine.slug for engine in registry.all_engines()}:
        return render(
            request,
            "matches/host_new_match.html",
            {"season": season, "games": registry.all_engines(), "saved_games": saved_games.offered(season)},
        )
    return _setup(request, season, game, None, setup_check.initial_for_new(registry.get(game)))


def _from_saved(request, season):
    """The setup form filled in from a saved game (its settings, its round templates among them)."""
    try:
        saved_id = int(request.GET["saved"])
    except ValueError:
        raise Http404("No saved game has that number.") from None
    _, saved = access_saved_game(request.user, season.slug, saved_id)
    try:
        engine = registry.get(saved.game)
    except registry.UnknownGame:  # a game this site no longer has (its engine removed since)
        raise Http404("This saved game's game is not on this site any more.") from None
    initial = setup_check.initial_for_saved(engine, saved)
    if request.method != "POST":
        messages.info(
            request,
            f"Filled in from the saved game \"{saved.name}\": choose the players, change "
            "anything you like, then create the draft.",
        )
    return _setup(request, season, saved.game, None, initial)


@login_required
@require_POST
def check_setup(request, slug):
    """The whole setup form checked as the host types (the setup page's script): every problem
    sending it now would meet, by field, and the summary; nothing is written. The form says the
    same when it is sent, without the script."""
    season = access_season_as_host(request.user, slug)
    try:
        form = setup_check.form_to_check(request.user, season, request.GET, request.POST)
    except setup_check.NotTheForm as refusal:
        return JsonResponse({"refused": str(refusal)}, status=400)
    except (RequestDataTooBig, TooManyFieldsSent):  # bounded as every form of the site is
        return JsonResponse({"refused": "More was sent than any setup form holds: it was not checked."}, status=400)
    return JsonResponse(setup_check.answer(form))


@login_required
def edit_match(request, match_id):
    match = access_match_as_host(request.user, match_id)
    if match.status != Match.DRAFT:
        messages.info(request, "The match has started: its settings and seats no longer change.")
        return redirect("match_host", match.pk)
    initial = setup_check.initial_for_draft(registry.get(match.game), match)
    return _setup(request, match.season, match.game, match, initial)


def _setup(request, season, game, match, initial):
    form = MatchSetupForm(season, game, request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            done, match = host_desk.do_save_draft(
                season,
                match,
                game=game,
                title=data["title"],
                kind=data["kind"],
                settings=data["settings"],
                seed=data["seed"],
                seats=form.seats(),
                autopilot_after=data["autopilot_after"],
                absence_rule=data["absence_rule"],
            )
        except Refused as refusal:
            form.add_error(None, str(refusal))
        else:
            messages.success(request, done.message)
            return redirect("match_host", match.pk)
    report = check_start(match) if match else None
    return render(
        request,
        "matches/host_setup.html",
        {
            "season": season,
            "game": registry.get(game),
            "form": form,
            "match": match,
            "report": report,
            "check_query": setup_check.check_query(match, request.GET),
        },
    )
