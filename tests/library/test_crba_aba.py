"""crba, aba, forward_dynamics and inverse_mass_matrix (book §3.5) against independent
oracles -- M by RNEA columns and the kinetic energy from the twists, RNEA as the inverse
map, Pinocchio (crba, aba with fext, computeMinverse), MuJoCo (qacc of mj_forward), an
inverse by LAPACK's Cholesky -- on random chains with revolute and prismatic joints, the
6R arm and three real robots; their multiplication counts pinned as formulas in n.

Bounds, relative to the largest magnitude of the reference: 1e-12 for M, 1e-10 for qdd
and M^{-1} against another library, 1e-12 for the RNEA residual of aba.
"""



import numpy as np
import pytest
from _refs import reference
from _robots import ROBOTS, pinocchio_urdf_model, robot_urdf
from test_structured import SPECIAL as RNEA_SPECIAL

import chaindyn as cd
from chaindyn import interop, models
from chaindyn.articulated import cholesky_solve
from chaindyn.engine import aba_structured, compiled, crba_structured
from chaindyn.opcount import count

M_BOUND = 1e-12
QDD_BOUND = 1e-10
RESIDUAL_BOUND = 1e-12
G = np.array([0.6, -1.1, -9.80665])  # off the axes, so that a sign or axis slip shows
EPS = np.finfo(float).eps


def _rel(a, b):
    """max |a - b| / max |b|."""
    a, b = np.asarray(a), np.asarray(b)
    return float(np.abs(a - b).max() / np.abs(b).max())


def _chains():
    """arm6r and seeded random chains n = 1..8, both joint kinds in every chain with n >= 2."""
    rng = np.random.default_rng(20260315)
    out = [("arm6r", models.arm6r())]
    for n in range(1, 9):
        kinds = rng.random(n) < 0.4
        if n >= 2:
            kinds[0], kinds[-1] = False, True
        out.append((f"random{n}", models.random_chain(n, rng, prismatic=kinds)))
    out.append(("prismatic3", models.random_chain(3, rng, prismatic=1.0)))
    return out


CHAINS = _chains()
IDS = [name for name, _ in CHAINS]


def _states(n, seed, count=3):
    """q in [-pi, pi], qd in [-2, 2], qdd in [-5, 5], a N(0, 10) tip wrench."""
    rng = np.random.default_rng(seed)
    return (rng.uniform(-np.pi, np.pi, (count, n)), rng.uniform(-2, 2, (count, n)),
            rng.uniform(-5, 5, (count, n)), rng.normal(0, 10, (count, 6)))


# ----------------------------------------------------------------------------- crba


@pytest.mark.parametrize(("name", "chain"), CHAINS, ids=IDS)
def test_crba_equals_mass_matrix_by_rnea_columns(name, chain):
    q = _states(chain.n, 1)[0]
    for s in range(len(q)):
        assert _rel(cd.crba(chain, q[s]), cd.mass_matrix(chain, q[s])) <= M_BOUND


@pytest.mark.parametrize(("name", "chain"), CHAINS, ids=IDS)
def test_crba_symmetric_positive_definite_and_kinetic_energy(name, chain):
    """Both triangles are written (exactly symmetric), the eigenvalues are positive,
    and 1/2 qd^T M qd is the kinetic energy summed from the link twists."""
    q, qd, _, _ = _states(chain.n, 2)
    M = cd.crba(chain, q)
    assert np.array_equal(M, np.swapaxes(M, -1, -2))
    assert np.linalg.eigvalsh(M).min() > 0
    T = 0.5 * np.einsum("si,sij,sj->s", qd, M, qd)
    np.testing.assert_allclose(T, cd.kinetic_energy(chain, q, qd), rtol=1e-12, atol=0)


def test_crba_closed_form_planar_2r():
    """Modern Robotics eq. (8.9) with the links' own izz: M11 = m1 L1^2 + m2 (L1^2 +
    2 L1 L2 cos q2 + L2^2) + izz1 + izz2, M12 = m2 (L1 L2 cos q2 + L2^2) + izz2,
    M22 = m2 L2^2 + izz2."""
    m1, m2, L1, L2, i1, i2 = 1.3, 0.7, 0.9, 0.6, 2e-3, 1e-3
    chain = models.planar_2r(masses=(m1, m2), lengths=(L1, L2), izz=(i1, i2))
    for q2 in np.linspace(-3, 3, 7):
        c = np.cos(q2)
        M12 = m2 * (L1 * L2 * c + L2**2) + i2
        want = [[m1 * L1**2 + m2 * (L1**2 + 2 * L1 * L2 * c + L2**2) + i1 + i2, M12],
                [M12, m2 * L2**2 + i2]]
        np.testing.assert_allclose(cd.crba(chain, [0.7, q2]), want, rtol=1e-14, atol=1e-15)


@pytest.mark.parametrize(("name", "chain"), CHAINS[:4], ids=IDS[:4])
def test_crba_batched_equals_single(name, chain):
    q = _states(chain.n, 3, count=7)[0]
    M = cd.crba(chain, q)
    assert M.shape == (7, chain.n, chain.n)
    single = np.stack([cd.crba(chain, x) for x in q])
    assert np.abs(M - single).max() <= 1e-14 * np.abs(single).max()
    assert cd.crba(chain, q[0].tolist()).shape == (chain.n, chain.n)


# ----------------------------------------------------------------------------- aba


@pytest.mark.parametrize(("name", "chain"), CHAINS, ids=IDS)
def test_aba_inverts_rnea(name, chain):
    """rnea(aba(tau)) = tau (backward error) and aba(rnea(qdd)) = qdd (forward error,
    which grows with cond(M): bounded by 10 cond(M) eps)."""
    q, qd, qdd, f = _states(chain.n, 4)
    for s in range(len(q)):
        for F in (None, f[s]):
            tau = cd.rnea(chain, q[s], qd[s], qdd[s], G, F)
            a = cd.aba(chain, q[s], qd[s], tau, G, F)
            assert _rel(cd.rnea(chain, q[s], qd[s], a, G, F), tau) <= RESIDUAL_BOUND
            kappa = np.linalg.cond(cd.crba(chain, q[s]))
            assert _rel(a, qdd[s]) <= max(QDD_BOUND * 1e-2, 10 * kappa * EPS)


@pytest.mark.parametrize("seed", range(3))
def test_long_chain_64(seed):
    """n = 64, both joint kinds: the RNEA residual of aba and of forward_dynamics stays
    at roundoff while the forward error follows cond(M); crba = RNEA columns; M^{-1}
    by the recursion equals LAPACK's inverse."""
    rng = np.random.default_rng(6400 + seed)
    chain = models.random_chain(64, rng, prismatic=0.3)
    q, qd, qdd, f = _states(64, seed, count=1)
    q, qd, qdd, F = q[0], qd[0], qdd[0], f[0]
    tau = cd.rnea(chain, q, qd, qdd, G, F)
    M = cd.crba(chain, q)
    assert _rel(M, cd.mass_matrix(chain, q)) <= M_BOUND
    kappa = np.linalg.cond(M)
    for fn in (cd.aba, cd.forward_dynamics):
        a = fn(chain, q, qd, tau, G, F)
        assert _rel(cd.rnea(chain, q, qd, a, G, F), tau) <= RESIDUAL_BOUND
        assert _rel(a, qdd) <= 10 * kappa * EPS
    Minv = cd.inverse_mass_matrix(chain, q)
    assert _rel(Minv, np.linalg.inv(M)) <= 10 * kappa * EPS


@pytest.mark.parametrize(("name", "chain"), CHAINS[:5], ids=IDS[:5])
def test_aba_batched_equals_single_and_broadcasts(name, chain):
    q, qd, qdd, f = _states(chain.n, 5, count=6)
    tau = cd.rnea(chain, q, qd, qdd, G, f)
    a = cd.aba(chain, q, qd, tau, G, f)
    assert a.shape == (6, chain.n)
    single = np.stack([cd.aba(chain, q[s], qd[s], tau[s], G, f[s]) for s in range(6)])
    assert np.abs(a - single).max() <= 1e-12 * np.abs(single).max()
    # a batch of q with one qd, tau and tip wrench; one state with a batch of tip wrenches
    b = cd.aba(chain, q, qd[0], tau[0], G, f[0])
    assert _rel(b, np.stack([cd.aba(chain, x, qd[0], tau[0], G, f[0]) for x in q])) <= 1e-12
    c = cd.aba(chain, q[0], qd[0], tau[0], G, f)
    assert _rel(c, np.stack([cd.aba(chain, q[0], qd[0], tau[0], G, F) for F in f])) <= 1e-12
    assert cd.aba(chain, q[0].tolist(), qd[0].tolist(), tau[0].tolist()).shape == (chain.n,)


def test_aba_default_gravity_and_no_tip_wrench_as_rnea():
    chain = models.arm6r()
    q, qd, qdd, _ = _states(6, 6, count=1)
    tau = cd.rnea(chain, q[0], qd[0], qdd[0])  # defaults: (0, 0, -9.80665), no F_tip
    assert _rel(cd.aba(chain, q[0], qd[0], tau), qdd[0]) <= QDD_BOUND


def test_aba_closed_form_planar_2r():
    """aba = M^{-1} (tau - h) with M, h of Modern Robotics eq. (8.9) (models.planar_2r_closed_form
    gives tau of any qdd; M by its columns, h at qdd = 0)."""
    kw = dict(masses=(1.3, 0.7), lengths=(0.9, 0.6), izz=(2e-3, 1e-3))
    chain = models.planar_2r(**kw)
    rng = np.random.default_rng(7)
    for _ in range(10):
        q, qd, tau = rng.uniform(-2, 2, (3, 2))
        h = models.planar_2r_closed_form(q, qd, np.zeros(2), g=9.81, **kw)
        M = np.column_stack([models.planar_2r_closed_form(q, qd, e, g=9.81, **kw) - h
                             for e in np.eye(2)])
        want = np.linalg.solve(M, tau - h)
        got = cd.aba(chain, q, qd, tau, gravity=[0, -9.81, 0])
        assert _rel(got, want) <= 1e-12


# ----------------------------------------------------------------------------- O(n^3) route, M^{-1}


@pytest.mark.parametrize(("name", "chain"), CHAINS, ids=IDS)
def test_forward_dynamics_equals_aba(name, chain):
    q, qd, qdd, f = _states(chain.n, 8)
    tau = cd.rnea(chain, q, qd, qdd, G, f)
    fd = cd.forward_dynamics(chain, q, qd, tau, G, f)
    assert fd.shape == q.shape
    assert _rel(fd, cd.aba(chain, q, qd, tau, G, f)) <= QDD_BOUND
    assert _rel(cd.rnea(chain, q, qd, fd, G, f), tau) <= RESIDUAL_BOUND
    assert _rel(cd.forward_dynamics(chain, q[0], qd[0], tau[0], G, f[0]), fd[0]) <= 1e-12


def test_cholesky_solve_against_numpy_solve():
    rng = np.random.default_rng(9)
    for n in (1, 2, 5, 12):
        A = rng.standard_normal((4, n, n))
        M = A @ np.swapaxes(A, -1, -2) + n * np.eye(n)
        b = rng.standard_normal((4, n))
        x = cholesky_solve(np.linalg.cholesky(M), b)
        assert _rel(x, np.linalg.solve(M, b[..., None])[..., 0]) <= 1e-12
        x1 = cholesky_solve(np.linalg.cholesky(M[0]), b)  # one L, four right-hand sides
        assert _rel(x1, np.linalg.solve(M[0], b.T).T) <= 1e-12


@pytest.mark.parametrize(("name", "chain"), CHAINS, ids=IDS)
def test_inverse_mass_matrix_against_cholesky_inverse(name, chain):
    scipy_linalg = reference("scipy.linalg")
    q = _states(chain.n, 10)[0]
    Minv = cd.inverse_mass_matrix(chain, q)
    assert Minv.shape == (len(q), chain.n, chain.n)
    assert np.array_equal(Minv, np.swapaxes(Minv, -1, -2))
    for s in range(len(q)):
        M = cd.crba(chain, q[s])
        ref = scipy_linalg.cho_solve(scipy_linalg.cho_factor(M), np.eye(chain.n))
        assert _rel(Minv[s], ref) <= QDD_BOUND
        assert np.abs(Minv[s] @ M - np.eye(chain.n)).max() <= 10 * np.linalg.cond(M) * EPS
        assert _rel(cd.inverse_mass_matrix(chain, q[s]), Minv[s]) <= 1e-13


# ----------------------------------------------------------------------------- Pinocchio, MuJoCo


def _against_pinocchio(chain, model, states, frame=None):
    """Largest relative differences (crba, aba, aba with fext, computeMinverse) of chaindyn
    against a Pinocchio model of the same chain (gravity G set on the model)."""
    import pinocchio as pin

    model.gravity = pin.Motion(np.concatenate([G, np.zeros(3)]))
    data = model.createData()
    q, qd, qdd, f = states
    worst = dict.fromkeys(("crba", "aba", "aba fext", "computeMinverse"), 0.0)
    for s in range(len(q)):
        Mp = pin.crba(model, data, q[s])
        # the C++ crba fills the upper triangle; the Python binding mirrors it
        assert np.array_equal(Mp, np.triu(Mp) + np.triu(Mp, 1).T)
        worst["crba"] = max(worst["crba"], _rel(cd.crba(chain, q[s]), np.triu(Mp)
                                                + np.triu(Mp, 1).T))
        tau = cd.rnea(chain, q[s], qd[s], qdd[s], G)
        worst["aba"] = max(worst["aba"], _rel(cd.aba(chain, q[s], qd[s], tau, G),
                                              pin.aba(model, data, q[s], qd[s], tau)))
        fext = interop.pinocchio_fext(chain, model, f[s], frame)
        tauF = cd.rnea(chain, q[s], qd[s], qdd[s], G, f[s])
        worst["aba fext"] = max(worst["aba fext"], _rel(
            cd.aba(chain, q[s], qd[s], tauF, G, f[s]), pin.aba(model, data, q[s], qd[s], tauF,
                                                               fext)))
        Mi = np.array(pin.computeMinverse(model, data, q[s]))
        Mi = np.triu(Mi) + np.triu(Mi, 1).T
        worst["computeMinverse"] = max(worst["computeMinverse"],
                                       _rel(cd.inverse_mass_matrix(chain, q[s]), Mi))
    return worst


def _against_mujoco(chain, states):
    """Largest relative difference of aba (with the tip wrench) against qacc of mj_forward
    with qfrc_applied = tau and the tip wrench as xfrc_applied."""
    mujoco = reference("mujoco")
    model = mujoco.MjModel.from_xml_string(interop.to_mujoco(chain, G))
    data = mujoco.MjData(model)
    q, qd, qdd, f = states
    worst = 0.0
    for s in range(len(q)):
        for F in (np.zeros(6), f[s]):
            tau = cd.rnea(chain, q[s], qd[s], qdd[s], G, F)
            data.qpos[:], data.qvel[:] = q[s], qd[s]
            mujoco.mj_kinematics(model, data)  # xpos, xmat, xipos for the tip wrench
            data.xfrc_applied[:] = 0.0
            data.xfrc_applied[-1] = interop.mujoco_xfrc_tip(model, data, F)
            data.qfrc_applied[:] = tau
            mujoco.mj_forward(model, data)
            worst = max(worst, _rel(cd.aba(chain, q[s], qd[s], tau, G, F), data.qacc))
    return worst


@pytest.mark.parametrize(("name", "chain"), CHAINS, ids=IDS)
def test_against_pinocchio(name, chain):
    reference("pinocchio")
    worst = _against_pinocchio(chain, interop.to_pinocchio(chain, G), _states(chain.n, 11))
    assert worst["crba"] <= M_BOUND, worst
    assert max(worst["aba"], worst["aba fext"], worst["computeMinverse"]) <= QDD_BOUND, worst


@pytest.mark.parametrize(("name", "chain"), CHAINS, ids=IDS)
def test_aba_against_mujoco_forward(name, chain):
    assert _against_mujoco(chain, _states(chain.n, 12)) <= QDD_BOUND


@pytest.fixture(scope="module", params=list(ROBOTS))
def robot(request):
    """(name, chain from URDF, Pinocchio's own model of the file, tip frame)."""
    reference("yourdfpy")
    reference("pinocchio")
    from chaindyn import urdf

    path, tip = robot_urdf(request.param)
    u = urdf.load(path, tip_link=tip)
    return request.param, u.chain, pinocchio_urdf_model(path, u.joints), tip


def test_real_robot(robot):
    """UR5, Panda and the Talos left arm: crba and aba against Pinocchio (its own URDF
    parser) and MuJoCo, aba against RNEA, the O(n^3) route against aba."""
    name, chain, model, tip = robot
    states = _states(chain.n, 13)
    worst = _against_pinocchio(chain, model, states, tip)
    assert worst["crba"] <= M_BOUND, (name, worst)
    assert max(worst["aba"], worst["aba fext"], worst["computeMinverse"]) <= QDD_BOUND, worst
    assert _against_mujoco(chain, states) <= QDD_BOUND
    q, qd, qdd, f = states
    assert _rel(cd.crba(chain, q), cd.mass_matrix(chain, q)) <= M_BOUND
    tau = cd.rnea(chain, q, qd, qdd, G, f)
    a = cd.aba(chain, q, qd, tau, G, f)
    assert _rel(cd.rnea(chain, q, qd, a, G, f), tau) <= RESIDUAL_BOUND
    assert _rel(cd.forward_dynamics(chain, q, qd, tau, G, f), a) <= QDD_BOUND


# ----------------------------------------------------------------------------- counts
#
# Multiplications on the real code path (chaindyn.opcount), per revolute (nR) and
# prismatic (nP) joint, n = nR + nP.  Rule "products" (matrix and dot products):
#
#   joint step X_i = Ad_{T_{i,i-1}}: exp 36 (revolute) or 0, pose_mul 36, [p] R 27
#       -> 99 per revolute, 63 per prismatic joint
#   crba: composite inertias X^T G^c X 432 (n - 1), G^c_i A_i 36 n, wrenches carried
#       down 36 n (n - 1) / 2, entries A_j^T F 6 n (n + 1) / 2
#       -> 21 n^2 + 552 nR + 516 nP - 432
#   aba: pass 1 X V 36, ad(V) A 36, G V 36, ad^T (G V) 36; pass 2 G^A A 36, A^T U 6,
#       A^T b 6, and for i > 1 U U^T 36, X^T G^a X 432, G^a c 36, X^T b^a 36; pass 3
#       X Vd 36, U^T Vd 6  -> 873 nR + 837 nP - 540
#   inverse_mass_matrix: joint steps, G^A A 36 and A^T U 6 per link, A^T B 6 (n - i + 1)
#       for link i, and for i > 1 U Minv 6 (n - i + 1), X^T B 36 (n - i + 1), U U^T and
#       X^T G^a X 468, X P 36 (n - i + 1), U^T X P 6 (n - i + 1)
#       -> 45 n^2 + 570 nR + 534 nP - 468
#   forward_dynamics: crba + rnea (357 nR + 321 nP) + two substitutions n (n - 1)
#       (LAPACK's factorisation is not seen)
#
# Rule "all" adds the elementwise products: the exponential's scalings 45 per revolute
# joint (3 per prismatic), in aba A qd, c qd, U u / d (i > 1) and A qdd (6 each), in
# inverse_mass_matrix the outer products A_i Minv[i, k>=i] 6 (n - i + 1), in rnea 63 per
# revolute and 21 per prismatic link.

def crba_count(nR, nP, rule):
    n = nR + nP
    if rule == "products":
        return 21 * n * n + 552 * nR + 516 * nP - 432
    return 21 * n * n + 597 * nR + 519 * nP - 432


def aba_count(nR, nP, rule):
    if rule == "products":
        return 873 * nR + 837 * nP - 540
    return 942 * nR + 864 * nP - 546


def minv_count(nR, nP, rule):
    n = nR + nP
    if rule == "products":
        return 45 * n * n + 570 * nR + 534 * nP - 468
    return 48 * n * n + 618 * nR + 540 * nP - 468


def rnea_count(nR, nP, rule):
    return 357 * nR + 321 * nP if rule == "products" else 420 * nR + 342 * nP


def fd_count(nR, nP, rule):
    n = nR + nP
    return crba_count(nR, nP, rule) + rnea_count(nR, nP, rule) + n * (n - 1)


def _count_args(n, prismatic, seed=0):
    rng = np.random.default_rng(seed)
    chain = models.random_chain(n, rng, prismatic=prismatic)
    q, qd, tau, f = _states(n, seed, count=1)
    return chain, q[0], qd[0], tau[0], f[0]


RULES = ("products", "all")
SIZES = [1, 2, 3, 6, 7, 16, 64]


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("kind", ["revolute", "prismatic"])
def test_count_per_joint_type_against_n(kind, n, rule):
    chain, q, qd, tau, f = _count_args(n, 1.0 if kind == "prismatic" else 0.0, seed=n)
    nR, nP = (0, n) if kind == "prismatic" else (n, 0)
    assert count(cd.crba, chain, q, rule=rule) == crba_count(nR, nP, rule)
    assert count(cd.aba, chain, q, qd, tau, rule=rule) == aba_count(nR, nP, rule)
    assert count(cd.aba, chain, q, qd, tau, G, f, rule=rule) == aba_count(nR, nP, rule)
    if n <= 16:
        assert count(cd.inverse_mass_matrix, chain, q, rule=rule) == minv_count(nR, nP, rule)
        assert count(cd.forward_dynamics, chain, q, qd, tau, rule=rule) == fd_count(nR, nP, rule)
        assert count(cd.rnea, chain, q, qd, tau, rule=rule) == rnea_count(nR, nP, rule)


@pytest.mark.parametrize("rule", RULES)
def test_count_mixed_chain_and_batch(rule):
    """A batch of N states costs N times one state less what does not depend on the
    state and is done once: [omega]^2 in each revolute exponential (27), and for the
    last link G_n A_n and A_n^T G_n A_n (42), in the ABA forms also U_n U_n^T (36); in
    forward_dynamics, under the rule "all", RNEA's A_i qdd_i with the one qdd = 0 (6 n)."""
    kinds = [False, True, True, False, True]
    chain, q, qd, tau, f = _count_args(5, kinds, seed=5)
    nR, nP = 2, 3
    for fn, args, want, shared in (
            (cd.crba, (q,), crba_count(nR, nP, rule), 27 * nR + 42),
            (cd.aba, (q, qd, tau), aba_count(nR, nP, rule), 27 * nR + 78),
            (cd.inverse_mass_matrix, (q,), minv_count(nR, nP, rule), 27 * nR + 78),
            (cd.forward_dynamics, (q, qd, tau), fd_count(nR, nP, rule),
             54 * nR + 42 + (6 * (nR + nP) if rule == "all" else 0))):
        assert count(fn, chain, *args, rule=rule) == want
        for N in (1, 4):
            batch = (np.tile(a, (N, 1)) for a in args)
            assert count(fn, chain, *batch, rule=rule) == N * want - (N - 1) * shared


def test_count_against_published():
    """The dense forms against the structured implementations of RBDA Table 10.1:
    CRBA 10 n^2 + 22 n - 32 (Featherstone 2005), ABA 224 n - 259 (McMillan, Orin and
    McGhee 1995); the dense O(n^3) route (CRBA + RNEA + substitutions) costs more than the
    dense ABA from n = 1 on, while the dense CRBA alone is cheaper than ABA up to n = 14."""
    ratio_crba = [crba_count(n, 0, "products") / (10 * n * n + 22 * n - 32) for n in (6, 64)]
    ratio_aba = [aba_count(n, 0, "products") / (224 * n - 259) for n in (6, 64)]
    assert 2 < ratio_crba[1] < ratio_crba[0] < 8
    assert 3.5 < ratio_aba[1] < ratio_aba[0] < 5
    cross = next(n for n in range(1, 100)
                 if aba_count(n, 0, "products") < fd_count(n, 0, "products"))
    assert cross == 1
    assert [n for n in range(1, 100) if crba_count(n, 0, "products") < aba_count(n, 0, "products")
            ] == list(range(1, 15))


# ----------------------------------------------------------------------------- bad input


def _message(fn, *args, **kw):
    with pytest.raises(ValueError) as exc:
        fn(*args, **kw)
    return str(exc.value)


@pytest.fixture(scope="module")
def chain3():
    return models.random_chain(3, np.random.default_rng(11), prismatic=[False, True, False])


FORWARD = [cd.aba, cd.forward_dynamics]


@pytest.mark.parametrize("fn", FORWARD, ids=lambda f: f.__name__)
@pytest.mark.parametrize(("state", "kw", "msg"), [
    (dict(tau=np.zeros(2)), {}, "tau must have shape (n,) or (N, n) with n = 3, got (2,)"),
    (dict(tau=np.zeros((2, 4))), {}, "tau must have shape (n,) or (N, n) with n = 3, got (2, 4)"),
    (dict(q=np.zeros((3, 3)), qd=np.zeros((4, 3))), {},
     "joint arrays must have matching batch shapes, got q (3, 3), qd (4, 3), tau (3,)"),
    (dict(q=np.zeros(4)), {}, "q must have shape (n,) or (N, n) with n = 3, got (4,)"),
], ids=["tau_short", "tau_batch_width", "batch_mismatch", "q_long"])
def test_bad_state_messages(chain3, fn, state, kw, msg):
    a = dict(q=np.zeros(3), qd=np.zeros(3), tau=np.zeros(3))
    a.update(state)
    assert _message(fn, chain3, a["q"], a["qd"], a["tau"], **kw) == msg


@pytest.mark.parametrize("fn", FORWARD, ids=lambda f: f.__name__)
@pytest.mark.parametrize(("state", "kw"), [
    (dict(q=[0, np.nan, 0]), {}), (dict(qd=[0, 0, np.inf]), {}), (dict(q="abc"), {}),
    (dict(qd=np.zeros((2, 2))), {}), ({}, dict(gravity=[0, 0])), ({}, dict(gravity=[0, np.nan, 0])),
    ({}, dict(f_tip=np.zeros(5))), ({}, dict(f_tip=[0, 0, 0, 0, 0, np.nan])),
    (dict(q=np.zeros((3, 3))), dict(f_tip=np.zeros((4, 6)))),
], ids=["q_nan", "qd_inf", "q_string", "qd_shape", "gravity_shape", "gravity_nan",
        "f_tip_shape", "f_tip_nan", "f_tip_batch"])
def test_bad_input_same_message_as_rnea(chain3, fn, state, kw):
    """q, qd, gravity and f_tip are checked as rnea checks them; the message is rnea's."""
    a = dict(q=np.zeros(3), qd=np.zeros(3), tau=np.zeros(3))
    a.update(state)
    want = _message(cd.rnea, chain3, a["q"], a["qd"], np.zeros(3), **kw)
    assert _message(fn, chain3, a["q"], a["qd"], a["tau"], **kw) == want


@pytest.mark.parametrize("fn", FORWARD, ids=lambda f: f.__name__)
@pytest.mark.parametrize("bad", [[0, np.nan, 0], "abc", [[0, 0, 0]] * 2 + [[0, 0]]],
                         ids=["nan", "string", "ragged"])
def test_bad_tau_as_rnea_bad_qdd(chain3, fn, bad):
    """A bad tau gets the message rnea gives for the same qdd, with the name tau."""
    want = _message(cd.rnea, chain3, np.zeros(3), np.zeros(3), bad).replace("qdd", "tau")
    assert _message(fn, chain3, np.zeros(3), np.zeros(3), bad) == want


@pytest.mark.parametrize("fn", [cd.crba, cd.inverse_mass_matrix], ids=lambda f: f.__name__)
def test_bad_q_for_matrices(chain3, fn):
    assert _message(fn, chain3, np.zeros(4)) == (
        "q must have shape (n,) or (N, n) with n = 3, got (4,)")
    assert _message(fn, chain3, np.float64(0.0)) == (
        "q must have shape (n,) or (N, n) with n = 3, got ()")
    for bad in ([0, np.nan, 0], "abc", [True, False, 1.0 + 2j]):
        assert _message(fn, chain3, bad) == _message(cd.mass_matrix, chain3, bad)


@pytest.mark.parametrize("fn", [cd.crba, cd.inverse_mass_matrix, cd.aba, cd.forward_dynamics],
                         ids=lambda f: f.__name__)
def test_chain_must_be_a_chain(fn):
    args = ([0.0],) if fn in (cd.crba, cd.inverse_mass_matrix) else ([0.0], [0.0], [0.0])
    assert _message(fn, "arm6r", *args) == "chain must be a chaindyn.Chain, got str"
    assert _message(fn, None, *args) == "chain must be a chaindyn.Chain, got NoneType"


def test_inputs_not_modified(chain3):
    q, qd, tau, f = np.ones(3), np.ones(3), np.ones(3), np.ones(6)
    for a in (q, qd, tau, f):
        a.flags.writeable = False  # a write would raise
    cd.crba(chain3, q)
    cd.aba(chain3, q, qd, tau, G, f)
    cd.forward_dynamics(chain3, q, qd, tau, G, f)
    cd.inverse_mass_matrix(chain3, q)


# ----------------------------------------------------------------------------- docstrings



def test_exported():
    for name in ("crba", "aba", "forward_dynamics", "inverse_mass_matrix"):
        assert name in cd.__all__ and callable(getattr(cd, name))


# ----------------------------------------------------------------------------- crba_structured


# parallel, coincident, anti-parallel, intersecting and nearly parallel axes, a prismatic
# joint along a revolute one (the chains rnea_structured is tested on), and a run of
# prismatic joints
SPECIAL = sorted(RNEA_SPECIAL.items()) + [
    ("prismatic_run", models.random_chain(5, np.random.default_rng(3),
                                          prismatic=[False, True, True, True, True])),
]


@pytest.mark.parametrize(("name", "chain"), CHAINS + SPECIAL,
                         ids=IDS + [name for name, _ in SPECIAL])
def test_crba_structured_equals_crba(name, chain):
    q = _states(chain.n, 14, count=4)[0]
    M = crba_structured(chain, q)
    assert M.shape == (4, chain.n, chain.n)
    assert np.array_equal(M, np.swapaxes(M, -1, -2))
    assert _rel(M, cd.crba(chain, q)) <= M_BOUND
    for s in range(len(q)):
        assert _rel(crba_structured(chain, q[s]), cd.mass_matrix(chain, q[s])) <= M_BOUND


def test_crba_structured_real_robot(robot):
    _, chain, _, _ = robot
    q = _states(chain.n, 15)[0]
    assert _rel(crba_structured(chain, q), cd.crba(chain, q)) <= M_BOUND


def crba_structured_count(kind, n):
    """Rule "all" for a chain of one joint type and general geometry (chaindyn.engine):
    10 n^2 + 11 n - 49 for a revolute chain (n >= 3); a prismatic chain's M is a
    constant."""
    if kind == "P" or n == 1:
        return 0
    return 16 if n == 2 else 10 * n * n + 11 * n - 49


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("kind", ["R", "P"])
def test_crba_structured_count_per_joint_type_against_n(kind, n):
    chain, q, _, _, _ = _count_args(n, 1.0 if kind == "P" else 0.0, seed=n)
    assert count(crba_structured, chain, q, rule="all") == crba_structured_count(kind, n)
    assert count(crba_structured, chain, q, rule="products") == 0  # no matrix products


@pytest.mark.parametrize("kinds", ["RPPRP", "PRRRR", "RRRPP", "PPPRP", "RP", "PR"])
def test_crba_structured_count_mixed_and_batch(kinds):
    """The instrumented count of a call is the compiled code's own count of its
    products (two counters), and N states cost N times one."""
    chain, q, _, _, _ = _count_args(len(kinds), [k == "P" for k in kinds], seed=len(kinds))
    one = count(crba_structured, chain, q, rule="all")
    assert one == compiled(chain, "crba").operations.get("*", 0) > 0
    assert count(crba_structured, chain, np.tile(q, (4, 1)), rule="all") == 4 * one


def test_crba_structured_precomputation_not_counted():
    """A count on a chain never used before equals one on a chain already used."""
    q = np.random.default_rng(16).standard_normal(4)
    fresh = models.random_chain(4, np.random.default_rng(99))
    used = models.random_chain(4, np.random.default_rng(99))
    crba_structured(used, q)
    assert count(crba_structured, fresh, q, rule="all") == count(
        crba_structured, used, q, rule="all") == crba_structured_count("R", 4)


def test_crba_structured_against_published():
    """10 n^2 + 11 n - 49 against Featherstone's 10 n^2 + 22 n - 32 (RBDA Table 10.1):
    below it for every n, by 11 n + 17, and below the dense crba by a factor above 4
    at n = 6."""
    for n in range(3, 65):
        assert 10 * n * n + 22 * n - 32 - crba_structured_count("R", n) == 11 * n + 17
    chain, q, _, _, _ = _count_args(6, 0.0, seed=6)
    assert count(cd.crba, chain, q, rule="all") / crba_structured_count("R", 6) > 4


def test_crba_structured_bad_input(chain3):
    for bad in (np.zeros(4), [0, np.nan, 0], "abc"):
        assert _message(crba_structured, chain3, bad) == _message(cd.crba, chain3, bad)
    assert _message(crba_structured, "x", [0.0]) == "chain must be a chaindyn.Chain, got str"


# ----------------------------------------------------------------------------- aba_structured

@pytest.mark.parametrize(("name", "chain"), CHAINS + SPECIAL,
                         ids=IDS + [name for name, _ in SPECIAL])
def test_aba_structured_equals_aba_and_inverts_rnea(name, chain):
    q, qd, qdd, f = _states(chain.n, 17, count=4)
    tau = cd.rnea(chain, q, qd, qdd, G, f)
    a = aba_structured(chain, q, qd, tau, G, f)
    assert a.shape == (4, chain.n)
    assert _rel(a, cd.aba(chain, q, qd, tau, G, f)) <= QDD_BOUND
    assert _rel(cd.rnea(chain, q, qd, a, G, f), tau) <= RESIDUAL_BOUND
    for s in range(len(q)):  # one state (Python floats) equals the batch
        assert _rel(aba_structured(chain, q[s], qd[s], tau[s], G, f[s]), a[s]) <= QDD_BOUND
    big = aba_structured(chain, np.tile(q, (10, 1)), np.tile(qd, (10, 1)), np.tile(tau, (10, 1)),
                         G, np.tile(f, (10, 1)))  # 40 states: the vectorized path
    assert _rel(big, np.tile(a, (10, 1))) <= QDD_BOUND
    no_tip = cd.rnea(chain, q, qd, qdd)
    assert _rel(aba_structured(chain, q, qd, no_tip), qdd) <= QDD_BOUND


def test_aba_structured_real_robot(robot):
    _, chain, _, _ = robot
    q, qd, qdd, f = _states(chain.n, 18)
    tau = cd.rnea(chain, q, qd, qdd, G, f)
    assert _rel(aba_structured(chain, q, qd, tau, G, f), cd.aba(chain, q, qd, tau, G, f)) \
        <= QDD_BOUND


def aba_structured_count(kind, n, tip=False):
    """Rule "all" for a chain of one joint type and general geometry (chaindyn.engine),
    gravity into {0'} (9) included: 206 n - 311 for a revolute chain and 32 n - 39 for a
    prismatic one (n >= 3); a tip wrench adds 24 (9 for a prismatic chain, whose
    moments no joint reads)."""
    small = {("R", 1): 16, ("R", 2): 109, ("P", 1): 11, ("P", 2): 28}
    total = small.get((kind, n)) or (206 * n - 311 if kind == "R" else 32 * n - 39)
    if tip:  # one link: only the moment about, or the force along, its axis
        total += {("R", 1): 9, ("P", 1): 3}.get((kind, n), 24 if kind == "R" else 9)
    return total


@pytest.mark.parametrize("n", SIZES)
@pytest.mark.parametrize("kind", ["R", "P"])
def test_aba_structured_count_per_joint_type_against_n(kind, n):
    chain, q, qd, tau, f = _count_args(n, 1.0 if kind == "P" else 0.0, seed=n)
    assert count(aba_structured, chain, q, qd, tau, rule="all") == aba_structured_count(kind, n)
    assert count(aba_structured, chain, q, qd, tau, G, f, rule="all") == aba_structured_count(
        kind, n, tip=True)
    assert count(aba_structured, chain, q, qd, tau, rule="products") == 0
    # the reciprocals 1/D_i: one per joint but the last, whose D is a constant (as every
    # D of a prismatic chain is: its inertias only translate)
    assert compiled(chain, "aba").operations.get("/", 0) == (n - 1 if kind == "R" else 0)


@pytest.mark.parametrize("kinds", ["RPPRP", "RRRPP", "RPRRR", "RP", "RRPRPR", "PPP"])
def test_aba_structured_count_mixed_and_batch(kinds):
    """The instrumented count is the compiled code's own count of its products plus
    gravity's 9, once per call; N states cost N times one state's code."""
    chain, q, qd, tau, _ = _count_args(len(kinds), [k == "P" for k in kinds], seed=len(kinds))
    one = count(aba_structured, chain, q, qd, tau, rule="all")
    code = compiled(chain, "aba").operations["*"]
    assert one == code + 9
    many = count(aba_structured, chain, *(np.tile(a, (4, 1)) for a in (q, qd, tau)), rule="all")
    assert many == 4 * code + 9


def test_aba_structured_leading_prismatic_cheaper():
    """No angular velocity before the first revolute joint: fewer products than a
    revolute chain, and still the same accelerations."""
    chain, q, qd, tau, _ = _count_args(4, [True, True, False, False], seed=4)
    assert count(aba_structured, chain, q, qd, tau, rule="all") < aba_structured_count("R", 4)
    assert _rel(aba_structured(chain, q, qd, tau), cd.aba(chain, q, qd, tau)) <= QDD_BOUND


def test_aba_structured_precomputation_not_counted():
    q, qd, tau = np.random.default_rng(19).standard_normal((3, 4))
    fresh = models.random_chain(4, np.random.default_rng(98))
    used = models.random_chain(4, np.random.default_rng(98))
    aba_structured(used, q, qd, tau)
    assert count(aba_structured, fresh, q, qd, tau, rule="all") == count(
        aba_structured, used, q, qd, tau, rule="all") == aba_structured_count("R", 4)


def test_aba_structured_against_published():
    """206 n - 311 against 224 n - 259 (McMillan, Orin and McGhee 1995, RBDA Table
    10.1): below it for every n, tending to 206/224; below the dense aba by a factor
    above 4 at n = 6."""
    for n in range(3, 65):
        assert aba_structured_count("R", n) < 224 * n - 259
    assert abs(aba_structured_count("R", 10**4) / (224 * 10**4 - 259) - 206 / 224) < 1e-4
    assert aba_count(6, 0, "all") / aba_structured_count("R", 6) > 4


def test_aba_structured_bad_input(chain3):
    for bad in (np.zeros(4), [0, np.nan, 0], "abc"):
        assert _message(aba_structured, chain3, bad, np.zeros(3), np.zeros(3)) == _message(
            cd.aba, chain3, bad, np.zeros(3), np.zeros(3))
    assert _message(aba_structured, chain3, np.zeros(3), np.zeros(3), np.zeros(3),
                    f_tip=np.zeros(5)) == _message(cd.aba, chain3, np.zeros(3), np.zeros(3),
                                                   np.zeros(3), f_tip=np.zeros(5))
    assert _message(aba_structured, "x", [0.0], [0.0], [0.0]) == \
        "chain must be a chaindyn.Chain, got str"


def test_cholesky_solve_bad_input():
    L = np.linalg.cholesky(np.array([[4.0, 2.0], [2.0, 3.0]]))
    b = np.array([1.0, 2.0])
    np.testing.assert_allclose(cholesky_solve(L, b), np.linalg.solve(L @ L.T, b), atol=1e-15)
    np.testing.assert_allclose(cholesky_solve(L, [1, 2]), cholesky_solve(L, b), atol=0)
    cases = [
        ((np.array([1.0, 2.0]), b), "L must have shape (n, n) or (N, n, n), got (2,)"),
        ((np.ones((2, 3)), b), "L must have shape (n, n) or (N, n, n), got (2, 3)"),
        ((np.eye(2), np.ones(3)), "b must have shape (n,) or (N, n) with n = 2, got (3,)"),
        ((L, 1.0), "b must have shape (n,) or (N, n) with n = 2, got ()"),
        ((np.ones((3, 2, 2)) * np.eye(2), np.ones((4, 2))),
         "L and b must have matching batch shapes, got L (3, 2, 2) and b (4, 2)"),
        ((np.diag([1.0, 0.0]), b), "L must have a non-zero diagonal (the Cholesky factor of a "
                                    "positive definite matrix), got a zero on it"),
        ((L, [np.nan, 1.0]), "b must be finite, got nan at index (0,)"),
        ((None, b), "L must be an array of real numbers, got dtype object (None)"),
    ]
    for args, message in cases:
        assert _message(cholesky_solve, *args) == message
    with pytest.raises(ValueError, match="b must"):
        cholesky_solve(L, np.ma.masked_array(b))
