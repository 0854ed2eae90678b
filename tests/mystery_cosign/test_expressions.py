"""The expression language of Mystery Cosign's hidden operations (rulings C1, C2)."""

from __future__ import annotations

import itertools
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from games.engine_api import Invalid
from games.mystery_cosign.engine import expressions
from games.mystery_cosign.engine.expressions import (
    EDGE_VALUES,
    MAX_SOURCE_LENGTH,
    Expression,
    compile_expression,
    evaluate,
)
from games.mystery_cosign.engine.helpers import HELPERS, MAX_VALUE, UndefinedValue, letter_count
from games.mystery_cosign.engine import families, operations
from games.mystery_cosign.engine.checks import CheckReport, report_lines
from games.mystery_cosign.engine.expressions import evaluate_why

REPO_ROOT = Path(__file__).resolve().parents[2]
LETTERS = "ABCDEFGHIJKL"


def compiled(source: str) -> Expression:
    expr = compile_expression(source)
    assert isinstance(expr, Expression), expr
    return expr


def value(source: str, a: int = 0, b: int = 0) -> int | None:
    return evaluate(compiled(source), a, b)


def refused_or_undefined(source: str, a: int = 3, b: int = 4) -> bool:
    expr = compile_expression(source)
    return isinstance(expr, Invalid) or evaluate(expr, a, b) is None


# --- the seed's sample operations -------------------------------------------------------------


def test_it_gives_the_seeds_three_sample_results():
    assert value("a*b", 42, 6) == 252
    # "eight" (5) + "five" (4)
    assert value("letters(a) + letters(b)", 8, 5) == 9
    # "13" + "37"
    assert value("concat(abs(a-b), a+b)", 25, 12) == 1337


# --- letter counts ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "n, count",
    [
        (0, 4),  # zero
        (7, 5),  # seven
        (13, 8),  # thirteen
        (21, 9),  # twenty-one: twenty 6 + one 3, hyphen not counted
        (100, 10),  # one hundred: 3 + 7
        (115, 17),  # one hundred fifteen (American, no "and"): 3 + 7 + 7
        (999, 21),  # nine hundred ninety-nine: 4 + 7 + 6 + 4
        (1234, 31),  # one thousand two hundred thirty-four: 3+8+3+7+6+4, comma not counted
    ],
)
def test_it_counts_the_letters_of_a_number_written_in_american_english(n, count):
    assert letter_count(n) == count
    assert HELPERS["letters"](n) == count


def test_it_refuses_to_spell_a_negative_number():
    with pytest.raises(UndefinedValue):
        letter_count(-1)
    assert value("letters(a - b)", 1, 2) is None


# --- helpers ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "source, a, b, expected",
    [
        ("abs(a - b)", 3, 10, 7),
        ("abs(a - b)", 10, 3, 7),
        ("min(a, b, 5)", 9, 7, 5),
        ("max(a, b)", 3, 7, 7),
        ("gcd(a, b)", 12, 18, 6),
        ("gcd(a, b)", 0, 0, 0),
        ("lcm(a, b)", 4, 6, 12),
        ("lcm(a, b)", 0, 5, 0),
        ("digitsum(a)", 999, 0, 27),
        ("digitsum(a)", 0, 0, 0),
        ("digits(a)", 0, 0, 1),
        ("digits(a)", 100, 0, 3),
        ("rev(a)", 120, 0, 21),
        ("rev(a)", 7, 0, 7),
        ("concat(a, b)", 13, 37, 1337),
        ("concat(a, b)", 0, 5, 5),  # "05"
        ("concat(a, b)", 5, 0, 50),
        ("letters(a)", 8, 0, 5),  # eight
        ("isqrt(a)", 99, 0, 9),
        ("isqrt(a)", 100, 0, 10),
        ("ifelse(a > b, a, b)", 3, 8, 8),
        ("ifelse(a, 1, 2)", 0, 8, 2),
    ],
)
def test_it_evaluates_each_helper(source, a, b, expected):
    assert value(source, a, b) == expected


def test_it_offers_at_least_the_helpers_of_the_rules():
    wanted = {"abs", "min", "max", "gcd", "lcm", "digitsum", "digits", "rev", "concat",
              "letters", "isqrt", "ifelse"}  # fmt: skip
    assert wanted <= set(HELPERS)


@pytest.mark.parametrize(
    "name, args",
    [
        ("gcd", (10**100, 3)),
        ("lcm", (MAX_VALUE + 1, 2)),
        ("concat", (MAX_VALUE, 1)),
        ("concat", (-1, 2)),
        ("digitsum", (10**1000,)),
        ("rev", (-12,)),
        ("letters", (10**20,)),
        ("isqrt", (-4,)),
        ("abs", ("7",)),
        ("max", (1.5, 2)),
    ],
)
def test_it_has_each_helper_refuse_huge_or_odd_inputs_itself(name, args):
    with pytest.raises(UndefinedValue):
        HELPERS[name](*args)


# --- the language -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "source, a, b, expected",
    [
        ("a + b * 2 - 1", 3, 4, 10),
        ("a // b", 7, 2, 3),
        ("a % b", 7, 2, 1),
        ("a ** 2", 12, 0, 144),
        ("a / b", 8, 2, 4),  # whole, so defined
        ("-a + b", 3, 4, 1),
        ("a > b", 3, 1, 1),  # booleans count as 0 and 1
        ("(a > b) + (a < b) * 2", 1, 3, 2),
        ("1 < a < 5", 3, 0, 1),
        ("1 < a < 5", 7, 0, 0),
        ("a and b", 3, 4, 4),
        ("a or b", 0, 4, 4),
        ("not a", 0, 4, 1),
        ("a if a else b", 0, 4, 4),
        ("a if a else b", 2, 4, 2),
        ("a + b if a > b else a * b", 2, 4, 8),
        ("0 ** 0", 0, 0, 1),
        ("(0 - 1) ** 1000", 0, 0, 1),
    ],
)
def test_it_evaluates_integer_arithmetic_comparisons_and_conditionals(source, a, b, expected):
    result = value(source, a, b)
    assert result == expected
    assert type(result) is int


@pytest.mark.parametrize(
    "source, a, b",
    [
        ("1/0", 0, 0),
        ("a // 0", 5, 0),
        ("a % b", 5, 0),
        ("7/2", 0, 0),  # not a whole number
        ("a - b", 1, 2),  # negative
        ("-a", 1, 0),
        ("a ** (0 - 1)", 2, 0),
        ("a * b * a * b * a * b", 999, 999),  # beyond MAX_VALUE
        ("(a * b * a * b * a * b) % 7", 999, 999),  # an intermediate beyond MAX_VALUE
        ("10**15 + 1", 0, 0),
    ],
)
def test_it_leaves_errors_negatives_fractions_and_huge_values_undefined(source, a, b):
    assert value(source, a, b) is None


def test_it_keeps_abs_of_a_difference_defined():
    assert value("abs(a - b)", 1, 2) == 1


def test_it_never_raises_for_any_integer_inputs():
    expr = compiled("a * b + letters(a) + concat(a, b)")
    for a, b in [(-5, 3), (10**20, 1), (-(10**40), -(10**40)), (True, False), (0, 10**15)]:
        result = evaluate(expr, a, b)
        assert result is None or (type(result) is int and result >= 0)
    assert evaluate(expr, "3", 4) is None  # not even an integer: still no exception


# --- hostile expressions ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "source",
    [
        "a.__class__",
        "__import__('os')",
        "(lambda: 1)()",
        "[x for x in range(9)]",
        "'a'*10**9",
        "open('x')",
        "c",
        "range(9)",
        "a[0]",
        "(a := 1)",
        "f'{a}'",
        "b'x'",
        "2.5",
        "1j",
        "max(a, key=b)",
        "max(*a)",
        "abs",
        "(a, b)",
        "a in b",
        "a is b",
        "a << b",
        "a ^ b",
        "~a",
        "import os",
        "a = 1",
        "a; b",
        "",
        "   ",
        "a +",
        "gcd(a)",
        "10000000000000000 + a",  # a literal beyond MAX_VALUE
        "-" * 100 + "a",
    ],
)
def test_it_refuses_hostile_or_foreign_expressions_at_definition_time(source):
    refusal = compile_expression(source)
    assert isinstance(refusal, Invalid)
    assert refusal.message


def test_it_refuses_what_is_not_a_string():
    for source in (None, 42, b"a+b", ["a"]):
        assert isinstance(compile_expression(source), Invalid)


def test_it_refuses_a_very_long_input_before_parsing_it():
    refusal = compile_expression("a+" * 50_000)
    assert isinstance(refusal, Invalid)
    assert str(MAX_SOURCE_LENGTH) in refusal.message


def test_it_refuses_a_thousand_deep_parentheses_without_crashing():
    assert isinstance(compile_expression("(" * 1000 + "a" + ")" * 1000), Invalid)
    # deep nesting that fits the length limit is refused by the depth limit, not a crash
    assert isinstance(compile_expression("-" * 150 + "a"), Invalid)
    assert "at most 100 levels" in compile_expression("-" * 150 + "a").message
    assert evaluate(compiled("not " * 70 + "a"), 1, 0) == 1  # 71 levels: within the limit


@pytest.mark.parametrize(
    "source, a, b",
    [
        ("9**9**9", 0, 0),
        ("a**b", 999, 999),
        ("2**a", 100, 0),
        ("concat(concat(concat(concat(concat(concat(a, a), a), a), a), a), a)", 999, 999),
    ],
)
def test_it_makes_explosive_expressions_undefined_without_computing_them(source, a, b):
    assert value(source, a, b) is None


def test_it_computes_nested_concat_while_it_stays_small():
    source = "concat(concat(concat(concat(concat(concat(a, a), a), a), a), a), a)"
    assert value(source, 1, 1) == 1111111


def test_it_allows_a_conditional_and_reports_an_unknown_name():
    assert isinstance(compile_expression("a if a else b"), Expression)
    refusal = compile_expression("a + c")
    assert isinstance(refusal, Invalid)
    assert "'c'" in refusal.message


def test_it_makes_an_expression_that_exceeds_the_step_budget_undefined(monkeypatch):
    # Within the node and length limits an expression cannot spend 500 steps; the budget is the
    # last guard, shown here by lowering it.
    expr = compiled("+".join(["letters(a)"] * 25))
    assert evaluate(expr, 3, 4) == 25 * 5  # "three"
    monkeypatch.setattr(expressions, "MAX_STEPS", 40)
    assert evaluate_why(expr, 3, 4)[0] is None
    assert evaluate_why(expr, 3, 4)[2] == "more than 40 steps"
    monkeypatch.setattr(expressions, "MAX_STEPS", 5)
    assert evaluate(compiled("a + b + a + b"), 1, 1) is None


# --- checking an operation before a match -----------------------------------------------------


def edge_report(source):
    report = CheckReport()
    for a, b in itertools.product(EDGE_VALUES, EDGE_VALUES):
        report.add(a, b, *evaluate_why(compiled(source), a, b))
    return report


def test_it_checks_an_operation_on_the_edges_and_the_shared_random_inputs():
    table = operations.table("a + b")
    assert len(table.values) == len(operations.INPUTS) == len(EDGE_VALUES) ** 2 + 3000
    assert (table.report.undefined, table.report.negative, table.report.errors) == (0, 0, 0)
    assert report_lines("A", table.report) == [f"A: fine on all {table.report.tried} inputs."]


def test_it_reports_undefined_and_negative_results_and_why_to_the_host():
    report = edge_report("a - b")
    # 81 edge pairs, 36 with a < b
    assert (report.tried, report.undefined, report.negative, report.errors) == (81, 36, 36, 0)
    assert report.negative_examples[0] == (0, 1)
    [line] = report_lines("D", report)
    assert line.startswith("D: undefined on 36 of 81 inputs (e.g. 0 D 1")
    assert "a negative result (36)" in line and "negative on 36" in line
    report = edge_report("a // b")
    assert (report.undefined, report.negative, report.errors) == (9, 0, 9)
    assert report_lines("E", report) == [
        "E: undefined on 9 of 81 inputs (e.g. 0 E 0, 1 E 0, 2 E 0): division by zero (9); negative on 0."
    ]


@pytest.mark.parametrize(
    "source, a, b, why",
    [
        ("a * 10**14 * 100", 7, 0, "a value beyond 10^15"),
        ("a // b", 7, 0, "division by zero"),
        ("a / (b + 1)", 7, 2, "division is not whole"),
        ("concat(a*10**14, b*10)", 7, 2, "a value beyond 10^15"),
        ("a - b", 1, 2, "a negative result"),
        ("2**a", 99, 0, "a value beyond 10^15"),
    ],
)
def test_each_limit_says_its_name(source, a, b, why):
    assert evaluate_why(compiled(source), a, b) == (None, "negative" if "negative" in why else "error", why)


def test_ifelse_evaluates_only_the_branch_it_takes():
    assert evaluate(compiled("ifelse(b, a // b, 0)"), 5, 0) == 0
    assert evaluate(compiled("ifelse(b, a // b, 0)"), 6, 3) == 2


def test_a_flat_sum_of_many_terms_is_not_refused_as_nested():
    assert evaluate(compiled(" + ".join(["a"] * 40)), 2, 0) == 80


@pytest.mark.parametrize(
    "source, says",
    [
        ("a in b", "“in” is not allowed"),
        ("a not in b", "“not in”"),
        ("a is b", "“is”"),
        ("\u0430 + b", "U+0430"),
    ],
)
def test_it_refuses_with_words_a_host_reads(source, says):
    result = compile_expression(source)
    assert says in result.message, result.message


def test_the_check_of_a_costly_operation_stops_at_its_step_budget():
    costly = "+".join(["letters(a*b)"] * 20)  # about 60 steps an input
    table = operations.table(costly)
    assert table.report.cut_short and len(table.values) < len(operations.INPUTS)
    assert "as many as its step budget allowed" in report_lines("A", table.report)[0]


# --- ready sets -------------------------------------------------------------------------------


def test_the_sample_set_is_the_seeds():
    assert {"a*b", "letters(a) + letters(b)", "concat(abs(a-b), a+b)"} <= set(operations.SAMPLE.values())
    assert "public" in operations.SETS["sample"]


@pytest.mark.parametrize("difficulty", sorted(families.FAMILIES))
def test_made_sets_differ_by_seed_and_pass_the_check(difficulty):
    made = [families.generate(difficulty, random.Random(seed)) for seed in range(12)]
    assert len({tuple(sorted(m.items())) for m in made}) == 12  # two matches, two different sets
    for ops in made:
        assert list(ops) == list(LETTERS)
        for letter, source in ops.items():
            report = operations.table(source).report
            assert report.fine, report_lines(letter, report)
        assert not isinstance(operations.make_targets(ops, 3, 3, random.Random(1)), type(compile_expression(1)))


@pytest.mark.parametrize("difficulty", sorted(families.FAMILIES))
def test_every_family_is_defined_everywhere_for_its_extreme_constants(difficulty):
    for template, constants in families.FAMILIES[difficulty]:
        for pick in (0, 1):
            filled = template.format(**{k: bounds[pick] for k, bounds in constants.items()})
            report = operations.table(filled).report
            assert report.fine, report_lines(filled, report)


# --- purity -----------------------------------------------------------------------------------


def test_it_imports_without_loading_django():
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    code = (
        "import sys, games.mystery_cosign.engine.expressions\n"
        "print(sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
