"""The chapters read as a textbook, not as a test report.

That every number is recomputed and checked when the book is built is said
once, in the preface (``book/intro.md``).  The chapters' prose says what the
computation shows; it names no test file, no ``assert``, no test runner, no
commit, no "이번 빌드" and no "(확인 필요)", and gives no pass/fail verdict.
The comparison with the original draft's reported values, verdicts
included, lives in one place, the reproduction appendix.

Read: the markdown cells of every ``book/*.ipynb`` and every ``book/*.md``,
with code blocks, math and MyST comments (``% claim: ...``) removed; code
spans stay (a test file in backticks is still named), but a library function
such as ``np.testing.assert_allclose`` is not test talk.  Also the Markdown
that code cells display (the chapters' tables).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from _prose import all_pages, page_blocks

#: Pages that may speak of the checks: the preface says it once; the
#: reproduction appendix reports how each reported value was compared.
EXEMPT = {"intro.md", "appendix_reproduction.ipynb"}

_W = r"(?<![A-Za-z_.]){}(?![A-Za-z_])"
TEST_TALK = re.compile(
    r"tests/|test_[a-z0-9_]+\.py|" + "|".join(_W.format(w) for w in ("pytest", "nbval", "assert",
                                                                    "commit"))
    + r"|커밋|이번 빌드|확인 필요|통과(했|한다|하지|하는|함)|불합격|합격"
)
_STRIP = re.compile(r"```.*?```|\$\$.*?\$\$|\$[^$\n]*\$|^%.*$", re.S | re.M)


def prose(path: Path) -> str:
    """The page's prose: markdown cells, and the Markdown its code cells display (tables)."""
    return prose_of("\n\n".join(text for text, _ in page_blocks(path)))


def offences(text: str) -> list[str]:
    out = []
    for line in text.splitlines():
        for m in TEST_TALK.finditer(line):
            out.append(f"«{m.group(0)}» in: {line.strip()[:140]}")
    return out


def test_the_scan_finds_test_talk_and_spares_code():
    found = offences(prose_of("이 값은 $x$가 아니라 `tests/test_core.py`가 확인한다.\n"
                              "노트북의 assert가 확인한다. 이번 빌드의 값. 검사를 통과했다.\n"
                              "`np.testing.assert_allclose`로 비교한다. $a \\le b$\n"))
    assert [f.split("»")[0] for f in found] == ["«tests/", "«test_core.py", "«assert", "«이번 빌드",
                                                "«통과했"]


def prose_of(text: str) -> str:
    return _STRIP.sub(" ", text)


PAGES = [p for p in all_pages() if p.name not in EXEMPT]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_chapter_prose_does_not_speak_of_tests_commits_or_verdicts(page):
    found = offences(prose(page))
    assert not found, f"{page.name}: {len(found)} places:\n" + "\n".join(found)
