"""Chapter 3.4's computations (chaindyn_book.ch34) against independent oracles.

Oracles: CRBA for M built from the regressor's columns; the hand-derived M of the planar
2R arm (independent of q1); rank deficits known from the construction of the degenerate
parameters; the closed-form maximum of a function for the search; the energy balance of a
simulation; the regressor's structural zero blocks n (n - 1) / 2."""

from __future__ import annotations

import numpy as np
import pytest
from _refs import reference

from chaindyn import models
from chaindyn.composite import crba
from chaindyn.regressors import inertial_parameters
from chaindyn_book import ch34


def test_mass_matrix_from_parameters_is_crba():
    arm = models.arm6r()
    q = np.random.default_rng(1).uniform(-np.pi, np.pi, 6)
    M = ch34.mass_matrix_from_parameters(arm, q, inertial_parameters(arm))
    assert np.abs(M - crba(arm, q)).max() <= 1e-12 * np.abs(M).max()


def test_planar_2r_mass_matrix_closed_form_and_q1():
    m1, m2, L1, L2 = 1.3, 0.7, 0.9, 0.6
    i1, i2 = 0.01, 0.02  # moments about the COMs, about z
    arm = models.planar_2r(masses=(m1, m2), lengths=(L1, L2), izz=(i1, i2))
    for q in ([0.3, 1.1], [2.0, 1.1], [-1.0, -0.4]):
        c2 = np.cos(q[1])
        M = np.array([[m1 * L1**2 + m2 * (L1**2 + 2 * L1 * L2 * c2 + L2**2) + i1 + i2,
                       m2 * (L1 * L2 * c2 + L2**2) + i2],
                      [m2 * (L1 * L2 * c2 + L2**2) + i2, m2 * L2**2 + i2]])
        assert np.allclose(ch34.mass_eigenvalues(arm, q), np.linalg.eigvalsh(M), atol=1e-12)
        shifted = ch34.mass_eigenvalues(arm, [q[0] + 1.7, q[1]])  # q1 does not matter
        assert np.allclose(shifted, np.linalg.eigvalsh(M), atol=1e-12)


def test_joint_sensitivity_q1_and_symmetric_last_link():
    s = ch34.joint_sensitivity(models.arm6r(), crba, samples=20)
    assert s[0] <= 1e-12          # M never depends on q1
    assert s[1] > 0.1             # the shoulder does


@pytest.mark.parametrize("case, rank", [("point-mass", 5), ("massless", 4)])
def test_degenerate_parameters_rank(case, rank):
    arm = models.arm6r()
    q = np.random.default_rng(2).uniform(-np.pi, np.pi, 6)
    pi = ch34.degenerate_parameters(arm, case)
    lam = np.linalg.eigvalsh(ch34.mass_matrix_from_parameters(arm, q, pi))
    assert int(np.sum(lam > 1e-9 * lam[-1])) == rank
    assert lam[0] >= -1e-12 * lam[-1]  # still positive semidefinite


def test_degenerate_parameters_rejects_unknown_case():
    with pytest.raises(ValueError, match="case must be 'point-mass' or 'massless', got 'rod'"):
        ch34.degenerate_parameters(models.arm6r(), "rod")


def test_robot_rejects_unknown_name():
    with pytest.raises(ValueError, match="name must be '6R 팔' or one of UR5, Panda, got 'KUKA'"):
        ch34.robot("KUKA")


def test_search_extreme_finds_known_maximum():
    # max of cos(x - 0.4) + cos(2 (y + 1)) / 2 is 1.5 at (0.4, -1)
    def f(X):
        return np.cos(X[:, 0] - 0.4) + 0.5 * np.cos(2 * (X[:, 1] + 1.0))
    r = ch34.search_extreme(f, [-np.pi, -np.pi], [np.pi, np.pi], samples=50, starts=3)
    assert r["optimised"] >= r["sampled"]
    assert abs(r["optimised"] - 1.5) < 1e-9
    lo = ch34.search_extreme(f, [-np.pi, -np.pi], [np.pi, np.pi], samples=50, starts=3, sign=-1)
    assert abs(lo["optimised"] + 1.5) < 1e-9


def test_coriolis_gain_is_homogeneous_and_bounds_c_qd():
    arm = models.arm6r()
    rng = np.random.default_rng(3)
    q, qd = rng.uniform(-np.pi, np.pi, 6), rng.uniform(-2, 2, 6)
    from chaindyn.lagrange import coriolis_matrix
    C = coriolis_matrix(arm, q, qd)
    gain = ch34.coriolis_gain(arm, q, qd)
    assert np.isclose(np.linalg.norm(C, 2), gain * np.linalg.norm(qd), rtol=1e-12)
    assert np.isclose(ch34.coriolis_gain(arm, q, 5 * qd), gain, rtol=1e-12)


def test_skew_check_and_regressor_checks():
    arm = models.arm6r()
    sk = ch34.skew_check(arm, states=5)
    assert sk["power"] <= ch34.BOUNDS["skew"] and sk["skew_christoffel"] <= ch34.BOUNDS["skew"]
    assert sk["skew_ne"] > 1.0
    assert ch34.regressor_check(arm, states=5) <= ch34.BOUNDS["regressor"]
    assert ch34.power_check(arm, states=3) <= ch34.BOUNDS["power"]
    assert ch34.lagrange_check(arm, states=1) <= ch34.BOUNDS["lagrange"]


@pytest.mark.parametrize("n", [1, 3, 6])
def test_zero_blocks_are_the_structural_ones(n):
    chain = models.random_chain(n, np.random.default_rng(n))
    zb = ch34.zero_blocks(chain)
    assert zb["structural"] == n * (n - 1) // 2 == zb["zero"]
    assert zb["total"] == n * n


def test_total_energy_is_kinetic_plus_potential():
    from chaindyn.quantities import kinetic_energy
    arm = models.planar_2r()
    q, qd = np.array([0.3, -0.5]), np.array([1.0, 2.0])
    # planar_2r in the x-y plane, gravity along -z does no work: U is constant
    U = ch34.potential_energy(arm, q)
    assert np.isclose(U, ch34.potential_energy(arm, q + 1.0), atol=1e-12)
    assert np.isclose(ch34.total_energy(arm, q, qd), kinetic_energy(arm, q, qd) + U, rtol=1e-12)


def test_passivity_run_energy_balance():
    arm = models.arm6r()
    amp = np.array([2.0, 5.0, 2.0, 0.5, 0.2, 0.1])
    run = ch34.passivity_run(arm, lambda t, q, qd: amp * np.sin(3 * t), 0.2,
                             np.array([0.0, -0.6, 0.9, 0.0, 0.4, 0.0]), np.zeros(6),
                             samples=11)
    assert run["balance"] <= ch34.BOUNDS["passivity"]
    assert run["W"][0] == 0.0


def test_a_damping_torque_only_takes_energy_out():
    """τ = -D q̇ does the work -∫ q̇ᵀ D q̇ dt <= 0, which equals the energy change."""
    arm = models.arm6r()
    D = np.diag([2.0, 2.0, 1.0, 0.2, 0.2, 0.1])
    run = ch34.passivity_run(arm, lambda t, q, qd: -D @ qd, 0.3,
                             np.array([0.0, -0.6, 0.9, 0.0, 0.4, 0.0]), np.zeros(6),
                             samples=11)
    assert run["balance"] <= ch34.BOUNDS["passivity"]
    assert np.all(np.diff(run["W"]) <= 1e-12 * np.abs(run["W"]).max()) and run["W"][-1] < 0.0


def test_pinocchio_check():
    reference("pinocchio")
    r = ch34.pinocchio_check(states=2)
    assert max(r["Y"], r["params"]) <= ch34.BOUNDS["pinocchio"]


def test_committed_bounds_consistent():
    rows = ch34.read_csv("ch34_bounds.csv")
    assert {r["robot"] for r in rows} == {"6R 팔", "UR5", "Panda"}
    for r in rows:
        s, o = float(r["sampled"]), float(r["optimised"])
        assert (o <= s) if r["quantity"] == "lambda_min" else (o >= s)
    # a sampled lambda_min of the 6R arm at a fresh random configuration is above the bound
    arm = models.arm6r()
    lam_min = float(next(r["optimised"] for r in rows
                         if r["robot"] == "6R 팔" and r["quantity"] == "lambda_min"))
    q = np.random.default_rng(5).uniform(-np.pi, np.pi, (200, 6))
    assert ch34.mass_eigenvalues(arm, q)[:, 0].min() >= lam_min * (1 - 1e-3)


def test_committed_regressor_cost_table_matches_the_counts():
    """ch34_regressor_cost.csv (figsrc/tab_34_regressor_cost.py) holds the counts that
    tests/library/test_regressor.py derives from the code: 210 n^2 + 417 n products and
    210 n^2 + 480 n multiplications of all kinds per regressor call, 357 n products per RNEA."""
    rows = ch34.read_csv("ch34_regressor_cost.csv")
    assert [int(r["n"]) for r in rows] == list(range(1, 13))
    for r in rows:
        n = int(r["n"])
        assert int(r["products"]) == 210 * n * n + 417 * n
        assert int(r["all"]) == 210 * n * n + 480 * n
        assert int(r["rnea_products"]) == 357 * n
