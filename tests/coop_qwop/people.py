"""The eight players of the Co-op QWOP tests that run through the platform (tests.support.base people)."""

EIGHT = ("alice", "bob", "carol", "frank", "grace", "heidi", "ivan", "judy")


class EightPlayersMixin:
    game = "coop_qwop"
    settings = {}
    seats = EIGHT

    def shared(self, a, b):
        """The number of the athlete that players `a` and `b` control together."""
        pair = {EIGHT.index(a), EIGHT.index(b)}
        return next(x["number"] for x in self.match.state["athletes"] if set(x["controllers"]) == pair)
