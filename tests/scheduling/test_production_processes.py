"""The production stack as real processes: uvicorn (`manage.py serve`), a Celery worker and a
Celery beat on PostgreSQL and Redis, the way docker-compose.yml runs them, under faults.

Run only when DATABASE_URL and REDIS_URL are set (CI's second pass); skipped otherwise."""

import os
import re
import subprocess
import time

import pytest
from django.conf import settings
from django.test import override_settings

from games.engine_api import Viewer
from genius_site.celery import app as celery_app
from matches.models import Event, Phase
from matches.notifications.reminders import preferences
from matches.core.presenters import viewer_seq
from matches.scheduling.tasks import close_phase_at
from tests.support.base import BaseTransactionTestCase
from tests.support.browsers import chromium, person, screenshot, press_send
from tests.support.smtp import smtp_server
from tests.support.stack import Stack, free_port, wait_until

pytestmark = [
    pytest.mark.production,
    pytest.mark.skipif(
        not (os.environ.get("DATABASE_URL") and os.environ.get("REDIS_URL")),
        reason="needs DATABASE_URL (PostgreSQL) and REDIS_URL",
    ),
]


class ProductionTestCase(BaseTransactionTestCase):
    settings = {"rounds": 2, "round_seconds": 3, "close_early": False}
    redis_url = None  # the machine's Redis unless a test brings its own

    def setUp(self):
        super().setUp()
        self.stack = Stack(redis_url=self.redis_url or settings.REDIS_URL)
        self.addCleanup(self.stack.stop)
        # The tasks this test process schedules must reach this stack's worker, and only it.
        old_queue = celery_app.conf.task_default_queue
        celery_app.conf.task_default_queue = self.stack.queue
        self.addCleanup(setattr, celery_app.conf, "task_default_queue", old_queue)

    def closed(self, phase):
        phase.refresh_from_db()
        return phase.status == Phase.CLOSED

    def closes_of(self, phase):
        return Event.objects.filter(match=self.match, kind="phase.closed", data__phase=phase.key).count()


class DeadlineTestCase(ProductionTestCase):
    def test_it_closes_at_the_deadline_through_the_scheduled_task_and_the_browser_sees_it(self):
        self.stack.web()
        self.stack.worker()  # no beat: only the eta task can close the phase
        self.start()
        phase = self.open_phase()
        with chromium() as browser:
            page = person(browser, self.stack.url).new_page()
            page.goto(f"/matches/{self.match.pk}/")
            page.wait_for_selector(".conn[data-state=live]")
            page.evaluate("window.notReloaded = true")
            page.locator("#live-state").get_by_text("Closed: Round 1 (deadline).").wait_for(timeout=15_000)
            self.assertTrue(page.evaluate("window.notReloaded === true"))
            screenshot(page, "production-deadline-spectator")
        phase.refresh_from_db()
        self.assertEqual(phase.close_reason, "deadline")
        # no beat runs: only the eta task could close it (the bound allows for a loaded machine)
        self.assertLess((phase.closed_at - phase.deadline).total_seconds(), 15)
        self.assertEqual(self.closes_of(phase), 1)


class WorkerFaultsTestCase(ProductionTestCase):
    settings = {"rounds": 2, "round_seconds": 4, "close_early": False}

    def test_it_closes_once_after_the_worker_holding_the_task_is_killed(self):
        worker = self.stack.worker()
        self.start()
        phase = self.open_phase()
        wait_until(lambda: "close_phase_at" in worker.log() and "received" in worker.log(), 10, what="task received")
        worker.kill()  # SIGKILL: the eta task is now unacknowledged for Redis's visibility timeout
        worker.popen.wait(5)
        self.stack.worker("worker2")
        self.stack.beat()
        wait_until(lambda: self.closed(phase), 30, 0.1, "the sweep to close the phase")
        self.assertEqual(phase.close_reason, "deadline")
        # the sweep (every 2 s), not Redis's redelivery after its visibility timeout (an hour)
        self.assertLess((phase.closed_at - phase.deadline).total_seconds(), 30)
        time.sleep(2)  # let any second close attempt (a sweep, a redelivery) run
        self.assertEqual(self.closes_of(phase), 1)
        self.assertEqual(self.match.phases.filter(key="round-2").count(), 1)
        self.assertEqual(Event.objects.filter(match=self.match, kind="round").count(), 1)

    def test_it_resolves_once_when_the_close_task_is_delivered_twice(self):
        first, second = self.stack.worker("worker-a"), self.stack.worker("worker-b")
        self.start()  # schedules one close task for the deadline...
        phase = self.open_phase()
        close_phase_at.apply_async((phase.pk,), eta=phase.deadline)  # ... and here is a duplicate
        wait_until(lambda: self.closed(phase), 15, 0.1, "the phase to close")
        wait_until(lambda: (first.log() + second.log()).count("succeeded") >= 2, 10, what="both deliveries to run")
        logs = first.log() + second.log()
        self.assertIn(": True", logs)  # one delivery closed the phase...
        self.assertIn(": False", logs)  # ... the other found it closed and did nothing
        self.assertEqual(self.closes_of(phase), 1)
        self.assertEqual(Event.objects.filter(match=self.match, kind="round").count(), 1)
        self.assertEqual(self.match.phases.filter(key="round-2").count(), 1)


class RedisRestartTestCase(ProductionTestCase):
    """A Redis of the test's own on its own port: the machine's Redis stays up throughout."""

    seats = ("alice", "bob")
    settings = {"rounds": 3, "round_seconds": 60, "close_early": True}

    def setUp(self):
        self.redis_port = free_port()
        self.redis_url = f"redis://127.0.0.1:{self.redis_port}/0"
        self.redis = None
        self.start_redis()
        super().setUp()
        self.addCleanup(self.stop_redis)

    def start_redis(self):
        self.redis = subprocess.Popen(
            ["redis-server", "--port", str(self.redis_port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
        )
        wait_until(
            lambda: (
                subprocess.run(["redis-cli", "-p", str(self.redis_port), "ping"], capture_output=True).stdout.strip()
                == b"PONG"
            ),
            10,
            0.1,
            "redis",
        )

    def stop_redis(self):
        if self.redis and self.redis.poll() is None:
            self.redis.terminate()
            self.redis.wait(10)

    def test_it_shows_what_the_database_holds_after_redis_restarts(self):
        self.stack.web()
        self.stack.worker()
        self.stack.beat()
        self.start()
        with chromium() as browser:
            m = self.match.pk
            pages = {
                "alice": person(browser, self.stack.url, self.alice).new_page(),
                "bob": person(browser, self.stack.url, self.bob).new_page(),
                "spectator": person(browser, self.stack.url).new_page(),
            }
            for name, page in pages.items():
                page.goto(f"/matches/{m}/" if name == "spectator" else f"/play/{m}/")
                page.wait_for_selector(".conn[data-state=live]")
            self.stop_redis()
            # With Redis down, both players still submit; the round closes in the database.
            for name, bid in (("alice", 6), ("bob", 2)):
                page = pages[name]
                page.fill("form.move-form input[name=bid]", str(bid))
                press_send(page.locator("form.move-form").first)
                page.wait_for_selector(".messages .msg-success")
            wait_until(lambda: self.closed(self.match.phases.get(key="round-1")), 15, 0.1, "round 1 to close")
            self.start_redis()
            self.match.refresh_from_db()
            for name, page in pages.items():
                page.wait_for_selector(".conn[data-state=live]", timeout=30_000)
                page.locator("#live-state").get_by_text("Round 1: bids [6, 2]; Alice scores.").wait_for()
                viewer = Viewer.spectator() if name == "spectator" else Viewer.for_seat(self.seat(name).seat)
                count = str(viewer_seq(self.match, viewer))  # the events that viewer may read
                wait_until(
                    lambda: page.locator(".match").get_attribute("data-seq") == count,
                    15,
                    0.1,
                    f"{name}'s page to catch up",
                )
                screenshot(page, f"production-redis-restart-{name}")
            secrets = self.match.state["secrets"]
            self.assertNotIn(secrets[1], pages["alice"].content())
            self.assertNotIn(secrets[0], pages["bob"].content())
            for secret in secrets:
                self.assertNotIn(secret, pages["spectator"].content())


class NotificationsOnTheWorkerTestCase(ProductionTestCase):
    """As production runs it (NOTIFY_ON_WORKER): a deadline's close is announced first, and its
    email goes out from a task of its own on the worker, through a real SMTP server, once."""

    def test_it_emails_a_closed_phase_from_a_task_of_its_own(self):
        received, port = self.enterContext(smtp_server())
        self.stack.env.update(NOTIFY_ON_WORKER="1", EMAIL_HOST="127.0.0.1", EMAIL_PORT=str(port))
        self.bob.email = "bob@example.org"
        self.bob.save()
        prefs = preferences(self.bob)
        prefs.email_results = True
        prefs.save()
        worker = self.stack.worker()
        self.start()
        phase = self.open_phase()
        wait_until(lambda: received, 20, what="the results email")
        self.assertTrue(self.closed(phase))
        self.assertEqual([e.rcpt_tos for e in received], [["bob@example.org"]])
        self.assertIn(f"{phase.title} has closed", received[0].content.decode())
        delivered = re.compile(r"matches\.tasks\.deliver_event\[[\w-]+\] succeeded")
        wait_until(lambda: delivered.search(worker.log()), 10, what="the email's own task")
        time.sleep(1)  # nothing more comes: one close, one email
        self.assertEqual(len(received), 1)


class PushOnTheWorkerTestCase(ProductionTestCase):
    """Web Push as production sends it: a deadline closes round 1 on the worker, round 2 opens,
    and its "your move" reaches the local push service once, from the worker's own tasks."""

    def test_it_pushes_a_phase_opened_by_a_deadline_once(self):
        from matches.notifications import push_devices, vapid
        from tests.support.push_service import push_service

        public, private = vapid.new_key_pair()
        service = self.enterContext(push_service())
        self.stack.env.update(
            NOTIFY_ON_WORKER="1",
            VAPID_PUBLIC_KEY=public,
            VAPID_PRIVATE_KEY=private,
            PUSH_DELIVERY="celery",
            PUSH_FOLD_SECONDS="0.5",
            GENIUS_ALLOW_LOOPBACK="1",
        )
        subscription = service.subscribe(public)
        with override_settings(WEBHOOK_ALLOW_LOOPBACK=True):
            push_devices.do_add_device(self.bob, subscription, "Mozilla/5.0 (iPhone) Safari/604.1")
        self.stack.worker()
        self.stack.beat()
        self.start()  # in this process, which pushes nothing: no VAPID key here
        first = self.open_phase()
        wait_until(lambda: self.closed(first), 20, what="round 1 closed by its deadline")
        second = self.open_phase()
        got = wait_until(
            lambda: (
                any("Round 2" in m for m in service.notifications(subscription["clientHash"]))
                and service.notifications(subscription["clientHash"])
            ),
            20,
            what="round 2's push",
        )
        time.sleep(2)  # nothing more comes for round 2
        about_round_2 = [m for m in service.notifications(subscription["clientHash"]) if "Round 2" in m]
        self.assertEqual(len(about_round_2), 1, got)
        self.assertIn(f"#phase-{second.pk}", about_round_2[0])
