"""Every chapter is a jupytext pair that is in sync and runs on the python3 kernel."""

from __future__ import annotations

import json

import jupytext
import pytest
from _book import BOOK, NOTEBOOKS, PAIRED_PY


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
