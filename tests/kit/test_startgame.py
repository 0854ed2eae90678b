"""`manage.py startgame`: it refuses a slug that exists or is not a Python name and writes
nothing then; a game it makes, in a temporary copy of the project, passes its own tests and the
contract suite, plays to an end by bots and replays exactly."""

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from django.conf import settings
from django.core.management import CommandError, call_command
from django.test import SimpleTestCase

ROOT = Path(settings.BASE_DIR)
SKIP = shutil.ignore_patterns(
    ".git", ".venv", "test-artifacts", "__pycache__", "*.sqlite3", "node_modules", "results.json", "smoke-results.json"
)


def files_under(root):
    return sorted(p.relative_to(root) for p in root.rglob("*") if p.is_file())


class StartgameTestCase(SimpleTestCase):
    def test_it_refuses_a_slug_that_is_not_a_python_name_or_exists(self):
        tmp = Path(self.enterContext(tempfile.TemporaryDirectory(prefix="startgame-")))
        (tmp / "games" / "taken").mkdir(parents=True)
        (tmp / "tests").mkdir()
        for slug, says in (
            ("black-and-white", "not a game slug"),
            ("1st", "not a game slug"),
            ("class", "not a game slug"),
            ("Upper", "not a game slug"),
            ("_hidden", "not a game slug"),
            ("taken", "already exists"),
            ("scaffold", "taken by the platform"),
        ):
            with self.assertRaisesMessage(CommandError, says):
                call_command("startgame", slug, players=2, root=str(tmp))
        with self.assertRaisesMessage(CommandError, "played by two players"):
            call_command("startgame", "duel", players=3, kind="death", root=str(tmp))
        self.assertEqual(files_under(tmp), [])

    def test_it_makes_a_game_that_passes_the_contract_plays_to_an_end_and_replays(self):
        tmp = Path(self.enterContext(tempfile.TemporaryDirectory(prefix="startgame-"))) / "project"
        shutil.copytree(ROOT, tmp, ignore=SKIP)
        env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}  # the embedded default
        made = subprocess.run(
            [sys.executable, "manage.py", "startgame", "pick_high", "--players", "2", "--kind", "death"],
            cwd=tmp,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        self.assertEqual(made.returncode, 0, made.stderr)
        self.assertIn("games/pick_high/engine/game.py", made.stdout)
        self.assertTrue((tmp / "tests" / "pick_high" / "test_leaks.py").exists())
        self.assertIn('kind = "death"', (tmp / "games" / "pick_high" / "engine" / "game.py").read_text())
        # its own rules, leak and playtest (bots to the end, then an exact replay), and the contract suite
        tests = subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                "-q",
                "tests/pick_high",
                "tests/core/test_game_contract.py",
                "-k",
                "pick_high or RulesTestCase or LeakTestCase or PlaytestTestCase",
            ],
            cwd=tmp,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
        )
        self.assertEqual(tests.returncode, 0, tests.stdout[-3000:] + tests.stderr[-2000:])
        self.assertRegex(tests.stdout, r"\b(2\d|[3-9]\d) passed")  # the game's 7 and the contract's 13, not none
