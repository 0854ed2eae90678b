"""The embedded default closes deadlines with no broker: a loop in the server process."""

import asyncio

from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from django.test import override_settings

from matches.scheduling import deadlines
from matches.core import lifecycle
from matches.models import Phase
from tests.support.base import BaseTransactionTestCase


async def run_loop_until(done, timeout):
    stop = asyncio.Event()
    loop_task = asyncio.create_task(deadlines.run_inprocess(stop, max_wait=0.2))
    try:
        for _ in range(int(timeout / 0.05)):
            if await done():
                return True
            await asyncio.sleep(0.05)
        return False
    finally:
        stop.set()
        await loop_task


@override_settings(DEADLINE_SCHEDULER="inprocess")
class InProcessDeadlinesTestCase(BaseTransactionTestCase):
    settings = {"rounds": 2, "round_seconds": 1, "close_early": False}

    def test_it_closes_a_phase_at_its_deadline_and_opens_the_next(self):
        self.start()
        first = self.open_phase()

        @database_sync_to_async
        def closed():
            return Phase.objects.get(pk=first.pk).status == Phase.CLOSED

        self.assertTrue(async_to_sync(run_loop_until)(closed, timeout=10))
        first.refresh_from_db()
        self.assertEqual(first.close_reason, "deadline")
        self.assertGreaterEqual(first.closed_at, first.deadline)
        self.assertEqual(self.open_phase().key, "round-2")

    def test_it_leaves_a_paused_match_alone(self):
        self.start()
        phase = self.open_phase()
        lifecycle.do_pause(self.match.pk, by=self.hana)

        @database_sync_to_async
        def closed():
            return Phase.objects.get(pk=phase.pk).status == Phase.CLOSED

        self.assertFalse(async_to_sync(run_loop_until)(closed, timeout=2))
