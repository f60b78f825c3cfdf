"""Every section reference in the prose points at a section of this book.

A *section reference* is a dotted number in the prose, ``3.2.5``, ``3.2``, ``2.8.12``,
``B.4``, ``A.8``, with or without ``장``/``절``, in parentheses or not, an appendix
``부록 B``, or a range ``3.2.6~3.2.11절``, ``3.5.1–3.5.4`` (both ends are references).
Each one must

* resolve: the book has a heading that begins with that number (``## 3.2.5.1 ...``,
  ``# 3.3 ...``, ``## B.4 ...``, the page titles ``# 부록 B. ...`` too); or
* be marked: be followed at once by ``(이 책 범위 밖)``, for a section of the textbook
  that this book does not contain (a list ``3.8장과 3.9장(이 책 범위 밖)`` is marked as
  a whole).  A marked reference that resolves is an error too; or
* point into another book named in the same sentence (Modern Robotics, RBDA,
  Featherstone, Siciliano, Craig, Murray, Spong, Lynch, Khalil, or a ``{cite}`` role).

And the 장/절 rule: a suffix, where one is written, fits the number: two-part numbers
take 장 (``3.2장``, ``2.8장``), three or more parts 절 (``3.2.5절``); appendix sections
take 절 (``B.4절``), an appendix itself none (``부록 B``).  A reference without a
suffix (``(3.2.6)``, ``3.3은``) is allowed.  For a reference into another book the
suffix is that book's business and is not checked.

A ``{ref}`` or ``{doc}`` whose title begins with a number (``{ref}`3.2.11.4의 재현표
<sec-closing-repro>```) must point at that section: the target's heading has the number,
or the page contains it.

Not references: numbers followed by a unit or ratio word (``1.5배``, ``2.8 m``), numbers
with a part that has a leading zero (``0.5``, ``0.0.60``), version numbers after a
software name (``numpy 2.4.6``, ``MathJax 3.2.2``), glued values, math, code.  An
equation, table or figure number (``식 (8.9)``, ``표 10.1``) is a reference into another
book (this book numbers its equations and tables by label): it needs the book's name in
its sentence.

The prose is read by ``tests/_prose.py`` (markdown cells and generated markdown tables
of every page in ``book/``); a sentence is a paragraph, list item, table row or heading
split after ``.?!``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest
from _prose import (
    _UNIT_AFTER,
    CITE,
    all_pages,
    heading_number,
    page_blocks,
    page_text,
    page_text_kinds,
    section_label,
    section_numbers,
    sentences,
)

MARKER = "(이 책 범위 밖)"

BOOKS = re.compile(
    r"Modern Robotics|RBDA|Rigid Body Dynamics|Featherstone|Siciliano|Craig|Murray|Spong"
    r"|Lynch|Khalil|" + re.escape(CITE)
)

_N = r"(?:[0-9]{1,2}(?:\.[0-9]{1,2})+|[A-Z](?:\.[0-9]{1,2})+)"
_END = r"(?![0-9A-Za-z_]|\.[0-9])"
REF = re.compile(
    r"(?<![A-Za-z0-9_.\-/\\])"
    r"(?:(?P<app>부록\s*)?(?P<a>" + _N + r")" + _END
    + r"(?:\s*[~∼–—-]\s*(?P<b>" + _N + r")" + _END + r")?"
    r"|부록\s*(?P<letter>[A-Z])(?![A-Za-z0-9]|\.[0-9]))"
    r"(?P<suf>장|절)?"
)
#: What may stand between two references of one list: ``3.8장과 3.9장``, ``3.8, 3.9``.
_SEP = re.compile(r"\s*(?:,|과|와|및|·|또는|이나|나)\s*")
#: Words that make the following number an equation, table or figure of another book.
_ELEMENT = re.compile(r"(?<![가-힣])(?:식|표|그림|정리|[Ee]q\.?|Table|Fig\.?)\s*\(?\s*$")
_VERSION_BEFORE = re.compile(r"[A-Za-z][\w+.-]*\s?v?$")


@dataclass
class Ref:
    text: str        # as written, with its suffix
    nums: tuple      # the numbers it names (1 or 2)
    suffix: str
    start: int
    end: int
    appendix: bool   # "부록 B" (a letter alone)
    element: bool    # an equation/table/figure number
    version: bool


def find_refs(sentence: str) -> list[Ref]:
    refs = []
    for m in REF.finditer(sentence):
        before, after = sentence[: m.start()], sentence[m.end():]
        nums = tuple(x for x in (m.group("a"), m.group("b"), m.group("letter")) if x)
        if any(re.match(r"0[0-9]", p) or p == "0" and i == 0
               for n in nums for i, p in enumerate(n.split("."))):
            continue  # a decimal or a version such as 0.5, 0.0.60
        if not m.group("suf") and re.match(_UNIT_AFTER, after):
            continue  # a quantity: 1.5배, 2.8 m
        if re.match(r"\s*(?:[×x·]\s*10|[eE][-+−]?[0-9])", after):
            continue  # the mantissa of a value in scientific notation
        if re.search(r"\|\s*$", before) and re.match(r"\s*(?:\||$)", after):
            continue  # a table cell that holds only a number: a value
        refs.append(Ref(
            text=m.group(0), nums=nums, suffix=m.group("suf") or "",
            start=m.start(), end=m.end(), appendix=bool(m.group("letter")),
            element=not m.group("suf") and bool(_ELEMENT.search(before)),
            version=not m.group("suf") and not m.group("app")
            and bool(_VERSION_BEFORE.search(before)),
        ))
    return refs


def _marked(sentence: str, refs: list[Ref]) -> list[bool]:
    """Which references the marker covers: the one it follows and the list before it."""
    marked = [False] * len(refs)
    k = 0
    while k < len(refs):
        j = k
        while j + 1 < len(refs) and _SEP.fullmatch(sentence[refs[j].end: refs[j + 1].start]):
            j += 1
        if sentence[refs[j].end:].lstrip().startswith(MARKER):
            for i in range(k, j + 1):
                marked[i] = True
        k = j + 1
    return marked


def _expected_suffix(ref: Ref) -> str:
    if ref.appendix:
        return ""
    first = ref.nums[0]
    if first[0].isalpha():
        return "절"
    return "장" if first.count(".") == 1 else "절"


def check_sentence(sentence: str, numbers=None, generated: bool = False) -> list[str]:
    """The problems of one sentence (cleaned prose), as ``'kind: text'`` strings.

    In a generated table (``generated``) most numbers are data: only references with
    a suffix, with ``부록`` or with three or more parts are read there."""
    numbers = section_numbers() if numbers is None else numbers
    refs = find_refs(sentence)
    if generated:
        refs = [r for r in refs if r.suffix or r.appendix or r.text.startswith("부록")
                or r.nums[0].count(".") >= 2]
    names_book = bool(BOOKS.search(sentence))
    problems = []
    for ref, marked in zip(refs, _marked(sentence, refs)):
        if ref.version:
            continue
        resolves = all(n in numbers for n in ref.nums)
        if ref.element:
            if not names_book:
                problems.append(f"equation/table number without its book: {ref.text}")
            continue
        if not resolves and names_book and not marked:
            continue  # a section of the named book
        if resolves and marked:
            problems.append(f"marked out of scope but this book has it: {ref.text}")
        elif not resolves and not marked:
            problems.append(f"dangling: {ref.text}")
            continue
        want = _expected_suffix(ref)
        if ref.suffix and ref.suffix != want:
            label = ref.text[: -len(ref.suffix)]
            problems.append(f"장/절: {ref.text} -> {label}{want}")
    return problems


def check_text(text: str, numbers=None, generated: bool = False) -> list[tuple[str, str]]:
    """``(problem, sentence)`` for cleaned prose; a heading's own number is skipped."""
    out = []
    for s in sentences(text):
        num = heading_number(s)
        if num:
            s = s.split(num, 1)[1]
        for p in check_sentence(s, numbers, generated):
            out.append((p, s))
    return out


def page_problems(page) -> list[tuple[str, str]]:
    return [pair for block, gen in page_text_kinds(page)
            for pair in check_text(block, generated=gen)]


# ---------------------------------------------------------------- titled cross-references

_TARGET = re.compile(r"^\((?P<label>[\w:.-]+)\)=\s*$")
_TITLED_ROLE = re.compile(r"\{(?P<role>ref|doc)\}`(?P<title>[^`<]*?)\s*<(?P<target>[^<>`]+)>`")
_LEADING = re.compile(r"^(?:부록\s*)?(?P<a>" + _N + r"|[A-Z])" + _END
                      + r"(?:\s*[~∼–—-]\s*(?P<b>" + _N + r"))?")


def label_sections() -> dict[str, str | None]:
    """``label -> number`` of the heading that a MyST target ``(label)=`` stands on."""
    out = {}
    for page in all_pages():
        for block, _ in page_blocks(page):
            lines = block.split("\n")
            for i, line in enumerate(lines):
                m = _TARGET.match(line.strip())
                if m:
                    nxt = next((x for x in lines[i + 1:] if x.strip()), "")
                    out[m.group("label")] = heading_number(nxt.strip())
    return out


def page_sections() -> dict[str, set[str]]:
    """``page stem -> the numbers of its headings``."""
    out = {}
    for page in all_pages():
        nums = set()
        for block in page_text(page):
            for line in block.split("\n"):
                num = heading_number(line)
                if num:
                    nums.update(re.split(r"[–~-]", num))
        out[page.stem] = nums
    return out


def check_titled_roles(markdown: str, labels, pages) -> list[str]:
    """A ``{ref}`` or ``{doc}`` whose title begins with a section number must point at
    that section: the label's heading has the number, or the page contains it."""
    problems = []
    for m in _TITLED_ROLE.finditer(markdown):
        lead = _LEADING.match(m.group("title"))
        if not lead:
            continue
        nums = [x for x in (lead.group("a"), lead.group("b")) if x]
        target = m.group("target")
        if m.group("role") == "ref":
            if labels.get(target) not in nums:
                problems.append(f"{m.group(0)}: the target is section {labels.get(target)}")
        else:
            stem = target.rsplit("/", 1)[-1]
            missing = [n for n in nums if n not in pages.get(stem, set())]
            if missing:
                problems.append(f"{m.group(0)}: page {stem} has no section {', '.join(missing)}")
    return problems


# ---------------------------------------------------------------- oracle

SYNTHETIC_NUMBERS = frozenset({"3.2", "3.2.5", "3.2.6", "3.2.11", "A", "B", "B.4", "2.8.2"})


def test_checker_finds_dangling_wrong_suffix_and_accepts_marked():
    text = (
        "트위스트는 1.10절에서 정의했다. 이 식은 3.2절의 후방 순환이다. 예제는 3.2.5장에 있다.\n"
        "공간 관성은 3.1장(이 책 범위 밖)에서 다룬다. 마찰은 빠져 있다(3.8, 3.9(이 책 범위 밖)).\n"
        "측정은 부록 B와 B.4절에 있다. 부록 B장은 틀린 이름이다. 순기구학은 2.8.2절을 보라.\n"
        "Modern Robotics 8.1절과 식 (8.9)를 따른다. 식 (8.9)는 책 이름 없이 틀리다.\n"
        "{cite}과 같이 RBDA 7.3절. 3.2.6~3.2.11절은 닫는 페이지이다. 3.2.5절(이 책 범위 밖).\n"
        "numpy 2.4.6과 0.5, 1.5배, 2.8 m는 참조가 아니다. B.9절은 없다.\n"
    ).replace("{cite}", CITE)
    found = [p for p, _ in check_text(text, SYNTHETIC_NUMBERS)]
    assert found == [
        "dangling: 1.10절",
        "장/절: 3.2절 -> 3.2장",
        "장/절: 3.2.5장 -> 3.2.5절",
        "장/절: 부록 B장 -> 부록 B",
        "equation/table number without its book: 8.9",
        "marked out of scope but this book has it: 3.2.5절",
        "dangling: B.9절",
    ], found


def test_references_are_read_whole():
    refs = find_refs("범위 3.2.6–3.2.11과 3.5.1~3.5.4절, (3.2.3.6), 부록 A, A.8, B.4절")
    assert [r.text for r in refs] == ["3.2.6–3.2.11", "3.5.1~3.5.4절", "3.2.3.6", "부록 A",
                                      "A.8", "B.4절"]
    assert [r.nums for r in refs][:2] == [("3.2.6", "3.2.11"), ("3.5.1", "3.5.4")]


def test_titled_roles_must_point_at_their_number():
    labels = {"sec-repro": "3.2.11.4", "sec-other": "3.2.10"}
    pages = {"ch3_2_examples": {"3.2.5", "3.2.5.8"}, "ch3_2_rnea": {"3.2", "3.2.1", "3.2.4"}}
    text = ("{ref}`3.2.11.4의 재현표 <sec-repro>`, {ref}`3.2.11.4의 표 <sec-other>`, "
            "{doc}`3.2.5의 ⑥ <ch3_2_examples>`, {doc}`3.2.6 <ch3_2_examples>`, "
            "{doc}`3.2.1–3.2.4 <ch3_2_rnea>`, {doc}`예제 <ch3_2_examples>`")
    assert check_titled_roles(text, labels, pages) == [
        "{ref}`3.2.11.4의 표 <sec-other>`: the target is section 3.2.10",
        "{doc}`3.2.6 <ch3_2_examples>`: page ch3_2_examples has no section 3.2.6",
    ]


def test_section_labels():
    assert [section_label(n) for n in ("3.2", "3.2.5", "B", "B.4", "3.2.6–3.2.11")] == [
        "3.2장", "3.2.5절", "부록 B", "B.4절", "3.2.6–3.2.11절"]


def test_the_book_s_headings_are_seen():
    nums = section_numbers()
    assert {"2.8", "3.2", "3.2.5", "3.2.3.6", "3.2.11.4", "3.3", "3.5.4", "A", "B", "B.4",
            "A.8"} <= nums


# ---------------------------------------------------------------- the book

@pytest.mark.parametrize("page", all_pages(), ids=lambda p: p.name)
def test_numbered_cross_reference_titles_match_their_targets(page):
    labels, pages = label_sections(), page_sections()
    problems = [p for block, _ in page_blocks(page)
                for p in check_titled_roles(block, labels, pages)]
    assert not problems, f"{page.name}:\n" + "\n".join(problems)


@pytest.mark.parametrize("page", all_pages(), ids=lambda p: p.name)
def test_section_references_resolve(page):
    problems = page_problems(page)
    assert not problems, f"{page.name}: section references ({len(problems)}):\n" + "\n".join(
        f"  {p}    [{s[:90]}]" for p, s in problems)
