"""Everything one person can read about a match, as text to search for secrets: the public pages,
their own player page if they have a seat, and what each socket they may open is sent.

Use from a BaseTransactionTestCase (the sockets need it). Every game's leak test calls
`assert_hidden_from` with distinctive values planted in the game's private fields.

A small value (a card "7", a tile 2) is no distinctive text: a page is full of 7s. For those,
`assert_view_hides` checks the values of the per-viewer view every page and socket is drawn from
(engine.view), by where they stand, not the page's text."""

import html
import json
import re

from django.test import Client
from django.urls import reverse

from games import engine_api as api
from matches.models import MatchPlayer
from matches.notifications import push_news
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
    if user is not None:  # what Web Push would tell their phone now (matches.notifications.push_news)
        texts["push payloads"] = json.dumps([n[2] for n in push_news.match_news(match) if n[0] == user])
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


def where_in_view(view, secret, path="view"):
    """The places in `view` (a view's dict, lists and values) that hold `secret`: a value equal
    to it (7 and "7" alike) or a string with it as a word ("Bob 7", not "17"), as paths such as
    view["rounds"][0]["picks"][1]."""
    if isinstance(view, dict):
        return [p for key, value in view.items() for p in where_in_view(value, secret, f"{path}[{key!r}]")]
    if isinstance(view, (list, tuple)):
        return [p for i, value in enumerate(view) for p in where_in_view(value, secret, f"{path}[{i}]")]
    word = re.compile(rf"(?<![\w.]){re.escape(str(secret))}(?![\w.])")
    return [path] if not isinstance(view, bool) and (view == secret or word.search(str(view))) else []


def assert_view_hides(test, engine, state, viewers, secret, except_under=()):
    """No viewer of `viewers` (api.Viewer, or None for a spectator) has `secret` anywhere in
    engine.view(state, viewer) but under the paths `except_under` name, which hold the same value
    for reasons the rules make public (the viewer's own hand holding a 7 too): the failure names
    the path, so a leak of a small value is found where it stands."""
    for viewer in viewers:
        viewer = viewer or api.Viewer.spectator()
        found = [
            p
            for p in where_in_view(engine.view(state, viewer), secret)
            if not any(p.startswith(prefix) for prefix in except_under)
        ]
        test.assertEqual(found, [], f"{secret!r} is in the view of {viewer} at {', '.join(found)}")
