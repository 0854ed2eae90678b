"""The host's page for one host action (/host/matches/<id>/actions/<name>/): the action's form,
built by the platform's form machinery from the engine's ActionSpec; Preview shows what each kind
of viewer would read without saving; Do takes it. A refusal keeps everything typed and is shown
beside the form. Works without script: two submit buttons of one form."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render

from matches.core import host_actions
from matches.core.access import access_match_as_host
from matches.core.engine_forms import build_form, cleaned_payload, form_errors_text, unexpected_fields
from matches.core.records import Refused

NOT_AVAILABLE = "That host action is not available now; nothing changed."


@login_required
def host_action(request, match_id, name):
    match = access_match_as_host(request.user, match_id)  # another host, a player: 404, as for no match
    spec = host_actions.available(match).get(name)
    if spec is None:
        messages.error(request, NOT_AVAILABLE)
        return redirect("match_host", match.pk)
    form = build_form(spec.form, data=request.POST if request.method == "POST" else None)
    context = {"match": match, "spec": spec, "form": form, "error": "", "preview": None}
    if request.method == "POST":
        try:
            data = _posted(form, request.POST)
            if "do" in request.POST:
                done = host_actions.do_host_action(match.pk, request.user, name, data)
                messages.success(request, done.message)
                return redirect("match_host", match.pk)
            context["preview"] = host_actions.preview_host_action(match, request.user, name, data)
        except Refused as refusal:
            context["error"] = f"Nothing was done. {refusal}"
    return render(request, "matches/host_action.html", context, status=400 if context["error"] else 200)


def _posted(form, posted):
    """The form's payload, or Refused (a forged field, a value the form's bounds refuse)."""
    unknown = unexpected_fields(form, posted)
    unknown = [n for n in unknown if n not in ("do", "preview")]
    if unknown:
        raise Refused(f"This form has no field {unknown[0][:40]!r}.")
    if not form.is_valid():
        raise Refused(form_errors_text(form))
    return cleaned_payload(form)
