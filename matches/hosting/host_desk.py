"""A host's writes outside a running match: starting a season, adding players from a list (or
inviting those whose accounts belong to another season), ledger entries for many players at once,
Heaven or Hell for many players at once, and creating or changing a draft match with its seats.
Each is a check then a do, in one transaction; the views only translate forms into these calls."""

from django.contrib.auth.models import User
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.text import slugify

from games import registry
from games.engine_api import ELIMINATED, HEAVEN, HELL

from matches.core import start_checks
from matches.hosting import invitations
from matches.core.lifecycle import Done, Refused
from matches.lib.typed_names import direction_problem
from matches.models import LedgerEntry, Match, MatchPlayer, Season, SeasonPlayer, StatusChange, kind_labels
from matches.models import new_seed


SEASON_NAME_LENGTH = Season._meta.get_field("name").max_length
SLUG_BASE_LENGTH = Season._meta.get_field("slug").max_length - 10  # room for a "-12" suffix


def check_create_season(name):
    if not name.strip():
        raise Refused("A season needs a name.")
    if len(name.strip()) > SEASON_NAME_LENGTH:
        raise Refused(f"A season's name has at most {SEASON_NAME_LENGTH} characters.")
    if problem := direction_problem(name):
        raise Refused(problem)
    if Season.objects.filter(name__iexact=name.strip()).exists():
        raise Refused(f"There is already a season called {name.strip()}: choose another name.")


def season_slug(name):
    """The season's address from its name, unique: "season-one", else "season-one-2", "-3"..."""
    base = slugify(name)[:SLUG_BASE_LENGTH].strip("-") or "season"
    taken = set(Season.objects.filter(slug__startswith=base).values_list("slug", flat=True))
    slug, number = base, 1
    while slug in taken:
        number += 1
        slug = f"{base}-{number}"
    return slug


def do_create_season(name, by):
    """A new season named `name`, hosted by `by` (who started it)."""
    check_create_season(name)
    name = name.strip()
    for _ in range(3):  # another season took the slug between the look and the write: try the next
        try:
            with transaction.atomic():
                season = Season.objects.create(name=name, slug=season_slug(name))
                season.hosts.add(by)
        except IntegrityError:
            continue
        return Done(f"{name} is ready: add its players on its desk."), season
    raise Refused("Another season was started with that name a moment ago: try again.")


MAX_NEW_PLAYERS = 200
NAME_LENGTH = SeasonPlayer._meta.get_field("display_name").max_length
USERNAME_LENGTH = User._meta.get_field("username").max_length


class LinesRefused(Refused):
    """Refusals of a list, each named by its line: `problems`."""

    def __init__(self, problems):
        super().__init__(" ".join(problems))
        self.problems = problems


def player_lines(text):
    """[(line number, name, username)] of the list's non-blank lines, each "Name, username" or just
    "username" (the name is then the username). The username is after the last comma."""
    rows = []
    for number, line in enumerate(text.splitlines(), start=1):
        name, comma, username = line.strip().rpartition(",")
        if line.strip():
            rows.append((number, name.strip() if comma else username.strip(), username.strip()))
    return rows


def check_add_players(season, rows):
    """Every refusal of the list, each named by its line (LinesRefused); nothing when all can join."""
    if not rows:
        raise Refused("Write at least one player: one a line, \"Name, username\" or just \"username\".")
    if len(rows) > MAX_NEW_PLAYERS:
        raise Refused(f"At most {MAX_NEW_PLAYERS} players at once.")
    names_in_season = [*season.players.values_list("display_name", flat=True), *invitations.reserved_names(season)]
    taken = {n.lower() for n in names_in_season}
    names, usernames, problems = {}, {}, []
    for number, name, username in rows:
        problem = _line_problem(season, name, username, taken, names, usernames)
        if problem:
            problems.append(f"Line {number} ({username or name}): {problem}")
        names.setdefault(name.lower(), number)
        usernames.setdefault(username.lower(), number)
    if problems:
        raise LinesRefused(problems)


def _line_problem(season, name, username, taken, names, usernames):
    if not username:
        return "no username: write \"Name, username\" or just \"username\"."
    if problem := direction_problem(name) or direction_problem(username):
        return problem
    if len(username) > USERNAME_LENGTH:
        return f"a username has at most {USERNAME_LENGTH} characters."
    try:
        UnicodeUsernameValidator()(username)
    except ValidationError:
        return "a username has letters, digits and @ . + - _ only."
    if not name:
        return "no name before the comma."
    if len(name) > NAME_LENGTH:
        return f"a name has at most {NAME_LENGTH} characters."
    if name.lower() in taken:
        return f"{name} is already a name in this season: choose another."
    if name.lower() in names:
        return f"the name {name} is on line {names[name.lower()]} too."
    if username.lower() in usernames:
        return f"{username} is on line {usernames[username.lower()]} too."
    if season.players.filter(user__username__iexact=username).exists():
        return f"{username} already plays in this season."
    account = existing_account(username)
    return invitations.invitation_problem(season, account) if account else None


def do_add_players(season, text, by):
    """For each line of `text`, all or none: a new username makes an account with no password (its
    invite link sets one) and a season player; an existing account joins as it is, unless it
    belongs to a season `by` does not host: then it is invited, and joins if its owner accepts."""
    rows = player_lines(text)
    check_add_players(season, rows)
    members, invited, new = [], [], 0
    try:
        with transaction.atomic():
            for _, name, username in rows:
                account = existing_account(username)
                if account is not None and invitations.belongs_elsewhere(by, account):
                    invited.append(invitations.invite(season, account, name, by))
                    continue
                if account is None:
                    account, new = new_account(username), new + 1
                members.append(SeasonPlayer.objects.create(season=season, display_name=name, user=account))
    except IntegrityError:
        raise Refused("A player of this list was added a moment ago: nothing was added; send the list again.") from None
    told = [f"{_listed([m.display_name for m in members])} joined the season."] if members else []
    if new:
        told.append(f"Send {'them' if new > 1 else 'the new player'} the invite link from the list below.")
    if invited:
        told.append(
            f"Invited, since their accounts belong to another season: {_listed([i.display_name for i in invited])}."
            " They join when they accept (they see the invitation when they log in)."
        )
    return Done(" ".join(told)), members


def _listed(names):
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def existing_account(username):
    return User.objects.filter(username__iexact=username.strip()).first()


def new_account(username):
    """An account with no password: its owner sets one through the invite link."""
    user = User(username=username.strip())
    user.set_unusable_password()
    user.save()
    return user


def check_bulk_entries(season, players, kind, amount, reason):
    if kind not in kind_labels(season):
        raise Refused("Choose a kind of this season.")
    if not players:
        raise Refused("Choose at least one player.")
    if any(p.season_id != season.pk for p in players):
        raise Refused("Every player must be of this season.")
    if amount == 0:
        raise Refused("An entry of 0 changes nothing.")
    if not reason.strip():
        raise Refused("Every ledger entry needs a reason.")


def do_bulk_entries(season, players, kind, amount, reason, by):
    """One ledger entry per player, all or none ("3 garnets to every active player")."""
    check_bulk_entries(season, players, kind, amount, reason)
    with transaction.atomic():
        LedgerEntry.objects.bulk_create(
            [
                LedgerEntry(season=season, player=p, kind=kind, amount=amount, reason=reason.strip(), created_by=by)
                for p in players
            ]
        )
        if kind == ELIMINATED and amount > 0:
            SeasonPlayer.objects.filter(pk__in=[p.pk for p in players]).update(status=SeasonPlayer.ELIMINATED)
    label = kind_labels(season)[kind]
    return Done(f"{amount:+d} {label} written for {len(players)} player{'s' if len(players) != 1 else ''}.")


REALM_NAMES = {HEAVEN: "Heaven", HELL: "Hell"}
REASON_LENGTH = StatusChange._meta.get_field("reason").max_length


def check_set_statuses(season, players, realm, reason):
    if realm not in REALM_NAMES:
        raise Refused("Choose Heaven or Hell.")
    if not players:
        raise Refused("Choose at least one player.")
    if any(p.season_id != season.pk for p in players):
        raise Refused("Every player must be of this season.")
    if not reason.strip():
        raise Refused("Every change of Heaven or Hell needs a reason: it is kept in the season's history.")
    if len(reason.strip()) > REASON_LENGTH:
        raise Refused(f"A reason has at most {REASON_LENGTH} characters.")


def do_set_statuses(season, players, realm, reason, by):
    """Heaven or Hell for each of `players`, all or none, each change kept in the season's
    history (StatusChange) with the host's reason. Players already there are left as they are."""
    check_set_statuses(season, players, realm, reason)
    place = REALM_NAMES[realm]
    with transaction.atomic():
        locked = list(
            SeasonPlayer.objects.select_for_update().filter(pk__in=[p.pk for p in players]).order_by("display_name")
        )
        moving = [p for p in locked if p.realm != realm]
        if not moving:
            raise Refused(f"Already in {place}: nothing changed.")
        StatusChange.objects.bulk_create(
            [
                StatusChange(
                    season=season, player=p, previous=p.realm, realm=realm, reason=reason.strip(), created_by=by
                )
                for p in moving
            ]
        )
        SeasonPlayer.objects.filter(pk__in=[p.pk for p in moving]).update(realm=realm)
    staying = [p.display_name for p in locked if p.realm == realm]
    message = f"{place} for {', '.join(p.display_name for p in moving)}."
    if staying:
        message += f" Already there: {', '.join(staying)}."
    return Done(message)


def check_draft(season, game, seats, title):
    """`seats` is a list of (season player, role) in seat order."""
    engine = registry.get(game)
    if problem := direction_problem(title):
        raise Refused(problem)
    if any(player.season_id != season.pk for player, _ in seats):
        raise Refused("Seat players of this season only.")
    if len({player.pk for player, _ in seats}) != len(seats):
        raise Refused("A player can have only one seat.")
    if engine.roles and any(role and role not in engine.roles for _, role in seats):
        raise Refused(f"Roles are {', '.join(engine.roles)}.")


def do_save_draft(
    season, match, *, game, title, kind, settings, seed, seats, autopilot_after=2, absence_rule=Match.NO_EFFECT
):
    """Create a draft (match None) or change one; its seats are replaced by `seats`, numbered in
    order from 0. Whether it can start is the start check's business, shown on the host page."""
    check_draft(season, game, seats, title)
    with transaction.atomic():
        if match is None:
            match = Match(season=season)
        else:
            match = Match.objects.select_for_update().get(pk=match.pk)
            if match.status != Match.DRAFT:
                raise Refused("The match has started: its game, settings and seats no longer change.")
        match.game, match.title, match.kind, match.settings = game, title.strip(), kind, settings
        match.seed = new_seed() if seed is None else seed
        match.autopilot_after, match.absence_rule = autopilot_after, absence_rule
        match.save()
        match.seats.all().delete()
        MatchPlayer.objects.bulk_create(
            [
                MatchPlayer(match=match, season_player=player, seat=number, role=role)
                for number, (player, role) in enumerate(seats)
            ]
        )
    start_checks.warm(match)
    return Done("Saved. Check the report below, then start the match when it is ready."), match
