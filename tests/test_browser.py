"""Open built pages in headless Chromium: math typeset, Korean shown, figures there,
and no request leaves the local files while a page renders.

Needs the book built (the session fixture ``built_book`` builds it once) and
Debian's ``chromium`` and ``fonts-nanum`` (``.ci/run`` installs both).  Without
chromium the test skips, except in CI (CI=true), where that is a failure.
Screenshots for people to look at go to ``_build/screenshots/``.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from _book import BUILD, HTML, NOTEBOOKS
from _refs import in_ci
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

PAGES = (["book/intro.html", "book/notation.html", "book/glossary.html"]
         + [f"book/{p.stem}.html" for p in NOTEBOOKS])


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


def page_requests(net_log: Path) -> list[str]:
    """URLs that the page itself requested, read from Chromium's net log.

    Chromium's own background requests (update checks, accounts) carry the
    initiator "not an origin"; a page's requests carry the page's origin
    (``file://``, shown as "null").  Local files are not network requests and
    do not appear."""
    log = json.loads(net_log.read_text(encoding="utf-8"))
    start = log["constants"]["logEventTypes"]["URL_REQUEST_START_JOB"]
    urls = []
    for event in log["events"]:
        params = event.get("params", {})
        # phase 1: the start of the job (its end, phase 2, carries only the outcome)
        if event["type"] == start and event.get("phase") == 1 \
                and params.get("initiator") != "not an origin":
            urls.append(params.get("url", ""))
    return urls


def remote(urls):
    return [u for u in urls if not u.startswith(("file:", "data:", "blob:", "about:"))]


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


#: Chromium runs at once: a page takes some 6 s, most of it waiting on the page's
#: virtual time, and about 2 s of CPU.
RENDERERS = 4


def _files(page: str):
    """Where the render of ``page`` writes its screenshot and its net log."""
    return SHOTS / (Path(page).stem + ".png"), BUILD / "netlog" / (Path(page).stem + ".json")


def _render(chromium: str, page: str):
    """Render ``page`` once: its screenshot (``_build/screenshots``) and net log
    (``_build/netlog``) written, its DOM after MathJax returned, or the error."""
    shot, net_log = _files(page)
    shot.unlink(missing_ok=True)
    try:
        return _run(chromium, "--window-size=1280,3200", f"--screenshot={shot}",
                    f"--log-net-log={net_log}", "--dump-dom", (HTML / page).as_uri())
    except (AssertionError, subprocess.TimeoutExpired) as err:
        return err


@pytest.fixture(scope="module")
def rendered(built_book, chromium):
    """Every page of PAGES rendered by Chromium, RENDERERS at a time: page -> its DOM
    (or the error of its run)."""
    assert built_book.returncode == 0, "book build failed; see _build/build.log"
    SHOTS.mkdir(parents=True, exist_ok=True)
    (BUILD / "netlog").mkdir(parents=True, exist_ok=True)
    built = [p for p in PAGES if (HTML / p).is_file()]
    with ThreadPoolExecutor(RENDERERS) as pool:
        return dict(zip(built, pool.map(lambda p: _render(chromium, p), built)))


@pytest.mark.parametrize("page", PAGES)
def test_page_renders(page, rendered):
    path = HTML / page
    assert path.is_file(), f"not built: {path}"
    dom = rendered[page]
    if isinstance(dom, Exception):
        raise dom
    shot, net_log = _files(page)
    assert shot.is_file() and shot.stat().st_size > 10_000, f"no screenshot {shot}"
    # The book works offline: nothing the page asks for comes from the network.
    assert remote(page_requests(net_log)) == [], f"{page} requests the network"

    article = _article(dom)

    # Exercises' solutions start folded (sphinx-togglebutton hides admonitions of
    # class "dropdown") and each has a button that opens it.
    for div in article.select("div.solution.admonition"):
        assert "toggle-hidden" in div.get("class", []), f"{page}: {div.get('id')} shown unfolded"
        assert div.select("button.toggle-button"), f"{page}: {div.get('id')} has no button"

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


def test_net_log_sees_a_remote_request(chromium, tmp_path):
    """The network check's own oracle: a page that loads a script, a style sheet
    and an image from remote hosts shows all three in the net log."""
    page = tmp_path / "remote.html"
    page.write_text(
        '<html><head><script src="https://unpkg.com/thebe@0.8.2/lib/index.js"></script>'
        '<link rel="stylesheet" href="http://example.com/a.css"></head>'
        '<body><img src="https://cdn.example.org/a.png">안녕</body></html>',
        encoding="utf-8",
    )
    net_log = tmp_path / "net.json"
    _run(chromium, f"--log-net-log={net_log}", "--dump-dom", page.as_uri())
    assert sorted(remote(page_requests(net_log))) == [
        "http://example.com/a.css",
        "https://cdn.example.org/a.png",
        "https://unpkg.com/thebe@0.8.2/lib/index.js",
    ]

