from django.apps import AppConfig


class PokemonSnapConfig(AppConfig):
    name = "games.pokemon_snap"
    label = "pokemon_snap"

    def ready(self):
        from games import registry

        from .engine import ENGINE

        registry.register(ENGINE)
