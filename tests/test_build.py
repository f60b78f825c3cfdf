"""The book builds with every notebook executed and zero warnings (-W -n)."""

from __future__ import annotations

import re

from _book import HTML, NOTEBOOKS


def test_book_builds_without_warnings(built_book):
    log = built_book.stdout + built_book.stderr
    warnings = [line for line in log.splitlines() if re.search(r"(WARNING|ERROR|CRITICAL):", line)]
    assert built_book.returncode == 0, "jupyter-book build failed:\n" + log[-6000:]
    assert warnings == [], "build warnings:\n" + "\n".join(warnings)


def test_every_notebook_page_is_rendered(built_book):
    assert built_book.returncode == 0
    for nb in NOTEBOOKS:
        page = HTML / "book" / f"{nb.stem}.html"
        assert page.is_file(), f"missing page {page}"


def test_mathjax_is_served_locally(built_book):
    """MathJax 3 comes from an installed package, not a CDN."""
    assert built_book.returncode == 0
    intro = (HTML / "book" / "intro.html").read_text(encoding="utf-8")
    assert "cdn.jsdelivr.net" not in intro and "mathjax@3" not in intro
    assert "_static/mathjax/tex-chtml.js" in intro
    js = HTML / "_static" / "mathjax" / "tex-chtml.js"
    assert js.is_file()
    assert 'VERSION="3.' in js.read_text(encoding="utf-8", errors="replace")
