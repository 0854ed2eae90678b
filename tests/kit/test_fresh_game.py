"""A game just made by `manage.py startgame` passes the whole of every suite that walks the
registered games (tests/support/walking_suites.py), in a temporary copy of the project where it
is installed as any game is (a folder of games/ with an apps.py): what the tutorial promises a
newcomer before they change a line. The suites run whole, so a suite that breaks on a game
unlike the six here (the scaffold's, whose third close ends it) is found here and not by them."""

import ast
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from django.conf import settings
from django.test import SimpleTestCase

from tests.kit.test_startgame import SKIP
from tests.support.walking_suites import BROWSER_SUITES, SUITES

ROOT = Path(settings.BASE_DIR)
SLUG = "tiny"  # as the issue made it: `startgame tiny --players 2 --kind death`


def walks_the_registry(path):
    """Whether a test file calls registry.all_engines(), read from its code (not its comments)."""
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "all_engines":
            return True
    return False


class FreshGame:
    """One temporary project with the fresh game in it, made once for the tests of a class."""

    @classmethod
    def make(cls):
        cls.tmp = tempfile.TemporaryDirectory(prefix="fresh-game-")
        cls.project = Path(cls.tmp.name) / "project"
        shutil.copytree(ROOT, cls.project, ignore=SKIP)
        cls.env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
        made = subprocess.run(
            [sys.executable, "manage.py", "startgame", SLUG, "--players", "2", "--kind", "death"],
            cwd=cls.project,
            env=cls.env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert made.returncode == 0, made.stderr

    @classmethod
    def run_suites(cls, test, suites, marker):
        ran = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-m", marker, "-rfE", *suites],
            cwd=cls.project,
            env=cls.env,
            capture_output=True,
            text=True,
            timeout=3600,
        )
        test.assertEqual(ran.returncode, 0, ran.stdout[-6000:] + ran.stderr[-2000:])
        return ran.stdout


class WalkingSuitesListTestCase(SimpleTestCase):
    def test_it_lists_every_suite_that_walks_the_registered_games(self):
        found = {
            str(p.relative_to(ROOT))
            for p in (ROOT / "tests").rglob("test_*.py")
            if p.relative_to(ROOT).parts[1] != "kit" and walks_the_registry(p)
        }
        self.assertGreaterEqual(len(found), 10)  # the walk finds them (13 when this was written)
        self.assertEqual(found - set(SUITES + BROWSER_SUITES), set(), "add these to tests/support/walking_suites.py")
        for suite in SUITES + BROWSER_SUITES:
            self.assertTrue((ROOT / suite).exists(), suite)
        browser = {s for s in found if s.startswith("tests/browser/")}
        self.assertEqual(browser, set(BROWSER_SUITES))


class FreshGameTestCase(SimpleTestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        FreshGame.make()

    @classmethod
    def tearDownClass(cls):
        FreshGame.tmp.cleanup()
        super().tearDownClass()

    def test_it_passes_its_own_tests_and_every_suite_that_walks_the_games(self):
        out = FreshGame.run_suites(self, [f"tests/{SLUG}", *SUITES], "not browser")
        self.assertNotIn(" skipped", out)  # a suite that skips the game proves nothing of it


@pytest.mark.browser
class FreshGameInTheBrowserTestCase(SimpleTestCase):
    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        FreshGame.make()

    @classmethod
    def tearDownClass(cls):
        FreshGame.tmp.cleanup()
        super().tearDownClass()

    def test_it_passes_every_browser_suite_that_walks_the_games(self):
        FreshGame.run_suites(self, list(BROWSER_SUITES), "browser")
