"""The regressor form of the dynamics (chaindyn.regressor, chaindyn.body's parameters, book §3.4).

Oracles: RNEA, CRBA and the kinetic energy of the library computed from the chain's own
inertias (the regressor never reads them); the closed forms of m, m c and the parallel-axis
theorem; Pinocchio's ``bodyRegressor``, ``computeJointTorqueRegressor`` and energy
regressors, translated by ``interop.pinocchio_parameter_map``; Lagrange's equation and
the power balance by finite differences; the operation counts by the code's structure.

Bounds: 1e-12 relative to the largest magnitude of the compared quantity for what is
computed two ways in double precision; the finite-difference checks state their own.
"""

from __future__ import annotations

import re
import warnings

import numpy as np
import pytest
from _refs import reference
from _robots import robot_chain

import chaindyn as cd
from chaindyn import body, interop, models
from chaindyn.body import (
    PARAMETER_NAMES,
    inertia_from_parameters,
    momentum_regressor,
    newton_euler_regressor,
    parameters,
)
from chaindyn.opcount import count
from chaindyn.regressors import energy_regressor, inertial_parameters, parameter_names, regressor
from chaindyn.spatial import spatial_inertia

BOUND = 1e-12
G = np.array([0.6, -1.1, -9.80665])  # not along an axis, so a misplaced component shows
PIN_ORDER = [0, 1, 2, 3, 4, 5, 7, 6, 8, 9]  # Pinocchio's k-th parameter is chaindyn's PIN_ORDER[k]


def _matrix(x):
    """``np.matrix(x)`` without numpy's advice against np.matrix."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PendingDeprecationWarning)
        return np.matrix(x)


def _rel(a, b):
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return float(np.abs(a - b).max() / max(np.abs(b).max(), np.finfo(float).tiny))


def _state(n, rng, count=None):
    size = (n,) if count is None else (count, n)
    return (rng.uniform(-np.pi, np.pi, size), rng.uniform(-2, 2, size), rng.uniform(-5, 5, size))


def _random_bodies(rng, count):
    """``count`` random spatial inertias with their m, c, I_c (ellipsoids, off-origin COMs)."""
    m = rng.uniform(0.5, 5.0, count)
    c = rng.uniform(-0.3, 0.3, (count, 3))
    Ic = np.array([models.random_inertia_com(mi, rng) for mi in m])
    Gs = np.array([spatial_inertia(mi, ci, Ii) for mi, ci, Ii in zip(m, c, Ic)])
    return m, c, Ic, Gs


CHAINS = [(n, p) for p in (0.0, 0.5, 1.0) for n in range(1, 8)]


def _chain(n, p):
    return models.random_chain(n, np.random.default_rng(1000 * n + int(10 * p)), prismatic=p)


@pytest.fixture(scope="module")
def robots():
    """UR5 and Panda read from their URDF files (example-robot-data), as chapter 3.2 does."""
    return {name: robot_chain(name) for name in ("UR5", "Panda")}


@pytest.fixture(scope="module")
def pin():
    return reference("pinocchio")


# ------------------------------------------------------------------ one body


def test_parameter_names_and_order():
    assert PARAMETER_NAMES == ("m", "hx", "hy", "hz", "Ixx", "Ixy", "Ixz", "Iyy", "Iyz", "Izz")
    names = parameter_names(models.arm6r())
    assert len(names) == 60 and names[:3] == ["m1", "hx1", "hy1"] and names[-1] == "Izz6"


def test_parameters_against_the_parallel_axis_theorem():
    """π = (m, m c, Ī) with Ī = I_c + m (|c|^2 1 - c c^T), entries (xx, xy, xz, yy, yz, zz)."""
    m, c, Ic, Gs = _random_bodies(np.random.default_rng(1), 8)
    pi = parameters(Gs)  # a batch
    assert pi.shape == (8, 10)
    for k in range(8):
        I_bar = Ic[k] + m[k] * ((c[k] @ c[k]) * np.eye(3) - np.outer(c[k], c[k]))
        want = np.concatenate([[m[k]], m[k] * c[k], I_bar[[0, 0, 0, 1, 1, 2], [0, 1, 2, 1, 2, 2]]])
        assert _rel(pi[k], want) < BOUND
        assert _rel(parameters(Gs[k]), want) < BOUND


def test_parameters_round_trip():
    """π -> G -> π copies entries: exact, for any ten numbers (identified parameters need
    not be a body's), in batches.  G -> π -> G reads Ī's upper triangle, so it returns a
    G symmetric to the bit, within roundoff of a G that is symmetric within roundoff."""
    *_, Gs = _random_bodies(np.random.default_rng(2), 6)
    back = inertia_from_parameters(parameters(Gs))
    assert _rel(back, Gs) < BOUND
    np.testing.assert_array_equal(back, np.swapaxes(back, -1, -2))
    np.testing.assert_array_equal(inertia_from_parameters(parameters(back)), back)
    pi = np.random.default_rng(3).normal(size=(3, 4, 10))
    G = inertia_from_parameters(pi)
    assert G.shape == (3, 4, 6, 6)
    np.testing.assert_array_equal(parameters(G), pi)
    np.testing.assert_array_equal(G, np.swapaxes(G, -1, -2))
    np.testing.assert_array_equal(G[..., 3:, 3:], pi[..., 0, None, None] * np.eye(3))


def test_momentum_regressor_gives_G_V():
    rng = np.random.default_rng(4)
    *_, Gs = _random_bodies(rng, 5)
    V = rng.normal(size=(5, 6))
    K = momentum_regressor(V)
    assert K.shape == (5, 6, 10)
    got = (K @ parameters(Gs)[..., None])[..., 0]
    want = (Gs @ V[..., None])[..., 0]
    assert _rel(got, want) < BOUND
    # the kinetic energy of a body: ½ V^T K(V) π = ½ V^T G V
    assert _rel(0.5 * np.einsum("bi,bi->b", V, got), 0.5 * np.einsum("bi,bij,bj->b", V, Gs, V)) \
        < BOUND


def test_newton_euler_regressor_gives_newton_euler():
    rng = np.random.default_rng(5)
    *_, Gs = _random_bodies(rng, 5)
    V, Vd = rng.normal(size=(5, 6)), rng.normal(size=(5, 6))
    Yb = newton_euler_regressor(V, Vd)
    assert Yb.shape == (5, 6, 10)
    got = (Yb @ parameters(Gs)[..., None])[..., 0]
    assert _rel(got, body.newton_euler(Gs, V, Vd)) < BOUND
    # broadcasting: one acceleration for five twists
    Yb1 = newton_euler_regressor(V, Vd[0])
    assert Yb1.shape == (5, 6, 10)
    assert _rel(Yb1[3], newton_euler_regressor(V[3], Vd[0])) < BOUND


def test_dynamic_parameter_order_of_pinocchio(pin):
    """Read off Pinocchio itself: ``Inertia(m, c, I_c).toDynamicParameters()`` is
    (m, m c, Ī_xx, Ī_xy, Ī_yy, Ī_xz, Ī_yz, Ī_zz) about the same origin: chaindyn's π with
    Ī_xz and Ī_yy swapped."""
    m, c, Ic, Gs = _random_bodies(np.random.default_rng(6), 4)
    for k in range(4):
        got = pin.Inertia(float(m[k]), c[k], Ic[k]).toDynamicParameters()
        assert _rel(got, parameters(Gs[k])[PIN_ORDER]) < BOUND


def test_newton_euler_regressor_against_pinocchio_body_regressor(pin):
    """``pin.bodyRegressor(v, a)`` maps Pinocchio's parameters to ``I a + v x* I v`` in
    (linear, angular) order: with the halves swapped (twist, acceleration and wrench) and
    the columns permuted it is chaindyn's Y_b."""
    rng = np.random.default_rng(7)
    for _ in range(4):
        V, Vd = rng.normal(size=6), rng.normal(size=6)
        Yp = pin.bodyRegressor(pin.Motion(V[3:], V[:3]), pin.Motion(Vd[3:], Vd[:3]))
        Yp = np.vstack([Yp[3:], Yp[:3]])  # rows (force, moment) -> (moment, force)
        ours = newton_euler_regressor(V, Vd)
        assert _rel(ours, Yp @ np.eye(10)[PIN_ORDER]) < BOUND


# --------------------------------------------------------------- the chain


@pytest.mark.parametrize(("n", "p"), CHAINS, ids=[f"n{n}-P{p}" for n, p in CHAINS])
def test_regressor_times_parameters_is_rnea(n, p):
    chain = _chain(n, p)
    pi = inertial_parameters(chain)
    assert pi.shape == (10 * n,)
    rng = np.random.default_rng(n)
    q, qd, qdd = _state(n, rng)
    Y = regressor(chain, q, qd, qdd, gravity=G)
    assert Y.shape == (n, 10 * n)
    assert _rel(Y @ pi, cd.rnea(chain, q, qd, qdd, gravity=G)) < BOUND
    # a batch of states, and one state broadcast against a batch
    qb, qdb, qddb = _state(n, rng, count=5)
    Yb = regressor(chain, qb, qdb, qddb, gravity=G)
    assert Yb.shape == (5, n, 10 * n)
    assert _rel(Yb @ pi, cd.rnea(chain, qb, qdb, qddb, gravity=G)) < BOUND
    Ym = regressor(chain, qb, qd, qddb[:1], gravity=G)
    assert Ym.shape == (5, n, 10 * n)
    assert _rel(Ym[2], regressor(chain, qb[2], qd, qddb[0], gravity=G)) < BOUND
    assert _rel(Ym @ pi, cd.rnea(chain, qb, qd, qddb[:1], gravity=G)) < BOUND


def test_regressor_of_the_6r_arm_and_real_robots(robots):
    chains = {"arm6r": models.arm6r(), **robots}
    for name, chain in chains.items():
        rng = np.random.default_rng(len(name))
        q, qd, qdd = _state(chain.n, rng, count=4)
        Y = regressor(chain, q, qd, qdd)
        assert _rel(Y @ inertial_parameters(chain), cd.rnea(chain, q, qd, qdd)) < BOUND, name


def test_regressor_does_not_read_the_inertias():
    """Two chains with the same home poses and screws and other inertias: the same Y,
    bit for bit, and each one's torque is Y times its own π."""
    chain = _chain(5, 0.5)
    other = cd.Chain(chain.home, chain.screws, _chain(5, 0.0).inertias)
    assert not np.array_equal(other.inertias, chain.inertias)
    q, qd, qdd = _state(5, np.random.default_rng(8), count=3)
    Y = regressor(chain, q, qd, qdd, gravity=G)
    np.testing.assert_array_equal(regressor(other, q, qd, qdd, gravity=G), Y)
    assert _rel(Y @ inertial_parameters(other), cd.rnea(other, q, qd, qdd, gravity=G)) < BOUND


def test_block_structure():
    """Link i's parameters do not reach a joint j > i: block (j, i) is exactly zero for
    i < j, and in general nonzero for i >= j."""
    n = 6
    chain = _chain(n, 0.5)
    Y = regressor(chain, *_state(n, np.random.default_rng(9)), gravity=G)
    for j in range(n):
        for i in range(n):
            blk = Y[j, 10 * i:10 * i + 10]
            if i < j:
                assert np.all(blk == 0.0), (j, i)
            else:
                assert np.abs(blk).max() > 1e-6, (j, i)


def test_tip_wrench_is_outside_the_regressor():
    chain = _chain(4, 0.5)
    q, qd, qdd = _state(4, np.random.default_rng(10))
    F = np.array([0.3, -0.2, 0.5, 4.0, -3.0, 2.0])
    tau = cd.rnea(chain, q, qd, qdd, gravity=G, f_tip=F)
    Y = regressor(chain, q, qd, qdd, gravity=G)
    assert _rel(tau - Y @ inertial_parameters(chain), cd.tip_wrench_torque(chain, q, F)) < BOUND


def test_gravity_enters_linearly():
    """Y(g) = Y(g = 0) + Y(q, 0, 0; g), and Y(q, 0, 0; g) is linear in g."""
    chain = _chain(5, 0.5)
    q, qd, qdd = _state(5, np.random.default_rng(11))
    z = np.zeros(5)
    g1, g2 = np.array([0.0, 0.0, -9.81]), np.array([1.5, -2.0, 0.5])
    Yg = regressor(chain, q, qd, qdd, gravity=G)
    split = regressor(chain, q, qd, qdd, gravity=np.zeros(3)) + regressor(chain, q, z, z, gravity=G)
    assert _rel(Yg, split) < BOUND
    combined = regressor(chain, q, z, z, gravity=2.0 * g1 - 3.0 * g2)
    assert _rel(combined, 2.0 * regressor(chain, q, z, z, gravity=g1)
                - 3.0 * regressor(chain, q, z, z, gravity=g2)) < BOUND


@pytest.mark.parametrize("p", [0.0, 0.5, 1.0])
def test_unit_accelerations_give_the_mass_matrix(p):
    """Y(q, 0, e_k; g = 0) π is column k of M(q) (CRBA)."""
    n = 6
    chain = _chain(n, p)
    q = _state(n, np.random.default_rng(12))[0]
    Y = regressor(chain, q, np.zeros(n), np.eye(n), gravity=np.zeros(3))  # batch over k
    columns = (Y @ inertial_parameters(chain)).T
    assert _rel(columns, cd.crba(chain, q)) < BOUND


# ------------------------------------------------------------ Pinocchio's regressor


PIN_CHAINS = [("R", 0.0), ("P", 1.0), ("mixed", 0.5)]


def _pin_parameters(model):
    return np.concatenate([model.inertias[j].toDynamicParameters()
                           for j in range(1, model.njoints)])


def _check_against_pinocchio(pin, chain, seed):
    model = interop.to_pinocchio(chain, gravity=G)
    data = model.createData()
    T = interop.pinocchio_parameter_map(chain)
    pi = inertial_parameters(chain)
    assert T.shape == (10 * chain.n, 10 * chain.n)
    assert _rel(T @ pi, _pin_parameters(model)) < BOUND
    rng = np.random.default_rng(seed)
    for _ in range(3):
        q, qd, qdd = _state(chain.n, rng)
        Yp = pin.computeJointTorqueRegressor(model, data, q, qd, qdd)
        Y = regressor(chain, q, qd, qdd, gravity=G)
        assert _rel(Y, Yp @ T) < BOUND
        yK, yP = energy_regressor(chain, q, qd, gravity=G)
        kp = pin.computeKineticEnergyRegressor(model, data, q, qd)
        pp = pin.computePotentialEnergyRegressor(model, data, q)
        assert _rel(yK, np.ravel(kp) @ T) < BOUND
        assert _rel(yP, np.ravel(pp) @ T) < BOUND
        assert _rel(yP @ pi, pin.computePotentialEnergy(model, data, q)) < BOUND
        assert _rel(yK @ pi, pin.computeKineticEnergy(model, data, q, qd)) < BOUND


@pytest.mark.parametrize(("kind", "p"), PIN_CHAINS, ids=[k for k, _ in PIN_CHAINS])
@pytest.mark.parametrize("n", [1, 3, 6])
def test_against_pinocchio_random_chains(pin, kind, p, n):
    chain = models.random_chain(n, np.random.default_rng(50 + n), prismatic=p)
    if kind == "R":
        assert np.abs(interop.axis_points(chain)).max() > 0.01  # axes off the frames' origins
    _check_against_pinocchio(pin, chain, seed=n)


def test_against_pinocchio_real_robots(pin, robots):
    for k, chain in enumerate(robots.values()):
        _check_against_pinocchio(pin, chain, seed=100 + k)


def test_parameter_map_structure():
    """Block diagonal; with the axes through the frames' origins (the MDH arm) only the
    permutation is left; the mass row is kept and each block is invertible."""
    np.testing.assert_array_equal(interop.pinocchio_parameter_map(models.arm6r()),
                                  np.kron(np.eye(6), np.eye(10)[PIN_ORDER]))
    chain = _chain(3, 0.0)
    T = interop.pinocchio_parameter_map(chain)
    for i in range(3):
        for j in range(3):
            blk = T[10 * i:10 * i + 10, 10 * j:10 * j + 10]
            if i != j:
                assert np.all(blk == 0.0)
            else:
                np.testing.assert_array_equal(blk[0], np.eye(10)[0])
                assert abs(np.linalg.det(blk)) == pytest.approx(1.0, rel=1e-12)
    with pytest.raises(ValueError, match=re.escape("chain must be a chaindyn.Chain, got list")):
        interop.pinocchio_parameter_map([chain])


# ------------------------------------------------------------------- energy


def test_energy_regressor_gives_kinetic_and_potential_energy():
    """y_K π = kinetic_energy; y_P π = -Σ m_i g^T (p_i + R_i c_i), zero at the origin of {0}."""
    chain = _chain(5, 0.5)
    pi = inertial_parameters(chain)
    q, qd, _ = _state(5, np.random.default_rng(13), count=4)
    yK, yP = energy_regressor(chain, q, qd, gravity=G)
    assert yK.shape == yP.shape == (4, 50)
    assert _rel(yK @ pi, cd.kinetic_energy(chain, q, qd)) < BOUND
    T = cd.forward_kinematics(chain, q)
    com = T[..., :3, :3] @ chain.coms[..., None]
    P = -np.einsum("i,j,bij->b", chain.masses, G, T[..., :3, 3] + com[..., 0])
    assert _rel(yP @ pi, P) < BOUND
    # broadcasting: one configuration, four velocities
    yK1, yP1 = energy_regressor(chain, q[0], qd, gravity=G)
    assert yK1.shape == yP1.shape == (4, 50)
    assert _rel(yK1 @ pi, cd.kinetic_energy(chain, q[0], qd)) < BOUND
    assert _rel(yP1, np.broadcast_to(yP[0], (4, 50))) < BOUND


def _d_dt(f, h=1e-3):
    """df/dt at t = 0 by the five-point central stencil (error of order h^4 f^(5))."""
    return (f(-2 * h) - 8 * f(-h) + 8 * f(h) - f(2 * h)) / (12 * h)


def test_lagrange_equation_by_finite_differences():
    """Row k of Y is d/dt ∂y_K/∂qd_k - ∂(y_K - y_P)/∂q_k along the motion with constant qdd.

    y_K is quadratic in qd (the twists are linear in qd), so the central difference in qd
    is exact up to roundoff for any step; the derivatives in q and t use the five-point
    stencil with h = 1e-3 (truncation of order h^4 = 1e-12 times fifth derivatives of
    order one, roundoff of order eps / h = 2e-13, relative).  Bound: 1e-9 relative to max |Y|."""
    n = 3
    chain = _chain(n, 0.5)
    q, qd, qdd = _state(n, np.random.default_rng(14))
    eye = np.eye(n)

    def yK(qq, vv):
        return energy_regressor(chain, qq, vv, gravity=G)[0]

    def lagrangian(qq, vv):
        k, p = energy_regressor(chain, qq, vv, gravity=G)
        return k - p

    def dyK_dqd(qq, vv):  # (n, 10 n): row k is ∂y_K/∂qd_k (exact central difference)
        return np.array([(yK(qq, vv + e) - yK(qq, vv - e)) / 2.0 for e in eye])

    def along(t):
        return dyK_dqd(q + qd * t + 0.5 * qdd * t * t, qd + qdd * t)

    dL_dq = np.array([_d_dt(lambda s, e=e: lagrangian(q + s * e, qd)) for e in eye])
    lagrange = _d_dt(along) - dL_dq
    Y = regressor(chain, q, qd, qdd, gravity=G)
    assert _rel(lagrange, Y) < 1e-9


def test_power_balance():
    """qd^T Y π = d/dt (y_K + y_P) π along the motion (the energy model of identification):
    five-point stencil, h = 1e-3, bound 1e-9 relative to the power's largest term."""
    chain = _chain(4, 0.5)
    pi = inertial_parameters(chain)
    q, qd, qdd = _state(4, np.random.default_rng(15))

    def energy(t):
        yK, yP = energy_regressor(chain, q + qd * t + 0.5 * qdd * t * t, qd + qdd * t, gravity=G)
        return (yK + yP) @ pi

    terms = qd * (regressor(chain, q, qd, qdd, gravity=G) @ pi)
    assert abs(_d_dt(energy) - terms.sum()) / np.abs(terms).max() < 1e-9


# ------------------------------------------------------------------- bad input


Z2 = np.zeros(2)
BAD = [
    ("wrong shape", (np.zeros(3), Z2, Z2), {},
     "q must have shape (n,) or (N, n) with n = 2, got (3,)"),
    ("NaN", ([0.0, np.nan], Z2, Z2), {}, "q must be finite, got nan at index (1,)"),
    ("np.matrix", (Z2, _matrix([0.0, 0.0]), Z2), {},
     "qd must be a plain numpy.ndarray, a list or a number, got a numpy.matrix"),
    ("batches", (np.zeros((3, 2)), np.zeros((4, 2)), Z2), {},
     "joint arrays must have matching batch shapes, got q (3, 2), qd (4, 2), qdd (2,)"),
    ("gravity", (Z2, Z2, Z2), {"gravity": [0.0, -9.81]}, "gravity must have shape (3,), got (2,)"),
]


@pytest.mark.parametrize(("what", "args", "kwargs", "message"), BAD, ids=[b[0] for b in BAD])
def test_regressor_refuses_what_rnea_refuses(what, args, kwargs, message):
    chain = models.planar_2r()
    for fn in (cd.rnea, regressor):
        with pytest.raises(ValueError, match=re.escape(message)):
            fn(chain, *args, **kwargs)
    with pytest.raises(ValueError, match=re.escape(message.replace(", qdd (2,)", ""))):
        energy_regressor(chain, *args[:2], **kwargs)


def test_refuses_a_non_chain():
    message = "chain must be a chaindyn.Chain, got str"
    for fn in (cd.rnea, regressor):
        with pytest.raises(ValueError, match=re.escape(message)):
            fn("arm", Z2, Z2, Z2)
    for fn in (inertial_parameters, parameter_names):
        with pytest.raises(ValueError, match=re.escape(message)):
            fn("arm")
    with pytest.raises(ValueError, match=re.escape(message)):
        energy_regressor("arm", Z2, Z2)


def test_parameters_refuse_a_v_omega_ordered_matrix(pin):
    G_pin = pin.Inertia(2.0, np.array([0.1, 0.2, 0.3]), np.diag([0.1, 0.2, 0.25])).matrix()
    with pytest.raises(ValueError, match=re.escape(
            "a (v, omega)-ordered matrix such as Pinocchio's Inertia.matrix() has its 3x3 "
            "blocks swapped")):
        parameters(G_pin)


@pytest.mark.parametrize(("pi", "message"), [
    (np.zeros(9), "pi must have shape (..., 10), got (9,)"),
    ([0, 0, 0, np.nan, 0, 0, 0, 0, 0, 0], "pi must be finite, got nan at index (3,)"),
    (_matrix(np.zeros(10)), "pi must be a plain numpy.ndarray, a list or a number"),
])
def test_inertia_from_parameters_refuses(pi, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        inertia_from_parameters(pi)


def test_body_regressors_refuse_bad_twists():
    with pytest.raises(ValueError, match=re.escape("V must have shape (..., 6), got (5,)")):
        momentum_regressor(np.zeros(5))
    with pytest.raises(ValueError, match=re.escape("Vdot must be finite, got inf at index (2,)")):
        newton_euler_regressor(np.zeros(6), [0, 0, np.inf, 0, 0, 0])
    with pytest.raises(ValueError, match=re.escape("the batch shapes must broadcast together")):
        newton_euler_regressor(np.zeros((3, 6)), np.zeros((4, 6)))


# -------------------------------------------------------------------- cost


def regressor_products(n):
    """Products of one regressor call on n revolute links (rule "products").

    From the code: the forward recursion of RNEA, 207 per revolute link (joint_step's
    99 and three 6x6 by 6 products, Ad V, ad_V A and Ad V̇, of 36); per link the body
    regressor's ``ad_dual(V) @ K(V)``, 6x6 by 6x10 = 360; for every pair i >= j a
    projection ``A_j^T B``, 6 by 6x10 = 60, n (n + 1) / 2 of them, and for every pair
    i >= j with j >= 1 a transfer ``Ad^T B``, 360, n (n - 1) / 2 of them.  Total
    207 n + 360 n + 30 n (n + 1) + 180 n (n - 1) = 210 n^2 + 417 n.  The count does not
    depend on the values (no branch on them), so it holds for every all-revolute chain
    of any n >= 1; the tests check n = 1..12."""
    return 210 * n * n + 417 * n


def regressor_all(n):
    """Multiplications of all kinds (rule "all") on n revolute links: the products plus
    the elementwise multiplications, which sit only in the forward recursion (the body
    regressor's K(V) is assembled from entries, and the transfers and projections are
    products): 63 per revolute link, as in RNEA (whose backward pass has none), so
    210 n^2 + 480 n, valid as :func:`regressor_products`."""
    return 210 * n * n + 480 * n


@pytest.mark.parametrize("n", range(1, 13))
def test_operation_count_of_revolute_chains(n):
    chain = models.random_chain(n, np.random.default_rng(200 + n))
    assert set(chain.joint_types) == {"revolute"}
    q, qd, qdd = _state(n, np.random.default_rng(n))
    assert count(regressor, chain, q, qd, qdd, rule="products") == regressor_products(n)
    assert count(regressor, chain, q, qd, qdd, rule="all") == regressor_all(n)
    assert count(cd.rnea, chain, q, qd, qdd, rule="products") == 357 * n


@pytest.mark.parametrize("n", [1, 4, 7])
def test_operation_count_above_rnea_does_not_depend_on_joint_types(n):
    """The regressor and RNEA share the forward recursion, where a prismatic joint is
    cheaper; what the regressor adds (body regressors, projections and transfers, 360 n +
    30 n (n + 1) + 180 n (n - 1)) minus RNEA's backward pass (150 per link: G V̇, G V,
    ad_dual(V) (G V), Ad^T F of 36 and F^T A of 6, no elementwise multiplication) is
    210 n^2 + 60 n under both rules, whatever the joints."""
    chain = models.random_chain(n, np.random.default_rng(300 + n), prismatic=0.5)
    q, qd, qdd = _state(n, np.random.default_rng(n))
    for rule in ("products", "all"):
        extra = count(regressor, chain, q, qd, qdd, rule=rule) - count(cd.rnea, chain, q, qd,
                                                                       qdd, rule=rule)
        assert extra == 210 * n * n + 60 * n, rule

