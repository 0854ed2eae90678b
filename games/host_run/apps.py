from django.apps import AppConfig


class HostRunConfig(AppConfig):
    name = "games.host_run"
    label = "host_run"

    def ready(self):
        from games import registry

        from .engine import ENGINE

        registry.register(ENGINE)
