"""A host's controls on their match page: start, pause, resume, cancel, play the rest with the
rules' defaults; per open phase, extend
(+10 min, +1 h, +24 h, or to a time in the host's own time zone) and force close; and the
result's confirmation into the season ledger."""

from datetime import timedelta

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from matches import clock
from matches.core import lifecycle
from matches.seasons import results
from matches.core.access import access_match_as_host
from matches.core.substitutes import history_words
from matches.core.result_table import result_table
from matches.hosting.host_forms import AwardFormSet, ExtendToForm
from matches.models import Match, Phase, kind_labels

CONTROLS = {
    "start": lifecycle.do_start,
    "pause": lifecycle.do_pause,
    "resume": lifecycle.do_resume,
    "cancel": lifecycle.do_cancel,
    "finish": lifecycle.do_finish_with_defaults,
}
STEPS = {"600", "3600", "86400"}  # the +10 min, +1 h and +24 h buttons


@login_required
@require_POST
def control(request, match_id, action):
    match = access_match_as_host(request.user, match_id)
    if action in CONTROLS:
        _report(request, lambda: CONTROLS[action](match.pk, by=request.user))
    else:
        messages.error(request, "There is no such control.")
    return redirect("match_host", match.pk)


@login_required
@require_POST
def phase_control(request, match_id, phase_id):
    match = access_match_as_host(request.user, match_id)
    phase = get_object_or_404(Phase, pk=phase_id, match=match)
    if "close" in request.POST:
        _report(request, lambda: lifecycle.do_force_close(phase.pk, by=request.user))
    elif request.POST.get("add") in STEPS:
        try:
            new = _current_deadline(match, phase) + timedelta(seconds=int(request.POST["add"]))
        except OverflowError:
            messages.error(request, "Not moved: that would be past the last date there is.")
        else:
            _report(request, lambda: lifecycle.do_extend(phase.pk, new, by=request.user))
    else:
        form = ExtendToForm(request.POST)
        if form.is_valid():
            _report(request, lambda: lifecycle.do_extend(phase.pk, form.cleaned_data["deadline"], by=request.user))
        else:
            messages.error(request, "Not moved. Give the new deadline as a date and time.")
    return redirect("match_host", match.pk)


def _current_deadline(match, phase):
    """What the deadline is now: while paused, the time left counts from now."""
    if match.status == Match.PAUSED and phase.remaining is not None:
        return clock.now() + phase.remaining
    return phase.deadline


@login_required
def confirm(request, match_id):
    match = access_match_as_host(request.user, match_id)
    if match.status != Match.FINISHED or match.confirmed_at:
        messages.info(request, "There is no unconfirmed result to confirm.")
        return redirect("match_host", match.pk)
    seats = list(match.seats.select_related("season_player"))
    kinds = kind_labels(match.season).items()
    earlier = results.earlier_holders(seats)
    formset = AwardFormSet(
        request.POST or None,
        initial=results.offered_awards(match),
        form_kwargs={"seats": seats, "kinds": kinds, "earlier": earlier},
    )
    if request.method == "POST" and formset.is_valid():
        awards = [f.cleaned_data for f in formset if f.cleaned_data and not f.cleaned_data.get("DELETE")]
        _report(request, lambda: results.do_confirm_result(match.pk, awards, by=request.user))
        return redirect("match_host", match.pk)
    return render(
        request,
        "matches/host_confirm.html",
        {
            "match": match,
            "standings": result_table(match, seats),
            "formset": formset,
            "handed_seats": [(s, history_words(s)) for s in seats if s.seat in earlier],
            "statuses": results.proposed_statuses(match),
            "forced": results.forced_preview(match),
            "forced_hours": settings.FORCED_GIFT_SECONDS // 3600,
        },
    )


def _report(request, do):
    try:
        done = do()
    except lifecycle.Refused as refusal:
        messages.error(request, str(refusal))
    else:
        (messages.success if done.changed else messages.info)(request, done.message)
