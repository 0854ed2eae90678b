"""`manage.py startgame <slug> --players N`: a new game from games/scaffold/, playable at once.

It writes games/<slug>/ (the engine, its app and templates) and tests/<slug>/ (a rules test, a
leak test and a playtest); the contract, side-channel, fuzz and host-journey suites find the game
on their own because they walk the registry. docs/adding-a-game.md goes on from there."""

import keyword
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

SCAFFOLD = Path(settings.BASE_DIR) / "games" / "scaffold"
PARTS = (("game", Path("games")), ("tests", Path("tests")))


def class_name(slug: str) -> str:
    return "".join(word.capitalize() for word in slug.split("_"))


def problem_with(slug: str, root: Path) -> str | None:
    if not slug.isidentifier() or keyword.iskeyword(slug) or slug != slug.lower() or slug.startswith("_"):
        return f"{slug!r} is not a game slug: use lower-case letters, digits and underscores, like black_and_white."
    for _, where in PARTS:
        if (root / where / slug).exists():
            return f"{where / slug} already exists: choose another slug."
    if slug in {"scaffold", "blocks", "fixture"}:
        return f"{slug!r} is taken by the platform: choose another slug."
    return None


def render(text: str, words: dict[str, str]) -> str:
    for placeholder, value in words.items():
        text = text.replace(placeholder, value)
    return text


class Command(BaseCommand):
    help = "Make games/<slug>/ and tests/<slug>/: a tiny complete game to turn into yours."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the game's Python name, e.g. black_and_white")
        parser.add_argument("--players", type=int, required=True, help="how many players sit at a match")
        parser.add_argument("--name", help="the name players read (default: from the slug)")
        parser.add_argument(
            "--kind",
            choices=("main", "death"),
            default="main",
            help="a Main Match or a Death Match (two players; the loser is proposed for elimination)",
        )
        parser.add_argument("--root", default=str(settings.BASE_DIR), help="the project folder to write into")

    def handle(self, slug, players, name, kind, root, **options):
        root = Path(root)
        problem = problem_with(slug, root)
        if problem:
            raise CommandError(problem)
        if not 1 <= players <= 200:
            raise CommandError("--players is a whole number from 1 to 200.")
        if kind == "death" and players != 2:
            raise CommandError("A Death Match is played by two players: --players 2.")
        words = {
            "__SLUG__": slug,
            "__CLASS__": class_name(slug),
            "__PLAYERS__": str(players),
            "__KIND__": kind,
            "__NAME__": name or slug.replace("_", " ").title(),
        }
        written = []
        for part, where in PARTS:
            source = SCAFFOLD / part
            for path in sorted(source.rglob("*-tpl")):
                target = root / where / slug / render(str(path.relative_to(source)), words).removesuffix("-tpl")
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(render(path.read_text(), words))
                written.append(target.relative_to(root))
        self.stdout.write("\n".join(str(p) for p in written))
        self.stdout.write(
            self.style.SUCCESS(
                f"Made {words['__NAME__']}. Next: `make test PYTEST_ARGS=tests/{slug}`, then docs/adding-a-game.md."
            )
        )
