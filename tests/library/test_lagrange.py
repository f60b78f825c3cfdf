"""coriolis_matrix, mass_matrix_dot and the link Jacobians (book §3.3) against independent
oracles -- RNEA's velocity-product torques, central differences of M (as an oracle only),
the closed form of Modern Robotics eq. (8.9), Pinocchio (computeCoriolisMatrix, and the
derivatives of its RNEA, which give dM/dt and 2C), the kinematics of §2.8 -- on random
chains with revolute and prismatic joints, degenerate axis geometries, the 6R arm and
three real robots; the skew-symmetry of Mdot - 2C for the Christoffel C and not for the
Newton-Euler factorization of the same C qd; their multiplication counts as formulas in n.

Bounds, relative to the largest magnitude of the reference: 1e-12 for identities within
chaindyn, 1e-10 against Pinocchio, 1e-8 against central differences (Richardson-extrapolated).
"""

import subprocess
import sys

import numpy as np
import pytest
from _refs import reference
from test_crba_aba import CHAINS as CRBA_CHAINS
from test_crba_aba import (
    SPECIAL,
    _message,
    _rel,
    robot,  # noqa: F401  (fixture: UR5, Panda, Talos arm and Pinocchio)
)

import chaindyn as cd
from chaindyn import interop, jacobian, lagrange, models
from chaindyn.opcount import count

ID_BOUND = 1e-12
PIN_BOUND = 1e-10
FD_BOUND = 1e-8
FORMS = ("christoffel", "newton-euler")


def _skew_defect(S, scale):
    """max |S + S^T| relative to ``scale``."""
    return float(np.abs(S + np.swapaxes(S, -1, -2)).max() / scale)


# arm6r, random chains n = 1..8 with both joint kinds, an all-prismatic chain, and the
# degenerate axis geometries of the rnea_structured and crba_structured tests
CHAINS = CRBA_CHAINS + SPECIAL
IDS = [name for name, _ in CHAINS]
# chains whose velocity-product torques are not identically zero
MOVING = [(name, c) for name, c in CHAINS if name not in ("random1", "prismatic3", "coaxial")]


def _states(n, seed, count=3):
    """q in [-pi, pi], qd in [-2, 2]."""
    rng = np.random.default_rng(seed)
    return rng.uniform(-np.pi, np.pi, (count, n)), rng.uniform(-2, 2, (count, n))


def _central(f, x, d, h):
    """Richardson-extrapolated central difference of f at x along d: O(h^4)."""
    D = [(f(x + s * d) - f(x - s * d)) / (2 * s) for s in (h, h / 2)]
    return (4 * D[1] - D[0]) / 3


# ----------------------------------------------------------------------------- C qd, Mdot


@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize(("name", "chain"), CHAINS, ids=IDS)
def test_c_times_qd_is_rnea_velocity_torque(name, chain, form):
    """C(q, qd) qd = RNEA(q, qd, 0) without gravity, for both factorizations."""
    q, qd = _states(chain.n, 1)
    Cqd = np.einsum("sij,sj->si", cd.coriolis_matrix(chain, q, qd, form), qd)
    want = cd.coriolis_torque(chain, q, qd)
    assert np.abs(Cqd - want).max() <= ID_BOUND * max(np.abs(want).max(), 1.0)


@pytest.mark.parametrize(("name", "chain"), CHAINS, ids=IDS)
def test_mass_matrix_dot_is_derivative_of_m(name, chain):
    """Mdot = dM/dq . qd, against a central difference of M by RNEA columns along qd."""
    q, qd = _states(chain.n, 2)
    Md = cd.mass_matrix_dot(chain, q, qd)
    assert np.array_equal(Md, np.swapaxes(Md, -1, -2))
    for s in range(len(q)):
        fd = _central(lambda x: cd.mass_matrix(chain, x), q[s], qd[s], 1e-3)
        assert np.abs(Md[s] - fd).max() <= FD_BOUND * max(np.abs(cd.crba(chain, q[s])).max(), 1)


@pytest.mark.parametrize(("name", "chain"), CHAINS, ids=IDS)
def test_mdot_minus_2c_skew(name, chain):
    """Mdot - 2C skew-symmetric (Mdot = C + C^T) and qd^T (Mdot - 2C) qd = 0, Mdot and
    C from their separate computations."""
    q, qd = _states(chain.n, 3)
    C = cd.coriolis_matrix(chain, q, qd)
    Md = cd.mass_matrix_dot(chain, q, qd)
    scale = max(np.abs(Md).max(), 1.0)
    S = Md - 2 * C
    assert _skew_defect(S, scale) <= ID_BOUND
    assert np.abs(C + np.swapaxes(C, -1, -2) - Md).max() <= ID_BOUND * scale
    power = np.einsum("si,sij,sj->s", qd, S, qd)
    assert np.abs(power).max() <= ID_BOUND * scale * np.einsum("si,si->s", qd, qd).max()


@pytest.mark.parametrize(("name", "chain"), CHAINS, ids=IDS)
def test_christoffel_symbols_from_derivatives_of_m(name, chain):
    """c_ijk = 1/2 (dM_ij/dq_k + dM_ik/dq_j - dM_jk/dq_i) with the partial derivatives
    of M (CRBA) by central differences: C_ij = sum_k c_ijk qd_k."""
    q, qd = _states(chain.n, 4, count=2)
    n = chain.n
    for s in range(len(q)):
        dM = np.stack([_central(lambda x: cd.crba(chain, x), q[s], e, 1e-3) for e in np.eye(n)])
        # dM[k, i, j] = dM_ij / dq_k
        c = 0.5 * (np.einsum("kij->ijk", dM) + np.einsum("jik->ijk", dM)
                   - np.einsum("ijk->ijk", dM))
        want = np.einsum("ijk,k->ij", c, qd[s])
        got = cd.coriolis_matrix(chain, q[s], qd[s])
        assert np.abs(got - want).max() <= FD_BOUND * max(np.abs(cd.crba(chain, q[s])).max(), 1)


@pytest.mark.parametrize(("name", "chain"), MOVING, ids=[n for n, _ in MOVING])
def test_symmetric_christoffel_and_the_newton_euler_factorization(name, chain):
    """The Christoffel symbols are symmetric in their last two indices, C(q, u) w =
    C(q, w) u; with the skew-symmetry this determines C.  The Newton-Euler factorization
    C' has the same C' qd, is linear in qd too, but Mdot - 2C' is not skew and
    C'(q, u) w != C'(q, w) u: the property belongs to the factorization."""
    q, _ = _states(chain.n, 5, count=2)
    rng = np.random.default_rng(55)
    u, w = rng.uniform(-2, 2, (2, chain.n))
    for s in range(len(q)):
        Cu, Cw = (cd.coriolis_matrix(chain, q[s], x) for x in (u, w))
        assert _rel(Cu @ w, Cw @ u) <= ID_BOUND
        Nu, Nw = (cd.coriolis_matrix(chain, q[s], x, "newton-euler") for x in (u, w))
        assert _rel(Nu @ u, Cu @ u) <= ID_BOUND
        assert _rel(Nu + Nw, cd.coriolis_matrix(chain, q[s], u + w, "newton-euler")) <= ID_BOUND
        Md = cd.mass_matrix_dot(chain, q[s], u)
        scale = np.abs(Md).max()
        assert _skew_defect(Md - 2 * Nu, scale) > 1e-3
        assert np.abs(Nu @ w - Nw @ u).max() > 1e-3 * np.abs(Nu @ w).max()


def test_a_term_that_annihilates_qd_keeps_c_qd_and_breaks_the_property():
    """C' = C + S with S = a b^T, b orthogonal to qd (b = P r, P = 1 - qd qd^T / |qd|^2),
    has S qd = 0 and so the same C' qd = C qd; Mdot - 2C' is skew only if S + S^T = 0,
    which fails for generic a and r."""
    chain = models.arm6r()
    q, qd = _states(6, 6, count=1)
    q, qd = q[0], qd[0]
    a, r = np.random.default_rng(66).standard_normal((2, 6))
    b = r - qd * (qd @ r) / (qd @ qd)
    S = np.outer(a, b)
    C = cd.coriolis_matrix(chain, q, qd)
    assert np.abs(S @ qd).max() <= 1e-14 * np.abs(a).max() * np.abs(qd).max()
    assert _rel((C + S) @ qd, C @ qd) <= ID_BOUND
    Md = cd.mass_matrix_dot(chain, q, qd)
    assert _skew_defect(Md - 2 * (C + S), 1.0) > 1e-2
    assert _skew_defect(Md - 2 * C, max(np.abs(Md).max(), 1.0)) <= ID_BOUND


# ----------------------------------------------------------------------------- closed form


@pytest.mark.parametrize("coms", [None, (0.4, 0.25)], ids=["ends", "inside"])
def test_planar_2r_closed_form(coms):
    """Modern Robotics eq. (8.9), with COMs r_i along the links: k = m2 L1 r2 sin q2,
    C = k [[-qd2, -(qd1 + qd2)], [qd1, 0]], Mdot = -k qd2 [[2, 1], [1, 0]] (the izz
    terms are constant); C qd is the closed form's velocity term."""
    kw = dict(masses=(1.3, 0.7), lengths=(0.9, 0.6), coms=coms, izz=(2e-3, 1e-3))
    chain = models.planar_2r(**kw)
    m2, L1 = 0.7, 0.9
    r2 = 0.6 if coms is None else coms[1]
    rng = np.random.default_rng(8)
    for _ in range(10):
        q, qd = rng.uniform(-3, 3, (2, 2))
        k = m2 * L1 * r2 * np.sin(q[1])
        C = k * np.array([[-qd[1], -(qd[0] + qd[1])], [qd[0], 0.0]])
        Md = -k * qd[1] * np.array([[2.0, 1.0], [1.0, 0.0]])
        np.testing.assert_allclose(cd.coriolis_matrix(chain, q, qd), C, rtol=0, atol=1e-14)
        np.testing.assert_allclose(cd.mass_matrix_dot(chain, q, qd), Md, rtol=0, atol=1e-14)
        h = models.planar_2r_closed_form(q, qd, np.zeros(2), g=0.0, **kw)
        np.testing.assert_allclose(C @ qd, h, rtol=0, atol=1e-14)


# ----------------------------------------------------------------------------- link Jacobians


@pytest.mark.parametrize(("name", "chain"), CHAINS, ids=IDS)
def test_link_jacobians_against_kinematics(name, chain):
    """The last link's J and Jdot are body_jacobian and body_jacobian_dot (§2.8, by a
    backward recursion); J_l qd are RNEA's link twists; sum J_l^T G_l J_l is the CRBA's M;
    columns beyond link l are zero; Jdot is the central difference of J along qd."""
    q, qd = _states(chain.n, 9)
    J = lagrange.link_jacobians(chain, q)
    Jd = lagrange.link_jacobians_dot(chain, q, qd)
    n = chain.n
    assert J.shape == Jd.shape == (len(q), n, 6, n)
    assert _rel(J[:, -1], cd.body_jacobian(chain, q)) <= ID_BOUND
    bjd = jacobian.body_jacobian_dot(chain, q, qd)
    assert np.abs(Jd[:, -1] - bjd).max() <= ID_BOUND * max(np.abs(bjd).max(), 1.0)
    assert _rel(np.einsum("slkj,sj->slk", J, qd), cd.link_twists(chain, q, qd)) <= ID_BOUND
    M = np.einsum("slki,lkm,slmj->sij", J, chain.inertias, J)
    assert _rel(M, cd.crba(chain, q)) <= ID_BOUND
    for lnk in range(n):
        assert not J[:, lnk, :, lnk + 1:].any() and not Jd[:, lnk, :, lnk:].any()
    for s in range(len(q)):
        fd = _central(lambda x: lagrange.link_jacobians(chain, x), q[s], qd[s], 1e-3)
        assert np.abs(Jd[s] - fd).max() <= FD_BOUND * max(np.abs(J[s]).max(), 1.0)


# ----------------------------------------------------------------------------- Pinocchio


def _against_pinocchio(chain, model, q, qd):
    """Largest relative differences of C against pin.computeCoriolisMatrix, of 2C against
    pin's dtau/dv at qdd = 0 (the Christoffel symbols are symmetric, so d(C qd)/dqd = 2C),
    and of Mdot against sum_k dM/dq_k qd_k from pin's dtau/dq at qd = 0, qdd = e_j
    (model gravity switched off)."""
    import pinocchio as pin

    model.gravity = pin.Motion.Zero()
    data = model.createData()
    n = chain.n
    worst = dict.fromkeys(("C", "dtau_dv", "Mdot"), 0.0)
    for s in range(len(q)):
        C = cd.coriolis_matrix(chain, q[s], qd[s])
        worst["C"] = max(worst["C"], _rel(C, pin.computeCoriolisMatrix(model, data, q[s], qd[s])))
        pin.computeRNEADerivatives(model, data, q[s], qd[s], np.zeros(n))
        worst["dtau_dv"] = max(worst["dtau_dv"], _rel(2 * C, data.dtau_dv))
        cols = []
        for e in np.eye(n):
            pin.computeRNEADerivatives(model, data, q[s], np.zeros(n), e)
            cols.append(data.dtau_dq @ qd[s])
        worst["Mdot"] = max(worst["Mdot"], _rel(cd.mass_matrix_dot(chain, q[s], qd[s]),
                                                np.column_stack(cols)))
    return worst


@pytest.mark.parametrize(("name", "chain"), MOVING, ids=[n for n, _ in MOVING])
def test_against_pinocchio(name, chain):
    reference("pinocchio")
    q, qd = _states(chain.n, 10)
    worst = _against_pinocchio(chain, interop.to_pinocchio(chain), q, qd)
    assert max(worst.values()) <= PIN_BOUND, worst


def test_real_robot_against_pinocchio(robot):  # noqa: F811  (the imported fixture)
    """UR5, Panda and the Talos left arm, Pinocchio reading the URDF itself (the fixture
    of the CRBA tests)."""
    name, chain, model, _ = robot
    q, qd = _states(chain.n, 11)
    worst = _against_pinocchio(chain, model, q, qd)
    assert max(worst.values()) <= PIN_BOUND, (name, worst)
    S = cd.mass_matrix_dot(chain, q, qd) - 2 * cd.coriolis_matrix(chain, q, qd)
    assert _skew_defect(S, np.abs(cd.mass_matrix_dot(chain, q, qd)).max()) <= ID_BOUND


# ----------------------------------------------------------------------------- batches


@pytest.mark.parametrize("fn", [cd.coriolis_matrix, cd.mass_matrix_dot,
                                lagrange.link_jacobians_dot], ids=lambda f: f.__name__)
@pytest.mark.parametrize(("name", "chain"), CHAINS[:5], ids=IDS[:5])
def test_batched_equals_single_and_broadcasts(name, chain, fn):
    q, qd = _states(chain.n, 12, count=6)
    out = fn(chain, q, qd)
    single = np.stack([fn(chain, q[s], qd[s]) for s in range(6)])
    assert out.shape == single.shape
    scale = max(np.abs(single).max(), 1.0)
    assert np.abs(out - single).max() <= 1e-14 * scale
    # a batch of q with one qd, one q with a batch of qd; lists accepted
    b = fn(chain, q, qd[0])
    assert np.abs(b - np.stack([fn(chain, x, qd[0]) for x in q])).max() <= 1e-14 * scale
    c = fn(chain, q[0], qd)
    assert np.abs(c - np.stack([fn(chain, q[0], x) for x in qd])).max() <= 1e-14 * scale
    assert fn(chain, q[0].tolist(), qd[0].tolist()).shape == single.shape[1:]


def test_link_jacobians_batched():
    chain = models.arm6r()
    q, _ = _states(6, 13, count=4)
    J = lagrange.link_jacobians(chain, q)
    assert J.shape == (4, 6, 6, 6)
    assert np.abs(J - np.stack([lagrange.link_jacobians(chain, x) for x in q])).max() <= 1e-14


def test_zero_velocity_and_linearity():
    chain = models.arm6r()
    q, qd = _states(6, 14, count=1)
    assert not cd.coriolis_matrix(chain, q[0], np.zeros(6)).any()
    assert not cd.mass_matrix_dot(chain, q[0], np.zeros(6)).any()
    for fn in (cd.coriolis_matrix, cd.mass_matrix_dot):
        assert _rel(fn(chain, q[0], -2.5 * qd[0]), -2.5 * fn(chain, q[0], qd[0])) <= ID_BOUND


# ----------------------------------------------------------------------------- counts
#
# Multiplications on the real code path (chaindyn.opcount), per revolute (nR) and
# prismatic (nP) joint, n = nR + nP.  Rule "products":
#
#   joint step X_l = Ad_{T_{l,l-1}}: 99 (revolute) or 63 (prismatic)
#   coriolis_matrix: per link the twist X V 36 (not link 1), ad(V) A 36, G ad(V) 216,
#       G V 36 (Christoffel only), composites X^T G^c X and X^T D^c X 864 (not the last
#       link), wrenches G^c psi, D^c A, G^c A, D^c^T A 144, diagonal entry 6; per pair
#       i < j three wrenches carried 108 and entries 6 + 12
#       -> 63 n^2 + 1374 nR + 1338 nP - 900 (Christoffel), 36 n less (Newton-Euler)
#   link_jacobians: joint steps + X_l J_{l-1} 36 n (n - 1)
#   link_jacobians_dot: + X_l Jdot_{l-1} and ad(A_l) J_l 72 n (n - 1)
#   mass_matrix_dot: link_jacobians_dot + (n - 1) (G_l J_l 36 n + Jdot_l^T G_l J_l 6 n^2)
#       -> 6 n^3 + 138 n^2 - 144 n + 99 nR + 63 nP
#
# Rule "all" adds the exponentials' scalings (45 per revolute, 3 per prismatic joint),
# in coriolis_matrix A_l qd_l (6 n) and the factor 1/2 of D_l (36 n, Christoffel only),
# in the Jacobian rates the scalings by qd_l, 6 n (n - 1).

def coriolis_count(nR, nP, rule, form="christoffel"):
    n = nR + nP
    c = 63 * n * n + 1374 * nR + 1338 * nP - 900
    if form == "newton-euler":
        c -= 36 * n
    if rule == "all":
        c += 45 * nR + 3 * nP + 6 * n + (36 * n if form == "christoffel" else 0)
    return c


def jacobians_count(nR, nP, rule):
    n = nR + nP
    return 99 * nR + 63 * nP + 36 * n * (n - 1) + (45 * nR + 3 * nP if rule == "all" else 0)


def jacobians_dot_count(nR, nP, rule):
    n = nR + nP
    return jacobians_count(nR, nP, rule) + 72 * n * (n - 1) + (6 * n * (n - 1)
                                                                if rule == "all" else 0)


def mdot_count(nR, nP, rule):
    n = nR + nP
    return jacobians_dot_count(nR, nP, rule) + (n - 1) * (36 * n + 6 * n * n)


def _count_args(n, prismatic, seed=0):
    rng = np.random.default_rng(seed)
    chain = models.random_chain(n, rng, prismatic=prismatic)
    q, qd = _states(n, seed, count=1)
    return chain, q[0], qd[0]


RULES = ("products", "all")
SIZES = [1, 2, 3, 6, 7, 16]


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("kind", ["revolute", "prismatic"])
def test_count_per_joint_type_against_n(kind, n, rule):
    chain, q, qd = _count_args(n, 1.0 if kind == "prismatic" else 0.0, seed=n)
    nR, nP = (0, n) if kind == "prismatic" else (n, 0)
    for form in FORMS:
        assert count(cd.coriolis_matrix, chain, q, qd, form, rule=rule) == coriolis_count(
            nR, nP, rule, form)
    assert count(lagrange.link_jacobians, chain, q, rule=rule) == jacobians_count(nR, nP, rule)
    assert count(lagrange.link_jacobians_dot, chain, q, qd, rule=rule) == jacobians_dot_count(
        nR, nP, rule)
    assert count(cd.mass_matrix_dot, chain, q, qd, rule=rule) == mdot_count(nR, nP, rule)


@pytest.mark.parametrize("rule", RULES)
def test_count_mixed_chain_and_batch(rule):
    """A batch of N states costs N times one state less the exponentials' [omega]^2 (27
    per revolute joint), which do not depend on the state and are done once."""
    kinds = [False, True, True, False, True]
    chain, q, qd = _count_args(5, kinds, seed=5)
    nR, nP = 2, 3
    for fn, want in ((cd.coriolis_matrix, coriolis_count(nR, nP, rule)),
                     (cd.mass_matrix_dot, mdot_count(nR, nP, rule)),
                     (lagrange.link_jacobians_dot, jacobians_dot_count(nR, nP, rule))):
        assert count(fn, chain, q, qd, rule=rule) == want
        for N in (1, 4):
            batch = (np.tile(a, (N, 1)) for a in (q, qd))
            assert count(fn, chain, *batch, rule=rule) == N * want - (N - 1) * 27 * nR


def test_count_against_rnea_and_crba():
    """Measured on revolute chains: the second difference in n of C's count is three times
    the CRBA's (quadratic coefficients 63 and 21); at n = 6 C costs 9612 multiplications,
    between 4 and 5 RNEA calls (which give only C qd); Mdot, O(n^3) with a smaller
    constant, costs less than C up to n = 9 and more from n = 10 on."""
    def measured(fn, n, with_qd=True):
        chain, q, qd = _count_args(n, 0.0, seed=n)
        return count(fn, chain, q, qd) if with_qd else count(fn, chain, q)

    for n in (3, 10):
        c = [measured(cd.coriolis_matrix, m) for m in (n, n + 1, n + 2)]
        k = [measured(cd.crba, m, with_qd=False) for m in (n, n + 1, n + 2)]
        assert c[2] - 2 * c[1] + c[0] == 3 * (k[2] - 2 * k[1] + k[0]) == 126
    assert measured(cd.coriolis_matrix, 6) == 9612
    chain, q, qd = _count_args(6, 0.0, seed=6)
    assert 4 < 9612 / count(cd.rnea, chain, q, qd, np.zeros(6)) < 5
    cheaper = [n for n in range(1, 13)
               if measured(cd.mass_matrix_dot, n) < measured(cd.coriolis_matrix, n)]
    assert cheaper == list(range(1, 10))


# ----------------------------------------------------------------------------- bad input


@pytest.fixture(scope="module")
def chain3():
    return models.random_chain(3, np.random.default_rng(11), prismatic=[False, True, False])


STATE_FNS = [cd.coriolis_matrix, cd.mass_matrix_dot, lagrange.link_jacobians_dot]


@pytest.mark.parametrize("fn", STATE_FNS, ids=lambda f: f.__name__)
@pytest.mark.parametrize(("q", "qd", "msg"), [
    (np.zeros(4), np.zeros(3), "q must have shape (n,) or (N, n) with n = 3, got (4,)"),
    (np.zeros(3), np.zeros((2, 2)), "qd must have shape (n,) or (N, n) with n = 3, got (2, 2)"),
    (np.float64(0.0), np.zeros(3), "q must have shape (n,) or (N, n) with n = 3, got ()"),
    (np.zeros((3, 3)), np.zeros((4, 3)),
     "joint arrays must have matching batch shapes, got q (3, 3), qd (4, 3)"),
    ([0, np.nan, 0], np.zeros(3), "q must be finite, got nan at index (1,)"),
    (np.zeros(3), [0, 0, np.inf], "qd must be finite, got inf at index (2,)"),
    (np.ma.zeros(3), np.zeros(3),
     "q must be a plain numpy.ndarray, a list or a number, got a masked array "
     "(numpy.ma.MaskedArray), whose mask chaindyn would ignore: fill or drop the masked "
     "entries first"),
], ids=["q_long", "qd_shape", "q_scalar", "batch_mismatch", "q_nan", "qd_inf", "q_masked"])
def test_bad_state_messages(chain3, fn, q, qd, msg):
    assert _message(fn, chain3, q, qd) == msg


@pytest.mark.parametrize("fn", STATE_FNS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("bad", ["abc", [True, False, 1.0 + 2j], [[0, 0, 0]] * 2 + [[0, 0]]],
                         ids=["string", "complex", "ragged"])
def test_bad_arrays_same_message_as_rnea(chain3, fn, bad):
    z = np.zeros(3)
    assert _message(fn, chain3, bad, z) == _message(cd.rnea, chain3, bad, z, z)
    assert _message(fn, chain3, z, bad) == _message(cd.rnea, chain3, z, bad, z)


def test_bad_q_for_link_jacobians(chain3):
    assert _message(lagrange.link_jacobians, chain3, np.zeros(4)) == (
        "q must have shape (n,) or (N, n) with n = 3, got (4,)")
    assert _message(lagrange.link_jacobians, chain3, [0, np.nan, 0]) == _message(
        cd.crba, chain3, [0, np.nan, 0])


@pytest.mark.parametrize("bad", ["Christoffel", "rnea", None, 1])
def test_bad_factorization(chain3, bad):
    z = np.zeros(3)
    assert _message(cd.coriolis_matrix, chain3, z, z, bad) == (
        f"factorization must be 'christoffel' or 'newton-euler', got {bad!r}")


@pytest.mark.parametrize("fn", STATE_FNS + [lagrange.link_jacobians], ids=lambda f: f.__name__)
def test_chain_must_be_a_chain(fn):
    args = ([0.0],) if fn is lagrange.link_jacobians else ([0.0], [0.0])
    assert _message(fn, "arm6r", *args) == "chain must be a chaindyn.Chain, got str"
    assert _message(fn, None, *args) == "chain must be a chaindyn.Chain, got NoneType"


def test_inputs_not_modified(chain3):
    q, qd = np.ones(3), np.ones(3)
    for a in (q, qd):
        a.flags.writeable = False  # a write would raise
    for fn in STATE_FNS:
        fn(chain3, q, qd)
    lagrange.link_jacobians(chain3, q)


# ----------------------------------------------------------------------------- module



def test_exported():
    for name in ("coriolis_matrix", "mass_matrix_dot"):
        assert name in cd.__all__ and getattr(cd, name) is getattr(lagrange, name)


def test_numeric_module_needs_numpy_only():
    """chaindyn.lagrange imports neither sympy nor scipy."""
    code = ("import sys\nfor m in ('sympy', 'symengine', 'scipy'):\n    sys.modules[m] = None\n"
            "import chaindyn, chaindyn.lagrange\nprint('ok')\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"
