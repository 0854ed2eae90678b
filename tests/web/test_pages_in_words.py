"""What players and hosts read is words, never the site's or a game's internals. A match of every
installed game is played by the bots (some seats send, the host closes every phase), and every
page a player or the host reads along the way and at the end (each seat's play page, the host
page, the public page, the confirm page, the season page, the host's season desk and a step of
the step-by-step replay) is scanned, as visible text, for ledger keys, Quattro Loop's notation
outside a notation-on-request element, and card ids."""

import random
import re
from html import unescape

from django.test import Client
from django.urls import reverse

from games import registry
from matches.core import lifecycle
from matches.models import Match, Phase
from tests.support.base import PEOPLE, BaseTestCase
from tests.support.host_bot import host_acts

LEDGER_KEYS = re.compile(r"\b(token_of_life|elimination_candidate|mark_of_elimination|communal_garnet)\b")
NOTATION = re.compile(
    r"\b(copyvalue|copycolour|nzmin|opp (this|cw|ccw|adj|max|min|all|pick|[A-G])|rotate c?cw"
    r"|(?<!round's )(now|end): ?(if this|[+-]\d|set \d|double|halve|invert|paint|swap|rotate))\b"
)
CARD_IDS = re.compile(r"\bcard \d+-|\b\d+-r8-(\d+|zero)\b")
ON_REQUEST = re.compile(r'<details class="notation">.*?</details>', re.S)  # notation shown only when asked
HIDDEN = re.compile(r"<(script|style|svg)\b.*?</\1>", re.S)
TAG = re.compile(r"<[^>]*>")
PAGES_EVERY = 9  # phases between two looks at the pages (every page at every phase is slow)


def visible_text(html):
    """The page as a reader sees it: no tags, attributes, scripts or notation-on-request."""
    return unescape(TAG.sub(" ", ON_REQUEST.sub(" ", HIDDEN.sub(" ", html))))


class PagesInWordsTestCase(BaseTestCase):
    def client_for(self, user):
        client = Client()
        client.force_login(user)
        return client

    def assert_in_words(self, client, url, where):
        response = client.get(url)
        self.assertEqual(response.status_code, 200, where)
        text = visible_text(response.content.decode())
        for pattern, what in ((LEDGER_KEYS, "a ledger key"), (NOTATION, "notation"), (CARD_IDS, "a card id")):
            found = pattern.search(text)
            if found:
                around = text[max(0, found.start() - 80) : found.end() + 80].replace("\n", " ")
                self.fail(f"{where}: {what} shows: {found.group(0)!r} in …{' '.join(around.split())}…")

    def look(self, match, clients, when):
        for name, client in clients.items():
            self.assert_in_words(client, reverse("match_play", args=[match.pk]), f"{when}, {name}'s play page")
        self.assert_in_words(self.host, reverse("match_host", args=[match.pk]), f"{when}, the host page")
        self.assert_in_words(Client(), reverse("match_public", args=[match.pk]), f"{when}, the public page")

    def play(self, engine):
        match = self.game_match(engine)
        names = PEOPLE[: engine.min_seats]
        self.start(match)
        players = {p.seat: p for p in match.seats.all()}
        clients = {name: self.client_for(self.users[name]) for name in names}
        rng = random.Random(f"words:{engine.slug}")
        for step in range(400):
            phase = match.phases.filter(status=Phase.OPEN).order_by("sequence").first()
            if phase is None:
                if host_acts(match, step):  # a game that waits on its host (a host-run game's rounds)
                    self.look(match, clients, f"{engine.slug} after host action {step + 1}")
                    continue
                break
            for seat in phase.waits_on[:-1]:  # some seats send (the last does not, so the host closes it)
                match.refresh_from_db()
                lifecycle.do_submit(
                    phase.pk, players[seat], engine.random_submission(match.state, phase.key, seat, rng)
                )
            if step < 3 or step % PAGES_EVERY == 0:
                self.look(match, clients, f"{engine.slug} phase {step + 1} ({phase.key})")
            lifecycle.close_phase(phase.pk, "host")
        match.refresh_from_db()
        self.assertEqual(match.status, Match.FINISHED, engine.slug)
        self.look(match, clients, f"{engine.slug} at the end")
        self.assert_in_words(self.host, reverse("host_confirm", args=[match.pk]), f"{engine.slug}: the confirm page")
        self.assert_in_words(Client(), reverse("season", args=[self.season.slug]), f"{engine.slug}: the season page")
        self.assert_in_words(
            self.host, reverse("host_season", args=[self.season.slug]), f"{engine.slug}: the host's desk"
        )
        self.assert_in_words(Client(), reverse("match_step", args=[match.pk, 1]), f"{engine.slug}: the first step")
        for client in clients.values():
            self.assert_in_words(
                client, reverse("season", args=[self.season.slug]), f"{engine.slug}: a player's season page"
            )

    def test_every_game_s_pages_read_in_words(self):
        self.host = self.client_for(self.hana)
        engines = [e for e in registry.all_engines() if e.slug != "fixture"]
        self.assertGreaterEqual(len(engines), 5)
        for engine in engines:
            with self.subTest(game=engine.slug):
                self.play(engine)
