"""The glossary (``book/glossary.md``, 용어집) agrees with the text, and the text uses
one term per concept.

The glossary is a table with the columns 한국어 | English | 처음 나오는 곳 | 쓰지 않는 말.
This test checks that

* every Korean term occurs in the text;
* the section listed as its first use is the one computed from the text (the rule
  below), so the column fails as soon as a chapter's revision moves the first use;
* none of the variants in the last column (조밀, 옵셋, 질량행렬, ...) occurs in any page
  of ``book/`` other than the glossary itself;
* the page is in ``_toc.yml``, in the part 길잡이, right after ``book/notation``;
* "RBDA" is written out at its first use in each chapter page:
  ``Featherstone의 *Rigid Body Dynamics Algorithms*(RBDA)``.

The first-section rule.  The pages are read in the order of ``_toc.yml``, without the
front matter of the part 길잡이 (머리말, 기호표, 용어집) and without 문헌 목록: they
preview, list or cite terms, and would make every entry point at them.  Inside a page
the blocks are read in cell order (markdown cells and the markdown tables that code
cells generate), and every line belongs to the last numbered heading above it; an
unnumbered heading (``### 위치 에너지``) keeps the section it stands in, and a heading
line belongs to its own section.  The text is the reader's text: math, code, glued
values and citations do not count (``tests/_prose.py``, ``clean``); line breaks inside a
paragraph are read as spaces.  The first section of a term is the section of its first
occurrence as a substring (Korean particles attach to the term, so ``질량 행렬의`` is an
occurrence of ``질량 행렬``); it is written as the prose names sections: ``3.2장``,
``3.2.3.2절``, ``부록 B``, ``B.4절`` (``_prose.section_label``).
"""

from __future__ import annotations

import re
from functools import cache

import yaml
from _prose import (
    BOOK,
    TOC,
    all_pages,
    heading_number,
    page_blocks,
    page_text,
    section_label,
    toc_pages,
)

GLOSSARY = BOOK / "glossary.md"
FRONT_MATTER = {"intro", "notation", "glossary", "bibliography"}
COLUMNS = ["한국어", "English", "처음 나오는 곳", "쓰지 않는 말"]


def glossary_rows(text: str) -> list[dict]:
    """The rows of the glossary table: ``term``, ``english``, ``first``, ``variants``."""
    rows, header = [], None
    for line in text.splitlines():
        if not line.startswith("|"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if header is None:
            header = cells
            assert header == COLUMNS, f"glossary columns {header}, expected {COLUMNS}"
            continue
        if set("".join(cells)) <= set(":- "):
            continue  # the separator line
        term, english, first, variants = cells
        rows.append({"term": term, "english": english, "first": first,
                     "variants": [v.strip() for v in variants.split(",")
                                  if v.strip() and v.strip() != "—"]})
    return rows


def segments(pages=None) -> list[tuple[str, str, str]]:
    """``(page, section, text)`` for the body of the book in reading order; ``text`` is
    the cleaned prose under one heading, line breaks read as spaces."""
    pages = [p for p in toc_pages() if p.stem not in FRONT_MATTER] if pages is None else pages
    out = []
    for page in pages:
        section, lines = None, []
        for block in page_text(page):
            for line in block.split("\n"):
                num = heading_number(line)
                if num:
                    if lines:
                        out.append((page.name, section, " ".join(lines)))
                    section, lines = num, []
                lines.append(line.strip())
        if lines:
            out.append((page.name, section, " ".join(lines)))
    return [(p, s, re.sub(r"\s+", " ", t)) for p, s, t in out]


def first_section(term: str, segs) -> str | None:
    """The label of the first section whose text contains ``term`` (see the module)."""
    for _page, section, text in segs:
        if term in text:
            return section_label(section) if section else None
    return None


@cache
def _body():
    return segments()


def _rows():
    return glossary_rows(GLOSSARY.read_text(encoding="utf-8"))


# ---------------------------------------------------------------- oracle

def test_first_section_follows_the_reading_order(tmp_path):
    a = tmp_path / "a.md"
    b = tmp_path / "b.md"
    a.write_text("# 3.2 첫 장\n\n트위스트는 여기.\n\n## 3.2.1 절\n\n### 소제목\n\n"
                 "질량\n행렬이 나온다.\n$렌치$와 `렌치`는 세지 않는다.\n", encoding="utf-8")
    b.write_text("# 부록 B. 부록\n\n## B.4 측정\n\n렌치와 트위스트.\n", encoding="utf-8")
    segs = segments([a, b])
    assert first_section("트위스트", segs) == "3.2장"
    assert first_section("질량 행렬", segs) == "3.2.1절"
    assert first_section("렌치", segs) == "B.4절"
    assert first_section("촐레스키", segs) is None


def test_the_table_is_read():
    rows = glossary_rows("| 한국어 | English | 처음 나오는 곳 | 쓰지 않는 말 |\n|:--|:--|:--|:--|\n"
                         "| 밀집 | dense | 3.2.5.5절 | 조밀 |\n| 렌치 | wrench | 3.2장 | — |\n")
    assert rows == [
        {"term": "밀집", "english": "dense", "first": "3.2.5.5절", "variants": ["조밀"]},
        {"term": "렌치", "english": "wrench", "first": "3.2장", "variants": []},
    ]


# ---------------------------------------------------------------- the book

def test_glossary_has_the_book_s_terms():
    rows = _rows()
    terms = [r["term"] for r in rows]
    assert len(rows) >= 60, len(rows)
    assert len(set(terms)) == len(terms), "a term is listed twice"
    for must in ("트위스트", "렌치", "스크루 축", "공간 관성", "수반 변환", "질량 행렬",
                 "바이어스 힘", "관절 렌치", "합성 관성", "관절체 관성", "크리스토펠 기호", "밀집",
                 "희소", "오프셋", "촐레스키 분해", "계산 토크 제어"):
        assert must in terms, must


def test_every_term_occurs_in_the_text():
    missing = [r["term"] for r in _rows() if first_section(r["term"], _body()) is None]
    assert not missing, f"glossary terms that the chapters do not use: {missing}"


def test_first_sections_are_those_of_the_text():
    wrong = []
    for r in _rows():
        found = first_section(r["term"], _body())
        if found is not None and found != r["first"]:
            wrong.append(f"{r['term']}: glossary says {r['first']}, the text {found}")
    assert not wrong, ("first sections in book/glossary.md that drifted (rewrite the column "
                       "with `python tests/test_glossary.py --update`):\n" + "\n".join(wrong))


def test_no_forbidden_variant_in_the_book():
    variants = {v: r["term"] for r in _rows() for v in r["variants"]}
    assert "조밀" in variants and "옵셋" in variants and "질량행렬" in variants
    hits = []
    for page in all_pages():
        if page == GLOSSARY:
            continue
        text = re.sub(r"\s+", " ", " ".join(page_text(page)))
        for variant, term in variants.items():
            for m in re.finditer(re.escape(variant), text):
                around = text[max(0, m.start() - 25): m.end() + 15]
                hits.append(f"{page.name}: {variant!r} -> {term!r}    [{around}]")
    assert not hits, f"variants the glossary forbids ({len(hits)}):\n" + "\n".join(hits)


RBDA_IN_FULL = "Featherstone의 *Rigid Body Dynamics Algorithms*(RBDA)"


def rbda_first_use(markdown: str) -> str | None:
    """The text around the first "RBDA" of a page if it is not written out, else None."""
    i = markdown.find("RBDA")
    if i < 0 or markdown[:i + 5].endswith(RBDA_IN_FULL):
        return None
    return markdown[max(0, i - 30): i + 20].replace("\n", " ")


def test_rbda_check():
    assert rbda_first_use(f"앞에서 {RBDA_IN_FULL}의 7장. 뒤의 RBDA 표.") is None
    assert rbda_first_use("공표값은 RBDA의 표 10.1이다.") == "공표값은 RBDA의 표 10.1이다."
    assert rbda_first_use("RBDA가 없는 장.".replace("RBDA", "책")) is None


def test_rbda_is_written_out_at_its_first_use_in_a_chapter():
    bad = []
    for page in toc_pages():
        if page.stem in FRONT_MATTER:
            continue
        raw = "\n".join(b for b, generated in page_blocks(page) if not generated)
        found = rbda_first_use(raw)
        if found:
            bad.append(f"{page.name}: [{found}] -> write {RBDA_IN_FULL!r} there")
    assert not bad, "\n".join(bad)


def test_glossary_is_in_the_toc_after_notation():
    toc = yaml.safe_load(TOC.read_text(encoding="utf-8"))
    guide = next(p for p in toc["parts"] if p["caption"] == "길잡이")
    files = [c["file"] for c in guide["chapters"]]
    assert "book/glossary" in files, files
    assert files.index("book/glossary") == files.index("book/notation") + 1, files


def update_first_sections(path=GLOSSARY) -> list[str]:
    """Rewrite the column 처음 나오는 곳 of the glossary from the text; the changed terms."""
    segs, changed, out = segments(), [], []
    for line in path.read_text(encoding="utf-8").split("\n"):
        cells = line.split("|")
        if line.startswith("|") and len(cells) == 6 and cells[1].strip() not in {COLUMNS[0], ""} \
                and not set(cells[1].strip()) <= set(":-"):
            found = first_section(cells[1].strip(), segs)
            if found and found != cells[3].strip():
                changed.append(f"{cells[1].strip()}: {cells[3].strip()} -> {found}")
                cells[3] = f" {found} "
            line = "|".join(cells)
        out.append(line)
    path.write_text("\n".join(out), encoding="utf-8")
    return changed


if __name__ == "__main__":
    import sys

    if sys.argv[1:] == ["--update"]:
        print("\n".join(update_first_sections()) or "book/glossary.md is up to date")
    else:
        sys.exit("usage: python tests/test_glossary.py --update")
