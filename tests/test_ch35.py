"""Chapter 3.5's computations (chaindyn_book.ch35) against independent oracles: the
40-digit reference against aba, the stretched planar chain's M against its closed form,
the potential energy's gradient against RNEA's gravity torque, the crossover against the
pinned count formulas, the computed-torque example's steady error against the static
estimate, and the cross-check and reproduction tables."""

import numpy as np
import pytest
from _refs import reference

from chaindyn import models
from chaindyn.articulated import aba
from chaindyn.composite import crba
from chaindyn.inverse_dynamics import rnea
from chaindyn_book import ch35


def test_reference_qdd_against_aba():
    rng = np.random.default_rng(3)
    chain = models.random_chain(4, rng, prismatic=[False, True, False, False])
    q, tau = rng.uniform(-np.pi, np.pi, 4), rng.uniform(-5, 5, 4)
    ref = ch35.reference_qdd(chain, q, tau, ch35.GRAVITY)
    z = np.zeros(4)
    assert np.abs(aba(chain, q, z, tau, ch35.GRAVITY) - ref).max() <= 1e-12 * np.abs(ref).max()


def test_errors_at_follow_the_definitions():
    rng = np.random.default_rng(4)
    chain = models.random_chain(3, rng)
    q, tau = rng.uniform(-np.pi, np.pi, 3), rng.uniform(-5, 5, 3)
    e = ch35.errors_at(chain, q, tau, ch35.GRAVITY)
    assert e["cond"] == pytest.approx(np.linalg.cond(crba(chain, q)))
    assert all(0 <= e[k] <= 1e-12 for k in e if k != "cond")


@pytest.mark.parametrize("n", [1, 2, 5])
def test_planar_chain_stretched_closed_form(n):
    """At q = 0 the first diagonal entry is the sum over rods of m L^2 / 12 + m ((k + 1/2) L)^2."""
    L, m = 0.7, 1.3
    M = crba(ch35.planar_chain(n, L, m), np.zeros(n))
    want = sum(m * L**2 / 12 + m * ((k + 0.5) * L) ** 2 for k in range(n))
    assert M[0, 0] == pytest.approx(want, rel=1e-12)
    assert M[-1, -1] == pytest.approx(m * L**2 / 12 + m * (L / 2) ** 2, rel=1e-12)


def test_scaled_chain_scales_mass_matrix_of_last_link():
    arm = models.arm6r()
    f = np.ones(6)
    f[-1] = 2.0
    q = np.linspace(-1, 1, 6)
    two = ch35.scaled_chain(arm, f)
    assert crba(two, q)[-1, -1] == pytest.approx(2 * crba(arm, q)[-1, -1], rel=1e-12)


def test_crossover_is_where_aba_stays_cheaper():
    """Each crossover: ABA needs fewer multiplications from there to n = 24, and not
    one n below it (unless it is the first n searched)."""
    for name, row in ch35.crossover().items():
        n = row["n"]
        assert row["aba"] < row["route"]
        first = 2 if name == "published" else 1
        assert (n == first) == (row["aba_below"] is None)
        if n > first:
            assert row["aba_below"] >= row["route_below"]


def test_crossover_against_the_count_formulas():
    """206 n - 311 against (10 n^2 + 11 n - 49) + (91 n - 100) + (n^3 - n)/6 + n (n - 1)
    (the structured counts from n = 3 on, chaindyn.engine; pinned in
    tests/library/test_crba_aba.py and test_structured.py)."""
    def route(n):
        return 10 * n * n + 11 * n - 49 + 91 * n - 100 + (n**3 - n) // 6 + n * (n - 1)

    want = next(n for n in range(3, 100)
                if all(206 * k - 311 < route(k) for k in range(n, ch35.CROSSOVER_NMAX + 1)))
    assert ch35.crossover()["structured"]["n"] == want


def test_computed_torque_exact_model_and_steady_error():
    exact = ch35.computed_torque(1.0)
    assert exact["max_error"] <= 1e-8
    off = ch35.computed_torque(1.10)
    nominal = models.arm6r()
    f = np.ones(6)
    f[-1] = 1.10
    z = np.zeros(6)
    q = models.ARM6R_GOAL
    dg = rnea(ch35.scaled_chain(nominal, f), q, z, z, ch35.GRAVITY) - rnea(nominal, q, z, z,
                                                                          ch35.GRAVITY)
    static = np.linalg.solve(ch35.KP * crba(nominal, q), dg)
    assert off["final_error"] == pytest.approx(np.abs(static).max(), rel=0.05)
    assert off["max_error"] > off["final_error"]  # the error peaks during the motion


def test_crosscheck_table_holds():
    reference("pinocchio")
    reference("mujoco")
    rows = ch35.crosscheck_table()
    assert len(rows) == 14
    assert all(r["holds"] for r in rows), [r["quantity"] for r in rows if not r["holds"]]
    assert all(r["value"] <= r["bound"] for r in rows)


def test_reproduction_table_rows():
    rows = ch35.reproduction_table()
    crba_row, aba_row, cross_row = rows
    assert crba_row["value"] == f"{10 * 36 + 11 * 6 - 49:,} / {10 * 64**2 + 11 * 64 - 49:,}"
    assert aba_row["value"] == f"{206 * 6 - 311:,} / {206 * 64 - 311:,}"
    assert crba_row["published"] == f"{10 * 36 + 22 * 6 - 32:,} / {10 * 64**2 + 22 * 64 - 32:,}"
    assert aba_row["published"] == f"{224 * 6 - 259:,} / {224 * 64 - 259:,}"
    assert all(r["holds"] for r in rows)
    assert "p. 204" in cross_row["published"] and "n ≤ 8" in cross_row["value"]


def test_formula_ranges_against_counts_at_small_n():
    """The structured CRBA and ABA formulas hold from n = 3, RNEA's from n = 2 (the ends
    of the chain are special: link 1 starts from rest, the last link's constants fold);
    the dense ones and the RNEA columns hold from n = 1.  Oracle: the counts at n = 1
    and 2 pinned in tests/library/test_crba_aba.py (0 and 16 for crba_structured, 16 and
    109 for aba_structured)."""
    fits = ch35.formula_ranges()
    assert fits["crba_s"] == {"from": 3, "exceptions": [(1, 0, -28), (2, 16, 13)],
                              "checked": list(ch35.FORMULA_NS)}
    assert fits["aba_s"]["from"] == 3
    assert fits["aba_s"]["exceptions"] == [(1, 16, -105), (2, 109, 101)]
    assert fits["rnea_s"]["from"] == 2 and fits["rnea_s"]["exceptions"][0][0] == 1
    for key in ("mass_matrix", "mass_matrix_pass", "crba", "aba"):
        assert fits[key]["from"] == 1 and fits[key]["exceptions"] == []
    assert max(fits["mass_matrix"]["checked"]) == 16


def test_rbda_totals_by_hand():
    """RBDA Table 10.1 at n = 8 and 18, added up by hand: RNEA 174 n - 208, CRBA
    16 n^2 + 59 n - 75, F&S n^3/3 + 5 n^2/2 - 11 n/6, ABA 429 n - 507."""
    t8 = ch35.rbda_totals(8)
    assert (t8["rnea"], t8["crba"], t8["fs"], t8["aba"]) == (1184, 1421, 316, 2925)
    assert t8["route"] == 2921
    t18 = ch35.rbda_totals(18)
    assert (t18["route"], t18["aba"]) == (11816, 7215)


def test_rbda_crossover_is_rbda_s_statement():
    """RBDA p. 204: the O(n^3) algorithm is slightly faster than ABA for n <= 8 and about
    1.6 times its cost at n = 18 (n = 1 left out: 224 n - 259 is negative there)."""
    rb = ch35.rbda_crossover()
    assert rb["last_route_cheaper"] == 8 and rb["aba_from"] == 9
    assert rb["route_cheaper"] == list(range(2, 9))
    assert rb["ratio"] == pytest.approx(11816 / 7215)


def test_structured_step_counts():
    """The steps of the structured CRBA and ABA for a revolute joint in the middle of a
    general chain (chaindyn_book.ch35.step_counts), against the hand count of the
    helpers of chaindyn.engine.sweeps: a wrench to the parent or a twist to the child
    20 (slide 2, two rotations 8 + 8, offset 2); a CRBA column's first step 18 (its
    force has no z: 2 fewer in the rotation about x); a composite 32 (slide 3, double
    angle 2, rotations about z and x 4 + 8 each, offset 3); an articulated inertia
    whose row and column along z vanish 64: slid along z 9, moved along x 11 (6 for
    [r] C, 5 entries of A'), rotated 44 (double angle 2; about z: A 4, B 8, C 8; about
    x: A 4, B 10, C 8); a symmetric matrix rotated in one plane 8 by the double angle,
    12 as a general one; RNEA's forward recursion 71 per link (the 91 of appendix B
    less the backward recursion's 20); 206 per revolute joint in all.  With a general
    offset p (3 components instead of 1): 4 more in a wrench or twist step (p x f and
    w x p: 6 instead of 2), 6 more for a composite (r h^T + h r^T and m r r^T in
    full), 22 more for an inertia (3 planes of [r] instead of 1)."""
    assert ch35.step_counts() == {
        "inertia": 64, "slide": 9, "offset": 11, "rotate": 2 + 20 + 22, "wrench": 20,
        "column_first": 18, "twist": 20, "composite": 32, "sym_rotation": 8,
        "general_rotation": 12, "pass1": 91 - 20, "per_joint": 206}
    general = ch35.step_counts(general_offset=True)
    assert {k: general[k] for k in ("wrench", "twist", "composite", "inertia", "offset")} == {
        "wrench": 24, "twist": 24, "composite": 38, "inertia": 86, "offset": 33}


def test_structured_aba_as_accurate_as_the_dense_one_on_the_mass_ratio_chain():
    """The joint frames keep each link's inertia about a near origin
    (chaindyn.structured.FAR_FEET): on the mass-ratio study's random 6-link chain with
    equal masses (cond(M) about 120) the structured ABA's forward error against the
    40-digit reference stays within 10 eps, as the dense ABA's does (an origin 9 chain
    lengths from its link gave 147 eps)."""
    (row,) = ch35.mass_ratio_study(ratios=(1.0,))
    assert row["cond"] < 1e3
    assert row["fwd_aba"] <= 10 * ch35.EPS
    assert row["fwd_aba_s"] <= 10 * ch35.EPS
