"""No sentence of the book chains more than three clauses.

The book's rule is that no sentence chains more than three clauses.  Counting clauses
needs the morphemes of a sentence: a Korean clause ends in a connective ending (-고,
-며, -지만, -어서, -면, -는데 ...) that a plain regular expression cannot tell from the
same syllables inside a word (관절마다 ``고``정된, ``며``칠).  The morphological analyser
kiwipiepy (``kiwipiepy==0.24.1`` with its model package ``kiwipiepy_model``, both
from PyPI and pinned in ``requirements.txt``; it runs offline on its packaged model)
tags each morpheme; a clause boundary is a connective ending (tag ``EC``) from
``LINKING`` that is not followed by an auxiliary verb (``VX``: ``-고 있다``, ``-어
보다``).  Serial and complement endings (-어, -게, -지, -는지) and quotations (-다고)
do not end a clause of their own.  A sentence has one clause more than it has such
boundaries.

The book test fails on a page with a sentence over three clauses and lists those
sentences.  The count is a heuristic: the oracle tests pin the counter on sentences
whose clauses are known, and a sentence that the counter miscounts is met by a better
counter and a new oracle case, not by an exemption.
Sentences are those of ``tests/_prose.py`` (markdown cells only; generated tables and
headings are not prose); placeholders of math, code and values are read as nouns.
"""

from __future__ import annotations

from functools import cache

import pytest
from _prose import CITE, CODE, LINK, MATH, VALUE, all_pages, page_text, sentences

MAX_CLAUSES = 3

#: Connective endings that close a clause (kiwipiepy's forms; ᆫ, ᆯ are jamo).
LINKING = {
    "고", "으며", "며", "면서", "으면서", "는데", "ᆫ데", "은데", "지만", "나", "으나", "어서",
    "아서", "여서", "서", "니", "으니", "니까", "으니까", "므로", "으므로", "면", "으면",
    "도록", "려고", "으려고", "려면", "으려면", "러", "으러", "자", "거나", "든지", "다가",
    "어도", "아도", "여도", "더라도", "고서", "어야", "아야", "기에", "느라", "다면", "라면",
    "는다면", "ᆫ다면",
}


@cache
def _kiwi():
    from kiwipiepy import Kiwi

    return Kiwi()


def _as_text(sentence: str) -> str:
    for placeholder, word in ((VALUE, "값"), (MATH, "식"), (CODE, "코드"), (LINK, "참조"),
                              (CITE, "")):
        sentence = sentence.replace(placeholder, word)
    return sentence.replace("**", "").replace("*", "")


def clauses(sentence: str) -> int:
    """The number of clauses of one sentence."""
    toks = _kiwi().tokenize(_as_text(sentence))
    n = 1
    for i, t in enumerate(toks):
        nxt = toks[i + 1].tag if i + 1 < len(toks) else ""
        if t.tag == "EC" and t.form in LINKING and nxt != "VX":
            n += 1
    return n


def long_sentences(page) -> list[tuple[int, str]]:
    out = []
    for block in page_text(page, generated=False):
        for s in sentences(block):
            if s.lstrip().startswith(("#", "|")):
                continue
            n = clauses(s)
            if n > MAX_CLAUSES:
                out.append((n, s))
    return out


# ---------------------------------------------------------------- oracle

@pytest.mark.parametrize("sentence, n", [
    ("RNEA는 토크를 구한다.", 1),
    ("전방 순환은 속도를 구하고, 후방 순환은 렌치를 모은다.", 2),
    ("링크가 가볍지만 관절이 많아서 계산이 길어진다.", 3),
    ("속도를 구하고, 가속도를 더하며, 렌치를 모으고, 토크를 낸다.", 4),
    ("값이 커지고 있다.", 1),
    ("이 값을 나누어 보면 알 수 있다.", 2),
    ("왜 정확한지 설명한다.", 1),
    ("열을 얻으려면 가속도를 0으로 두어야 한다.", 2),
    ("이 책의 순서로 바꾸려면 위아래 세 줄을 맞바꾼다.", 2),
    ("그러므로 첫 부분을 둘로 나누어 대칭으로 적으면 식이 된다.", 2),
    ("더 넓은 규칙으로 세었는데도 그 수가 적다.", 2),
])
def test_clause_counter(sentence, n):
    assert clauses(sentence) == n


# ---------------------------------------------------------------- the book

@pytest.mark.parametrize("page", all_pages(), ids=lambda p: p.name)
def test_no_sentence_chains_more_than_three_clauses(page):
    found = long_sentences(page)
    assert not found, (
        f"{page.name}: {len(found)} sentences with more than {MAX_CLAUSES} clauses:\n"
        + "\n".join(f"  [{n}] {s[:160]}" for n, s in found))
