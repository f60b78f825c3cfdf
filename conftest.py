"""Root conftest: settings and fixtures that must hold however pytest is started.

* nbval reads its sanitize file from ``--nbval-sanitize-with``; setting it here,
  with an absolute path, makes ``pytest --nbval book`` behave the same from any
  working directory and without extra command-line arguments.
* ``built_book`` builds the book once per session; the build test and the
  browser test share it, so ``make test`` builds exactly once.  The PDF build
  (``built_pdf`` in tests/test_pdf.py) runs alongside it (``book_builds``).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT / "tests"))  # the helpers shared with the tests (tests/_book.py)
from _book import BUILD, Background  # noqa: E402

NBVAL_SANITIZE = ROOT / "tests" / "nbval_sanitize.cfg"


def pytest_configure(config):
    opt = config.option
    if hasattr(opt, "nbval_sanitize_with") and not opt.nbval_sanitize_with:
        opt.nbval_sanitize_with = str(NBVAL_SANITIZE)


#: The PDF build's output folder (``--path-output``): the PDF is
#: ``_build/pdf/_build/latex/book.pdf``, apart from the HTML build's ``_build``, so that
#: the two builds share no file and can run at the same time.
PDF_OUTPUT = BUILD / "pdf"


def _build_command(name):
    """The command, environment and log file of the HTML build (as ``make book``) or
    the PDF build (as ``make pdf``, into PDF_OUTPUT)."""
    jb = str(Path(sys.executable).parent / "jupyter-book")
    if name == "html":
        return [jb, "build", str(ROOT), "--all", "-W", "-n", "--keep-going"], None, "build.log"
    env = {**os.environ, "LATEXOPTS": "-interaction=nonstopmode -halt-on-error"}
    return ([jb, "build", str(ROOT), "--builder", "pdflatex", "--all", "-n", "--keep-going",
             "--path-output", str(PDF_OUTPUT)], env, "pdf.log")


@pytest.fixture(scope="session")
def book_builds(request):
    """The HTML and PDF builds, each run once per session.  Returns a function:
    name ("html" or "pdf") -> the finished process (CompletedProcess; the full log
    is also in ``_build/build.log`` or ``_build/pdf.log``).  When the session's
    tests use both builds, the first request starts both (:class:`_book.Background`):
    they are independent processes with separate output folders, so on two cores
    or more they overlap instead of running one after the other."""
    BUILD.mkdir(exist_ok=True)
    running, finished = {}, {}

    def start(name):
        if name in running or name in finished:
            return
        # a stale build folder makes Sphinx warn when a regenerated figure overwrites its copy
        shutil.rmtree(BUILD / "html" if name == "html" else PDF_OUTPUT, ignore_errors=True)
        cmd, env, log = _build_command(name)
        running[name] = (Background(cmd, BUILD / f"{log}.run", cwd=ROOT, env=env,
                                    stdin=subprocess.DEVNULL), log)

    def result(name):
        if name not in finished:
            used = {fx for item in request.session.items
                    for fx in getattr(item, "fixturenames", ())}  # nbval cells have none
            start(name)
            for other, fixture in (("html", "built_book"), ("pdf", "built_pdf")):
                if fixture in used and (other == "html" or shutil.which("latexmk")):
                    start(other)
            run, log = running.pop(name)
            proc = run.result()
            (BUILD / log).write_text(proc.stdout + "\n--- stderr ---\n" + proc.stderr,
                                     encoding="utf-8")
            finished[name] = proc
        return finished[name]

    yield result
    for run, _ in running.values():  # started for a test that did not run
        run.stop()


@pytest.fixture(scope="session")
def built_book(book_builds):
    """The whole book built into ``_build/html`` (every notebook executed,
    ``-W -n --keep-going``, ``--all``), as ``make book``: the finished process."""
    return book_builds("html")
