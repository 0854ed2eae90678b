"""`make bench`: run every benchmark on the machine's PostgreSQL and Redis, write
bench/results.json and print a short table. See docs/benchmarks.md."""

import json
import os
import platform
import time
from pathlib import Path

from . import common


def main():
    common.fresh_database()
    from . import cosign, deadlines, fanout, fanout_players, moves, pages, push, queries, resolution, soak

    results = {
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "platform": platform.platform()},
        "started": time.strftime("%Y-%m-%d %H:%M:%S"),
    }
    out = Path(__file__).with_name("smoke-results.json" if common.SMOKE else "results.json")
    sections = {
        "servers": moves.run_servers,
        "moves": moves.run,
        "moves_embedded": moves.run_embedded,
        "deadlines": deadlines.run,
        "fanout": fanout.run,
        "fanout_players": fanout_players.run,
        "resolution": resolution.run,
        "queries": queries.run,
        "pages": pages.run,
        "cosign": cosign.run,
        "push": push.run,
        "soak": soak.run,
    }
    only = [name for name in os.environ.get("BENCH_ONLY", "").split(",") if name]
    for name, run in sections.items():
        if not only or name in only:
            print(f"running {name}...", flush=True)
            results[name] = run()
            out.write_text(json.dumps(results, indent=2))  # what ran is kept if a later part fails
    print_table(results)


def print_table(r):
    from . import cosign, deadlines, fanout, fanout_players, pages, push, queries, resolution, soak

    if "servers" in r:
        print("\nASGI server (wrk -c16, req/s median):")
        for path, v in r["servers"].items():
            print(
                f"  {path:28} uvicorn {v['uvicorn']['rps']['median']:8.0f}  daphne {v['daphne']['rps']['median']:8.0f}"
                f"  ratio {v['ratio_rps_uvicorn_to_daphne']:.2f}"
            )
    moves = {
        f"PostgreSQL + Redis, {k.split('_')[1]} web process(es)": v
        for k, v in r.get("moves", {}).items()
        if k.startswith("processes_")
    }
    if "moves_embedded" in r:
        moves["embedded default: SQLite"] = r["moves_embedded"]
    for title, levels in moves.items():
        print(f"\nMoves, {title} (req/s median; p50/p99 ms):")
        for c, v in levels.items():
            s, b = v["submit"], v["baseline"]
            print(
                f"  {c:4} submit {s['rps']['median']:7.0f} ({s['p50']['median']:.1f}/{s['p99']['median']:.1f})"
                f"  baseline {b['rps']['median']:7.0f} ({b['p50']['median']:.1f}/{b['p99']['median']:.1f})"
                f"  ratio {v['ratio_rps']:.2f}"
            )
    for c, v in r.get("moves", {}).get("scaling", {}).items():
        print(f"  {c:4} two processes against one: submit x{v['submit']:.2f}, baseline x{v['baseline']:.2f}")
    for name, module in (
        ("deadlines", deadlines),
        ("fanout", fanout),
        ("fanout_players", fanout_players),
        ("resolution", resolution),
        ("queries", queries),
        ("pages", pages),
        ("cosign", cosign),
        ("push", push),
        ("soak", soak),
    ):
        if name in r:
            print()
            print("\n".join(module.table_lines(r[name])))


if __name__ == "__main__":
    main()
