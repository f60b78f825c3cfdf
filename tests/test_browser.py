"""Open built pages in headless Chromium: math typeset, Korean shown, figures there.

Needs the book built (the session fixture ``built_book`` builds it once) and
Debian's ``chromium`` and ``fonts-nanum`` (``.ci/run`` installs both).  Without
chromium the test skips, except in CI (CI=true), where that is a failure.
Screenshots for people to look at go to ``_build/screenshots/``.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from _book import BUILD, HTML, NOTEBOOKS, in_ci
from bs4 import BeautifulSoup

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
    "--hide-scrollbars",
    "--virtual-time-budget=8000",
]
HANGUL = re.compile(r"[\uac00-\ud7a3]")
RAW_TEX = ("\\(", "\\)", "\\[", "\\]", "$$", "\\begin{", "\\frac", "\\dot")
SHOTS = BUILD / "screenshots"

PAGES = ["book/intro.html", "book/notation.html"] + [f"book/{p.stem}.html" for p in NOTEBOOKS]


@pytest.fixture(scope="module")
def chromium():
    if CHROMIUM is None:
        msg = "chromium is not installed (apt-get install chromium fonts-nanum; .ci/run does it)"
        if in_ci():
            pytest.fail(msg + " -- required in CI")
        pytest.skip(msg)
    return CHROMIUM


def _run(chromium: str, *args: str) -> str:
    with tempfile.TemporaryDirectory(prefix="chromium-") as profile:
        proc = subprocess.run(
            [chromium, *FLAGS, f"--user-data-dir={profile}", *args],
            capture_output=True,
            text=True,
            timeout=180,
            check=False,
        )
    assert proc.returncode == 0, f"chromium failed ({proc.returncode}):\n{proc.stderr[-3000:]}"
    return proc.stdout


def _article(dom: str) -> BeautifulSoup:
    soup = BeautifulSoup(dom, "html.parser")
    main = soup.find("article") or soup.find("main") or soup.body
    assert main is not None, "page has no body"
    return main


def test_korean_font_installed():
    """fonts-nanum (or another Korean font) must be visible to fontconfig."""
    if shutil.which("fc-list") is None:
        if in_ci():
            pytest.fail("fontconfig (fc-list) not available -- required in CI")
        pytest.skip("fontconfig (fc-list) not available")
    out = subprocess.run(["fc-list", ":lang=ko", "family"], capture_output=True, text=True).stdout
    if not out.strip() and not in_ci() and CHROMIUM is None:
        pytest.skip("no Korean font and no chromium: browser tests are skipped here")
    assert out.strip(), "no Korean font for the browser: apt-get install fonts-nanum"


@pytest.mark.parametrize("page", PAGES)
def test_page_renders(page, built_book, chromium):
    assert built_book.returncode == 0, "book build failed; see _build/build.log"
    path = HTML / page
    assert path.is_file(), f"not built: {path}"
    url = path.as_uri()

    SHOTS.mkdir(parents=True, exist_ok=True)
    shot = SHOTS / (Path(page).stem + ".png")
    shot.unlink(missing_ok=True)
    _run(chromium, "--window-size=1280,3200", f"--screenshot={shot}", url)
    assert shot.is_file() and shot.stat().st_size > 10_000, f"no screenshot {shot}"

    article = _article(_run(chromium, "--dump-dom", url))

    # MathJax typeset every formula: containers present, no raw TeX left.
    source = path.read_text(encoding="utf-8")
    has_math = 'class="math' in source
    containers = article.find_all("mjx-container")
    if has_math:
        assert containers, f"{page}: math present but MathJax produced no mjx-container"
    for tag in article.find_all(["script", "style", "pre", "code"]):
        tag.decompose()
    # A glue role that was not resolved (e.g. written inside $...$) leaves its name.
    assert "glue:" not in article.get_text(""), f"{page}: unresolved {{glue}} role in the text"
    for tag in article.find_all("mjx-container"):
        tag.decompose()
    text = article.get_text(" ")
    left = [t for t in RAW_TEX if t in text]
    assert not left, f"{page}: raw TeX left in the rendered text: {left}"

    # Korean prose is there.
    assert len(HANGUL.findall(text)) > 50, f"{page}: too little Korean text"

    # Every image points at a file that exists.
    for img in article.find_all("img"):
        src = img.get("src", "")
        if src.startswith("data:"):
            continue
        target = (path.parent / src.split("#")[0].split("?")[0]).resolve()
        assert target.is_file(), f"{page}: image {src} missing ({target})"


def test_some_page_has_a_figure(built_book):
    assert built_book.returncode == 0
    count = 0
    for page in PAGES:
        soup = BeautifulSoup((HTML / page).read_text(encoding="utf-8"), "html.parser")
        main = soup.find("article") or soup.body
        count += len([i for i in main.find_all("img") if not i.get("src", "").startswith("data:")])
    assert count > 0, "no figure in any page"
