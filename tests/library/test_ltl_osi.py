"""ltl_factor (RBDA Table 6.3), composite_inertias, articulated_inertias and
operational_space_inertia (book §3.5.11-3.5.13) against independent oracles: numpy's
Cholesky of the reversed matrix, a factor built first and multiplied out, RNEA columns,
the direct formula (J M^-1 J^T)^-1, a closed form for the planar 2R arm, aba, and the
Schur complement of M; the error messages pinned.
"""

from __future__ import annotations

import numpy as np
import pytest
from _refs import reference
from _robots import robots_dir

from chaindyn import aba, crba, models
from chaindyn.articulated import articulated_inertias
from chaindyn.composite import composite_inertias, ltl_factor
from chaindyn.jacobian import point_jacobian
from chaindyn.quantities import mass_matrix, operational_space_inertia

BOUND = 1e-12


def _random_tree(n, rng):
    return np.array([-1] + [int(rng.integers(-1, i)) for i in range(1, n)])


def _pattern_factor(parents, rng):
    """A random lower-triangular L with the pattern of ``parents`` and a positive diagonal."""
    n = len(parents)
    L = np.zeros((n, n))
    for k in range(n):
        L[k, k] = rng.uniform(0.5, 2.0)
        i = parents[k]
        while i >= 0:
            L[k, i] = rng.uniform(-1.0, 1.0)
            i = parents[i]
    return L


def _velocity_parents(model):
    """RBDA's expanded parent array (Table 6.4) of a Pinocchio model, numbered from 0: a
    joint with nv variables is a chain of nv one-variable joints."""
    lam = np.full(model.nv, -1, dtype=int)
    for j in range(1, model.njoints):
        iv, nv, parent = model.joints[j].idx_v, model.joints[j].nv, model.parents[j]
        if parent > 0:
            lam[iv] = model.joints[parent].idx_v + model.joints[parent].nv - 1
        lam[iv + 1:iv + nv] = np.arange(iv, iv + nv - 1)
    return lam


@pytest.fixture(scope="module")
def humanoid():
    """(M, parents) of Talos (talos_reduced.urdf) on a free-flyer base at a random
    configuration, M by Pinocchio's crba (upper triangle mirrored)."""
    pin = reference("pinocchio")
    model = pin.buildModelFromUrdf(f"{robots_dir()}/talos_data/robots/talos_reduced.urdf",
                                   pin.JointModelFreeFlyer())
    rng = np.random.default_rng(35)
    q = pin.neutral(model)
    q[:3] = rng.uniform(-1.0, 1.0, 3)
    quat = rng.standard_normal(4)
    q[3:7] = quat / np.linalg.norm(quat)
    q[7:] = rng.uniform(model.lowerPositionLimit[7:], model.upperPositionLimit[7:])
    M = np.array(pin.crba(model, model.createData(), q))
    return np.triu(M) + np.triu(M, 1).T, _velocity_parents(model)


def _depths(parents):
    """The number of variables from each variable to the base, itself included."""
    out = []
    for p in parents:
        out.append(1 if p < 0 else out[p] + 1)
    return np.array(out)


def _reverse_cholesky(M):
    C = np.linalg.cholesky(M[::-1, ::-1])
    return C.T[::-1, ::-1]


# ----------------------------------------------------------------------------- ltl_factor


@pytest.mark.parametrize("seed", range(8))
def test_ltl_recovers_a_factor_with_the_tree_pattern(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 16))
    parents = _random_tree(n, rng)
    L0 = _pattern_factor(parents, rng)
    M = L0.T @ L0
    L = ltl_factor(M, parents)
    assert np.max(np.abs(L - L0)) <= 1e-10 * np.max(np.abs(L0))
    assert np.array_equal(L == 0, L0 == 0)  # no fill-in: the zeros of the pattern stay exact


@pytest.mark.parametrize("seed", range(4))
def test_ltl_of_a_chain_is_the_reversed_cholesky_factor(seed):
    rng = np.random.default_rng(seed)
    chain = models.random_chain(7, rng)
    M = crba(chain, rng.uniform(-3, 3, 7))
    L = ltl_factor(M, np.arange(7) - 1)
    assert np.allclose(np.triu(L, 1), 0.0, atol=0.0)
    assert np.max(np.abs(L - _reverse_cholesky(M))) <= BOUND * np.max(np.abs(L)) * 10
    assert np.max(np.abs(L.T @ L - M)) <= BOUND * np.max(np.abs(M))
    assert np.count_nonzero(L) == 7 * 8 // 2


def test_ltl_batch_equals_single():
    rng = np.random.default_rng(3)
    parents = _random_tree(6, rng)
    Ms = np.stack([(lambda L: L.T @ L)(_pattern_factor(parents, rng)) for _ in range(4)])
    Lb = ltl_factor(Ms, parents)
    for k in range(4):
        assert np.array_equal(Lb[k], ltl_factor(Ms[k], parents))


def test_ltl_humanoid_has_no_fill_in_and_the_predicted_count(humanoid):
    M, parents = humanoid
    L = ltl_factor(M, parents)
    assert np.max(np.abs(L.T @ L - M)) <= BOUND * np.max(np.abs(M))
    Lr = _reverse_cholesky(M)  # knows nothing of the tree
    assert np.max(np.abs(L - Lr)) <= 1e-11 * np.max(np.abs(L))
    depth = _depths(parents)
    pattern = _pattern_factor(parents, np.random.default_rng(0)) != 0  # itself and ancestors
    outside = np.tril(~pattern)
    assert np.all(np.abs(Lr[outside]) <= 1e-12 * np.max(np.abs(Lr)))
    assert int(np.sum(pattern)) == len(parents) + int(np.sum(depth - 1))
    assert int(np.sum(pattern)) <= len(parents) * int(depth.max())
    C = np.linalg.cholesky(M)  # eliminating from the first row fills in
    assert np.sum(np.abs(C[outside]) > 1e-9 * np.max(np.abs(C))) > 0


def test_velocity_parents_expand_the_free_flyer(humanoid):
    _, parents = humanoid
    assert list(parents[:6]) == [-1, 0, 1, 2, 3, 4]
    assert all(-1 <= p < i for i, p in enumerate(parents))


@pytest.mark.parametrize("M, parents, message", [
    (np.ones((2, 3)), [-1, 0],
     r"M must be a square matrix of shape \(n, n\) or \(N, n, n\), got \(2, 3\)"),
    (np.ones(3), [-1, 0, 1],
     r"M must be a square matrix of shape \(n, n\) or \(N, n, n\), got \(3,\)"),
    (np.eye(3), [-1, 0],
     r"parents must have shape \(n,\) with n = 3 \(the size of M\), got \(2,\)"),
    (np.eye(2), [-1, 0.5], r"parents must be integers, got \[-1, 0.5\]"),
    (np.eye(2), ["a", "b"], r"parents must be a 1-D sequence of integers, got \['a', 'b'\]"),
    (np.eye(3), [-1, 2, 0], r"parents must number a tree from the base \(-1 <= parents\[i\] < i: "
                            r"every parent before its child\), got parents\[1\] = 2"),
    (np.eye(3), [-1, 0, -2], r"got parents\[2\] = -2"),
    (np.array([[2.0, 1.0], [0.0, 2.0]]), [-1, 0], r"M must be symmetric, got \|M - M\^T\| up to 1"),
    (np.array([[2.0, 0.0, 1.0], [0.0, 2.0, 1.0], [1.0, 1.0, 3.0]]), [-1, -1, 0],
     r"M has an entry outside the pattern of parents: \|M\[2, 1\]\| = 1, but variable 1 is not "
     r"an ancestor of 2"),
    (np.array([[1.0, 2.0], [2.0, 1.0]]), [-1, 0],
     r"M must be positive definite, got the pivot -3 at row 0"),
    (np.diag([1.0, -1.0]), [-1, 0], r"M must be positive definite, got the pivot -1 at row 1"),
    (np.array([[1.0, np.nan], [np.nan, 1.0]]), [-1, 0], r"M must be finite"),
])
def test_ltl_errors(M, parents, message):
    with pytest.raises(ValueError, match=message):
        ltl_factor(M, parents)


# ----------------------------------------------------------------------------- inertias


@pytest.mark.parametrize("seed", range(4))
def test_composite_and_articulated_inertias(seed):
    rng = np.random.default_rng(seed)
    chain = models.random_chain(5, rng)
    q = rng.uniform(-3, 3, (3, 5))
    Gc = composite_inertias(chain, q)
    GA, D = articulated_inertias(chain, q)
    M = mass_matrix(chain, q)  # RNEA columns, independent of the recursions
    for b in range(3):
        for i in range(5):
            A = chain.screws[i]
            assert abs(A @ Gc[b, i] @ A - M[b, i, i]) <= BOUND * np.max(np.abs(M[b]))
            eig = np.linalg.eigvalsh(Gc[b, i] - GA[b, i])
            assert eig[0] >= -BOUND * np.max(np.abs(Gc[b]))
        # D_1 is the Schur complement: 1 / [M^-1]_11
        assert abs(D[b, 0] - 1 / np.linalg.inv(M[b])[0, 0]) <= 1e-10 * M[b, 0, 0]
        assert np.array_equal(GA[b, -1], chain.inertias[-1])
        # D_n: the last link alone about its joint
        assert abs(D[b, -1] - chain.screws[-1] @ chain.inertias[-1] @ chain.screws[-1]) <= 1e-15
        assert D[b, 0] <= M[b, 0, 0]


def test_planar_2r_by_hand_matches_aba():
    arm = models.planar_2r()
    q, tau = np.array([0.3, 0.9]), np.array([12.0, 3.0])
    # at rest the ABA eliminates qdd_2 from the last row of M qdd = tau - g(q):
    # D_2 = M22, D_1 = M11 - M12^2 / M22, then substitutes back
    M11, M12, M22, g1, g2 = models.planar_2r_mass_gravity(q)
    D1, D2 = M11 - M12**2 / M22, M22
    qdd1 = (tau[0] - g1 - M12 / M22 * (tau[1] - g2)) / D1
    qdd2 = (tau[1] - g2 - M12 * qdd1) / D2
    qdd = aba(arm, q, np.zeros(2), tau, gravity=[0.0, -9.80665, 0.0])
    assert np.max(np.abs(qdd - [qdd1, qdd2])) <= BOUND * np.max(np.abs(qdd))
    _, D = articulated_inertias(arm, q)
    assert np.allclose(D, [D1, D2], rtol=BOUND, atol=0)


# ----------------------------------------------------------------------------- operational space


def test_osi_against_the_direct_formula():
    rng = np.random.default_rng(5)
    arm = models.arm6r()
    q = rng.uniform(-1.5, 1.5, (4, 6))
    p = np.array([0.02, -0.01, 0.1])
    for rows in ("all", "linear", "angular", [3, 5]):
        Lam = operational_space_inertia(arm, q, point=p, rows=rows)
        idx = {"all": slice(None), "linear": [3, 4, 5], "angular": [0, 1, 2]}.get(
            rows if isinstance(rows, str) else "", rows)
        for b in range(4):
            J = point_jacobian(arm, q[b], p, frame="local")[idx]
            direct = np.linalg.inv(J @ np.linalg.inv(mass_matrix(arm, q[b])) @ J.T)
            assert np.max(np.abs(Lam[b] - direct)) <= 1e-10 * np.max(np.abs(direct))
            assert np.array_equal(Lam[b], Lam[b].T)


@pytest.mark.parametrize("q2", [0.4, 1.2, 2.5, -1.0])
def test_osi_planar_2r_closed_form(q2):
    m1, m2, L1, L2, I1, I2 = 1.5, 0.7, 0.8, 0.6, 0.02, 0.01
    arm = models.planar_2r(masses=(m1, m2), lengths=(L1, L2), izz=(I1, I2))
    q = np.array([0.3, q2])
    c2, s2 = np.cos(q2), np.sin(q2)
    M11 = I1 + I2 + m1 * L1**2 + m2 * (L1**2 + L2**2 + 2 * L1 * L2 * c2)
    M12 = I2 + m2 * (L2**2 + L1 * L2 * c2)
    M22 = I2 + m2 * L2**2
    M = np.array([[M11, M12], [M12, M22]])
    J = np.array([[L1 * s2, 0.0], [L1 * c2 + L2, L2]])  # tip velocity in the axes of {2}
    Ji = np.linalg.inv(J)
    closed = Ji.T @ M @ Ji
    Lam = operational_space_inertia(arm, q, point=[L2, 0.0, 0.0], rows=[3, 4])
    assert np.max(np.abs(Lam - closed)) <= 1e-10 * np.max(np.abs(closed))


def test_osi_errors():
    arm = models.planar_2r()
    with pytest.raises(ValueError, match=r"rows must be 'all', 'angular', 'linear' or a sequence "
                                         r"of indices 0..5, got 'planar'"):
        operational_space_inertia(arm, [0.0, 1.0], rows="planar")
    with pytest.raises(ValueError, match=r"rows must be distinct indices 0..5, got \[3, 3\]"):
        operational_space_inertia(arm, [0.0, 1.0], rows=[3, 3])
    with pytest.raises(ValueError, match=r"rows must be distinct indices 0..5, got \[6\]"):
        operational_space_inertia(arm, [0.0, 1.0], rows=[6])
    with pytest.raises(ValueError, match=r"J M\^-1 J\^T is singular for rows \[0, 1, 2, 3, 4, 5\] "
                                         r"\(n = 2 joints"):
        operational_space_inertia(arm, [0.0, 1.0])
    with pytest.raises(ValueError, match=r"J M\^-1 J\^T is singular for rows \[3, 4\]"):
        operational_space_inertia(arm, [0.0, 0.0], point=[1, 0, 0], rows=[3, 4])  # stretched
    with pytest.raises(ValueError, match=r"point must have shape \(3,\)"):
        operational_space_inertia(arm, [0.0, 1.0], point=[1, 0])
