from django.apps import AppConfig


class MysteryCosignConfig(AppConfig):
    name = "games.mystery_cosign"
    label = "mystery_cosign"

    def ready(self):
        from games import registry

        from .engine import ENGINE

        registry.register(ENGINE)
