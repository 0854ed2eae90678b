from django.apps import AppConfig


class BlackAndWhiteConfig(AppConfig):
    name = "games.black_and_white"
    label = "black_and_white"

    def ready(self):
        from games import registry

        from .engine import ENGINE

        registry.register(ENGINE)
