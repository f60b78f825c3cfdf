"""The derivatives of the dynamics (chaindyn.derivatives, book §3.6).

Oracles, each independent of the analytical sweeps:
* central finite differences of ``rnea`` and ``aba`` (h = 1e-6; truncation ~h^2 and
  roundoff ~eps/h give ~1e-9 relative; bound 1e-6 relative to the largest entry);
* complex-step differentiation (exact to roundoff at h = 1e-30; bound 1e-12 relative) of a
  small reference RNEA written here in the fixed frame {0} (the library recurses in the link
  frames and refuses complex input, on purpose);
* Pinocchio's computeRNEADerivatives / computeABADerivatives (bound 1e-9 relative);
* an identity: rotating the whole chain about a vertical first axis under vertical gravity
  changes no torque, so that column of dtau/dq is zero.
"""

from __future__ import annotations

import numpy as np
import pytest
from _refs import reference
from _robots import ROBOTS, pinocchio_urdf_model, robot_chain, robot_urdf

import chaindyn as cd
from chaindyn import interop, models

KINDS = (0.0, 0.5, 1.0)  # probability that a joint is prismatic
SIZES = range(1, 7)
GRAVITY = np.array([0.3, -1.2, -9.80665])


def _state(rng, n, batch=()):
    return [rng.normal(size=batch + (n,)) for _ in range(3)]


def _chain(n, kind, seed=0):
    return models.random_chain(n, np.random.default_rng([seed, n, int(10 * kind)]), prismatic=kind)


def _rel(a, b):
    return np.max(np.abs(a - b)) / max(1.0, np.max(np.abs(b)))


def _fd(f, x, h=1e-6):
    """Central differences of f (..., n) with respect to x (..., n): (..., n, n)."""
    cols = []
    for j in range(x.shape[-1]):
        e = np.zeros(x.shape[-1])
        e[j] = h
        cols.append((f(x + e) - f(x - e)) / (2 * h))
    return np.stack(cols, axis=-1)


# ------------------------------------------------------------------ finite differences


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("tip", [False, True])
@pytest.mark.parametrize("batch", [(), (3,)])
def test_rnea_derivatives_match_finite_differences(n, kind, tip, batch):
    chain, rng = _chain(n, kind), np.random.default_rng([1, n])
    q, qd, qdd = _state(rng, n, batch)
    f_tip = rng.normal(size=batch + (6,)) if tip else None
    dq, dqd = cd.rnea_derivatives(chain, q, qd, qdd, GRAVITY, f_tip)
    assert dq.shape == dqd.shape == batch + (n, n)
    assert _rel(dq, _fd(lambda x: cd.rnea(chain, x, qd, qdd, GRAVITY, f_tip), q)) < 1e-6
    assert _rel(dqd, _fd(lambda x: cd.rnea(chain, q, x, qdd, GRAVITY, f_tip), qd)) < 1e-6


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("tip", [False, True])
@pytest.mark.parametrize("batch", [(), (3,)])
def test_aba_derivatives_match_finite_differences(n, kind, tip, batch):
    chain, rng = _chain(n, kind), np.random.default_rng([2, n])
    q, qd, tau = _state(rng, n, batch)
    f_tip = rng.normal(size=batch + (6,)) if tip else None
    dq, dqd, dtau = cd.aba_derivatives(chain, q, qd, tau, GRAVITY, f_tip)
    assert dq.shape == dqd.shape == dtau.shape == batch + (n, n)
    assert _rel(dq, _fd(lambda x: cd.aba(chain, x, qd, tau, GRAVITY, f_tip), q)) < 1e-6
    assert _rel(dqd, _fd(lambda x: cd.aba(chain, q, x, tau, GRAVITY, f_tip), qd)) < 1e-6
    assert _rel(dtau, _fd(lambda x: cd.aba(chain, q, qd, x, GRAVITY, f_tip), tau)) < 1e-6


# ------------------------------------------------------------------ complex step


def _hat(w):
    return np.array([[0, -w[2], w[1]], [w[2], 0, -w[0]], [-w[1], w[0], 0]])


def _ad(V):
    """ad_V = [[[w], 0], [[v], [w]]] of the twist V = (w, v)."""
    W, Z = _hat(V[:3]), np.zeros((3, 3))
    return np.block([[W, Z], [_hat(V[3:]), W]])


def _ref_rnea(chain, q, qd, qdd, gravity, f_tip=None):
    """The RNEA written in the fixed frame {0}, in plain numpy that also takes complex input.

    T_{0,i} = T_{0,i-1} M_{i,i-1}^-1 exp([A_i] q_i) (Rodrigues); in {0} the joint screws
    S_i = Ad_{T_0i} A_i and the twists V_i = V_{i-1} + S_i qd_i add,
    Vdot_i = Vdot_{i-1} + ad_{V_i} S_i qd_i + S_i qdd_i from Vdot_0 = (0, -g), each link's
    wrench is G_i^0 Vdot_i - ad_{V_i}^T G_i^0 V_i with G_i^0 = Ad_{T_i0}^T G_i Ad_{T_i0}, and
    tau_i = S_i^T (the sum of the wrenches of links i..n and F_tip, all in {0})."""
    T, V, Vd = np.eye(4), np.zeros(6), np.r_[0.0, 0.0, 0.0, -np.asarray(gravity, dtype=float)]
    F, S = (np.zeros(6) if f_tip is None else np.asarray(f_tip)) * (1 + 0j), []
    for i, (A, M) in enumerate(zip(chain.screws, chain.home)):
        w, v, W = A[:3], A[3:], _hat(A[:3])
        E = np.eye(4, dtype=complex)
        if np.linalg.norm(w) > 0:
            E[:3, :3] = np.eye(3) + np.sin(q[i]) * W + (1 - np.cos(q[i])) * W @ W
            E[:3, 3] = (np.eye(3) * q[i] + (1 - np.cos(q[i])) * W
                        + (q[i] - np.sin(q[i])) * W @ W) @ v
        else:
            E[:3, 3] = v * q[i]
        Minv = np.eye(4)
        Minv[:3, :3], Minv[:3, 3] = M[:3, :3].T, -M[:3, :3].T @ M[:3, 3]
        T = T @ Minv @ E
        R, p = T[:3, :3], T[:3, 3]
        Ad = np.block([[R, np.zeros((3, 3))], [_hat(p) @ R, R]])  # Ad_{T_0i}
        Si = Ad @ A
        V = V + Si * qd[i]
        Vd = Vd + _ad(V) @ Si * qd[i] + Si * qdd[i]
        Adinv = np.block([[R.T, np.zeros((3, 3))], [-R.T @ _hat(p), R.T]])  # Ad_{T_i0}
        G = Adinv.T @ chain.inertias[i] @ Adinv
        S.append((Si, G @ Vd - _ad(V).T @ G @ V))
        if i == chain.n - 1:
            F = Adinv.T @ F  # F_tip from {n} to {0}
    tau = np.zeros(chain.n, dtype=complex)
    for i in reversed(range(chain.n)):
        F = F + S[i][1]
        tau[i] = S[i][0] @ F
    return tau


def test_library_refuses_complex_input():
    chain = _chain(2, 0.0)
    with pytest.raises(ValueError, match="q must be an array of real numbers"):
        cd.rnea(chain, np.zeros(2) + 1e-30j, np.zeros(2), np.zeros(2))


def test_reference_rnea_is_chaindyns():
    chain, rng = _chain(5, 0.5), np.random.default_rng(3)
    q, qd, qdd = _state(rng, 5)
    f = rng.normal(size=6)
    assert _rel(_ref_rnea(chain, q, qd, qdd, GRAVITY, f), cd.rnea(chain, q, qd, qdd, GRAVITY, f)) \
        < 1e-12


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("n", [1, 3, 6])
@pytest.mark.parametrize("tip", [False, True])
def test_rnea_derivatives_match_complex_step(n, kind, tip):
    chain, rng, h = _chain(n, kind), np.random.default_rng([4, n]), 1e-30
    q, qd, qdd = _state(rng, n)
    f_tip = rng.normal(size=6) if tip else None
    E = np.eye(n)
    cs_q = np.stack([_ref_rnea(chain, q + 1j * h * E[j], qd, qdd, GRAVITY, f_tip).imag / h
                     for j in range(n)], axis=-1)
    cs_qd = np.stack([_ref_rnea(chain, q, qd + 1j * h * E[j], qdd, GRAVITY, f_tip).imag / h
                      for j in range(n)], axis=-1)
    dq, dqd = cd.rnea_derivatives(chain, q, qd, qdd, GRAVITY, f_tip)
    assert _rel(dq, cs_q) < 1e-12
    assert _rel(dqd, cs_qd) < 1e-12


# ------------------------------------------------------------------ Pinocchio


@pytest.fixture(scope="module")
def pin():
    return reference("pinocchio")


@pytest.fixture(scope="module")
def ur5():
    return robot_chain("UR5")


def _pinocchio_cases(ur5):
    return [("R", _chain(6, 0.0)), ("P", _chain(4, 1.0)), ("mixed", _chain(6, 0.5)),
            ("UR5", ur5)]


def test_rnea_and_aba_derivatives_match_pinocchio(pin, ur5):
    rng = np.random.default_rng(5)
    for name, chain in _pinocchio_cases(ur5):
        model = interop.to_pinocchio(chain, GRAVITY)
        data = model.createData()
        q, qd, qdd = _state(rng, chain.n)
        dq, dqd, M = (np.array(x) for x in pin.computeRNEADerivatives(model, data, q, qd, qdd))
        ours = cd.rnea_derivatives(chain, q, qd, qdd, GRAVITY)
        assert _rel(ours[0], dq) < 1e-9, name
        assert _rel(ours[1], dqd) < 1e-9, name
        assert _rel(cd.crba(chain, q), np.triu(M) + np.triu(M, 1).T) < 1e-9, name  # dtau/dqdd
        tau = rng.normal(size=chain.n)
        data = model.createData()
        ddq = [np.array(x) for x in pin.computeABADerivatives(model, data, q, qd, tau)]
        ddq[2] = np.triu(ddq[2]) + np.triu(ddq[2], 1).T  # Minv: the upper triangle is filled
        for ours_k, theirs in zip(cd.aba_derivatives(chain, q, qd, tau, GRAVITY), ddq):
            assert _rel(ours_k, theirs) < 1e-9, name


@pytest.mark.parametrize("name", ["R", "P", "mixed", "UR5"])
def test_tip_wrench_derivatives_match_pinocchio_fext(pin, ur5, name):
    """F_tip against Pinocchio's fext: chaindyn's F_tip is the wrench the end effector applies
    TO the environment, in {n}; Pinocchio's fext[j] is the force ON body j in the local frame
    of joint j.  interop.pinocchio_fext flips the sign and moves the wrench to the last joint's
    frame with the placement of {n} in it.  Both hold the wrench constant in the body, so the
    derivatives must agree too (and differ from those without the wrench)."""
    chain = dict(_pinocchio_cases(ur5))[name]
    rng = np.random.default_rng([10, chain.n])
    model = interop.to_pinocchio(chain, GRAVITY)
    q, qd, qdd = _state(rng, chain.n)
    f_tip = 5.0 * rng.normal(size=6)
    fext = interop.pinocchio_fext(chain, model, f_tip)
    data = model.createData()  # the returned matrices are views into data: keep it alive
    dq, dqd, _ = (np.array(x) for x in pin.computeRNEADerivatives(model, data, q, qd, qdd, fext))
    ours = cd.rnea_derivatives(chain, q, qd, qdd, GRAVITY, f_tip)
    assert _rel(ours[0], dq) < 1e-9 and _rel(ours[1], dqd) < 1e-9
    if name != "P":  # F_tip matters (on prismatic joints alone dtau/dq is zero with or without)
        assert _rel(cd.rnea_derivatives(chain, q, qd, qdd, GRAVITY)[0], dq) > 1e-6
    tau = rng.normal(size=chain.n)
    data = model.createData()
    theirs = [np.array(x) for x in pin.computeABADerivatives(model, data, q, qd, tau, fext)]
    for ours_k, theirs_k in zip(cd.aba_derivatives(chain, q, qd, tau, GRAVITY, f_tip), theirs[:2]):
        assert _rel(ours_k, theirs_k) < 1e-9


@pytest.mark.parametrize("name", list(ROBOTS))
def test_real_robots_match_pinocchio_reading_the_urdf_itself(pin, name):
    """The robots of 3.2.5.8 (UR5, Panda, the Talos arm), read once by chaindyn.urdf and once
    by Pinocchio's own URDF parser (_robots.pinocchio_urdf_model, no conversion of ours in
    between), with a tip wrench: the derivatives of the RNEA and of the forward dynamics."""
    from chaindyn import urdf

    path, tip = robot_urdf(name)
    u = urdf.load(path, tip_link=tip)
    chain = u.chain
    model = pinocchio_urdf_model(path, u.joints)
    model.gravity = pin.Motion(np.concatenate([GRAVITY, np.zeros(3)]))
    rng = np.random.default_rng([11, chain.n])
    q, qd, qdd = _state(rng, chain.n)
    f_tip = 5.0 * rng.normal(size=6)
    fext = interop.pinocchio_fext(chain, model, f_tip, frame=tip)
    data = model.createData()
    dq, dqd, _ = (np.array(x) for x in pin.computeRNEADerivatives(model, data, q, qd, qdd, fext))
    ours = cd.rnea_derivatives(chain, q, qd, qdd, GRAVITY, f_tip)
    assert _rel(ours[0], dq) < 1e-9 and _rel(ours[1], dqd) < 1e-9
    tau = rng.normal(size=chain.n)
    data = model.createData()
    theirs = [np.array(x) for x in pin.computeABADerivatives(model, data, q, qd, tau, fext)]
    for ours_k, theirs_k in zip(cd.aba_derivatives(chain, q, qd, tau, GRAVITY, f_tip), theirs[:2]):
        assert _rel(ours_k, theirs_k) < 1e-9


# ------------------------------------------------------------------ identities, batch, input


def _vertical_first_axis(n, kind, seed):
    """A random chain whose joint 1 is revolute about a vertical line of {0}."""
    c, rng = _chain(n, kind, seed), np.random.default_rng(seed)
    home = np.array(c.home)
    screws = np.array(c.screws)
    R0 = home[0][:3, :3]  # R_{1,0}: the axis z of {0}, in {1}, is R0 @ e_z
    w = R0 @ np.array([0.0, 0.0, 1.0])
    r = rng.uniform(-0.3, 0.3, size=3)  # a point of the axis, in {1}
    screws[0] = np.r_[w, -np.cross(w, r)]
    return cd.Chain(home, screws, c.inertias)


@pytest.mark.parametrize("seed", range(3))
def test_vertical_first_axis_gives_a_zero_column(seed, ur5):
    rng = np.random.default_rng([6, seed])
    g = np.array([0.0, 0.0, -9.80665])
    for chain in (_vertical_first_axis(5, 0.4, seed), ur5, models.planar_2r()):
        q, qd, qdd = _state(rng, chain.n)
        dq, _ = cd.rnea_derivatives(chain, q, qd, qdd, g, rng.normal(size=6))
        assert np.max(np.abs(dq[:, 0])) < 1e-11 * max(1.0, np.max(np.abs(dq)))
        assert np.max(np.abs(dq)) > 1e-3  # the other columns are not zero


def test_batch_equals_loop():
    chain, rng = _chain(5, 0.5), np.random.default_rng(7)
    q, qd, x = _state(rng, 5, (4,))
    f = rng.normal(size=(4, 6))
    batched = cd.rnea_derivatives(chain, q, qd, x, GRAVITY, f)
    batched_fd = cd.aba_derivatives(chain, q, qd, x, GRAVITY, f)
    for k in range(4):
        for got, want in zip(batched, cd.rnea_derivatives(chain, q[k], qd[k], x[k], GRAVITY, f[k])):
            np.testing.assert_allclose(got[k], want, rtol=0, atol=1e-12 * np.max(np.abs(want)))
        for got, want in zip(batched_fd, cd.aba_derivatives(chain, q[k], qd[k], x[k], GRAVITY,
                                                             f[k])):
            np.testing.assert_allclose(got[k], want, rtol=0, atol=1e-12 * np.max(np.abs(want)))


def test_broadcast_state_with_one_q():
    """q of shape (n,) with qd of shape (N, n): every output has the batch shape."""
    chain, rng = _chain(3, 0.0), np.random.default_rng(8)
    q, qd, tau = rng.normal(size=3), rng.normal(size=(2, 3)), rng.normal(size=(2, 3))
    for out in cd.aba_derivatives(chain, q, qd, tau):
        assert out.shape == (2, 3, 3)



@pytest.mark.parametrize("batch, f_batch", [((), (4,)), ((), (1,)), ((), (0,)), ((4,), (4, 1))])
def test_a_batch_of_tip_wrenches_batches_the_result(batch, f_batch):
    """f_tip may carry batch axes that q, qd and qdd do not (as in rnea): the derivatives
    then have the broadcast batch, and each element is the derivative at that wrench."""
    chain, rng = _chain(3, 0.5), np.random.default_rng(9)
    q, qd, qdd = _state(rng, 3, batch)
    f = rng.normal(size=f_batch + (6,))
    full = np.broadcast_shapes(batch, f_batch)
    assert cd.rnea(chain, q, qd, qdd, GRAVITY, f).shape == full + (3,)
    dq, dqd = cd.rnea_derivatives(chain, q, qd, qdd, GRAVITY, f)
    assert dq.shape == dqd.shape == full + (3, 3)
    qb, qdb, qddb = (np.broadcast_to(x, full + (3,)) for x in (q, qd, qdd))
    fb = np.broadcast_to(f, full + (6,))
    for k in np.ndindex(*full):
        want = cd.rnea_derivatives(chain, qb[k], qdb[k], qddb[k], GRAVITY, fb[k])
        np.testing.assert_allclose(dq[k], want[0], rtol=0, atol=1e-12 * np.max(np.abs(want[0])))
        np.testing.assert_allclose(dqd[k], want[1], rtol=0, atol=1e-12 * np.max(np.abs(want[1])))


BAD = {
    "wrong shape": (lambda z: (z[:2], z, z),
                    "q must have shape (n,) or (N, n) with n = 3, got (2,)"),
    "NaN": (lambda z: (z, np.r_[z[:2], np.nan], z), "qd must be finite"),
    "np.matrix": (lambda z: (z, z, np.matrix(z)), "must be a plain numpy.ndarray"),
}


@pytest.mark.filterwarnings("ignore::PendingDeprecationWarning")
@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_input_gives_rneas_messages(case):
    chain = _chain(3, 0.0)
    make, pinned = BAD[case]
    args = make(np.zeros(3))
    for fn, same in ((cd.rnea_derivatives, cd.rnea), (cd.aba_derivatives, cd.aba)):
        with pytest.raises(ValueError) as want:
            same(chain, *args)
        with pytest.raises(ValueError) as got:
            fn(chain, *args)
        assert str(got.value) == str(want.value)
    assert pinned in str(want.value)  # aba's third argument is tau, rnea's qdd


def test_non_chain_and_bad_tip_give_rneas_messages():
    z = np.zeros(3)
    for chain, f_tip, pinned in (([1, 2], None, "chain must be a chaindyn.Chain, got list"),
                                 (_chain(3, 0.0), np.zeros(5),
                                  "f_tip must have shape (6,) or (N, 6), got (5,)")):
        for fn, same in ((cd.rnea_derivatives, cd.rnea), (cd.aba_derivatives, cd.aba)):
            with pytest.raises(ValueError) as want:
                same(chain, z, z, z, f_tip=f_tip)
            with pytest.raises(ValueError) as got:
                fn(chain, z, z, z, f_tip=f_tip)
            assert str(got.value) == str(want.value)
            assert pinned in str(want.value)


@pytest.mark.parametrize("kind", KINDS)
def test_sign_rules_of_the_joint_step(kind):
    """d(X Y)/dq_i = -ad_A (X Y) and d(X^T F)/dq_i = X^T ad*_A F = -X^T ad_A^T F, with
    X = Ad_{T_{i,i-1}}: the two rules the sweeps are built on, against central differences."""
    from chaindyn.inverse_dynamics import joint_step
    from chaindyn.spatial import ad, ad_dual

    chain, rng, h = _chain(4, kind), np.random.default_rng(9), 1e-6
    for i in range(chain.n):
        A, qi, Y, F = chain.screws[i], rng.normal(), rng.normal(size=6), rng.normal(size=6)
        X = joint_step(chain, i, np.array(qi))
        dX = (joint_step(chain, i, np.array(qi + h))
              - joint_step(chain, i, np.array(qi - h))) / (2 * h)
        assert _rel(dX @ Y, -ad(A) @ X @ Y) < 1e-8
        assert _rel(dX.T @ F, X.T @ ad_dual(A) @ F) < 1e-8
        # the opposite sign, X^T ad_A^T F, is wrong
        assert _rel(dX.T @ F, X.T @ ad(A).T @ F) > 1e-3
