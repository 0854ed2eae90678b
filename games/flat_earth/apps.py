from django.apps import AppConfig


class FlatEarthConfig(AppConfig):
    name = "games.flat_earth"
    label = "flat_earth"

    def ready(self):
        from games import registry

        from .engine import ENGINE

        registry.register(ENGINE)
