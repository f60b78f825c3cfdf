"""Reading the book's prose for the language tests (section references, glossary,
particles after glued values, clause counts).

The pages are read in the order of ``_toc.yml``.  A page's text is its markdown cells
and the ``text/markdown`` outputs of its code cells (generated tables), in cell order;
a ``.md`` page is read whole.  ``clean`` turns one such block into the prose a reader
sees, with the parts the language rules do not apply to replaced by placeholders: code,
math, glued values, citations.  It reuses the block stripper of
``tests/test_prose_numbers.py`` (fenced code, math blocks, directive options).
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import yaml
from _book import BOOK, ROOT
from test_prose_numbers import _UNIT_AFTER, _strip_blocks  # noqa: F401  (re-exported)

TOC = ROOT / "_toc.yml"

#: Placeholders left by ``clean``.
VALUE, MATH, CODE, CITE, LINK = "⟨값⟩", "⟨수식⟩", "⟨코드⟩", "⟨cite⟩", "⟨참조⟩"


def _page_path(entry: str) -> Path:
    for suffix in (".ipynb", ".md"):
        path = ROOT / (entry + suffix)
        if path.exists():
            return path
    raise FileNotFoundError(entry)


@cache
def toc_pages() -> tuple[Path, ...]:
    """The book's pages in reading order: the root, then every part's chapters with
    their sections, as ``_toc.yml`` lists them."""
    toc = yaml.safe_load(TOC.read_text(encoding="utf-8"))
    files = [toc["root"]]

    def walk(entries):
        for entry in entries or []:
            if "file" in entry:
                files.append(entry["file"])
            walk(entry.get("sections"))

    for part in toc.get("parts", []):
        walk(part.get("chapters"))
    walk(toc.get("chapters"))
    return tuple(_page_path(f) for f in files)


def all_pages() -> list[Path]:
    """Every page of ``book/`` (``.ipynb`` and ``.md``), listed in the toc or not."""
    return sorted(BOOK.glob("*.ipynb")) + sorted(BOOK.glob("*.md"))


@cache
def page_blocks(path: Path) -> tuple[tuple[str, bool], ...]:
    """The markdown blocks of a page, ``(text, generated)``: markdown cells
    (``generated=False``) and ``text/markdown`` outputs of code cells (``True``)."""
    if path.suffix == ".md":
        return ((path.read_text(encoding="utf-8"), False),)
    out = []
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        src = cell["source"]
        src = "".join(src) if isinstance(src, list) else src
        if cell["cell_type"] == "markdown":
            out.append((src, False))
        elif cell["cell_type"] == "code":
            for o in cell.get("outputs", []):
                md = o.get("data", {}).get("text/markdown")
                if md is not None:
                    out.append(("".join(md) if isinstance(md, list) else md, True))
    return tuple(out)


@cache
def glue_values(path: Path) -> dict[str, str]:
    """``name -> text/plain`` of every value a notebook glues (its papermill records)."""
    if path.suffix != ".ipynb":
        return {}
    values = {}
    for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
        for o in cell.get("outputs", []):
            name = o.get("metadata", {}).get("scrapbook", {}).get("name")
            text = o.get("data", {}).get("application/papermill.record/text/plain")
            if name and text is not None:
                values[name] = "".join(text) if isinstance(text, list) else text
    return values


def render_glue(text_plain: str, fmt: str) -> str:
    """The glued value as ``{glue:text}`` renders it (myst-nb's own formatter)."""
    from myst_nb.core.variables import format_plain_text

    return format_plain_text(text_plain, fmt)


GLUE_ROLE = re.compile(r"\{glue(?::text)?\}`(?P<name>[^`:]+)(?::(?P<fmt>[^`]*))?`")
_ROLE = re.compile(r"\{(?P<role>[\w:.-]+)\}`(?P<body>[^`]*)`")
_TITLED = re.compile(r"^(?P<title>.*?)\s*<[^<>]+>$", re.S)


def _role(m: re.Match) -> str:
    role, body = m.group("role"), m.group("body")
    if role.startswith("glue"):
        return VALUE
    if role.startswith("cite"):
        return CITE
    if role in {"doc", "ref", "numref", "download", "term", "any"}:
        t = _TITLED.match(body)
        return t.group("title") if t else LINK
    return CODE


def clean(markdown: str) -> str:
    """The prose of one markdown block, line for line where it stays prose.

    Removed: HTML and MyST comments, targets, math blocks, fenced code, directive
    options.  Replaced: glued values by ``VALUE``, citations by ``CITE``, inline math by
    ``MATH``, code spans and other roles by ``CODE``, cross-references by their title
    (or ``LINK``), links by their text.
    """
    text = re.sub(r"<!--.*?-->", " ", markdown, flags=re.S)
    text = re.sub(r"^\s*%.*$", "", text, flags=re.M)  # MyST comments (claim markers)
    text = re.sub(r"^\s*\([\w:.-]+\)=\s*$", "", text, flags=re.M)  # targets
    text = re.sub(r"\$\$.*?\$\$(?:\s*\([\w:-]+\))?",
                  lambda m: f" {MATH} " + "\n" * m.group(0).count("\n"), text, flags=re.S)
    text = _strip_blocks(text)
    text = _ROLE.sub(_role, text)
    text = re.sub(r"(`+)(?:(?!\1).)+?\1", CODE, text, flags=re.S)
    text = re.sub(r"(?<![\\$])\$(?!\$)(?:\\\$|[^$\n])+?\$(?!\$)", MATH, text)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"https?://\S+|doi:\s*\S+", " ", text)
    return text


def page_text(path: Path, generated: bool = True) -> list[str]:
    """The cleaned blocks of a page (without the generated tables if ``generated`` is
    false)."""
    return [clean(b) for b, gen in page_blocks(path) if generated or not gen]


def page_text_kinds(path: Path) -> list[tuple[str, bool]]:
    """``(cleaned block, generated)`` for every block of a page."""
    return [(clean(b), gen) for b, gen in page_blocks(path)]


_UNIT_START = re.compile(r"^\s*(?:[-*+]|[0-9]+[.)])\s+|^\s*\|")


def sentences(text: str) -> list[str]:
    """The sentences of cleaned prose: paragraphs (blank lines), list items, table rows
    and headings are units; inside a unit lines are joined and split after ``.?!``
    followed by a space."""
    units, cur = [], []
    for line in text.split("\n"):
        if not line.strip():
            units.append(cur)
            cur = []
            continue
        if _UNIT_START.match(line) or re.match(r"^\s*#{1,6}\s", line):
            units.append(cur)
            cur = []
        cur.append(line.strip())
        if re.match(r"^\s*#{1,6}\s", line) or line.strip().startswith("|"):
            units.append(cur)
            cur = []
    units.append(cur)
    out = []
    for unit in units:
        joined = " ".join(unit).strip()
        if joined:
            out.extend(s for s in re.split(r"(?<=[.?!])\s+", joined) if s.strip())
    return out


#: The leading number of a heading: ``# 3.2 ...``, ``## 3.2.5.1 ...``, ``# 부록 A. ...``,
#: ``## B.4 ...``, ``# 3.2.6–3.2.11 ...`` (a range title).
HEADING = re.compile(
    r"^(?P<hashes>#{1,6})\s+(?:부록\s+)?"
    r"(?P<num>(?:[0-9]+(?:\.[0-9]+)+|[A-Z](?:\.[0-9]+)*)(?:[–~-](?:[0-9]+(?:\.[0-9]+)+))?)"
    r"(?=[.\s]|$)"
)


def heading_number(line: str) -> str | None:
    m = HEADING.match(line)
    return m.group("num") if m else None


@cache
def section_numbers() -> frozenset[str]:
    """Every number a heading of the book begins with (ranges give both ends)."""
    nums = set()
    for page in all_pages():
        for block in page_text(page):
            for line in block.split("\n"):
                num = heading_number(line)
                if num:
                    nums.update(re.split(r"[–~-]", num))
    return frozenset(nums)


def section_label(num: str) -> str:
    """How the prose names section ``num``: ``3.2장``, ``3.2.5절``, ``부록 B``, ``B.4절``."""
    first = re.split(r"[–~-]", num)[0]
    if re.fullmatch(r"[A-Z]", first):
        return f"부록 {num}"
    if first.count(".") == 1 and first[0].isdigit():
        return f"{num}장"
    return f"{num}절"
