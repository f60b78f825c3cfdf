"""The composite-rigid-body algorithm (CRBA): the mass matrix M(q) in O(n^2), book §3.5.

Featherstone (2008), §6.2 (``HandC`` of spatial_v2), written in the notation
of §3.2 (Modern Robotics: twists (omega, v), wrenches (moment, force), A_i and
G_i in {i}).  With ``X_i = Ad_{T_{i,i-1}}`` (twists from {i-1} to {i}; its
transpose ``X_i^T`` carries wrenches from {i} to {i-1}):

Forward sweep, i = 1..n, the joint step of RNEA (eq. 3.2-1)::

    T_{i,i-1} = exp(-[A_i] q_i) M_{i,i-1},    X_i = Ad_{T_{i,i-1}}

Backward sweep, i = n..1: the composite inertia of links i..n, about the
origin of {i} and in {i}, as if the joints i+1..n were locked::

    G^c_n = G_n,    G^c_i = G_i + X_{i+1}^T G^c_{i+1} X_{i+1}

and with it row i of M left of the diagonal: ``F = G^c_i A_i`` is the wrench
that joint i transmits when qdd = e_i at rest without gravity (the composite
body i..n accelerates rigidly about axis i), and joint j < i takes its
component along A_j after the wrench has been carried down to {j}::

    F = G^c_i A_i,   M_ii = A_i^T F;
    for j = i-1..1:  F = X_{j+1}^T F,   M_ij = M_ji = A_j^T F

The products are dense 6x6 (as in :func:`chaindyn.rnea`); the tests pin their
counts (``opcount``) per joint type and against n.
"""

from __future__ import annotations

import numpy as np

from .chain import Chain
from .rnea import check_state
from .spatial import Ad_rp, pose_mul, screw_exp
from .spatial import matvec as _mv

__all__ = ["crba", "joint_step", "transpose"]


def transpose(X):
    """The transpose of a stack of matrices (..., k, m) -> (..., m, k), no products.

    ``transpose(X_i)`` with ``X_i = Ad_{T_{i,i-1}}`` maps wrenches from {i} to
    {i-1}; ``transpose(ad(V))`` is the dual ``ad_V^T`` (Modern Robotics eq. 8.40).
    """
    return np.swapaxes(X, -1, -2)


def joint_step(chain, i, qi):
    """``X_i = Ad_{T_{i,i-1}}`` of joint i (0-based) at ``q_i``, the step of eq. 3.2-1.

    ``T_{i,i-1} = exp(-[A_i] q_i) M_{i,i-1}``, as in the forward recursion of
    :func:`chaindyn.rnea`: 99 products for a revolute joint, 63 for a
    prismatic one (``screw_exp``, ``pose_mul`` and ``[p] R``).

    Parameters
    ----------
    chain : Chain
    i : int
        0-based link index.
    qi : ndarray, shape (...)
        Joint position, rad or m.

    Returns
    -------
    ndarray, shape (..., 6, 6)
    """
    M = chain.home[i]
    return Ad_rp(*pose_mul(screw_exp(chain.screws[i], -qi), (M[:3, :3], M[:3, 3])))


def check_chain(chain):
    """A Chain, or a ValueError that says what was got."""
    if not isinstance(chain, Chain):
        raise ValueError(f"chain must be a chaindyn.Chain, got {type(chain).__name__}")
    return chain


def crba(chain, q):
    """Joint-space mass matrix M(q) by the composite-rigid-body algorithm.

    Parameters
    ----------
    chain : Chain
    q : array_like, shape (n,) or (N, n)
        Joint positions (rad or m).  A batch of N configurations goes
        through one vectorized pass.

    Returns
    -------
    M : ndarray, shape (n, n) or (N, n, n)
        The full symmetric matrix (both triangles written, so ``M == M.T``
        exactly), positive definite; kg m^2 (revolute-revolute), kg m (mixed)
        and kg (prismatic-prismatic) entries.  ``M[i, j]`` is the torque (or
        force) at joint i per unit acceleration of joint j at rest without
        gravity.  Pinocchio's C++ ``crba`` fills only the upper triangle of
        ``data.M`` (its Python binding copies it into the lower one before
        returning); this function writes both.

    Raises
    ------
    ValueError
        If ``chain`` is not a Chain, or q has the wrong shape or holds NaN
        or inf (the messages of :func:`chaindyn.rnea`).

    See Also
    --------
    chaindyn.mass_matrix : the same matrix by n RNEA calls (§3.2.3.5).
    chaindyn.inverse_mass_matrix : M^{-1} without forming M.

    Notes
    -----
    Featherstone (2008), §6.2 (the CRBA, for kinematic trees; here a chain,
    whose parent of link i is i-1); Walker and Orin (1982), method 3.
    Multiplications (dense 6x6 products, counted by :mod:`chaindyn.opcount`
    under the rule "products"): 99 per revolute and 63 per prismatic joint
    step, 432 (n - 1) for the composite inertias, 36 n for ``G^c_i A_i``,
    18 n (n - 1) for carrying the wrenches down and 3 n (n + 1) for the
    entries, i.e. ``21 n^2 + 552 n - 432`` for a revolute chain against
    Featherstone's ``10 n^2 + 22 n - 32`` for a structured implementation
    (Featherstone 2005, via RBDA Table 10.1).  The rule "all" adds 45 per
    revolute and 3 per prismatic joint (the exponential's scalings).
    DOI: 10.1007/978-1-4899-7560-7 (RBDA), 10.1177/0278364905054928
    (Featherstone 2005), 10.1115/1.3139699 (Walker and Orin 1982).

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn import crba, models
    >>> M = crba(models.planar_2r(), [0.0, np.pi / 2])
    >>> print(np.round(M, 6))
    [[3.002 1.001]
     [1.001 1.001]]
    >>> crba(models.planar_2r(), np.zeros((5, 2))).shape
    (5, 2, 2)
    """
    check_chain(chain)
    (q,) = check_state(chain, q=q)
    n = chain.n
    X = [joint_step(chain, i, q[..., i]) for i in range(n)]
    M = np.zeros_like(q, shape=q.shape + (n,))
    Gc = chain.inertias[n - 1]
    for i in reversed(range(n)):
        if i < n - 1:
            Gc = chain.inertias[i] + transpose(X[i + 1]) @ Gc @ X[i + 1]
        F = _mv(Gc, chain.screws[i])
        M[..., i, i] = F @ chain.screws[i]
        for j in reversed(range(i)):
            F = _mv(transpose(X[j + 1]), F)
            M[..., i, j] = M[..., j, i] = F @ chain.screws[j]
    return M
