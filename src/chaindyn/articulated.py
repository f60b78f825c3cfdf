"""Forward dynamics: the articulated-body algorithm (ABA) in O(n), the O(n^3)
route by CRBA, RNEA and Cholesky, and M^{-1} by an ABA-like recursion (book §3.5).

ABA, Featherstone (2008), §7.3 (``FDab`` of spatial_v2), in the notation of
§3.2 (Modern Robotics) with ``X_i = Ad_{T_{i,i-1}}`` and ``ad_V^T`` the dual
of ``ad_V``.  Pass 1, i = 1..n (velocities, velocity-product accelerations
and bias wrenches)::

    X_i = Ad_{T_{i,i-1}},   V_i = X_i V_{i-1} + A_i qd_i,   c_i = ad_{V_i}(A_i) qd_i
    G^A_i = G_i,            b^A_i = -ad_{V_i}^T G_i V_i     (+ F_tip for i = n)

Pass 2, i = n..1 (articulated-body inertias and bias wrenches)::

    U_i = G^A_i A_i,   D_i = A_i^T U_i,   eta_i = tau_i - A_i^T b^A_i
    G^a_i = G^A_i - U_i U_i^T / D_i
    b^a_i = b^A_i + G^a_i c_i + U_i eta_i / D_i
    G^A_{i-1} += X_i^T G^a_i X_i,   b^A_{i-1} += X_i^T b^a_i

Pass 3, i = 1..n (accelerations), from Vd_0 = (0, -g)::

    Vd'_i = X_i Vd_{i-1} + c_i,   qdd_i = (eta_i - U_i^T Vd'_i) / D_i,   Vd_i = Vd'_i + A_i qdd_i

``G^a_i`` is the inertia that links i..n, hanging from link i-1 by joint i
with its torque given, present to link i-1 (in {i}): a push along A_i is
taken up by joint i's acceleration, not passed on.
``F_tip`` (the wrench the end effector applies to the environment) enters as
in RNEA, where the backward recursion starts from ``F_{n+1} = F_tip``.
"""

from __future__ import annotations

import math
import weakref

import numpy as np

from ._validate import (
    DEFAULT_GRAVITY,
    as_array,
    batch_shape,
    check_chain,
    check_dynamics,
    check_gravity,
    check_state,
    check_wrench,
)
from .composite import crba
from .inverse_dynamics import base_acceleration, joint_steps, rnea
from .spatial import ad, bias_wrench, transform_inertia, transpose
from .spatial import dot as _dot
from .spatial import matvec as _mv
from .structured import precompute

__all__ = ["aba", "aba_structured", "forward_dynamics", "inverse_mass_matrix", "cholesky_solve",
           "articulated_inertias"]


def _outer(a, b):
    """Stacked outer product (..., k) x (..., m) -> (..., k, m), as a product."""
    return a[..., :, None] @ b[..., None, :]


def _articulated(GA, U, d, X):
    """``X^T (G^A - U U^T / d) X``: the articulated inertia a link hands to its parent,
    and ``G^a = G^A - U U^T / d`` itself."""
    Ga = GA - _outer(U, U) / d[..., None, None]
    return transform_inertia(Ga, X), Ga


def aba(chain, q, qd, tau, gravity=DEFAULT_GRAVITY, f_tip=None):
    """Forward dynamics of a serial chain by the articulated-body algorithm.

    Solves ``M(q) qdd + h(q, qd) + J_b(q)^T F_tip = tau`` for qdd in three
    sweeps over the links, without forming M; the inverse of
    :func:`chaindyn.rnea` with the same conventions, so that
    ``rnea(chain, q, qd, aba(chain, q, qd, tau, g, F), g, F) == tau`` up to
    roundoff.

    Parameters
    ----------
    chain : Chain
    q, qd : array_like, shape (n,) or (N, n)
        Joint positions (rad or m) and velocities (rad/s or m/s).
    tau : array_like, shape (n,) or (N, n)
        Joint torques (N m) or forces (N).  q, qd and tau must broadcast
        together; a batch of N states goes through one vectorized pass.
    gravity : array_like, shape (3,), default (0, 0, -9.80665)
        Gravity vector in the base frame {0}, m/s^2, entered as the base
        acceleration ``Vd_0 = (0, -gravity)``.
    f_tip : array_like, shape (6,) or (N, 6), optional
        ``F_tip = (moment, force)``: the wrench the end effector (link n)
        applies to the environment, in {n} about its origin (N m, N).  The
        environment pushes back with ``-F_tip``.

    Returns
    -------
    qdd : ndarray, shape (n,) or (N, n)
        Joint accelerations, rad/s^2 or m/s^2.

    Raises
    ------
    ValueError
        If ``chain`` is not a Chain, or an array has the wrong shape, batch
        shapes that do not broadcast, or NaN or inf (the messages of
        :func:`chaindyn.rnea`).

    See Also
    --------
    forward_dynamics : the same accelerations by CRBA, RNEA and Cholesky.
    chaindyn.rnea : the inverse map.

    Notes
    -----
    Featherstone (2008), §7.2-7.3 (articulated-body inertias and the ABA;
    ``FDab`` of spatial_v2), with ``crm(v) = ad_V`` and ``crf(v) = -ad_V^T``;
    Modern Robotics §8.5 for the forward-dynamics problem.  The divisions by
    ``D_i`` (n of them, and the scalings by ``1/D_i``) are counted by neither
    rule of :mod:`chaindyn.opcount`.  Dense 6x6 products: ``873 n - 540``
    multiplications for a revolute chain under the rule "products" (per
    link: joint step 99, velocity 36, ``c_i`` 36, bias 72, pass 2 48, and
    540 more for i > 1, pass 3 42; a prismatic joint step costs 63),
    against ``224 n - 259`` published for a structured implementation
    (McMillan, Orin and McGhee 1995, IEEE Trans. SMC 25(8), 1194-1206, via
    RBDA Table 10.1).  DOI: 10.1007/978-1-4899-7560-7 (RBDA).

    Examples
    --------
    Released at rest, the planar 2R arm falls; holding torques from RNEA keep
    it still:

    >>> import numpy as np
    >>> from chaindyn import aba, models, rnea
    >>> arm, g = models.planar_2r(), [0.0, -9.81, 0.0]
    >>> q, z = np.array([0.0, np.pi / 2]), np.zeros(2)
    >>> print(np.round(aba(arm, q, z, z, gravity=g), 6))
    [-9.805097  9.805097]
    >>> hold = rnea(arm, q, z, z, gravity=g)
    >>> print(np.round(aba(arm, q, z, hold, gravity=g), 12) + 0.0)
    [0. 0.]
    """
    q, qd, tau, gravity, f_tip = check_dynamics(chain, gravity, f_tip, q=q, qd=qd, tau=tau)
    n, S = chain.n, chain.screws
    # pass 1, i = 1..n
    X, c, GA, bA = joint_steps(chain, q), [], [], []
    V = np.zeros_like(q, shape=batch_shape(q, qd, tau) + (6,))
    for i in range(n):
        G = chain.inertias[i]
        V = _mv(X[i], V) + S[i] * qd[..., i, None]
        c.append((ad(V) @ S[i]) * qd[..., i, None])
        GA.append(G)
        bA.append(bias_wrench(G, V))
    if f_tip is not None:
        bA[-1] = bA[-1] + f_tip
    # pass 2, i = n..1
    U, d, u = [None] * n, [None] * n, [None] * n
    for i in reversed(range(n)):
        U[i] = _mv(GA[i], S[i])
        d[i] = U[i] @ S[i]
        u[i] = tau[..., i] - bA[i] @ S[i]
        if i > 0:
            GX, Ga = _articulated(GA[i], U[i], d[i], X[i])
            ba = bA[i] + _mv(Ga, c[i]) + U[i] * (u[i] / d[i])[..., None]
            GA[i - 1] = GA[i - 1] + GX
            bA[i - 1] = bA[i - 1] + _mv(transpose(X[i]), ba)
    # pass 3, i = 1..n
    Vd = base_acceleration(gravity)
    qdd = []
    for i in range(n):
        Vd = _mv(X[i], Vd) + c[i]
        qdd.append((u[i] - _dot(U[i], Vd)) / d[i])
        Vd = Vd + S[i] * qdd[i][..., None]
    return np.stack(qdd, axis=-1)


def articulated_inertias(chain, q):
    """The articulated-body inertias G^A_i of pass 2 of :func:`aba`, and D_i.

    ``G^A_i`` is the inertia of links i..n about the origin of {i}, in {i},
    with the joints i+1..n free (zero torque): the linear part of the wrench
    the articulated body needs for an acceleration of link i,
    ``F_i = G^A_i Vd_i + b^A_i``.  It depends on q only.  The recursion is
    pass 2 of :func:`aba` without the bias terms::

        G^A_n = G_n,   U_i = G^A_i A_i,   D_i = A_i^T U_i,
        G^A_{i-1} = G_{i-1} + X_i^T (G^A_i - U_i U_i^T / D_i) X_i

    Parameters
    ----------
    chain : Chain
    q : array_like, shape (n,) or (N, n)
        Joint positions, rad or m.

    Returns
    -------
    GA : ndarray, shape (n, 6, 6) or (N, n, 6, 6)
        ``GA[..., i, :, :]`` is G^A_i (kg, kg m, kg m^2), symmetric positive
        semidefinite; ``G^c_i - G^A_i`` is positive semidefinite, with
        ``G^c_i`` of :func:`chaindyn.composite.composite_inertias`.
    D : ndarray, shape (n,) or (N, n)
        ``D_i = A_i^T G^A_i A_i``: the inertia felt at joint i when the inner
        joints are locked and the outer ones free; ``D_1 = 1 / [M^{-1}]_11``.

    Notes
    -----
    RBDA eqs. 7.37-7.47 (Featherstone 2008, p. 130), ``D_i`` as in its
    eq. 7.44.  Book §3.5.3 and §3.5.11.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn import crba, models
    >>> from chaindyn.articulated import articulated_inertias
    >>> arm, q = models.planar_2r(), [0.0, np.pi / 2]
    >>> GA, D = articulated_inertias(arm, q)
    >>> print(np.round(D, 4), np.round(1 / np.linalg.inv(crba(arm, q))[0, 0], 4))
    [2.001 1.001] 2.001
    """
    check_chain(chain)
    (q,) = check_state(chain, q=q)
    n, S = chain.n, chain.screws
    X = joint_steps(chain, q)
    GA = [np.broadcast_to(chain.inertias[i], q.shape[:-1] + (6, 6)).copy() for i in range(n)]
    D = [None] * n
    for i in reversed(range(n)):
        U = _mv(GA[i], S[i])
        D[i] = U @ S[i]
        if i > 0:
            GA[i - 1] = GA[i - 1] + _articulated(GA[i], U, D[i], X[i])[0]
    return np.stack(GA, axis=-3), np.stack(D, axis=-1)


def cholesky_solve(L, b):
    """Solve ``L L^T x = b`` by forward and back substitution, batched.

    Parameters
    ----------
    L : ndarray, shape (n, n) or (N, n, n)
        Lower-triangular Cholesky factor (only the lower triangle is read).
    b : ndarray, shape (n,) or (N, n)
        Right-hand side; batch shapes must broadcast with L's.

    Returns
    -------
    ndarray, shape (n,) or (N, n)

    Raises
    ------
    ValueError
        If L or b is not a plain finite real array, L is not square, b's length
        is not L's n, the batch shapes do not broadcast, or L has a zero on its
        diagonal (it is then not the factor of a positive definite matrix).

    Notes
    -----
    ``L y = b`` row by row from the top, then ``L^T x = y`` from the bottom:
    ``n (n - 1)`` multiplications and 2 n divisions (the divisions are not
    counted by :mod:`chaindyn.opcount`).  Golub and Van Loan, *Matrix
    Computations*, 4th ed., §3.1 and §4.2.
    """
    L, b = as_array(L, "L"), as_array(b, "b")
    if L.ndim < 2 or L.shape[-1] != L.shape[-2]:
        raise ValueError(f"L must have shape (n, n) or (N, n, n), got {L.shape}")
    n = L.shape[-1]
    if b.ndim < 1 or b.shape[-1] != n:
        raise ValueError(f"b must have shape (n,) or (N, n) with n = {n}, got {b.shape}")
    try:
        shape = np.broadcast_shapes(L.shape[:-2], b.shape[:-1]) + (n,)
    except ValueError:
        raise ValueError(f"L and b must have matching batch shapes, got L {L.shape} "
                         f"and b {b.shape}") from None
    if not bool(np.all(np.diagonal(L, axis1=-2, axis2=-1) != 0)):
        raise ValueError("L must have a non-zero diagonal (the Cholesky factor of a positive "
                         "definite matrix), got a zero on it")
    return _substitute(L, b, shape)


def _substitute(L, b, shape):
    """The two triangular solves of :func:`cholesky_solve` on checked arrays, into the
    broadcast ``shape`` (..., n)."""
    n = shape[-1]
    y = np.zeros_like(b, shape=shape)
    for i in range(n):
        y[..., i] = (b[..., i] - np.einsum("...j,...j->...", L[..., i, :i], y[..., :i])) \
            / L[..., i, i]
    x = np.zeros_like(b, shape=shape)
    for i in reversed(range(n)):
        x[..., i] = (y[..., i] - np.einsum("...j,...j->...", L[..., i + 1:, i],
                                           x[..., i + 1:])) / L[..., i, i]
    return x


def forward_dynamics(chain, q, qd, tau, gravity=DEFAULT_GRAVITY, f_tip=None):
    """Forward dynamics by the O(n^3) route: CRBA, the bias force by RNEA, Cholesky.

    ``M = crba(q)``, ``h' = rnea(q, qd, 0, gravity, f_tip) = h(q, qd) + J_b^T
    F_tip``, ``M = L L^T`` (``numpy.linalg.cholesky``) and
    ``qdd = L^{-T} L^{-1} (tau - h')`` by :func:`cholesky_solve`.  The same
    arguments, conventions and result as :func:`aba`.

    Parameters
    ----------
    chain : Chain
    q, qd, tau : array_like, shape (n,) or (N, n)
        Joint positions (rad or m), velocities (rad/s or m/s) and torques
        (N m) or forces (N), broadcasting together.
    gravity : array_like, shape (3,), default (0, 0, -9.80665)
        Gravity vector in {0}, m/s^2.
    f_tip : array_like, shape (6,) or (N, 6), optional
        Wrench (moment, force) the end effector applies to the environment,
        in {n}, N m and N.

    Returns
    -------
    qdd : ndarray, shape (n,) or (N, n)
        rad/s^2 or m/s^2.

    Raises
    ------
    ValueError
        As :func:`aba`.
    numpy.linalg.LinAlgError
        If M is not positive definite to working precision (a valid chain's
        M is; roundoff can break it only for extreme mass ratios).

    Notes
    -----
    The O(n^3) route of Featherstone (2008), ch. 6 (here with ``L L^T``
    rather than the ``L^T L`` factorisation of §6.5 that exploits branch
    sparsity) and Modern Robotics eq. (8.58).  :mod:`chaindyn.opcount` sees
    CRBA, RNEA and the substitutions (``n (n - 1)``); it does not see the
    multiplications inside LAPACK's factorisation (``(n^3 - n) / 6`` for the
    textbook ``L L^T`` algorithm, with ``n (n - 1) / 2`` divisions and n
    square roots).

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn import aba, forward_dynamics, models
    >>> arm = models.planar_2r()
    >>> q, qd, tau = [0.3, 0.9], [0.5, -0.2], [1.0, -0.5]
    >>> fd = forward_dynamics(arm, q, qd, tau)  # the arm moves in a horizontal plane
    >>> print(np.round(fd, 6))
    [ 1.240012 -2.705182]
    >>> bool(np.abs(fd - aba(arm, q, qd, tau)).max() < 1e-12)
    True
    """
    q, qd, tau, gravity, f_tip = check_dynamics(chain, gravity, f_tip, q=q, qd=qd, tau=tau)
    M = crba(chain, q)
    h = rnea(chain, q, qd, np.zeros(chain.n), gravity, f_tip)
    L, b = np.linalg.cholesky(M), tau - h  # checked inputs; numpy refuses a non-PD M
    return _substitute(L, b, np.broadcast_shapes(L.shape[:-2], b.shape[:-1]) + (chain.n,))


def inverse_mass_matrix(chain, q):
    """M(q)^{-1} by an ABA-like recursion, in O(n^2), without forming M.

    ABA at rest without gravity is linear in tau, ``qdd = M^{-1} tau``; run
    with the n unit torques at once, its articulated inertias are those of a
    single call and its bias wrenches and accelerations become 6 x n
    matrices, of which only the columns k >= i are needed for row i (the
    upper triangle; M^{-1} is symmetric).  Backward, i = n..1, with
    ``B_i`` the bias wrenches of the unit torques (columns k > i, from the
    links below)::

        U_i = G^A_i A_i,   D_i = A_i^T U_i
        Minv[i, k>=i] = (e_i - A_i^T B_i) / D_i
        B_{i-1} = X_i^T (B_i + U_i Minv[i, k>=i]),   G^A_{i-1} += X_i^T G^a_i X_i

    forward, i = 1..n, with ``P_i`` the link accelerations (columns k >= i)::

        Minv[i, k>=i] -= U_i^T X_i P_{i-1} / D_i,   P_i = X_i P_{i-1} + A_i Minv[i, k>=i]

    Parameters
    ----------
    chain : Chain
    q : array_like, shape (n,) or (N, n)
        Joint positions, rad or m.

    Returns
    -------
    ndarray, shape (n, n) or (N, n, n)
        The full symmetric M^{-1} (both triangles written); units the
        inverse of M's (1/(kg m^2), 1/(kg m), 1/kg).

    Raises
    ------
    ValueError
        As :func:`chaindyn.crba`.

    Notes
    -----
    Carpentier and Mansard (2018), the algorithm behind Pinocchio's
    ``computeMinverse`` (which fills the upper triangle of ``data.Minv``),
    here for a chain and in the notation of §3.2.  DOI:
    10.15607/RSS.2018.XIV.038.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn import crba, inverse_mass_matrix, models
    >>> arm, q = models.planar_2r(), [0.0, np.pi / 2]
    >>> print(np.round(inverse_mass_matrix(arm, q) @ crba(arm, q), 12) + 0.0)
    [[1. 0.]
     [0. 1.]]
    """
    check_chain(chain)
    (q,) = check_state(chain, q=q)
    n, S = chain.n, chain.screws
    X = joint_steps(chain, q)
    Minv = np.zeros_like(q, shape=q.shape + (n,))
    GA = list(chain.inertias)
    U, d = [None] * n, [None] * n
    B = np.zeros_like(q, shape=q.shape[:-1] + (6, 0))
    for i in reversed(range(n)):
        U[i] = _mv(GA[i], S[i])
        d[i] = U[i] @ S[i]
        B = np.concatenate([np.zeros_like(B, shape=B.shape[:-1] + (1,)), B], axis=-1)  # k = i
        e = np.zeros(n - i)
        e[0] = 1.0
        Minv[..., i, i:] = (e - S[i] @ B) / d[i][..., None]
        if i > 0:
            B = transpose(X[i]) @ (B + _outer(U[i], Minv[..., i, i:]))
            GX, _ = _articulated(GA[i], U[i], d[i], X[i])
            GA[i - 1] = GA[i - 1] + GX
    P = None
    for i in range(n):
        if i > 0:
            XP = X[i] @ P[..., 1:]
            Minv[..., i, i:] -= (U[i][..., None, :] @ XP)[..., 0, :] / d[i][..., None]
        row = Minv[..., i, None, i:]
        P = S[i][:, None] * row if i == 0 else XP + S[i][:, None] * row
    upper = np.triu(Minv)
    return upper + transpose(np.triu(Minv, 1))


# ----------------------------------------------------------------------------- structured ABA
#
# The three passes of `aba` on the joint frames {i'} of chaindyn.structured (z along the
# joint axis; the pose of {i'} in {(i-1)'} is R = Rx(alpha_i) Rz(theta_i + q_i) with the
# offset p_i), on components: twists and accelerations as (omega, v), wrenches as
# (n, f), an inertia as the upper triangle of a symmetric 6x6 matrix [[A, B], [B^T, C]]
# (A, C symmetric 3x3).  A component that is zero by the structure of the joint (the
# motion subspace S = e_3 for a revolute and e_6 for a prismatic joint, the base at rest)
# is `None`, and every product and sum below skips it; this is how the zeros of S, of
# the articulated inertia G^a (its row and column along S vanish: G^a S = U - U d / d = 0)
# and of the velocity-product acceleration c_i are exploited, without one code path per
# joint type.  With X = Ad_{T_{i,i-1}}:
#
#   X V           = (R^T w, R^T (v + w x p))                           (twists, accelerations)
#   X^T (n, f)    = (R n + p x R f, R f)                               (wrenches)
#   X^T G X       = P^T Rhat G Rhat^T P,  Rhat = diag(R, R),  P = [[1, 0], [-[p], 1]]:
#       rotate by Rz then Rx (Givens rotations on the index pairs (0,1), (3,4), then
#       (1,2), (4,5)); then  B' = B + [p] C,  A' = A - B'[p] - (B[p])^T,  C' = C.
#
# Reciprocals 1/D_i (n divisions) are not multiplications; everything else is counted.


def _m(a, b):
    return None if a is None or b is None else a * b


def _p(a, b):
    if a is None:
        return b
    return a if b is None else a + b


def _s(a, b):
    if b is None:
        return a
    return -b if a is None else a - b


def _cross_s(a, b):
    """a x b on components that may be None (structural zeros)."""
    return (_s(_m(a[1], b[2]), _m(a[2], b[1])), _s(_m(a[2], b[0]), _m(a[0], b[2])),
            _s(_m(a[0], b[1]), _m(a[1], b[0])))


def _rot_t(v, r, a):
    """R^T v for R = Rx(alpha) Rz(theta): Rx^T first (8 products)."""
    ca, sa = a[0], a[1]
    y, z = _p(_m(ca, v[1]), _m(sa, v[2])), _s(_m(ca, v[2]), _m(sa, v[1]))
    c, s = r[0], r[1]
    return (_p(_m(c, v[0]), _m(s, y)), _s(_m(c, y), _m(s, v[0])), z)


def _rot(v, r, a):
    """R v for R = Rx(alpha) Rz(theta): Rz first (8 products)."""
    c, s = r[0], r[1]
    x, y = _s(_m(c, v[0]), _m(s, v[1])), _p(_m(s, v[0]), _m(c, v[1]))
    ca, sa = a[0], a[1]
    return (x, _s(_m(ca, y), _m(sa, v[2])), _p(_m(sa, y), _m(ca, v[2])))


def _key(j, k):
    return (j, k) if j <= k else (k, j)


def _givens(S, i, j, r):
    """G S G^T for the rotation G = [[c, -s], [s, c]] on the index pair (i, j) of the
    symmetric 6x6 S (dict of its upper triangle), r = (c, s, c^2, cs, c^2 - s^2, 2cs)."""
    c, s, cc, cs, C2, S2 = r
    out = dict(S)
    for k in range(6):
        if k in (i, j):
            continue
        a, b = S[_key(i, k)], S[_key(j, k)]
        out[_key(i, k)] = _s(_m(c, a), _m(s, b))
        out[_key(j, k)] = _p(_m(s, a), _m(c, b))
    a, b, o = S[(i, i)], S[(j, j)], S[(i, j)]
    D = _s(a, b)
    x, y = _m(cc, D), _m(S2, o)
    out[(i, i)] = _s(_p(b, x), y)
    out[(j, j)] = _p(_s(a, x), y)
    out[(i, j)] = _p(_m(cs, D), _m(C2, o))
    return out


def _rotate(S, r, a):
    """Rhat S Rhat^T, Rhat = diag(R, R), R = Rx(alpha) Rz(theta): four Givens rotations."""
    S = _givens(_givens(S, 0, 1, r), 3, 4, r)
    return _givens(_givens(S, 1, 2, a), 4, 5, a)


def _to_parent(S, r, a, p, rotated=False):
    """X^T S X: the inertia S given in {i'} about its origin, in {(i-1)'} about its origin
    (``rotated``: S is already Rhat S Rhat^T)."""
    if not rotated:
        S = _rotate(S, r, a)
    B = [[S[(j, 3 + k)] for k in range(3)] for j in range(3)]
    C = [[S[_key(3 + j, 3 + k)] for k in range(3)] for j in range(3)]
    cols = [_cross_s(p, [C[0][k], C[1][k], C[2][k]]) for k in range(3)]  # [p] C, by columns
    B2 = [[_p(B[j][k], cols[k][j]) for k in range(3)] for j in range(3)]
    px, py, pz = p

    def times_p(row, k):  # (row [p])_k, [p] = [[0, -pz, py], [pz, 0, -px], [-py, px, 0]]
        if k == 0:
            return _s(_m(row[1], pz), _m(row[2], py))
        if k == 1:
            return _s(_m(row[2], px), _m(row[0], pz))
        return _s(_m(row[0], py), _m(row[1], px))

    out = dict(S)
    for j in range(3):
        for k in range(3):
            out[(j, 3 + k)] = B2[j][k]
        for k in range(j, 3):
            out[(j, k)] = _s(_s(S[(j, k)], times_p(B2[j], k)), times_p(B[k], j))
    return out


def _wrench_to_parent(F, r, a, p):
    """X^T (n, f) = (R n + p x R f, R f): 22 products."""
    f = _rot(F[3:], r, a)
    n = _rot(F[:3], r, a)
    pf = _cross_s(p, f)
    return (_p(n[0], pf[0]), _p(n[1], pf[1]), _p(n[2], pf[2])) + f


def _twist_to_child(V, r, a, p):
    """X V = (R^T w, R^T (v + w x p)): 22 products (fewer for zero components)."""
    w, v = V[:3], V[3:]
    wp = _cross_s(w, p)
    return _rot_t(w, r, a) + _rot_t((_p(v[0], wp[0]), _p(v[1], wp[1]), _p(v[2], wp[2])), r, a)


_ABA_STRUCTURED: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

#: Up to this many states, aba_structured runs state by state on Python floats;
#: larger batches run vectorized.  Measured on the 6R arm: some 340 us per state
#: on floats, some 1.6 ms per call on arrays of a few states.
ROW_LOOP_MAX = 4


def _aba_constants(chain):
    """Per link, the constants of aba_structured from chaindyn.structured.precompute
    (once per Chain, not counted): the rotation Rx(alpha) as (ca, sa, ca^2, ca sa,
    ca^2 - sa^2, 2 ca sa), theta, the offset, the prismatic direction Rx(alpha) z, the
    rigid inertia about the origin of {i'} as a symmetric 6x6 (upper triangle), and for
    the last link, whose articulated inertia is its rigid one, U, 1/d and G^a."""
    K = _ABA_STRUCTURED.get(chain)
    if K is None:
        s = precompute(chain)
        K = []
        n = chain.n
        for k, link in enumerate(s.links):
            pri, ca, sa, th, px, py, pz, ey, ez, m, hx, hy, hz, *J, _d = link
            J = np.array([[J[0], J[1], J[2]], [J[1], J[3], J[4]], [J[2], J[4], J[5]]])
            Io = np.trace(J) * np.eye(3) - J  # rotational inertia about the origin
            h = np.array([hx, hy, hz])
            G = np.zeros((6, 6))
            G[:3, :3], G[3:, 3:] = Io, m * np.eye(3)
            G[:3, 3:] = [[0, -hz, hy], [hz, 0, -hx], [-hy, hx, 0]]
            G[3:, :3] = G[:3, 3:].T
            L = {"pri": bool(pri), "ax": 5 if pri else 2, "th": th,
                 "a": (ca, sa, ca * ca, ca * sa, ca * ca - sa * sa, 2 * ca * sa),
                 "p": (px, py, pz), "e": (ey, ez), "G": G, "Io": Io, "h": h, "m": m}
            if pri:
                ct, st = math.cos(th), math.sin(th)
                L["rot"] = (ct, st, ct * ct, ct * st, ct * ct - st * st, 2 * ct * st)
            if k == n - 1:
                ax = L["ax"]
                U = G[:, ax].copy()
                L["U"], L["dinv"] = U, 1.0 / U[ax]
                W = U * L["dinv"]
                Ga = G - np.outer(U, W)
                Ga[ax, :], Ga[:, ax] = 0.0, 0.0
                L["W"], L["Ga"] = W, Ga
                if pri:  # its rotation into {(n-1)'} is a constant too
                    R = (np.array([[1, 0, 0], [0, ca, -sa], [0, sa, ca]])
                         @ np.array([[ct, -st, 0], [st, ct, 0], [0, 0, 1]]))
                    Rh = np.kron(np.eye(2), R)
                    L["Ga_rot"] = Rh @ Ga @ Rh.T
            K.append(L)
        K = (K, tuple(float(x) for x in s.base_rotation.ravel()),
             (tuple(float(x) for x in s.tip_rotation.ravel()),
              tuple(float(x) for x in s.tip_offset)))
        _ABA_STRUCTURED[chain] = K
    links, base, tip = K
    kind = type(chain.inertias)
    if kind is np.ndarray:
        conv = float
    else:
        def conv(x):
            return np.asarray(float(x)).view(kind)

    def sym(M):
        return {(j, k): conv(M[j, k]) for j in range(6) for k in range(j, 6)}

    out = []
    for L in links:
        C = {"pri": L["pri"], "ax": L["ax"], "th": conv(L["th"]),
             "a": tuple(conv(x) for x in L["a"]), "p": tuple(conv(x) for x in L["p"]),
             "e": tuple(conv(x) for x in L["e"]), "G": sym(L["G"]),
             "Io": sym3(L["Io"], conv), "h": tuple(conv(x) for x in L["h"]), "m": conv(L["m"])}
        if "rot" in L:
            C["rot"] = tuple(conv(x) for x in L["rot"])
        if "U" in L:
            ax = L["ax"]
            C["U"] = tuple(conv(x) for x in L["U"])
            C["dinv"] = conv(L["dinv"])
            C["W"] = tuple(None if k == ax else conv(x) for k, x in enumerate(L["W"]))
            Ga = sym(L["Ga"])
            C["Ga"] = {key: (None if ax in key else v) for key, v in Ga.items()}
            if "Ga_rot" in L:
                C["Ga_rot"] = sym(L["Ga_rot"])
        out.append(C)
    return out, tuple(conv(x) for x in base), tuple(tuple(conv(x) for x in t) for t in tip)


def sym3(M, conv):
    """The symmetric 3x3 M as (00, 01, 02, 11, 12, 22)."""
    return tuple(conv(M[j, k]) for j, k in ((0, 0), (0, 1), (0, 2), (1, 1), (1, 2), (2, 2)))


def _sym3_times(S, w):
    """S w for S = (00, 01, 02, 11, 12, 22) symmetric, w with possibly None components."""
    S00, S01, S02, S11, S12, S22 = S
    return (_p(_p(_m(S00, w[0]), _m(S01, w[1])), _m(S02, w[2])),
            _p(_p(_m(S01, w[0]), _m(S11, w[1])), _m(S12, w[2])),
            _p(_p(_m(S02, w[0]), _m(S12, w[1])), _m(S22, w[2])))


def _sweep_aba(K, base, tip, q, qd, tau, g, ftip, cos, sin):
    """The three passes on components (floats or arrays over the batch); returns qdd_i."""
    n = len(K)
    rot, p, c, V = [None] * n, [None] * n, [None] * n, (None,) * 6
    GA, bA = [None] * n, [None] * n
    # pass 1, i = 1..n: velocities, c_i, the rigid-body bias wrenches
    for i in range(n):
        L = K[i]
        if L["pri"]:
            rot[i] = L["rot"]
            pe = L["p"]
            p[i] = (pe[0], _p(pe[1], _m(q[i], L["e"][0])), _p(pe[2], _m(q[i], L["e"][1])))
        else:
            t = q[i] + L["th"]
            ct, st = cos(t), sin(t)
            cc, cs = ct * ct, ct * st  # c^2 - s^2 = 2 c^2 - 1
            rot[i], p[i] = (ct, st, cc, cs, cc + cc - 1.0, cs + cs), L["p"]
        V = list(_twist_to_child(V, rot[i], L["a"], p[i]))
        w, v = V[:3], V[3:]
        ax = L["ax"]
        V[ax] = _p(V[ax], qd[i])
        w, v = V[:3], V[3:]
        if L["pri"]:  # c = ad_V (0, z qd) = (0, w x z qd)
            c[i] = (None, None, None, _m(w[1], qd[i]), _s(None, _m(w[0], qd[i])), None)
        else:  # c = ad_V (z qd, 0) = (w x z qd, v x z qd)
            c[i] = (_m(w[1], qd[i]), _s(None, _m(w[0], qd[i])), None,
                    _m(v[1], qd[i]), _s(None, _m(v[0], qd[i])), None)
        # (n, f) = G V = (I_o w + h x v, m v - h x w);  b = -ad_V^T G V = (w x n + v x f, w x f)
        h = L["h"]
        Iw, hv, hw = _sym3_times(L["Io"], w), _cross_s(h, v), _cross_s(h, w)
        nG = tuple(_p(x, y) for x, y in zip(Iw, hv))
        fG = tuple(_s(_m(L["m"], x), y) for x, y in zip(v, hw))
        wn, vf, wf = _cross_s(w, nG), _cross_s(v, fG), _cross_s(w, fG)
        bA[i] = [_p(x, y) for x, y in zip(wn, vf)] + list(wf)
        GA[i] = L["G"]
    if ftip is not None:  # F_tip in {n} -> {n'}: f' = R^T f, n' = R^T (n - r x f)
        (t00, t01, t02, t10, t11, t12, t20, t21, t22), (rx, ry, rz) = tip
        (mx, my, mz), (kx, ky, kz) = ftip[:3], ftip[3:]
        mx, my, mz = mx - (ry * kz - rz * ky), my - (rz * kx - rx * kz), mz - (rx * ky - ry * kx)
        F = (t00 * mx + t10 * my + t20 * mz, t01 * mx + t11 * my + t21 * mz,
             t02 * mx + t12 * my + t22 * mz, t00 * kx + t10 * ky + t20 * kz,
             t01 * kx + t11 * ky + t21 * kz, t02 * kx + t12 * ky + t22 * kz)
        bA[-1] = [_p(x, y) for x, y in zip(bA[-1], F)]
    # pass 2, i = n..1: articulated inertias and bias wrenches
    U, dinv, u = [None] * n, [None] * n, [None] * n
    for i in reversed(range(n)):
        L, S, ax = K[i], GA[i], K[i]["ax"]
        u[i] = _s(tau[i], bA[i][ax])
        if i == n - 1:  # the last link's G^A is its rigid inertia: constants
            U[i], dinv[i], W, Ga = L["U"], L["dinv"], L["W"], L["Ga"]
        else:
            U[i] = tuple(S[_key(k, ax)] for k in range(6))
            dinv[i] = 1.0 / U[i][ax]
            W = tuple(None if k == ax else _m(U[i][k], dinv[i]) for k in range(6))
            Ga = {key: (None if ax in key else _s(S[key], _m(U[i][key[0]], W[key[1]])))
                  for key in S}
        if i == 0:
            break
        ba = list(bA[i])
        for j in range(6):
            if j == ax:
                ba[j] = tau[i]  # b^a . S = tau_i
                continue
            acc = _m(W[j], u[i])
            for k in range(6):
                acc = _p(acc, _m(Ga[_key(j, k)], c[i][k]))
            ba[j] = _p(ba[j], acc)
        P = K[i - 1]
        if "Ga_rot" in L:  # the last link, prismatic: rotated when the chain was loaded
            GX = _to_parent(L["Ga_rot"], rot[i], L["a"], p[i], rotated=True)
        else:
            GX = _to_parent(Ga, rot[i], L["a"], p[i])
        GA[i - 1] = {key: _p(P["G"][key], GX[key]) for key in GX}
        bX = _wrench_to_parent(ba, rot[i], L["a"], p[i])
        bA[i - 1] = [_p(x, y) for x, y in zip(bA[i - 1], bX)]
    # pass 3, i = 1..n: from the base acceleration (0, -R_{0,0'}^T g)
    r00, r01, r02, r10, r11, r12, r20, r21, r22 = base
    gx, gy, gz = g
    A = (None, None, None, -(r00 * gx + r10 * gy + r20 * gz), -(r01 * gx + r11 * gy + r21 * gz),
         -(r02 * gx + r12 * gy + r22 * gz))
    qdd = [None] * n
    for i in range(n):
        L, ax = K[i], K[i]["ax"]
        A = [_p(x, y) for x, y in zip(_twist_to_child(A, rot[i], L["a"], p[i]), c[i])]
        acc = None
        for k in range(6):
            acc = _p(acc, _m(U[i][k], A[k]))
        qdd[i] = _m(_s(u[i], acc), dinv[i])
        A[ax] = _p(A[ax], qdd[i])
    return qdd


def aba_structured(chain, q, qd, tau, gravity=DEFAULT_GRAVITY, f_tip=None):
    """The accelerations of :func:`aba`, with components in joint frames whose z is the axis.

    The articulated-body algorithm on the joint frames of
    :mod:`chaindyn.structured` (precomputed once per Chain): rotations about
    z and x, the translation of an inertia by its offset in closed form, and
    the zeros that the joint's motion subspace puts into the articulated
    inertia and the velocity-product acceleration skipped (see the comments
    above this function for the equations).

    Parameters
    ----------
    chain : Chain
    q, qd, tau : array_like, shape (n,) or (N, n)
        Joint positions (rad or m), velocities (rad/s or m/s) and torques
        (N m) or forces (N), broadcasting together.
    gravity : array_like, shape (3,), default (0, 0, -9.80665)
        Gravity vector in {0}, m/s^2.
    f_tip : array_like, shape (6,) or (N, 6), optional
        Wrench (moment, force) the end effector applies to the environment,
        in {n} about its origin, N m and N.

    Returns
    -------
    qdd : ndarray, shape (n,) or (N, n)
        As :func:`aba` (to roundoff).

    Raises
    ------
    ValueError
        As :func:`aba`.

    Notes
    -----
    Multiplications per call (rule "all" of :mod:`chaindyn.opcount`; no matrix
    products, so the rule "products" counts 0), pinned by the tests: 270 per
    revolute joint (pass 1: 70, of which 2 for cos^2 and cos sin, 22 for the
    twist, 4 for c_i, 42 for the bias wrench; pass 2: 171, of which 45 for
    G^a, its product with c_i and U u / d, 62 for rotating G^a, 42 for
    translating it, 22 for the wrench; pass 3: 29), ``270 n - 256`` for a
    revolute chain (n >= 2; 32 for n = 1), with 9 for gravity into {0'}
    included; a prismatic joint after the first costs 16 less, 74 less if it
    is the last (its articulated inertia is then a constant, rotated when the
    chain is loaded); an all-prismatic chain ``184 n - 220`` (n >= 2; 26 for
    n = 1), a leading run of prismatic joints less again (no angular
    velocity).  A tip wrench adds 24.  N states cost N times one, except
    when the last joints are prismatic: products of their links' constant
    inertias with the constant components of their offsets are then done
    once for a batch (at most 15 per prismatic joint, pinned by the tests).
    Published for a structured ABA: ``224 n - 259`` (McMillan, Orin and
    McGhee 1995, via RBDA Table 10.1); their link frames put zeros into the
    offsets and they share products between the passes, whereas here the
    offsets are general 3-vectors and the articulated inertia is carried
    to the parent as a symmetric 6x6 (see book §3.5).
    The reciprocals ``1/D_i`` (n divisions) are not counted.  Up to
    ``ROW_LOOP_MAX`` states given as plain arrays run state by state on
    Python floats; larger batches run vectorized.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn import models
    >>> from chaindyn.articulated import aba_structured
    >>> arm, g = models.planar_2r(), [0.0, -9.81, 0.0]
    >>> print(np.round(aba_structured(arm, [0.0, np.pi / 2], [0.0, 0.0], [0.0, 0.0], g), 6))
    [-9.805097  9.805097]
    """
    check_chain(chain)
    q, qd, tau = check_state(chain, q=q, qd=qd, tau=tau)
    gravity = check_gravity(gravity)
    batch = batch_shape(q, qd, tau)
    f_tip = check_wrench(f_tip, batch)
    full = batch if f_tip is None else np.broadcast_shapes(batch, f_tip.shape[:-1])
    K, base, tip = _aba_constants(chain)
    arrays = (q, qd, tau, gravity) + (() if f_tip is None else (f_tip,))
    plain = all(type(a) is np.ndarray for a in arrays)
    n = chain.n
    if plain and math.prod(full) <= ROW_LOOP_MAX:
        given = (q, qd, tau) + (() if f_tip is None else (f_tip,))
        rows = [np.broadcast_to(a, full + a.shape[-1:]).reshape(-1, a.shape[-1]).tolist()
                for a in given]
        g = tuple(gravity.tolist())
        out = [_sweep_aba(K, base, tip, rows[0][k], rows[1][k], rows[2][k], g,
                          None if f_tip is None else rows[3][k], math.cos, math.sin)
               for k in range(math.prod(full))]
        return np.array(out).reshape(full + (n,))
    zero = np.zeros_like(q[..., 0], shape=full)
    comps = [[a[..., k] + zero for k in range(a.shape[-1])] for a in (q, qd, tau)]
    g = tuple(gravity[..., k] + zero for k in range(3))  # per state, like q
    F = None if f_tip is None else [f_tip[..., k] + zero for k in range(6)]
    qdd = _sweep_aba(K, base, tip, *comps, g, F, np.cos, np.sin)
    return np.stack([np.broadcast_to(x, full) for x in qdd], axis=-1)
