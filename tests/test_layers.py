"""The layers of the code (README, "Architecture"): checks and spatial algebra, the chain,
the algorithms, models/URDF/interop, the chapter computations, then figsrc and the notebooks.

The import-linter contracts in pyproject.toml state the layers; these tests run them, show
that they catch a reversed dependency, look for import cycles, and keep the README's table
in step with the modules that exist.  The library's own tests (tests/library) sit on the
library alone: they import nothing of the chapters, of figsrc or of the book-level test
helpers, and read no file of book/, data/ or figsrc/.
"""

from __future__ import annotations

import ast
import pkgutil
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import grimp
import pytest

import chaindyn
import chaindyn_book

ROOT = Path(__file__).resolve().parents[1]
LINT = Path(sys.executable).with_name("lint-imports")


def _lint(config: Path) -> subprocess.CompletedProcess:
    return subprocess.run([str(LINT), "--config", str(config), "--no-cache"], cwd=ROOT,
                          capture_output=True, text=True)


def test_contracts_hold():
    out = _lint(ROOT / "pyproject.toml")
    assert out.returncode == 0, out.stdout + out.stderr
    assert "broken" not in out.stdout.split("Contracts:")[-1].replace("0 broken", "")


def test_contracts_catch_a_reversed_layer(tmp_path):
    """The same contracts with the two packages' order swapped must fail: the chapter
    computations import the library, so 'chaindyn above chaindyn_book' is broken."""
    text = (ROOT / "pyproject.toml").read_text()
    swapped = text.replace('layers = ["chaindyn_book", "chaindyn"]',
                           'layers = ["chaindyn", "chaindyn_book"]')
    assert swapped != text
    config = tmp_path / "pyproject.toml"
    config.write_text(swapped)
    out = _lint(config)
    assert out.returncode != 0
    assert "chaindyn_book" in out.stdout and "BROKEN" in out.stdout


def _library_graph():
    return grimp.build_graph("chaindyn", "chaindyn_book", cache_dir=None)


def _cycle(graph, modules):
    """One import cycle among ``modules`` (a list of names), or None."""
    state = {}

    def visit(m, path):
        state[m] = "open"
        for nxt in sorted(graph.find_modules_directly_imported_by(m) & modules):
            if state.get(nxt) == "open":
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt, path + [nxt])
                if found:
                    return found
        state[m] = "done"
        return None

    for m in sorted(modules):
        if m not in state:
            found = visit(m, [m])
            if found:
                return found
    return None


def test_no_import_cycles():
    graph = _library_graph()
    modules = {m for m in graph.modules if m not in ("chaindyn", "chaindyn_book")}
    assert _cycle(graph, modules) is None, " -> ".join(_cycle(graph, modules))


def test_cycle_finder_finds_a_cycle():
    class G:  # a -> b -> c -> a, d alone
        edges = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}

        def find_modules_directly_imported_by(self, m):
            return self.edges[m]

    assert _cycle(G(), {"a", "b", "c", "d"}) == ["a", "b", "c", "a"]
    G.edges["c"] = set()
    assert _cycle(G(), {"a", "b", "c", "d"}) is None


def test_import_chaindyn_loads_numpy_only():
    code = ("import sys, chaindyn\n"
            "print(sorted({m.split('.')[0] for m in sys.modules}))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    loaded = set(ast.literal_eval(out.stdout.strip()))
    for name in ("chaindyn_book", "sympy", "scipy", "matplotlib", "pinocchio", "mujoco",
                 "yourdfpy", "roboticstoolbox", "modern_robotics", "myst_nb"):
        assert name not in loaded


def test_library_does_not_import_figsrc_or_notebooks():
    """No module in src/ imports a figsrc script or anything from book/."""
    above = {p.stem for p in (ROOT / "figsrc").glob("*.py")} | {"book", "figsrc", "tests"}
    for path in (ROOT / "src").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                assert name.split(".")[0] not in above, f"{path}: imports {name}"


LIBRARY_TESTS = ROOT / "tests" / "library"
#: Path components that belong to the book, not to the library.
BOOK_DIRS = ("book", "data", "figsrc")


def _book_uses(source: str) -> list[str]:
    """What a library test takes from the book: imports of chaindyn_book, of figsrc or its
    scripts, of the book-level test helpers or of a chapter's jupytext file; string
    literals naming a path in book/, data/ or figsrc/ (``ROOT / "data"``, ``"book/x.md"``)."""
    above = ({"chaindyn_book", "figsrc", "_book", "_prose"}
             | {p.stem for p in (ROOT / "figsrc").glob("*.py")}
             | {p.stem for p in (ROOT / "book").glob("*.py")})
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value.strip().replace("\\", "/")
            if text in BOOK_DIRS or text.startswith(tuple(f"{d}/" for d in BOOK_DIRS)) \
                    or any(f"/{d}/" in f"/{text}" for d in ("book", "figsrc")):
                found.append((node.lineno, f"path {node.value!r}"))
            continue
        else:
            continue
        found += [(node.lineno, f"import {n}") for n in names if n.split(".")[0] in above]
    return [f"line {line}: {what}" for line, what in sorted(found)]


def test_library_tests_do_not_use_the_book():
    files = sorted(LIBRARY_TESTS.glob("*.py"))
    assert len(files) >= 20
    used = {p.name: _book_uses(p.read_text(encoding="utf-8")) for p in files}
    assert not {k: v for k, v in used.items() if v}, used


def test_the_book_check_finds_each_kind_of_use():
    source = ("import chaindyn_book.ch35\nfrom figsrc import x\nimport bench_baselines\n"
              "from _book import ROOT\nimport chaindyn.urdf\nfrom _refs import reference\n"
              "p = ROOT / 'data' / 'x.csv'\nq = 'book/notation.md'\nr = '../figsrc/y.py'\n"
              "s = 'chaindyn/data/arm6r.csv'\nt = 'read the data'\n")
    assert _book_uses(source) == [
        "line 1: import chaindyn_book.ch35", "line 2: import figsrc",
        "line 3: import bench_baselines", "line 4: import _book", "line 7: path 'data'",
        "line 8: path 'book/notation.md'", "line 9: path '../figsrc/y.py'"]


def test_reference_libraries_are_pinned():
    """Every module a test asks ``_refs.reference`` for comes from a distribution pinned
    in requirements.txt (the message of a missing one names it)."""
    sys.path.insert(0, str(LIBRARY_TESTS))
    from _refs import DISTRIBUTIONS

    pinned = {line.split("==")[0].strip().lower() for line in
              (ROOT / "requirements.txt").read_text().splitlines() if "==" in line}
    asked = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "reference"
                    and isinstance(node.args[0], ast.Constant)):
                asked.add(node.args[0].value.split(".")[0])
    asked -= set(sys.stdlib_module_names)  # test_refs asks for math, which is always there
    assert {"pinocchio", "mujoco", "modern_robotics", "roboticstoolbox", "yourdfpy",
            "trimesh", "scipy", "sympy", "symengine"} <= asked
    for name in asked | set(DISTRIBUTIONS):
        assert DISTRIBUTIONS.get(name, name).lower() in pinned, name


def _modules(package) -> set[str]:
    return {f"{package.__name__}.{m.name}" for m in pkgutil.iter_modules(package.__path__)}


def _readme_architecture() -> list[tuple[str, str]]:
    text = (ROOT / "README.md").read_text()
    section = text.split("## Architecture", 1)[1].split("\n## ", 1)[0]
    rows = re.findall(r"^\| ([^|]+?) \| `([\w.]+)` \|", section, flags=re.M)
    return [(layer.strip(), module) for layer, module in rows]


def test_readme_lists_every_module():
    listed = [m for _, m in _readme_architecture()]
    assert len(listed) == len(set(listed))
    assert set(listed) == _modules(chaindyn) | _modules(chaindyn_book)


def test_readme_layers_follow_the_contracts():
    """The README's layer numbers order the modules as the contracts in pyproject.toml do."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    library = next(c for c in config["contracts"] if c.get("containers") == ["chaindyn"])
    rank = {}  # contract layers are listed top first
    for i, layer in enumerate(reversed(library["layers"])):
        for name in re.split(r"\s*[:|]\s*", layer):
            rank[f"chaindyn.{name.strip()}"] = i
    readme = _readme_architecture()
    number = {m: int(layer.split()[0]) for layer, m in readme}
    for m in rank:
        assert m in number, f"{m} is in a contract but not in the README"
    for a in rank:
        for b in rank:
            if rank[a] < rank[b]:
                assert number[a] < number[b], (a, b)
    assert all(number[m] > max(number[x] for x in rank) for m in _modules(chaindyn_book))


@pytest.mark.parametrize("module", sorted(_modules(chaindyn)))
def test_every_library_module_is_in_a_layer(module):
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    library = next(c for c in config["contracts"] if c.get("containers") == ["chaindyn"])
    names = {n.strip() for layer in library["layers"] for n in re.split(r"[:|]", layer)}
    assert module.split(".", 1)[1] in names
