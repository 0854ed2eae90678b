"""A person's own page of reminder choices, their devices told by Web Push (the forms that change
them are in push.py), and their calendar feed behind a secret address."""

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render

from matches.notifications import calendar, reminders, vapid
from matches.web.views.push import PushKindsForm
from matches.models import Preferences, new_calendar_token


class PreferencesForm(forms.Form):
    email = forms.EmailField(required=False, help_text="Where reminders and results go (blank: no email).")
    reminder_minutes = forms.TypedMultipleChoiceField(
        choices=reminders.CHOICES,
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label="Remind me before a deadline I have not acted on",
        help_text="Only reminders shorter than the phase itself are sent.",
    )
    email_results = forms.BooleanField(
        required=False,
        label="Email me when a phase I play in closes, and gifts I receive",
        help_text="Not a phase your own move closed (you see its result as you send); several closed at once "
        "are one email.",
    )


@login_required
def account(request):
    prefs = reminders.preferences(request.user)
    if request.method == "POST" and request.POST.get("do") == "new-calendar":
        prefs.calendar_token = new_calendar_token()
        prefs.save(update_fields=["calendar_token"])
        messages.success(request, "Your calendar has a new secret address; the old one no longer works.")
        return redirect("account")
    form = PreferencesForm(
        request.POST or None,
        initial={
            "email": request.user.email,
            "reminder_minutes": prefs.reminder_minutes,
            "email_results": prefs.email_results,
        },
    )
    if request.method == "POST":
        if form.is_valid():
            request.user.email = form.cleaned_data["email"]
            request.user.save(update_fields=["email"])
            prefs.reminder_minutes = sorted(set(form.cleaned_data["reminder_minutes"]), reverse=True)
            prefs.email_results = form.cleaned_data["email_results"]
            prefs.save()
            messages.success(request, "Saved.")
            return redirect("account")
        messages.error(request, "Not saved: see the form.")
    feed = request.build_absolute_uri(f"/calendar/{prefs.calendar_token}.ics")
    return render(
        request,
        "matches/account.html",
        {
            "form": form,
            "feed": feed,
            "deadlines": calendar.open_deadlines(request.user),
            "push_enabled": vapid.enabled(),
            "devices": request.user.push_devices.order_by("-created_at", "-pk"),
            "push_kinds_form": PushKindsForm(initial={"push_kinds": prefs.push_kinds}),
        },
    )


def calendar_feed(request, token):
    prefs = Preferences.objects.select_related("user").filter(calendar_token=token).first()
    if prefs is None or len(token) < 20:
        raise Http404("No calendar has that address.")
    response = HttpResponse(calendar.calendar(prefs.user), content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = 'inline; filename="deadlines.ics"'
    return response
