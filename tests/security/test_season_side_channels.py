"""Private balances stay private on the season page: two seasons that differ only in balances
nobody else may see (grants, a private gift) give anonymous visitors and other players the same
bytes on the season page, the home page and the match pages: the order of the standings included."""

from django.test import Client
from django.urls import reverse

from games.engine_api import GARNET, TOKEN_OF_LIFE
from matches import clock
from matches.seasons import gifts
from matches.models import LedgerEntry
from tests.support.side_channels import FROZEN, SideChannelTestCase, _first_difference, without_noise

OBSERVERS = (None, "alice", "dave")


class PrivateBalancesTestCase(SideChannelTestCase):
    def pages(self, secret_change):
        self.new_world()
        with clock.simulated(FROZEN):
            self.season.balances_public = False
            self.season.save()
            for name in ("bob", "carol", "frank"):
                self.give(name, TOKEN_OF_LIFE, 1)
                self.give(name, GARNET, 4)
            secret_change()
            seen = {}
            for name in OBSERVERS:
                client = Client()
                if name:
                    client.force_login(self.users[name])
                urls = [
                    reverse("season", args=[self.season.slug]),
                    reverse("home"),
                    reverse("match_public", args=[self.match.pk]),
                ]
                seen[name] = [without_noise(client.get(url).content.decode()) for url in urls]
        return seen

    def give(self, name, kind, amount):
        LedgerEntry.objects.create(
            season=self.season, player=self.members[name], kind=kind, amount=amount, reason="host grant"
        )

    def test_it_gives_others_the_same_bytes_whatever_the_private_balances(self):
        runs = {
            "nothing more": lambda: None,
            "Frank gets two more tokens of life": lambda: self.give("frank", TOKEN_OF_LIFE, 2),
            "Bob gives Carol a token of life": lambda: gifts.do_gift(
                self.members["bob"].pk, self.members["carol"].pk, TOKEN_OF_LIFE, 1
            ),
            "Carol gives Frank two garnets": lambda: gifts.do_gift(
                self.members["carol"].pk, self.members["frank"].pk, GARNET, 2
            ),
        }
        seen = {label: self.pages(change) for label, change in runs.items()}
        first_label, first = next(iter(seen.items()))
        for label, other in seen.items():
            for name in OBSERVERS:
                if first[name] != other[name]:
                    self.fail(
                        f"{name or 'a spectator'} can tell “{first_label}” from “{label}”:\n"
                        + _first_difference(first[name], other[name])
                    )

    def test_the_host_still_sees_the_standings_by_tokens_of_life(self):
        self.give("frank", TOKEN_OF_LIFE, 3)
        self.give("bob", TOKEN_OF_LIFE, 1)
        self.season.balances_public = False
        self.season.save()
        self.client.force_login(self.hana)
        page = self.client.get(reverse("season", args=[self.season.slug])).content.decode()
        self.assertLess(page.index(">Frank<"), page.index(">Bob<"))
        self.assertLess(page.index(">Bob<"), page.index(">Alice<"))
