"""Everything the season page shows one visitor: standings (statuses, balances as the season
allows, live marks), the matches with their winners, the history in words, the visitor's own
balances and gift form, and for the host the Death Match to create. One place, like
presenters.match_picture for a match."""

from matches import clock
from matches.seasons import attendance, death_matches
from matches.seasons import forced_gifts
from matches.seasons import history
from matches.seasons.ledger_words import change_words
from matches.seasons import marks
from matches.core.access import is_host, membership, sees_every_record
from matches.seasons.forms import AbsenceForm, GiftForm
from games.engine_api import ELIMINATED, TOKEN_OF_LIFE

from matches.models import LedgerEntry, SeasonPlayer, balances_for, communal_pool, kind_labels


def season_picture(season, user):
    now = clock.now()
    host = is_host(user, season)
    show_balances = season.balances_public or host
    currencies = [c for c in season.currencies.all() if c.public or host]
    players = list(season.players.all())
    balances = balances_for(season, public=True)
    mains = marks.main_matches(season)
    season_marks = marks.marks(season, mains)
    eliminated_in = dict(
        LedgerEntry.objects.filter(season=season, kind=ELIMINATED, amount__gt=0, match__isnull=False).values_list(
            "player_id", "match__title"
        )
    )
    for p in players:
        p.eliminated_in = eliminated_in.get(p.pk, "")
        p.balances = balances.get(p.pk, {})
        p.currency_balances = [p.balances.get(c.kind, 0) for c in currencies]
        p.marks = season_marks.get(p.pk, [])
        p.live_marks = marks.live_count(p.marks)
    # Ordered only by what this viewer may see: with balances private, sorting by tokens of life
    # would give the hidden ranking away (and a private gift would visibly swap two rows).
    players.sort(
        key=lambda p: (
            p.status != p.ACTIVE,
            -p.balances.get(TOKEN_OF_LIFE, 0) if show_balances else 0,
            p.display_name,
            p.pk,
        )
    )
    show_records = sees_every_record(user, season)  # else each player sees their own record alone
    if show_records:
        on_record = attendance.records(season, seen_by_all_only=not host)
        for p in players:
            p.record = on_record.get(p.pk)
    picture = {
        "show_records": show_records,
        "show_excused": host,  # an excuse says someone was away: the absence is the hosts' to know
        "season": season,
        "players": players,
        "matches": history.match_summaries(season),
        "pool": communal_pool(season),
        "marked": [p for p in players if p.marks],
        "is_host": host,
        "show_balances": show_balances,
        "currencies": currencies,
        "history": history.season_history(season, show_balances, host),
    }
    if host:
        picture["forced_open"] = _with_names(forced_gifts.open_prompts(season), now)
        picture["pairing"] = marks.death_match_pairing(season, mains, season_marks)
        picture["death_games"] = death_matches.death_games()
    member = membership(user, season)
    if member is not None:  # their own true balances, history and gift form, whatever the setting
        mine = balances_for(season, [member.pk]).get(member.pk, {})
        picture.update(
            {
                "me": member,
                "my_balances": mine,
                "my_currencies": [(c.name, mine.get(c.kind, 0)) for c in season.currencies.all()],
                "my_history": _labelled(season, member.ledger.order_by("-id")[:50]),
                "gift_form": GiftForm(member) if not season.gifts_frozen and member.status == member.ACTIVE else None,
                "my_forced": _with_names(forced_gifts.open_prompts(season, member), now),
                **_my_attendance(season, member, now),
            }
        )
    return picture


def _labelled(season, entries):
    labels = kind_labels(season)
    entries = list(entries)
    for e in entries:
        e.label = labels.get(e.kind, e.kind)
        e.words = change_words(None, e.kind, e.amount, labels, to_owner=True)
    return entries


def _with_names(prompts, now):
    """Each prompt with its recipients (id, name) and whether its deadline has passed."""
    ids = {i for p in prompts for i in p.recipients}
    names = dict(SeasonPlayer.objects.filter(pk__in=ids).values_list("pk", "display_name"))
    for p in prompts:
        p.choices = [(i, names.get(i, "?")) for i in p.recipients]
        p.overdue = now > p.deadline
    return prompts


def _my_attendance(season, member, now):
    """The player's own record (the season's, and each match's where they missed) and absences."""
    return {
        "my_record": attendance.records(season, [member])[member.pk],
        "my_record_by_match": attendance.records_by_match(member),
        "my_absences": attendance.absences_of([member], now)[member.pk],
        "absence_form": AbsenceForm() if member.status == member.ACTIVE else None,
    }
