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
:func:`crba_structured` runs the same recursion on 3-vectors in the joint
frames of :mod:`chaindyn.structured` (11 n^2 + 23 n - 38 multiplications for
a revolute chain instead of 21 n^2 + 552 n - 432).  The tests pin both counts
(``opcount``) per joint type and against n.
"""

from __future__ import annotations

import math
import weakref

import numpy as np

from ._validate import as_array, check_chain, check_state
from .inverse_dynamics import joint_steps
from .spatial import matvec as _mv
from .spatial import transform_inertia, transpose
from .structured import precompute

__all__ = ["crba", "crba_structured", "composite_inertias", "ltl_factor"]


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
        M[..., i, i] = F @ chain.screws[i]
        for j in reversed(range(i)):
            F = _mv(transpose(X[j + 1]), F)
            M[..., i, j] = M[..., j, i] = F @ chain.screws[j]
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


# ----------------------------------------------------------------------------- structured CRBA
#
# The same recursion on the joint frames {i'} of chaindyn.structured (z along the joint
# axis, the pose of {i'} in {(i-1)'} is Rx(alpha_i) Rz(theta_i + q_i) with an offset p_i),
# with 3-vectors and the inertia as (m, h = m c, J), J = sum m r r^T the second moment
# about the origin (1 + 3 + 6 numbers).  Moving a body from {k'} into {(k-1)'}, where a
# point r is at R r + p:
#
#     h' = R h + m p,    J' = R J R^T + (R h) p^T + p (R h)^T + m p p^T
#
# A rotation about z (or x) of a symmetric J costs 8: with Delta = J00 - J11,
#     J'00 = J11 + c^2 Delta - 2cs J01,  J'11 = J00 - c^2 Delta + 2cs J01,
#     J'01 = cs Delta + (c^2 - s^2) J01,  (J'02, J'12) = Rz (J02, J12),  J'22 = J22,
# and a rotation of a 3-vector 4.  With the composite's mass constant, m p and m p p^T
# are constants for a revolute joint.  The rotational inertia about the origin is
# tr(J) 1 - J, so the column wrench of a revolute joint, F = G^c z, is
# (n, f) = ((-J02, -J12, J00 + J11), (-h_y, h_x, 0)) and M_ii = J00 + J11; for a
# prismatic joint (n, f) = ((h_y, -h_x, 0), (0, 0, m)) and M_ii = m: no product.
# Carrying a wrench into {(k-1)'}: f' = R f, n' = R n + p x f' (8 + 8 + 6 = 22).


def _rz(v, r):
    """Rz(theta) v for r = (c, s, ...)."""
    c, s = r[0], r[1]
    return (c * v[0] - s * v[1], s * v[0] + c * v[1], v[2])


def _rx(v, a):
    """Rx(alpha) v for a = (ca, sa, ...)."""
    ca, sa = a[0], a[1]
    return (v[0], ca * v[1] - sa * v[2], sa * v[1] + ca * v[2])


def _rz_sym(J, r):
    """Rz J Rz^T of J = (J00, J01, J02, J11, J12, J22), r = (c, s, c^2, cs, c^2 - s^2, 2cs)."""
    c, s, cc, cs, C2, S2 = r
    J00, J01, J02, J11, J12, J22 = J
    D = J00 - J11
    x, y = cc * D, S2 * J01
    return (J11 + x - y, cs * D + C2 * J01, c * J02 - s * J12, J00 - x + y,
            s * J02 + c * J12, J22)


def _rx_sym(J, a):
    """Rx J Rx^T, a = (ca, sa, ca^2, ca sa, ca^2 - sa^2, 2 ca sa)."""
    ca, sa, cc, cs, C2, S2 = a
    J00, J01, J02, J11, J12, J22 = J
    D = J11 - J22
    x, y = cc * D, S2 * J12
    return (J00, ca * J01 - sa * J02, sa * J01 + ca * J02, J22 + x - y, cs * D + C2 * J12,
            J11 - x + y)


def _sym_outer(w, p, d00=None):
    """w p^T + p w^T as (00, 01, 02, 11, 12, 22): 9 products (8 when the constant
    entry 00 = 2 w_x p_x is given)."""
    a, b, c = (0.0 if d00 is not None else w[0] * p[0]), w[1] * p[1], w[2] * p[2]
    return (a + a if d00 is None else d00, w[0] * p[1] + p[0] * w[1],
            w[0] * p[2] + p[0] * w[2], b + b, w[1] * p[2] + p[1] * w[2], c + c)


def _rzx_planar(x, y, r, a):
    """Rx(alpha) Rz(theta) (x, y, 0): 6 products."""
    u = r[1] * x + r[0] * y
    return (r[0] * x - r[1] * y, a[0] * u, a[1] * u)


def _add(*vs):
    return tuple(sum(x) for x in zip(*vs))


def _cross3(a, b):
    return (a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0])


_STRUCTURED: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _structured_constants(chain):
    """Per link, the constants of crba_structured, computed once per Chain from
    chaindyn.structured.precompute (not part of a counted call): Python floats, or,
    when the chain's arrays are instrumented by chaindyn.opcount, 0-d arrays of the
    same kind, so that a product of two constants done per call is counted too."""
    K = _STRUCTURED.get(chain)
    if K is None:
        links = precompute(chain).links
        n = chain.n
        K = []
        mc = np.cumsum([link.m for link in links[::-1]])[::-1]  # composite masses
        for k, link in enumerate(links):
            pri, ca, sa, th, px, py, pz, ey, ez, m, hx, hy, hz, *J, _d = link
            ct, st, mck = math.cos(th), math.sin(th), float(mc[k])
            p = np.array([px, py, pz])
            f = (0.0, -sa * mck, ca * mck)  # Rx Rz (0, 0, m): a prismatic column's force
            L = {"pri": bool(pri), "a": (ca, sa, ca * ca, ca * sa, ca * ca - sa * sa, 2 * ca * sa),
                 "th": th, "rot": (ct, st, ct * ct, ct * st, ct * ct - st * st, 2 * ct * st),
                 "p": (px, py, pz), "e": (ey, ez), "mc": mck, "h": (hx, hy, hz), "J": tuple(J),
                 "mcp": tuple(mck * p), "mcpp": _sym_outer(0.5 * mck * p, p),
                 "hp": tuple(0.5 * mck * p), "he": (0.5 * mck * ey, 0.5 * mck * ez),
                 "f": f, "px_f": (-px * f[2], px * f[1])}
            if k == n - 1:  # the last composite is the link itself (constant)
                if pri:  # and so is its rotation into {(n-1)'}
                    L["h_rot"] = _rx(_rz(L["h"], L["rot"]), L["a"])
                    L["J_rot"] = _rx_sym(_rz_sym(L["J"], L["rot"]), L["a"])
                    L["n_rot"] = _rx(_rz((hy, -hx, 0.0), L["rot"]), L["a"])
                    L["d00"] = 2.0 * (L["h_rot"][0] + L["hp"][0]) * px
                else:  # Rx of the constant z components (h_z; n_z = J00 + J11)
                    L["hz_rot"] = (0.0, -sa * hz, ca * hz)
                    L["nz_rot"] = (0.0, -sa * (J[0] + J[3]), ca * (J[0] + J[3]))
            K.append({k2: (tuple(float(x) for x in v) if isinstance(v, tuple) else v)
                      for k2, v in L.items()})
        _STRUCTURED[chain] = K
    kind = type(chain.inertias)
    if kind is np.ndarray:
        return K

    def wrap(v):
        if isinstance(v, tuple):
            return tuple(wrap(x) for x in v)
        return v if isinstance(v, bool) else np.asarray(v).view(kind)

    return [{k2: wrap(v) for k2, v in L.items()} for L in K]


def crba_structured(chain, q):
    """The mass matrix of :func:`crba`, with 3-vectors in joint frames whose z is the axis.

    The composite-rigid-body algorithm on the joint frames of
    :mod:`chaindyn.structured` (precomputed once per Chain): rotations about z
    and x, the inertia as mass, first and second moments, and the zeros of a
    joint's own column wrench (see the comments above this function for the
    equations).

    Parameters
    ----------
    chain : Chain
    q : array_like, shape (n,) or (N, n)
        Joint positions, rad or m.

    Returns
    -------
    ndarray, shape (n, n) or (N, n, n)
        M(q), both triangles, as :func:`crba` (to roundoff).

    Raises
    ------
    ValueError
        As :func:`crba`.

    Notes
    -----
    Multiplications per call (rule "all" of :mod:`chaindyn.opcount`; the code
    has no matrix products, so the rule "products" counts 0).  Joint 1's pose
    does not enter M; each of the joints 2..n costs, if revolute, 56 (cos^2,
    sin^2 and cos sin 3; carrying the composite into the parent's frame 33;
    the first step of its column 20), if prismatic 45 (offset 2; composite
    35; first step 8).  The last link's composite is a constant, rotated
    once when the chain is built if its joint is prismatic: the last joint
    costs 4 less if revolute, 31 less if prismatic.  Every further step of
    a column costs 22, ``11 (n - 1)(n - 2)`` in all.  For a revolute chain
    (n >= 2): ``11 n^2 + 23 n - 38``, against Featherstone's
    ``10 n^2 + 22 n - 32`` (Featherstone 2005, via RBDA Table 10.1).  N
    states cost N times one, except that the products of two constants
    still done per call (a prismatic column's force, constant while it is
    carried through prismatic joints) are done once for a batch; the
    counter sees them because the constants are instrumented with the chain.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn import models
    >>> from chaindyn.composite import crba_structured
    >>> print(np.round(crba_structured(models.planar_2r(), [0.0, np.pi / 2]), 6))
    [[3.002 1.001]
     [1.001 1.001]]
    """
    check_chain(chain)
    (q,) = check_state(chain, q=q)
    K = _structured_constants(chain)
    n = chain.n
    M = np.zeros_like(q, shape=q.shape + (n,))
    rot, p = [None] * n, [None] * n
    for k in range(1, n):  # the pose of {k'} in {(k-1)'}
        L = K[k]
        if L["pri"]:
            rot[k] = L["rot"]
            qk = q[..., k]
            p[k] = (L["p"][0], L["p"][1] + qk * L["e"][0], L["p"][2] + qk * L["e"][1])
        else:
            t = q[..., k] + L["th"]
            c, s = np.cos(t), np.sin(t)
            cc, ss, cs = c * c, s * s, c * s
            rot[k], p[k] = (c, s, cc, cs, cc - ss, cs + cs), L["p"]
    last = n - 1
    h = J = None
    for i in reversed(range(n)):
        L = K[i]
        if i == last:
            h, J = L["h"], L["J"]
        else:  # G^c_i = G_i + the composite of i+1 carried into {i'}
            C, r, pc = K[i + 1], rot[i + 1], p[i + 1]
            if C["pri"]:
                qk = q[..., i + 1]
                hp = (C["hp"][0], C["hp"][1] + qk * C["he"][0], C["hp"][2] + qk * C["he"][1])
                if i + 1 == last:
                    w = _add(C["h_rot"], hp)
                    J2, d00 = C["J_rot"], C["d00"]
                else:
                    w = _add(_rx(_rz(h, r), C["a"]), hp)
                    J2, d00 = _rx_sym(_rz_sym(J, r), C["a"]), None
                h, J = _add(L["h"], w, hp), _add(L["J"], J2, _sym_outer(w, pc, d00))
            else:
                if i + 1 == last:
                    h2 = _add(_rzx_planar(h[0], h[1], r, C["a"]), C["hz_rot"])
                else:
                    h2 = _rx(_rz(h, r), C["a"])
                J2 = _rx_sym(_rz_sym(J, r), C["a"])
                h = _add(L["h"], h2, C["mcp"])
                J = _add(L["J"], J2, _sym_outer(h2, pc), C["mcpp"])
        # row i: the column wrench F = G^c_i A_i in {i'}, M_ii, and its first step down
        if L["pri"]:
            M[..., i, i] = L["mc"]
        else:
            M[..., i, i] = J[0] + J[3]
        if i == 0:
            continue
        r, a, pk = rot[i], L["a"], p[i]
        if L["pri"]:  # (n, f) = ((h_y, -h_x, 0), (0, 0, m)); R f is a constant (0, f_y, f_z)
            f = L["f"]
            nr = L["n_rot"] if i == last else _rzx_planar(h[1], -h[0], r, a)
            nv = _add(nr, (pk[1] * f[2] - pk[2] * f[1], L["px_f"][0], L["px_f"][1]))
        else:  # (n, f) = ((-J02, -J12, J00 + J11), (-h_y, h_x, 0))
            f = _rzx_planar(-h[1], h[0], r, a)
            if i == last:
                nr = _add(_rzx_planar(-J[2], -J[4], r, a), L["nz_rot"])
            else:
                nr = _rx(_rz((-J[2], -J[4], J[0] + J[3]), r), a)
            nv = _add(nr, _cross3(pk, f))
        for j in reversed(range(i)):
            if j < i - 1:  # carry (n, f) from {(j+1)'} into {j'}
                r, a, pk = rot[j + 1], K[j + 1]["a"], p[j + 1]
                f = _rx(_rz(f, r), a)
                nv = _add(_rx(_rz(nv, r), a), _cross3(pk, f))
            M[..., i, j] = M[..., j, i] = f[2] if K[j]["pri"] else nv[2]
    return M


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
