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

In :func:`crba` the products are dense 6x6 (as in :func:`chaindyn.rnea`);
:func:`chaindyn.engine.crba_structured` runs the same recursion on 3-vectors
in joint frames whose z is the axis (10 n^2 + 11 n - 49 multiplications for a
revolute chain instead of 21 n^2 + 552 n - 432).  The tests pin both counts
(``opcount``) per joint type and against n.
"""

from __future__ import annotations

import numpy as np

from ._validate import as_array, check_chain, check_state
from .inverse_dynamics import joint_steps
from .spatial import dot as _dot
from .spatial import matvec as _mv
from .spatial import transform_inertia, transpose

__all__ = ["crba", "composite_inertias", "ltl_factor"]


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
    M = np.zeros_like(q, shape=q.shape + (n,))
    X = joint_steps(chain, q)
    for i, Gc in zip(reversed(range(n)), _composites(chain, X)):
        F = _mv(Gc, chain.screws[i])
        M[..., i, i] = _dot(F, chain.screws[i])
        for j in reversed(range(i)):
            F = _mv(transpose(X[j + 1]), F)
            M[..., i, j] = M[..., j, i] = _dot(F, chain.screws[j])
    return M


def composite_inertias(chain, q):
    """The composite inertias G^c_i of :func:`crba`: links i..n locked into one body.

    ``G^c_n = G_n``, ``G^c_i = G_i + X_{i+1}^T G^c_{i+1} X_{i+1}``, each about
    the origin of {i} and in {i} (book eq. 3.5 ``eq-35-composite``).

    Parameters
    ----------
    chain : Chain
    q : array_like, shape (n,) or (N, n)
        Joint positions, rad or m.

    Returns
    -------
    ndarray, shape (n, 6, 6) or (N, n, 6, 6)
        ``[..., i, :, :]`` is G^c_i (kg, kg m, kg m^2); ``A_i^T G^c_i A_i``
        is the diagonal entry ``M_ii``.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn import crba, models
    >>> from chaindyn.composite import composite_inertias
    >>> arm, q = models.planar_2r(), [0.0, np.pi / 2]
    >>> Gc = composite_inertias(arm, q)
    >>> A1 = arm.screws[0]
    >>> print(round(float(A1 @ Gc[0] @ A1), 4), round(float(crba(arm, q)[0, 0]), 4))
    3.002 3.002
    """
    check_chain(chain)
    (q,) = check_state(chain, q=q)
    shape = q.shape[:-1] + (6, 6)
    Gc = [np.broadcast_to(G, shape) for G in _composites(chain, joint_steps(chain, q))]
    return np.stack(Gc[::-1], axis=-3)


def _composites(chain, X):
    """The composite inertias G^c_n, ..., G^c_1 in turn (book eq. 3.5 ``eq-35-composite``),
    from the joint steps X of :func:`chaindyn.inverse_dynamics.joint_steps`."""
    n = chain.n
    Gc = chain.inertias[n - 1]
    yield Gc
    for i in reversed(range(n - 1)):
        Gc = chain.inertias[i] + transform_inertia(Gc, X[i + 1])
        yield Gc


# ----------------------------------------------------------------------------- LTL factorization


def _check_parents(parents, n):
    try:
        raw = np.asarray(parents)
    except (TypeError, ValueError):
        raw = None
    if raw is None or raw.dtype.kind not in "iuf" or raw.ndim != 1:
        raise ValueError(f"parents must be a 1-D sequence of integers, got {parents!r}")
    if raw.shape != (n,):
        raise ValueError(f"parents must have shape (n,) with n = {n} (the size of M), "
                         f"got {raw.shape}")
    if not np.all(np.isfinite(raw)) or np.any(raw != np.round(raw)):
        raise ValueError(f"parents must be integers, got {parents!r}")
    lam = [int(p) for p in raw]
    for i, p in enumerate(lam):
        if not -1 <= p < i:
            raise ValueError(
                f"parents must number a tree from the base (-1 <= parents[i] < i: every "
                f"parent before its child), got parents[{i}] = {p}")
    return lam


def ltl_factor(M, parents):
    """The factorization M = L^T L that keeps a kinematic tree's sparsity (RBDA §6.5).

    ``L`` is lower triangular with a positive diagonal, and the product is
    taken in the reverse order of Cholesky's ``M = C C^T``: ``M = L^T L``.
    The rows are eliminated from the last (a leaf) to the first (next to
    the base).  On a tree numbered so that every parent comes before its
    child, row k of M has nonzeros left of the diagonal only in the columns
    of k's ancestors (branch-induced sparsity); the elimination order
    creates no entry outside that pattern, so L has exactly the pattern of
    the lower triangle of M (no fill-in), and the work is O(n nu^2) for a
    tree of depth nu instead of O(n^3).

    Parameters
    ----------
    M : array_like, shape (n, n) or (N, n, n)
        Symmetric positive-definite matrix (a joint-space mass matrix),
        zero outside the pattern of ``parents`` (within 1e-12 of its
        largest entry).  Only the lower triangle enters the computation.
    parents : sequence of int, length n
        ``parents[i]`` is the joint variable that precedes variable i on
        the way to the base, ``-1`` for one whose joint sits on the base;
        ``-1 <= parents[i] < i``.  A chain is ``[-1, 0, 1, ..., n-2]``.
        This is RBDA's parent array ``lambda`` (there numbered from 1, with
        0 for the base) expanded to one entry per joint variable
        (RBDA Table 6.4).

    Returns
    -------
    L : ndarray, shape (n, n) or (N, n, n)
        Lower triangular, ``M = L^T L`` (``L.T @ L``, or
        ``np.swapaxes(L, -1, -2) @ L`` for a batch), zero outside the
        pattern of M.  ``L^T`` is upper triangular, so this is not the
        Cholesky factor of M: it is the Cholesky factor of M with rows and
        columns in reverse order, read back in the original order.

    Raises
    ------
    ValueError
        If M is not a finite square (batch of) matrix, parents does not
        have n integer entries with ``-1 <= parents[i] < i``, M is not
        symmetric, M has an entry outside the pattern of ``parents``, or
        M is not positive definite (a pivot <= 0).

    See Also
    --------
    crba : the mass matrix of a chain.
    chaindyn.articulated.cholesky_solve : the dense Cholesky route of ``forward_dynamics``.

    Notes
    -----
    Featherstone, *Rigid Body Dynamics Algorithms* (2008), Table 6.3 (the
    LTL factorization, p. 112) with the pattern described on pp. 110-113;
    no fill-in is proved in Featherstone (2005).  The row loops run only
    over ``parents[k], parents[parents[k]], ...``.  With ``nu_k`` the number
    of joint variables on the path from variable k to the base (the book's
    depth, section 3.5.12), L has ``n + E_1`` nonzeros,
    ``E_1 = sum_k (nu_k - 1) <= n (nu - 1)`` (RBDA's ``D_1``, eqs. 6.26, 6.29,
    p. 116); a chain has ``nu_k = k`` and a dense triangle of
    ``n (n + 1) / 2`` entries.

    Examples
    --------
    A base with two one-joint branches: variables 1 and 2 both sit on 0.

    >>> import numpy as np
    >>> from chaindyn.composite import ltl_factor
    >>> M = np.array([[4.0, 2.0, 1.0], [2.0, 3.0, 0.0], [1.0, 0.0, 2.0]])
    >>> L = ltl_factor(M, [-1, 0, 0])
    >>> print(np.round(L, 4))
    [[1.472  0.     0.    ]
     [1.1547 1.7321 0.    ]
     [0.7071 0.     1.4142]]
    >>> bool(np.allclose(L.T @ L, M))
    True

    The zero ``M[2, 1]`` (different branches) stays zero in L, while the
    Cholesky factor ``M = C C^T`` (eliminating from the first row) fills it:

    >>> print(np.count_nonzero(L), np.count_nonzero(np.linalg.cholesky(M)))
    5 6
    """
    H = as_array(M, "M")
    if H.ndim < 2 or H.shape[-1] != H.shape[-2] or H.shape[-1] == 0:
        raise ValueError(f"M must be a square matrix of shape (n, n) or (N, n, n), got {H.shape}")
    n = H.shape[-1]
    lam = _check_parents(parents, n)
    scale = float(np.max(np.abs(H))) if H.size else 0.0
    tol = 1e-12 * scale
    asym = float(np.max(np.abs(H - np.swapaxes(H, -1, -2))))
    if asym > tol:
        raise ValueError(f"M must be symmetric, got |M - M^T| up to {asym:.3g}")
    ancestors = []
    for k in range(n):
        chain_k, i = set(), lam[k]
        while i >= 0:
            chain_k.add(i)
            i = lam[i]
        ancestors.append(chain_k)
    for k in range(n):
        for j in range(k):
            if j not in ancestors[k]:
                big = float(np.max(np.abs(H[..., k, j])))
                if big > tol:
                    raise ValueError(
                        f"M has an entry outside the pattern of parents: |M[{k}, {j}]| = "
                        f"{big:.3g}, but variable {j} is not an ancestor of {k}")
    H = np.tril(H).copy()
    for j in range(n):
        for k in range(j + 1, n):
            if j not in ancestors[k]:
                H[..., k, j] = 0.0
    for k in reversed(range(n)):
        pivot = H[..., k, k]
        if np.any(pivot <= 0.0):
            bad = float(np.min(pivot))
            raise ValueError(f"M must be positive definite, got the pivot {bad:.3g} at row {k}")
        H[..., k, k] = np.sqrt(pivot)
        i = lam[k]
        while i >= 0:
            H[..., k, i] = H[..., k, i] / H[..., k, k]
            i = lam[i]
        i = lam[k]
        while i >= 0:
            j = i
            while j >= 0:
                H[..., i, j] = H[..., i, j] - H[..., k, i] * H[..., k, j]
                j = lam[j]
            i = lam[i]
    return H
