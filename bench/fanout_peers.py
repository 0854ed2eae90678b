"""The processes the fan-out benchmark runs beside the server, each on its own cores' share:

    python -m bench.fanout_peers clients URL N     N websockets; once all are open it prints
                                                   "ready", then the arrival time (time.time())
                                                   of each socket's first message (null: the
                                                   server dropped that socket first)
    python -m bench.fanout_peers players JSON      the same for a socket per [url, cookie] pair of
                                                   the JSON list (each player as themselves)
    python -m bench.fanout_peers watchers JSON     a socket per [url, cookie] pair, each reading
                                                   every message as an open page does, until it is
                                                   stopped; prints "ready" once all are open
    python -m bench.fanout_peers broadcaster PORT REDIS_URL CHANNEL [none|deflate]
                                                   the baseline: a bare websocket server that
                                                   sends every message of a Redis pub/sub
                                                   channel to every client connected to it

The clients do no JSON parsing, so that what they measure is delivery, not their own work."""

import asyncio
import json
import sys
import time

CONNECT_BATCH = 50  # connections opened at once: a thousand at once overflows the listen backlog
OPEN_TIMEOUT = 600  # seconds for every socket to open (ten thousand take a while on two cores)


async def clients(url, n):
    await sockets_of([(url, None)] * n)


async def sockets_of(targets):
    """A socket per (url, cookie) of `targets`: "ready" once all are open, then the arrivals."""
    import websockets

    async def one(url, cookie):
        # Connected with `since` set to the match's current number, the site sends nothing until
        # the next change; the socket is in the match's group once the handshake is done.
        return await websockets.connect(
            url,
            origin=url.replace("ws://", "http://").split("/ws/")[0],
            additional_headers=[("Cookie", cookie)] if cookie else None,
            max_size=None,
            open_timeout=60,
            ping_interval=None,
        )

    async def all_of_them():
        sockets = []
        for start in range(0, len(targets), CONNECT_BATCH):
            sockets += await asyncio.gather(*[one(*t) for t in targets[start : start + CONNECT_BATCH]])
        return sockets

    sockets = await asyncio.wait_for(all_of_them(), timeout=OPEN_TIMEOUT)
    print("ready", flush=True)

    async def arrival(ws):
        try:
            await ws.recv()
        except websockets.ConnectionClosed:  # the server dropped it: reported as lost
            return None
        return time.time()

    arrivals = await asyncio.wait_for(asyncio.gather(*[arrival(ws) for ws in sockets]), timeout=120)
    print(json.dumps(arrivals), flush=True)
    await asyncio.gather(*[ws.close() for ws in sockets])


async def watchers(targets):
    """Open pages beside what a benchmark measures: every socket reads what it is sent (so the
    server's renders and writes happen, as for a browser) and holds on until the process ends."""
    import websockets

    sockets = []
    for url, cookie in targets:
        sockets.append(
            await websockets.connect(
                url,
                origin=url.replace("ws://", "http://").split("/ws/")[0],
                additional_headers=[("Cookie", cookie)] if cookie else None,
                max_size=None,
                ping_interval=None,
            )
        )
    print("ready", flush=True)

    async def drain(ws):
        try:
            async for _ in ws:
                pass
        except websockets.ConnectionClosed:
            pass

    await asyncio.gather(*[drain(ws) for ws in sockets])


async def broadcaster(port, redis_url, channel, compression="none"):
    import redis.asyncio as redis
    import websockets

    connected = set()

    async def handler(ws):
        connected.add(ws)
        try:
            await ws.wait_closed()
        finally:
            connected.discard(ws)

    pubsub = redis.from_url(redis_url).pubsub()
    await pubsub.subscribe(channel)
    # compression "none", as the site serves (WS_DEFLATE off); "deflate" as websockets and uvicorn
    # default to: each socket then compresses the same message in a context of its own.
    async with websockets.serve(
        handler,
        "127.0.0.1",
        port,
        max_size=None,
        ping_interval=None,
        compression=None if compression == "none" else "deflate",
    ):
        print("ready", flush=True)
        async for message in pubsub.listen():
            if message["type"] == "message":
                websockets.broadcast(connected, message["data"].decode())


if __name__ == "__main__":
    mode, *args = sys.argv[1:]
    if mode == "clients":
        asyncio.run(clients(args[0], int(args[1])))
    elif mode == "players":
        asyncio.run(sockets_of(json.loads(args[0])))
    elif mode == "watchers":
        asyncio.run(watchers(json.loads(args[0])))
    else:
        asyncio.run(broadcaster(int(args[0]), args[1], args[2], *args[3:]))
