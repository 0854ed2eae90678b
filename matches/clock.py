"""The platform's idea of now. `playtest` swaps in a simulated clock; nothing else does."""

import contextlib
from datetime import timedelta

from django.utils import timezone

_simulated = None


def now():
    return _simulated if _simulated is not None else timezone.now()


@contextlib.contextmanager
def simulated(start=None):
    global _simulated
    _simulated = start or timezone.now()
    try:
        yield
    finally:
        _simulated = None


def advance_to(moment):
    global _simulated
    assert _simulated is not None, "advance_to only works on a simulated clock"
    _simulated = max(_simulated, moment) + timedelta(milliseconds=1)
