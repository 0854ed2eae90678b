"""A few thousand generated requests at every URL of the site (admin included) and messages at
every socket, from a seeded generator, as every kind of visitor: no 500, no dropped socket, and
nothing changes when a request is refused."""

import json
import random
import re

from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from matches.models import Action, Event, LedgerEntry, Match, MatchPlayer, Season, SeasonPlayer, Submission
from tests.support.base import BaseTestCase, BaseTransactionTestCase
from tests.support.sockets import HOST, ORIGIN, session_cookie

REQUESTS = 2000
MESSAGES = 600
WORDS = [
    "",
    "0",
    "1",
    "5",
    "-1",
    "abc",
    "yes",
    "x" * 300,
    "9" * 30,
    str(2**63),
    "1e309",
    "NaN",
    "<script>",
    "' OR 1=1 --",
    "ａｌｉｃｅ",
    "\u202e",
    "null",
    "[]",
    "{}",
    "%00",
    "../../etc/passwd",
    "™",
]
FIELDS = [
    "bid",
    "note",
    "double",
    "proposal",
    "athlete",
    "race",
    "partner",
    "pack",
    "username",
    "password",
    "csrfmiddlewaretoken",
    "seat",
    "player",
    "phase",
    "match",
    "season",
    "kind",
    "amount",
    "reason",
    "deadline",
    "title",
    "game",
    "settings",
    "seed",
    "action",
    "_selected_action",
    "post",
    "new_password1",
    "new_password2",
]


def routes():
    """Every URL pattern of the site as a list of (literal or converter) parts."""
    found = []

    def walk(patterns, prefix):
        for p in patterns:
            if isinstance(p, URLResolver):
                walk(p.url_patterns, prefix + [str(p.pattern)])
            elif isinstance(p, URLPattern):
                found.append(prefix + [str(p.pattern)])

    walk(get_resolver().url_patterns, [])
    return ["".join(parts).lstrip("^").rstrip("$").replace("\\Z", "") for parts in found]


def fill(route, rng, ids):
    def value(m):
        kind = m.group(1) or "str"
        choices = ids + ["0", "999999", str(2**63), "9" * 25, "-1", "x", "%ff", "a b"]
        if kind in ("slug", "str", "path"):
            choices += ["season-one", "fixture", "coop_qwop", "pause", "start", "cancel", "MQ", "set-password"]
        return str(rng.choice(choices))

    path = re.sub(r"<(?:(\w+):)?\w+>", value, route)
    path = re.sub(r"\(\?P<\w+>[^)]*\)", lambda m: str(rng.choice(ids + ["x"])), path)  # regex routes (admin)
    return "/" + path.replace("^", "").replace("$", "")


def body(rng):
    return {rng.choice(FIELDS): rng.choice(WORDS) for _ in range(rng.randint(0, 6))}


def snapshot():
    return tuple(
        m.objects.count() for m in (Submission, Action, LedgerEntry, Event, Match, Season, SeasonPlayer, MatchPlayer)
    ) + tuple(Match.objects.values_list("status", "event_seq"))


class RequestFuzzTestCase(BaseTestCase):
    def setUp(self):
        super().setUp()
        self.give_garnets("alice", 3)
        self.start()
        self.hana.is_superuser = True
        self.hana.save()

    def test_it_never_fails_and_changes_nothing_it_refused(self):
        rng = random.Random(20261123)
        ids = [str(self.match.pk), str(self.open_phase().pk), str(self.members["alice"].pk), "1", "2"]
        all_routes = routes()
        clients = {}
        for who in (None, "alice", "bob", "dave", "eve", "hana"):
            clients[who] = Client(raise_request_exception=False)
            if who:
                clients[who].force_login(self.users.get(who) or self.hana)
        kinds = ["get", "post", "post", "latin1", "multipart-file", "json", "garbage", "head", "put"]
        self.statuses = {}
        for n in range(REQUESTS):
            client = clients[rng.choice(list(clients))]
            path = fill(rng.choice(all_routes), rng, ids)
            if rng.random() < 0.1:
                path += "?" + "&".join(f"{rng.choice(FIELDS)}={rng.choice(WORDS)}" for _ in range(rng.randint(1, 4)))
            kind = rng.choice(kinds)
            before = snapshot()
            response = self.send(client, kind, path, rng)
            self.assertLess(response.status_code, 500, (n, kind, path))
            self.statuses[response.status_code] = self.statuses.get(response.status_code, 0) + 1
            text = (
                response.content.decode(errors="replace") if response.get("Content-Type", "").startswith("text") else ""
            )
            refused = response.status_code >= 400 or "msg-error" in text or "errornote" in text
            if refused:
                self.assertEqual(snapshot(), before, (n, kind, path, response.status_code))
        # the generator must reach real pages and forms, not only 404s
        self.assertGreater(sum(v for k, v in self.statuses.items() if k < 400), REQUESTS // 5, self.statuses)

    def send(self, client, kind, path, rng):
        if kind == "get":
            return client.get(path)
        if kind == "head":
            return client.head(path)
        if kind == "put":
            return client.put(path, "x=1", content_type="application/x-www-form-urlencoded")
        if kind == "post":
            return client.post(path, body(rng), follow=rng.random() < 0.5)
        if kind == "latin1":
            return client.post(
                path, "username=al%E9&bid=5", content_type="application/x-www-form-urlencoded; charset=latin-1"
            )
        if kind == "multipart-file":
            from django.core.files.uploadedfile import SimpleUploadedFile

            return client.post(path, {"bid": "3", "file": SimpleUploadedFile("a.txt", b"x" * rng.randint(0, 5000))})
        if kind == "json":
            return client.post(path, json.dumps(body(rng)), content_type="application/json")
        return client.post(
            path,
            bytes(rng.randrange(256) for _ in range(rng.randint(0, 300))),
            content_type=rng.choice(["application/x-www-form-urlencoded", "text/plain", "multipart/form-data"]),
        )


def _random_json(rng, depth=0):
    pick = rng.randrange(9 if depth < 3 else 6)
    if pick == 0:
        return rng.choice([None, True, False])
    if pick == 1:
        return rng.choice([0, -1, 2**64, 10**400 if rng.random() < 0.1 else 7, 1.5])
    if pick in (2, 3):
        return rng.choice(WORDS + ["check", "resync"])
    if pick in (4, 5):
        return {"type": rng.choice(["check", "resync", "x", None]), "since": rng.choice([0, 3, -2, "9", 1e300, None])}
    if pick == 6:
        return [_random_json(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    return {rng.choice(FIELDS + ["type", "since"]): _random_json(rng, depth + 1) for _ in range(rng.randint(0, 3))}


def _is_check(text):
    try:
        content = json.loads(text)
    except ValueError:
        return False
    return isinstance(content, dict) and content.get("type") == "check" and len(text) <= 1024


class SocketFuzzTestCase(BaseTransactionTestCase):
    def setUp(self):
        super().setUp()
        self.start()

    def test_it_answers_every_generated_message_and_stays_open(self):
        rng = random.Random(1123)
        sockets = [("watch", None), ("play", self.alice), ("host", self.hana)]
        plan = []
        for _ in range(MESSAGES):
            if rng.random() < 0.15:
                plan.append(("bytes", bytes(rng.randrange(256) for _ in range(rng.randint(1, 50)))))
            elif rng.random() < 0.2:
                plan.append(("text", "".join(chr(rng.randrange(1, 0x2FFF)) for _ in range(rng.randint(1, 40)))))
            else:
                try:
                    plan.append(("text", json.dumps(_random_json(rng))))
                except ValueError:
                    plan.append(("text", "{"))
        before = snapshot()
        for mode, user in sockets:
            replies = async_to_sync(self.talk)(mode, session_cookie(user), plan)
            self.assertEqual(len(replies), len(plan), mode)
            self.assertTrue(all(r["type"] in ("error", "update") for r in replies), mode)
        self.assertEqual(snapshot(), before)

    async def talk(self, mode, cookie, plan):
        from genius_site.asgi import application

        communicator = WebsocketCommunicator(
            application, f"/ws/matches/{self.match.pk}/{mode}/", headers=[ORIGIN, HOST, *cookie]
        )
        assert (await communicator.connect())[0]
        await communicator.receive_json_from()
        replies = []
        for kind, data in plan:
            await communicator.send_to(**{"text_data" if kind == "text" else "bytes_data": data})
            if kind == "text" and _is_check(data):
                # a check with nothing new is answered with silence, by design
                if await communicator.receive_nothing(timeout=0.05):
                    replies.append({"type": "update"})
                    continue
            replies.append(await communicator.receive_json_from(timeout=5))
        await communicator.disconnect()
        return replies


HOSTILE_JSON = [
    "[" * 50_000,
    "{" * 5000,
    '{"a":' * 3000,
    "[1, 2]",
    "5",
    "null",
    '"text"',
    "[] []",
    "{" + "x" * 5000,
    '{"rounds": ' + "9" * 5000 + "}",
    '"' + "x" * 200_000 + '"',
    "\u0000",
    "NaN",
    "1e309",
    '{"__proto__": 1}',
]
HOSTILE_DATES = [
    ("9999-12-31T23:59", "America/Los_Angeles"),
    ("9999-12-31T23:59", "Pacific/Kiritimati"),
    ("0001-01-01T00:00", "Asia/Tokyo"),
    ("0001-01-01T00:00", "America/New_York"),
    ("2026-02-30T10:00", "UTC"),
    ("2026-03-08T02:30", "America/New_York"),
    ("2026-13-01T00:00", "UTC"),
    ("x", "UTC"),
    ("2026-06-01T10:00", "Nowhere/City"),
    ("2026-06-01T10:00", "../../etc/localtime"),
    ("9" * 40, "UTC"),
    ("2026-06-01T10:00", "\u0000"),
    ("-2026-06-01T10:00", "UTC"),
    ("1970-01-01T00:00", "UTC"),
]


class HostInputFuzzTestCase(BaseTestCase):
    """The host's own inputs with hostile values: every JSON field any admin form offers, the
    setup form's expert settings, and every way to move a deadline. No 500, nothing changed."""

    def setUp(self):
        super().setUp()
        self.client = Client(raise_request_exception=False)
        self.client.force_login(self.hana)
        self.hana.is_superuser = True
        self.hana.is_staff = True
        self.hana.save()

    def admin_json_fields(self):
        """(url, form data, field name) for each JSON field of each admin add or change form."""
        from django import forms
        from django.contrib import admin
        from django.test import RequestFactory

        request = RequestFactory().get("/admin/")
        request.user = self.hana
        for model, model_admin in admin.site._registry.items():
            instance = model.objects.order_by("pk").first()
            for obj in [None, instance] if instance else [None]:
                if (obj and not model_admin.has_change_permission(request, obj)) or (
                    obj is None and not model_admin.has_add_permission(request)
                ):
                    continue
                form = model_admin.get_form(request, obj)(instance=obj)
                for name, field in form.fields.items():
                    if isinstance(field, forms.JSONField) and not field.disabled:
                        info = model._meta.app_label, model._meta.model_name
                        url = f"/admin/{info[0]}/{info[1]}/" + (f"{obj.pk}/change/" if obj else "add/")
                        yield url, {n: form[n].value() for n in form.fields if form[n].value() is not None}, name

    def test_it_refuses_hostile_json_in_every_admin_json_field(self):
        fields = list(self.admin_json_fields())
        self.assertTrue(fields, "no admin form offers a JSON field: the test tests nothing")
        for url, data, name in fields:
            for text in HOSTILE_JSON:
                before = snapshot()
                response = self.client.post(url, {**data, name: text})
                self.assertLess(response.status_code, 500, (url, name, text[:30]))
                if response.status_code != 302:
                    self.assertEqual(snapshot(), before, (url, name, text[:30]))
        self.match.refresh_from_db()
        self.assertEqual(self.match.settings, self.settings)

    def test_it_refuses_hostile_dates_and_zones_for_a_deadline(self):
        self.start()
        phase = self.open_phase()
        url = f"/host/matches/{self.match.pk}/phases/{phase.pk}/"
        for when, zone in HOSTILE_DATES:
            response = self.client.post(url, {"deadline": when, "tz": zone}, follow=True)
            self.assertLess(response.status_code, 500, (when, zone))
        for add in ("600", "3600", "86400", "-600", "9" * 30, "1e9", ""):
            self.assertLess(self.client.post(url, {"add": add}, follow=True).status_code, 500, add)
        phase.refresh_from_db()
        self.assertLess((phase.deadline - phase.opened_at).days, 400)  # never past the year's bound
