"""Each chapter can be taken home from the built HTML, with no network: the
download button of a notebook page points at the notebook in the built files,
and the intro links every chapter's jupytext script, copied into the build.

Needs the book built (the session fixture ``built_book`` builds it once).
"""

from __future__ import annotations

from urllib.parse import unquote, urlparse

import nbformat
import pytest
from _book import BOOK, HTML, NOTEBOOKS, PAIRED_PY
from bs4 import BeautifulSoup


def _soup(page: str) -> BeautifulSoup:
    return BeautifulSoup((HTML / page).read_text(encoding="utf-8"), "html.parser")


def _local_target(page: str, href: str):
    """The file a link of ``page`` points at; fails for a link off the machine."""
    url = urlparse(href)
    assert not url.scheme and not url.netloc, f"{page}: {href} is not a local file"
    return ((HTML / page).parent / unquote(url.path)).resolve()


@pytest.mark.parametrize("nb", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_download_button(nb, built_book):
    """The page's .ipynb button gives back the notebook, outputs included."""
    assert built_book.returncode == 0
    page = f"book/{nb.stem}.html"
    links = [a for a in _soup(page).select(".dropdown-download-buttons a")
             if a.get_text(strip=True) == ".ipynb"]
    assert len(links) == 1, f"{page}: no single .ipynb download button"
    target = _local_target(page, links[0]["href"])
    assert target.is_file(), f"{page}: download target missing: {target}"
    assert HTML.resolve() in target.parents
    got = nbformat.read(target, as_version=4)
    want = nbformat.read(nb, as_version=4)
    assert [c.source for c in got.cells] == [c.source for c in want.cells]
    assert sum(len(c.get("outputs", [])) for c in got.cells) > 0, "no outputs in the download"


def test_intro_links_every_chapter_script(built_book):
    """The intro's list of scripts covers every paired .py of book/, and each
    link is a copy of that file inside the built HTML."""
    assert built_book.returncode == 0
    page = "book/intro.html"
    links = {a.get_text(strip=True): a["href"]
             for a in _soup(page).select("a.download.reference")}
    assert sorted(links) == sorted(p.name for p in PAIRED_PY)
    for name, href in links.items():
        target = _local_target(page, href)
        assert HTML.resolve() in target.parents, f"{name}: outside the built HTML"
        assert target.read_bytes() == (BOOK / name).read_bytes(), f"{name}: not the script"
