"""Property tests: identities that every serial chain and every state must satisfy.

Chains come from ``models.random_chain(n, default_rng(seed), prismatic=p)`` with
n in 1..7 and p in {0, 0.5, 1} (all revolute, mixed, all prismatic); states are
built with numpy from a drawn seed, which keeps the examples cheap and each
failure reproducible from the three or four integers hypothesis prints.

The oracles are independent of the code path under test wherever the package
offers two paths: the spatial recursion against the 3-vector one, RNEA against
the mass matrix it is decomposed into, the kinetic energy from link twists
against ``1/2 qd^T M qd``, the static torque against the body Jacobian.
"""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import chaindyn as cd
from chaindyn import classic, models
from chaindyn.spatial import Ad

SETTINGS = settings(max_examples=40, deadline=None)

#: The chain: number of links, seed of its generator, probability of a prismatic joint.
CHAIN = {
    "n": st.integers(1, 7),
    "seed": st.integers(0, 2**32 - 1),
    "p": st.sampled_from([0.0, 0.5, 1.0]),
}
#: Seed of the state (q, qd, qdd, gravity, f_tip).
SSEED = st.integers(0, 2**32 - 1)

REL = 1e-10  # roundoff bound, relative to (1 + the size of the result)
EXACT = 1e-14  # batch against single calls: the same operations on stacked arrays


def make_chain(n, seed, p):
    return models.random_chain(n, np.random.default_rng(seed), prismatic=p)


def make_state(n, sseed, batch=()):
    """q, qd, qdd, gravity and f_tip of a plausible magnitude (rad or m, SI)."""
    rng = np.random.default_rng(sseed)
    q = rng.uniform(-np.pi, np.pi, batch + (n,))
    qd = rng.uniform(-3.0, 3.0, batch + (n,))
    qdd = rng.uniform(-5.0, 5.0, batch + (n,))
    gravity = rng.normal(0.0, 10.0, 3)
    f_tip = rng.normal(0.0, 10.0, batch + (6,))
    return q, qd, qdd, gravity, f_tip


def assert_close(got, want, rel=REL, what=""):
    """|got - want| <= rel * (1 + max |want|) elementwise."""
    got, want = np.asarray(got), np.asarray(want)
    assert got.shape == want.shape, (what, got.shape, want.shape)
    tol = rel * (1.0 + float(np.abs(want).max(initial=0.0)))
    err = float(np.abs(got - want).max(initial=0.0))
    assert err <= tol, f"{what}: max error {err:.3g} > {tol:.3g}"


# (a) two independent recursions agree ------------------------------------- #


@SETTINGS
@given(**CHAIN, sseed=SSEED, use_tip=st.booleans())
def test_rnea_equals_classic(n, seed, p, sseed, use_tip):
    chain = make_chain(n, seed, p)
    q, qd, qdd, g, F = make_state(n, sseed)
    F = F if use_tip else None
    tau = cd.rnea(chain, q, qd, qdd, gravity=g, f_tip=F)
    assert_close(cd.rnea_classic(chain, q, qd, qdd, gravity=g, f_tip=F), tau, what="classic")
    assert_close(cd.rnea(chain, q, qd, qdd), cd.rnea_classic(chain, q, qd, qdd))


# (b) tau = M(q) qdd + h(q, qd) --------------------------------------------- #


@SETTINGS
@given(**CHAIN, sseed=SSEED)
def test_rnea_equals_mass_matrix_plus_bias(n, seed, p, sseed):
    chain = make_chain(n, seed, p)
    q, qd, qdd, g, _ = make_state(n, sseed)
    tau = cd.rnea(chain, q, qd, qdd, gravity=g)
    M = cd.mass_matrix(chain, q)
    assert_close(M @ qdd + cd.bias_force(chain, q, qd, gravity=g), tau, what="M qdd + h")
    # and the pieces of h and of M qdd, each from its own function
    parts = (
        cd.inertial_torque(chain, q, qdd)
        + cd.coriolis_torque(chain, q, qd)
        + cd.gravity_torque(chain, q, gravity=g)
    )
    assert_close(parts, tau, what="M qdd + C qd + g")
    assert_close(cd.inertial_torque(chain, q, qdd), M @ qdd, what="inertial_torque")


# (c) M symmetric positive definite ----------------------------------------- #


@SETTINGS
@given(**CHAIN, sseed=SSEED)
def test_mass_matrix_symmetric_positive_definite(n, seed, p, sseed):
    chain = make_chain(n, seed, p)
    q = make_state(n, sseed)[0]
    M = cd.mass_matrix(chain, q)
    assert M.shape == (n, n)
    assert_close(M, M.T, what="M - M^T")
    L = np.linalg.cholesky(0.5 * (M + M.T))  # raises LinAlgError if not positive definite
    assert np.all(np.diag(L) > 0)


# (d) kinetic energy ---------------------------------------------------------- #


@SETTINGS
@given(**CHAIN, sseed=SSEED)
def test_kinetic_energy_equals_quadratic_form(n, seed, p, sseed):
    chain = make_chain(n, seed, p)
    q, qd, *_ = make_state(n, sseed)
    ke = cd.kinetic_energy(chain, q, qd)
    assert np.ndim(ke) == 0 and ke >= 0
    assert_close(ke, 0.5 * qd @ cd.mass_matrix(chain, q) @ qd, what="kinetic energy")


# (e) linear in gravity, quadratic in qd ------------------------------------ #


@SETTINGS
@given(**CHAIN, sseed=SSEED)
def test_gravity_enters_linearly(n, seed, p, sseed):
    chain = make_chain(n, seed, p)
    q, qd, qdd, g, _ = make_state(n, sseed)
    tau2 = cd.rnea(chain, q, qd, qdd, gravity=2 * g)
    diff = tau2 - cd.rnea(chain, q, qd, qdd, gravity=g)
    gt = cd.gravity_torque(chain, q, gravity=g)
    scale = 1.0 + np.abs(tau2).max()  # the difference cancels terms of this size
    assert np.abs(diff - gt).max() <= REL * scale
    # g(q) is odd in the gravity vector and vanishes without it
    assert_close(cd.gravity_torque(chain, q, gravity=-g), -gt, what="g(q, -g)")
    assert_close(cd.gravity_torque(chain, q, gravity=np.zeros(3)), np.zeros(n), what="g = 0")


@SETTINGS
@given(**CHAIN, sseed=SSEED)
def test_coriolis_is_quadratic_in_qd(n, seed, p, sseed):
    chain = make_chain(n, seed, p)
    q, qd, *_ = make_state(n, sseed)
    c1 = cd.coriolis_torque(chain, q, qd)
    assert_close(cd.coriolis_torque(chain, q, 2 * qd), 4 * c1, what="C(2 qd) 2 qd")
    assert_close(cd.coriolis_torque(chain, q, -qd), c1, what="C(-qd)(-qd)")
    assert_close(cd.coriolis_torque(chain, q, np.zeros(n)), np.zeros(n), what="qd = 0")


# (f) a batch equals single calls ------------------------------------------ #


@SETTINGS
@given(**CHAIN, sseed=SSEED, N=st.integers(1, 5))
def test_batch_equals_single_calls(n, seed, p, sseed, N):
    chain = make_chain(n, seed, p)
    q, qd, qdd, g, F = make_state(n, sseed, batch=(N,))
    calls = {
        "rnea": lambda *s: cd.rnea(chain, *s[:3], gravity=g, f_tip=s[3]),
        "rnea_classic": lambda *s: cd.rnea_classic(chain, *s[:3], gravity=g, f_tip=s[3]),
        "joint_wrenches": lambda *s: cd.joint_wrenches(chain, *s[:3], gravity=g, f_tip=s[3]),
        "mass_matrix": lambda *s: cd.mass_matrix(chain, s[0]),
        "bias_force": lambda *s: cd.bias_force(chain, s[0], s[1], gravity=g),
        "tip_wrench_torque": lambda *s: cd.tip_wrench_torque(chain, s[0], s[3]),
        "kinetic_energy": lambda *s: cd.kinetic_energy(chain, s[0], s[1]),
        "forward_kinematics": lambda *s: cd.forward_kinematics(chain, s[0]),
        "body_jacobian": lambda *s: cd.body_jacobian(chain, s[0]),
        "space_jacobian": lambda *s: cd.space_jacobian(chain, s[0]),
        "link_twists": lambda *s: cd.link_twists(chain, s[0], s[1]),
        "link_velocities": lambda *s: np.stack(classic.link_velocities(chain, s[0], s[1])),
    }
    for name, f in calls.items():
        batch = f(q, qd, qdd, F)
        single = [f(q[k], qd[k], qdd[k], F[k]) for k in range(N)]
        if name == "link_velocities":  # (3, N, n, 3) against N of (3, n, 3)
            single = np.stack(single, axis=1)
        else:
            single = np.stack(single)
        assert_close(batch, single, rel=EXACT, what=name)


def test_body_jacobian_batch_single_link():
    """The only column of a 1-link body Jacobian, Ad_I A_1, does not depend on q;
    it must still be repeated over the batch."""
    chain = make_chain(1, 0, 0.0)
    q = np.array([[0.1], [0.2], [0.3]])
    J = cd.body_jacobian(chain, q)
    assert J.shape == (3, 6, 1)
    np.testing.assert_array_equal(J, np.stack([cd.body_jacobian(chain, qk) for qk in q]))


# (g) J_b^T F_tip ------------------------------------------------------------ #


@SETTINGS
@given(**CHAIN, sseed=SSEED)
def test_tip_wrench_torque_is_body_jacobian_transpose(n, seed, p, sseed):
    chain = make_chain(n, seed, p)
    q, *_, F = make_state(n, sseed)
    Jb = cd.body_jacobian(chain, q)
    assert Jb.shape == (6, n)
    assert_close(cd.tip_wrench_torque(chain, q, F), Jb.T @ F, what="J_b^T F")
    # J_s = Ad_{T_0n} J_b: the same screw axes in {0}
    T = cd.forward_kinematics(chain, q)[-1]
    assert_close(cd.space_jacobian(chain, q), Ad(T) @ Jb, what="J_s")
    # V_n = J_b qd: the twist of the last link by the recursion
    qd = make_state(n, sseed + 1)[1]
    assert_close(cd.link_twists(chain, q, qd)[-1], Jb @ qd, what="V_n")


# (h) power is frame invariant ---------------------------------------------- #


@SETTINGS
@given(**CHAIN, sseed=SSEED)
def test_wrench_twist_power_is_frame_invariant(n, seed, p, sseed):
    chain = make_chain(n, seed, p)
    rng = np.random.default_rng(sseed)
    q = rng.uniform(-np.pi, np.pi, n)
    T = cd.forward_kinematics(chain, q)[rng.integers(n)]  # a pose T_0i
    V, F = rng.normal(size=6), rng.normal(size=6)
    Tinv = np.linalg.inv(T)
    V_a = Ad(T) @ V  # twist re-expressed in {0}
    F_a = Ad(Tinv).T @ F  # wrench re-expressed in {0}
    # roundoff of a dot product is bounded by |a| |b| (Cauchy-Schwarz)
    assert abs(V_a @ F_a - V @ F) <= REL * (1.0 + np.linalg.norm(V_a) * np.linalg.norm(F_a))
    assert_close(Ad(Tinv) @ Ad(T), np.eye(6), what="Ad_T^-1 Ad_T")


# (i) tau_i is the wrench through joint i along its screw axis --------------- #


@SETTINGS
@given(**CHAIN, sseed=SSEED, N=st.integers(0, 3))
def test_joint_wrench_along_screw_is_torque(n, seed, p, sseed, N):
    chain = make_chain(n, seed, p)
    batch = (N,) if N else ()
    q, qd, qdd, g, F = make_state(n, sseed, batch=batch)
    W = cd.joint_wrenches(chain, q, qd, qdd, gravity=g, f_tip=F)
    tau = cd.rnea(chain, q, qd, qdd, gravity=g, f_tip=F)
    assert W.shape == batch + (n, 6)
    for i in range(n):
        assert_close(W[..., i, :] @ chain.screws[i], tau[..., i], rel=1e-12, what=f"joint {i}")
