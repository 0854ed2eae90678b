"""Substitutes and leaving the season, as posts: the host hands a seat on (to a season player, or
to a new player made on the spot, who gets an invite link), declines a player's request, or
removes a player from the season; a player asks for a substitute. Each translates a post into a
check_*/do_* of matches.core.substitutes, matches.core.leaving or matches.hosting.seat_desk."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from games.values import as_int, hidden_characters

from matches.core import leaving, substitutes
from matches.core.access import access_match_as_host, access_season_as_host, access_seat
from matches.core.records import Refused
from matches.hosting import seat_desk
from matches.models import SeasonPlayer, SeatHolder


def _report(request, do):
    try:
        done = do()
    except Refused as refusal:
        messages.error(request, str(refusal))
        return False
    messages.success(request, done.message)
    return True


@login_required
@require_POST
def hand_seat(request, match_id):
    match = access_match_as_host(request.user, match_id)
    seat = as_int(request.POST.get("seat"))
    announce = request.POST.get("announce") == "1"
    new_line = request.POST.get("new_player", "").strip()
    player = as_int(request.POST.get("player"))
    if seat is None:
        messages.error(request, "Choose the seat to hand on; nothing changed.")
    elif new_line and player is not None:
        messages.error(request, "Choose a player of the season or write a new one, not both; nothing changed.")
    elif new_line:
        _report(request, lambda: seat_desk.do_hand_to_new_player(match, request.user, seat, new_line, announce))
    else:
        _report(request, lambda: substitutes.do_hand_seat(match.pk, request.user, seat, player, announce=announce))
    return redirect("match_host", match.pk)


@login_required
@require_POST
def decline_request(request, match_id, request_id):
    match = access_match_as_host(request.user, match_id)
    _report(request, lambda: substitutes.do_decline(match.pk, request.user, request_id))
    return redirect("match_host", match.pk)


@login_required
@require_POST
def approve_request(request, match_id, request_id):
    """Hand the seat to the player its holder suggested (else the host chooses on the seat's form)."""
    match = access_match_as_host(request.user, match_id)
    asked = next((r for r in substitutes.pending_requests(match) if r.pk == request_id), None)
    if asked is None:
        messages.error(request, "That request is answered already, or is not this match's; nothing changed.")
    elif asked.suggested_id is None:
        messages.error(request, "Choose the substitute on the seat's form below; nothing changed.")
    else:
        _report(
            request,
            lambda: substitutes.do_hand_seat(
                match.pk,
                request.user,
                asked.seat.seat,
                asked.suggested_id,
                announce=request.POST.get("announce") == "1",
                how=SeatHolder.ASKED,
            ),
        )
    return redirect("match_host", match.pk)


@login_required
def ask_substitute(request, match_id):
    """The seat's holder asks the host for a substitute, suggesting a player of the season if they like."""
    player = access_seat(request.user, match_id)
    choices = [c for c in seat_desk.candidates(player.match, as_told=True) if c.pk != player.season_player_id]
    if request.method == "POST":
        suggested_id = as_int(request.POST.get("suggested"))
        suggested = next((c for c in choices if c.pk == suggested_id), None)
        reason = request.POST.get("reason", "")
        if suggested_id is not None and suggested is None:
            messages.error(request, "Suggest a player of this season who plays no seat in this match, or nobody.")
        elif hidden_characters(reason):
            messages.error(
                request,
                "Your reason holds an invisible character (a null, or one that turns text around): "
                "type it again without it; nothing was asked.",
            )
        elif _report(request, lambda: substitutes.do_ask(player, suggested, reason)):
            return redirect("match_play", match_id)
    return render(request, "matches/ask_substitute.html", {"match": player.match, "player": player, "choices": choices})


@login_required
def leave_season(request, slug, player_id):
    """The host removes a player from the season: a substitute chosen for each match being played, or none."""
    season = access_season_as_host(request.user, slug)
    player = get_object_or_404(SeasonPlayer, pk=player_id, season=season)
    rows = seat_desk.leaving_rows(player)
    announce = True
    if request.method == "POST":
        typed = {row["match"].pk: request.POST.get(f"match-{row['match'].pk}", "").strip() for row in rows}
        chosen = {pk: as_int(value) for pk, value in typed.items()}
        announce = request.POST.get("announce") == "1"
        unreadable = [row["match"].title for row in rows if typed[row["match"].pk] and chosen[row["match"].pk] is None]
        if unreadable:
            messages.error(request, f"Choose a substitute from the list for {unreadable[0]}; nothing changed.")
        elif _report(request, lambda: leaving.do_leave(season, request.user, player.pk, chosen, announce)):
            return redirect("host_season", season.slug)
        for row in rows:  # a refused removal comes back as the host left it
            row["chosen"] = chosen[row["match"].pk]
    context = {"season": season, "player": player, "rows": rows, "announce": announce}
    return render(request, "matches/host_leave.html", context)
