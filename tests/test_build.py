"""The book builds with zero warnings (-W -n), from the notebooks' committed outputs (nbval
re-executes every notebook in the same session; ``make book`` executes them as it builds)."""

from __future__ import annotations

import re

from _book import HTML, NOTEBOOKS

#: A kernel's log line at shutdown, not the book's: ipykernel's tornado logger (BASIC_FORMAT,
#: ipykernel/kernelapp.py ``configure_tornado_logger``) reports a ZMQ stream callback that
#: ran after its socket was closed.  It is a race in the kernel's own shutdown (ipykernel
#: PR 1518 closed the same race on the IOPub path); the notebook had finished by then.
KERNEL_SHUTDOWN_RACE = "ERROR:tornado.general:Uncaught exception in ZMQStream callback"
ENOTSOCK = "zmq.error.ZMQError: Socket operation on non-socket"


def build_warnings(log):
    """The lines of a build log that report a warning or an error, leaving out a kernel's
    shutdown race (:data:`KERNEL_SHUTDOWN_RACE`) only when its traceback ends in ENOTSOCK."""
    lines = log.splitlines()
    found, i = [], 0
    while i < len(lines):
        line = lines[i]
        if line.strip() == KERNEL_SHUTDOWN_RACE:
            j = i + 1
            if j < len(lines) and lines[j].startswith("Traceback"):
                j += 1
                while j < len(lines) and (lines[j].startswith((" ", "\t")) or not lines[j]):
                    j += 1
                if j < len(lines) and lines[j].strip() == ENOTSOCK:
                    i = j + 1
                    continue
        if re.search(r"(WARNING|ERROR|CRITICAL):", line):
            found.append(line)
        i += 1
    return found


def test_kernel_shutdown_race_is_the_only_line_left_out():
    tb = ["Traceback (most recent call last):", '  File "zmqstream.py", line 1, in f', "    x()"]
    race = [KERNEL_SHUTDOWN_RACE, *tb, ENOTSOCK]
    assert build_warnings("\n".join(["ok", *race, "done"])) == []
    other = [KERNEL_SHUTDOWN_RACE, *tb, "ValueError: expected a unit axis"]
    assert build_warnings("\n".join(other)) == [KERNEL_SHUTDOWN_RACE]
    assert build_warnings("\n".join([*race, "book/x.md:3: WARNING: undefined label"])) == [
        "book/x.md:3: WARNING: undefined label"]


def test_book_builds_without_warnings(built_book):
    log = built_book.stdout + built_book.stderr
    warnings = build_warnings(log)
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
