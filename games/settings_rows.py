"""Settings a host writes as rows of text instead of JSON (Pokemon names, movement options, board
lines, operations): a game lists them in `GameEngine.settings_rows`, one `SettingRows` per
setting. The platform shows one text line per row, reads each with the game's `read` and shows
beside it what the game understood, in words, or why it refused it; `combine` then makes the
setting's value from the rows. Pure Python, like the engines: the game says what a row means,
the platform draws it.

The rows come in groups (a board's seven slots); a setting of a fixed size has `min_groups ==
max_groups`, one that grows (boards) offers `spare_groups` blank groups past the ones filled."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.engine_types import Invalid


@dataclass(frozen=True)
class RowRead:
    """What one row says: its value (None for a blank row) and the words shown beside it."""

    value: Any
    words: str = ""


class RowProblems(dict[int, str]):
    """Refusals of some rows, by row index, from `combine` (a dict value would be the setting)."""


class SettingRows:
    name: str = ""  # the settings key the rows make
    label: str = ""  # the rows' heading
    help: str = ""  # one line under the heading: what a row holds, what a blank row means
    placeholder: str = ""  # an example row
    max_length: int = 200  # characters per row
    group_size: int = 1
    min_groups: int = 1
    max_groups: int = 1
    spare_groups: int = 0

    def group_label(self, group: int) -> str:
        """A heading above each group (groups of more than one row), e.g. "Board 2"."""
        return ""

    def row_label(self, row: int) -> str:
        raise NotImplementedError

    def texts(self, value: Any) -> list[str]:
        """The rows that write `value` (the setting as stored; never trusted: any JSON may come)."""
        raise NotImplementedError

    def read(self, row: int, text: str) -> RowRead | Invalid:
        """One row, stripped: what it means, or why not. A blank row is read too."""
        raise NotImplementedError

    def combine(self, values: list[Any]) -> Any | Invalid | RowProblems:
        """The setting's value from every row's value (None where blank), or a refusal: of the
        rows as a whole (Invalid) or of some rows (RowProblems: a board with a slot left blank)."""
        raise NotImplementedError

    def check(self, value: Any, settings: dict[str, Any]) -> str | None:
        """Why the value does not go with the other settings chosen (say, boards written but
        not chosen), or None."""
        return None

    def groups_for(self, value: Any) -> int:
        """How many groups of rows to show for a stored value, spares included."""
        filled = -(-len(self.texts(value)) // self.group_size)
        return max(self.min_groups, min(self.max_groups, filled + self.spare_groups))


def blank_rows(texts: list[str], size: int) -> list[str]:
    """`texts` padded with blank rows to `size`."""
    return (list(texts) + [""] * size)[:size]
