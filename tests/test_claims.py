"""Sentences that state what the data show are tied to the data.

The mechanism is ``chaindyn_book.claims`` (README, "Claims"): a paragraph
that states a data-dependent fact carries a MyST comment ``% claim: label``
and the cell that computes the data calls ``claims.claim(label, words, holds)``
or ``claims.within(label, words, value, bound)``; a word that the data choose
comes from ``claims.choose`` and is glued.  This file checks

* the module itself (a false condition raises with the label, the words and
  the evidence; bad arguments are refused);
* every notebook: each marker has exactly one guard in the same notebook,
  each guard a marker, and the guard's words stand in the marked paragraph;
* coverage: a paragraph that carries a glued value and a comparison word
  (faster, below, every, grows, ...) outside math and code is marked, either
  ``% claim:`` or ``% no-claim: <why the words do not depend on the data>``;
* the effect: a computed value is changed in a copy of the repository and the
  notebook that reads it fails with a message that quotes the sentence.
"""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from _book import NOTEBOOKS, ROOT

from chaindyn_book import claims

# ------------------------------------------------------------------ the module


def test_a_true_claim_is_silent_and_a_false_one_names_its_sentence():
    assert claims.claim("x", "A는 B보다 빠르다", True) is None
    with pytest.raises(claims.ClaimFailed) as err:
        claims.claim("b-speed", "A는 B보다 빠르다", 2.0 < 1.0, a_us=2.0, b_us=1.0)
    text = str(err.value)
    assert "'b-speed'" in text and "«A는 B보다 빠르다»" in text
    assert "a_us=2.0" in text and "b_us=1.0" in text


def test_within_compares_value_and_bound():
    claims.within("e", "오차는 한계 안에 있다", 1e-15, 1e-12)
    claims.within("e", "오차는 한계 안에 있다", 1e-12, 1e-12)
    with pytest.raises(claims.ClaimFailed, match=r"value=2e-12, bound=1e-12"):
        claims.within("e", "오차는 한계 안에 있다", 2e-12, 1e-12)
    with pytest.raises(claims.ClaimFailed):
        claims.within("e", "오차는 한계 안에 있다", float("nan"), 1e-12)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: claims.claim("", "words", True), "a claim needs a non-empty label, got ''"),
        (lambda: claims.claim("x", " ", True),
         "claim 'x' needs the words of its sentence, got ' '"),
        (lambda: claims.claim("x", "w", 1), "claim 'x' needs a boolean condition, got int 1"),
        (lambda: claims.within("x", "w", 1.0, -1.0),
         "claim 'x' needs a finite bound >= 0, got -1.0"),
        (lambda: claims.choose("yes", "a", "b"),
         "choose() needs a boolean condition, got str 'yes'"),
    ],
)
def test_bad_arguments_are_refused(call, message):
    with pytest.raises(ValueError) as err:
        call()
    assert str(err.value) == message


def test_choose_picks_the_word_the_data_give():
    import numpy as np

    assert claims.choose(bool(np.float64(0.5) < 1), "빠르다", "느리다") == "빠르다"
    assert claims.choose(np.float64(1.5) < 1, "빠르다", "느리다") == "느리다"


# ------------------------------------------------------------ the notebooks

MARKER = re.compile(r"^%\s*(claim|no-claim):\s*(.*?)\s*$")
GUARDS = {"claim", "within"}

#: Words that make a sentence state what data show: comparisons, bounds,
#: quantifiers and growth.  A paragraph with a glued value and one of these
#: (outside math and code) must be marked.
COMPARISON = re.compile(
    r"빠르|빠른|빨라|빨랐|빨리|느리|느린|느려|느렸|보다|이하|이내|안에|넘|모든|언제나|항상|비례|자란|커진|커지|"
    r"늘어|줄어|교차|역전|앞서|따라잡|정확|비싸|저렴|싸다|싸고|싼|적다|많다|가장|최대|최소|미만|초과|"
    r"일치|벗어|못 미|크다|작다|작았|컸|커졌|늘었|줄었|적었|많았|앞섰|낮다|낮았|높다|높았"
)
_MATH_CODE = re.compile(r"\$\$.*?\$\$|\$[^$]*\$|``?[^`]*``?(?!`)|\{[a-z:-]+\}`[^`]*`", re.S)


def markdown_paragraphs(nb):
    """(markers, text) for every paragraph of the notebook's markdown cells.

    ``markers`` are the (kind, value) pairs of the comment lines right above
    the paragraph (a blank line between them is allowed); ``text`` is its
    source with line breaks read as spaces, as they render."""
    out = []
    for cell in nb["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        pending, para = [], []
        for line in [*"".join(cell["source"]).splitlines(), ""]:
            m = MARKER.match(line.strip())
            if para and (m or not line.strip()):
                out.append((pending, " ".join(para)))
                pending, para = [], []
            if m:
                pending.append((m.group(1), m.group(2)))
            elif line.strip():
                para.append(line.strip())
        assert not pending, f"a claim marker ends a markdown cell with no paragraph: {pending}"
    return out


def guard_calls(nb):
    """(function, label, words) of every claims.claim/within call in the code cells."""
    calls = []
    for cell in nb["cells"]:
        if cell["cell_type"] != "code":
            continue
        src = "\n".join(line for line in "".join(cell["source"]).splitlines()
                        if not line.lstrip().startswith(("%", "!")))
        for node in ast.walk(ast.parse(src)):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            name = f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", None)
            if name not in GUARDS or len(node.args) < 2:
                continue
            label, words = node.args[0], node.args[1]
            assert isinstance(label, ast.Constant) and isinstance(words, ast.Constant), (
                f"{name}() needs a literal label and literal words: {ast.unparse(node)[:120]}")
            calls.append((name, label.value, words.value))
    return calls


def load(path):
    return json.loads(Path(path).read_text(encoding="utf-8"))


def names(nb_path):
    return Path(nb_path).name


@pytest.mark.parametrize("nb_path", NOTEBOOKS, ids=names)
def test_every_marker_has_one_guard_and_every_guard_a_marker(nb_path):
    nb = load(nb_path)
    marked = {}
    for markers, text in markdown_paragraphs(nb):
        for kind, value in markers:
            if kind == "no-claim":
                assert value, f"{nb_path.name}: '% no-claim:' needs a reason, above: {text[:80]}"
                continue
            for label in filter(None, (v.strip() for v in value.split(","))):
                assert label not in marked, f"{nb_path.name}: claim {label!r} marked twice"
                marked[label] = text
    guards = {}
    for _, label, words in guard_calls(nb):
        assert label not in guards, f"{nb_path.name}: claim {label!r} guarded twice"
        guards[label] = words
    assert sorted(marked) == sorted(guards), (
        f"{nb_path.name}: markers without a guard {sorted(set(marked) - set(guards))}, "
        f"guards without a marker {sorted(set(guards) - set(marked))}")
    for label, words in guards.items():
        assert " ".join(words.split()) in marked[label], (
            f"{nb_path.name}: the words of claim {label!r} «{words}» do not stand in its "
            f"paragraph: {marked[label][:200]}")


def unmarked_comparisons(nb):
    """Paragraphs with a glued value and a comparison word but no marker."""
    found = []
    for markers, text in markdown_paragraphs(nb):
        if markers or "{glue" not in text or text.startswith(("```", ":::", "|")):
            continue
        hit = COMPARISON.search(_MATH_CODE.sub(" ", text))
        if hit:
            found.append(f"«{hit.group(0)}» in: {text[:160]}")
    return found


def test_the_coverage_scan_finds_an_unmarked_comparison():
    nb = {"cells": [
        {"cell_type": "markdown", "source": "생성 코드는 {glue:text}`r`배로 `rnea`보다 느렸다.\n"},
        {"cell_type": "markdown", "source": "% claim: a\n생성 코드는 {glue:text}`r`배 빨랐다.\n"},
        {"cell_type": "markdown", "source": "값은 {glue:text}`v`이다. $a \\le b$\n"},
        {"cell_type": "markdown", "source": "% no-claim: 정의\n{glue:text}`n`개 모든 관절\n"},
    ]}
    found = unmarked_comparisons(nb)
    assert len(found) == 1 and "느렸다" in found[0]


@pytest.mark.parametrize("nb_path", NOTEBOOKS, ids=names)
def test_sentences_that_compare_data_are_marked(nb_path):
    found = unmarked_comparisons(load(nb_path))
    assert not found, f"{nb_path.name}: {len(found)} unmarked paragraphs:\n" + "\n".join(found)


# ------------------------------------------------- a changed value fails the build

#: (notebook, data file, row test, column, new value, the label that must fail)
PERTURBATIONS = [
    ("ch3_3_lagrange.ipynb", "data/bench_33_codegen.csv",
     lambda r: r["chain"] == "6R" and r["method"] == "lambdify (cse)" and r["N"] == "10000",
     "ratio_to_rnea", "1.35", "lg-codegen-batch"),
    ("appendix_performance.ipynb", "data/bench_single.csv",
     lambda r: r["method"] == "rnea_structured", "median_us", "0.61", "bp-single-compiled"),
]


def _copy_repository(dest: Path):
    files = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"],
                           cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    for f in files:
        target = dest / f
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(ROOT / f, target)


def _rewrite_csv(path: Path, row_test, column, value):
    import csv

    with open(path, newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
        fields = list(rows[0])
    hit = [r for r in rows if row_test(r)]
    assert len(hit) == 1, f"the perturbation must change one row of {path.name}, found {len(hit)}"
    hit[0][column] = value
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=fields, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)


@pytest.mark.parametrize("case", PERTURBATIONS, ids=lambda c: c[-1])
def test_a_changed_value_fails_the_notebook_naming_the_sentence(case, tmp_path):
    notebook, data_file, row_test, column, value, label = case
    _copy_repository(tmp_path)
    _rewrite_csv(tmp_path / data_file, row_test, column, value)
    env = dict(os.environ, PYTHONPATH=str(tmp_path / "src"), MPLBACKEND="Agg")
    run = subprocess.run(
        [sys.executable, "-m", "jupyter", "execute", notebook, "--output", "out.ipynb"],
        cwd=tmp_path / "book", env=env, capture_output=True, text=True, timeout=600)
    log = run.stdout + run.stderr
    assert run.returncode != 0, "the changed value did not fail the notebook"
    words = next(w for _, lab, w in guard_calls(load(ROOT / "book" / notebook)) if lab == label)
    assert "ClaimFailed" in log and f"claim {label!r} no longer holds" in log, log[-3000:]
    assert f"«{words}»" in log, log[-3000:]


def test_the_examples_of_the_module_run():
    import doctest

    result = doctest.testmod(claims, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 5 and result.failed == 0
