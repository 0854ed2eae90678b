"""Sockets that want the same update at the same moment share one render (fan-out to many
spectators), and a render is never reused once it is done or for a newer event number."""

import asyncio

from matches.live.renders import render_once


def counting_render(log, seq):
    async def render():
        log.append(seq)
        await asyncio.sleep(0.01)
        return seq, f"update {seq}"

    return render


def test_it_renders_once_for_a_hundred_sockets_at_the_same_point():
    log = []

    async def main():
        return await asyncio.gather(*[render_once(("spectator", 1, 4, 5), counting_render(log, 5)) for _ in range(100)])

    results = asyncio.run(main())
    assert log == [5]
    assert set(results) == {(5, "update 5")}


def test_it_renders_again_for_a_newer_event_number_and_after_it_is_done():
    log = []

    async def main():
        first = render_once(("spectator", 1, 4, 5), counting_render(log, 5))
        newer = render_once(("spectator", 1, 4, 6), counting_render(log, 6))
        results = await asyncio.gather(first, newer)
        later = await render_once(("spectator", 1, 4, 5), counting_render(log, 5))
        return results, later

    results, later = asyncio.run(main())
    assert results == [(5, "update 5"), (6, "update 6")]
    assert later == (5, "update 5") and log == [5, 6, 5]


def test_it_keeps_rendering_for_the_others_when_one_socket_goes():
    log = []

    async def main():
        key = ("spectator", 1, 0, 0)
        leaving = asyncio.ensure_future(render_once(key, counting_render(log, 3)))
        staying = asyncio.ensure_future(render_once(key, counting_render(log, 3)))
        await asyncio.sleep(0)
        leaving.cancel()
        return await staying

    assert asyncio.run(main()) == (3, "update 3") and log == [3]
