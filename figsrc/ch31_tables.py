"""The tables of chapter 3.1, read from the committed CSVs of ``tab_31_realizability.py``
and ``tab_31_meshes.py`` (``chaindyn_book.ch31_audit``).

Each ``*_table`` function returns ``(header, rows, align)`` for
:func:`_tables.md_table`. The chapter's notebook adds the caption and the label:

    from ch31_tables import packages_table
    header, rows, align = packages_table()
    md_table(header, rows, "...", "tab-31-packages", align=align)
"""

from __future__ import annotations

import csv

from _cli import DATA_DIR

#: Conditions of the ladder in the words of the tables.
CONDITION_WORDS = {"mass": "질량", "positive_definite": "양의 정부호",
                   "triangle": "삼각형 부등식", "": "—"}


def _read(name):
    with open(DATA_DIR / name, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def packages_table(only_flagged=True):
    """One row per package (distinct inertials): ``ch31_realizability_packages.csv``.

    With ``only_flagged`` only the packages with a link that is not realizable,
    degenerate or oversized.
    """
    header = ["패키지", "파일", "관성", "실현 가능", "질량 0", "양의 정부호 아님",
              "삼각형 부등식 위반", "퇴화", "1 g 이하", "과대"]
    rows = []
    for r in _read("ch31_realizability_packages.csv"):
        flagged = (int(r["realizable"]) < int(r["inertials"]) or int(r["degenerate"])
                   or int(r["oversized"]))
        if only_flagged and not flagged:
            continue
        rows.append([r["package"].removesuffix("_description"), r["files"], r["inertials"],
                     r["realizable"], r["mass_zero"], r["not_positive_definite"], r["triangle"],
                     r["degenerate"], r["tiny_mass"], r["oversized"]])
    return header, rows, "lrrrrrrrrr"


def failures_table(patterns=("",)):
    """The failing links of ``ch31_failing_links.csv`` whose pattern is in ``patterns``
    (default: no placeholder mark, i.e. the numbers look measured or computed)."""
    header = ["패키지", "링크", "질량 (kg)", "$I_1$", "$I_2$", "$I_3$", "조건", "$I_1/I_3$",
              "$(I_1+I_2-I_3)/I_3$"]
    rows = []
    for r in _read("ch31_failing_links.csv"):
        if r["pattern"] not in patterns or not r["condition"]:
            continue
        rows.append([r["package"].removesuffix("_description"), f"`{r['link']}`", r["mass"],
                     r["I1"], r["I2"], r["I3"], CONDITION_WORDS[r["condition"]], r["min_rel"],
                     r["triangle_rel"]])
    return header, rows, "llrrrrlrr"


#: The solids of ``ch31_primitives.csv`` in the words of the tables.
SHAPE_WORDS = {"box": "직육면체", "cylinder": "원기둥", "rod": "가는 원기둥", "sphere": "구",
               "ellipsoid": "타원체"}


def _korean_size(text):
    """``r 0.05 m, length 0.3 m`` -> ``반지름 0.05 m, 길이 0.3 m``; ``a x b`` -> ``a × b``."""
    return (text.replace("length", "길이").replace("r ", "반지름 ", 1)
            .replace(" x ", " × "))


def _korean_resolution(text):
    """``12 triangles`` / ``8 sections`` / ``subdivision 3`` in Korean."""
    number, _, word = text.partition(" ")
    if word == "triangles":
        return f"삼각형 {number}개"
    if word == "sections":
        return f"단면 {number}각형"
    return f"{word}회 세분"  # "subdivision k": k subdivisions of the icosahedron


def primitives_table():
    """``ch31_primitives.csv``: mesh against closed form, with the bound."""
    header = ["도형", "크기", "해상도", "면", "$I_{xx}$ 닫힌 형식", "$I_{xx}$ 메시", "상대 오차",
              "한계"]
    rows = [[SHAPE_WORDS[r["shape"]],
             ("반축 " if r["shape"] == "ellipsoid" else "") + _korean_size(r["size"]),
             _korean_resolution(r["resolution"]),
             r["faces"], r["Ixx_closed"], r["Ixx_mesh"],
             "반올림 수준" if r["rel_error"] == "roundoff" else r["rel_error"],
             "반올림 수준" if r["rel_error"] == "roundoff" else r["bound"]]
            for r in _read("ch31_primitives.csv")]
    return header, rows, "lllrrrrr"


def mesh_link_table():
    """``ch31_mesh_link.csv``: a link's mesh at uniform density against its URDF inertial."""
    header = ["로봇", "링크", "질량 (kg)", "밀도 (kg/m³)", "COM 차이 (mm)", "크기 (mm)",
              "$I_3$ URDF", "$I_3$ 메시", "관성 상대 차이"]
    rows = [[r["robot"].removesuffix("_description"), f"`{r['link']}`", r["mass"], r["density"],
             r["com_distance_mm"], r["size_mm"], r["I3_urdf"], r["I3_mesh"], r["inertia_rel"]]
            for r in _read("ch31_mesh_link.csv")]
    return header, rows, "llrrrrrrr"
