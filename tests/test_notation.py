"""One symbol, one meaning, one spelling: the chapters' math against book/notation.md.

* Every macro-level symbol in the math of a chapter -- a Greek letter, a styled
  letter (``\\mathcal{G}``, ``\\mathfrak{g}``, ``\\mathbf 1``, ``\\mathrm{g}``),
  a hatted letter (``\\hat w``), a named operator (``\\mathrm{Ad}``,
  ``\\operatorname{vect}``) -- appears in the math of ``book/notation.md``, or in
  ``NOT_SYMBOLS`` with the reason it needs no entry.
* Spellings the book has settled: the transpose is ``^{\\mathsf T}``, the standard
  gravity ``\\mathrm{g}_0``, the unit joint axis ``\\hat w`` (not ``\\hat\\omega``);
  in the prose, ``말단 렌치`` (not 팁 렌치) and ``바이어스 힘`` (not 편향 힘).

The math is read from what the reader sees: the markdown cells of
``book/*.ipynb`` and the Markdown their code cells display (tables), and
``book/*.md``.
"""

from __future__ import annotations

import json
import re

import pytest
from _book import BOOK

NOTATION = BOOK / "notation.md"

GREEK = ("alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu "
         "nu xi pi rho sigma tau upsilon phi varphi chi psi omega Gamma Delta Theta Lambda Xi Pi "
         "Sigma Phi Psi Omega").split()
_TOKEN = re.compile(
    r"\\(?:mathcal|mathfrak|mathbf|mathrm|mathsf|operatorname|hat)\s*"
    r"(?:\{\s*\\?[A-Za-z0-9]+\s*\}|\\?[A-Za-z0-9]+)"
    r"|\\(?:" + "|".join(GREEK) + r")(?![A-Za-z])")

#: Macros that occur in the chapters' math and are not symbols of the book.
NOT_SYMBOLS = {
    r"\pi": "the number pi (joint ranges such as [-π, π])",
}

#: Spellings replaced by the ones in notation.md; (pattern, what to write instead).
FORBIDDEN_MATH = [
    (re.compile(r"\^\{\s*T\s*\}|\^T(?![A-Za-z])"), r"transpose ^{\mathsf T}"),
    (re.compile(r"\^\{\s*-\s*T\s*\}"), r"inverse transpose ^{-\mathsf T}"),
    (re.compile(r"(?<![A-Za-z{\\ ])g_0"), r"standard gravity \mathrm{g}_0"),
    (re.compile(r"\\hat\s*\\omega"), r"unit joint axis \hat w"),
]
FORBIDDEN_PROSE = {"팁 렌치": "말단 렌치", "편향 힘": "바이어스 힘"}


def _page_text(path):
    if path.suffix == ".md":
        return path.read_text(encoding="utf-8")
    parts = []
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        if cell["cell_type"] == "markdown":
            parts.append("".join(cell["source"]))
        elif cell["cell_type"] == "code":
            for out in cell.get("outputs", []):
                if "text/markdown" in out.get("data", {}):
                    parts.append("".join(out["data"]["text/markdown"]))
    return "\n".join(parts)


def _math(text):
    text = re.sub(r"```\{code-cell\}.*?```|```python.*?```|```bash.*?```", " ", text, flags=re.S)
    blocks = re.findall(r"\$\$(.+?)\$\$", text, flags=re.S)
    rest = re.sub(r"\$\$(.+?)\$\$", " ", text, flags=re.S)
    return blocks + re.findall(r"\$([^$\n]+)\$", rest)


def _normal(token):
    return re.sub(r"[\s{}]", "", token)


def symbols(text):
    return {_normal(t) for m in _math(text) for t in _TOKEN.findall(m)}


def _chapters():
    """Every page but the notation table and the glossary (which lists the spellings that
    are not used, on purpose)."""
    pages = sorted(BOOK.glob("*.ipynb")) + sorted(BOOK.glob("*.md"))
    return [p for p in pages if p not in (NOTATION, BOOK / "glossary.md")]


def test_tokeniser_sees_the_book_s_kinds_of_symbol():
    found = symbols(r"$\mathcal{G}_i \dot V_i$, $\mathbf 1 + \hat w$, $\mathrm{Ad}_T$, "
                    r"$$\alpha_{i-1}\,\operatorname{vect}(x)^{\mathsf T}$$")
    assert found == {r"\mathcalG", r"\mathbf1", r"\hatw", r"\mathrmAd", r"\alpha",
                     r"\operatornamevect", r"\mathsfT"}


def test_forbidden_spellings_are_caught():
    old = r"$J_b^{T}F$, $\mathrm{Ad}^T$, $X^{-T}$, $(0, 0, -g_0)$, $A = (\hat\omega, v)$"
    hits = [fix for m in _math(old) for pattern, fix in FORBIDDEN_MATH if pattern.search(m)]
    assert len(hits) == 5, hits
    new = r"$J_b^{\mathsf T}F$, $X^{-\mathsf T}$, $(0, 0, -\mathrm{g}_0)$, $A = (\hat w, u)$"
    assert not [m for m in _math(new) for pattern, _ in FORBIDDEN_MATH if pattern.search(m)]


def test_notation_lists_every_symbol_of_the_chapters():
    listed = symbols(NOTATION.read_text(encoding="utf-8"))
    allowed = listed | {_normal(k) for k in NOT_SYMBOLS}
    missing = {}
    for page in _chapters():
        for s in symbols(_page_text(page)) - allowed:
            missing.setdefault(s, []).append(page.name)
    assert not missing, f"symbols used in the chapters but not in book/notation.md: {missing}"


def test_not_symbols_are_still_used():
    used = set().union(*(symbols(_page_text(p)) for p in _chapters()))
    stale = [k for k in NOT_SYMBOLS if _normal(k) not in used]
    assert not stale, stale


@pytest.mark.parametrize("page", _chapters() + [NOTATION], ids=lambda p: p.name)
def test_one_spelling(page):
    text = _page_text(page)
    bad = [f"{m.group(0)!r} -> {fix}" for math in _math(text)
           for pattern, fix in FORBIDDEN_MATH for m in pattern.finditer(math)]
    bad += [f"{old!r} -> {new!r}" for old, new in FORBIDDEN_PROSE.items() if old in text]
    assert not bad, bad
