"""Every chapter is a jupytext pair that is in sync, runs on the python3 kernel, and
re-executes to the outputs it carries (nbval).

nbval runs over every notebook in a process of its own (``pytest --nbval book``, a heavy
run of ``_book``, started when the tests are collected), beside the other tests; the
test per notebook reads its cells' results from that run's JUnit report.
"""

from __future__ import annotations

import json
import shutil
import xml.etree.ElementTree as ET

import jupytext
import pytest
from _book import BOOK, BUILD, NOTEBOOKS, PAIRED_PY, ROOT, heavy_run, nbval_command, run

NBVAL = BUILD / "runs" / "nbval"


@heavy_run("nbval", "nbval_run")
def _nbval():
    shutil.rmtree(NBVAL, ignore_errors=True)
    return nbval_command(f"--junitxml={NBVAL / 'junit.xml'}"), NBVAL, dict(cwd=ROOT)


@pytest.fixture(scope="module")
def nbval_run():
    """The finished nbval run and its cells' results by notebook: file name -> list of
    (cell, failure text or None)."""
    proc = run("nbval").result()
    report = NBVAL / "junit.xml"
    assert report.is_file(), f"nbval wrote no report:\n{proc.stdout[-3000:]}{proc.stderr[-3000:]}"
    cells = {}
    for case in ET.parse(report).getroot().iter("testcase"):
        name = case.get("classname", "").removeprefix("book.")
        bad = case.find("failure")
        if bad is None:
            bad = case.find("error")
        cells.setdefault(name, []).append(
            (case.get("name"), None if bad is None else (bad.get("message", "") + "\n"
                                                         + (bad.text or ""))))
    return proc, cells


def test_nbval_run_completed(nbval_run):
    proc, cells = nbval_run
    assert sorted(cells) == sorted(nb.name for nb in NOTEBOOKS), sorted(cells)
    failed = sum(text is not None for results in cells.values() for _, text in results)
    assert (proc.returncode == 0) == (failed == 0), proc.stdout[-3000:] + proc.stderr[-3000:]


@pytest.mark.parametrize("nb", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_reexecutes_to_its_outputs(nb, nbval_run):
    """nbval: every cell runs, and every compared output (sanitized: timings, addresses,
    roundoff-level digits) equals the committed one."""
    results = nbval_run[1].get(nb.name)
    assert results, f"nbval ran no cell of {nb.name}"
    failed = [(cell, text) for cell, text in results if text is not None]
    assert not failed, "\n\n".join(f"{nb.name} {cell}:\n{text[-4000:]}" for cell, text in failed)


def test_there_are_notebooks():
    assert NOTEBOOKS, f"no notebooks under {BOOK}"


def test_every_notebook_has_a_py_twin_and_back():
    ipynb = {p.stem for p in NOTEBOOKS}
    py = {p.stem for p in PAIRED_PY}
    assert ipynb - py == set(), f"notebooks without a .py twin: {sorted(ipynb - py)}"
    assert py - ipynb == set(), f".py files without a notebook: {sorted(py - ipynb)}"


@pytest.mark.parametrize("nb", NOTEBOOKS, ids=lambda p: p.name)
def test_pair_in_sync(nb):
    """`jupytext --check` misses drift; compare the rendered text instead."""
    py = nb.with_suffix(".py")
    expected = jupytext.writes(jupytext.read(nb), fmt="py:percent")
    actual = py.read_text(encoding="utf-8")
    assert actual == expected, (
        f"{py.name} and {nb.name} differ: edit the .py, then `make sync` and `make execute`"
    )


@pytest.mark.parametrize("nb", NOTEBOOKS, ids=lambda p: p.name)
def test_kernelspec_is_python3(nb):
    meta = json.loads(nb.read_text(encoding="utf-8"))["metadata"]
    assert meta.get("kernelspec", {}).get("name") == "python3", meta.get("kernelspec")


@pytest.mark.parametrize("nb", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_is_executed_without_errors(nb):
    """Outputs are committed: every code cell has run, in order, with no error."""
    cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
    counts = []
    for cell in cells:
        if cell["cell_type"] != "code" or not cell["source"]:
            continue
        assert cell.get("execution_count") is not None, f"unexecuted cell in {nb.name}"
        counts.append(cell["execution_count"])
        for out in cell.get("outputs", []):
            assert out.get("output_type") != "error", f"error output in {nb.name}"
    assert counts == list(range(1, len(counts) + 1)), f"{nb.name}: cells not run top to bottom"
