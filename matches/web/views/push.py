"""A person's devices for Web Push (matches/notifications/push_devices.py): a browser adds its own
subscription, asks whether the site still has it, and forgets it ("Turn off on this phone"), each a
small JSON POST from static/js/push.js; the account page removes any of the person's devices, and
saves what they are told, with plain forms that work without script. Only one's own devices:
another person's is "no such device"."""

import json
from functools import wraps

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, JsonResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from matches.models import PUSH_KINDS, PushDevice
from matches.notifications import push_devices, reminders

MAX_BODY = 4096  # a subscription is about 400 bytes; its endpoint at most 1,000


def _refused(message):
    return JsonResponse({"error": message}, status=400)


def _json_login_required(view):
    """login_required for a browser's fetch: a 403 in words, not a redirect to the login page
    (which fetch would follow to a 200, and the page would say all went well)."""

    @wraps(view)
    def logged_in(request, *args, **kwargs):
        if not request.user.is_authenticated:
            return JsonResponse({"error": "Log in again; nothing was saved."}, status=403)
        return view(request, *args, **kwargs)

    return logged_in


def _body(request):
    """The JSON object a browser sent, or a refusal in words; never reads more than MAX_BODY."""
    if request.content_type != "application/json":  # a form body may have been read as a form already
        return None, _refused("Send the subscription as JSON; nothing was saved.")
    try:
        declared = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        declared = MAX_BODY + 1
    raw = b"" if declared > MAX_BODY else request.read(MAX_BODY + 1)  # a body that said no length: as far as that
    if declared > MAX_BODY or len(raw) > MAX_BODY:
        return None, _refused(f"That is more than a push subscription ({MAX_BODY:,} bytes at most); nothing was saved.")
    try:
        data = json.loads(raw.decode("utf-8"))
        # text a database can store: no lone surrogate ("\ud800" is valid JSON), no NUL
        stored = json.dumps(data, ensure_ascii=False).encode("utf-8")
    except (UnicodeError, ValueError, RecursionError):  # RecursionError: thousands of nested brackets
        return None, _refused("That is not a push subscription in JSON; nothing was saved.")
    if not isinstance(data, dict) or b"\\u0000" in stored:
        return None, _refused("That is not a push subscription in JSON; nothing was saved.")
    return data, None


@_json_login_required
@require_POST
def add(request):
    data, refused = _body(request)
    if refused:
        return refused
    try:
        device = push_devices.do_add_device(request.user, data, request.headers.get("User-Agent", ""))
    except push_devices.Refused as error:
        return _refused(f"{error} Nothing was saved.")
    push_devices.remember_in_session(request, device)  # forgotten when this person logs out here
    return JsonResponse({"id": device.pk, "browser": device.browser})


@_json_login_required
@require_POST
def this_device(request):
    """{"endpoint", "forget": bool}: whether the site has this browser's subscription (the page shows
    "this phone is told" only if so), or forget it (the browser then unsubscribes itself)."""
    data, refused = _body(request)
    if refused:
        return refused
    endpoint = data.get("endpoint")
    if not isinstance(endpoint, str):
        return _refused("Which browser? Its push endpoint is missing.")
    if data.get("forget") is True:
        return JsonResponse({"forgotten": push_devices.do_remove_endpoint(request.user, endpoint)})
    device = PushDevice.objects.filter(user=request.user, endpoint=endpoint[:1000]).first()
    return JsonResponse({"id": device.pk if device else None})


@login_required
@require_POST
def remove(request, device_id):
    if not push_devices.do_remove_device(request.user, device_id):
        raise Http404("You have no such device.")
    messages.success(request, "That device is no longer told anything.")
    return redirect("account")


class PushKindsForm(forms.Form):
    push_kinds = forms.MultipleChoiceField(
        choices=PUSH_KINDS,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label="Tell my devices when",
    )


@login_required
@require_POST
def kinds(request):
    form = PushKindsForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Not saved: that is not one of the choices.")
        return redirect("account")
    prefs = reminders.preferences(request.user)
    chosen = set(form.cleaned_data["push_kinds"])
    prefs.push_kinds = [kind for kind, _ in PUSH_KINDS if kind in chosen]  # in the list's order
    prefs.save(update_fields=["push_kinds"])
    messages.success(request, "Saved what your devices are told.")
    return redirect("account")
