"""Issue #40, point 3: a refused move comes back as it was sent. For every registered game the
first form a seat meets is posted with a value the form refuses in one field and other values
than the form starts with in the rest: the play page then shows every other value as sent and the
message beside the field at fault. Pokemon Snap's photographer ranking starts as a valid order
(each of the six Pokemon once), and a ranking the engine refuses comes back as sent with the
message beside the choice that repeats."""

from html.parser import HTMLParser

from django.test import Client
from django.urls import reverse

from games import registry
from games.engine_api import CHOICE, INT, MULTICHOICE, RADIO, TEXT
from matches.core import lifecycle
from matches.models import Phase
from tests.pokemon_snap.support_match import SnapMatchMixin
from tests.support.base import BaseTestCase
from tests.support.host_bot import until_a_phase_opens


class FormReader(HTMLParser):
    """One form of a page as a reader finds it: each field's shown values (a select's selected
    options, checked boxes, typed text) and, per field, the error messages shown inside the
    field's own box (Django's `<div>` per field); `top` holds those above the fields."""

    def __init__(self, form_id):
        super().__init__()
        self.form_id, self.depth, self.inside = form_id, 0, False
        self.values, self.errors, self.top = {}, {}, []
        self.box = None  # the field box being read: its depth and the names inside it
        self.select, self.in_error, self.error_text = None, False, ""

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and self.form_id in (a.get("id"), a.get("action")):
            self.inside, self.depth = True, 0
        if not self.inside:
            return
        if tag not in ("input", "br", "img"):  # void elements have no end tag
            self.depth += 1
        if tag == "div" and self.depth == 2:  # a field's box, directly in the form
            self.box = {"names": set(), "errors": []}
        if tag == "ul" and "errorlist" in (a.get("class") or ""):
            self.in_error, self.error_text = True, ""
        if tag == "select":
            self.select = a["name"]
            self._name(a["name"])
            self.values.setdefault(a["name"], [])
        if tag == "option" and self.select and "selected" in a:
            self.values[self.select].append(a.get("value"))
        if tag in ("input", "textarea") and a.get("name") and a.get("type") not in ("hidden", "submit"):
            self._name(a["name"])
            self.values.setdefault(a["name"], [])
            if a.get("type") in ("radio", "checkbox"):
                if "checked" in a:
                    self.values[a["name"]].append(a.get("value"))
            elif a.get("value") is not None:
                self.values[a["name"]].append(a["value"])

    def _name(self, name):
        if self.box is not None:
            self.box["names"].add(name)

    def handle_data(self, data):
        if self.in_error:
            self.error_text += data

    def handle_endtag(self, tag):
        if not self.inside:
            return
        if tag == "ul" and self.in_error:
            self.in_error = False
            (self.box["errors"] if self.box is not None else self.top).append(self.error_text.strip())
        if tag == "select":
            self.select = None
        if tag == "div" and self.depth == 2 and self.box is not None:
            for name in self.box["names"]:
                self.errors[name] = self.box["errors"]
            self.box = None
        self.depth -= 1
        if self.depth == 0 and tag == "form":
            self.inside = False


def read_form(html, form_id):
    """The form whose id, or whose action (a URL), is `form_id`."""
    reader = FormReader(form_id)
    reader.feed(html)
    return reader


def other_value(field):
    """A value the form accepts that is not the one it starts with, as posted (a list)."""
    if field.kind in (CHOICE, RADIO):
        values = [v for v, _ in field.choices if v != field.initial] or [v for v, _ in field.choices]
        return [values[-1]]
    if field.kind == MULTICHOICE:
        return [field.choices[-1][0]]
    if field.kind == INT:
        low = field.min_value if field.min_value is not None else 0
        high = field.max_value if field.max_value is not None else low + 5
        return [str(high if high != field.initial else low)]
    return ["kept words"]


def refused_value(field):
    """A value the form itself refuses for `field`."""
    if field.kind == INT:
        return [str(field.max_value + 1) if field.max_value is not None else "lots"]
    if field.kind == TEXT:
        return ["x" * (field.max_length + 1)]
    return ["not-a-choice"]


def waiting_seat(match):
    for _ in range(5):
        until_a_phase_opens(match)  # a host-run game waits on its host first
        phases = list(match.phases.filter(status=Phase.OPEN).order_by("sequence"))
        for phase in phases:
            if phase.waits_on:
                return phase, match.seats.get(seat=min(phase.waits_on))
        lifecycle.do_force_close(phases[0].pk)
    raise AssertionError(f"no open phase of {match.game} waits on anyone")


class RefusedMoveKeepsWhatWasSentTestCase(BaseTestCase):
    def post_refused(self, client, match, phase, data):
        response = client.post(reverse("submit", args=[match.pk, phase.pk]), data)
        self.assertEqual(response.status_code, 302)
        page = client.get(response["Location"])
        self.assertEqual(page.status_code, 200)
        return page.content.decode()

    def test_it_keeps_every_value_sent_and_names_the_field_in_every_game(self):
        tried, kinds = [], set()
        for engine in registry.all_engines():
            match = self.start(self.game_match(engine))
            phase, seat = waiting_seat(match)
            match.refresh_from_db()
            spec = engine.form(match.state, phase.key, seat.seat)
            if not spec.fields:
                continue
            *kept, faulty = spec.fields
            data = {f.name: other_value(f) for f in kept} | {faulty.name: refused_value(faulty)}
            client = Client()
            client.force_login(seat.season_player.user)
            html = self.post_refused(client, match, phase, data)
            form = read_form(html, f"phase-{phase.pk}")
            with self.subTest(game=engine.slug):
                for field in kept:
                    self.assertEqual(form.values.get(field.name), data[field.name], f"{engine.slug}: {field.name}")
                self.assertTrue(form.errors.get(faulty.name), f"{engine.slug}: no message beside {faulty.name}")
                for field in kept:
                    self.assertEqual(form.errors.get(field.name), [], f"{engine.slug}: a message beside {field.name}")
                self.assertFalse(phase.submissions.exists())
            tried.append(engine.slug)
            kinds |= {f.kind for f in spec.fields}
            # shown once: the next visit shows the form as it starts again
            again = read_form(client.get(reverse("match_play", args=[match.pk])).content.decode(), f"phase-{phase.pk}")
            self.assertEqual(again.errors.get(faulty.name), [], engine.slug)
        self.assertGreaterEqual(len(tried), 7, tried)
        self.assertEqual(kinds, {CHOICE, RADIO, INT, TEXT})  # checkboxes: MysteryCosignPicksTestCase


class SnapRankingTestCase(SnapMatchMixin, BaseTestCase):
    """Bob photographs (seat 0); the Pokemon are seats 2-7."""

    def setUp(self):
        super().setUp()
        self.client.force_login(self.bob)
        self.phase = self.open_phase()

    def test_it_starts_the_ranking_as_a_valid_order(self):
        page = self.client.get(reverse("match_play", args=[self.match.pk])).content.decode()
        form = read_form(page, f"phase-{self.phase.pk}")
        ranks = [form.values[f"rank_{rank}"] for rank in range(1, 7)]
        self.assertEqual(
            sorted(value for shown in ranks for value in shown), ["2", "3", "4", "5", "6", "7"]
        )  # each Pokemon once
        # sent as it starts, with an exhibit chosen, the list is accepted
        data = {"exhibit": "A", **{f"rank_{rank}": values for rank, values in enumerate(ranks, start=1)}}
        self.client.post(reverse("submit", args=[self.match.pk, self.phase.pk]), data)
        self.assertEqual(self.phase.submissions.get().payload["rank_1"], ranks[0][0])

    def test_it_keeps_a_refused_ranking_and_names_the_choice_that_repeats(self):
        order = ["7", "3", "7", "5", "2", "4"]  # 7 twice, 6 missing: Choice 3 repeats Choice 1
        data = {"exhibit": "B", **{f"rank_{rank}": p for rank, p in enumerate(order, start=1)}}
        response = self.client.post(reverse("submit", args=[self.match.pk, self.phase.pk]), data, follow=True)
        self.assertFalse(self.phase.submissions.exists())
        form = read_form(response.content.decode(), f"phase-{self.phase.pk}")
        self.assertEqual(form.values["exhibit"], ["B"])
        self.assertEqual([form.values[f"rank_{rank}"] for rank in range(1, 7)], [[p] for p in order])
        self.assertEqual(form.errors["rank_3"], ["Put each of the six Pokemon in the list exactly once."])
        self.assertEqual([name for name, errors in form.errors.items() if errors], ["rank_3"])
        self.assertEqual(form.top, [])


class RefusalNamingNoFieldTestCase(BaseTestCase):
    """The fixture game's hint costs a garnet; Alice has none, and the engine's refusal names no
    field: it shows above the action's form, once."""

    def test_it_puts_a_refusal_that_names_no_field_above_the_form(self):
        self.start()
        self.client.force_login(self.alice)
        url = reverse("act", args=[self.match.pk, "hint"])
        response = self.client.post(url, {}, follow=True)
        self.assertEqual(read_form(response.content.decode(), url).top, ["A hint costs 1 garnet and you have none."])
        again = self.client.get(reverse("match_play", args=[self.match.pk])).content.decode()
        self.assertEqual(read_form(again, url).top, [])


class MysteryCosignPicksTestCase(BaseTestCase):
    """Checkboxes: a pick of too few operations comes back with the boxes ticked as sent."""

    def test_it_keeps_the_ticked_boxes_of_a_refused_pick(self):
        engine = next(e for e in registry.all_engines() if e.slug == "mystery_cosign")
        match = self.start(self.game_match(engine))
        phase = self.open_phase(match)
        while not phase.key.endswith("picks"):
            lifecycle.do_force_close(phase.pk)
            phase = self.open_phase(match)
        match.refresh_from_db()
        seat = match.seats.get(seat=phase.waits_on[0])
        field = engine.form(match.state, phase.key, seat.seat).fields[0]
        letters = [value for value, _ in field.choices]
        count = int(field.label.split()[1])  # "Pick 2 operations"
        sent = letters[-(count - 1) :] if count > 1 else []  # one too few
        self.client.force_login(seat.season_player.user)
        page = self.client.post(reverse("submit", args=[match.pk, phase.pk]), {"picks": sent}, follow=True)
        form = read_form(page.content.decode(), f"phase-{phase.pk}")
        self.assertEqual(form.values["picks"], sent)
        self.assertEqual(form.errors["picks"], [f"Pick exactly {count} different operations."])
        self.assertFalse(phase.submissions.exists())
