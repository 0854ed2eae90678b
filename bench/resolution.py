"""Resolution (issue 6, item 4): how long a close takes.

- engine: `ENGINE.resolve` of one Co-op QWOP round and of one Mystery Cosign picks step and
  shootout (hard operations), no database, beside `copy.deepcopy` of the same state (the first
  thing every resolve does), alternating call by call;
- playtest: a whole match of each game through the platform on PostgreSQL, beside the fixture
  game's playtest with a comparable number of phases, compared per phase closed;
- seats: a host close of a fixture round with 2 to 200 seats, every seat having submitted."""

import copy
import random
import time

from .common import percentile, sized, summary

ENGINE_REPS = sized(2000, 5)
PLAYTEST_SEEDS = sized((1, 2, 3, 4, 5), (1,))
SEAT_SIZES = sized((2, 8, 32, 100, 200), (2, 8))
SEAT_REPS = sized(15, 2)
TARGET_QWOP_MS = 20  # the target, reported not asserted


# --- engine timings ---------------------------------------------------------------------------


def _play(engine, state, key, seats, seed):
    """Submissions for every seat as the platform would count them: the bot's move, validated,
    then filled in by default_submission (all outside the timed region)."""
    rng = random.Random(f"bench:{key}:{seed}")
    subs = {}
    for seat in seats:
        data = engine.validate_submission(state, key, seat, engine.random_submission(state, key, seat, rng))
        subs[seat] = engine.default_submission(state, key, seat, data, rng)
    return subs


def qwop_state():
    """Co-op QWOP after the pregame (athletes in every race, one three-legged pair) and two
    rounds, so some athletes have X cards waiting to be declared: round 3 of 5 is next."""
    from games.coop_qwop.engine import ENGINE, pregame
    from games.engine_api import Context, SeatInfo

    seats = [SeatInfo(i, f"P{i}", "") for i in range(8)]
    state = ENGINE.setup(seats, ENGINE.validate_settings({}, 8), random.Random(1)).state
    ctx, rng = Context({}), random.Random(2)
    moves = [
        (1, "marathon", None),
        (2, "marathon", None),
        (3, "marathon", None),
        (4, "middle", None),
        (5, "middle", None),
        (6, "middle", None),
        (7, "three_legged", 8),
    ]
    for number, race, partner in moves:
        athlete = state["athletes"][number - 1]
        proposer = athlete["controllers"][0]
        data = {"athlete": str(number), "race": race, **({"partner": partner} if partner else {})}
        state = ENGINE.apply_action(state, proposer, "propose", data, ctx, rng).state
        for seat in sorted(pregame.involved(state["proposals"][-1], state["athletes"]) - {proposer}):
            # each player numbers the proposals they see on their own (pregame.number_for)
            number = pregame.number_for(state, seat, state["proposals"][-1])
            state = ENGINE.apply_action(state, seat, "accept", {"proposal": str(number)}, ctx, rng).state
    state = ENGINE.resolve(state, "pregame", {}, rng).state
    for n in (1, 2):
        key = f"round-{n}"
        state = ENGINE.resolve(state, key, _play(ENGINE, state, key, range(8), n), rng).state
    return ENGINE, state, "round-3", _play(ENGINE, state, "round-3", range(8), 3)


def cosign_states():
    """Mystery Cosign with the hard set, played by the bots up to the last picks step of the
    third phase (4 picks each, 12 active operations) and up to the phase's last shootout."""
    from games.engine_api import SeatInfo
    from games.mystery_cosign.engine import ENGINE, schedule

    settings = ENGINE.validate_settings({"operation_set": "hard"}, 2)
    seats = [SeatInfo(0, "Ann", ""), SeatInfo(1, "Bo", "")]
    state = ENGINE.setup(seats, settings, random.Random(1)).state
    rng, found = random.Random(2), {}
    while len(found) < 2:
        key = state["step"]
        subs = _play(ENGINE, state, key, schedule.waits_on(state, schedule.step_for(key)), len(found))
        if key in ("collab-15-picks", "shootout-9"):
            found[key] = (copy.deepcopy(state), subs)
        if key == "shootout-9":
            break
        state = ENGINE.resolve(state, key, subs, rng).state
    return ENGINE, found


def time_against_deepcopy(engine, state, key, subs, reps=ENGINE_REPS):
    """Alternate resolve and deepcopy of the same state, one call each per repetition."""
    resolve, deep = [], []
    for i in range(reps):
        rng = random.Random(i)
        t0 = time.perf_counter_ns()
        engine.resolve(state, key, subs, rng)
        t1 = time.perf_counter_ns()
        copy.deepcopy(state)
        t2 = time.perf_counter_ns()
        resolve.append((t1 - t0) / 1e6)
        deep.append((t2 - t1) / 1e6)

    def stats(xs):
        return {"median": percentile(xs, 50), "p99": percentile(xs, 99), "min": min(xs), "max": max(xs), "n": len(xs)}

    out = {"resolve_ms": stats(resolve), "deepcopy_ms": stats(deep)}
    out["ratio_to_deepcopy"] = out["resolve_ms"]["median"] / out["deepcopy_ms"]["median"]
    return out


def run_engine():
    engine, state, key, subs = qwop_state()
    engine.resolve(state, key, subs, random.Random(0))  # warm up (imports, caches)
    results = {"coop_qwop_round": time_against_deepcopy(engine, state, key, subs)}
    results["coop_qwop_round"]["target_ms"] = TARGET_QWOP_MS
    results["coop_qwop_round"]["meets_target"] = results["coop_qwop_round"]["resolve_ms"]["median"] < TARGET_QWOP_MS
    engine, found = cosign_states()
    for name, key in (("mystery_cosign_picks", "collab-15-picks"), ("mystery_cosign_shootout", "shootout-9")):
        state, subs = found[key]
        engine.resolve(state, key, subs, random.Random(0))  # compiles the operations once, as a worker would
        results[name] = time_against_deepcopy(engine, state, key, subs)
    return results


# --- whole playtests --------------------------------------------------------------------------

# Each game beside a fixture playtest of about as many phases; per-phase time makes them comparable.
PLAYTESTS = {
    "coop_qwop": (("coop_qwop", 8, {}), ("fixture", 8, {"rounds": 5})),
    "mystery_cosign": (("mystery_cosign", 2, {}), ("fixture", 2, {"rounds": 20})),
}


def _one_playtest(game, players, seed, settings):
    from matches.core.playtest import playtest

    t0 = time.perf_counter()
    result = playtest(game, players, seed, settings)
    return time.perf_counter() - t0, result["phases"]


def run_playtests():
    results = {}
    for name, (real, base) in PLAYTESTS.items():
        runs = {"game": [], "baseline": []}
        for seed in PLAYTEST_SEEDS:  # alternate, so noise hits both
            runs["baseline"].append(_one_playtest(base[0], base[1], seed, base[2]))
            runs["game"].append(_one_playtest(real[0], real[1], seed, real[2]))
        out = {}
        for which, rs in runs.items():
            out[which] = {
                "seconds": summary([s for s, _ in rs]),
                "phases": summary([p for _, p in rs]),
                "seconds_per_phase": summary([s / p for s, p in rs]),
            }
        out["baseline"]["what"] = f"fixture, {base[1]} seats, {base[2]}"
        out["ratio_per_phase"] = (
            out["game"]["seconds_per_phase"]["median"] / out["baseline"]["seconds_per_phase"]["median"]
        )
        results[name] = out
    return results


# --- close cost against seats -----------------------------------------------------------------


def seat_pool(size):
    """One season with `size` members; each bench match seats the first N of them."""
    from django.contrib.auth.models import User

    from matches.models import Season, SeasonPlayer

    season = Season.objects.create(name="Close bench", slug=f"close-bench-{Season.objects.count()}")
    users = User.objects.bulk_create([User(username=f"close-{season.pk}-{i}") for i in range(size)])
    members = SeasonPlayer.objects.bulk_create(
        [SeasonPlayer(season=season, user=u, display_name=f"C{i}") for i, u in enumerate(users)]
    )
    return season, members


def submitted_match(season, members, seats, rng):
    """A started fixture match whose first round every seat has submitted to, still open."""
    from matches.core import lifecycle
    from matches.models import Match, MatchPlayer, Phase

    match = Match.objects.create(
        season=season,
        game="fixture",
        title=f"Close {seats}",
        seed=rng.randint(1, 10**6),
        settings={"rounds": 3, "round_seconds": 86400, "close_early": False},
    )
    players = MatchPlayer.objects.bulk_create(
        [MatchPlayer(match=match, season_player=m, seat=i) for i, m in enumerate(members[:seats])]
    )
    lifecycle.do_start(match.pk)
    phase = Phase.objects.get(match=match, status=Phase.OPEN)
    for player in players:
        lifecycle.do_submit(phase.pk, player, {"bid": rng.randint(1, 10)})
    return phase.pk


def run_seats():
    from matches.core import lifecycle

    season, members = seat_pool(max(SEAT_SIZES))
    rng = random.Random(7)
    lifecycle.close_phase(submitted_match(season, members, 2, rng), "host")  # warm up: first close pays imports
    times = {n: [] for n in SEAT_SIZES}
    for _ in range(SEAT_REPS):
        for n in SEAT_SIZES:  # alternate sizes, so noise spreads over all of them
            phase_id = submitted_match(season, members, n, rng)
            t0 = time.perf_counter()
            assert lifecycle.close_phase(phase_id, "host")
            times[n].append((time.perf_counter() - t0) * 1000)
    base = summary(times[SEAT_SIZES[0]])["median"]
    out = {}
    for n, ts in times.items():
        s = summary(ts)
        out[str(n)] = {"close_ms": s, "ratio_to_2_seats": s["median"] / base, "ms_per_seat": s["median"] / n}
    return out


def run():
    return {"engine": run_engine(), "playtest": run_playtests(), "close_by_seats": run_seats()}


def table_lines(r):
    lines = ["Resolution, engine only (median / p99 ms; ratio to deepcopy of the state):"]
    for name, v in r["engine"].items():
        m = v["resolve_ms"]
        lines.append(
            f"  {name:26} {m['median']:7.3f} / {m['p99']:7.3f}  deepcopy {v['deepcopy_ms']['median']:7.3f}"
            f"  ratio {v['ratio_to_deepcopy']:.2f}"
        )
    q = r["engine"]["coop_qwop_round"]
    lines.append(f"  target: a Co-op QWOP round under {q['target_ms']} ms: {'met' if q['meets_target'] else 'NOT met'}")
    lines.append("Playtests (median s [min-max], phases, ms per phase; ratio per phase to the fixture):")
    for name, v in r["playtest"].items():
        for which in ("game", "baseline"):
            s = v[which]
            label = name if which == "game" else "  fixture"
            lines.append(
                f"  {label:16} {s['seconds']['median']:6.2f} [{s['seconds']['min']:.2f}-{s['seconds']['max']:.2f}]"
                f"  {s['phases']['median']:4.0f}  {s['seconds_per_phase']['median'] * 1000:6.1f}"
            )
        lines.append(f"  {'':16} ratio per phase {v['ratio_per_phase']:.2f}")
    lines.append("Close against seats (median ms [min-max]; ratio to 2 seats; ms per seat):")
    for n, v in r["close_by_seats"].items():
        c = v["close_ms"]
        lines.append(
            f"  {n:>4} seats {c['median']:7.1f} [{c['min']:.1f}-{c['max']:.1f}]  x{v['ratio_to_2_seats']:.2f}"
            f"  {v['ms_per_seat']:.2f}"
        )
    return lines
