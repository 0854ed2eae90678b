"""Per-viewer stripping: one place that decides whether a viewer may see a seat's hidden fields.

A game keeps its hidden values in records that name their owner; `visible` copies a record for a
viewer, leaving out the hidden fields unless the viewer owns it, is the host, or the match is over
(when everything is revealed). `visible_to_others` is the other way round: a value every other
player sees and its owner does not (a card held to the forehead)."""

from __future__ import annotations

from collections.abc import Container, Iterable
from typing import Any

from games.engine_api import SEAT, Viewer


def sees_everything(viewer: Viewer, finished: bool) -> bool:
    """The host always, everyone once the match is over."""
    return viewer.is_host or finished


def is_seat(viewer: Viewer, seat: int) -> bool:
    return viewer.kind == SEAT and viewer.seat == seat


def is_seat_among(viewer: Viewer, seats: Container[int]) -> bool:
    """The viewer holds one of `seats` (say `range(len(names))`, or the seats of one role);
    seat 0 counts, and a spectator or the host holds none."""
    return viewer.kind == SEAT and viewer.seat in seats


def visible(
    record: dict[str, Any], owner: int | None, hidden: Iterable[str], viewer: Viewer, finished: bool
) -> dict[str, Any]:
    """`record` as `viewer` may see it: without the `hidden` fields unless the viewer owns the
    record (`owner` is their seat), is the host, or the match is over."""
    if sees_everything(viewer, finished) or (owner is not None and is_seat(viewer, owner)):
        return dict(record)
    hidden = set(hidden)
    return {key: value for key, value in record.items() if key not in hidden}


def visible_to_others(
    record: dict[str, Any], owner: int, hidden: Iterable[str], viewer: Viewer, finished: bool
) -> dict[str, Any]:
    """`record` as `viewer` may see it when everyone but its owner sees the `hidden` fields: the
    other seats, the host, and everyone once the match is over. Spectators do not: the owner can
    open the public page logged out, so what a spectator sees its owner sees too."""
    if sees_everything(viewer, finished) or (viewer.kind == SEAT and viewer.seat != owner):
        return dict(record)
    hidden = set(hidden)
    return {key: value for key, value in record.items() if key not in hidden}
