from django.apps import AppConfig


class FixtureTurnsConfig(AppConfig):
    """Installed only when testing: the platform's tests play turn sequences with this game."""

    name = "tests.fixture_turns"
    label = "fixture_turns"

    def ready(self):
        from games import registry

        from .engine import ENGINE

        registry.register(ENGINE)
