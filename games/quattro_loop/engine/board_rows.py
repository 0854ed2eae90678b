"""Custom boards as the host writes them on the setup form: a line of notation per slot A-G of
each board, each said back in words and in canonical notation (L14a, L14d), a refusal naming the
column. A blank board is left out; one more blank board is always offered."""

from __future__ import annotations

from games import engine_api as api

from . import notation
from .boards import CUSTOM

SLOTS = len(notation.SLOTS)
MOST_BOARDS = 100


class BoardLines(api.SettingRows):
    name = "board_lines"
    label = "Custom boards"
    help = (
        "With Boards: custom. One line of notation per slot, e.g. \"now: +1 this\" or \"end: if this is red: double "
        "this\"; board 1 is round 1's, and rounds past the last board are generated. A blank board is left out."
    )
    placeholder = "end: +1 adj"
    max_length = notation.MAX_LINE
    group_size, min_groups, max_groups, spare_groups = SLOTS, 1, MOST_BOARDS, 1

    def group_label(self, group):
        return f"Board {group + 1} (round {group + 1})"

    def row_label(self, row):
        return f"Slot {notation.SLOTS[row % SLOTS]}"

    def texts(self, value):
        boards = value if isinstance(value, list) else []
        rows = []
        for board in boards[:MOST_BOARDS]:
            lines = board if isinstance(board, list) else []
            rows += api.blank_rows([line if isinstance(line, str) else "" for line in lines], SLOTS)
        return rows

    def read(self, row, text):
        if not text:
            return api.RowRead(None, "")
        effect = notation.parse(text)
        if isinstance(effect, notation.ParseError):
            return api.Invalid(f"Not read, {effect}.")
        return api.RowRead(text, f"{notation.words(effect)} [{notation.to_text(effect)}]")

    def combine(self, values):
        boards, problems = [], api.RowProblems()
        for start in range(0, len(values), SLOTS):
            lines = values[start : start + SLOTS]
            if all(line is None for line in lines):
                continue
            problems.update(
                {
                    start + i: f"Write all seven slots of board {start // SLOTS + 1}, or clear them all."
                    for i, line in enumerate(lines)
                    if line is None
                }
            )
            boards.append(lines)
        return problems or boards

    def check(self, value, settings):
        if value and settings.get("boards") != CUSTOM:
            return "These boards are played only with Boards: custom. Choose it above, or clear them."
        if settings.get("boards") == CUSTOM and not value:
            return "Boards: custom needs at least one board written here."
        return None
