from django.apps import AppConfig


class QuattroLoopConfig(AppConfig):
    name = "games.quattro_loop"
    label = "quattro_loop"

    def ready(self):
        from games import registry

        from .engine import ENGINE

        registry.register(ENGINE)
