"""The Web Push opt-in on a page (templates/matches/_push_optin.html): whether the site offers
push at all (its VAPID keys are set) and the public key a browser subscribes with."""

from django import template
from django.conf import settings

from matches.notifications import vapid

register = template.Library()


@register.inclusion_tag("matches/_push_optin.html", takes_context=True)
def push_optin(context, reload=False):
    """`reload`: the page shows the device list, so it is loaded again once the device is added or removed."""
    return {
        "push_enabled": vapid.enabled(),
        "push_key": settings.VAPID_PUBLIC_KEY,
        "csrf_token": context.get("csrf_token"),  # as a form's hidden field, which the side-channel suite masks
        "reload": reload,
    }
