"""chaindyn.identify: observation matrices, base parameters, estimates, trajectories.

Oracles: chaindyn.rnea for the stacked torques, the hand-derived base sets of the planar 2R
arm and of a prismatic-revolute chain, an SVD rank for the 6R arm, closed-form least squares
(normal equations, numpy.linalg.lstsq) and a Monte Carlo covariance, the true parameters of
noise-free data, finite differences for the Fourier derivatives and closed-form sinusoids for
the filtered differences.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from chaindyn import Chain, inertial_parameters, models, regressor, rnea
from chaindyn.body import pseudo_inertia
from chaindyn.identify import (
    base_parameters,
    consistent_estimate,
    differentiate,
    fourier_trajectory,
    friction_regressor,
    least_squares,
    lowpass,
    observation_matrix,
    pseudo_inertias,
    random_observations,
    stack,
    weighted_least_squares,
)
from chaindyn.regressors import parameter_names
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


# --- weighted least squares ---------------------------------------------------------------

def test_weighted_least_squares_finds_the_joint_noise_and_weights_by_it():
    rng = np.random.default_rng(14)
    W = rng.standard_normal((3000, 3))  # 1000 samples of 3 joints
    sigma = np.array([0.1, 0.3, 1.0])
    noise = rng.standard_normal((1000, 3)) * sigma
    y = W @ [1.0, -1.0, 2.0] + noise.reshape(-1)
    est = weighted_least_squares(W, y, 3)
    # 1000 rows: sampling error ~2%; the OLS error leaks ~1e-3 of joint 3's variance into joint 1
    assert np.allclose(est.joint_sigma, sigma, rtol=0.06)
    same = least_squares(W, y, weights=np.tile(1 / est.joint_sigma, 1000))
    assert np.array_equal(est.theta, same.theta)
    assert est.residual_std == pytest.approx(1.0, rel=0.1)
    ols = least_squares(W, y)
    assert np.all(est.std < ols.std)  # the noisy joint no longer dominates


def test_weighted_least_squares_refuses_bad_inputs():
    W = np.random.default_rng(15).standard_normal((12, 2))
    with pytest.raises(ValueError, match=r"n_joints must be a positive integer dividing the "
                                         r"12 rows of W, got 5"):
        weighted_least_squares(W, np.zeros(12), 5)
    with pytest.raises(ValueError, match=r"joint 1's residual is zero"):
        weighted_least_squares(W, W @ [1.0, 2.0] * 0, 2)


# --- consistent estimate: small SDPs, about 1.5 s together with the import of cvxpy ----------

def test_pseudo_inertias_are_the_body_modules():
    chain = models.random_chain(3, np.random.default_rng(16))
    expected = [pseudo_inertia(G) for G in chain.inertias]
    assert np.allclose(pseudo_inertias(inertial_parameters(chain)), expected, rtol=0,
                       atol=1e-14)


def _noise_free(arm, samples, rng, gravity, friction):
    q, qd, qdd = _states(arm.n, samples, rng)
    W = observation_matrix(arm, q, qd, qdd, gravity, friction)
    tau = rnea(arm, q, qd, qdd, gravity=gravity)
    theta = inertial_parameters(arm)
    if friction:
        f = rng.uniform(0.1, 1.0, 2 * arm.n)
        tau = tau + friction_regressor(qd) @ f
        theta = np.concatenate([theta, f])
    return W, tau.reshape(-1), theta


@pytest.mark.parametrize("arm, gravity, friction", [
    (models.planar_2r(), G_PLANE, False),
    (models.arm6r(), (0.0, 0.0, -9.81), True),
])
def test_consistent_estimate_recovers_noise_free_base_parameters(arm, gravity, friction):
    """W sees only the base parameters; a prior 20 % off, with a small weight, fixes the
    other directions and moves the base parameters by less than 1e-6 of the largest."""
    W, y, theta = _noise_free(arm, 60, np.random.default_rng(17), gravity, friction)
    prior = 1.2 * inertial_parameters(arm)
    est = consistent_estimate(W, y, arm.n, friction=friction, prior=prior, weight=1e-8)
    base = base_parameters(W)
    beta = base.project(theta)
    assert est.status == "optimal"
    assert np.abs(base.project(est.theta) - beta).max() < 1e-6 * np.abs(beta).max()
    assert est.min_eigenvalues.min() > -1e-8  # J ⪰ 0 to the solver's tolerance
    assert np.allclose(est.min_eigenvalues,
                       np.linalg.eigvalsh(pseudo_inertias(est.pi))[:, 0], rtol=0, atol=1e-15)
    if friction:
        assert np.all(est.friction >= 0)


def test_consistent_estimate_is_physical_where_least_squares_is_not():
    """A light second link (10 g) and 8 noisy samples: least squares gives Izz2 < 0 (about
    joint 2's axis, no body has that), so the consistent estimate fits worse, and is physical."""
    arm = models.planar_2r(masses=(1.0, 0.01), lengths=(0.5, 0.05), izz=(1e-2, 1e-6))
    rng = np.random.default_rng(0)
    q, qd, qdd = rng.standard_normal((3, 8, 2))
    W = observation_matrix(arm, q, qd, qdd, gravity=G_PLANE, friction=False)
    y = rnea(arm, q, qd, qdd, gravity=G_PLANE).reshape(-1) + 0.02 * rng.standard_normal(16)
    base = base_parameters(W)
    assert base.expressions(parameter_names(arm))[5] == "Izz2"
    ols = least_squares(base.base_columns(W), y)
    assert ols.theta[5] < 0  # the data's best fit is not a body
    ols_residual = np.linalg.norm(y - base.base_columns(W) @ ols.theta)
    prior = inertial_parameters(arm)
    est = consistent_estimate(W, y, 2, friction=False, prior=prior, weight=1e-8)
    assert est.min_eigenvalues.min() > -1e-8
    assert est.residual_norm > ols_residual * (1 + 1e-4)
    penalty = 1e-8 * np.sum((est.pi - prior) ** 2)
    assert est.objective == pytest.approx(est.residual_norm**2 + penalty, rel=1e-12)


def test_prior_fixes_the_directions_the_data_cannot_see():
    """The true links lie well inside the physical set, so the LMIs are inactive and the
    estimate is the ridge solution (WᵀW + w 1)⁻¹ (Wᵀy + w prior), whose components in W's
    null space are exactly the prior's."""
    planar = models.planar_2r()
    solid = [spatial_inertia(1.0, (0.5, 0.0, 0.0), np.diag([0.02, 0.03, 0.04]))] * 2
    arm = Chain(planar.home, planar.screws, solid)  # J(π_i) > 0 by a margin
    W, y, pi = _noise_free(arm, 40, np.random.default_rng(18), G_PLANE, False)
    prior = pi + 1e-3 * np.random.default_rng(19).standard_normal(20)
    weight = 1.0
    est = consistent_estimate(W, y, 2, friction=False, prior=prior, weight=weight)
    ridge = np.linalg.solve(W.T @ W + weight * np.eye(20), W.T @ y + weight * prior)
    assert est.min_eigenvalues.min() > 1e-3
    assert np.allclose(est.pi, ridge, rtol=0, atol=1e-6)
    _, s, Vt = np.linalg.svd(W)
    null = Vt[np.sum(s > 1e-9 * s[0]):]
    assert np.allclose(null @ est.pi, null @ prior, rtol=0, atol=1e-6)
    base = base_parameters(W)
    assert np.allclose(base.project(est.pi), base.project(pi), rtol=0, atol=1e-3)


def test_consistent_estimate_refuses_bad_inputs():
    W = np.zeros((6, 20))
    with pytest.raises(ValueError, match=r"W must have 24 columns for 2 links with friction, "
                                         r"got 20"):
        consistent_estimate(W, np.zeros(6), 2)
    with pytest.raises(ValueError, match=r"a weight > 0 needs a prior"):
        consistent_estimate(W, np.zeros(6), 2, friction=False, weight=1.0)
    with pytest.raises(ValueError, match=r"weight must be a finite number >= 0, got -1.0"):
        consistent_estimate(W, np.zeros(6), 2, friction=False, weight=-1.0)
    with pytest.raises(ValueError, match=r"prior must have shape \(20,\), got \(10,\)"):
        consistent_estimate(W, np.zeros(6), 2, friction=False, prior=np.zeros(10), weight=1.0)
    with pytest.raises(ValueError, match=r"y must be finite, got nan at index \(0,\)"):
        consistent_estimate(W, [np.nan] + [0.0] * 5, 2, friction=False)
    with pytest.raises(ValueError, match=r"n_links must be a positive integer, got 0"):
        consistent_estimate(W, np.zeros(6), 0, friction=False)
    with pytest.raises(ValueError, match=r"W has rank 0 for 20 parameters: the data leave 20 "
                                         r"directions free, so the fit has no unique "
                                         r"minimiser; give a prior"):
        consistent_estimate(W, np.zeros(6), 2, friction=False)


@pytest.mark.parametrize("w_scale, y_scale", [(1e-8, 1.0), (1e8, 1.0), (1.0, 1e-8), (1.0, 1e8)])
def test_consistent_estimate_does_not_depend_on_units(w_scale, y_scale):
    """W -> a W and y -> b y (other units of torque and of the parameters) give θ -> (b / a) θ;
    the solver sees the same scaled problem."""
    arm = models.planar_2r()
    W, y, theta = _noise_free(arm, 30, np.random.default_rng(23), G_PLANE, False)
    base = base_parameters(W)
    prior = 1.2 * inertial_parameters(arm)
    ref = consistent_estimate(W, y, 2, friction=False, prior=prior, weight=1e-8)
    f = y_scale / w_scale
    est = consistent_estimate(w_scale * W, y_scale * y, 2, friction=False, prior=f * prior,
                              weight=1e-8 * w_scale**2)
    assert est.status == "optimal"
    beta = base.project(theta)
    assert np.abs(base.project(est.theta) / f - beta).max() < 1e-6 * np.abs(beta).max()
    assert np.allclose(est.theta / f, ref.theta, rtol=0, atol=1e-6 * np.abs(ref.theta).max())


def test_radius_bounds_the_unseen_directions_without_pulling_on_the_seen_ones():
    """Weight 0 and a trust region about a prior 20 % off: the base parameters are fitted
    exactly (noise-free data), π stays within the radius, and the radius needs a prior."""
    arm = models.planar_2r()
    W, y, theta = _noise_free(arm, 30, np.random.default_rng(24), G_PLANE, False)
    prior = 1.2 * theta
    radius = 0.5 * float(np.linalg.norm(prior))
    est = consistent_estimate(W, y, 2, friction=False, prior=prior, radius=radius)
    base = base_parameters(W)
    beta = base.project(theta)
    assert np.abs(base.project(est.theta) - beta).max() < 1e-7 * np.abs(beta).max()
    assert np.linalg.norm(est.pi - prior) <= radius * (1 + 1e-8)
    with pytest.raises(ValueError, match=r"a radius needs a prior"):
        consistent_estimate(W, y, 2, friction=False, radius=1.0)
    with pytest.raises(ValueError, match=r"radius must be a finite number >= 0, got -1.0"):
        consistent_estimate(W, y, 2, friction=False, prior=prior, radius=-1.0)


def test_epsilon_keeps_every_pseudo_inertia_that_far_inside():
    """One link, the data pin every parameter to 0; J ⪰ 1 kg m^2 forces m >= 1 and the
    Σ diagonal >= 1: the closest point is m = 1, Σ = 1, i.e. Ī = tr(Σ) 1 − Σ = 2 · 1."""
    est = consistent_estimate(np.eye(11, 10), np.zeros(11), 1, friction=False, epsilon=1.0)
    assert est.min_eigenvalues[0] == pytest.approx(1.0, abs=1e-6)
    expected = [1, 0, 0, 0, 2, 0, 0, 2, 0, 2]
    assert np.allclose(est.pi, expected, rtol=0, atol=1e-6)


def test_solver_failures_are_reported_with_their_status():
    arm = models.arm6r()
    W, y, pi = _noise_free(arm, 30, np.random.default_rng(22), (0.0, 0.0, -9.81), False)
    with pytest.warns(UserWarning, match="inaccurate"), \
            pytest.raises(RuntimeError, match=r"the solver CLARABEL returned status "
                                              r"'user_limit', not 'optimal'"):
        consistent_estimate(W, y, 6, friction=False, prior=pi, weight=1e-8,
                            solver_options={"max_iter": 2})
    with pytest.raises(RuntimeError, match=r"the solver OSQP failed: The solver OSQP cannot "
                                           r"solve this problem"):
        consistent_estimate(W, y, 6, friction=False, prior=pi, weight=1e-8, solver="OSQP")


# --- trajectories and derivatives --------------------------------------------------------------

def test_fourier_trajectory_derivatives_and_period():
    rng = np.random.default_rng(20)
    a, b, q0 = rng.standard_normal((3, 5)), rng.standard_normal((3, 5)), rng.standard_normal(3)
    wf = 2 * np.pi * 0.1
    t = np.linspace(0.0, 10.0, 101)
    q, qd, qdd = fourier_trajectory(t, a, b, q0, wf)
    h = 1e-5
    qp, qdp, _ = fourier_trajectory(t + h, a, b, q0, wf)
    qm, qdm, _ = fourier_trajectory(t - h, a, b, q0, wf)
    assert np.allclose((qp - qm) / (2 * h), qd, rtol=0, atol=1e-8)
    assert np.allclose((qdp - qdm) / (2 * h), qdd, rtol=0, atol=1e-7)
    later = fourier_trajectory(t + 2 * np.pi / wf, a, b, q0, wf)
    for x, y in zip((q, qd, qdd), later):
        assert np.allclose(x, y, rtol=0, atol=1e-11)
    with pytest.raises(ValueError, match=r"omega_f must be a finite number > 0, got 0.0"):
        fourier_trajectory(t, a, b, q0, 0.0)
    with pytest.raises(ValueError, match=r"b must have shape \(3, 5\), got \(3, 4\)"):
        fourier_trajectory(t, a, b[:, :4], q0, wf)


def test_differentiate_a_noisy_sinusoid():
    """x = sin(π t) sampled at 1 kHz with noise σ = 1e-3, cut at f_c = 5 Hz.  The noise left
    below the cutoff has a standard deviation of about σ sqrt(2 f_c / f_s) = 1e-4, and each
    derivative multiplies it by up to 2π f_c ≈ 31: about 3e-3 in xd and 0.1 in xdd at most.
    The bounds below are those (4 standard deviations, rounded up) on the interior; the
    filter's gain at 0.5 Hz and the central differences err far less (< 1e-7, 5e-6)."""
    rng = np.random.default_rng(21)
    t = np.arange(8000) * 1e-3
    x = np.sin(np.pi * t) + 1e-3 * rng.standard_normal(t.size)
    x_f, xd, xdd = differentiate(t, x, 5.0)
    inner = slice(1000, 7000)
    assert np.abs(x_f - np.sin(np.pi * t))[inner].max() < 4e-4
    assert np.abs(xd - np.pi * np.cos(np.pi * t))[inner].max() < 1.2e-2
    assert np.abs(xdd + np.pi**2 * np.sin(np.pi * t))[inner].max() < 0.4
    both = differentiate(t, np.column_stack([x, 2 * x]), 5.0)[1]
    assert np.allclose(both[:, 1], 2 * xd, rtol=1e-12, atol=1e-12)


def test_differentiate_and_lowpass_refuse_bad_sampling():
    t = np.arange(100) * 1e-2
    t[50] += 1e-3
    with pytest.raises(ValueError, match=r"t must be uniformly sampled and increasing: "
                                         r"spacings range from 0.009 s to 0.011 s"):
        differentiate(t, np.zeros(100), 1.0)
    t = np.arange(100) * 1e-2
    with pytest.raises(ValueError, match=r"cutoff must be in \(0, 50\) Hz \(the Nyquist "
                                         r"frequency\), got 60.0"):
        lowpass(t, np.zeros(100), 60.0)
    with pytest.raises(ValueError, match=r"t must have shape \(99,\), got \(100,\)"):
        lowpass(t, np.zeros(99), 1.0)


# --- hostile input: what a user identifying a robot may pass ---------------------------------

with warnings.catch_warnings():  # numpy's note that np.matrix is not recommended
    warnings.simplefilter("ignore", PendingDeprecationWarning)
    MATRIX = np.matrix(np.zeros((2, 2)))


@pytest.mark.parametrize("tau, message", [
    (MATRIX, r"tau must be a plain numpy.ndarray, a list or a number, "
                                  r"got a numpy.matrix"),
    (np.ma.array(np.zeros((2, 2)), mask=[[1, 0], [0, 0]]), r"tau must be a plain "
                                                          r"numpy.ndarray.*masked array"),
    (np.zeros((2, 2)) + 1j, r"tau must be an array of real numbers, got dtype complex128"),
    (np.zeros((2, 2), dtype=bool), r"tau must be an array of real numbers, got dtype bool"),
    ("ab", r"tau must be an array of real numbers, got dtype <U2"),
])
def test_stack_refuses_what_is_not_an_array_of_real_numbers(tau, message):
    with pytest.raises(ValueError, match=message):
        stack(np.ones((2, 2, 3)), tau)


@pytest.mark.parametrize("friction", ["no", None, 1])
def test_friction_must_be_a_bool(friction):
    arm, logs = models.planar_2r(), np.zeros((3, 3, 2))
    message = rf"friction must be True or False, got {friction!r}"
    with pytest.raises(ValueError, match=message):
        observation_matrix(arm, *logs, friction=friction)
    with pytest.raises(ValueError, match=message):
        random_observations(arm, 3, np.random.default_rng(0), friction=friction)
    with pytest.raises(ValueError, match=message):
        consistent_estimate(np.zeros((6, 24)), np.zeros(6), 2, friction=friction)


@pytest.mark.parametrize("tol", ["1e-3", 1j, np.array([1.0, 2.0]), True])
def test_base_parameters_refuses_a_tol_that_is_not_a_number(tol):
    with pytest.raises(ValueError, match=r"tol must be a finite number >= 0, got "):
        base_parameters(np.eye(4, 3), tol=tol)


def test_base_set_does_not_depend_on_the_scale_of_W():
    W = random_observations(models.planar_2r(), 50, np.random.default_rng(23), gravity=G_PLANE)
    base = base_parameters(W)
    for s in (1e-300, 1e-8, 1e8, 1e150):
        scaled = base_parameters(W * s)
        assert scaled.rank == base.rank == 6
        # the column norms must not underflow: 13 columns are zero, not all 20
        assert np.array_equal(scaled.unidentifiable, base.unidentifiable)


def test_least_squares_and_expressions_refuse_empty_or_odd_inputs():
    with pytest.raises(ValueError, match=r"W must have at least one column, got \(5, 0\)"):
        least_squares(np.zeros((5, 0)), np.zeros(5))
    base = base_parameters(np.eye(4, 3))
    with pytest.raises(ValueError, match=r"names must be a list of 3 str, got generator"):
        base.expressions(name for name in "abc")


def test_consistent_estimate_refuses_unknown_solvers_and_options():
    W, y = np.eye(11, 10), np.zeros(11)
    with pytest.raises(ValueError, match=r"solver must be the name of an installed cvxpy solver "
                                         r"\(CLARABEL.*\), got 'FOO'"):
        consistent_estimate(W, y, 1, friction=False, solver="FOO")
    with pytest.raises(ValueError, match=r"solver must be .*, got None"):
        consistent_estimate(W, y, 1, friction=False, solver=None)
    with pytest.raises(ValueError, match=r"solver_options must be a dict of keyword arguments, "
                                         r"got list"):
        consistent_estimate(W, y, 1, friction=False, solver_options=[1])
    with pytest.raises(ValueError, match=r"solver_options \{'nonsense': 1\} were refused by "
                                         r"CLARABEL: .*nonsense"):
        consistent_estimate(W, y, 1, friction=False, solver_options={"nonsense": 1})


def test_fourier_and_filters_refuse_odd_numbers():
    t = np.arange(100) * 1e-2
    for omega_f in ("1", 1j, np.array([1.0, 2.0])):
        with pytest.raises(ValueError, match=r"omega_f must be a finite number > 0, got "):
            fourier_trajectory(t, [[1.0]], [[0.0]], [0.0], omega_f)
    for cutoff in ("5", None):
        with pytest.raises(ValueError, match=r"cutoff must be in \(0, 50\) Hz .*, got "):
            lowpass(t, np.zeros(100), cutoff)
    for order in (0, -1, 2.5, True):
        with pytest.raises(ValueError, match=rf"order must be a positive integer, got {order}"):
            differentiate(t, np.zeros(100), 5.0, order=order)
    # filtfilt pads 3 (2 sections + 1) = 15 samples at each end for order 4
    with pytest.raises(ValueError, match=r"x must have more than 15 samples for the zero-phase "
                                         r"filter of order 4 \(it pads 15 at each end\), got 2"):
        differentiate(t[:2], np.zeros(2), 5.0)
    with pytest.raises(ValueError, match=r"more than 153 samples .* order 50 .*got 100"):
        lowpass(t, np.zeros(100), 5.0, order=50)
    assert lowpass(t[:16], np.zeros(16), 5.0).shape == (16,)  # one more than the padding
