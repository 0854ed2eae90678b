"""A host's invite link for a new player: Django's password-reset confirmation with tokens of its
own, for accounts that never had a password, and only while the account belongs to the seasons
the link was made for (see InviteTokens)."""

from django.contrib.auth.tokens import PasswordResetTokenGenerator
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from matches.hosting.invitations import plays_elsewhere


def is_new_account(user):
    """An invite may only give a password to an account that never had one and never logged in:
    any other account belongs to somebody already, who logs in as usual."""
    return not user.has_usable_password() and user.last_login is None and not user.is_staff and not user.is_superuser


def may_hand_invite(host, user):
    """A host may hand out the invite of a new account that belongs to their seasons only."""
    return is_new_account(user) and not plays_elsewhere(host, user)


class InviteTokens(PasswordResetTokenGenerator):
    """An invite's token covers, besides what Django's covers (the password hash and the last
    login, so it is void once the password is set), the seasons the account belongs to: a link
    kept by the host of one season is void once another season claims the account. It expires
    after PASSWORD_RESET_TIMEOUT (14 days; invites are the site's only use of these tokens)."""

    key_salt = "genius-site.invite"

    def _make_hash_value(self, user, timestamp):
        seasons = ",".join(str(pk) for pk in sorted(user.memberships.values_list("season_id", flat=True)))
        return f"{super()._make_hash_value(user, timestamp)}|{seasons}"


invite_tokens = InviteTokens()


def invite_path(user):
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    return reverse("invite", args=[uid, invite_tokens.make_token(user)])
