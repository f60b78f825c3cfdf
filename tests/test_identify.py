"""chaindyn.identify: observation matrices, base parameters, estimates, trajectories.

Oracles: chaindyn.rnea for the stacked torques, the hand-derived base sets of the planar 2R
arm and of a prismatic-revolute chain, an SVD rank for the 6R arm, closed-form least squares
(normal equations, numpy.linalg.lstsq) and a Monte Carlo covariance, the true parameters of
noise-free data, finite differences for the Fourier derivatives and closed-form sinusoids for
the filtered differences.
"""

from __future__ import annotations

import numpy as np
import pytest

from chaindyn import Chain, inertial_parameters, models, regressor, rnea
from chaindyn.identify import (
    base_parameters,
    friction_regressor,
    least_squares,
    observation_matrix,
    random_observations,
    stack,
)
from chaindyn.regressor import parameter_names
from chaindyn.spatial import spatial_inertia

G_PLANE = (0.0, -9.81, 0.0)  # gravity in the plane of the 2R arm


def _states(n, N, rng):
    return rng.uniform(-np.pi, np.pi, (N, n)), rng.standard_normal((N, n)), \
        rng.standard_normal((N, n))


# --- friction, observation matrix, stack ------------------------------------------------

def test_friction_regressor_gives_viscous_plus_coulomb():
    rng = np.random.default_rng(0)
    qd = rng.standard_normal((7, 3))
    fv, fc = rng.uniform(0.1, 1, 3), rng.uniform(0.1, 1, 3)
    params = np.column_stack([fv, fc]).reshape(-1)  # F_v1, F_c1, F_v2, ...
    expected = fv * qd + fc * np.sign(qd)
    assert np.allclose(friction_regressor(qd) @ params, expected, rtol=0, atol=1e-15)
    assert friction_regressor(qd[0]).shape == (3, 6)


def test_observation_matrix_is_rnea_stacked_sample_major():
    rng = np.random.default_rng(1)
    chain = models.random_chain(3, rng)
    q, qd, qdd = _states(3, 5, rng)
    W = observation_matrix(chain, q, qd, qdd, friction=False)
    tau = rnea(chain, q, qd, qdd)
    assert W.shape == (15, 30)
    assert np.allclose(W @ inertial_parameters(chain), tau.reshape(-1), rtol=0, atol=1e-11)
    # row k n + j is joint j at sample k
    assert np.array_equal(W[2 * 3 + 1], regressor(chain, q[2], qd[2], qdd[2])[1])
    Wf = observation_matrix(chain, q, qd, qdd)
    assert Wf.shape == (15, 36)
    assert np.array_equal(Wf[:, :30], W)
    assert np.array_equal(Wf[:, 30:], friction_regressor(qd).reshape(15, 6))


def test_stack_round_trip():
    rng = np.random.default_rng(2)
    chain = models.random_chain(2, rng)
    q, qd, qdd = _states(2, 4, rng)
    Y = regressor(chain, q, qd, qdd)
    tau = rnea(chain, q, qd, qdd)
    W, y = stack(Y, tau)
    assert np.array_equal(W, observation_matrix(chain, q, qd, qdd, friction=False))
    assert np.allclose(W @ inertial_parameters(chain), y, rtol=0, atol=1e-11)


# --- base parameters --------------------------------------------------------------------

def test_base_parameters_reproduce_the_torques_for_any_parameters():
    rng = np.random.default_rng(3)
    chain = models.random_chain(4, rng)
    W = random_observations(chain, 60, rng, friction=True)
    base = base_parameters(W)
    pi = rng.standard_normal(W.shape[1])  # any parameters, physical or not
    beta = base.project(pi)
    assert np.allclose(W @ pi, base.base_columns(W) @ beta, rtol=0,
                       atol=1e-10 * np.abs(W).max() * np.abs(pi).max())
    assert np.array_equal(base.E[:, base.independent], np.eye(base.rank))
    assert np.all(np.diff(base.independent) > 0) and np.all(np.diff(base.dependent) > 0)
    assert sorted([*base.independent, *base.dependent]) == list(range(W.shape[1]))
    assert base.rank == np.linalg.matrix_rank(W)  # the SVD's rank, an independent count


def _planar_2r_hand_base(L1):
    """The base parameters of the planar 2R arm with gravity in its plane, by hand: link 2's
    mass sits at joint 2, L1 along x_1, so it adds m2 L1 to hx1 and m2 L1^2 to Izz1; m1 and
    the out-of-plane parameters do nothing.  Rows: hx1 + L1 m2, hy1, Izz1 + L1^2 m2, hx2,
    hy2, Izz2."""
    names = parameter_names(models.planar_2r())
    col = {name: i for i, name in enumerate(names)}
    rows = [{"hx1": 1, "m2": L1}, {"hy1": 1}, {"Izz1": 1, "m2": L1**2},
            {"hx2": 1}, {"hy2": 1}, {"Izz2": 1}]
    E = np.zeros((6, 20))
    for i, row in enumerate(rows):
        for name, c in row.items():
            E[i, col[name]] = c
    return E


def test_planar_2r_base_set_is_the_hand_derived_one():
    L1 = 0.25
    arm = models.planar_2r(lengths=(L1, 0.5))
    W = random_observations(arm, 40, np.random.default_rng(4), gravity=G_PLANE)
    base = base_parameters(W)
    assert base.rank == 6
    hand = _planar_2r_hand_base(L1)
    # the same row space: E = T E_hand for an invertible T
    T = np.linalg.lstsq(hand.T, base.E.T, rcond=None)[0].T
    assert np.allclose(T @ hand, base.E, rtol=0, atol=1e-12)
    assert abs(np.linalg.det(T)) > 1e-3
    names = parameter_names(arm)
    assert [names[i] for i in base.unidentifiable] == [
        "m1", "hz1", "Ixx1", "Ixy1", "Ixz1", "Iyy1", "Iyz1",
        "hz2", "Ixx2", "Ixy2", "Ixz2", "Iyy2", "Iyz2"]
    # with this W the pivoting keeps the hand choice of columns: the expressions read it
    assert base.expressions(names) == ["hx1 + 0.25 m2", "hy1", "Izz1 + 0.0625 m2",
                                       "hx2", "hy2", "Izz2"]


def test_planar_2r_without_gravity_loses_the_first_moments_of_link_1():
    arm = models.planar_2r(lengths=(0.25, 0.5))
    W = random_observations(arm, 40, np.random.default_rng(5), gravity=(0, 0, 0))
    assert base_parameters(W).rank == 4  # Izz1 + L1^2 m2 + ..., hx2, hy2, Izz2


@pytest.mark.parametrize("samples", [15, 40, 200, 1000])
def test_rank_is_invariant_to_the_sample_count_beyond_a_threshold(samples):
    """Beyond about r / n samples the rank stops growing, and the base set spans the same
    row space (the pivot choice may differ)."""
    chain = models.random_chain(3, np.random.default_rng(6))
    reference = base_parameters(random_observations(chain, 100, np.random.default_rng(7)))
    base = base_parameters(random_observations(chain, samples, np.random.default_rng(samples)))
    assert base.rank == reference.rank
    assert np.linalg.matrix_rank(np.vstack([base.E, reference.E]), tol=1e-8) == base.rank
    few = base_parameters(random_observations(chain, 2, np.random.default_rng(samples)))
    assert few.rank == 6 < reference.rank  # below the threshold: two samples, six rows


def test_prismatic_revolute_chain_base_set():
    """Joint 1 slides along the vertical z_0, joint 2 turns about it: joint 1 carries
    (m1 + m2)(qdd1 + g), joint 2 carries Izz2 qdd2 and nothing else (gravity is along the
    axis, and the horizontal motion of link 2's centre of mass does not load the slide)."""
    inertia = np.diag([0.02, 0.03, 0.04])
    chain = Chain(np.stack([np.eye(4)] * 2),
                  [[0, 0, 0, 0, 0, 1], [0, 0, 1, 0, 0, 0]],
                  [spatial_inertia(2.0, (0.1, 0.2, 0.3), inertia),
                   spatial_inertia(1.5, (0.3, -0.1, 0.2), inertia)])
    W = random_observations(chain, 30, np.random.default_rng(8))
    base = base_parameters(W)
    names = parameter_names(chain)
    assert base.rank == 2
    assert base.expressions(names) == ["m1 + m2", "Izz2"]
    beta = base.project(inertial_parameters(chain))
    assert np.allclose(beta, [3.5, 0.04 + 1.5 * (0.3**2 + 0.1**2)], rtol=1e-12)


def test_arm6r_base_set_size():
    arm = models.arm6r()
    W = random_observations(arm, 200, np.random.default_rng(9))
    base = base_parameters(W)
    assert base.rank == np.linalg.matrix_rank(W) == 36
    Wf = random_observations(arm, 200, np.random.default_rng(9), friction=True)
    assert base_parameters(Wf).rank == 48  # 36 + 2 friction parameters per joint
    pi = inertial_parameters(arm)
    assert np.allclose(W @ pi, base.base_columns(W) @ base.project(pi), rtol=0, atol=1e-10)


# --- least squares ----------------------------------------------------------------------

def test_least_squares_recovers_base_parameters_from_noise_free_data():
    arm = models.arm6r()
    rng = np.random.default_rng(10)
    q, qd, qdd = _states(6, 100, rng)
    W = observation_matrix(arm, q, qd, qdd, friction=False)
    y = rnea(arm, q, qd, qdd).reshape(-1)
    base = base_parameters(W)
    est = least_squares(base.base_columns(W), y)
    beta = base.project(inertial_parameters(arm))
    assert np.allclose(est.theta, beta, rtol=1e-8, atol=1e-10)
    assert est.rank == base.rank
    assert est.residual_std < 1e-10


def test_least_squares_statistics_match_closed_forms():
    rng = np.random.default_rng(11)
    W = rng.standard_normal((40, 3))
    y = W @ [1.0, -2.0, 0.5] + 0.1 * rng.standard_normal(40)
    est = least_squares(W, y)
    theta = np.linalg.solve(W.T @ W, W.T @ y)
    s2 = np.sum((y - W @ theta) ** 2) / 37
    assert np.allclose(est.theta, theta, rtol=1e-12)
    assert np.allclose(est.covariance, s2 * np.linalg.inv(W.T @ W), rtol=1e-10)
    assert np.allclose(est.std, np.sqrt(np.diag(est.covariance)), rtol=1e-14)
    assert np.allclose(est.relative_std, 100 * est.std / np.abs(theta), rtol=1e-14)
    assert est.condition == pytest.approx(np.linalg.cond(W), rel=1e-12)
    d = rng.uniform(0.5, 2.0, 40)
    wls = least_squares(W, y, weights=d)
    assert np.allclose(wls.theta, np.linalg.lstsq(W * d[:, None], y * d, rcond=None)[0],
                       rtol=1e-12)
    assert wls.condition == pytest.approx(np.linalg.cond(W * d[:, None]), rel=1e-12)


def test_least_squares_covariance_matches_monte_carlo():
    """Over 2000 noise draws the spread of θ̂ is σ² (WᵀW)⁻¹ (within 10%, about 3 times the
    sampling error of a variance from 2000 draws), and the formula's σ̂² averages to σ²."""
    rng = np.random.default_rng(12)
    W = rng.standard_normal((30, 2))
    sigma = 0.3
    draws = [least_squares(W, W @ [1.0, 2.0] + sigma * rng.standard_normal(30))
             for _ in range(2000)]
    thetas = np.array([e.theta for e in draws])
    expected = sigma**2 * np.linalg.inv(W.T @ W)
    assert np.allclose(np.cov(thetas.T), expected, rtol=0.1, atol=0.1 * expected.max())
    assert np.mean([e.residual_std**2 for e in draws]) == pytest.approx(sigma**2, rel=0.05)


# --- hostile input ----------------------------------------------------------------------

def test_rank_deficient_W_is_refused_with_the_way_out():
    arm = models.planar_2r()
    W = random_observations(arm, 30, np.random.default_rng(13), gravity=G_PLANE)
    y = np.zeros(W.shape[0])
    with pytest.raises(ValueError, match=r"W has rank 6 < p = 20 columns: .*"
                                         r"base_parameters\(W\)\.base_columns\(W\)"):
        least_squares(W, y)


def test_more_columns_than_rows_is_refused():
    with pytest.raises(ValueError, match=r"W has 4 rows and 5 columns: least squares with a "
                                         r"residual variance needs more rows than columns"):
        least_squares(np.ones((4, 5)), np.ones(4))
    base = base_parameters(np.random.default_rng(0).standard_normal((4, 5)))
    assert base.rank == 4  # the base set of too few rows is limited by the rows


def test_nan_in_the_logs_names_sample_and_joint():
    Y, tau = np.ones((5, 2, 3)), np.zeros((5, 2))
    tau[3, 1] = np.nan
    with pytest.raises(ValueError, match=r"tau is not finite at sample 3, joint 2: nan"):
        stack(Y, tau)
    Y[1, 0, 2] = np.inf
    with pytest.raises(ValueError, match=r"tau is not finite"):
        stack(Y, tau)
    with pytest.raises(ValueError, match=r"Y is not finite at sample 1, joint 1: inf"):
        stack(Y, np.zeros((5, 2)))
    arm = models.planar_2r()
    q = np.zeros((4, 2))
    q[2, 0] = np.nan
    with pytest.raises(ValueError, match=r"q must be finite, got nan at index \(2, 0\)"):
        observation_matrix(arm, q, np.zeros((4, 2)), np.zeros((4, 2)))
    with pytest.raises(ValueError, match=r"y must be finite, got nan at index \(1,\)"):
        least_squares(np.eye(3, 2), [0.0, np.nan, 0.0])


def test_mismatched_lengths_and_wrong_shapes():
    with pytest.raises(ValueError, match=r"Y has 5 samples of 2 joints but tau has 4 samples "
                                         r"of 2 joints"):
        stack(np.ones((5, 2, 3)), np.zeros((4, 2)))
    with pytest.raises(ValueError, match=r"Y must have shape \(N, n, p\), got \(10, 3\)"):
        stack(np.ones((10, 3)), np.zeros((5, 2)))
    with pytest.raises(ValueError, match=r"tau must have shape \(N, n\), got \(10,\)"):
        stack(np.ones((5, 2, 3)), np.zeros(10))
    arm = models.planar_2r()
    with pytest.raises(ValueError, match=r"the joint logs must have the same number of "
                                         r"samples, got \{'q': 4, 'qd': 4, 'qdd': 3\}"):
        observation_matrix(arm, np.zeros((4, 2)), np.zeros((4, 2)), np.zeros((3, 2)))
    with pytest.raises(ValueError, match=r"q must have shape \(N, 2\), got \(2,\)"):
        observation_matrix(arm, np.zeros(2), np.zeros(2), np.zeros(2))
    with pytest.raises(ValueError, match=r"y has 3 entries but W has 4 rows"):
        least_squares(np.eye(4, 2), np.zeros(3))
    with pytest.raises(ValueError, match=r"W must have shape \(N, N\), got \(4,\)"):
        base_parameters(np.zeros(4))
    with pytest.raises(ValueError, match=r"weights must be > 0, got 0.0 at row 2"):
        least_squares(np.eye(4, 2), np.zeros(4), weights=[1, 1, 0, 1])
    base = base_parameters(np.eye(4, 3))
    with pytest.raises(ValueError, match=r"pi must have shape \(\.\.\., 3\), got \(4,\)"):
        base.project(np.zeros(4))
    with pytest.raises(ValueError, match=r"W must have 3 columns, got \(4, 2\)"):
        base.base_columns(np.zeros((4, 2)))
    with pytest.raises(ValueError, match=r"names must have 3 entries, got 2"):
        base.expressions(["a", "b"])
    with pytest.raises(ValueError, match=r"tol must be a finite number >= 0, got -1"):
        base_parameters(np.eye(4, 3), tol=-1)
    with pytest.raises(ValueError, match=r"samples must be a positive integer, got 0"):
        random_observations(arm, 0, np.random.default_rng(0))
