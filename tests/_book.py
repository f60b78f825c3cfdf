"""Paths and helpers shared by the book-level tests (build, browser, notebooks)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "book"
BUILD = ROOT / "_build"
HTML = BUILD / "html"
NOTEBOOKS = sorted(BOOK.glob("*.ipynb"))
NBVAL_SANITIZE = ROOT / "tests" / "nbval_sanitize.cfg"


def nbval_command(*options):
    """``pytest --nbval`` over every notebook of book/, with the book's sanitize file
    and ``options`` (the command of the plain and the perturbed nbval runs)."""
    return [sys.executable, "-m", "pytest", "--nbval", "-q", "-p", "no:cacheprovider",
            "--nbval-sanitize-with", str(NBVAL_SANITIZE), *options, str(BOOK)]
PAIRED_PY = sorted(BOOK.glob("*.py"))


class Background:
    """A subprocess started at once, its stdout and stderr going to files in
    ``folder`` (so that it cannot block on a full pipe while another run is
    waited for): independent heavy runs started together overlap on two cores or
    more.  ``result()`` waits for it and returns the CompletedProcess (text)."""

    def __init__(self, cmd, folder, **popen):
        folder.mkdir(parents=True, exist_ok=True)
        self.folder = folder
        self._files = [open(folder / name, "w", encoding="utf-8") for name in ("stdout", "stderr")]
        self._proc = subprocess.Popen(cmd, stdout=self._files[0], stderr=self._files[1],
                                      text=True, **popen)
        self._done = None

    def result(self):
        if self._done is None:
            self._proc.wait()
            for f in self._files:
                f.close()
            out, err = ((self.folder / n).read_text(encoding="utf-8") for n in ("stdout", "stderr"))
            self._done = subprocess.CompletedProcess(self._proc.args, self._proc.returncode,
                                                     out, err)
        return self._done

    def stop(self):
        """Kill the run if it is still going (a run no test waited for)."""
        if self._proc.poll() is None:
            self._proc.kill()
            self._proc.wait()
        for f in self._files:
            f.close()


# ------------------------------------------------------------------ heavy runs
#: The independent heavy runs that some tests wait for (the book's builds, the figure
#: scripts, the perturbed re-runs), by name: the fixture whose tests need the run and a
#: factory returning ``(cmd, folder, popen keyword arguments)``.  The root conftest
#: starts every run the collected tests need as soon as they are collected, and puts
#: the tests that wait for one last: the runs then overlap with the other tests on the
#: second core instead of running while the main process waits.
RUNS = {}
_started = {}


def heavy_run(name, fixture):
    """Register the factory of the run ``name``, needed by the tests using ``fixture``."""
    def register(factory):
        RUNS[name] = (fixture, factory)
        return factory
    return register


def run(name):
    """The run ``name`` (:class:`Background`), started now if it has not been."""
    if name not in _started:
        cmd, folder, popen = RUNS[name][1]()
        _started[name] = Background(cmd, folder, **popen)
    return _started[name]


def start_runs(fixtures):
    """Start every registered run whose fixture is in ``fixtures``."""
    for name, (fixture, _) in RUNS.items():
        if fixture in fixtures:
            run(name)


def stop_runs():
    """Kill the runs still going at the end of the session (no test waited for them)."""
    for started in _started.values():
        started.stop()
