"""One render for every socket owed the same update at the same moment."""

import asyncio

from channels.db import database_sync_to_async

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


async def render_many(items):
    """render_once for several keys of one announcement at once: `items` are (key, render_sync),
    render_sync(shared) a sync render. Those not already in flight are rendered one after another
    in a single call on the sync thread, with one `shared` dict, so that what their viewers read
    alike (the match, its seats and open phases) is read once for all: thirteen players of one
    match are thirteen renders, not thirteen times every query (bench/fanout_players.py).
    Returns each key's render or the exception it raised, in the order of `items`."""
    loop = asyncio.get_running_loop()
    waiting, mine = {}, []
    for key, render_sync in items:
        if key in waiting:
            continue
        task = _in_flight.get(key)
        if task is None:
            task = _in_flight[key] = loop.create_future()
            task.add_done_callback(lambda _, key=key: _in_flight.pop(key, None))
            mine.append((key, render_sync, task))
        waiting[key] = task
    if mine:
        try:
            done = await database_sync_to_async(_render_all)([(key, render) for key, render, _ in mine])
        except BaseException as error:  # the batch itself failed or was cancelled: nobody waits forever
            for _, _, task in mine:
                if not task.done():
                    task.set_exception(error if isinstance(error, Exception) else RuntimeError("render cancelled"))
            raise
        for (key, _, task), (ok, value) in zip(mine, done):
            if ok:
                task.set_result(value)
            else:
                task.set_exception(value)
    results = []
    for key, _ in items:
        try:
            results.append(await asyncio.shield(waiting[key]))
        except Exception as error:  # noqa: BLE001 - one viewer's render failing is theirs alone
            results.append(error)
    return results


def _render_all(renders):
    shared, out = {}, []
    for _, render_sync in renders:
        try:
            out.append((True, render_sync(shared)))
        except Exception as error:  # noqa: BLE001 - handed to that key's sockets, not the others'
            out.append((False, error))
    return out
