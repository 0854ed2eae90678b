"""Each person's own choices of what reaches them (Preferences): read by reminders, results by
email and Web Push alike."""

from matches.models import Preferences

# The reminders a person may choose, minutes before a deadline.
CHOICES = [
    (1440, "24 hours"),
    (720, "12 hours"),
    (180, "3 hours"),
    (60, "1 hour"),
    (30, "30 minutes"),
    (10, "10 minutes"),
]
LONGEST = max(m for m, _ in CHOICES)
SHORTEST = min(m for m, _ in CHOICES)  # a phase no longer than this can have no reminder (due_minutes)


def preferences(user):
    prefs, _ = Preferences.objects.get_or_create(user=user)
    return prefs


def minutes_text(minutes):
    return dict(CHOICES).get(minutes, f"{minutes} minutes")
