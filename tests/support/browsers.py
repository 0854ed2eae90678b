"""Real headless Chromium (Debian's, driven by Playwright) for browser tests.

Playwright never downloads a browser here: it launches /usr/bin/chromium with the flags that keep
it off the closed network. Each person gets a browser context of their own (their own cookies);
a logged-in context carries a real session created in the test database. Screenshots go to
test-artifacts/screenshots/."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
from urllib.parse import urlparse

import pytest
from django.db import connections

from tests.support.base import BaseTransactionTestCase
from tests.support.sockets import session_cookie
from tests.support.stack import ARTIFACTS, serve

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def require_chromium():
    if not shutil.which(CHROMIUM):
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium (make chromium).")


@contextlib.contextmanager
def chromium():
    """One browser for a test; Playwright's sync API needs Django's async-safety check off."""
    require_chromium()
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            yield browser
        finally:
            browser.close()
            # Django queries made while Playwright's loop runs get connections of their own;
            # close them here or the test database cannot be dropped at the end of the run.
            connections.close_all()


def person(browser, base_url, user=None, phone=False, timezone_id=None, **more):
    """A browser context logged in as `user` (None: an anonymous spectator); `more` are Playwright's
    context options (java_script_enabled=False, permissions=[...])."""
    options = {"viewport": {"width": 390, "height": 844}, "is_mobile": True} if phone else {}
    options.update(more)
    if timezone_id:
        options["timezone_id"] = timezone_id
    context = browser.new_context(base_url=base_url, **options)
    context.set_default_timeout(30_000)  # CI runs its jobs side by side on two cores
    host = urlparse(base_url).hostname
    for _, header in session_cookie(user):
        for part in header.decode().split("; "):
            name, value = part.split("=", 1)
            if name == "csrftoken":
                continue  # the pages set a real one
            context.add_cookies([{"name": name, "value": value, "domain": host, "path": "/"}])
    return context


def press_send(form):
    """Click the Send of `form` (a locator of one move form). A move that closes its step and
    cannot be revised asks first, in place (static/js/sending.js): the player says yes."""
    final = form.get_attribute("data-final")
    form.locator("button[type=submit]").click()
    if final:
        form.locator(".confirm-final button.yes").click()


def screenshot(page, name):
    folder = ARTIFACTS / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / (re.sub(r"[^\w.-]+", "-", name) + ".png")
    page.screenshot(path=str(path), full_page=True)
    return path


def open_live(browser, base_url, path, user=None, phone=False):
    """A page at `path` for `user` (None: a spectator), once its live socket is on."""
    page = person(browser, base_url, user, phone=phone).new_page()
    page.goto(path)
    page.wait_for_selector(".conn[data-state=live]")
    return page


class BrowserGameTestCase(BaseTransactionTestCase):
    """A started match of `game` and the real web server, for a game's browser tests."""

    def setUp(self):
        super().setUp()
        self.start()
        self.stack = serve(self)

    def page(self, browser, user, path, phone=False):
        return open_live(browser, self.stack.url, path, user, phone)

    @staticmethod
    def send(page, fill=None, check=(), select=None):
        for name, value in (fill or {}).items():
            page.fill(f"form.move-form input[name={name}]", str(value))
        for value in check:
            page.check(f"form.move-form input[name=picks][value={value}]")
        for name, value in (select or {}).items():
            page.select_option(f"form.move-form select[name={name}]", value)
        press_send(page.locator("form.move-form").first)
        page.wait_for_selector(".messages")
        page.wait_for_selector(".conn[data-state=live]")
