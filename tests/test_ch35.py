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
    """270 n - 256 against (11 n^2 + 23 n - 38) + (91 n - 100) + (n^3 - n)/6 + n (n - 1)
    (the structured RNEA's count from n = 3 on, chaindyn.structured)."""
    def route(n):
        return 11 * n * n + 23 * n - 38 + 91 * n - 100 + (n**3 - n) // 6 + n * (n - 1)

    want = next(n for n in range(2, 100) if 270 * n - 256 < route(n))
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
    assert crba_row["value"] == f"{11 * 36 + 23 * 6 - 38:,} / {11 * 64**2 + 23 * 64 - 38:,}"
    assert aba_row["value"] == f"{270 * 6 - 256:,} / {270 * 64 - 256:,}"
    assert crba_row["published"] == f"{10 * 36 + 22 * 6 - 32:,} / {10 * 64**2 + 22 * 64 - 32:,}"
    assert aba_row["published"] == f"{224 * 6 - 259:,} / {224 * 64 - 259:,}"
    assert all(r["holds"] for r in rows)
    assert "p. 204" in cross_row["published"] and "n ≤ 8" in cross_row["value"]


def test_formula_ranges_against_counts_at_small_n():
    """The structured formulas miss only n = 1 (a single link is first and last); the
    dense ones and the RNEA columns hold from n = 1.  Oracle: the counts at n = 1 and 2
    of the per-joint formulas in tests/library/test_crba_aba.py (0 and 52 for crba_structured,
    32 and 284 for aba_structured)."""
    fits = ch35.formula_ranges()
    assert fits["crba_s"] == {"from": 2, "exceptions": [(1, 0, -4)],
                              "checked": list(ch35.FORMULA_NS)}
    assert fits["aba_s"]["from"] == 2 and fits["aba_s"]["exceptions"] == [(1, 32, 14)]
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


def test_aba_structured_step_counts():
    """The per-joint breakdown in aba_structured's docstring, counted on its helpers
    (chaindyn_book.ch35.aba_step_counts): an articulated inertia with the revolute joint's
    zero row and column (15 entries) rotated 62, a full one translated 42, a wrench carried
    to the parent 22, a twist to the child 22; 270 per revolute joint in all."""
    assert ch35.aba_step_counts() == {"rotate": 62, "translate": 42, "wrench": 22, "twist": 22,
                                      "per_joint": 270}
