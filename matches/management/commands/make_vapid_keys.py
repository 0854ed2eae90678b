"""Prints a new VAPID key pair (RFC 8292) for Web Push, as the settings read it:
VAPID_PUBLIC_KEY (the browsers' applicationServerKey) and VAPID_PRIVATE_KEY (the server's, secret)."""

from django.core.management.base import BaseCommand

from matches.notifications.vapid import new_key_pair


class Command(BaseCommand):
    help = "Print a new VAPID key pair for Web Push, as environment lines."

    def handle(self, *args, **options):
        public, private = new_key_pair()
        self.stdout.write(f"VAPID_PUBLIC_KEY={public}\nVAPID_PRIVATE_KEY={private}\n")
