"""Made sets and targets (C1, C6 amended): two matches of one set differ; generated targets are
distinct, reached by an active operation and not free (never 0 or 1, no trivial P, Q, where P or Q
is 0 or 1 or P = Q, hits them on two active operations, no single P, Q hits them on most active
operations) and the same for the same seed; a set that cannot give three is refused with a reason;
the host's check has a cost bound and starting a match evaluates nothing."""

import functools
import random

from games import engine_api as api
from games.mystery_cosign.engine import ENGINE, expressions, operations
from games.mystery_cosign.engine.operations import INPUTS, active
from matches.core import lifecycle
from matches.models import Match
from tests.support.base import BaseTestCase
from tests.mystery_cosign.support import EASY, SEATS, WORST_LEGAL


def prepared(seed, **settings):
    merged = ENGINE.validate_settings({"targets": [], **settings}, 2)
    assert not isinstance(merged, api.Invalid), merged
    return ENGINE.prepare(merged, 2, random.Random(seed))


def test_two_matches_of_one_set_have_different_operations():
    for difficulty in ("easy", "medium", "hard"):
        a, b = prepared(1, operation_set=difficulty), prepared(2, operation_set=difficulty)
        assert a["operations"] != b["operations"], difficulty
        assert prepared(1, operation_set=difficulty)["operations"] == a["operations"]  # the seed decides


def test_the_host_writes_over_a_made_set():
    made = prepared(3, operation_set="hard", operations={"C": "a*b"})["operations"]
    assert made["C"] == "a*b" and len(made) == 12


def test_generated_targets_are_distinct_reached_and_not_free():
    for seed in range(8):
        for difficulty in ("sample", "easy", "medium", "hard"):
            settings = prepared(seed, operation_set=difficulty)
            ops, targets = settings["operations"], settings["targets"]
            assert len(targets) == 9
            for n, triple in enumerate(targets):
                letters = active(1 + n // 3)
                assert len(set(triple)) == 3, (difficulty, seed, triple)
                for target in triple:
                    hits_per_input = [
                        sum(1 for letter in letters if operations.value(ops[letter], a, b) == target)
                        for a, b in INPUTS[:200]
                    ]
                    assert max(hits_per_input) <= len(letters) // 2, (difficulty, seed, target)
                    assert any(target in operations.table(ops[letter]).values for letter in letters)


def test_zero_is_never_offered_on_sums_differences_and_products():
    # 0 + 0, |0 - 0|, 0 * 0 and max(0, 0) are all 0: P = Q = 0 would score on all four
    settings = prepared(1, operation_set="easy", operations=EASY)
    assert all(0 not in triple for triple in settings["targets"][:3])


def test_trivial_pairs_worked_by_hand():
    # A = a % 10 gives 0-9, B = b % 10 + 5 gives 5-14, C = a % 3 + 20 gives 20-22, D = b % 5 + 20
    # gives 20-24; A, B never meet C, D. On a trivial pair (P or Q is 0 or 1, or P = Q):
    #   A = B only at Q = 0 (B = 5, so P = 5, 15, ...) and Q = 1 (B = 6): 5 and 6 are free;
    #   C = D at P = 0 or Q = 0 (on 20), at P = 1 or Q = 1 (on 21) and at P = Q = 0, 1, 2
    #   (P % 3 = P % 5: on 20, 21, 22): 20, 21 and 22 are free.
    # 0 and 1 are free by rule. 7 stays: P = 7, Q = 2 hits it on A and B, but that is not trivial.
    ops = {"A": "a % 10", "B": "b % 10 + 5", "C": "a % 3 + 20", "D": "b % 5 + 20"}
    assert operations.usable_targets(ops, 1) == [2, 3, 4, 7, 8, 9, 10, 11, 12, 13, 14, 23, 24]
    assert operations.value(ops["A"], 7, 2) == operations.value(ops["B"], 7, 2) == 7


def test_when_every_value_is_free_on_two_operations_the_limit_rises_to_the_fewest():
    # A = a % 10, B = b % 10, C = (a + b) % 10, D = a*b % 10 all give digits. Every digit d is on
    # two of them at some trivial pair: B = C = d at P = 0, Q = d. At P = Q = d, A = B = d, C = 2d % 10
    # and D = d*d % 10, so 5 and 6 are on three (A, B, D) and no other digit is on three anywhere
    # trivial. Nothing is left at one operation; at two: the digits but 0, 1 (by rule), 5 and 6.
    ops = {"A": "a % 10", "B": "b % 10", "C": "(a + b) % 10", "D": "a*b % 10"}
    assert operations.usable_targets(ops, 1) == [2, 3, 4, 7, 8, 9]


TRIVIAL_PAIRS = sorted(
    {(x, v) for x in (0, 1) for v in range(1000)}
    | {(v, x) for x in (0, 1) for v in range(1000)}
    | {(v, v) for v in range(1000)}
)


@functools.lru_cache(maxsize=None)
def values_on_trivial_pairs(source):
    # straight from the evaluator, not from the tables usable_targets reads
    return [operations.value(source, a, b) for a, b in TRIVIAL_PAIRS]


def test_no_trivial_pair_hits_a_generated_target_on_two_operations():
    # (these seeds' sets leave plenty of targets at one operation: none needs the raised limit)
    for difficulty in ("sample", "easy", "medium", "hard"):
        for seed in range(1 if difficulty == "sample" else 3):  # the sample set's operations are fixed
            settings = prepared(100 + seed, operation_set=difficulty)
            ops, targets = settings["operations"], settings["targets"]
            for phase in (1, 2, 3):
                columns = [values_on_trivial_pairs(ops[letter]) for letter in active(phase)]
                shown = {t for triple in targets[3 * (phase - 1) : 3 * phase] for t in triple}
                assert not shown & {0, 1}, (difficulty, seed, shown)
                for i, pair in enumerate(TRIVIAL_PAIRS):
                    row = [column[i] for column in columns]
                    assert all(row.count(t) <= 1 for t in shown), (difficulty, seed, phase, pair, row, shown)


def test_the_same_seed_draws_the_same_targets():
    first = prepared(7, operation_set="hard")
    operations.table.cache_clear()  # worked out afresh, not read back from the caches
    operations.trivial_values.cache_clear()
    again = prepared(7, operation_set="hard")
    assert again["operations"] == first["operations"] and again["targets"] == first["targets"]
    ops = first["operations"]
    assert operations.make_targets(ops, 3, 3, random.Random(4)) == operations.make_targets(ops, 3, 3, random.Random(4))


def test_a_set_that_cannot_give_three_targets_is_refused_with_a_reason():
    few = {**EASY, "A": "a % 2", "B": "b % 2", "C": "(a + b) % 2", "D": "(a * b) % 2"}
    refusal = prepared(1, operation_set="easy", operations=few)
    assert isinstance(refusal, api.Invalid)
    assert "Operations A-D give only" in refusal.message and "three are needed" in refusal.message


def test_the_check_of_the_worst_legal_set_has_a_bounded_cost():
    operations.table.cache_clear()
    before = expressions.EVALUATIONS[0]
    lines = operations.check_report(WORST_LEGAL)
    spent = expressions.EVALUATIONS[0] - before
    assert spent <= 12 * len(INPUTS)
    # the letter-heavy ones stop at their step budget: far fewer evaluations than inputs
    assert spent < 12 * len(INPUTS) // 2, spent
    assert any("as many as its step budget allowed" in line for line in lines)
    assert any(line.startswith("L: undefined on") and "division by zero" in line for line in lines)


def test_setup_evaluates_nothing_once_prepared():
    settings = prepared(5, operation_set="hard")
    before = expressions.EVALUATIONS[0]
    ENGINE.setup(SEATS, settings, random.Random(1))
    assert expressions.EVALUATIONS[0] == before


class StartTestCase(BaseTestCase):
    game = "mystery_cosign"
    settings = {"operation_set": "hard"}
    seats = ("alice", "bob")

    def test_it_prepares_before_locking_and_stores_what_it_made(self):
        calls = []
        original = lifecycle.transaction.atomic

        def watched_atomic(*args, **kwargs):
            calls.append(expressions.EVALUATIONS[0])
            return original(*args, **kwargs)

        lifecycle.transaction.atomic = watched_atomic
        try:
            operations.table.cache_clear()
            lifecycle.do_start(self.match.pk)
            after = expressions.EVALUATIONS[0]
        finally:
            lifecycle.transaction.atomic = original
        self.match.refresh_from_db()
        self.assertEqual(self.match.status, Match.RUNNING)
        self.assertEqual(calls[0], after)  # nothing was evaluated once the match was locked
        self.assertEqual(len(self.match.settings["operations"]), 12)
        self.assertEqual(self.match.state["ops"], self.match.settings["operations"])
        self.assertEqual(len(self.match.settings["targets"]), 9)
