"""Root conftest: settings and fixtures that must hold however pytest is started.

* nbval reads its sanitize file from ``--nbval-sanitize-with``; setting it here,
  with an absolute path, makes ``pytest --nbval book`` behave the same from any
  working directory and without extra command-line arguments.
* ``built_book`` builds the book once per session; the build test and the
  browser test share it, so ``make test`` builds exactly once.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent
NBVAL_SANITIZE = ROOT / "tests" / "nbval_sanitize.cfg"
BUILD = ROOT / "_build"


def pytest_configure(config):
    opt = config.option
    if hasattr(opt, "nbval_sanitize_with") and not opt.nbval_sanitize_with:
        opt.nbval_sanitize_with = str(NBVAL_SANITIZE)


@pytest.fixture(scope="session")
def built_book():
    """Build the whole book into ``_build/html`` (every notebook executed,
    ``-W -n --keep-going``, ``--all``).  Returns the finished process; the full
    log is also written to ``_build/build.log``."""
    jb = Path(sys.executable).parent / "jupyter-book"
    # a stale _build/html makes Sphinx warn when a regenerated figure overwrites its old copy
    shutil.rmtree(BUILD / "html", ignore_errors=True)
    cmd = [str(jb), "build", str(ROOT), "--all", "-W", "-n", "--keep-going"]
    proc = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, check=False)
    BUILD.mkdir(exist_ok=True)
    (BUILD / "build.log").write_text(
        proc.stdout + "\n--- stderr ---\n" + proc.stderr, encoding="utf-8"
    )
    return proc
