"""Each person's calendar of open deadlines: an iCalendar feed behind a secret address."""

from matches import clock
from matches.models import Match, MatchPlayer, Phase
from matches.notifications.reminders import play_url


def open_deadlines(user):
    """(phase, match player) for every open phase of a running match that waits on `user`."""
    seats = MatchPlayer.objects.filter(season_player__user=user, match__status=Match.RUNNING).select_related("match")
    out = []
    for player in seats:
        for phase in player.match.phases.filter(status=Phase.OPEN):
            if player.seat in phase.waits_on:
                out.append((phase, player))
    return out


def calendar(user):
    """An iCalendar file of the user's open deadlines."""
    from icalendar import Calendar, Event

    cal = Calendar()
    cal.add("prodid", "-//genius-site//deadlines//EN")
    cal.add("version", "2.0")
    cal.add("x-wr-calname", "genius-site deadlines")
    for phase, player in open_deadlines(user):
        event = Event()
        event.add("uid", f"phase-{phase.pk}-seat-{player.seat}@genius-site")
        event.add("summary", f"{phase.match.title}: {phase.title} closes")
        event.add("dtstart", phase.deadline)
        event.add("dtend", phase.deadline)
        event.add("dtstamp", clock.now())
        event.add("url", play_url(phase.match_id))
        event.add("description", f"Play: {play_url(phase.match_id)}")
        cal.add_component(event)
    return cal.to_ical()
