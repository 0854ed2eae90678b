"""Login with a throttle (the site's and the admin's), logout, and the invite link a host hands a
new player."""

from django.contrib import admin
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.tokens import PasswordResetTokenGenerator
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from .. import throttle
from ..access import hosted_seasons


class ThrottleMixin:
    """Every login form checks the throttle before it checks the password."""

    def clean(self):
        username = self.data.get("username", "")
        refused = throttle.refusal(self.request, username)
        if refused:
            raise ValidationError(refused, code="throttled")
        try:
            cleaned = super().clean()
        except ValidationError:
            throttle.failed(self.request, username)
            raise
        if self.get_user() is not None:  # a real login; a post with a field left empty is none
            throttle.succeeded(self.request, username)
        return cleaned


class ThrottledAuthenticationForm(ThrottleMixin, AuthenticationForm):
    pass


class ThrottledAdminAuthenticationForm(ThrottleMixin, AdminAuthenticationForm):
    pass


def _status_429_when_throttled(response):
    form = (getattr(response, "context_data", None) or {}).get("form")
    if form is not None and form.is_bound and form.has_error(NON_FIELD_ERRORS, "throttled"):
        response.status_code = 429
    return response


class ThrottledLoginView(auth_views.LoginView):
    template_name = "registration/login.html"
    form_class = ThrottledAuthenticationForm

    def post(self, request, *args, **kwargs):
        return _status_429_when_throttled(super().post(request, *args, **kwargs))


admin.site.login_form = ThrottledAdminAuthenticationForm


def admin_login(request):
    """The admin's own login page, with the same throttle and status."""
    return _status_429_when_throttled(admin.site.login(request))


def is_new_account(user):
    """An invite may only give a password to an account that never had one and never logged in:
    any other account belongs to somebody already, who logs in as usual."""
    return (not user.has_usable_password() and user.last_login is None
            and not user.is_staff and not user.is_superuser)


def may_hand_invite(host, user):
    """A host may hand out the invite of a new account that belongs to their seasons only."""
    if not is_new_account(user):
        return False
    return host.is_superuser or not user.memberships.exclude(season__in=hosted_seasons(host)).exists()


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


class InviteView(auth_views.PasswordResetConfirmView):
    """Django's password-reset confirmation, for new accounts only, with the invite's own tokens."""

    template_name = "registration/invite.html"
    token_generator = invite_tokens
    success_url = "/accounts/login/?invited=1"
    post_reset_login = False

    def get_user(self, uidb64):
        user = super().get_user(uidb64)
        return user if user is not None and is_new_account(user) else None


def invite_path(user):
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    return reverse("invite", args=[uid, invite_tokens.make_token(user)])
