"""The season's chat server: public news posted to a Discord-style webhook that the test runs
locally, checking the format and the limits; failures retried; never a private word."""

import json
import threading
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from django.test import override_settings

from matches import clock
from matches.core import lifecycle
from matches.notifications import webhooks
from matches.scheduling.deadlines import run_due
from matches.models import WebhookNotice
from matches.notifications.tasks import post_webhook
from tests.support.base import BaseTransactionTestCase
from tests.support.stack import wait_until


class Receiver:
    """A local webhook: checks every message against Discord's format and limits, and can fail
    the first `fail` requests with a 500."""

    def __init__(self, fail=0, redirect_to=None):
        self.messages, self.problems, self.fail, self.hits = [], [], fail, 0
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                receiver.hits += 1
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                if redirect_to:
                    self.send_response(307)
                    self.send_header("Location", redirect_to)
                    self.end_headers()
                    return
                if receiver.fail:
                    receiver.fail -= 1
                    self.send_response(500)
                    self.end_headers()
                    return
                receiver.check(body, self.headers.get("Content-Type"))
                receiver.messages.append(body)
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = f"http://127.0.0.1:{self.server.server_port}/api/webhooks/1/token"

    def check(self, body, content_type):
        if content_type != "application/json":
            self.problems.append(f"content type {content_type}")
        if not isinstance(body.get("content"), str) or not 0 < len(body["content"]) <= 2000:
            self.problems.append("content missing or over 2000 characters")
        if body.get("allowed_mentions") != {"parse": []}:
            self.problems.append("mentions not switched off")
        if set(body) - {"content", "username", "allowed_mentions", "embeds"}:
            self.problems.append(f"unknown keys {set(body)}")

    def text(self):
        return "\n".join(m["content"] for m in self.messages)

    def close(self):
        self.server.shutdown()


@override_settings(WEBHOOK_DELIVERY="thread", WEBHOOK_ALLOW_LOOPBACK=True)
class WebhookTestCase(BaseTransactionTestCase):
    settings = {"rounds": 2, "round_seconds": 7200, "close_early": True}

    def setUp(self):
        super().setUp()
        self.receiver = Receiver()
        self.addCleanup(self.receiver.close)
        self.season.webhook_url = self.receiver.url
        self.season.save()

    def test_it_posts_public_news_and_never_a_private_word(self):
        self.start()
        lifecycle.do_submit(self.open_phase().pk, self.seat("alice"), {"bid": 3, "note": "my hidden plan"})
        lifecycle.do_force_close(self.open_phase().pk)
        lifecycle.do_force_close(self.open_phase().pk)
        wait_until(lambda: "Closed: Round 2" in self.receiver.text(), 10, what="the last close posted")
        text = self.receiver.text()
        self.assertEqual(self.receiver.problems, [])
        self.assertIn("Test match has started", text)
        self.assertIn("Closed: Round 1", text)
        for private in ("my hidden plan", "SECRET-"):  # a note and the private codes of the fixture game
            self.assertNotIn(private, text)

    def test_it_posts_the_deadline_in_one_hour_line_once(self):
        with clock.simulated():
            self.start()
            clock.advance_to(self.open_phase().deadline - timedelta(minutes=59))
            run_due()
            run_due()
        wait_until(lambda: "closes in 1 hour" in self.receiver.text(), 10, what="the hour line")
        self.assertEqual(self.receiver.text().count("closes in 1 hour"), 1)
        self.assertEqual(WebhookNotice.objects.count(), 1)

    def test_it_splits_long_news_within_the_limits(self):
        lines = [f"line {i} " + "x" * 300 for i in range(20)] + ["y" * 5000]
        messages = webhooks.messages_for(lines)
        self.assertTrue(all(len(m["content"]) <= webhooks.MAX_CONTENT for m in messages))
        self.assertEqual("\n".join(m["content"] for m in messages).count("line "), 20)
        webhooks.deliver(self.receiver.url, messages)
        wait_until(lambda: len(self.receiver.messages) == len(messages), 10, what="every part")
        self.assertEqual(self.receiver.problems, [])

    def test_it_retries_a_failing_server_in_a_thread_and_in_the_task_queue(self):
        self.receiver.fail = 2
        webhooks.deliver(self.receiver.url, webhooks.messages_for(["first try fails"]))
        wait_until(lambda: self.receiver.messages, 15, what="the retried message")
        self.receiver.fail = 1
        post_webhook.apply((self.receiver.url, webhooks.messages_for(["queued"])[0]))  # the worker's task, run here
        self.assertIn("queued", self.receiver.text())
