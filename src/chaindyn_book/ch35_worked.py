"""The worked examples of §3.5.11-3.5.14: the planar 2R arm by hand, branch-induced
sparsity of a humanoid's mass matrix, and the 6R arm's mass ellipsoid.

The humanoid is Talos (example-robot-data, ``talos_reduced.urdf``) on a free-flyer base,
read by Pinocchio; the factorization is :func:`chaindyn.composite.ltl_factor`.
"""

from __future__ import annotations

import os

import numpy as np

from chaindyn import models
from chaindyn.composite import crba, ltl_factor

from .crosscheck import robots_dir

__all__ = [
    "planar_2r_by_hand",
    "velocity_parents",
    "depths",
    "humanoid_mass_matrix",
    "chain_mass_matrix",
    "sparsity_row",
    "reverse_cholesky",
    "ancestor_pattern",
    "HUMANOID_URDF",
    "NONZERO",
]

#: The humanoid of §3.5.12, under the ``robots`` directory of example-robot-data.
HUMANOID_URDF = "talos_data/robots/talos_reduced.urdf"
#: An entry counts as nonzero when larger than this times the largest |entry|.
NONZERO = 1e-9


def planar_2r_by_hand(q, tau, g=9.80665, masses=(1.0, 1.0), lengths=(1.0, 1.0), coms=None,
                      izz=(1e-3, 1e-3)):
    """ABA on :func:`chaindyn.models.planar_2r` at rest, written in the joint scalars.

    With the arm at rest (qd = 0) in a vertical plane (gravity ``(0, -g, 0)``),
    the inward pass of the ABA reduces to eliminating qdd_2 from the last row of
    ``M qdd = tau - g(q)``; the outward pass substitutes back.

    Returns
    -------
    dict
        ``M11, M12, M22`` (closed form, book §3.2.5.3), ``D2 = M22``,
        ``D1 = M11 - M12^2 / M22``, the gravity torques ``g1, g2``,
        ``u1 = tau1 - g1 - (M12 / M22)(tau2 - g2)`` (the torque left for joint 1
        after joint 2 has taken its share), ``qdd1 = u1 / D1`` and
        ``qdd2 = (tau2 - g2 - M12 qdd1) / D2``.
    """
    M11, M12, M22, g1, g2 = (float(x) for x in models.planar_2r_mass_gravity(
        np.asarray(q, dtype=float), g, masses, lengths, coms, izz))
    D2 = M22
    D1 = M11 - M12**2 / M22
    u1 = tau[0] - g1 - M12 / M22 * (tau[1] - g2)
    qdd1 = u1 / D1
    qdd2 = (tau[1] - g2 - M12 * qdd1) / D2
    return {"M11": M11, "M12": M12, "M22": M22, "D1": D1, "D2": D2, "g1": g1, "g2": g2,
            "u1": u1, "qdd1": qdd1, "qdd2": qdd2}


def velocity_parents(model):
    """RBDA's expanded parent array (Table 6.4) of a Pinocchio model, numbered from 0.

    Each joint with ``nv`` velocity variables becomes a chain of ``nv`` one-variable
    joints; entry ``k`` is the variable that precedes variable ``k`` towards the base,
    ``-1`` for the first variable of a joint on the universe (Pinocchio's joint 0).
    """
    lam = np.full(model.nv, -1, dtype=int)
    for j in range(1, model.njoints):
        iv, nv = model.joints[j].idx_v, model.joints[j].nv
        parent = model.parents[j]
        lam[iv] = -1 if parent == 0 else model.joints[parent].idx_v + model.joints[parent].nv - 1
        for k in range(iv + 1, iv + nv):
            lam[k] = k - 1
    return lam


def depths(parents):
    """The number of variables on the path from each variable to the base, itself included."""
    out = []
    for p in parents:
        out.append(1 if p < 0 else out[p] + 1)
    return np.array(out)


def humanoid_mass_matrix(seed=35, urdf=HUMANOID_URDF):
    """M of the humanoid on a free-flyer base at a random configuration, by ``pin.crba``.

    Revolute joints uniform within their limits, the base at a random position in
    [-1, 1]^3 m with a random unit quaternion.

    Returns
    -------
    M : ndarray, shape (nv, nv)
        Both triangles (the upper one of Pinocchio's ``data.M`` mirrored).
    parents : ndarray of int, shape (nv,)
        :func:`velocity_parents` of the model.
    """
    import pinocchio as pin

    model = pin.buildModelFromUrdf(os.path.join(robots_dir(), urdf), pin.JointModelFreeFlyer())
    rng = np.random.default_rng(seed)
    q = pin.neutral(model)
    q[:3] = rng.uniform(-1.0, 1.0, 3)
    quat = rng.standard_normal(4)
    q[3:7] = quat / np.linalg.norm(quat)
    lo, hi = model.lowerPositionLimit[7:], model.upperPositionLimit[7:]
    q[7:] = rng.uniform(lo, hi)
    data = model.createData()
    M = np.array(pin.crba(model, data, q))
    M = np.triu(M) + np.triu(M, 1).T
    return M, velocity_parents(model)


def chain_mass_matrix(n, seed=35):
    """M of a random revolute chain of n joints (``models.random_chain``) at a random q,
    with its parent array ``[-1, 0, ..., n - 2]``."""
    rng = np.random.default_rng(seed)
    chain = models.random_chain(n, rng)
    q = rng.uniform(-np.pi, np.pi, n)
    return crba(chain, q), np.arange(n) - 1


def reverse_cholesky(M):
    """``M = L^T L`` by LAPACK's dense Cholesky of M with rows and columns reversed
    (an oracle that knows nothing of the tree): ``L = P C^T P`` for ``P M P = C C^T``."""
    C = np.linalg.cholesky(M[::-1, ::-1])
    return C.T[::-1, ::-1]


def ancestor_pattern(parents):
    """Boolean (n, n): True at (k, k) and at (k, i) for every ancestor i of k (lower triangle)."""
    n = len(parents)
    P = np.eye(n, dtype=bool)
    for k in range(n):
        i = parents[k]
        while i >= 0:
            P[k, i] = True
            i = parents[i]
    return P


def sparsity_row(name, M, parents):
    """Counts of §3.5.12 for one mass matrix: what RBDA §6.5 predicts and what is found.

    Returns
    -------
    dict
        ``n``, depth ``d`` (deepest variable), ``pattern_M`` (``n + 2 E1``),
        ``nonzero_M``, ``pattern_L`` (``n + E1``), ``nonzero_L`` (of
        :func:`ltl_factor`), ``bound_L`` (``n d``, RBDA eq. 6.29), ``dense_L``
        (``n (n + 1) / 2``), ``outside_L`` (entries of the dense reversed
        Cholesky factor outside the pattern), ``outside_cholesky`` (the same for
        numpy's Cholesky ``M = C C^T``, which eliminates from the first row),
        ``E2`` (RBDA's D_2, eq. 6.27: area-3 updates) and ``dense_E2``
        (``(n^3 - n) / 6``).  Nonzero means larger than :data:`NONZERO` times
        the largest |entry| of the matrix.
    """
    n = len(parents)
    dk = depths(parents)
    P = ancestor_pattern(parents)
    lower = np.tril(np.ones((n, n), dtype=bool))

    def nz(A):
        return np.abs(A) > NONZERO * np.max(np.abs(A))

    L = ltl_factor(M, parents)
    Lr = reverse_cholesky(M)
    C = np.linalg.cholesky(M)
    E1 = int(np.sum(dk - 1))
    return {
        "model": name,
        "n": n,
        "d": int(dk.max()),
        "pattern_M": n + 2 * E1,
        "nonzero_M": int(nz(M).sum()),
        "pattern_L": n + E1,
        "nonzero_L": int(nz(L).sum()),
        "bound_L": n * int(dk.max()),
        "dense_L": n * (n + 1) // 2,
        "outside_L": int((nz(Lr) & lower & ~P).sum()),
        "outside_cholesky": int((nz(C) & lower & ~P).sum()),
        "E2": int(np.sum(dk * (dk - 1) // 2)),
        "dense_E2": (n**3 - n) // 6,
    }
