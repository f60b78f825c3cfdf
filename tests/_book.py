"""Paths and helpers shared by the book-level tests (build, browser, notebooks)."""

from __future__ import annotations

import os
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
