"""Names are listed as people read them, whatever their case (issue 40, point 15): the desk, the
season page and the seat pickers said "Ada, Ben, Nora, Otto, cleo, dan"; now "Ada, Ben, cleo, dan,
Nora, Otto"."""

from django.urls import reverse

from matches.models import SeasonPlayer
from tests.support.base import BaseTestCase


class NamesInReadingOrderTestCase(BaseTestCase):
    def test_it_lists_a_season_s_players_without_regard_to_case(self):
        for name, shown in (("bob", "ben"), ("carol", "Nora"), ("dave", "cleo"), ("alice", "Ada")):
            SeasonPlayer.objects.filter(season=self.season, user=self.users[name]).update(display_name=shown)
        names = list(
            self.season.players.filter(display_name__in=["Ada", "ben", "Nora", "cleo"]).values_list(
                "display_name", flat=True
            )
        )
        self.assertEqual(names, ["Ada", "ben", "cleo", "Nora"])
        self.client.force_login(self.hana)
        desk = self.client.get(reverse("host_season", args=[self.season.slug])).content.decode()
        at = [desk.index(f">{n}<") if f">{n}<" in desk else desk.index(n) for n in ("Ada", "ben", "cleo", "Nora")]
        self.assertEqual(at, sorted(at), "the desk lists the players in reading order")
