import json

from django.core.management.base import BaseCommand, CommandError

from games import registry
from matches.core.lifecycle import Refused
from matches.core.playtest import BotError, playtest


class Command(BaseCommand):
    help = "Play a whole match with random legal moves on a simulated clock; print one JSON object."

    def add_arguments(self, parser):
        parser.add_argument("game")
        parser.add_argument("--players", type=int, required=True)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--game-settings", dest="game_settings", default="{}", help="JSON object of game settings")
        parser.add_argument("--miss-rate", type=float, default=0.1, help="share of moves the bots miss")
        parser.add_argument("--keep", action="store_true", help="keep the match in the database")

    def handle(self, game, players, seed, game_settings, miss_rate, keep, **options):
        try:
            engine = registry.get(game)
        except registry.UnknownGame as error:
            raise CommandError(str(error)) from None
        if not engine.min_seats <= players <= engine.max_seats:
            raise CommandError(f"{engine.name} takes {engine.seat_range_text()} players.")
        try:
            result = playtest(game, players, seed, json.loads(game_settings), miss_rate, keep)
        except (BotError, Refused, json.JSONDecodeError) as error:
            raise CommandError(str(error)) from None
        self.stdout.write(json.dumps(result))
