"""Everything one person can read about a match, as text to search for secrets: the public pages,
their own player page if they have a seat, and what each socket they may open is sent.

Use from a BaseTransactionTestCase (the sockets need it). Every game's leak test calls
`assert_hidden_from` with distinctive values planted in the game's private fields."""

import html
import re

from django.test import Client
from django.urls import reverse

from matches.models import MatchPlayer
from tests.support.sockets import socket_text


def readable_by(match, user=None):
    """{where: text} for everything `user` (None: an anonymous spectator) can fetch."""
    client = Client()
    if user is not None:
        client.force_login(user)
    texts = {
        "public page": client.get(reverse("match_public", args=[match.pk])).content.decode(),
        "season page": client.get(reverse("season", args=[match.season.slug])).content.decode(),
        "home page": client.get(reverse("home")).content.decode(),
        "rules page": client.get(reverse("rules", args=[match.game])).content.decode(),
        "watch socket": socket_text(match.pk, "watch", user),
    }
    if user is not None and MatchPlayer.objects.filter(match=match, season_player__user=user).exists():
        texts["player page"] = client.get(reverse("match_play", args=[match.pk])).content.decode()
        texts["play socket"] = socket_text(match.pk, "play", user)
    return texts


# The server's clock in a page or message ("12:26:30.666663") is no secret, and its digits once
# matched a planted "66666": times are blanked before searching.
TIMES = re.compile(r"\d{2}:\d{2}:\d{2}\.\d+")


def assert_hidden_from(test, match, user, secrets):
    """None of `secrets` appears anywhere `user` can read."""
    texts = {where: TIMES.sub("hh:mm:ss", text) for where, text in readable_by(match, user).items()}
    test.assertTrue(texts["watch socket"], "the watch socket sent nothing")
    for where, text in texts.items():
        for secret in secrets:
            for form in forms_of(secret):
                test.assertNotIn(form, text, f"{secret!r} leaks to {user or 'a spectator'} in the {where}")


def assert_shown_to(test, match, user, secrets, where):
    texts = readable_by(match, user)
    for secret in secrets:
        found = any(form in texts[where] for form in forms_of(secret))
        test.assertTrue(found, f"{secret!r} is missing from {user or 'a spectator'}'s {where}")


def forms_of(secret):
    """A secret as it may stand in a page: as it is, and HTML-escaped (quotes, ampersands)."""
    return {str(secret), html.escape(str(secret))}
