"""Invitations to join a season: how a host adds an account that belongs to a season they do not
host. Adding it straight away would write across seasons (the other season's invite link of a
new account is void once the account's seasons change, and the account's owner never agreed),
so the host's desk makes an invitation instead, and the account's owner accepts it (joining as
the name the host gave) or declines it, when logged in. Not to be confused with the invite link
(matches.hosting.invites), which lets a new account's owner set its password.

Each write is a check then a do, in one transaction; the views only translate posts into these."""

from django.db import IntegrityError, transaction

from matches import clock
from matches.core.access import hosted_seasons
from matches.core.lifecycle import Done, Refused
from matches.models import SeasonInvitation, SeasonPlayer

NOT_WAITING = "There is no invitation waiting for you in this season."


def plays_elsewhere(host, user):
    """Whether `user` plays in a season `host` does not host."""
    return not host.is_superuser and user.memberships.exclude(season__in=hosted_seasons(host)).exists()


def belongs_elsewhere(host, user):
    """Whether `user` plays in or hosts a season `host` does not host: then it is somebody else's
    season's account, and its owner decides whether it joins (a superuser hosts every season)."""
    return plays_elsewhere(host, user) or (
        not host.is_superuser and user.hosted_seasons.exclude(pk__in=hosted_seasons(host)).exists()
    )


def invitation_problem(season, user):
    """Why `user` cannot be invited to `season` (again), or None."""
    earlier = SeasonInvitation.objects.filter(season=season, user=user).first()
    if earlier is None or earlier.status == SeasonInvitation.ACCEPTED:  # accepted, then left the season
        return None
    if earlier.status == SeasonInvitation.DECLINED:
        return f"{user.username} declined an invitation to this season."
    return f"{user.username} is invited to this season already."


def reserved_names(season):
    """The names pending invitations will bring into `season`."""
    return list(season.invitations.filter(status=SeasonInvitation.PENDING).values_list("display_name", flat=True))


def invite(season, user, display_name, by):
    """An invitation of `user` to `season` as `display_name` (checked by the caller: the host
    desk's list), made anew or made again after an accepted one whose player left."""
    invitation, _ = SeasonInvitation.objects.update_or_create(
        season=season,
        user=user,
        defaults={
            "display_name": display_name,
            "invited_by": by,
            "status": SeasonInvitation.PENDING,
            "created_at": clock.now(),
            "answered_at": None,
        },
    )
    return invitation


def on_the_desk(season):
    """The invitations a season's desk lists: those waiting for an answer, and those declined."""
    return list(season.invitations.exclude(status=SeasonInvitation.ACCEPTED).select_related("user"))


def pending_for(user):
    """The invitations waiting for `user`'s answer, with their seasons and who invited them."""
    if not user.is_authenticated:
        return []
    return list(
        SeasonInvitation.objects.filter(user=user, status=SeasonInvitation.PENDING).select_related(
            "season", "invited_by"
        )
    )


def check_answer(user, slug, answer):
    if answer not in ("accept", "decline"):
        raise Refused("Accept or decline the invitation.")
    invitation = (
        SeasonInvitation.objects.select_for_update()
        .select_related("season")
        .filter(user=user, season__slug=slug, status=SeasonInvitation.PENDING)
        .first()
    )
    if invitation is None:
        raise Refused(NOT_WAITING)
    season = invitation.season
    if answer == "accept" and season.players.filter(display_name__iexact=invitation.display_name).exists():
        raise Refused(
            f"Another player of {season.name} is called {invitation.display_name} now: ask your host to sort it out."
        )
    return invitation


def do_answer(user, slug, answer):
    """The invited account's owner accepts (and joins the season) or declines."""
    try:
        with transaction.atomic():
            invitation = check_answer(user, slug, answer)
            season = invitation.season
            if answer == "accept" and not season.players.filter(user=user).exists():
                SeasonPlayer.objects.create(season=season, user=user, display_name=invitation.display_name)
            invitation.status = SeasonInvitation.ACCEPTED if answer == "accept" else SeasonInvitation.DECLINED
            invitation.answered_at = clock.now()
            invitation.save(update_fields=["status", "answered_at"])
    except IntegrityError:  # the same name taken, or the same account added, a moment ago
        raise Refused("The season changed a moment ago: try again.") from None
    if answer == "accept":
        return Done(f"You joined {season.name} as {invitation.display_name}."), season
    return Done(f"You declined the invitation to {season.name}."), season
