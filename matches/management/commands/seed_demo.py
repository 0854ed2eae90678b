from django.core.management.base import BaseCommand

from matches.hosting.demo import DEMO_PASSWORD, seed_demo


class Command(BaseCommand):
    help = "Create the demo season (once) and print its logins."

    def handle(self, **options):
        logins = seed_demo()
        self.stdout.write(f"Demo logins (password for all: {DEMO_PASSWORD}):")
        for username, what in logins:
            self.stdout.write(f"  {username:<6} {what}")
