"""The host's setup form of a game, posted as its page shows it (defaults everywhere) with some
fields changed: what the tests of a game's settings rows post."""

from django.urls import reverse

from games import registry
from matches.hosting.host_forms import MatchSetupForm
from matches.hosting.settings_forms import initial_settings
from tests.support.base import PEOPLE


def setup_url(test, game):
    return reverse("new_match", args=[test.season.slug]) + f"?game={game}"


def setup_data(test, game, **changes):
    """Every field of a new `game` match as its page fills it in, its fewest players seated with
    the roles the game gives by default."""
    engine = registry.get(game)
    form = MatchSetupForm(
        test.season, game, initial={"title": engine.name, "kind": engine.kind, **initial_settings(engine, {})}
    )
    data = {field.name: field.value() for field in form if field.value() is not None and field.name != "players"}
    names = PEOPLE[: engine.min_seats]
    data["players"] = [test.members[name].pk for name in names]
    data.update(
        {f"role_{test.members[n].pk}": role for n, role in zip(names, engine.default_roles(len(names))) if role}
    )
    return {**data, **changes}


def post_setup(test, game, **changes):
    test.client.force_login(test.hana)
    return test.client.post(setup_url(test, game), setup_data(test, game, **changes))


def said(response, name):
    """The text beside row `name` of a setup page: what the game read, or why it refused it."""
    html = response.content.decode()
    return html.split(f'<span class="said" id="id_{name}_said"')[1].split("</span>\n")[0]
