"""The five photo exhibits (S8, S9): how many photos each takes and how two entries compare."""

from __future__ import annotations

from statistics import median

EXHIBITS = "ABCDE"
PHOTOS = {"A": 3, "B": 3, "C": 2, "D": 2, "E": 2}
NAMES = {
    "A": "3 photos: the most even values among all 15 (0 is even)",
    "B": "3 photos: the highest sum of each stat's median",
    "C": "2 photos: the higher ten values, compared sorted from the top",
    "D": "2 photos: the lowest product of the ten values (a 0 counts as the highest of the other nine)",
    "E": "2 photos: the highest sum of each stat's difference between the two",
}


def exhibit_value(exhibit: str, photos: list[list[int]]):
    """The value that decides an entry (photos: each a list of five stats). Compare with
    `better`, since D's lower wins."""
    values = [v for stats in photos for v in stats]
    if exhibit == "A":
        return sum(1 for v in values if v % 2 == 0)
    if exhibit == "B":
        return sum(int(median(column)) for column in zip(*photos))
    if exhibit == "C":
        return sorted(values, reverse=True)
    if exhibit == "D":
        product = 1
        for i, v in enumerate(values):
            product *= v if v else max(values[:i] + values[i + 1 :])  # S12e: of the other nine
        return product
    return sum(abs(a - b) for a, b in zip(*photos))


def points(exhibit: str, mine: list[list[int]], theirs: list[list[int]]) -> float:
    """1 if `mine` wins the exhibit, 0.5 on a tie, 0 if it loses."""
    a, b = exhibit_value(exhibit, mine), exhibit_value(exhibit, theirs)
    if a == b:
        return 0.5
    if exhibit == "D":
        return 1.0 if a < b else 0.0
    return 1.0 if a > b else 0.0


def take_photos(priority_order, other_order, priority_count, other_count):
    """S8: the priority photographer takes their first ones; the other skips those."""
    first = list(priority_order[:priority_count])
    second = [p for p in other_order if p not in first][:other_count]
    return first, second
