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
:func:`chaindyn.engine.aba_structured` runs the same passes on components in
joint frames whose z is the axis.
"""

from __future__ import annotations

import numpy as np

from ._validate import (
    DEFAULT_GRAVITY,
    as_array,
    batch_shape,
    check_chain,
    check_dynamics,
    check_state,
)
from .composite import crba
from .inverse_dynamics import base_acceleration, joint_steps, rnea
from .spatial import ad, bias_wrench, transform_inertia, transpose
from .spatial import dot as _dot
from .spatial import matvec as _mv

__all__ = ["aba", "forward_dynamics", "inverse_mass_matrix", "cholesky_solve",
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
        d[i] = _dot(U[i], S[i])
        u[i] = tau[..., i] - _dot(bA[i], S[i])
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
        D[i] = _dot(U, S[i])
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
        d[i] = _dot(U[i], S[i])
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
