"""Moves: submission POSTs (logged-in player, CSRF, Co-op QWOP's card form) at
concurrency 1, 16 and 64, against a logged-in single-row insert behind the same server, with one
web process and with two (throughput with 2 processes against 1 is the scaling figure). Also
uvicorn against daphne on the same pages, to choose the ASGI server."""

import json
import os
import subprocess
import sys
import tempfile

from .common import ROOT, Server, bench_env, sized, summary, wrk

ROUNDS = sized(3, 1)
CONCURRENCY = tuple(int(c) for c in os.environ.get("BENCH_CONCURRENCY", sized("1,16,64", "4")).split(","))


def new_match(game, seats, settings):
    """A running match of `game` with `seats` players, each of them a user who can log in."""
    from django.contrib.auth.models import User

    from matches.core import lifecycle
    from matches.models import Match, MatchPlayer, Season, SeasonPlayer

    season = Season.objects.create(name="Bench", slug=f"bench-{Season.objects.count()}")
    match = Match.objects.create(season=season, game=game, title="Bench", settings=settings)
    for seat in range(seats):
        user = User.objects.create_user(f"b{season.pk}-{seat}", password="x" * 12)
        member = SeasonPlayer.objects.create(season=season, user=user, display_name=f"P{seat}")
        MatchPlayer.objects.create(match=match, season_player=member, seat=seat)
    lifecycle.do_start(match.pk)
    return match


def session_for(player):
    from django.contrib.sessions.backends.db import SessionStore

    session = SessionStore()
    session.update(
        {
            "_auth_user_id": str(player.season_player.user.pk),
            "_auth_user_backend": "django.contrib.auth.backends.ModelBackend",
            "_auth_user_hash": player.season_player.user.get_session_auth_hash(),
        }
    )
    session.create()
    return session.session_key


def setup_match():
    """A Co-op QWOP round in progress, and the form a player posts: a card on each of their
    seven athletes (the real form, validated by the engine, stored by do_submit)."""
    from matches.core import lifecycle
    from matches.models import Phase

    match = new_match("coop_qwop", 8, {"round_seconds": 86400})
    lifecycle.close_phase(Phase.objects.get(match=match, status=Phase.OPEN).pk, "host")  # the pregame
    match.refresh_from_db()
    phase = Phase.objects.get(match=match, status=Phase.OPEN)
    player = match.seats.get(seat=0)
    cards = "&".join(f"card_{a['number']}=O" for a in match.state["athletes"] if 0 in a["controllers"])
    return match, phase, player, session_for(player), cards


def post_script(session_key, body):
    token = "a" * 32  # an unmasked CSRF secret: the cookie and the form field agree
    script = tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False)
    script.write(f'''wrk.method = "POST"
wrk.body = "csrfmiddlewaretoken={token}&{body}"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
wrk.headers["Cookie"] = "sessionid={session_key}; csrftoken={token}"
''')
    script.close()
    return script.name


PROCESSES = (1, 2)


def run():
    """On the production stack: the match is made in this process's PostgreSQL database. Once per
    number of web processes (`serve --workers`), the baseline behind the same number."""
    match, phase, player, session_key, cards = setup_match()
    made = {"match": match.pk, "phase": phase.pk, "player": player.pk, "session": session_key, "cards": cards}
    results = {f"processes_{n}": measure(made, {"WEB_WORKERS": str(n)}) for n in PROCESSES}
    one, two = results["processes_1"], results[f"processes_{PROCESSES[-1]}"]
    results["scaling"] = {
        c: {name: two[c][name]["rps"]["median"] / one[c][name]["rps"]["median"] for name in ("submit", "baseline")}
        for c in one
    }
    return results


def run_embedded():
    """The same on the embedded default (SQLite, no Redis): a server and a setup process of its
    own, pointed at a fresh SQLite file."""
    folder = tempfile.mkdtemp(prefix="bench-embedded-")
    env = {
        "DATABASE_URL": "",
        "REDIS_URL": "",
        "SQLITE_PATH": f"{folder}/db.sqlite3",
        "DEADLINE_SCHEDULER": "inprocess",
    }
    for command in (["manage.py", "migrate", "--noinput", "-v0"], ["-m", "bench.moves", "setup"]):
        done = subprocess.run(
            [sys.executable, *command], cwd=ROOT, env={**bench_env(), **env}, check=True, capture_output=True, text=True
        )
    return measure(json.loads(done.stdout.strip().splitlines()[-1]), env)


def measure(made, env):
    """Submission POSTs against the baseline insert, alternating, at each concurrency."""
    script = post_script(made["session"], made["cards"])
    real = f"/play/{made['match']}/phases/{made['phase']}/submit/"
    baseline = f"/bench/insert/{made['phase']}/{made['player']}/"
    results = {}
    with Server("uvicorn", **env) as server:
        for c in CONCURRENCY:
            runs = {"submit": [], "baseline": []}
            for _ in range(ROUNDS):  # alternate, so noise hits both
                runs["baseline"].append(wrk(server.url + baseline, c, script=script))
                runs["submit"].append(wrk(server.url + real, c, script=script))
            results[f"c{c}"] = {
                name: {k: summary([r[k] for r in rs]) for k in ("rps", "p50", "p99", "errors")}
                for name, rs in runs.items()
            }
            failed = {name: sum(r["errors"] for r in rs) for name, rs in runs.items()}
            sent = {name: sum(r["requests"] for r in rs) for name, rs in runs.items()}
            results[f"c{c}"]["non_2xx"] = failed
            # A figure of failing requests measures the error path: more than 1% stops the benchmark
            # (a handful under overload, reported beside the figure, does not).
            if any(failed[name] > sent[name] / 100 for name in failed):
                raise RuntimeError(f"non-2xx/3xx responses at concurrency {c}: {failed} of {sent}")
            sub, base = results[f"c{c}"]["submit"]["rps"]["median"], results[f"c{c}"]["baseline"]["rps"]["median"]
            results[f"c{c}"]["ratio_rps"] = sub / base
    return results


def run_servers():
    """The same public match page and /healthz under uvicorn and daphne, alternating."""
    match = new_match("fixture", 8, {"rounds": 3, "round_seconds": 86400, "close_early": False})
    results = {}
    for path in ("/healthz", f"/matches/{match.pk}/"):
        runs = {"uvicorn": [], "daphne": []}
        for _ in range(ROUNDS):
            for kind in ("daphne", "uvicorn"):
                with Server(kind) as server:
                    runs[kind].append(wrk(server.url + path, 16))
                if runs[kind][-1]["errors"]:
                    raise RuntimeError(f"{kind} answered {path} with {runs[kind][-1]['errors']} errors")
        results[path] = {k: {m: summary([r[m] for r in rs]) for m in ("rps", "p50", "p99")} for k, rs in runs.items()}
        results[path]["ratio_rps_uvicorn_to_daphne"] = (
            results[path]["uvicorn"]["rps"]["median"] / results[path]["daphne"]["rps"]["median"]
        )
    return results


if __name__ == "__main__" and sys.argv[1:] == ["setup"]:  # run_embedded's setup, in a SQLite process
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "genius_site.settings")
    django.setup()
    m, ph, pl, key, body = setup_match()
    print(json.dumps({"match": m.pk, "phase": ph.pk, "player": pl.pk, "session": key, "cards": body}))
