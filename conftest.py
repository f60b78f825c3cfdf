"""Root conftest: settings and fixtures that must hold however pytest is started.

* nbval reads its sanitize file from ``--nbval-sanitize-with``; setting it here,
  with an absolute path, makes ``pytest --nbval book`` behave the same from any
  working directory and without extra command-line arguments.
* ``built_book`` builds the book once per session; the build test and the
  browser test share it, so ``make test`` builds exactly once.  The PDF build
  (``built_pdf`` in tests/test_pdf.py) runs alongside it (``book_builds``).  Both
  typeset the notebooks' committed outputs, which nbval re-executes and compares in
  the same session (``_committed_outputs_config``).
* The heavy runs (the two builds, the figure scripts, the perturbed re-runs;
  ``_book.RUNS``) start as soon as the tests are collected, and the tests that wait
  for them run last, so that the runs overlap with every other test.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent
# the helpers shared with the tests: tests/_book.py, and tests/library/_refs.py (the
# reference libraries, which the chapter tests use too)
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "tests" / "library")]
import _book  # noqa: E402
from _book import BUILD, NBVAL_SANITIZE, heavy_run  # noqa: E402


def pytest_configure(config):
    opt = config.option
    if hasattr(opt, "nbval_sanitize_with") and not opt.nbval_sanitize_with:
        opt.nbval_sanitize_with = str(NBVAL_SANITIZE)


@pytest.hookimpl(trylast=True)  # after -k and -m have deselected what will not run
def pytest_collection_modifyitems(session, config, items):
    """Start the heavy runs the collected tests need, and order the tests that wait for
    one after all the others (their relative order kept)."""
    heavy = {fixture for fixture, _ in _book.RUNS.values()}
    waits = [item for item in items if heavy & set(getattr(item, "fixturenames", ()))]
    if not waits:
        return
    rest = [item for item in items if item not in waits]
    items[:] = rest + waits
    if config.option.collectonly:
        return
    _book.start_runs({fx for item in waits for fx in item.fixturenames})


def pytest_sessionfinish(session, exitstatus):
    _book.stop_runs()


#: The PDF build's output folder (``--path-output``): the PDF is
#: ``_build/pdf/_build/latex/book.pdf``, apart from the HTML build's ``_build``, so that
#: the two builds share no file and can run at the same time.
PDF_OUTPUT = BUILD / "pdf"


@functools.cache
def _committed_outputs_config():
    """``_config.yml`` for the two builds of the test session (written under _build): the
    same book, but the notebooks are not executed by the build; their committed outputs are
    typeset.  In the same session nbval executes every notebook and checks that each
    compared output is the committed one (and the perturbed run does it again), so a
    build's own execution (``make book``'s and ``make pdf``'s) would test nothing more and
    only load the two cores: the suite stays within its time, and no kernel waits its
    60 s start-up time out while five runs share the cores (that failed a PDF build).
    Written once per session (cached), so that no build reads it while it is rewritten."""
    config = yaml.safe_load((ROOT / "_config.yml").read_text(encoding="utf-8"))
    config["execute"]["execute_notebooks"] = "off"
    # a local extension's folder is taken relative to the configuration file
    local = config["sphinx"]["local_extensions"]
    config["sphinx"]["local_extensions"] = {k: str(ROOT / v) for k, v in local.items()}
    path = BUILD / "committed_outputs" / "_config.yml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(config, allow_unicode=True, sort_keys=False),
                    encoding="utf-8")
    return path


def _build_command(name):
    """The command, environment and log file name of the HTML build (as ``make book``) or
    the PDF build (as ``make pdf``, into PDF_OUTPUT), both from the committed outputs
    (``_committed_outputs_config``)."""
    jb = str(Path(sys.executable).parent / "jupyter-book")
    config = ["--config", str(_committed_outputs_config())]
    if name == "html":
        return ([jb, "build", str(ROOT), "--all", "-W", "-n", "--keep-going", *config], None,
                "build.log")
    env = {**os.environ, "LATEXOPTS": "-interaction=nonstopmode -halt-on-error"}
    return ([jb, "build", str(ROOT), "--builder", "pdflatex", "--all", "-n", "--keep-going",
             "--path-output", str(PDF_OUTPUT), *config], env, "pdf.log")


def _register_build(name, fixture):
    def factory():
        # a stale build folder makes Sphinx warn when a regenerated figure overwrites its copy
        shutil.rmtree(BUILD / "html" if name == "html" else PDF_OUTPUT, ignore_errors=True)
        cmd, env, log = _build_command(name)
        return cmd, BUILD / f"{log}.run", dict(cwd=ROOT, env=env, stdin=subprocess.DEVNULL)
    heavy_run(name, fixture)(factory)


_register_build("html", "built_book")
if shutil.which("latexmk"):  # without it the PDF tests skip (or fail in CI) before building
    _register_build("pdf", "built_pdf")


@pytest.fixture(scope="session")
def book_builds():
    """The HTML and PDF builds, each run once per session (``_book.run``; started when
    the tests are collected).  Returns a function: name ("html" or "pdf") -> the
    finished process (CompletedProcess; the full log is also in ``_build/build.log``
    or ``_build/pdf.log``).  The two builds are independent processes with separate
    output folders."""
    BUILD.mkdir(exist_ok=True)
    finished = {}

    def result(name):
        if name not in finished:
            proc = _book.run(name).result()
            log = BUILD / _build_command(name)[2]
            log.write_text(proc.stdout + "\n--- stderr ---\n" + proc.stderr, encoding="utf-8")
            finished[name] = proc
        return finished[name]

    return result


@pytest.fixture(scope="session")
def built_book(book_builds):
    """The whole book built into ``_build/html`` (``-W -n --keep-going``, ``--all``) as
    ``make book`` does, from the committed outputs: the finished process."""
    return book_builds("html")
