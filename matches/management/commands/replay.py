from django.core.management.base import BaseCommand, CommandError

from matches.models import Match
from matches.core.replay import replay


class Command(BaseCommand):
    help = "Re-resolve a match from its seed and stored submissions; exit 1 on any difference."

    def add_arguments(self, parser):
        parser.add_argument("match_id", type=int)

    def handle(self, match_id, **options):
        match = Match.objects.filter(pk=match_id).first()
        if match is None:
            raise CommandError(f"No match {match_id}.")
        problems = replay(match)
        if problems:
            for line in problems:
                self.stderr.write(line)
            raise CommandError(f"Match {match_id} does not replay to its stored state.", returncode=1)
        self.stdout.write(f"Match {match_id} replays to its stored state ({match.step} steps).")
