from django.apps import AppConfig


class CoopQwopConfig(AppConfig):
    name = "games.coop_qwop"
    label = "coop_qwop"

    def ready(self):
        from games import registry

        from .engine import ENGINE

        registry.register(ENGINE)
