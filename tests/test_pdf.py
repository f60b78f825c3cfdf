"""The whole book as one PDF (``make pdf``): Sphinx's LaTeX builder, XeLaTeX
with kotex and the Nanum fonts, latexmk.

The module fixture builds the PDF once, with the command of ``make pdf`` but
from the notebooks' committed outputs (which nbval checks in the same session;
``_committed_outputs_config`` in the root conftest) and into
``_build/pdf/_build/latex/book.pdf`` (log: ``_build/pdf.log``; the HTML build
may run at the same time into ``_build/html``), and the tests read it back
with poppler's ``pdfinfo``, ``pdftotext`` and ``pdfimages``.  What the PDF must
hold is derived from the book's sources (``_toc.yml``, the notebooks and
Markdown pages, ``book/figures``), not from the PDF build itself.

Needs Debian's texlive-xetex, texlive-lang-korean, texlive-latex-extra,
texlive-fonts-recommended, texlive-plain-generic, latexmk, fonts-nanum,
fonts-freefont-otf and poppler-utils (``.ci/run`` installs them).  Without the
tools the tests skip, except in CI (CI=true), where that is a failure.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from collections import Counter

import pytest
import yaml
from _book import BOOK, BUILD, ROOT
from _refs import in_ci
from PIL import Image

LATEX = BUILD / "pdf" / "_build" / "latex"  # conftest.PDF_OUTPUT / _build / latex
PDF = LATEX / "book.pdf"
TOOLS = ("xelatex", "latexmk", "kpsewhich", "pdfinfo", "pdftotext", "pdfimages")
HANGUL = re.compile(r"[\uac00-\ud7a3]")
# code cells whose input the HTML hides or folds away: not part of the printed text
HIDDEN_INPUT = {"remove-input", "remove-cell", "hide-input", "hide-cell"}
# A4 in points: the running head sits above y = 50, the page number below y = 785
BODY_CROP = ["-x", "0", "-y", "52", "-W", "596", "-H", "730"]


def _missing_tools() -> list[str]:
    missing = [t for t in TOOLS if shutil.which(t) is None]
    if "kpsewhich" not in missing:
        for sty in ("kotex.sty", "xetexko.sty", "fncychap.sty", "latinmodern-math.otf"):
            found = subprocess.run(["kpsewhich", sty], capture_output=True, text=True).stdout
            if not found.strip():
                missing.append(sty)
    if shutil.which("fc-list"):
        fonts = subprocess.run(["fc-list", ":", "family"], capture_output=True, text=True).stdout
        missing += [f for f in ("NanumMyeongjo", "NanumGothicCoding", "FreeSerif")
                    if f not in fonts]
    return missing


@pytest.fixture(scope="module")
def built_pdf(book_builds):
    """Build the PDF with the command of ``make pdf`` (from the committed outputs, into
    ``PDF_OUTPUT``: see the root conftest; alongside the HTML build when the session
    runs both); return the finished process."""
    missing = _missing_tools()
    if missing:
        msg = f"PDF tools missing: {', '.join(missing)} (.ci/run installs them with apt)"
        if in_ci():
            pytest.fail(msg + " -- required in CI")
        pytest.skip(msg)
    proc = book_builds("pdf")
    assert proc.returncode == 0 and PDF.is_file(), "PDF build failed; see _build/pdf.log"
    return proc


def _poppler(*args: str) -> str:
    return subprocess.run(list(args), capture_output=True, text=True, check=True).stdout


@pytest.fixture(scope="module")
def pdf_text(built_pdf) -> str:
    """Text of the page bodies (running heads and page numbers cropped away), in
    the order it was typeset (``-raw``: sub- and superscripts stay in place)."""
    return _poppler("pdftotext", "-raw", *BODY_CROP, str(PDF), "-")


PAGE_BREAK = "\x00"  # where a code block continues on the next page (norm keep_breaks)


def norm(text: str, keep_breaks: bool = False) -> str:
    """Text compared without what typesetting changes: white space and line
    breaks, hyphens and dashes (hyphenation, ``--`` in BibTeX), the marks of
    broken code lines (↪, ␣) and of code and tables continued on the next page,
    combining accents (a dot over a math letter is extracted apart from it),
    typographic quotes, and the middle dot and the ellipsis, which xetexko sets
    from the Hangul font (extracted as U+30FB and U+22EF)."""
    text = re.sub(r"[\s\u0300-\u036f↪˓→␣\-‐–—]+", "", text)
    text = text.replace("(다음페이지에계속)", PAGE_BREAK if keep_breaks else "")
    text = text.replace("(이전페이지에서계속)", "")
    text = text.replace("이전페이지에서계속", "").replace("・", "·").replace("⋯", "…")
    return re.sub("[“”]", '"', re.sub("[‘’]", "'", text))


# --- what the sources say the book holds -----------------------------------


def _toc_files() -> list[str]:
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    files = [toc["root"]]

    def walk(entries):
        for e in entries:
            files.append(e["file"])
            walk(e.get("sections", []))

    for part in toc.get("parts", []):
        walk(part["chapters"])
    return files


def _cells(path):
    """(kind, source, tags, cell) for every cell of a page; a Markdown page is one cell."""
    if path.suffix == ".md":
        return [("markdown", path.read_text(encoding="utf-8"), set(), None)]
    nb = json.loads(path.read_text(encoding="utf-8"))
    return [(c["cell_type"], "".join(c["source"]), set(c["metadata"].get("tags", [])), c)
            for c in nb["cells"]]


def _page(name: str):
    for suffix in (".ipynb", ".md"):
        path = ROOT / (name + suffix)
        if path.is_file():
            return path
    raise FileNotFoundError(name)


PAGES = [_page(f) for f in _toc_files()]


def _title(path) -> str:
    for kind, src, _, _ in _cells(path):
        if kind == "markdown":
            for line in src.splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    raise ValueError(f"{path}: no title")


def _markdown_sources() -> list[str]:
    """Markdown as the reader sees it: Markdown cells and pages, and the Markdown
    that code cells display (tables built by figsrc/_tables.md_table)."""
    out = []
    for path in PAGES:
        for kind, src, tags, cell in _cells(path):
            if kind == "markdown":
                out.append(re.sub(r"^%.*\n?", "", src, flags=re.M))  # MyST comments
            elif not tags & {"remove-output", "remove-cell", "hide-cell"}:
                for o in cell.get("outputs", []):
                    out.append("".join(o.get("data", {}).get("text/markdown", "")))
    return out


def _directives(name_re: str) -> list[str]:
    """The argument of every ``{name}`` directive in the reader's Markdown."""
    pat = re.compile(r"^\s*(?:`{3,}|:{3,})\{(?:" + name_re + r")\}[ \t]*(.*)$", re.M)
    return [m.group(1).strip() for src in _markdown_sources() for m in pat.finditer(src)]


# --- the build --------------------------------------------------------------


def test_build_warns_only_about_babel(built_pdf):
    """Sphinx (nitpicky) warns about nothing but its missing Babel option for
    Korean, which kotex makes up for."""
    warnings = [line for line in (built_pdf.stdout + built_pdf.stderr).splitlines()
                if "WARNING" in line and "IPKernelApp" not in line]
    others = [w for w in warnings if "no Babel option known for language 'ko'" not in w]
    assert others == [], "\n".join(others)


def test_latex_log_is_clean(built_pdf):
    """The last XeLaTeX run resolved every reference and citation and found a
    glyph for every character (a missing Hangul glyph is a blank in the PDF).
    Its "Label(s) may have changed" is not looked at: it comes back on every
    run with kotex, while latexmk stops because the .aux file no longer changes."""
    log = (LATEX / "book.log").read_text(encoding="utf-8", errors="replace")
    bad = [line for line in log.splitlines()
           if re.search(r"undefined references|Reference `.*' on page .* undefined"
                        r"|Citation `.*' on page .* undefined|Missing character"
                        r"|Font shape `[^']*' undefined", line)]
    assert bad == [], "\n".join(bad[:20])


# --- pages, text ------------------------------------------------------------


def test_page_count_matches_the_table_of_contents(built_pdf):
    pages = int(re.search(r"^Pages:\s+(\d+)", _poppler("pdfinfo", str(PDF)), re.M).group(1))
    full = _poppler("pdftotext", "-layout", str(PDF), "-").split("\f")
    assert len([p for p in full if p.strip()]) <= pages <= len(full)
    # every chapter and part opens on a right-hand page
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    assert pages >= 2 * (len(PAGES) + len(toc["parts"]))
    # the table of contents (first pages, roman numbers) points inside the document
    toc_pages = "\n".join(full[:6])
    listed = [int(n) for n in re.findall(r"(\d+)\s*$", toc_pages, re.M)]
    assert listed and max(listed) < pages


def test_every_page_title_in_order(pdf_text):
    """Each page of _toc.yml (the root page has no title in print) comes out as a
    chapter or section heading, in the order of the table of contents; the
    headings carry the book's own numbers and LaTeX adds none."""
    text = norm(pdf_text)
    body = text[text.index(norm(_title(PAGES[1]))) + 1:]  # past the table of contents
    pos = 0
    for path in PAGES[1:]:
        title = norm(_title(path))
        found = body.find(title, pos)
        assert found >= 0, f"title of {path.name} not found after the previous one: {title}"
        pos = found + len(title)
    # LaTeX's own English names of the headings are not printed
    english = re.findall(r"^(?:Chapter|CHAPTER|Part|PART) [\dIVX]+$|^(?:Contents|Bibliography)$",
                         pdf_text, re.M)
    assert english == [], f"English headings in the PDF: {english}"


def test_korean_prose(pdf_text):
    """The Korean text of every paragraph of the Markdown is there. A paragraph
    is cut into fragments at math, code, roles, emphasis and sentence ends;
    fragments with at least eight Hangul syllables are looked for. A float or a
    page break can split a fragment, so every paragraph must show at least one
    fragment and 97 % of all fragments must be found."""
    text = norm(pdf_text)
    split = re.compile(r"[`$*_|<>#\[\]{}()]|:::|(?:^|\s)(?:[-+]|\d+\.)\s|(?<=[.?!,])\s")
    paragraphs, fragments, lost, missing = 0, 0, [], []
    for src in _markdown_sources():
        for para in re.split(r"\n\s*\n|\n(?=\s*(?:[-+]|\d+\.)\s)", src):
            if para.lstrip().startswith(("```", ":::", "$$", "|", "#")):
                continue
            pieces = [s for s in split.split(" ".join(para.split()))
                      if s and len(HANGUL.findall(s)) >= 8]
            if not pieces:
                continue
            paragraphs += 1
            fragments += len(pieces)
            found = [p for p in pieces if norm(p) in text]
            missing += [p for p in pieces if p not in found]
            if not found:
                lost.append(para)
    assert paragraphs > 300
    assert lost == [], f"{len(lost)} paragraphs missing:\n" + "\n".join(lost[:5])
    assert len(missing) <= 0.03 * fragments, (
        f"{len(missing)} of {fragments} fragments missing:\n" + "\n".join(missing[:10]))
    assert len(HANGUL.findall(pdf_text)) > sum(len(HANGUL.findall(s))
                                               for s in _markdown_sources())


def _code_text(cell) -> str:
    """A code cell's source and its outputs (printed text, and Markdown such as
    the source of a function shown as a code block)."""
    out = ["".join(cell["source"])]
    for o in cell.get("outputs", []):
        out.append("".join(o.get("text", "")))
        for mime in ("text/plain", "text/markdown"):
            out.append("".join(o.get("data", {}).get(mime, "")))
    return "\n".join(out)


RAW_TEX = ("$", "\\frac", "\\begin", "\\end", "\\(", "\\[", "\\dot", "\\mathrm", "\\tau",
           "\\omega", "\\left", "^{", "_{", "\\sphinx", "\\label", "\\ref", "{glue", "glue:",
           "{cite", "{eq}", "{numref}", "??", "[?]")


def test_no_raw_tex_in_the_prose(pdf_text):
    """Math was typeset and every role resolved: a line that still shows TeX or
    MyST markup must be a line of printed code (code cells show TeX strings for
    matplotlib labels and table headers, and pages include source files)."""
    code = [_code_text(cell) for path in PAGES
            for kind, _, _, cell in _cells(path) if kind == "code"]
    code += [(BOOK / f).read_text(encoding="utf-8") for f in _directives("literalinclude")]
    code += [m for src in _markdown_sources()
             for m in re.findall(r"^```[^{\n]*\n(.*?)^```", src, re.M | re.S)]
    code = norm("\n".join(code))
    bad = [line for line in pdf_text.splitlines()
           if any(t in line for t in RAW_TEX) and norm(line) not in code]
    assert bad == [], "\n".join(bad[:20])


# --- figures, tables, equations, citations ----------------------------------


def test_every_figure_embedded(built_pdf, pdf_text):
    """One embedded image per figure of the book, and each PNG of book/figures
    that a page shows is in the PDF at its own pixel size."""
    figures = _directives("figure|glue:figure")
    rows = [r.split() for r in _poppler("pdfimages", "-list", str(PDF)).splitlines()[2:]]
    images = [(int(r[3]), int(r[4])) for r in rows if r[2] == "image"]
    assert len(images) >= len(figures) >= 8
    used = [BOOK / a for a in figures if a.startswith("figures/")]
    assert used, "no figure from book/figures"
    sizes = Counter(Image.open(p).size for p in used)
    short = sizes - Counter(images)
    assert not short, f"figures not embedded at their size: {dict(short)}"
    for k in range(1, len(figures) + 1):
        assert f"그림 {k}:" in pdf_text, f"caption of figure {k} missing"
    assert f"그림 {len(figures) + 1}:" not in pdf_text


def test_tables_numbered_with_captions(pdf_text):
    """Every table with a caption, in the pages or built by a code cell, is
    numbered through the book as "표 k" next to its caption."""
    captions = [c for c in _directives("table|list-table") if c]
    assert len(captions) > 20
    text = norm(pdf_text)
    for k, caption in enumerate(captions, start=1):
        head = norm(re.split(r"[`${]", caption)[0])[:6]  # a caption may wrap around
        assert norm(f"표 {k}:") + head in text, f"table {k} ({caption[:40]}) missing"
    assert f"표 {len(captions) + 1}:" not in pdf_text


def test_numbered_equations(built_pdf, pdf_text):
    """Every labelled display equation gets a number, (1) to (n) through the
    book, and the text refers to them by those numbers."""
    labelled = 0
    for src in _markdown_sources():
        labelled += len(re.findall(r"^\$\$[ \t]*\([\w-]+\)[ \t]*$", src, re.M))
        # a {math} directive's label (the :label: of exercises and solutions is no equation)
        labelled += len(re.findall(r"^\s*(?:`{3,}|:{3,})\{math\}.*\n(?:\s*:\w+:.*\n)*?\s*:label:",
                                   src, re.M))
    assert labelled > 20
    layout = _poppler("pdftotext", "-layout", str(PDF), "-")  # numbers at the right margin
    numbers = {int(n) for n in re.findall(r"\((\d+)\)[ \t]*$", layout, re.M)}
    assert set(range(1, labelled + 1)) <= numbers
    refs = {int(n) for n in re.findall(r"식 \((\d+)\)", pdf_text)}
    assert refs and refs <= numbers


def test_citations_and_bibliography(pdf_text):
    """Citations are resolved to author and year, and the bibliography of the
    last page lists every cited entry (by its title)."""
    from pybtex.database import parse_file

    cited = set()
    for src in _markdown_sources():
        for keys in re.findall(r"\{cite:[pt]\}`([^`]+)`", src):
            cited |= {k.strip() for k in keys.split(",")}
    assert len(cited) > 10
    bib = parse_file(str(BOOK / "references.bib"))
    text = norm(pdf_text)
    start = text.rindex(norm(_title(PAGES[-1])))
    listing = text[start:].replace("{", "").replace("}", "").lower()
    for key in sorted(cited):
        entry = bib.entries[key]
        title = re.sub(r"\\([_&%$#])", r"\1", entry.fields["title"])  # TeX escapes print bare
        title = norm(title.replace("{", "").replace("}", "")).lower()
        assert title in listing, f"{key}: not in the bibliography"
        assert key not in pdf_text, f"{key}: cited by its key"
        assert entry.fields["year"] in text[:start]


# --- code cells -------------------------------------------------------------


def _split_by_page_break(line: str, marked: str) -> bool:
    """A code line broken at a page end: its head ends the page, before the
    continuation mark, and its tail follows on the next page, after whatever
    floats (a figure) LaTeX set at the top of that page."""
    for k in range(1, len(line)):
        at = marked.find(line[:k] + PAGE_BREAK)
        if at >= 0 and line[k:] in marked[at:at + 5000]:
            return True
    return False


def test_page_break_split_is_recognised():
    marked = "ab가나" + PAGE_BREAK + "그림1:캡션" + "다라cd" + "끝"
    assert _split_by_page_break("ab가나다라cd", marked)
    assert not _split_by_page_break("ab가나다라ce", marked)
    assert not _split_by_page_break("ab가다라cd", marked)


def test_code_shown_in_html_is_printed_and_plumbing_is_not(pdf_text):
    """Code cells shown in the HTML appear (each line of their source); cells
    whose input the HTML hides (remove-input, remove-cell, hide-input,
    hide-cell) leave no line of their own in the PDF."""
    text = norm(pdf_text)
    shown, hidden = [], []
    for path in PAGES:
        for kind, src, tags, _ in _cells(path):
            if kind == "code" and src.strip():
                (hidden if tags & HIDDEN_INPUT else shown).append((path.name, src))
    assert shown and hidden
    prose = norm("\n".join(_markdown_sources()))
    visible = norm("\n".join(src for _, src in shown)) + prose
    marked = norm(pdf_text, keep_breaks=True)
    for name, src in shown:
        for line in src.splitlines():
            assert norm(line) in text or _split_by_page_break(norm(line), marked), (
                f"{name}: shown code line missing: {line}")
    for name, src in hidden:
        own = [ln for ln in src.splitlines() if len(norm(ln)) > 20 and norm(ln) not in visible]
        assert own, f"{name}: hidden cell has no line of its own to look for"
        printed = [ln for ln in own if norm(ln) in text]
        assert printed == [], f"{name}: plumbing code printed: {printed[:3]}"
