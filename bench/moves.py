"""Moves: submission POSTs (logged-in player, CSRF, the fixture game's real form) at
concurrency 1, 16 and 64, against a logged-in single-row insert behind the same server. Also
uvicorn against daphne on the same pages, to choose the ASGI server."""

import tempfile

from .common import Server, summary, wrk

ROUNDS = 3


def setup_match(seats=13):
    """A running fixture match with a long phase, and a logged-in session for one player."""
    from django.contrib.auth.models import User
    from django.contrib.sessions.backends.db import SessionStore

    from matches import lifecycle
    from matches.models import Match, MatchPlayer, Phase, Season, SeasonPlayer

    season = Season.objects.create(name="Bench", slug=f"bench-{Season.objects.count()}")
    members = []
    for i in range(seats):
        user = User.objects.create_user(f"b{season.pk}-{i}", password="x" * 12)
        members.append(SeasonPlayer.objects.create(season=season, user=user, display_name=f"P{i}"))
    match = Match.objects.create(season=season, game="fixture", title="Bench",
                                 settings={"rounds": 3, "round_seconds": 86400, "close_early": False})
    for seat, member in enumerate(members):
        MatchPlayer.objects.create(match=match, season_player=member, seat=seat)
    lifecycle.do_start(match.pk)
    phase = Phase.objects.get(match=match, status=Phase.OPEN)
    player = match.seats.get(seat=0)
    session = SessionStore()
    session.update({"_auth_user_id": str(player.season_player.user.pk),
                    "_auth_user_backend": "django.contrib.auth.backends.ModelBackend",
                    "_auth_user_hash": player.season_player.user.get_session_auth_hash()})
    session.create()
    return match, phase, player, session.session_key


def post_script(session_key):
    token = "a" * 32  # an unmasked CSRF secret: the cookie and the form field agree
    script = tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False)
    script.write(f'''wrk.method = "POST"
wrk.body = "csrfmiddlewaretoken={token}&bid=7"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
wrk.headers["Cookie"] = "sessionid={session_key}; csrftoken={token}"
''')
    script.close()
    return script.name


def run():
    match, phase, player, session_key = setup_match()
    script = post_script(session_key)
    real = f"/play/{match.pk}/phases/{phase.pk}/submit/"
    baseline = f"/bench/insert/{phase.pk}/{player.pk}/"
    results = {}
    with Server("uvicorn") as server:
        for c in (1, 16, 64):
            runs = {"submit": [], "baseline": []}
            for _ in range(ROUNDS):  # alternate, so noise hits both
                runs["baseline"].append(wrk(server.url + baseline, c, script=script))
                runs["submit"].append(wrk(server.url + real, c, script=script))
            results[f"c{c}"] = {name: {k: summary([r[k] for r in rs]) for k in ("rps", "p50", "p99", "errors")}
                                for name, rs in runs.items()}
            sub, base = results[f"c{c}"]["submit"]["rps"]["median"], results[f"c{c}"]["baseline"]["rps"]["median"]
            results[f"c{c}"]["ratio_rps"] = sub / base
    return results


def run_servers():
    """The same public match page and /healthz under uvicorn and daphne, alternating."""
    match, *_ = setup_match(seats=8)
    results = {}
    for path in ("/healthz", f"/matches/{match.pk}/"):
        runs = {"uvicorn": [], "daphne": []}
        for _ in range(ROUNDS):
            for kind in ("daphne", "uvicorn"):
                with Server(kind) as server:
                    runs[kind].append(wrk(server.url + path, 16))
        results[path] = {k: {m: summary([r[m] for r in rs]) for m in ("rps", "p50", "p99")} for k, rs in runs.items()}
        results[path]["ratio_rps_uvicorn_to_daphne"] = (results[path]["uvicorn"]["rps"]["median"]
                                                         / results[path]["daphne"]["rps"]["median"])
    return results
