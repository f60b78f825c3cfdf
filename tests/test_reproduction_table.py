"""The reproduction table of §3.2.11.4 holds the book to the values the seed reports."""

from __future__ import annotations

import pytest

from chaindyn_book import ch32

pytest.importorskip("pinocchio")  # the two library rows run chaindyn_book.crosscheck


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
