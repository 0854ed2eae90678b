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
    from . import deadlines, fanout, moves, queries, resolution

    results = {"machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "platform": platform.platform()},
               "started": time.strftime("%Y-%m-%d %H:%M:%S")}
    results["servers"] = moves.run_servers()
    results["moves"] = moves.run()
    results["deadlines"] = deadlines.run()
    results["fanout"] = fanout.run()
    results["resolution"] = resolution.run()
    results["queries"] = queries.run()
    Path(__file__).with_name("results.json").write_text(json.dumps(results, indent=2))
    print_table(results)


def print_table(r):
    from . import fanout, queries, resolution

    print("\nASGI server (wrk -c16, req/s median):")
    for path, v in r["servers"].items():
        print(f"  {path:28} uvicorn {v['uvicorn']['rps']['median']:8.0f}  daphne {v['daphne']['rps']['median']:8.0f}"
              f"  ratio {v['ratio_rps_uvicorn_to_daphne']:.2f}")
    print("\nMoves (req/s median; p50/p99 ms):")
    for c, v in r["moves"].items():
        s, b = v["submit"], v["baseline"]
        print(f"  {c:4} submit {s['rps']['median']:7.0f} ({s['p50']['median']:.1f}/{s['p99']['median']:.1f})"
              f"  baseline {b['rps']['median']:7.0f} ({b['p50']['median']:.1f}/{b['p99']['median']:.1f})"
              f"  ratio {v['ratio_rps']:.2f}")
    d = r["deadlines"]
    print(f"\nDeadlines ({d['phases']} phases): result at socket after deadline p50 {d['socket']['p50']:.0f} ms,"
          f" p99 {d['socket']['p99']:.0f} ms; asyncio.sleep lateness p50 {d['sleep']['p50']:.1f} ms, p99 {d['sleep']['p99']:.1f} ms")
    print("\nFan-out (commit of a result to the last spectator socket; median of runs):")
    print("\n".join(fanout.table_lines(r["fanout"])))
    print()
    print("\n".join(resolution.table_lines(r["resolution"])))
    print()
    print("\n".join(queries.table_lines(r["queries"])))


if __name__ == "__main__":
    main()
