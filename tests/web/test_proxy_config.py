"""The proxy's config in the repository (deploy/Caddyfile, used by docker-compose.yml's `proxy`)
is one Caddy accepts, and it balances over every address Docker gives the `web` service."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from django.conf import settings

ROOT = Path(settings.BASE_DIR)


def adapted(site_address):
    if not shutil.which("caddy"):
        pytest.fail("caddy is missing: `make test` installs Debian's caddy (make chromium).")
    result = subprocess.run(
        ["caddy", "adapt", "--config", str(ROOT / "deploy" / "Caddyfile"), "--adapter", "caddyfile"],
        env={**os.environ, "SITE_ADDRESS": site_address},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)


def test_it_balances_http_and_websockets_over_every_web_container():
    config = json.dumps(adapted("games.example.org"))
    assert '"dynamic_upstreams": {"name": "web", "port": "8000", "refresh": 5000000000, "source": "a"}' in config
    assert '"policy": "least_conn"' in config
    assert '"host": ["games.example.org"]' in config  # TLS for the site's own name


def test_the_compose_file_runs_it_in_front_of_scalable_web_containers():
    services = yaml.safe_load((ROOT / "docker-compose.yml").read_text())["services"]
    assert "./deploy/Caddyfile:/etc/caddy/Caddyfile:ro" in services["proxy"]["volumes"]
    assert "ports" not in services["web"]  # only the proxy listens outside: `--scale web=N` needs no port each
    assert services["web"]["environment"]["TRUSTED_PROXIES"].endswith(
        services["proxy"]["networks"]["default"]["ipv4_address"] + "}"
    )
