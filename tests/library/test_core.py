"""chaindyn's algorithms against independent oracles: closed forms, identities,
finite differences and a second formulation (book §3.2.5 ①-③)."""

import numpy as np
import pytest

import chaindyn as cd
from chaindyn import classic, models, spatial
from chaindyn.opcount import count
from chaindyn.spatial import Ad, screw_exp, spatial_inertia

G0 = np.zeros(3)
RNG_SEED = 20261130


def states(rng, n, N=None, scale=1.0):
    shape = (n,) if N is None else (N, n)
    return tuple(scale * rng.standard_normal(shape) for _ in range(3))


@pytest.fixture(params=range(2, 8), ids=lambda n: f"n{n}")
def random_case(request):
    rng = np.random.default_rng(RNG_SEED + request.param)
    chain = models.random_chain(request.param, rng, prismatic=0.4)
    return chain, rng


# ------------------------------------------------------------ ① closed form
def test_planar_2r_matches_modern_robotics_8_9():
    """MR eq. (8.9): point masses at the link ends (izz only adds I1 + I2 terms)."""
    rng = np.random.default_rng(1)
    kw = dict(masses=(1.3, 0.7), lengths=(0.9, 0.6), izz=(2e-3, 1e-3))
    chain = models.planar_2r(**kw)
    for _ in range(20):
        q, qd, qdd = states(rng, 2, scale=2.0)
        tau = cd.rnea(chain, q, qd, qdd, gravity=[0, -9.81, 0])
        closed = models.planar_2r_closed_form(q, qd, qdd, g=9.81, **kw)
        np.testing.assert_allclose(tau, closed, rtol=0, atol=1e-13)


def test_closed_form_reduces_to_8_9_for_point_masses():
    """With izz = 0 the oracle is MR eq. (8.9) term by term."""
    m1, m2, L1, L2, g = 1.3, 0.7, 0.9, 0.6, 9.81
    q, qd, qdd = np.array([0.4, -1.1]), np.array([0.8, 1.7]), np.array([-0.3, 0.9])
    t1, t2 = q
    d1, d2 = qd
    a1, a2 = qdd
    tau1 = ((m1 + m2) * L1**2 + m2 * (L2**2 + 2 * L1 * L2 * np.cos(t2))) * a1 \
        + m2 * (L2**2 + L1 * L2 * np.cos(t2)) * a2 \
        - m2 * L1 * L2 * np.sin(t2) * (2 * d1 * d2 + d2**2) \
        + (m1 + m2) * L1 * g * np.cos(t1) + m2 * g * L2 * np.cos(t1 + t2)
    tau2 = m2 * (L1 * L2 * np.cos(t2) + L2**2) * a1 + m2 * L2**2 * a2 \
        + m2 * L1 * L2 * d1**2 * np.sin(t2) + m2 * g * L2 * np.cos(t1 + t2)
    got = models.planar_2r_closed_form(q, qd, qdd, g=g, masses=(m1, m2), lengths=(L1, L2),
                                       izz=(0.0, 0.0))
    np.testing.assert_allclose(got, [tau1, tau2], rtol=1e-15, atol=1e-14)


# ------------------------------------------------------------ ① identities
def test_spatial_equals_classic(random_case):
    chain, rng = random_case
    q, qd, qdd = states(rng, chain.n, N=8)
    F = rng.standard_normal(6)
    a = cd.rnea(chain, q, qd, qdd, f_tip=F)
    b = cd.rnea_classic(chain, q, qd, qdd, f_tip=F)
    np.testing.assert_allclose(a, b, rtol=0, atol=1e-12)


def test_mass_matrix_and_bias_reproduce_rnea(random_case):
    chain, rng = random_case
    q, qd, qdd = states(rng, chain.n, N=8)
    M = cd.mass_matrix(chain, q)
    h = cd.bias_force(chain, q, qd)
    tau = cd.rnea(chain, q, qd, qdd)
    np.testing.assert_allclose(np.einsum("kij,kj->ki", M, qdd) + h, tau, rtol=0, atol=1e-12)
    np.testing.assert_allclose(M, np.swapaxes(M, -1, -2), rtol=0, atol=1e-13)
    L = np.linalg.cholesky(M)  # raises unless positive definite
    assert np.all(np.diagonal(L, axis1=-2, axis2=-1) > 0)


def test_decomposition_is_exact(random_case):
    chain, rng = random_case
    q, qd, qdd = states(rng, chain.n, N=8)
    parts = (cd.gravity_torque(chain, q) + cd.coriolis_torque(chain, q, qd)
             + cd.inertial_torque(chain, q, qdd))
    np.testing.assert_allclose(parts, cd.rnea(chain, q, qd, qdd), rtol=0, atol=1e-12)


def test_kinetic_energy_two_ways(random_case):
    chain, rng = random_case
    q, qd, _ = states(rng, chain.n, N=8)
    M = cd.mass_matrix(chain, q)
    ke_M = 0.5 * np.einsum("ki,kij,kj->k", qd, M, qd)
    np.testing.assert_allclose(cd.kinetic_energy(chain, q, qd), ke_M, rtol=1e-13)


def test_potential_energy_of_the_planar_2r_in_closed_form():
    """P = g (m1 r1 sin q1 + m2 (L1 sin q1 + r2 sin(q1 + q2))) with gravity along -y."""
    rng = np.random.default_rng(3)
    kw = dict(masses=(1.3, 0.7), lengths=(0.9, 0.6), coms=(0.4, 0.35))
    chain = models.planar_2r(**kw)
    q = rng.uniform(-np.pi, np.pi, (10, 2))
    s1, s12 = np.sin(q[:, 0]), np.sin(q[:, 0] + q[:, 1])
    closed = 9.81 * (1.3 * 0.4 * s1 + 0.7 * (0.9 * s1 + 0.35 * s12))
    np.testing.assert_allclose(cd.potential_energy(chain, q, [0.0, -9.81, 0.0]), closed,
                               rtol=0, atol=1e-13)


def test_potential_energy_gradient_is_gravity_torque(random_case):
    """dP/dq = g(q) (central differences), batched like the state."""
    chain, rng = random_case
    q = rng.uniform(-np.pi, np.pi, (4, chain.n))
    g = np.array([0.3, -1.1, -9.80665])
    h = 1e-6
    grad = np.stack([(cd.potential_energy(chain, q + h * e, g)
                      - cd.potential_energy(chain, q - h * e, g)) / (2 * h)
                     for e in np.eye(chain.n)], axis=-1)
    gq = cd.gravity_torque(chain, q, g)
    assert np.abs(grad - gq).max() <= 1e-7 * max(1.0, np.abs(gq).max())
    assert cd.potential_energy(chain, q, g).shape == (4,)


def test_power_equals_rate_of_kinetic_energy(random_case):
    """Gravity off, no tip wrench: tau . qd = dT/dt along a smooth motion."""
    chain, rng = random_case
    a, w, p = (rng.uniform(0.3, 1.0, chain.n), rng.uniform(0.5, 2.0, chain.n),
               rng.uniform(0, 2 * np.pi, chain.n))

    def motion(t):
        return a * np.sin(w * t + p), a * w * np.cos(w * t + p), -a * w**2 * np.sin(w * t + p)

    h = 1e-4
    for t in (0.1, 0.7, 1.3):
        q, qd, qdd = motion(t)
        power = cd.rnea(chain, q, qd, qdd, gravity=G0) @ qd
        dT = (cd.kinetic_energy(chain, *motion(t + h)[:2])
              - cd.kinetic_energy(chain, *motion(t - h)[:2])) / (2 * h)
        assert power == pytest.approx(dT, rel=1e-6, abs=1e-8)


def test_link_twists_match_classic_velocities(random_case):
    chain, rng = random_case
    q, qd, _ = states(rng, chain.n, N=4)
    V = cd.link_twists(chain, q, qd)
    omega, v, v_com = classic.link_velocities(chain, q, qd)
    np.testing.assert_allclose(V[..., :3], omega, atol=1e-13)
    np.testing.assert_allclose(V[..., 3:], v, atol=1e-13)
    # COM velocity: the body twist's velocity field at c, v + omega x c
    np.testing.assert_allclose(v_com, v + np.cross(omega, chain.coms), atol=1e-13)


# ------------------------------------------------------------ ② statics
def numeric_body_jacobian(chain, q, h=1e-6):
    T = cd.forward_kinematics(chain, q)[-1]
    Tinv = np.linalg.inv(T)
    cols = []
    for i in range(chain.n):
        dq = np.zeros(chain.n)
        dq[i] = h
        dT = (cd.forward_kinematics(chain, q + dq)[-1]
              - cd.forward_kinematics(chain, q - dq)[-1]) / (2 * h)
        X = Tinv @ dT  # [V_b] for a unit rate of joint i
        cols.append([X[2, 1], X[0, 2], X[1, 0], X[0, 3], X[1, 3], X[2, 3]])
    return np.array(cols).T


def test_body_jacobian_matches_finite_difference(random_case):
    chain, rng = random_case
    q = rng.standard_normal(chain.n)
    np.testing.assert_allclose(cd.body_jacobian(chain, q), numeric_body_jacobian(chain, q),
                               atol=1e-8)
    T = cd.forward_kinematics(chain, q)[-1]
    np.testing.assert_allclose(cd.space_jacobian(chain, q), Ad(T) @ cd.body_jacobian(chain, q),
                               atol=1e-12)


def test_forward_kinematics_is_product_of_exponentials(random_case):
    chain, rng = random_case
    q = rng.standard_normal(chain.n)
    T = np.eye(4)
    for i in range(chain.n):
        R, p = screw_exp(chain.screws[i], q[i])
        E = np.eye(4)
        E[:3, :3], E[:3, 3] = R, p
        T = T @ np.linalg.inv(chain.home[i]) @ E
    np.testing.assert_allclose(cd.forward_kinematics(chain, q)[-1], T, atol=1e-12)


def test_relative_poses_multiply_to_forward_kinematics(random_case):
    """T_{i-1,i} = M_{i,i-1}^{-1} exp([A_i] q_i) (scipy's expm of the 4x4 [A_i] q_i), and
    their running product is T_{0,i}; a batch gives the single calls."""
    from scipy.linalg import expm

    from chaindyn.kinematics import relative_poses

    chain, rng = random_case
    q = rng.standard_normal((3, chain.n))
    rel = relative_poses(chain, q)
    assert rel.shape == (3, chain.n, 4, 4)
    for k in range(3):
        np.testing.assert_array_equal(relative_poses(chain, q[k]), rel[k])
        T = np.eye(4)
        for i in range(chain.n):
            A = chain.screws[i]
            S = np.zeros((4, 4))
            S[:3, :3] = [[0, -A[2], A[1]], [A[2], 0, -A[0]], [-A[1], A[0], 0]]
            S[:3, 3] = A[3:]
            expected = np.linalg.inv(chain.home[i]) @ expm(S * q[k, i])
            np.testing.assert_allclose(rel[k, i], expected, atol=1e-12)
            T = T @ rel[k, i]
            np.testing.assert_allclose(cd.forward_kinematics(chain, q[k])[i], T, atol=1e-12)
    want = rf"q must have shape \(n,\) or \(N, n\) with n = {chain.n}, got \({chain.n + 1},\)"
    with pytest.raises(ValueError, match=want):
        relative_poses(chain, np.zeros(chain.n + 1))
    with pytest.raises(ValueError, match=r"q must be finite, got nan at index \(0,\)"):
        relative_poses(chain, np.r_[np.nan, np.zeros(chain.n - 1)])


def test_screw_exp_is_the_matrix_exponential():
    """eq-rnea-exp against scipy's expm of the 4x4 [A] θ, revolute (off-origin axis) and
    prismatic, one angle and a batch of angles."""
    from scipy.linalg import expm

    rng = np.random.default_rng(RNG_SEED)
    for _ in range(20):
        w = rng.standard_normal(3)
        w /= np.linalg.norm(w)
        for A in (np.concatenate([w, -np.cross(w, rng.standard_normal(3))]),
                  np.concatenate([np.zeros(3), w])):
            hat = np.zeros((4, 4))
            hat[:3, :3], hat[:3, 3] = spatial.skew(A[:3]), A[3:]
            thetas = rng.uniform(-4.0, 4.0, 5)
            R, p = screw_exp(A, thetas)
            for k, th in enumerate(thetas):
                E = expm(hat * th)
                np.testing.assert_allclose(R[k], E[:3, :3], atol=1e-12)
                np.testing.assert_allclose(p[k], E[:3, 3], atol=1e-12)
            R1, p1 = screw_exp(A, thetas[0])
            assert R1.shape == (3, 3) and p1.shape == (3,)
            np.testing.assert_array_equal(R1, R[0])


def test_static_tip_wrench_is_jacobian_transpose(random_case):
    chain, rng = random_case
    q = rng.standard_normal(chain.n)
    F = rng.standard_normal(6)
    expected = numeric_body_jacobian(chain, q).T @ F
    np.testing.assert_allclose(cd.tip_wrench_torque(chain, q, F), expected, atol=1e-7)
    np.testing.assert_allclose(cd.tip_wrench_torque(chain, q, F),
                               cd.body_jacobian(chain, q).T @ F, atol=1e-13)


def test_tip_wrench_sign_pushing_down():
    """F_tip is what the end effector applies to the environment.  A link along
    x, jointed about y, pushes down with 10 N at x = 0.5 m: the table pushes
    back up, a moment (0.5, 0, 0) x (0, 0, 10) = (0, -5, 0) on the link, so the
    joint must supply +5 N m about y."""
    G = spatial_inertia(1.0, [0.25, 0, 0], np.diag([1e-3, 1e-2, 1e-2]))
    chain = cd.Chain([np.eye(4)], [[0, 1, 0, 0, 0, 0]], [G])
    f = np.array([0, 0, -10.0])  # force on the table
    F = np.concatenate([np.cross([0.5, 0, 0], f), f])  # (moment about {1}'s origin, force)
    tau = cd.tip_wrench_torque(chain, [0.0], F)
    assert tau[0] == pytest.approx(5.0, abs=1e-14)


def test_joint_one_carries_the_total_weight(random_case):
    chain, rng = random_case
    q = rng.standard_normal(chain.n)
    z = np.zeros(chain.n)
    g = np.array([0.0, 0.0, -9.80665])
    F1 = cd.joint_wrenches(chain, q, z, z, gravity=g)[0]
    R01 = cd.forward_kinematics(chain, q)[0, :3, :3]
    np.testing.assert_allclose(R01 @ F1[3:], -chain.mass * g, atol=1e-12)


def test_joint_wrench_projection_is_torque(random_case):
    chain, rng = random_case
    q, qd, qdd = states(rng, chain.n, N=3)
    F = cd.joint_wrenches(chain, q, qd, qdd)
    tau = cd.rnea(chain, q, qd, qdd)
    np.testing.assert_allclose(np.einsum("kij,ij->ki", F, chain.screws), tau, atol=1e-14)


# ------------------------------------------------------------ batches
def test_batch_equals_single_calls():
    chain = models.arm6r()
    t, q, qd, qdd = models.arm6r_trajectory()
    F = np.array([1.0, -2.0, 0.5, 3.0, 0.0, -4.0])
    batch = cd.rnea(chain, q, qd, qdd, f_tip=F)
    single = np.array([cd.rnea(chain, q[k], qd[k], qdd[k], f_tip=F) for k in range(len(t))])
    np.testing.assert_allclose(batch, single, rtol=1e-15, atol=1e-15)
    Fb = cd.joint_wrenches(chain, q, qd, qdd)
    Fs = np.array([cd.joint_wrenches(chain, q[k], qd[k], qdd[k]) for k in range(len(t))])
    np.testing.assert_allclose(Fb, Fs, rtol=1e-15, atol=1e-15)
    for f in (cd.body_jacobian, cd.space_jacobian, cd.forward_kinematics):
        np.testing.assert_allclose(f(chain, q[::30]), [f(chain, x) for x in q[::30]],
                                   rtol=1e-15, atol=1e-15)
    np.testing.assert_allclose(cd.mass_matrix(chain, q[::50]),
                               [cd.mass_matrix(chain, x) for x in q[::50]], rtol=1e-15, atol=1e-15)


# ------------------------------------------------------------ MDH builder
def craig_mdh_fk(rows, q):
    """Craig's modified-DH product, written out independently of chaindyn."""
    T = np.eye(4)
    out = []
    for (alpha, a, d, theta), qi in zip(rows, q):
        ca, sa, ct, st = np.cos(alpha), np.sin(alpha), np.cos(theta + qi), np.sin(theta + qi)
        T = T @ np.array([[ct, -st, 0, a],
                          [st * ca, ct * ca, -sa, -sa * d],
                          [st * sa, ct * sa, ca, ca * d],
                          [0, 0, 0, 1]])
        out.append(T)
    return np.array(out)


def arm6r_rows():
    return np.array([[np.deg2rad(r["alpha_deg"]), r["a"], r["d"], np.deg2rad(r["theta_deg"])]
                     for r in models.arm6r_table()])


def test_mdh_builder_matches_craigs_transform():
    chain = models.arm6r()
    rng = np.random.default_rng(3)
    for _ in range(5):
        q = rng.uniform(-np.pi, np.pi, 6)
        np.testing.assert_allclose(cd.forward_kinematics(chain, q), craig_mdh_fk(arm6r_rows(), q),
                                   atol=1e-13)


def test_mdh_builder_equals_a_screw_description_at_the_coms():
    """The same arm with every link frame moved to its COM (axes kept): the
    screw axes are then off the origins, the inertias diagonal-block; the
    torques must not change."""
    mdh = models.arm6r()
    rows = arm6r_rows()
    T0 = craig_mdh_fk(rows, np.zeros(6))  # joint frames at q = 0
    Tc = T0.copy()
    Tc[:, :3, 3] += np.einsum("kij,kj->ki", T0[:, :3, :3], mdh.coms)  # COM frames
    home, screws, inertias = [], [], []
    prev = np.eye(4)
    for i in range(6):
        home.append(np.linalg.inv(Tc[i]) @ prev)
        X = np.linalg.inv(Tc[i]) @ T0[i]  # joint frame seen from COM frame
        screws.append(Ad(X) @ np.array([0, 0, 1.0, 0, 0, 0]))
        inertias.append(spatial_inertia(mdh.masses[i], np.zeros(3), mdh.inertias_com[i]))
        prev = Tc[i]
    com_chain = cd.Chain(home, screws, inertias)
    _, q, qd, qdd = models.arm6r_trajectory()
    np.testing.assert_allclose(cd.rnea(com_chain, q, qd, qdd), cd.rnea(mdh, q, qd, qdd),
                               atol=1e-12)


# ------------------------------------------------------------ the 6R arm
def test_arm6r_is_as_documented():
    chain = models.arm6r()
    assert chain.n == 6 and chain.joint_types == ("revolute",) * 6
    assert chain.mass == pytest.approx(14.0, abs=1e-12)
    Js = cd.space_jacobian(chain, np.zeros(6))
    np.testing.assert_allclose(Js[:3, 0], [0, 0, 1], atol=1e-15)  # joint 1 vertical


def test_arm6r_trajectory():
    t, q, qd, qdd = models.arm6r_trajectory()
    assert t.shape == (151,) and q.shape == qd.shape == qdd.shape == (151, 6)
    assert 20.0 < np.abs(qdd).max() < 22.0
    np.testing.assert_allclose(qd[[0, -1]], 0, atol=1e-15)
    np.testing.assert_allclose(qdd[[0, -1]], 0, atol=1e-12)
    # velocity and acceleration are the time derivatives of position
    dt = t[1] - t[0]
    np.testing.assert_allclose(np.gradient(q, dt, axis=0)[1:-1], qd[1:-1], atol=2e-3)
    np.testing.assert_allclose(np.gradient(qd, dt, axis=0)[1:-1], qdd[1:-1], atol=2e-2)


# ------------------------------------------------------------ ③ operation count
def test_counter_on_known_products():
    A, B, x = np.ones((3, 4)), np.ones((4, 5)), np.ones(4)
    assert count(lambda a, b: a @ b, A, B) == 60
    assert count(lambda a, v: a @ v, A, x) == 12
    assert count(lambda u, v: u @ v, x, x) == 4
    assert count(np.dot, A, B) == 60
    assert count(lambda a, b: np.einsum("ij,jk->ik", a, b), A, B) == 60
    assert count(lambda u: u * u, x) == 0
    assert count(lambda u: u * u, x, rule="all") == 4
    assert count(lambda a, b: a @ b, A, B, rule="all") == 60
    # arrays inside a tuple (a pose (R, p)) are instrumented too
    R, p = np.eye(3), np.ones(3)
    assert count(spatial.pose_mul, (R, p), (R, p)) == 27 + 9


@pytest.mark.parametrize("n", [1, 2, 3, 6, 7, 16])
def test_rnea_costs_357_products_per_revolute_link(n):
    rng = np.random.default_rng(n)
    chain = models.random_chain(n, rng, prismatic=0.0)
    assert count(cd.rnea, chain, *states(rng, n)) == 357 * n


def test_n64_gives_22848():
    rng = np.random.default_rng(64)
    chain = models.random_chain(64, rng)
    assert count(cd.rnea, chain, *states(rng, 64)) == 22848


def test_prismatic_link_saves_the_exponential_products():
    """A prismatic exponential needs no [w]^2 (27) and no P v (9): 321 per link."""
    rng = np.random.default_rng(5)
    kinds = [False, True, True, False, True]
    chain = models.random_chain(5, rng, prismatic=kinds)
    assert count(cd.rnea, chain, *states(rng, 5)) == 357 * 2 + 321 * 3


def test_every_multiplication_per_link_spatial_and_classic():
    """Under rule="all" both forms are linear in n; the 3-vector form needs fewer."""
    for n in (1, 4, 9):
        rng = np.random.default_rng(n)
        chain = models.random_chain(n, rng, prismatic=0.0)
        s = states(rng, n)
        assert count(cd.rnea, chain, *s, rule="all") == 420 * n
        assert count(cd.rnea_classic, chain, *s, rule="all") == 285 * n
        assert count(cd.rnea_classic, chain, *s) == 150 * n
