"""The layers of docs/architecture.md, enforced: the import contracts in .importlinter hold,
no two modules import each other (directly or round a longer circle), and no module of the
site is over 400 lines."""

import subprocess
import sys
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parents[2]
MAX_LINES = 400


def test_the_import_contracts_hold():
    run = subprocess.run(
        [str(Path(sys.executable).with_name("lint-imports")), "--no-cache"], cwd=ROOT, capture_output=True, text=True
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    assert "0 broken" in run.stdout


def cycles(graph):
    """Every set of two or more modules that import one another round a circle (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(module):
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for imported in graph.find_modules_directly_imported_by(module):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in on_stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            circle = []
            while not circle or circle[-1] != module:
                circle.append(stack.pop())
                on_stack.discard(circle[-1])
            if len(circle) > 1:
                found.append(sorted(circle))

    for module in sorted(graph.modules):
        if module not in index:
            visit(module)
    return found


def test_no_modules_import_each_other_in_a_circle():
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 5000))
    assert cycles(grimp.build_graph("matches", "games", "genius_site")) == []


def test_the_cycle_finder_finds_a_circle():
    class Graph:
        modules = {"a", "b", "c", "d"}
        edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}

        def find_modules_directly_imported_by(self, module):
            return self.edges.get(module, set())

    assert cycles(Graph()) == [["a", "b", "c"]]


def test_no_module_is_over_400_lines():
    files = subprocess.run(["git", "ls-files", "*.py"], cwd=ROOT, capture_output=True, text=True).stdout.split()
    long = {
        f: n
        for f in files
        if not f.startswith("tests/")
        and "/migrations/" not in f
        and (n := len((ROOT / f).read_text().splitlines())) > MAX_LINES
    }
    assert long == {}
