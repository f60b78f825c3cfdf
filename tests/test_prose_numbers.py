"""No result number is typed by hand in the book's prose.

Every decimal number, percentage, count or physical quantity that the text
reports must come from a computation, through ``{glue:text}`` (see the brief's
rule 2).  This test reads the markdown cells of every ``book/*.ipynb`` and
flags the numbers that look like typed results.

What is flagged (after the exempt parts are removed, see below):

* decimal numbers: ``1.5``, ``0.3``, ``31.78``; a decimal comma with a leading
  zero, ``0,3``;
* scientific notation: ``1.8e-13``, ``1e-12``, ``1.8×10^{-13}``, ``10⁻¹³``;
* percentages: ``86 %``, ``86%``, ``86\\,\\%``;
* counts with thousands separators: ``22,848``, ``22{,}848``;
* any number (integer too) followed by a physical unit or a ratio word:
  ``14 kg``, ``21 rad/s²``, ``30°``, ``2.1배`` (unit list: ``UNITS``).  A range
  ``1.6~2.4배`` flags both ends.

What is exempt:

* code blocks (fenced), code spans, MyST roles (``{glue:text}``, ``{cite:p}``,
  ``{eq}``, ``{numref}``, ``{doc}`` ...), directive option lines
  (``:width: 85%``) and the arguments of file directives (``{figure} a.png``);
* math: ``$$ ... $$`` blocks with their labels and ``{math}`` blocks are
  equations and fully exempt.  Inline ``$...$`` math is exempt too, except
  where it only wraps a typed result: an inline formula that is just a number
  (``$27.26$ N·m``, ``$22{,}848$``) is checked like prose, and a number with
  ``\\times 10^{..}`` or ``\\%`` inside inline math is flagged;
* section, equation and version numbers: dotted numbers with two or more dots
  (``3.2.5``, ``3.2.3.4``, ``4.1.0``), and ``X.Y`` with one- or two-digit parts
  and no leading zero (``3.5``, ``2.8절``, ``(8.9)``, ``12.27``) unless a unit
  or ratio word follows;
* integers with no unit (``관절 2``, ``n = 64``, ``357번``), years, dates;
* URLs, DOIs, HTML comments and MyST targets ``(label)=``.

Parameters that are inputs of an example may be written as integers or in math
(``$10^{-6}$``); results must be glued.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

BOOK = Path(__file__).resolve().parents[1] / "book"
NOTEBOOKS = sorted(BOOK.glob("*.ipynb"))

# ---------------------------------------------------------------- the detector

#: Units and ratio words that make a number a reported quantity.  Longer
#: spellings first, so that ``rad/s²`` wins over ``rad``.
UNITS = [
    "N·m", "N⋅m", "N m", "Nm", "kN", "mN", "N",
    "kg·m²", "kg·m^2", "kg m^2", "kg", "g/cm³",
    "rad/s²", "rad/s^2", "rad/s", "rad", "deg/s", "deg", "°",
    "m/s²", "m/s^2", "m/s", "mm", "cm", "km", "m",
    "kHz", "Hz", "ms", "μs", "µs", "us", "ns", "s", "초", "밀리초",
    "J", "W", "kW",
    "%", "퍼센트", "배", "times",
]
#: Korean words that begin like a unit but are not one ("0 배열" is an array of zeros).
_NOT_UNIT = {"배": "열|치|경|포|터|율|선|관|제|분|정|속|송", "초": "기|과|점|월|안|록"}
_UNIT_RE = "|".join(
    re.escape(u) + (f"(?!{_NOT_UNIT[u]})" if u in _NOT_UNIT else "")
    for u in sorted(UNITS, key=len, reverse=True)
)
# A unit must not run on into a longer Latin word or an index ("3 steps" is not
# "3 s", "2 m_2" is not "2 m").
_UNIT_AFTER = rf"\s*(?:{_UNIT_RE})(?![A-Za-z0-9_])"

# A number token: not glued to a preceding Latin letter, digit or dot (so
# "ch32", "fig_3", "v1.2.3" and the middle of "3.2.5" are not read as numbers).
_NUM = r"(?<![A-Za-z0-9_.\\])(?P<num>[0-9]+(?:[.,][0-9]+)*)"
_RANGE = r"(?:\s*[~∼–-]\s*[0-9]+(?:\.[0-9]+)?)?"

_SCI = re.compile(
    r"(?<![A-Za-z0-9_])[0-9]+(?:\.[0-9]+)?\s*(?:[eE][-+−]?[0-9]+"
    r"|\s*[×x]\s*10\s*(?:\^\s*\{?\s*[-−]?[0-9]+\}?|[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+))"
    r"|(?<![A-Za-z0-9_])10[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+"
    r"|(?<![A-Za-z0-9_])10\^\{?[-−][0-9]+\}?"
)


def _classify(token: str, after: str, in_heading_start: bool) -> str | None:
    """Why the number ``token`` (followed by ``after``) is a typed result, or None."""
    unit = re.match(_RANGE + _UNIT_AFTER, after)
    if unit:
        return f"number with a unit: {token}{unit.group(0)}"
    if re.fullmatch(r"[0-9]{1,3}(?:,[0-9]{3})+", token):
        return f"count with thousands separator: {token}"
    if re.fullmatch(r"0,[0-9]+", token):
        return f"decimal comma: {token}"
    if "," in token:
        return None  # a list of integers such as "1,2"
    parts = token.split(".")
    if len(parts) == 1:
        return None  # an integer with no unit
    if len(parts) >= 3 or in_heading_start:
        return None  # section or version number
    whole, frac = parts
    if whole.startswith("0") or len(frac) > 2 or len(whole) > 2:
        return f"decimal number: {token}"
    return None  # X.Y: read as a section or equation reference (3.5, 2.8절, (8.9))


def _strip_inline_math(text: str, found: list[str]) -> str:
    """Inline math: flag typed results inside it, keep bare numbers as prose,
    drop everything else."""

    def repl(m: re.Match) -> str:
        body = m.group(1)
        sci = re.search(r"[0-9]\s*\\times\s*10\s*\^", body)
        pct = re.search(r"[0-9]\s*(?:\\,|\\ )?\s*\\%", body)
        if sci or pct:
            found.append(f"typed result in inline math: ${body}$")
            return " "
        bare = body.replace("{,}", ",").replace("\\,", "").replace("\\!", "")
        bare = re.sub(r"\s*(?:\\sim|\\text\{~\}|~|--|–)\s*", "~", bare).strip()
        if re.fullmatch(r"[-−]?[0-9]+(?:[.,][0-9]+)*(?:~[-−]?[0-9]+(?:[.,][0-9]+)*)?", bare):
            return bare
        return " "

    return re.sub(r"(?<![\\$])\$(?!\$)((?:\\\$|[^$\n])+?)\$(?!\$)", repl, text)


_FILE_DIRECTIVES = {"figure", "image", "include", "literalinclude", "bibliography", "code",
                    "code-block", "code-cell", "sourcecode", "math", "raw", "glue:figure",
                    "glue:any", "glue:math", "tableofcontents", "toctree"}
_DROP_BODY = {"code", "code-block", "code-cell", "sourcecode", "math", "raw", "toctree",
              "literalinclude"}


def _strip_blocks(text: str) -> str:
    """Remove fenced code, math blocks and directive options; keep directive bodies
    that are prose (figure captions, admonitions, dropdowns)."""
    out, lines, i = [], text.split("\n"), 0
    fence = None  # (marker, drop_body)
    in_options = False
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        if fence is None:
            m = re.match(r"^(`{3,}|~{3,}|:{3,})\s*(\{([^}]*)\})?\s*(.*)$", stripped)
            if m:
                marker, name, arg = m.group(1), (m.group(3) or "").strip(), m.group(4)
                is_code = marker[0] != ":" and not m.group(2)
                drop = is_code or name in _DROP_BODY
                fence = (marker, drop)
                in_options = True
                if not drop and name not in _FILE_DIRECTIVES and arg:
                    out.append(arg)  # e.g. an admonition title
                i += 1
                continue
            out.append(line)
        else:
            marker, drop = fence
            if stripped.startswith(marker[0] * len(marker)) and set(stripped) <= {marker[0]}:
                fence = None
                in_options = False
            elif drop:
                pass
            elif in_options and re.match(r"^:[\w-]+:", stripped):
                pass  # directive option line such as ":width: 85%"
            else:
                in_options = False
                out.append(line)
        i += 1
    return "\n".join(out)


def find_typed_numbers(markdown: str) -> list[str]:
    """All typed result numbers in one markdown cell, as human-readable strings."""
    found: list[str] = []
    text = re.sub(r"<!--.*?-->", " ", markdown, flags=re.S)
    text = re.sub(r"\$\$.*?\$\$(?:\s*\([\w:-]+\))?", " ", text, flags=re.S)
    text = _strip_blocks(text)
    text = re.sub(r"\{[\w:.-]+\}`[^`]*`", " ", text)  # MyST roles: glue, cite, eq, doc ...
    text = re.sub(r"(`+)(?:(?!\1).)+?\1", " ", text, flags=re.S)  # code spans
    text = re.sub(r"^\s*\([\w:.-]+\)=\s*$", " ", text, flags=re.M)  # targets
    text = re.sub(r"https?://\S+|doi:\s*\S+|\b10\.[0-9]{4,}/\S+", " ", text)
    text = re.sub(r"\]\([^)]*\)", "]", text)  # link targets
    text = _strip_inline_math(text, found)
    for line in text.split("\n"):
        heading = re.match(r"^\s*#{1,6}\s+", line)
        for m in _SCI.finditer(line):
            found.append(f"scientific notation: {m.group(0).strip()}")
        line_wo_sci = _SCI.sub(" ", line)
        for m in re.finditer(_NUM, line_wo_sci):
            at_heading_start = bool(heading) and m.start() == heading.end()
            why = _classify(m.group("num"), line_wo_sci[m.end():], at_heading_start)
            if why:
                found.append(why)
    return found


def markdown_cells(nb_path: Path) -> list[str]:
    cells = json.loads(nb_path.read_text(encoding="utf-8"))["cells"]
    return ["".join(c["source"]) if isinstance(c["source"], list) else c["source"]
            for c in cells if c["cell_type"] == "markdown"]


# ---------------------------------------------------------------- tests of the detector

@pytest.mark.parametrize("text", [
    "토크는 31.78 N·m이다.",
    "관절 2의 중력항은 전체의 86 %이다.",
    "비율은 86%이다.",
    "곱셈 횟수는 22,848이다.",
    "곱셈 횟수는 $22{,}848$이다.",
    "오차는 1.8e-13 이하이다.",
    "오차는 1e-12 이하이다.",
    "오차는 1.8×10^{-13} 이하이다.",
    "오차는 1.8×10⁻¹³ 이하이다.",
    "오차는 $7.1\\times10^{-15}$ N·m 안에서 같다.",
    "관절 2가 $86\\,\\%$를 차지한다.",
    "최댓값 $27.26$ N·m가 나온다.",
    "팔의 총질량은 14 kg이다.",
    "최대 21 rad/s²의 가속도.",
    "각도 30°에서.",
    "구동 토크의 2.1배이다.",
    "관성항이 속도곱항의 1.6~2.4배이다.",
    "관성항이 속도곱항의 $1.6\\sim2.4$배이다.",
    "값은 0.3이다.",
    "값은 0,3이다.",
    "주기는 1 kHz, 지연은 2.6 us이다.",
    "소요 시간 440 μs.",
    "```{figure} a.png\n:name: fig-x\n\n캡션의 토크 31.78 N·m\n```",
    ":::{dropdown} 풀이\n오차는 1.8e-15이다.\n:::",
])
def test_detector_flags_typed_results(text):
    assert find_typed_numbers(text), f"not flagged: {text!r}"


@pytest.mark.parametrize("text", [
    "## 3.2.5 풀이 예제",
    "### 3.2.3.4 3차원 벡터 형태",
    "라그랑주 정식화는 3.3에서 다룬다. 선수 지식은 2.8절과 1.10이다.",
    "마찰은 다루지 않았다(3.8, 3.9). 운동량 관측기(9.27)와 12.27.",
    "Modern Robotics 식 (8.9)와 같다.",
    "관절 2의 토크, 관절 수 n = 64, 링크 6개, 357번의 곱셈.",
    "Luh 외(1980)와 2026-11-05의 실행.",
    "토크는 {glue:text}`tau1:.3f` N·m이고 오차는 {glue:text}`err:.1e` N·m이다.",
    "인용 {cite:p}`lynch2017modern`, 식 {eq}`eq-rnea-forward`, {numref}`fig-ch32-opcount`.",
    "```{figure} figures/ch32_opcount.png\n:name: fig-ch32-opcount\n:width: 85%\n\n곱셈 횟수.\n```",
    "```python\nx = 1.5  # kg\n```",
    "코드 `tol = 1e-12`와 `0.5 * m`.",
    "$$\n\\tau = 0.5\\,m\\,L^2 \\ddot q + 9.81\n$$ (eq-x)",
    "인라인 수식 $\\frac{1}{2}V^T G V$와 $6\\times6$, 배율 $10^{-6}$.",
    "임의 사슬 $n=2\\sim7$에서, 관절 $2\\sim7$.",
    "Pinocchio 4.1.0과 numpy 2.4.6, jupyter-book 1.0.4.",
    "파일 data/ch32_opcount.csv와 fig_32_opcount.py.",
    "doi:10.1017/9781316661239 와 https://example.org/a/1.5",
    "(eq-target)=\n본문",
    "2R 팔과 6R 팔, 1자유도 관절, 3차원 벡터.",
    "관절 1,2,3의 토크.",
    "함수 안에서 만든 0 배열과 단위 행렬, 0 초기값.",
    "기호 2 m_2와 3 steps.",
])
def test_detector_lets_legitimate_text_pass(text):
    assert find_typed_numbers(text) == [], find_typed_numbers(text)


# ---------------------------------------------------------------- the book

@pytest.mark.parametrize("nb", NOTEBOOKS, ids=lambda p: p.name)
def test_no_typed_numbers_in_prose(nb):
    problems = []
    for k, cell in enumerate(markdown_cells(nb)):
        for why in find_typed_numbers(cell):
            problems.append(f"markdown cell {k}: {why}")
    assert problems == [], (
        f"{nb.name}: numbers typed by hand in the prose (glue them from a code cell):\n"
        + "\n".join(problems)
    )
