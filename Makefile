# One command to run the site with demo data, one to run every test. Python 3.11+ is all a fresh
# machine needs; `make test` also installs Debian's chromium for the browser tests if it is missing.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
PORT ?= 8000
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: install run test chromium bench clean

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
	@# No worker runs here, so deadlines close in the server process even with REDIS_URL set.
	DEBUG=$${DEBUG:-0} SECRET_KEY=$${SECRET_KEY:-$$(cat .local-secret-key)} PORT=$(PORT) \
	  DEADLINE_SCHEDULER=$${DEADLINE_SCHEDULER:-inprocess} $(BIN)/python manage.py serve

# Debian's chromium (the browser tests) and caddy (the proxy config's test), if missing.
chromium:
	@missing=""; command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	command -v caddy >/dev/null 2>&1 || missing="$$missing caddy"; \
	if [ -n "$$missing" ]; then echo "Installing Debian's$$missing for the tests"; \
	  $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq --no-install-recommends $$missing; fi

test: install chromium
	$(BIN)/python -m pytest $(PYTEST_ARGS)

bench: install
	@command -v wrk >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && $(SUDO) apt-get install -y -qq --no-install-recommends wrk; }
	$(BIN)/python -m bench

clean:
	rm -rf $(VENV) db.sqlite3 .test-db-*.sqlite3 test-artifacts
