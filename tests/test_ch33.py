"""Chapter 3.3's computations (chaindyn_book.ch33), its reproduction table, and the data of
its two long runs (figsrc/study_33_closed_form.py, figsrc/bench_33_codegen.py).

The growth study's counts are checked against a fresh run of the study's own measurement
for small n and against chaindyn.opcount; the benchmark's file is checked for its
agreement flags and machine description only (timings are never test assertions)."""

from __future__ import annotations

import csv
import sys
from fractions import Fraction

import numpy as np
import pytest
from _book import ROOT
from _refs import reference

from chaindyn.engine import rnea_structured
from chaindyn.inverse_dynamics import rnea
from chaindyn.opcount import count
from chaindyn_book import ch33

reference("sympy")
sys.path.insert(0, str(ROOT / "figsrc"))


def _rows(name):
    with (ROOT / "data" / name).open(encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


@pytest.fixture(scope="module")
def rep():
    reference("pinocchio")
    return ch33.reproduction_table()


def test_reproduction_rows_hold(rep):
    assert all(r["holds"] for r in rep), [r["item"] for r in rep if not r["holds"]]
    kinds = {r["kind"] for r in rep}
    assert kinds == {"exact", "roundoff", "literature"}


def test_roundoff_rows_carry_only_bound_and_holds(rep):
    for r in (r for r in rep if r["kind"] == "roundoff"):
        assert r["value"] is None
        sign, bound = r["bound"].split()
        assert sign == "≤" and float(bound) <= 1e-10
        assert r["measured"] <= float(bound)


def test_hollerbach_formula_against_float_arithmetic():
    for n in range(1, 9):
        want = 32.5 * n**4 + (86 + 5 / 12) * n**3 + 171.25 * n**2 + (53 + 1 / 3) * n - 128
        assert float(ch33.hollerbach_formula(n)) == pytest.approx(want, rel=1e-14)
    assert isinstance(ch33.hollerbach_formula(6), Fraction)
    assert ch33.hollerbach_formula(6).denominator == 1


def test_secondary_table_against_its_own_formulas():
    """Three of the four n = 6 figures follow from the table's formulas; the Lagrangian's
    multiplications do not (the discrepancy the chapter reports)."""
    f6 = ch33.hollerbach_formulas(6)
    t = ch33.SECONDARY_TABLE
    assert all(v.denominator == 1 for v in f6.values())
    assert [k for k in t if int(f6[k]) != t[k]] == ["lagrangian_mults"]
    assert 25 * 6**4 + (66 + 1 / 3) * 6**3 + 129.5 * 36 + (42 + 1 / 3) * 6 - 96 == pytest.approx(
        float(f6["lagrangian_adds"]), rel=1e-14)


def test_energy_balance_closes():
    e = ch33.energy_balance()
    assert e["holds"] and e["K_ends"] == 0.0
    # rest to rest: the work is the change of potential energy (quadrature error only)
    assert abs(e["work"] - e["delta_E"]) <= 1e-4 * abs(e["delta_E"])


def test_skew_table_separates_the_factorizations():
    rows = ch33.skew_table(states=5)
    assert all(r["christoffel"] <= ch33.BOUNDS["skew"] for r in rows)
    assert all(r["newton_euler"] > 1e-3 for r in rows)


# ----------------------------------------------------------------------------- growth study


@pytest.mark.parametrize(("family", "n"), [("planar", 1), ("planar", 3), ("spatial", 2)])
def test_study_counts_are_reproduced_by_its_measurement(family, n):
    """The committed counts of small chains come out of the study's own code again (in a
    fresh interpreter with PYTHONHASHSEED=0, as the study runs)."""
    import json
    import os
    import subprocess

    code = ("import json, sys; sys.path.insert(0, 'figsrc'); import study_33_closed_form as s; "
            f"print(json.dumps(s.measure({family!r}, {n}, 'sympy')[0]))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         env=dict(os.environ, PYTHONHASHSEED="0"), check=False)
    assert out.returncode == 0, out.stderr[-2000:]
    row = json.loads(out.stdout)
    committed = next(r for r in _rows("study33_closed_form.csv")
                     if r["family"] == family and r["n"] == str(n) and r["engine"] == "sympy")
    assert {k: str(v) for k, v in row.items()} == committed


@pytest.mark.parametrize("family", ["planar", "spatial"])
def test_study_rnea_columns_are_opcount(family):
    import study_33_closed_form as study

    for r in (r for r in _rows("study33_closed_form.csv") if r["family"] == family):
        n = int(r["n"])
        if n > 4:
            continue
        _, _, chain = study.family(family, n)
        z = np.zeros(n)
        assert int(r["rnea_products"]) == count(rnea, chain, z, z, z) == 357 * n
        assert int(r["rnea_all"]) == count(rnea, chain, z, z, z, rule="all")
        assert int(r["rnea_structured_all"]) == count(rnea_structured, chain, z, z, z, rule="all")


def test_study_files_describe_the_run():
    rows = _rows("study33_closed_form.csv")
    assert {r["engine"] for r in rows} == {"sympy", "symengine"}
    timing = _rows("study33_timing.csv")
    assert [(r["family"], r["engine"], r["n"]) for r in timing] == [
        (r["family"], r["engine"], r["n"]) for r in rows]
    machine = {r["key"]: r["value"] for r in _rows("study33_machine.csv")}
    assert machine["shared_machine"].startswith("yes")
    assert int(machine["budget_s_per_family"]) > 0
    g = ch33.growth()
    for fam in ("planar", "spatial"):
        assert len(g[fam]["n"]) >= 3 and g[fam]["k_mults"] > 1.0


def test_codegen_benchmark_file():
    rows, machine = ch33.codegen_benchmark()
    assert {r["chain"] for r in rows} == {"2R", "6R"}
    assert {r["method"] for r in rows} == {"lambdify (cse)", "rnea", "rnea_structured"}
    assert all(r["agrees_with_rnea"] == "True" for r in rows)
    assert machine["shared_machine"].startswith("yes")


def test_symengine_count_does_not_wrap_at_2_to_the_32():
    """The study's count of symengine expressions against the closed form of a nested tree:
    e_{k+1} = (e_k + a_k)(e_k + b_k) has 3 (2^k - 1) operations as a tree, more than 2^32 for
    k = 31, where symengine's own 32-bit count wraps."""
    se = reference("symengine")
    import study_33_closed_form as study

    e = se.Symbol("x")
    for k in range(1, 32):
        e = (e + se.Symbol(f"a{k}")) * (e + se.Symbol(f"b{k}"))
        if k in (3, 30, 31):
            assert study.symengine_count_ops([e]) == 3 * (2**k - 1)
    assert se.count_ops(e) == 3 * (2**31 - 1) - 2**32
