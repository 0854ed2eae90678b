"""A player's own match page and the two things they can post: a submission and an action; a
season's gifts; and the answer to an invitation to join a season."""

from django.contrib import messages
from django.http import Http404
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from games.values import as_int

from matches.hosting import invitations
from matches.seasons import forced_gifts
from matches.seasons import gifts
from matches.core import lifecycle, substitutes
from matches.core.access import access_member, is_host, seat_and_phase, seat_of
from matches.core.engine_forms import build_form, cleaned_payload, form_errors_text, unexpected_fields
from matches.core.moves import submit_move
from matches.seasons import attendance
from matches.seasons.forms import AbsenceForm, GiftForm
from matches.models import Match, Phase
from matches.core.presenters import match_picture, viewer_for_player
from matches.web import kept_forms
from matches.web.your_move import seat_and_bar


@login_required
def match_play(request, match_id):
    player = seat_and_bar(request, match_id)
    if player is None:
        return _elsewhere(request, match_id)
    if player.match.status == Match.DRAFT:
        return render(request, "matches/starts_soon.html", {"match": player.match, "player": player, "untitled": True})
    picture = match_picture(player.match, viewer_for_player(player), player)
    kept_forms.restore(request, picture)
    return render(request, "matches/match_play.html", picture)


def _elsewhere(request, match_id):
    """Someone else's play page: the host goes to their own page, anyone else to the public one,
    each told why (a match that does not exist is still a 404)."""
    match = get_object_or_404(Match.objects.select_related("season"), pk=match_id)
    if is_host(request.user, match.season):
        messages.info(request, "You host this match: this is your host page.")
        return redirect("match_host", match.pk)
    if substitutes.held_before(request.user, match.pk):
        messages.info(request, "Your seat in this match has been handed to another player: this is its public page.")
    else:
        messages.info(request, "You do not play in this match: this is its public page.")
    return redirect("match_public", match.pk)


@login_required
@require_POST
def submit(request, match_id, phase_id):
    found = seat_and_phase(request.user, match_id, phase_id)
    if found is None:  # no seat (a stranger, or a seat handed on since the page was read), or no such phase
        player, phase = seat_of(request.user, match_id), None
        if player is None:
            return _not_recorded(request, match_id)
    else:
        player, phase = found
    if phase is None or phase.status != Phase.OPEN or player.seat not in phase.waits_on:
        messages.error(request, "That phase is not open for you; nothing was recorded.")
        return redirect("match_play", match_id)
    spec = lifecycle.engine_of(player.match).form(player.match.state, phase.key, player.seat)
    form = build_form(spec, data=request.POST)
    refused = _run(request, form, lambda data: submit_move(phase, player, data, spec))
    if refused is not None:
        kept_forms.keep(request, player.match_id, form, *refused, phase_id=phase.pk)
    return redirect("match_play", match_id)


@login_required
@require_POST
def act(request, match_id, name):
    player = seat_of(request.user, match_id)
    if player is None:
        return _not_recorded(request, match_id)
    engine = lifecycle.engine_of(player.match)
    open_keys = list(player.match.phases.filter(status=Phase.OPEN).values_list("key", flat=True))
    specs = (
        {a.name: a for a in engine.actions(player.match.state or {}, player.seat, open_keys)}
        if player.match.state
        else {}
    )
    if name not in specs:
        messages.error(request, "That action is not available now; nothing changed.")
        return redirect("match_play", match_id)
    form = build_form(specs[name].form, data=request.POST, prefix=name)
    refused = _run(request, form, lambda data: lifecycle.do_action(player, name, data))
    if refused is not None:
        kept_forms.keep(request, player.match_id, form, *refused, action=name)
    return redirect("match_play", match_id)


def _not_recorded(request, match_id):
    """A post from someone with no seat in the match: a 404 for a stranger (who learns nothing);
    a player whose seat was handed on since their page was read is told why, on the public page."""
    if not substitutes.held_before(request.user, match_id):
        raise Http404("No such seat.")
    response = _elsewhere(request, match_id)
    messages.error(request, "Not recorded: your seat in this match has been handed to another player.")
    return response


def _run(request, form, do):
    """Check the form and run `do`; None when done, else the refusal as (the engine's message,
    its field), ("", "") when the form's own check refused. A forged form is not kept."""
    unknown = unexpected_fields(form, request.POST)
    if unknown:
        messages.error(request, f"Not recorded. This form has no field {unknown[0][:40]!r}.")
        return None
    if not form.is_valid():
        messages.error(request, f"Not recorded. {form_errors_text(form)}")
        return "", ""
    try:
        done = do(cleaned_payload(form))
    except lifecycle.Refused as refusal:
        messages.error(request, f"Not recorded. {refusal}")
        return str(refusal), getattr(refusal, "field", "")
    messages.success(request, done.message)
    return None


@login_required
@require_POST
def give(request, slug):
    """A gift from the logged-in player to another player of the season."""
    member = access_member(request.user, slug)
    form = GiftForm(member, data=request.POST)
    _run(
        request,
        form,
        lambda data: gifts.do_gift(member.pk, data["recipient"], data["kind"], data["amount"], by=request.user),
    )
    return redirect("season", slug)


@login_required
@require_POST
def mark_absence(request, slug):
    """The player marks a period they will be away (in their own time zone)."""
    member = access_member(request.user, slug)
    form = AbsenceForm(data=request.POST)
    _run(request, form, lambda data: attendance.do_mark_absence(member.pk, data["starts_at"], data["ends_at"]))
    return redirect(reverse("season", args=[slug]) + "#absences")


@login_required
@require_POST
def remove_absence(request, slug, absence_id):
    member = access_member(request.user, slug)
    try:
        done = attendance.do_remove_absence(member.pk, absence_id)
    except lifecycle.Refused as refusal:
        messages.error(request, str(refusal))
    else:
        messages.success(request, done.message)
    return redirect(reverse("season", args=[slug]) + "#absences")


@login_required
@require_POST
def forced_give(request, slug, prompt_id):
    """A transfer the rules force on the player: they choose who receives."""
    member = access_member(request.user, slug)
    recipient, amount = as_int(request.POST.get("recipient")), as_int(request.POST.get("amount"))
    try:
        done = forced_gifts.do_give(prompt_id, member, recipient, amount)
    except lifecycle.Refused as refusal:
        messages.error(request, f"Not given. {refusal}")
    else:
        messages.success(request, done.message)
    return redirect("season", slug)


@login_required
@require_POST
def answer_invitation(request, slug):
    """The invited account's owner accepts (then sees the season's page) or declines."""
    try:
        done, season = invitations.do_answer(request.user, slug, request.POST.get("answer", ""))
    except lifecycle.Refused as refusal:
        messages.error(request, str(refusal))
        return redirect("home")
    messages.success(request, done.message)
    return redirect("season", season.slug) if request.POST.get("answer") == "accept" else redirect("home")
