from django.apps import AppConfig


class FixtureGameConfig(AppConfig):
    """Installed only when testing: the platform's tests play this game."""

    name = "tests.fixture_game"
    label = "fixture_game"

    def ready(self):
        from games import registry

        from .engine import FIXTURE

        registry.register(FIXTURE)
