"""Mystery Cosign's host check and start on the worst legal set (letter-count-heavy, one rarely
defined operation: tests/mystery_cosign/support.py WORST_LEGAL), against the same check of the
cheapest set (twelve sums) measured in the same run. Targets: check within 2 s, start (what
happens inside the match lock) within 100 ms."""

import random
import statistics
import time

from .common import sized

REPS = sized(5, 1)


def _timed(fn):
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def run():
    from games.engine_api import SeatInfo
    from games.mystery_cosign.engine import ENGINE, operations
    from tests.mystery_cosign.support import WORST_LEGAL

    cheapest = {letter: f"a + b + {n}" for n, letter in enumerate(operations.LETTERS)}
    seats = [SeatInfo(0, "Ann"), SeatInfo(1, "Ben")]

    def check(ops):
        def go():
            operations.table.cache_clear()
            settings = ENGINE.validate_settings({"operation_set": "hard", "operations": ops}, 2)
            ENGINE.settings_report(ENGINE.prepare(settings, 2, random.Random(1)))

        return go

    worst = [_timed(check(WORST_LEGAL)) for _ in range(REPS)]
    base = [_timed(check(cheapest)) for _ in range(REPS)]
    prepared = ENGINE.prepare(
        ENGINE.validate_settings({"operation_set": "hard", "operations": WORST_LEGAL}, 2), 2, random.Random(1)
    )
    start = [_timed(lambda: ENGINE.setup(seats, prepared, random.Random(2))) for _ in range(REPS)]
    w, b, s = statistics.median(worst), statistics.median(base), statistics.median(start)
    return {"check_worst_s": w, "check_cheapest_s": b, "ratio_worst_to_cheapest": w / b, "start_in_lock_ms": s * 1000}


def table_lines(r):
    return [
        f"Mystery Cosign: host check of the worst legal set {r['check_worst_s']:.2f} s "
        f"({r['ratio_worst_to_cheapest']:.2f} x the cheapest set's {r['check_cheapest_s']:.2f} s); "
        f"start inside the match lock {r['start_in_lock_ms']:.2f} ms"
    ]
