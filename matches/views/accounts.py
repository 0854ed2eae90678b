"""Login with a throttle, logout, and the invite link a host hands a player."""

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.tokens import default_token_generator
from django.core.cache import cache
from django.urls import reverse
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode


def _throttle_key(request, username):
    address = request.META.get("REMOTE_ADDR", "")
    return f"login-failures:{username.lower()}:{address}"


class ThrottledLoginView(auth_views.LoginView):
    template_name = "registration/login.html"

    def post(self, request, *args, **kwargs):
        key = _throttle_key(request, request.POST.get("username", "")[:150])
        if cache.get(key, 0) >= settings.LOGIN_ATTEMPTS:
            form = self.get_form()
            form.errors.clear()
            form.add_error(None, "Too many failed attempts. Wait a few minutes and try again.")
            return self.render_to_response(self.get_context_data(form=form), status=429)
        response = super().post(request, *args, **kwargs)
        if not request.user.is_authenticated:
            cache.add(key, 0, settings.LOGIN_ATTEMPTS_WINDOW)
            cache.incr(key)
        return response


class InviteView(auth_views.PasswordResetConfirmView):
    """Django's password-reset confirmation: the token is void once the password is set."""

    template_name = "registration/invite.html"
    success_url = "/accounts/login/?invited=1"
    post_reset_login = False


def invite_path(user):
    uid = urlsafe_base64_encode(force_bytes(user.pk))
    return reverse("invite", args=[uid, default_token_generator.make_token(user)])
