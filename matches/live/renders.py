"""One render for every socket owed the same update at the same moment."""

import asyncio

_in_flight = {}


async def render_once(key, render):
    """Sockets that want the same update at the same moment share one render: a thousand
    spectators told of the same event number cost one render and one JSON encoding, not a
    thousand. The key holds the announced number, so nobody is handed a render begun before
    the change they were told of; it is forgotten once done (a single flight, not a cache)."""
    task = _in_flight.get(key)
    if task is None:
        task = asyncio.ensure_future(render())
        _in_flight[key] = task
        task.add_done_callback(lambda _: _in_flight.pop(key, None))
    return await asyncio.shield(task)  # one socket closing must not cancel the others' render
