# One command to run the site with demo data, one to run every test. Python 3.11+ is all a fresh
# machine needs; `make test` also installs Debian's chromium for the browser tests if it is missing.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
PORT ?= 8000
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: install run test lint chromium push-service bench-tools bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

run: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py seed_demo
	@# The site as people meet it (styled error pages, not Django's debug pages), with a key of this checkout's own.
	@test -s .local-secret-key || $(BIN)/python -c "import secrets; print(secrets.token_urlsafe(50))" > .local-secret-key
	@# Web Push's key pair (VAPID) of this checkout's own, unless the environment gives one.
	@test -s .local-vapid-keys || $(BIN)/python manage.py make_vapid_keys > .local-vapid-keys
	@# No worker runs here, so deadlines close in the server process even with REDIS_URL set.
	if [ -z "$$VAPID_PRIVATE_KEY" ]; then . ./.local-vapid-keys; fi; export VAPID_PUBLIC_KEY VAPID_PRIVATE_KEY; \
	DEBUG=$${DEBUG:-0} SECRET_KEY=$${SECRET_KEY:-$$(cat .local-secret-key)} PORT=$(PORT) \
	  DEADLINE_SCHEDULER=$${DEADLINE_SCHEDULER:-inprocess} $(BIN)/python manage.py serve

# Debian's chromium (the browser tests), caddy (the proxy config's test) and Node.js (the local
# push service below), if missing.
chromium:
	@missing=""; command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	command -v caddy >/dev/null 2>&1 || missing="$$missing caddy"; \
	command -v npm >/dev/null 2>&1 || missing="$$missing nodejs npm"; \
	if [ -n "$$missing" ]; then echo "Installing Debian's$$missing for the tests"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; fi

# A real Web Push service on loopback for the push tests and bench (npm's web-push-testing,
# tests/support/push_service.py): it checks each push's VAPID signature and decrypts it.
PUSH_SERVICE := .tools/node_modules/web-push-testing/src/bin/server.js

$(PUSH_SERVICE):
	npm install --prefix .tools --no-audit --no-fund --loglevel=error web-push-testing@1.2.2

push-service: chromium $(PUSH_SERVICE)

test: install chromium push-service
	$(BIN)/python -m pytest $(PYTEST_ARGS)

# Static checks (docs/adding-a-game.md, "Types and lint"): ruff's lint, mypy on games/ (strict but
# for the six games written before the contract was typed), and the same on a game the scaffold
# makes. `ruff format --check` fails on an unformatted file (pyproject.toml lists what it leaves as
# written); RUFF_FORMAT=report only reports it.
RUFF_FORMAT ?= check

lint: install
	$(BIN)/ruff check .
	@if [ "$(RUFF_FORMAT)" = check ]; then $(BIN)/ruff format --check .; \
	else echo "ruff format (not yet enforced): $$($(BIN)/ruff format --check . 2>&1 | tail -n 1)"; fi
	$(BIN)/mypy
	@# The scaffold's output, checked as a new game in games/ is: made in a temporary folder whose
	@# games/ links to this one's modules, so the config's rules for games.* apply to it unchanged.
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && mkdir "$$tmp/games" && \
	  for f in games/*; do ln -s "$(CURDIR)/$$f" "$$tmp/games/"; done && \
	  $(BIN)/python manage.py startgame typed_check --players 2 --root "$$tmp" >/dev/null && \
	  (cd "$$tmp" && $(CURDIR)/$(BIN)/mypy --config-file "$(CURDIR)/pyproject.toml" --cache-dir /dev/null \
	    games/typed_check) && \
	  $(BIN)/ruff check --config pyproject.toml "$$tmp/games/typed_check" "$$tmp/tests/typed_check" && \
	  if [ "$(RUFF_FORMAT)" = check ]; then \
	    $(BIN)/ruff format --check --config pyproject.toml "$$tmp/games/typed_check" "$$tmp/tests/typed_check"; fi && \
	  echo "The scaffold's game passes mypy (strict) and ruff."

# Debian's wrk (the bench's HTTP load), if missing.
bench-tools:
	@command -v wrk >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq --no-install-recommends wrk; }

bench: install push-service bench-tools
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) .tools db.sqlite3 .test-db-*.sqlite3 test-artifacts
