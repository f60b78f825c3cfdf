"""Paths and helpers shared by the book-level tests (build, browser, notebooks)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "book"
BUILD = ROOT / "_build"
HTML = BUILD / "html"
NOTEBOOKS = sorted(BOOK.glob("*.ipynb"))
PAIRED_PY = sorted(BOOK.glob("*.py"))


def in_ci() -> bool:
    """True when the environment says this is a CI run (CI=true)."""
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


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
