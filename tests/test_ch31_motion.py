"""The chapter computations of §3.1.5-3.1.7 (chaindyn_book.ch31_motion) against
independent oracles: finite differences, eigenvalues of the linearised Euler equations,
the closed-form torque-free motion of a symmetric body, the exact steady precession of a
top, and synthetic signals with known slopes and zeros."""

from __future__ import annotations

import numpy as np
import pytest

from chaindyn.body import body_acceleration
from chaindyn.spatial import rot_x, rot_z, spatial_inertia
from chaindyn_book import ch31_motion as C


def test_rotation_rate_is_the_derivative_of_a_body_fixed_spin():
    # R(t) = R0 rot_z(w t) spins about the body z axis at w: Ṙ = R [ (0, 0, w) ]
    R0, w, t, h = rot_x(0.7), 1.3, 0.4, 1e-6
    fd = (R0 @ rot_z(w * (t + h)) - R0 @ rot_z(w * (t - h))) / (2 * h)
    assert np.allclose(C.rotation_rate(R0 @ rot_z(w * t), [0.0, 0.0, w]), fd, atol=1e-8)


def _euler_jacobian(moments, w):
    """Finite-difference Jacobian of Euler's torque-free equations at ω."""
    def f(w):
        return np.linalg.solve(np.diag(moments), -np.cross(w, moments * w))
    h = 1e-6
    return np.stack([(f(w + h * e) - f(w - h * e)) / (2 * h) for e in np.eye(3)], axis=1)


def test_growth_rate_is_the_unstable_eigenvalue_of_the_linearisation():
    moments = np.array([0.2, 0.5, 0.9])
    spin = 3.0
    eig = np.linalg.eigvals(_euler_jacobian(moments, np.array([0.0, spin, 0.0])))
    assert np.isclose(C.growth_rate(moments, spin), eig.real.max(), rtol=1e-6)
    # about the extreme axes the eigenvalues are imaginary: no growth
    for axis in (0, 2):
        w = np.zeros(3)
        w[axis] = spin
        assert np.abs(np.linalg.eigvals(_euler_jacobian(moments, w)).real).max() < 1e-6


def test_growth_rate_refuses_unordered_moments():
    with pytest.raises(ValueError, match="the principal moments must be strictly increasing"):
        C.growth_rate([0.5, 0.2, 0.9], 1.0)


def test_separatrix_planes_lie_on_both_surfaces():
    moments = np.array([0.2, 0.5, 0.9])
    k = C.separatrix_slope(moments)
    for w1, w2 in ((0.3, 1.1), (-0.8, 0.2)):
        w = np.array([w1, w2, k * w1])
        assert np.isclose(np.sum((moments * w) ** 2), 2 * moments[1] * (0.5 * w @ (moments * w)),
                          rtol=1e-12)


def test_fit_growth_rate_and_flip_times_on_synthetic_signals():
    t = np.linspace(0.0, 4.0, 4001)
    lam = 1.7
    perp = 1e-4 * np.exp(lam * t)
    omega = np.stack([perp, np.ones_like(t), np.zeros_like(t)], axis=1)
    slope, (t0, t1) = C.fit_growth_rate(t, omega, axis=1, low=1e-3, high=1e-1)
    assert np.isclose(slope, lam, rtol=1e-9) and t0 < t1
    slope, (_, t1) = C.fit_growth_rate(t, omega, axis=1, low=1e-3, high=1e-2)
    assert np.isclose(slope, lam, rtol=1e-9) and t1 < np.log(100.0) / lam
    with pytest.raises(ValueError, match="fewer than two samples"):
        C.fit_growth_rate(t, omega, axis=1, low=0.5, high=0.6)
    w = np.stack([np.zeros_like(t), np.cos(2.0 * t), np.zeros_like(t)], axis=1)
    zeros = (np.pi / 2 + np.pi * np.arange(3)) / 2.0
    assert np.allclose(C.flip_times(t, w), zeros, atol=1e-6)


def test_torque_free_symmetric_body_precesses_in_closed_form():
    # I1 = I2: ω_perp turns about the body z axis at (I3 - I1)/I1 ω3, counterclockwise
    # for I3 > I1 (Euler's equations: ω̇1 = -Ω ω2, ω̇2 = Ω ω1)
    I1, I3, w3, w0 = 0.3, 0.5, 2.0, 0.4
    G = spatial_inertia(1.0, np.zeros(3), np.diag([I1, I1, I3]))
    run = C.integrate(G, np.eye(3), [w0, 0.0, w3], 3.0, 31)
    rate = (I3 - I1) / I1 * w3
    want = np.stack([w0 * np.cos(rate * run["t"]), w0 * np.sin(rate * run["t"]),
                     np.full_like(run["t"], w3)], axis=1)
    assert np.allclose(run["omega"], want, atol=1e-10)
    assert C.orthogonality_error(run["R"]) < 1e-9
    L = C.space_momentum(G, run["R"], run["omega"])
    assert np.allclose(L, L[0], atol=1e-10)


def test_pivot_projector_gives_the_euler_equation_about_the_pivot():
    # block inverse: [G^-1]_ww - P [G^-1]_vw = I_o^-1, the pivot's rotational inertia
    G, Io = C.top_spatial_inertia()
    P = C.pivot_projector(G)
    Ginv = np.linalg.inv(G)
    assert np.allclose(Ginv[:3, :3] - P @ Ginv[3:, :3], np.linalg.inv(Io), rtol=1e-10)


def test_pivot_reaction_holds_the_pivot_still():
    """Adding the reaction force to the free-body acceleration leaves v̇ = 0, over a
    stack; a top at rest on its pivot is held up by exactly its weight."""
    G, _ = C.top_spatial_inertia()
    rng = np.random.default_rng(3)
    Vd_free = rng.normal(size=(5, 6))
    f_r = C.pivot_reaction(G, Vd_free)
    Vd = Vd_free + np.linalg.solve(G, np.concatenate([np.zeros((5, 3)), f_r], axis=1).T).T
    assert np.allclose(Vd[:, 3:], 0.0, atol=1e-10 * np.abs(Vd_free).max())
    g = np.array([0.0, 0.0, -9.8])
    at_rest = body_acceleration(G, np.zeros(6), C.gravity_wrench(G, np.eye(3), g))
    assert np.allclose(C.pivot_reaction(G, at_rest), -C.TOP["mass"] * g, rtol=1e-12)


def test_slow_precession_is_the_limit_of_the_exact_steady_precession():
    # steady precession at tilt θ: m g l = Ω I3 ω3 - Ω² (I1 - I3) cos θ ... with ω3 the spin
    # component; its slow root tends to m g l / (I3 ω3) as ω3 grows
    m, arm, g, I1, I3, c = 0.5, 0.06, 9.8, 2.1e-3, 6.3e-4, np.cos(0.5)
    for w3 in (200.0, 2000.0):
        a, b, cc = -(I1 - I3) * c, I3 * w3, -m * g * arm
        slow = (-b + np.sqrt(b * b - 4 * a * cc)) / (2 * a)
        formula = C.slow_precession_rate(m, arm, I3, w3, g=g)
        assert abs(formula / slow - 1) < 10 * m * g * arm * I1 / (I3 * w3) ** 2


def test_mean_precession_rate_over_whole_periods():
    t = np.linspace(0.0, 10.0, 2001)
    rate, nu = 0.8, 2 * np.pi * 1.3
    phi = rate * t - rate / nu * np.sin(nu * t)  # φ̇ = rate (1 - cos νt): cusps at νt = 2πk
    height = np.cos(nu * t)
    got, t_k = C.mean_precession_rate(t, phi, height)
    assert np.isclose(t_k, 2 * np.pi * 12 / nu, atol=1e-6)
    assert np.isclose(got, rate, rtol=1e-6)
    with pytest.raises(ValueError, match="no nutation cusp after the start"):
        C.mean_precession_rate(t[:50], phi[:50], -t[:50])
