"""What the last close did to one player: the card at the top of their play page (issue 40,
point 2). After a send closes a phase the next form appears at once; without this card who won
the round, and what it cost or revealed, sat further down in the log.

Built only from the events this player may read during the match (the public lines and their
own private ones), the same list their log is built from, so the card tells them nothing the log
does not, and it is rebuilt with every socket update as the log is. Once the match is over the
card also says who won, the player's place and what it means for the season: that part is the
seasons feature's (matches.seasons.match_result), added to the picture as talk and reminders are."""

from matches.models import Event

SHOWN_LINES = 4  # a phone's first screen also holds the form: the rest of the close is in the log
QUIET_KINDS = ("phase.opened", "match.finished")  # the forms say what opened; the end has its own lines


def last_close(events, seat):
    """The last close among `events` (each an Event, oldest first) and everything after it that
    `seat` may read while the match runs: {"closed": its "Closed: ..." line, "lines": at most
    SHOWN_LINES of them in their order, the player's own chosen first, "headline": the first of
    the player's own, else the first, "more": how many more the log holds}, or None before any
    close.
    A close's line is public, so where the card starts never depends on a secret."""
    starts = [i for i, event in enumerate(events) if event.kind == "phase.closed"]
    if not starts:
        return None
    after = [e for e in events[starts[-1] + 1 :] if e.kind not in QUIET_KINDS and _own_or_public(e, seat)]
    mine = [e for e in after if e.visibility == Event.PRIVATE]
    shown = {id(e) for e in (mine + [e for e in after if e.visibility == Event.PUBLIC])[:SHOWN_LINES]}
    lines = [e for e in after if id(e) in shown]  # in the order they happened, as the log tells them
    headline = (mine + lines)[0] if lines else None  # what a phone too full for the card shows of it
    return {"closed": events[starts[-1]], "lines": lines, "headline": headline, "more": len(after) - len(lines)}


def _own_or_public(event, seat):
    """After the end every line is readable; the card keeps to the player's own and the public."""
    return event.visibility == Event.PUBLIC or (event.visibility == Event.PRIVATE and event.seat == seat)
