"""Chapter 3.6.5–3.6.6's computations (chaindyn_book.ch36_control) against independent
oracles: the upright 2R arm's linearisation against its closed form and central
differences, the LQR gain against the Riccati equation and the single pendulum's gain
by hand, the closed loop against the linear model at small amplitude, the static torque
against the closed-form gravity torque, and the collocation's derivatives against
central differences."""

import numpy as np
import pytest

from chaindyn import STANDARD_GRAVITY, aba_derivatives, models
from chaindyn_book import ch36_control as C

G = STANDARD_GRAVITY


def test_upright_linearisation_closed_form():
    """At q = (pi/2, 0) at rest: dqdd/dq = M^-1 dg-stiffness, dg/dq = -g [[3, 1], [1, 1]]
    (unit masses and lengths); dqdd/dqd = 0; B = [[0], [M^-1]]."""
    arm = models.planar_2r()
    A, B = C.linearise(arm, C.Q_UP)
    M11, M12, M22, _, _ = models.planar_2r_mass_gravity(C.Q_UP)
    Minv = np.linalg.inv(np.array([[M11, M12], [M12, M22]]))
    dg_dq = -G * np.array([[3.0, 1.0], [1.0, 1.0]])
    assert np.allclose(A[:2, :2], 0) and np.allclose(A[:2, 2:], np.eye(2))
    assert np.allclose(A[2:, :2], -Minv @ dg_dq, rtol=1e-12, atol=1e-12)
    assert np.abs(A[2:, 2:]).max() == 0.0
    assert np.allclose(B[2:], Minv, rtol=1e-12) and np.allclose(B[:2], 0)


def test_linearisation_against_central_differences():
    arm = models.planar_2r()
    A, B = C.linearise(arm, C.Q_UP)
    A_fd, B_fd = C.linearise_fd(arm, C.Q_UP)
    assert np.abs(A - A_fd).max() <= 1e-7 * np.abs(A).max()
    assert np.abs(B - B_fd).max() <= 1e-7 * np.abs(B).max()


def test_dqdd_dqd_vanishes_at_rest_only():
    arm = models.planar_2r()
    rng = np.random.default_rng(36)
    q, tau = rng.uniform(-np.pi, np.pi, 2), rng.uniform(-5, 5, 2)
    _, dqd, _ = aba_derivatives(arm, q, np.zeros(2), tau, gravity=C.GRAVITY_2R)
    assert np.abs(dqd).max() <= 1e-12
    _, dqd, _ = aba_derivatives(arm, q, [1.0, -0.5], tau, gravity=C.GRAVITY_2R)
    assert np.abs(dqd).max() > 0.1


def test_lqr_solves_riccati_and_stabilises():
    arm = models.planar_2r()
    A, B = C.linearise(arm, C.Q_UP)
    Q, R = C.lqr_weights()
    K, S, eig = C.lqr(A, B, Q, R)
    residual = A.T @ S + S @ A - S @ B @ np.linalg.solve(R, B.T @ S) + Q
    assert np.abs(residual).max() <= 1e-8 * np.abs(Q).max()
    assert np.all(eig.real < 0) and np.all(np.linalg.eigvals(A).real.max() > 0)
    assert np.all(np.diff(eig.real) <= 0)  # slowest first


def test_single_pendulum_gain_by_hand():
    """theta'' = a theta + b u: K = ((a + sqrt(a^2 + b^2 q1/r)) / b, sqrt((2 s12 + q2)/r))."""
    a, b, q1, q2, r = 9.0, 0.5, 4.0, 1.0, 0.2
    K, _, _ = C.lqr(np.array([[0, 1], [a, 0]]), np.array([[0], [b]]), np.diag([q1, q2]),
                    np.array([[r]]))
    s12 = r * (a + np.sqrt(a * a + b * b * q1 / r)) / b**2
    want = [(a + np.sqrt(a * a + b * b * q1 / r)) / b, np.sqrt((2 * s12 + q2) / r)]
    assert np.allclose(K[0], want, rtol=1e-10)


def test_small_start_follows_the_linear_model():
    arm = models.planar_2r()
    A, B, K = C.upright_lqr(arm)
    x0 = np.array([1e-4, -2e-4, 0.0, 0.0])
    t, x, tau = C.simulate(arm, K, x0, 2.0, samples=41, tau_max=C.TAU_MAX)
    x_lin, _ = C.linear_response(A, B, K, x0, t)
    assert np.abs(x - x_lin).max() <= 1e-3 * np.abs(x0).max()  # second order in |x0|
    assert np.abs(tau).max() < C.TAU_MAX.min()
    assert C.settled(t, x, 1e-6) <= 2.0


def test_settled():
    t = np.arange(5.0)
    assert C.settled(t, np.array([[1.0], [0.0], [1.0], [0.0], [0.0]]), 0.5) == 3.0
    assert np.isnan(C.settled(t, np.array([[0.0], [0.0], [0.0], [0.0], [1.0]]), 0.5))


def test_roa_classify_origin_in_far_start_out():
    arm = models.planar_2r()
    _, _, K = C.upright_lqr(arm)
    x0 = np.array([[0.05, 0.0, 0, 0], [1.5, 0.0, 0, 0]])
    inside, _ = C.roa_classify(arm, K, x0, tau_max=C.TAU_MAX, t_end=6.0)
    assert inside.tolist() == [True, False]
    d, starts = C.roa_grid(span=0.2, step=0.1)
    assert d.tolist() == pytest.approx([-0.2, -0.1, 0.0, 0.1, 0.2])
    assert starts.shape == (25, 4) and starts[1, :2].tolist() == pytest.approx([-0.2, -0.1])


def test_static_torque_closed_form():
    arm = models.planar_2r()
    off = np.array([[0.3, -0.7], [-1.0, 2.0]])
    _, _, _, g1, g2 = models.planar_2r_mass_gravity(C.Q_UP + off)
    assert np.allclose(C.static_torque(arm, off), np.stack([g1, g2], -1), atol=1e-12)


def test_collocation_derivatives_against_central_differences():
    p = C.swing_up(N=4)
    z = p.initial_guess() + np.random.default_rng(1).normal(0, 0.05, p.nz)
    h = 1e-6
    eye = np.eye(p.nz) * h
    J_fd = np.column_stack([(p.defects(z + e) - p.defects(z - e)) / (2 * h) for e in eye])
    g_fd = np.array([(p.objective(z + e) - p.objective(z - e)) / (2 * h) for e in eye])
    assert np.abs(p.jacobian(z) - J_fd).max() <= 1e-7 * np.abs(J_fd).max()
    assert np.abs(p.gradient(z) - g_fd).max() <= 1e-7 * np.abs(g_fd).max()


def test_collocation_rest_at_equilibrium_has_no_defect():
    """Held at an equilibrium with its gravity torque (zero here), every defect is zero."""
    arm = models.planar_2r()
    for q in (C.Q_UP, C.Q_DOWN):
        p = C.Collocation(arm, q, q, 1.0, 5, gravity=C.GRAVITY_2R)
        X, tau = p.unpack(p.initial_guess())
        assert np.abs(tau).max() <= 1e-12 and np.abs(p.defects(p.pack(X, tau))).max() <= 1e-12
    p = C.swing_up(N=4)
    lo, hi = p.bounds()
    assert np.all(np.isinf(lo[:p.nx])) and hi[p.nx:].tolist() == C.TAU_MAX.tolist() * 5


def test_small_problem_both_gradients_agree():
    arm = models.planar_2r()
    p = C.Collocation(arm, C.Q_UP, C.Q_UP + [0.3, -0.2], 1.0, 6, gravity=C.GRAVITY_2R)
    ra, _, ca = C.solve_collocation(p, "analytic")
    rf, _, cf = C.solve_collocation(p, "fd")
    assert ra.success and rf.success
    assert p.effort(ra.x) == pytest.approx(p.effort(rf.x), rel=1e-5)
    assert ca["jacobian"] > 0 and cf["jacobian"] == 0 and cf["defects"] > ca["defects"]
    with pytest.raises(ValueError, match="gradients must be 'analytic' or 'fd', got 'exact'"):
        C.solve_collocation(p, "exact")
