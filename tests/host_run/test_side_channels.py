"""Hidden means indistinguishable: runs that differ only in a player's private answer, or in a
private counter change the host publishes, give every other viewer the same bytes (pages and
socket messages, counts and order included)."""

from matches.core import host_actions, lifecycle
from tests.support.side_channels import SideChannelTestCase

from .test_pages import SETTINGS

ROUND = {
    "title": "Bids",
    "deadline": "10m",
    "answers": "everyone",
    "field_1": "Bid | number 0..your Coins",
    "reveal": "own",
    "talk": "everyone",
}


class HostRunSideChannelTestCase(SideChannelTestCase):
    game, settings, seats = "host_run", SETTINGS, ("alice", "bob", "carol")

    def opened(self):
        match = self.start(self.make_match(self.seats))
        host_actions.do_host_action(match.pk, self.hana, "open_round", ROUND)
        match.refresh_from_db()
        return match

    def closed(self):
        match = self.opened()
        lifecycle.close_phase(self.open_phase(match).pk, "host")
        match.refresh_from_db()
        return match

    def test_it_gives_others_the_same_bytes_whichever_private_answer_is_sent(self):
        def bid(amount):
            return lambda match: lifecycle.do_submit(
                self.open_phase(match).pk, self.seat("alice", match), {"f1": amount}
            )

        self.assert_indistinguishable(self.opened, {"a bid of 3": bid(3), "a bid of 7": bid(7)}, [None, "bob"])

    def test_it_gives_others_the_same_bytes_whichever_private_counter_change_is_published(self):
        def coins(delta):
            return lambda match: host_actions.do_host_action(
                match.pk,
                self.hana,
                "publish_result",
                {
                    "announcement": "Round over.",
                    "change_1": f"Alice | Coins | {delta} | the bid",
                    "change_2": "Bob | Points | 1 | a point",
                },
            )

        self.assert_indistinguishable(self.closed, {"Coins +3": coins(3), "Coins -4": coins(-4)}, [None, "bob"])
