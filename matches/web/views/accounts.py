"""Login with a throttle (the site's and the admin's), logout, and the page of the invite link a
host hands a new player (the link itself: matches.hosting.invites)."""

from django.contrib import admin, messages
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.urls import reverse_lazy

from matches.hosting.invites import invite_tokens, is_new_account
from matches.web import throttle


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


class InviteView(auth_views.PasswordResetConfirmView):
    """Django's password-reset confirmation, for new accounts only, with the invite's own tokens."""

    template_name = "registration/invite.html"
    token_generator = invite_tokens
    # the new player has just typed their password twice: they are logged in and see their
    # matches (the home page lists them at the top), not an empty login form
    success_url = reverse_lazy("home")
    post_reset_login = True

    def get_user(self, uidb64):
        user = super().get_user(uidb64)
        return user if user is not None and is_new_account(user) else None

    def form_valid(self, form):
        response = super().form_valid(form)
        messages.success(self.request, f"Your password is set and you are logged in as {form.user.get_username()}.")
        return response
