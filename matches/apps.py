"""The app's wiring, done once when the site starts: who listens to the core's events, what the
features add to the match picture, and the admin. This is the one place that knows every
package; nothing imports it (Django does)."""

from django.apps import AppConfig


class MatchesConfig(AppConfig):
    name = "matches"
    verbose_name = "Seasons and matches"

    def ready(self):
        from django.conf import settings

        from matches.core import events, presenters
        from matches.hosting import admin  # noqa: F401  (registers the admin's pages)
        from matches.live import announce
        from django.contrib.auth.signals import user_logged_out

        from matches.notifications import email, push_devices, push_news, reminders, webhooks
        from matches.scheduling import deadlines
        from matches.seasons import match_result, seat_notes
        from matches.talk import conversations

        # a browser someone logs out of stops telling them anything
        user_logged_out.connect(push_devices.forget_on_logout, dispatch_uid="push-forget-on-logout")
        for kind, handler in [
            (events.MatchChanged, announce.on_match_changed),
            (events.PersonalChanged, announce.on_personal_changed),
            (events.Submitted, announce.on_submitted),
            (events.SeatHanded, announce.on_seat_handed),
            (events.PhaseScheduled, deadlines.on_phase_scheduled),
        ]:
            events.subscribe(kind, handler)
        # Not in the way of the next deadline: with a worker, in a task of their own (core.events).
        for kind, handler in [
            (events.PhaseClosed, email.on_phase_closed),
            (events.GiftGiven, email.on_gift_given),
            (events.AutopilotChanged, email.on_autopilot_changed),
            (events.PublicNews, webhooks.on_public_news),
            (events.ClockTicked, reminders.on_clock_ticked),
            (events.MatchChanged, push_news.on_match_changed),
            (events.Submitted, push_news.on_submitted),
            (events.MessagePosted, push_news.on_message_posted),
        ]:
            events.subscribe(kind, handler, later=True)
        if settings.NOTIFY_ON_WORKER:
            events.defer_to(deadlines.defer)
        presenters.add_picture_part(conversations.picture_part, conversations.talk_count)
        presenters.add_picture_part(reminders.picture_part, reminders.reminder_count)
        presenters.add_picture_part(match_result.picture_part)
        presenters.add_picture_part(seat_notes.picture_part)
