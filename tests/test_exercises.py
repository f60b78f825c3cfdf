"""Checkpoints are sphinx-exercise blocks: in the built HTML every page has as
many exercises and solutions as its source declares, each solution opens on
request, the gated solutions carry their code cells, and the text's references
reach them.

What each page must hold is read from the book's sources (the notebooks'
Markdown cells and the Markdown pages of ``_toc.yml``), not from the build.
Needs the book built (the session fixture ``built_book`` builds it once).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

import nbformat
import pytest
import yaml
from _book import BOOK, HTML, ROOT
from bs4 import BeautifulSoup

DIRECTIVE = re.compile(
    r"^\s*(?::{3,}|`{3,})\{(exercise|exercise-start|exercise-end|solution|solution-start|"
    r"solution-end)\}\s*(.*)$"
)
OPTION = re.compile(r"^\s*:(\w+):\s*(.*)$")
REFERENCE = re.compile(r"\{(?:numref|ref)\}`(?:[^`<]*<)?([\w-]+)>?`")
# cells that do not appear in the HTML at all
REMOVED = {"remove-cell"}


@dataclass
class Block:
    kind: str  # "exercise" or "solution"
    label: str | None
    target: str | None  # the exercise a solution answers
    classes: list[str]
    gated: bool
    code_cells: int = 0
    cells_with_output: int = 0


@dataclass
class Page:
    name: str
    blocks: list[Block] = field(default_factory=list)
    references: set[str] = field(default_factory=set)


def _toc_files() -> list[str]:
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    files = [toc["root"]]

    def walk(entries):
        for e in entries:
            if "file" in e:
                files.append(e["file"])
            walk(e.get("sections", []))
            walk(e.get("chapters", []))

    walk(toc.get("parts", []))
    return [f.removeprefix("book/") for f in files]


def _cells(stem: str):
    """(cell_type, source, tags, has outputs) of a page's cells; a Markdown page is one cell."""
    nb = BOOK / f"{stem}.ipynb"
    if nb.is_file():
        for c in nbformat.read(nb, as_version=4).cells:
            yield c.cell_type, c.source, set(c.metadata.get("tags", [])), bool(c.get("outputs"))
    else:
        yield "markdown", (BOOK / f"{stem}.md").read_text(encoding="utf-8"), set(), False


def parse(stem: str) -> Page:
    page = Page(stem)
    open_gate = None
    for kind, source, tags, has_output in _cells(stem):
        if kind == "code":
            if open_gate is not None and not tags & REMOVED:
                open_gate.code_cells += 1
                open_gate.cells_with_output += has_output
            continue
        if kind != "markdown":
            continue
        page.references |= set(REFERENCE.findall(source))
        lines = source.splitlines()
        for k, line in enumerate(lines):
            m = DIRECTIVE.match(line)
            if not m:
                continue
            name, arg = m.groups()
            if name.endswith("-end"):
                if name == "solution-end":
                    assert open_gate is not None, f"{stem}: solution-end without a start"
                    open_gate = None
                continue
            opts = {}
            for nxt in lines[k + 1:]:
                o = OPTION.match(nxt)
                if not o:
                    break
                opts[o.group(1)] = o.group(2).strip()
            block = Block(
                kind=name.removesuffix("-start"),
                label=opts.get("label"),
                target=arg.strip() or None if name.startswith("solution") else None,
                classes=opts.get("class", "").split(),
                gated=name.endswith("-start"),
            )
            page.blocks.append(block)
            if name == "solution-start":
                open_gate = block
    assert open_gate is None, f"{stem}: a solution-start has no solution-end"
    return page


PAGES = [parse(stem) for stem in _toc_files()]
EXERCISE_LABELS = {b.label for p in PAGES for b in p.blocks if b.label}


def _html(stem: str) -> BeautifulSoup:
    return BeautifulSoup((HTML / "book" / f"{stem}.html").read_text(encoding="utf-8"),
                         "html.parser")


def test_sources_declare_exercises():
    """The book has checkpoints, every one labelled and answered by one solution."""
    exercises = [b for p in PAGES for b in p.blocks if b.kind == "exercise"]
    solutions = [b for p in PAGES for b in p.blocks if b.kind == "solution"]
    assert exercises, "no exercise block in the book's sources"
    assert all(b.label for b in exercises + solutions), "an exercise or solution has no label"
    labels = [b.label for b in exercises + solutions]
    assert len(labels) == len(set(labels)), "a label is used twice"
    answered = sorted(b.target for b in solutions)
    assert answered == sorted(b.label for b in exercises), "exercises and solutions do not pair"
    assert all("dropdown" in b.classes for b in solutions), "a solution is not a dropdown"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_page_has_its_exercises_and_solutions(page, built_book):
    assert built_book.returncode == 0
    soup = _html(page.name)
    html_ex = soup.select("div.exercise.admonition")
    html_sol = soup.select("div.solution.admonition")
    want_ex = [b for b in page.blocks if b.kind == "exercise"]
    want_sol = [b for b in page.blocks if b.kind == "solution"]
    assert len(html_ex) == len(want_ex), page.name
    assert len(html_sol) == len(want_sol), page.name
    assert [d.get("id") for d in html_ex] == [b.label for b in want_ex]
    assert [d.get("id") for d in html_sol] == [b.label for b in want_sol]
    numbers = []
    for div, block in zip(html_sol, want_sol):
        # opens on request: sphinx-togglebutton folds admonitions of class "dropdown"
        assert "dropdown" in div.get("class", []), block.label
        # a gated solution holds its code cells, executed: the cells that print in the
        # committed notebook print in the build too
        cells = div.select("div.cell")
        assert len(cells) == block.code_cells, block.label
        printed = sum(bool(c.select("div.cell_output")) for c in cells)
        assert printed == block.cells_with_output, f"{block.label}: outputs missing"
        # the solution's title names its exercise and links to it
        assert div.select_one(f'.admonition-title a[href$="#{block.target}"]'), block.label
    for div in html_ex:
        m = re.search(r"(\d+)", div.select_one(".admonition-title").get_text())
        assert m, f"{div.get('id')}: the exercise is not numbered"
        numbers.append(int(m.group(1)))
    assert numbers == sorted(set(numbers)), f"{page.name}: exercise numbers {numbers}"


@pytest.mark.parametrize("page", [p for p in PAGES if p.references & EXERCISE_LABELS],
                         ids=lambda p: p.name)
def test_text_refers_to_exercises(page, built_book):
    """Where the text mentions a checkpoint, the reference is a link to its block."""
    assert built_book.returncode == 0
    soup = _html(page.name)
    for label in sorted(page.references & EXERCISE_LABELS):
        links = soup.select(f'a.reference[href$="#{label}"]')
        assert links, f"{page.name}: no link to {label}"
        assert all(re.search(r"\d", a.get_text()) for a in links), f"{label}: unnumbered link"
