"""A Korean particle after a glued value fits the value as it renders.

For every ``{glue:text}`name[:fmt]``` in the markdown cells of a notebook the value is
taken from the notebook's outputs (``application/papermill.record/text/plain``) and
formatted as myst-nb formats it (``myst_nb.core.variables.format_plain_text``).  Its
last pronounced syllable decides the particle:

* digits read 영 일 이 삼 사 오 육 칠 팔 구; trailing zeros read as the place of the last
  non-zero digit, 십 백 천 (``20`` 이십, ``1500`` 천오백), and a number whose last four
  digits are zero ends in 만, 억 or 조 (``120000`` 십이만); ``12,852`` reads as 12852;
* a decimal reads its last digit (``14.0`` ... 영, ``0.1165`` ... 오); a version-like
  ``0.0.60`` reads its last part as an integer;
* scientific notation (``×10⁻¹⁵``, ``1e-12``) ends in 승 (십의 마이너스 십오 승);
* ``%`` reads 퍼센트; a value that ends in Hangul ends in that syllable; a single Latin
  letter or an upper-case acronym reads as its (last) letter name (n 엔, RNEA ... 에이);
  a tuple reads its last element; a value glued with its unit (``1 MiB``) reads the unit;
* a unit right after the value decides instead (``kg`` 킬로그램, ``N·m`` 뉴턴미터,
  ``μs`` 마이크로초, ``s`` 초, ``m`` 미터, ``rad`` 라디안, ``m/s²`` 미터 매 제곱초,
  ``MiB`` 메비바이트, ``배``, ``번``, ``개`` ...: ``UNITS`` and ``COUNTERS``).

A syllable with a final consonant (받침) takes 으로, 은, 이, 을, 과 and the copula with
이 (이다, 이며, 이고, 이나, 이면, 이었다 ...); one without takes 로, 는, 가, 를, 와.  ㄹ
counts as no 받침 for 로 only (칠로, but 칠은, 칠이다).  After a vowel the copula may keep
its 이 (``2이다`` and ``2다`` are both standard), so only its missing 이 after a 받침 is an
error (``×10⁻¹⁵였다`` must be ``×10⁻¹⁵이었다``).  Anything else after the value (a space,
a parenthesis, math, a word that is not a particle) is not judged.

Why no morphological analyser here: the decision needs the reading of the rendered value
(a glue role, a format spec, a unit), which no analyser knows, and the particle forms
after it are a closed list; kiwipiepy would tag ``3으로`` and ``3로`` alike as JKB and
leave the allomorph to us.  ``tests/test_clauses.py`` uses it where it helps, to find
the clauses of a sentence.
"""

from __future__ import annotations

import re

import pytest
from _book import NOTEBOOKS
from _prose import GLUE_ROLE, glue_values, page_blocks, render_glue

DIGITS = "영일이삼사오육칠팔구"
LETTERS = dict(zip("abcdefghijklmnopqrstuvwxyz", [
    "에이", "비", "씨", "디", "이", "에프", "지", "에이치", "아이", "제이", "케이", "엘", "엠",
    "엔", "오", "피", "큐", "알", "에스", "티", "유", "브이", "더블유", "엑스", "와이", "제트"]))
SUPERSCRIPT = "⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺"

#: Units written in Latin letters or symbols, and how they are read.
UNITS = {
    "N·m": "뉴턴미터", "N⋅m": "뉴턴미터", "kN": "킬로뉴턴", "N": "뉴턴",
    "kg·m²": "킬로그램 제곱미터", "kg": "킬로그램",
    "rad/s²": "라디안 매 제곱초", "rad/s": "라디안 매 초", "rad": "라디안",
    "m/s²": "미터 매 제곱초", "m/s": "미터 매 초", "mm": "밀리미터", "cm": "센티미터",
    "m": "미터", "kHz": "킬로헤르츠", "Hz": "헤르츠", "ms": "밀리초", "μs": "마이크로초",
    "µs": "마이크로초", "ns": "나노초", "s": "초", "J": "줄", "kW": "킬로와트", "W": "와트",
    "GiB": "기비바이트", "MiB": "메비바이트", "KiB": "키비바이트", "GFLOP/s": "기가플롭스",
    "GFLOP": "기가플롭", "%": "퍼센트", "°": "도",
}
#: Korean counters and nouns that may follow a value directly; the particle after them
#: is judged against them (``3배로``), and they are never read as a particle.
COUNTERS = sorted([
    "배", "번째", "번", "개째", "개", "회", "초", "밀리초", "마이크로초", "나노초", "자리",
    "바이트", "단계", "가지", "쌍", "차", "행", "열", "칸", "점", "도", "분", "시간", "퍼센트",
    "이상", "이하", "이내", "미만", "초과", "이전", "이후", "가량", "라디안", "미터", "뉴턴",
    "킬로그램", "관절", "링크", "자유도", "씩", "대",
], key=len, reverse=True)

_UNIT_RE = "|".join(re.escape(u) for u in sorted(UNITS, key=len, reverse=True))

#: The particle and copula forms that follow a vowel (their forms after a 받침 are in
#: ``judge``); ``"이"`` followed by Hangul is the copula.
_AFTER_VOWEL = ["로", "는", "를", "와", "였", "다", "며", "고", "나", "면", "라", "므로", "지만",
                "든", "야", "란", "랑", "여서", "가"]


def has_final(syllable: str) -> int:
    """The final consonant (받침) index of a Hangul syllable: 0 none, 8 ㄹ, else other."""
    code = ord(syllable) - 0xAC00
    if not 0 <= code < 11172:
        raise ValueError(f"not a Hangul syllable: {syllable!r}")
    return code % 28


def read_integer(digits: str) -> str:
    """The last syllable of an integer read in Korean (``20`` 이십 -> 십)."""
    n = int(digits)
    if n == 0:
        return "영"
    if n % 10:
        return DIGITS[n % 10]
    low = n % 10000
    if low:
        return "십" if low % 100 else ("백" if low % 1000 else "천")
    if n % 10**8:
        return "만"
    if n % 10**12:
        return "억"
    return "조"


def last_syllable(value: str) -> str | None:
    """The last pronounced syllable of a rendered value, or None if it cannot be told."""
    v = value.strip().rstrip(")]").strip()
    if not v:
        return None
    if re.search(r"(?:[×x]\s*10\s*(?:\^\s*\{?[-−+]?[0-9]+\}?|[" + SUPERSCRIPT + r"]+)"
                 r"|[0-9][eE][-+−]?[0-9]+)$", v):
        return "승"
    if re.search(r"10[" + SUPERSCRIPT + r"]+$", v):
        return "승"
    if v.endswith("%"):
        return "트"
    if v.endswith("°"):
        return "도"
    if "가" <= v[-1] <= "힣":
        return v[-1]
    unit = re.search(r"(?<=[0-9 ])(" + _UNIT_RE + r")$", v)
    if unit:
        return UNITS[unit.group(1)][-1]  # a value glued with its unit: "1 MiB"
    m = re.search(r"(?<![0-9.,])([0-9][0-9,]*)((?:\.[0-9]+)*)$", v)
    if m:
        whole, frac = m.group(1), m.group(2)
        parts = frac.split(".")[1:]
        if len(parts) >= 2:
            return read_integer(parts[-1])  # a version: 0.0.60 ... 육십
        if parts:
            return DIGITS[int(parts[-1][-1])]
        return read_integer(whole.replace(",", ""))
    m = re.search(r"(?<![A-Za-z])([A-Za-z]+)$", v)
    if m:
        word = m.group(1)
        if len(word) == 1 or word.isupper():
            return LETTERS[word[-1].lower()][-1]
    return None


def _form(rest: str, forms: list[str]) -> str | None:
    for f in sorted(forms, key=len, reverse=True):
        if rest.startswith(f):
            return f
    return None


def _hangul(ch: str) -> bool:
    return "가" <= ch <= "힣"


def judge(syllable: str, rest: str) -> str | None:
    """What is wrong with the particle that begins ``rest`` after ``syllable``, or None."""
    final = has_final(syllable)
    if rest.startswith("이") and len(rest) > 1 and _hangul(rest[1]):
        return None  # the copula with its 이 (이다, 이며, 이었다 ...) fits after a vowel too
    if final in (0, 8) and rest.startswith("으로"):
        return "으로 -> 로"
    if final == 8 and rest.startswith("로"):
        return None
    if final:
        form = _form(rest, _AFTER_VOWEL)
        if form:
            fix = {"로": "으로", "는": "은", "를": "을", "와": "과", "가": "이", "였": "이었",
                   "여서": "이어서"}.get(form, "이" + form)
            return f"{form} -> {fix}"
        return None
    form = _form(rest, ["은", "을", "과", "이"])
    if form:
        return f"{form} -> " + {"은": "는", "을": "를", "과": "와", "이": "가"}[form]
    return None


def check_after(value: str, after: str) -> tuple[str, str] | None:
    """``(reading, problem)`` for a value followed by ``after``, or None if it fits or
    cannot be judged."""
    after = re.sub(r"^[*_]+", "", after)
    unit = re.match(r"\s?(" + _UNIT_RE + r")(?![A-Za-z0-9_])", after)
    if unit:
        syllable, rest = UNITS[unit.group(1)][-1], after[unit.end():]
        reading = f"{unit.group(1)} {UNITS[unit.group(1)]}"
    else:
        syllable, rest, reading = last_syllable(value), after, None
    if not rest or not _hangul(rest[0]):
        return None
    counter = _form(rest, COUNTERS)
    if counter:
        syllable, rest, reading = counter[-1], rest[len(counter):], counter
        if not rest or not _hangul(rest[0]):
            return None
    if syllable is None:
        return None
    problem = judge(syllable, rest)
    if problem:
        return (reading or f"{value} ... {syllable}", problem)
    return None


def notebook_problems(nb) -> list[str]:
    values = glue_values(nb)
    out = []
    for block, generated in page_blocks(nb):
        if generated:
            continue
        for m in GLUE_ROLE.finditer(block):
            name, fmt = m.group("name"), m.group("fmt") or ""
            if name not in values:
                continue
            value = render_glue(values[name], fmt)
            found = check_after(value, block[m.end(): m.end() + 12])
            if found:
                reading, problem = found
                tail = re.match(r"\s?(?:" + _UNIT_RE + r")?[^\s.,)(]*", block[m.end():]).group(0)
                out.append(f"{m.group(0)}{tail}: renders {value!r} ({reading}); {problem}")
    return out


# ---------------------------------------------------------------- oracle

@pytest.mark.parametrize("value, after, problem", [
    ("3", "으로 나눈다", None), ("3", "로 나눈다", "로 -> 으로"),
    ("2", "로 나눈다", None), ("2", "으로 나눈다", "으로 -> 로"),
    ("7", "로 나눈다", None), ("7", "으로 나눈다", "으로 -> 로"), ("7", "은", None),
    ("7", "는", "는 -> 은"), ("7", "다.", "다 -> 이다"), ("7", "이다.", None),
    ("1.5", "배로 는다", None), ("1.5", "배으로", "으로 -> 로"),
    ("4.2×10⁻¹⁵", "으로 작다", None), ("4.2×10⁻¹⁵", "로 작다", "로 -> 으로"),
    ("1×10⁻¹²", "였다.", "였 -> 이었"), ("1×10⁻¹²", "이었다.", None),
    ("10", "은", None), ("10", "는", "는 -> 은"), ("100", "과", None), ("20", "와", "와 -> 과"),
    ("10000", "을", None), ("12,852", "번이다", None), ("12,852", "를", None),
    ("14.0", " kg으로", None), ("14.0", " kg로", "로 -> 으로"), ("5", " N·m로", None),
    ("5", " N·m으로", "으로 -> 로"), ("433", " μs로", None), ("1.31", " rad을", None),
    ("9.81", " m/s²를", None), ("86 %", "로", None), ("86%", "으로", "으로 -> 로"),
    ("2", "가", None), ("3", "가", "가 -> 이"), ("3", "이 크다", None),
    ("2", "이 크다", "이 -> 가"),
    ("2", "이다", None), ("2", "다", None), ("3", "가지", None), ("0", "으로", None),
    ("만족한다", ".", None), ("잰 값", "이다", None), ("n", "은", None),
    ("3", " 이하", None), ("3", "(표)", None),
])
def test_particle_oracle(value, after, problem):
    found = check_after(value, after)
    assert (found[1] if found else None) == problem, (value, after, found)


@pytest.mark.parametrize("value, syllable", [
    ("3", "삼"), ("7", "칠"), ("10", "십"), ("20", "십"), ("100", "백"), ("1500", "백"),
    ("1000", "천"), ("10000", "만"), ("120000", "만"), ("100000000", "억"), ("1,003", "삼"),
    ("14.0", "영"), ("0.1165", "오"), ("1.1×10⁻⁹", "승"), ("1e-12", "승"), ("10⁻¹⁵", "승"),
    ("25.3%", "트"), ("0.0.60", "십"), ("(0.6, -1.1, -9.80665)", "오"), ("91 n − 100", "백"),
    ("n ≥ 64", "사"), ("RNEA", "이"), ("n", "엔"), ("arm_left_4_joint", None),
    ("1 MiB", "트"), ("14 kg", "램"),
])
def test_last_syllable(value, syllable):
    assert last_syllable(value) == syllable


def test_final_consonants():
    assert [has_final(s) for s in "삼이칠승트터"] == [16, 0, 8, 21, 0, 0]
    assert has_final("칠") == 8


def test_the_glue_of_a_notebook_is_rendered_as_myst_nb_renders_it():
    assert render_glue("'4.2×10⁻¹⁵'", "") == "4.2×10⁻¹⁵"
    assert render_glue("0.11649", ".4f") == "0.1165"
    assert render_glue("12852", ",") == "12,852"


# ---------------------------------------------------------------- the book

@pytest.mark.parametrize("nb", NOTEBOOKS, ids=lambda p: p.name)
def test_particles_after_glued_values(nb):
    problems = notebook_problems(nb)
    assert not problems, f"{nb.name}: particles that do not fit the value ({len(problems)}):\n" + (
        "\n".join("  " + p for p in problems))
