"""A refused move comes back as it was sent. The post is answered with a redirect (a reload never
sends it again), so what was sent waits in the sender's own session until their play page shows
it once: that form bound to the posted values, the message beside the field at fault, or at the
top of the form when the refusal names none. Only the sender's session holds it, and only their
own form for the same phase (or action) of the same match takes it, so nobody else sees it."""

from django.utils.datastructures import MultiValueDict

from matches.core.engine_forms import build_form

KEY = "refused_move"


def keep(request, match_id, form, message="", field="", phase_id=None, action=None):
    """Remember the refused `form`'s posted values, and the engine's reason (`message`, none when
    the form's own check refused it), for the next play page of `match_id`."""
    posted = {name: values for name, values in request.POST.lists() if name != "csrfmiddlewaretoken"}
    field = field if field in form.fields else ""
    request.session[KEY] = {
        "match": match_id,
        "phase": phase_id,
        "action": action,
        "posted": posted,
        "message": str(message),
        "field": field,
    }


def restore(request, picture):
    """Put the remembered refused form, if it is for a form of this `picture`, in its place."""
    kept = request.session.get(KEY)
    if not kept or kept.get("match") != picture["match"].pk:
        return  # kept for its own match's page (shown once there)
    del request.session[KEY]
    data = MultiValueDict(kept["posted"])
    for item in picture.get("forms", []):
        if kept["phase"] is not None and item["phase"].pk == kept["phase"]:
            item["form"] = _bound(item["spec"], data, kept)
            item["refused"] = True
    for item in picture.get("actions", []):
        if kept["action"] is not None and item["spec"].name == kept["action"]:
            item["form"] = _bound(item["spec"].form, data, kept, prefix=item["spec"].name)


def _bound(spec, data, kept, prefix=None):
    """The form bound again: its own check puts its errors beside their fields; a refusal of the
    engine's (`message`, after the form's check passed) goes beside its field or above the form."""
    form = build_form(spec, data=data, prefix=prefix)
    if form.is_valid() and kept["message"]:
        form.add_error(kept["field"] or None, kept["message"])
    return form
