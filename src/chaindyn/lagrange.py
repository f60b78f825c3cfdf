"""The Lagrangian form of the equations of motion, numerically (book §3.3).

``M(q) qdd + C(q, qd) qd + g(q) = tau`` with the kinetic energy
``K = 1/2 sum_l V_l^T G_l V_l = 1/2 qd^T M(q) qd`` written through the link
body Jacobians ``J_l`` (``V_l = J_l qd``, twist of link l in {l}):

    M = sum_l J_l^T G_l J_l                                  (Modern Robotics §8.4)

and ``C`` the Christoffel-symbol matrix of M::

    C_ij = sum_k c_ijk qd_k,   c_ijk = 1/2 (dM_ij/dq_k + dM_ik/dq_j - dM_jk/dq_i)

This module computes, for any n and without finite differences:

* :func:`link_jacobians`, :func:`link_jacobians_dot`: every ``J_l`` and its
  time derivative, by a forward recursion;
* :func:`mass_matrix_dot`: ``Mdot = sum_l (Jdot_l^T G_l J_l + J_l^T G_l Jdot_l)``;
* :func:`coriolis_matrix`: C by a recursion of the CRBA's shape (below), and,
  for comparison, a second factorization of the same ``C qd`` for which
  ``Mdot - 2C`` is not skew-symmetric.

The two are computed on separate paths (C never from Mdot, Mdot never from
C), so that the skew-symmetry of ``Mdot - 2C`` is a check of both.

Derivation of the recursion for C.  With ``X_{l,j} = Ad_{T_{l,j}}`` (twists
from {j} to {l}), column j <= l of ``J_l`` is ``X_{l,j} A_j``, and from
``d/dt T_{l,j} = -[V_l] T_{l,j} + T_{l,j} [V_j]``::

    d/dt (X_{l,j} A_j) = X_{l,j} psi_j - ad_{V_l} X_{l,j} A_j,    psi_j = ad_{V_j} A_j

Write ``C = sum_l J_l^T (G_l Jdot_l + B_l J_l)`` with a 6x6 ``B_l(V_l)``
satisfying ``B_l V_l = -ad_{V_l}^T G_l V_l`` (then ``C qd`` is RNEA's
velocity-product torque).  The Christoffel C is the one with::

    B_l = 1/2 (G_l ad_{V_l} - ad_{V_l}^T G_l - bar(G_l V_l))

where ``bar(F)``, for a wrench ``F = (m, f)``, is the skew-symmetric matrix
``[[ [m], [f] ], [ [f], 0 ]]`` with ``bar(F) W = ad_W^T F`` for every twist
W.  This is the body-frame form of the matrix that Echeandia and Wensing
(2021) use for the Christoffel C (there in Featherstone's notation, in the
ground frame); ``B_l`` is skew, so
``Mdot - 2C = sum_l (Jdot_l^T G_l J_l - J_l^T G_l Jdot_l - 2 J_l^T B_l J_l)``
is skew.  The Newton-Euler choice ``B_l = -ad_{V_l}^T G_l``, read off RNEA's
``-ad_V^T G V`` term, gives the same ``C qd`` but a matrix that is neither
Christoffel nor skew-making.

With either B, the term of column j in link l is ``G_l X_{l,j} psi_j -
D_l X_{l,j} A_j``, where ``D_l = G_l ad_{V_l} - B_l``, i.e.::

    Christoffel:    D_l = 1/2 (G_l ad_{V_l} + ad_{V_l}^T G_l + bar(G_l V_l))
    Newton-Euler:   D_l = G_l ad_{V_l} + ad_{V_l}^T G_l

Summing over l >= max(i, j) with ``X_{l,i} = X_{l,j} X_{j,i}`` leaves two
composites, accumulated from the tip as the CRBA accumulates ``G^c``::

    G^c_j = G_j + X_{j+1}^T G^c_{j+1} X_{j+1},   D^c_j = D_j + X_{j+1}^T D^c_{j+1} X_{j+1}

and, for i <= j, with the three wrenches carried down from {j} to {i}::

    C_ij = A_i^T X_{j,i}^T (G^c_j psi_j - D^c_j A_j)
    C_ji = (X_{j,i}^T G^c_j A_j)^T psi_i - (X_{j,i}^T D^c_j^T A_j)^T A_i

which is O(n^2), the structure of Echeandia and Wensing's algorithm.  That
this B gives the Christoffel C, and not only some C with the right ``C qd``,
is what the tests check: the symbols ``c_ijk`` against derivatives of M, their
symmetry ``c_ijk = c_ikj`` (which, with the skew-symmetry, determines C), and
Pinocchio's ``computeCoriolisMatrix``.

Sources: book §3.3; Modern Robotics (Lynch and Park 2017) §8.1 (eq. 8.9, the
Christoffel symbols and the skew-symmetry of Mdot - 2C) and §8.4; Murray, Li
and Sastry (1994) §4.2; S. Echeandia and
P. M. Wensing, "Numerical methods to compute the Coriolis matrix and
Christoffel symbols for rigid-body systems", J. Comput. Nonlinear Dynam.
16(9) (2021), DOI 10.1115/1.4051169 (arXiv:2010.01033).
"""

from __future__ import annotations

import numpy as np

from ._validate import batch_shape, check_chain, check_choice, check_state
from .composite import _composites
from .inverse_dynamics import joint_steps
from .spatial import ad, skew, transform_inertia, transpose
from .spatial import dot as _dot
from .spatial import matvec as _mv

__all__ = ["coriolis_matrix", "link_jacobians", "link_jacobians_dot", "mass_matrix_dot"]

_FACTORIZATIONS = ("christoffel", "newton-euler")


def _bar(F):
    """``bar(F) = [[ [m], [f] ], [ [f], 0 ]]`` of a wrench F = (m, f): ``bar(F) W = ad_W^T F``.

    Skew-symmetric; no products (only the entries of F are placed)."""
    m, f = skew(F[..., :3]), skew(F[..., 3:])
    return np.concatenate([np.concatenate([m, f], axis=-1),
                           np.concatenate([f, np.zeros_like(f)], axis=-1)], axis=-2)


def _jacobian_columns(chain, X):
    """The link Jacobians J_l (..., 6, n) of the joint steps X, l = 1..n, as a list."""
    n = chain.n
    batch = X[0].shape[:-2]
    J = np.zeros_like(X[0], shape=batch + (6, n))
    out = []
    for i in range(n):
        if i > 0:
            J = X[i] @ J
        else:
            J = J.copy()
        J[..., :, i] = chain.screws[i]
        out.append(J)
    return out


def link_jacobians(chain, q):
    """The body Jacobians of every link: ``V_l = J_l(q) qd`` for l = 1..n.

    Forward recursion ``J_l = X_l J_{l-1}`` and then column l set to ``A_l``,
    with ``X_l = Ad_{T_{l,l-1}}`` the joint step of eq. 3.2-1 (``J_0 = 0``).

    Parameters
    ----------
    chain : Chain
    q : array_like, shape (n,) or (N, n)
        Joint positions, rad or m.

    Returns
    -------
    ndarray, shape (n, 6, n) or (N, n, 6, n)
        ``J[..., l - 1, :, j - 1] = Ad_{T_{l,j}} A_j``: joint j's screw axis
        seen in link frame {l}, rows (omega, v) (1 and m per unit joint rate
        for a revolute joint, 0 and 1 for a prismatic one), and zero for
        the joints j > l beyond link l.  ``J[..., -1, :, :]`` is
        :func:`chaindyn.body_jacobian`.

    Raises
    ------
    ValueError
        If ``chain`` is not a Chain, or q has the wrong shape, holds NaN or
        inf, or is not a plain array (the messages of :func:`chaindyn.rnea`).

    Notes
    -----
    Modern Robotics §8.4 (the link Jacobians ``J_ib`` of ``M = sum J_ib^T
    G_i J_ib``) and §5.1.2; book §2.8 and §3.3.  Multiplications (rule "products"): the
    joint steps (99 per revolute, 63 per prismatic joint) and
    ``36 n (n - 1)`` for the products ``X_l J_{l-1}``, l = 2..n.

    Examples
    --------
    The planar 2R arm at q2 = 90 degrees, seen from link 2's frame at joint 2:
    joint 1's axis lies 1 m away, so its column has ``v = (1, 0, 0)`` m/rad.

    >>> import numpy as np
    >>> from chaindyn import models
    >>> from chaindyn.lagrange import link_jacobians
    >>> J = link_jacobians(models.planar_2r(), [0.0, np.pi / 2])
    >>> print(np.round(J[1], 6) + 0.0)
    [[0. 0.]
     [0. 0.]
     [1. 1.]
     [1. 0.]
     [0. 0.]
     [0. 0.]]
    >>> J.shape
    (2, 6, 2)
    """
    (q,) = check_state(chain, q=q)
    return np.stack(_jacobian_columns(chain, joint_steps(chain, q)), axis=-3)


def _jacobians_and_rates(chain, q, qd):
    """Link Jacobians J_l and their time derivatives (lists over l), after checks."""
    n = chain.n
    X = joint_steps(chain, q)
    Js = _jacobian_columns(chain, X)
    batch = batch_shape(q, qd)
    Jd = np.zeros_like(Js[0], shape=batch + (6, n))
    rates = []
    for i in range(n):
        if i > 0:  # d/dt X_l = -qd_l ad_{A_l} X_l
            Jd = X[i] @ Jd - (ad(chain.screws[i]) @ Js[i]) * qd[..., i, None, None]
            Jd[..., :, i] = 0.0  # ad_{A_l} A_l = 0, written exactly (not as roundoff)
        rates.append(Jd)
    return Js, rates


def link_jacobians_dot(chain, q, qd):
    """Time derivatives of the link body Jacobians along the motion.

    Forward recursion: differentiating ``J_l = X_l J_{l-1} + A_l e_l^T`` with
    ``d/dt X_l = -qd_l ad_{A_l} X_l`` (from ``T_{l,l-1} = exp(-[A_l] q_l)
    M_{l,l-1}``) gives::

        Jdot_1 = 0,   Jdot_l = X_l Jdot_{l-1} - qd_l ad_{A_l} J_l

    Parameters
    ----------
    chain : Chain
    q, qd : array_like, shape (n,) or (N, n)
        Joint positions (rad or m) and velocities (rad/s or m/s); the shapes
        must broadcast together.

    Returns
    -------
    ndarray, shape (n, 6, n) or (N, n, 6, n)
        ``dJ_l/dt`` in {l}, rows (omega, v), 1/s per unit joint rate; zero
        in the columns j >= l.  ``[..., -1, :, :]`` is
        :func:`chaindyn.jacobian.body_jacobian_dot` (which runs a backward recursion
        instead), and ``Jdot_l qd`` is the velocity-product part of link l's
        acceleration (RNEA's ``Vd_l`` at qdd = 0, without gravity).

    Raises
    ------
    ValueError
        As :func:`chaindyn.rnea` for q and qd.

    Notes
    -----
    Book §2.8 and §3.3; Modern Robotics §8.4.  Multiplications (rule
    "products"): those of :func:`link_jacobians` and ``72 n (n - 1)`` for
    ``X_l Jdot_{l-1}`` and ``ad_{A_l} J_l``; the rule "all" adds
    ``6 n (n - 1)`` for the scalings by ``qd_l`` and the exponentials'
    scalings (45 per revolute and 3 per prismatic joint).

    Examples
    --------
    Turning joint 2 of the planar 2R arm at 1 rad/s turns joint 1's column in
    {2}: at q2 = 90 degrees its ``v = (sin q2, cos q2, 0)`` changes at
    ``(0, -1, 0)`` per second.

    >>> import numpy as np
    >>> from chaindyn import models
    >>> from chaindyn.lagrange import link_jacobians_dot
    >>> Jd = link_jacobians_dot(models.planar_2r(), [0.0, np.pi / 2], [0.0, 1.0])
    >>> print(np.round(Jd[1], 6) + 0.0)
    [[ 0.  0.]
     [ 0.  0.]
     [ 0.  0.]
     [ 0.  0.]
     [-1.  0.]
     [ 0.  0.]]
    """
    q, qd = check_state(chain, q=q, qd=qd)
    _, rates = _jacobians_and_rates(chain, q, qd)
    return np.stack(rates, axis=-3)


def mass_matrix_dot(chain, q, qd):
    """Time derivative of the mass matrix along the motion, ``Mdot = dM(q(t))/dt``.

    ``Mdot = sum_l (Jdot_l^T G_l J_l + J_l^T G_l Jdot_l)``, from the link
    Jacobians and their rates of :func:`link_jacobians_dot` (Modern Robotics
    §8.4, ``M = sum_l J_l^T G_l J_l`` differentiated, ``G_l`` constant in
    {l}).  Computed without C, so that the skew-symmetry of ``Mdot - 2 C``
    (:func:`coriolis_matrix`) is a check, not a consequence of the
    construction.

    Parameters
    ----------
    chain : Chain
    q, qd : array_like, shape (n,) or (N, n)
        Joint positions (rad or m) and velocities (rad/s or m/s); a batch of
        N states goes through one vectorized pass, and the shapes must
        broadcast together.

    Returns
    -------
    Mdot : ndarray, shape (n, n) or (N, n, n)
        ``sum_k dM/dq_k qd_k``; symmetric (both triangles written, equal
        exactly); kg m^2/s (revolute-revolute), kg m/s (mixed) and kg/s
        (prismatic-prismatic) entries.  Linear in qd.

    Raises
    ------
    ValueError
        If ``chain`` is not a Chain, or q or qd has the wrong shape, holds
        NaN or inf, is not a plain array, or the batch shapes do not match
        (the messages of :func:`chaindyn.rnea`).

    See Also
    --------
    coriolis_matrix : C(q, qd), with ``Mdot = C + C^T``.
    chaindyn.crba : M(q).

    Notes
    -----
    Book §3.3.  O(n^3): multiplications (rule "products") are the joint
    steps (99 per revolute, 63 per prismatic joint), ``108 n (n - 1)`` for
    the Jacobians and their rates, and for l = 2..n ``36 n`` for ``G_l J_l``
    and ``6 n^2`` for ``Jdot_l^T (G_l J_l)`` (``Jdot_1 = 0``): in all
    ``6 n^3 + 138 n^2 - 144 n + 99 nR + 63 nP`` for nR revolute and nP
    prismatic joints.  The rule "all" adds ``6 n (n - 1)`` (scalings by
    ``qd_l``) and 45 per revolute and 3 per prismatic joint (the
    exponentials).

    Examples
    --------
    The planar 2R arm (unit masses at the link ends, unit lengths):
    ``Mdot = -sin q2 qd2 [[2, 1], [1, 0]]``.

    >>> import numpy as np
    >>> from chaindyn import mass_matrix_dot, models
    >>> print(np.round(mass_matrix_dot(models.planar_2r(), [0.0, np.pi / 2], [0.0, 1.0]), 6))
    [[-2. -1.]
     [-1.  0.]]
    """
    q, qd = check_state(chain, q=q, qd=qd)
    Js, rates = _jacobians_and_rates(chain, q, qd)
    batch = batch_shape(q, qd)
    Md = np.zeros_like(q, shape=batch + (chain.n, chain.n))
    for i in range(1, chain.n):  # Jdot_1 = 0
        Md = Md + transpose(rates[i]) @ (chain.inertias[i] @ Js[i])
    return Md + transpose(Md)


def coriolis_matrix(chain, q, qd, factorization="christoffel"):
    """The Coriolis matrix C(q, qd) of the Christoffel symbols of M(q).

    ``C_ij = sum_k c_ijk qd_k``, ``c_ijk = 1/2 (dM_ij/dq_k + dM_ik/dq_j -
    dM_jk/dq_i)`` (Christoffel symbols of the first kind), computed by an
    O(n^2) recursion over the links (the module docstring derives it), not by
    differentiating M.  ``C(q, qd) qd`` is the velocity-product torque
    (:func:`chaindyn.coriolis_torque`), and ``Mdot - 2 C`` is skew-symmetric.

    Parameters
    ----------
    chain : Chain
    q, qd : array_like, shape (n,) or (N, n)
        Joint positions (rad or m) and velocities (rad/s or m/s); a batch of
        N states goes through one vectorized pass, and the shapes must
        broadcast together.
    factorization : {"christoffel", "newton-euler"}
        ``"christoffel"`` (default): the matrix above.  ``"newton-euler"``:
        ``C' = sum_l J_l^T (G_l Jdot_l - ad_{V_l}^T G_l J_l)``, the matrix
        read off RNEA's terms, with the same ``C' qd = C qd`` but ``Mdot -
        2 C'`` not skew-symmetric in general (book §3.3: the property
        belongs to the Christoffel factorization, not to every C with the
        right ``C qd``).

    Returns
    -------
    C : ndarray, shape (n, n) or (N, n, n)
        ``C[..., i, j]``: torque (N m) or force (N) at joint i per unit
        velocity of joint j, at the velocity qd (kg m^2/s, kg m/s or kg/s
        entries).  Linear in qd; zero at qd = 0.  Gravity plays no part.

    Raises
    ------
    ValueError
        If ``chain`` is not a Chain, q or qd has the wrong shape, holds NaN
        or inf, is not a plain array, or the batch shapes do not match (the
        messages of :func:`chaindyn.rnea`), or ``factorization`` is not one
        of the two names.

    See Also
    --------
    mass_matrix_dot : ``Mdot``, computed independently, equal to ``C + C^T``.
    chaindyn.coriolis_torque : ``C qd`` by one RNEA call.

    Notes
    -----
    Book §3.3; Modern Robotics eq. (8.9) (the planar 2R arm) and §8.1;
    Murray, Li and Sastry (1994) §4.2 (skew-symmetry).  The
    recursion is that of Echeandia and Wensing (2021), DOI 10.1115/1.4051169,
    in body frames and Modern Robotics' notation; Pinocchio's
    ``computeCoriolisMatrix`` gives the same matrix.

    Cost, multiplications counted by :mod:`chaindyn.opcount` (rule
    "products"): per link the joint step (99 revolute, 63 prismatic), the
    twist 36 (not for link 1), ``ad_{V_l} A_l`` 36, ``G_l ad_{V_l}`` 216,
    ``G_l V_l`` 36 (Christoffel only), the two composites ``X^T G^c X`` and
    ``X^T D^c X`` 864 (not for the last link), and four wrenches 144; then
    108 per step of the three wrenches carried down and 18 per pair for the
    entries (6 for a diagonal one).  In all ``63 n^2 + 1374 nR + 1338 nP -
    900`` (Christoffel) and ``63 n^2 + 1338 nR + 1302 nP - 900``
    (Newton-Euler), with n = nR + nP revolute and prismatic joints: three
    times the CRBA's ``21 n^2`` in the quadratic term; 9612 at n = 6
    (revolute), against 2142 for one RNEA call, which gives only ``C qd``.
    The rule "all" adds per link 45 (revolute) or 3 (prismatic) for the
    exponential, 6 for ``A_l qd_l`` and, for the Christoffel form, 36 for
    the factor 1/2 of ``D_l``.

    Examples
    --------
    The planar 2R arm (unit masses at the link ends, unit lengths), Modern
    Robotics eq. (8.9): ``C = sin q2 [[-qd2, -(qd1 + qd2)], [qd1, 0]]``.

    >>> import numpy as np
    >>> from chaindyn import coriolis_matrix, models
    >>> C = coriolis_matrix(models.planar_2r(), [0.0, np.pi / 2], [1.0, 2.0])
    >>> print(np.round(C, 6) + 0.0)
    [[-2. -3.]
     [ 1.  0.]]
    >>> coriolis_matrix(models.planar_2r(), np.zeros((5, 2)), np.ones(2)).shape
    (5, 2, 2)
    """
    check_chain(chain)
    check_choice(factorization, "factorization", _FACTORIZATIONS)
    q, qd = check_state(chain, q=q, qd=qd)
    n = chain.n
    batch = batch_shape(q, qd)
    X = joint_steps(chain, q)
    A = chain.screws
    # forward: twists V_l and psi_l = ad_{V_l} A_l, and the matrices D_l
    psi, D = [], []
    V = None
    for i in range(n):
        Vq = A[i] * qd[..., i, None]
        V = Vq if i == 0 else _mv(X[i], V) + Vq
        adV = ad(V)
        psi.append(_mv(adV, np.broadcast_to(A[i], V.shape)))
        GadV = chain.inertias[i] @ adV
        if factorization == "christoffel":
            D.append(0.5 * (GadV + transpose(GadV) + _bar(_mv(chain.inertias[i], V))))
        else:
            D.append(GadV + transpose(GadV))
    # backward: composites G^c, D^c and the three wrenches carried down
    C = np.zeros_like(q, shape=batch + (n, n))
    Dc = None
    for j, Gc in zip(reversed(range(n)), _composites(chain, X)):
        Dc = D[j] if j == n - 1 else D[j] + transform_inertia(Dc, X[j + 1])
        Aj = np.broadcast_to(A[j], batch + (6,))
        F = _mv(Gc, psi[j]) - _mv(Dc, Aj)  # column j of C, above the diagonal
        P = _mv(Gc, Aj)                    # row j of C, left of the diagonal
        Q = _mv(transpose(Dc), Aj)
        C[..., j, j] = _dot(F, Aj)
        for i in reversed(range(j)):
            Xt = transpose(X[i + 1])
            F, P, Q = _mv(Xt, F), _mv(Xt, P), _mv(Xt, Q)
            Ai = np.broadcast_to(A[i], batch + (6,))
            C[..., i, j] = _dot(F, Ai)
            C[..., j, i] = _dot(P, psi[i]) - _dot(Q, Ai)
    return C
