"""The reproduction table of appendix C.2 holds the book to the values the seed reports."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from _refs import reference

from chaindyn_book import ch32

reference("pinocchio")  # the two library rows run chaindyn_book.crosscheck


@pytest.fixture(scope="module")
def rows():
    return ch32.reproduction_table()


def test_every_row_holds(rows):
    assert all(r["holds"] for r in rows), [r["item"] for r in rows if not r["holds"]]


def test_roundoff_rows_are_held_to_ten_times_the_reported_value(rows):
    """A bound looser than 10 x the seed's figure would not notice a slide back to it."""
    roundoff = [r for r in rows if r["kind"] == "roundoff"]
    assert len(roundoff) == 9
    for r in roundoff:
        sign, bound = r["bound"].split()
        assert sign == "≤"
        assert float(bound) <= ch32.REPORTED_FACTOR * float(r["seed"]) * (1 + 1e-12), r
        assert ch32.REPORTED_FACTOR <= 10
        assert r["value"] <= float(bound)


def test_trajectory_findings_state_what_holds_for_the_books_arm(rows):
    """The seed's two trajectory ratios come from another arm; the rows check the
    qualitative statements against the per-term maxima of the book's arm."""
    found = {r["seed"]: r for r in rows if r["kind"] == "finding"}
    assert set(found) == {"86 %", "2.1"}
    j2 = ch32.trajectory_findings()["table"][1]
    assert found["86 %"]["value"] == round(j2["gravity_max"] / j2["tau_max"], 4)
    assert found["86 %"]["holds"] == (j2["gravity_max"] > max(j2["velocity_max"],
                                                               j2["inertial_max"]))
    j1 = ch32.reaction_findings()["table"][0]
    assert found["2.1"]["value"] == round(j1["tipping_max"] / j1["drive_max"], 4)
    assert found["2.1"]["holds"] == (j1["tipping_max"] > j1["drive_max"])


def test_counts_are_exact(rows):
    exact = {r["seed"]: r["value"] for r in rows if r["kind"] == "exact"}
    assert exact == {"357": 357, "357n": 1071, "357n²": 3213, "22,848": 22848}


APPENDIX = Path(__file__).resolve().parents[1] / "book" / "appendix_reproduction.ipynb"


def _outputs(nb_path):
    """The text of every stored output of a notebook (streams and markdown displays)."""
    nb = json.loads(nb_path.read_text(encoding="utf-8"))
    out = []
    for cell in nb["cells"]:
        for o in cell.get("outputs", []):
            text = o.get("text") or o.get("data", {}).get("text/markdown", "")
            out.append("".join(text) if isinstance(text, list) else text)
    return "\n\n".join(out)


def test_appendix_c_holds_the_verdicts_of_every_comparison(rows):
    """Appendix C sets the tables of chapters 2.8, 3.2, 3.3 and 3.5 side by side with their
    verdicts; in the stored notebook the table of 3.2 has one line per row and no verdict
    says that a row fails."""
    text = _outputs(APPENDIX)
    for label in ("tab-c-28", "tab-c-33", "tab-c-35"):
        assert f":name: {label}" in text, label
    header = "| 항목 | 명세 원고의 값 | 이 책의 값 | 기준 | 성립 |"
    assert header in text
    table = text[text.index(header):].split("\n\n")[0].splitlines()
    assert len(table) == 2 + len(rows)
    assert all(line.rstrip().endswith("| 예 |") for line in table[2:]), table
    assert "**아니오**" not in text and "뒷받침하지 않음" not in text
