"""The production settings, as docker-compose.yml sets them, pass `manage.py check --deploy`
with no warning at all."""

import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import yaml
from django.conf import settings

COMPOSE = Path(settings.BASE_DIR) / "docker-compose.yml"
OPERATOR = {  # what the README tells an operator to set
    "SECRET_KEY": secrets.token_urlsafe(50),
    "ALLOWED_HOSTS": "games.example.org",
    "CSRF_TRUSTED_ORIGINS": "https://games.example.org",
}


def compose_environment():
    """The web service's environment with ${VAR:-default} and ${VAR:?message} filled in as
    docker compose would for an operator who set OPERATOR."""
    web = yaml.safe_load(COMPOSE.read_text())["services"]["web"]
    env = {}
    for name, value in web["environment"].items():
        env[name] = re.sub(
            r"\$\{(\w+)(?::[-?]([^}]*))?\}", lambda m: OPERATOR.get(m.group(1), m.group(2) or ""), str(value)
        )
    return env


def test_it_passes_the_deploy_check_with_no_warning():
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO", "GENIUS", "PYTEST"))}
    env.update(compose_environment())
    assert env["BEHIND_TLS_PROXY"] == "1" and env["DEBUG"] == "0"
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_it_sends_a_content_security_policy_that_allows_no_inline_script(client):
    policy = client.get("/games/")["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
