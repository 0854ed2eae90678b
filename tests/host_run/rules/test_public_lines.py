"""What a proposal's public lines give away. Unless the host ticks "show the numbers", the lines
say the outcome only: a player's answer that did not decide it (and the deciding number itself)
never changes a line, and no reason names another player's answer. Varying one hidden answer
at a time, as the side-channel suite does on pages."""

from .helpers import run

CASES = [  # (rule, parameters, two rounds that differ only in hidden numbers, not in the outcome)
    ("auction", {"wins": "highest", "pays": "own", "pay_counter": "Coins"}, {0: 7, 1: 5}, {0: 7, 1: 3}),
    ("auction", {"wins": "highest", "pays": "second", "pay_counter": "Coins"}, {0: 9, 1: 3}, {0: 4, 1: 3}),
    ("vote", {"counter": "Lives", "delta": "-1"}, {0: 1, 1: 1, 2: 0}, {0: 1, 1: 1, 2: 1}),
    ("unique", {"counter": "Points", "delta": "1"}, {0: 5, 1: 5, 2: 3, 3: 1}, {0: 4, 1: 4, 2: 3, 3: 0}),
    ("target", {"target": "fixed", "value": "10", "counter": "Points", "delta": "1"}, {0: 12, 1: 20}, {0: 11, 1: 30}),
    (
        "payoff",
        {"counter": "Points", "table": "c, c: 1, 1\nc, b: 0, 2\nb, b: 0, 0"},
        {0: "c", 1: "b"},
        {0: "b", 1: "b"},
    ),
]
DECIDING = [  # the same, but the number that decides (the price, the winning number, the target) differs
    CASES[1],
    ("unique", {"counter": "Points", "delta": "1"}, {0: 5, 1: 5, 2: 3}, {0: 5, 1: 5, 2: 2}),
    ("target", {"target": "average", "counter": "Points", "delta": "1"}, {0: 10, 1: 20, 2: 30}, {0: 10, 1: 20, 2: 33}),
]


def _reasons(proposal):
    return {(change.seat, change.reason) for change in proposal.changes}


def test_it_keeps_hidden_numbers_out_of_the_public_lines_and_reasons():
    for rule, raw, first, second in CASES + DECIDING:
        one, two = run(rule, first, **raw), run(rule, second, **raw)
        assert one.lines == two.lines, (rule, one.lines, two.lines)
        # A seat's reason is the same whatever the others sent (a change of 0 is not proposed at all).
        assert _reasons(one) <= _reasons(two) or _reasons(two) <= _reasons(one), rule


def test_it_gives_the_deciding_numbers_when_the_host_asks():
    for rule, raw, first, second in DECIDING:
        one, two = run(rule, first, show_numbers="on", **raw), run(rule, second, show_numbers="on", **raw)
        assert one.lines != two.lines, rule
