"""Values kept in this process's memory, at most `size` of them, the least recently used going
first: for what is costly to make, depends on nothing but its key, and is the same in every
process (so each process keeping its own copy is correct, only more work the first time)."""

import threading
from collections import OrderedDict


class BoundedCache:
    def __init__(self, size):
        self.size, self._values, self._lock = size, OrderedDict(), threading.Lock()

    def get(self, key, make):
        """The value kept for `key`, else `make()`, kept. Two threads missing the same key at
        once both make it (the same value): cheaper than making every miss wait on one lock."""
        with self._lock:
            if key in self._values:
                self._values.move_to_end(key)
                return self._values[key]
        value = make()
        with self._lock:
            self._values[key] = value
            while len(self._values) > self.size:
                self._values.popitem(last=False)
        return value

    def keys(self):
        with self._lock:
            return list(self._values)

    def clear(self):
        with self._lock:
            self._values.clear()
