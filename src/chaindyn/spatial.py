"""Spatial (screw) algebra: twists, wrenches, adjoints, exponentials, spatial inertia.

Conventions (book §3.2.3.1, Modern Robotics ch. 3 and 8):

* twist ``V = (omega, v)``: angular velocity first, then the velocity of the
  point of the body at the frame's origin, both in the frame's coordinates;
* wrench ``F = (n, f)``: moment about the frame's origin first, then force;
* a pose ``T`` is given as a 4x4 homogeneous matrix or as a pair ``(R, p)``.

Every function accepts leading batch dimensions ``(...,)`` and works on the
last axes, so that one call serves one state or N states.  All products are
written with ``@`` so that :mod:`chaindyn.opcount` sees each of them.
"""

from __future__ import annotations

import numpy as np

from ._validate import TOL, as_array

__all__ = [
    "matvec",
    "dot",
    "cross",
    "rot_x",
    "rot_y",
    "rot_z",
    "skew",
    "Ad",
    "Ad_rp",
    "ad",
    "ad_dual",
    "transpose",
    "axis_point",
    "screw_exp",
    "pose_mul",
    "pose_inv",
    "homogeneous",
    "inverse_transform",
    "parallel_axis",
    "transform_inertia",
    "bias_wrench",
    "spatial_inertia",
    "inertia_parts",
    "rpy_matrix",
    "rotate_inertia",
]


def matvec(A, x):
    """Matrix-vector product over stacks: (..., k, m) @ (..., m) -> (..., k)."""
    return (A @ x[..., None])[..., 0]


def dot(a, b):
    """Dot product of vectors over stacks, (..., k) . (..., k) -> (...), as a matrix
    product (k multiplications, which :mod:`chaindyn.opcount` counts as a product).

    One state and a stack of states get the same sums, bit for bit: ``a @ b`` of two
    1-d vectors (BLAS's dot) and of a stack and a vector (a matrix-vector product)
    add their terms in different orders, while this form is the same (1, k) @ (k, 1)
    product for every state."""
    return (a[..., None, :] @ b[..., :, None])[..., 0, 0]


def cross(a, b):
    """Cross product of 3-vectors over stacks, (..., 3) x (..., 3) -> (..., 3)."""
    a0, a1, a2 = a[..., 0], a[..., 1], a[..., 2]
    b0, b1, b2 = b[..., 0], b[..., 1], b[..., 2]
    return np.stack([a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0], axis=-1)


def rot_x(a):
    """Rotation about x by the angle a (rad), over stacks: (...) -> (..., 3, 3)."""
    c, s = np.cos(a), np.sin(a)
    one, zero = np.ones_like(a), np.zeros_like(a)
    return np.stack([np.stack([one, zero, zero], -1), np.stack([zero, c, -s], -1),
                     np.stack([zero, s, c], -1)], -2)


def rot_y(a):
    """Rotation about y by the angle a (rad), over stacks: (...) -> (..., 3, 3)."""
    c, s = np.cos(a), np.sin(a)
    one, zero = np.ones_like(a), np.zeros_like(a)
    return np.stack([np.stack([c, zero, s], -1), np.stack([zero, one, zero], -1),
                     np.stack([-s, zero, c], -1)], -2)


def rot_z(a):
    """Rotation about z by the angle a (rad), over stacks: (...) -> (..., 3, 3)."""
    c, s = np.cos(a), np.sin(a)
    one, zero = np.ones_like(a), np.zeros_like(a)
    return np.stack([np.stack([c, -s, zero], -1), np.stack([s, c, zero], -1),
                     np.stack([zero, zero, one], -1)], -2)


def skew(x):
    """Skew-symmetric matrix ``[x]`` with ``[x] y = x × y``.

    Parameters
    ----------
    x : array_like, shape (..., 3)

    Returns
    -------
    ndarray, shape (..., 3, 3)
    """
    x = np.asanyarray(x)
    if type(x) is np.ndarray and x.shape == (3,) and x.dtype == np.float64:  # one vector: one call
        a, b, c = x.tolist()
        return np.array([[0.0, -c, b], [c, 0.0, -a], [-b, a, 0.0]])
    z = np.zeros_like(x[..., 0])
    return np.stack(
        [
            np.stack([z, -x[..., 2], x[..., 1]], axis=-1),
            np.stack([x[..., 2], z, -x[..., 0]], axis=-1),
            np.stack([-x[..., 1], x[..., 0], z], axis=-1),
        ],
        axis=-2,
    )


def Ad_rp(R, p):
    """Adjoint map of the pose ``(R, p)``: ``[[R, 0], [[p] R, R]]`` (6x6).

    ``Ad_T V`` re-expresses a twist given in frame {b} in frame {a} when
    ``T = T_ab``; for a wrench the map is ``Ad_T^{-T}``, i.e. ``Ad_{T^{-1}}^T``.
    The one matrix product ``[p] R`` costs 27 multiplications.

    Parameters
    ----------
    R : array_like, shape (..., 3, 3)
    p : array_like, shape (..., 3)

    Returns
    -------
    ndarray, shape (..., 6, 6)

    Notes
    -----
    Modern Robotics eq. (3.83); book §3.2.3.2.
    """
    R = np.asanyarray(R)
    pR = skew(p) @ R
    zero = np.zeros_like(R)
    top = np.concatenate([R, zero], axis=-1)
    bottom = np.concatenate([pR, R], axis=-1)
    return np.concatenate([top, bottom], axis=-2)


def Ad(T):
    """Adjoint map ``Ad_T`` (6x6) of a homogeneous transform ``T`` (..., 4, 4)."""
    T = np.asanyarray(T)
    return Ad_rp(T[..., :3, :3], T[..., :3, 3])


def ad(V):
    """Lie bracket matrix ``ad_V = [[[ω], 0], [[v], [ω]]]`` of a twist (6x6).

    ``ad_V W`` is the bracket ``[V, W]``; ``-ad_V^T F`` is the rate of change
    of a wrench-like momentum ``F`` carried by a body moving with twist ``V``.

    Parameters
    ----------
    V : array_like, shape (..., 6)
        Twist ``(omega, v)``.

    Returns
    -------
    ndarray, shape (..., 6, 6)

    Notes
    -----
    Modern Robotics eq. (8.38); book §3.2.3.2.
    """
    V = np.asanyarray(V)
    w = skew(V[..., :3])
    v = skew(V[..., 3:])
    zero = np.zeros_like(w)
    return np.concatenate(
        [np.concatenate([w, zero], axis=-1), np.concatenate([v, w], axis=-1)], axis=-2
    )


def transpose(X):
    """The transpose of a stack of matrices (..., k, m) -> (..., m, k), no products.

    With ``X = Ad_T`` (twists from {b} to {a} for ``T = T_ab``), ``X^T`` carries
    wrenches the other way, from {a} to {b} (Modern Robotics §3.3.5).
    """
    return np.swapaxes(X, -1, -2)


def ad_dual(V):
    """The dual of ``ad_V`` on wrenches: ``-ad_V^T`` (6x6), Featherstone's ``crf(V)``.

    ``ad_dual(V) F`` is the cross product of the twist V with a wrench-like
    vector F (Featherstone's ``V x* F``).  Applied to the momentum ``G V`` of
    a body it gives the velocity-product term of the Newton-Euler equations,
    ``F = G Vd - ad_V^T (G V) = G Vd + ad_dual(V) (G V)``.  Forming it costs no
    product; a product with it costs 36 multiplications, as with ``ad_V``.

    Parameters
    ----------
    V : array_like, shape (..., 6)
        Twist ``(omega, v)``.

    Returns
    -------
    ndarray, shape (..., 6, 6)
        ``[[[omega], [v]], [0, [omega]]]``.

    Notes
    -----
    Modern Robotics eq. (8.40) (the term ``-[ad_V]^T G V``); Featherstone
    (2008), the spatial cross product for forces ``v x* = -(v x)^T``; book
    §3.2.3.2.
    """
    return -transpose(ad(V))


def axis_point(A):
    """The point of a screw axis nearest the frame's origin: ``r = omega x v``.

    A revolute axis ``A = (omega, v)`` with ``|omega| = 1`` and ``v = -omega x r``
    passes through the points ``r + s omega``; the one nearest the origin is
    ``omega x v``.  A prismatic axis (``omega = 0``) has no such point: the
    result is zero (its line of motion may be placed anywhere).

    Parameters
    ----------
    A : array_like, shape (6,)
        Screw axis (omega, v) in a frame {i}.

    Returns
    -------
    ndarray, shape (3,)
        In {i}, m.

    Notes
    -----
    Modern Robotics §3.3.2 (``v = -omega x q + h omega`` with pitch h = 0).
    """
    A = np.asarray(A, dtype=float)
    w, v = A[:3], A[3:]
    if not np.any(w):  # prismatic
        return np.zeros(3)
    return np.cross(w, v)


def _on_basis(coefficients, basis):
    """``Σ_k c_k B_k`` over the basis ``(1, [ŵ], [ŵ]^2)`` of eq. eq-rnea-exp; a
    coefficient ``None`` stands for 1 (the matrix enters as it is, no product)."""
    total = 0.0
    for c, b in zip(coefficients, basis):
        total = total + (b if c is None else c * b)
    return total


def screw_exp(A, theta):
    """Pose ``exp([A] θ)`` of a unit screw axis, as ``(R, p)`` (book eq. eq-rnea-exp).

    Parameters
    ----------
    A : array_like, shape (6,)
        Screw axis ``(ŵ, u)``: either revolute (``|ŵ| = 1``) or prismatic
        (``ŵ = 0``, ``|u| = 1``).  The kind is decided from ``A`` itself;
        validation is the caller's (``Chain``) job.
    theta : array_like, shape (...)
        Displacement along the axis (rad or m).

    Returns
    -------
    R : ndarray, shape (..., 3, 3)
    p : ndarray, shape (..., 3)

    Notes
    -----
    Book §3.2.3.1.  For a unit axis ``[ŵ]^3 = -[ŵ]``, so the series of
    ``e^{[ŵ] θ}`` folds onto the three matrices ``1, [ŵ], [ŵ]^2``; the rotation
    has the coefficients ``(1, sin θ, 1 - cos θ)`` on them (Rodrigues).  The
    translation is ``p = Γ(θ) u`` with ``Γ(θ) = ∫_0^θ e^{[ŵ] s} ds``, whose
    coefficients on the same matrices are the rotation's integrated from 0 to
    θ: ``(θ, 1 - cos θ, θ - sin θ)``.  A revolute exponential costs 36 products
    (``[ŵ]^2`` and ``Γ u``), a prismatic one none (``R = 1``, ``p = u θ``).
    """
    A = np.asanyarray(A)
    theta = np.asanyarray(theta)
    th = theta[..., None, None]
    one = np.broadcast_to(np.eye(3), theta.shape + (3, 3))
    w_hat, u = A[:3], A[3:]
    if np.any(np.asarray(w_hat)):  # revolute
        W = skew(w_hat)
        basis = (one, W, W @ W)
        sin_th, vers_th = np.sin(th), 1.0 - np.cos(th)
        rotation = _on_basis((None, sin_th, vers_th), basis)
        gamma = _on_basis((th, vers_th, th - sin_th), basis)  # the coefficients integrated
        return rotation, matvec(gamma, u)
    return one.copy(), u * theta[..., None]  # prismatic: no rotation


def pose_mul(a, b):
    """Compose two poses given as ``(R, p)`` pairs: ``a b``.

    Costs 36 products (``R_a R_b`` and ``R_a p_b``).
    """
    Ra, pa = a
    Rb, pb = b
    return Ra @ Rb, matvec(Ra, pb) + pa


def pose_inv(a):
    """Inverse of a pose given as an ``(R, p)`` pair: ``(R^T, -R^T p)``."""
    R, p = a
    Rt = transpose(R)
    return Rt, -matvec(Rt, p)


def homogeneous(R, p):
    """The 4x4 homogeneous matrix of a pose (R, p), over stacks.

    ``(..., 3, 3), (..., 3) -> (..., 4, 4)``, ``[[R, p], [0, 1]]``; an array of
    the kind of R (an instrumented array of :mod:`chaindyn.opcount` stays one,
    so that later products with it are counted).  No products.
    """
    T = np.zeros_like(R, shape=R.shape[:-2] + (4, 4))
    T[..., :3, :3] = R
    T[..., :3, 3] = p
    T[..., 3, 3] = 1.0
    return T


def inverse_transform(T):
    """Inverse of a homogeneous transform (..., 4, 4)."""
    T = np.asanyarray(T)
    return homogeneous(*pose_inv((T[..., :3, :3], T[..., :3, 3])))


def parallel_axis(inertia, mass, c):
    """Parallel-axis (Steiner) theorem: ``I - m [c]^2`` (3x3), over stacks.

    The rotational inertia about a frame's origin of a body of mass m whose
    centre of mass is at ``c`` and whose rotational inertia about the centre of
    mass is ``inertia`` (axes parallel to the frame).  With ``-mass`` the
    reverse: from about the origin back to about the centre of mass.
    ``-[c]^2 = (c . c) 1 - c c^T``.

    Parameters
    ----------
    inertia : array_like, shape (..., 3, 3)
        kg m^2.
    mass : float or array_like, shape (...)
        kg (negated for the reverse shift).
    c : array_like, shape (..., 3)
        Centre of mass in the frame, m.

    Returns
    -------
    ndarray, shape (..., 3, 3)

    Notes
    -----
    Featherstone (2008) eq. (2.63); Modern Robotics §8.2 (Steiner's theorem).
    """
    C = skew(c)
    return inertia - np.asarray(mass)[..., None, None] * C @ C


def transform_inertia(G, X):
    """``X^T G X``: a spatial inertia carried from {i} into {i-1} when ``X = Ad_{T_{i,i-1}}``.

    With ``X`` taking twists from {i-1} to {i} and ``X^T`` wrenches from {i}
    to {i-1}, a body of inertia ``G`` about the origin of {i}, in {i}, has
    the inertia ``X^T G X`` about the origin of {i-1}, in {i-1}: its momentum
    ``G (X V)`` carried back by ``X^T``.  The composite inertias of the CRBA,
    the articulated inertias of the ABA and the composites of the Coriolis
    matrix take this step.  Two 6x6 products, 432 multiplications.

    Parameters
    ----------
    G : array_like, shape (..., 6, 6)
        In {i} about its origin, (omega, v) order.
    X : array_like, shape (..., 6, 6)
        ``Ad_{T_{i,i-1}}`` (:func:`chaindyn.inverse_dynamics.joint_step`).

    Returns
    -------
    ndarray, shape (..., 6, 6)

    Notes
    -----
    Featherstone (2008) eq. (2.66), ``I_A = X^* I_B X^{-1}`` with ``X^* =
    X^{-T}``; book §3.5.
    """
    return transpose(X) @ G @ X


def bias_wrench(G, V):
    """The velocity-product wrench ``-ad_V^T (G V) = ad_dual(V) (G V)`` of a body, over stacks.

    The term of the Newton-Euler equation ``F = G Vd - ad_V^T G V`` that does not
    depend on the acceleration (book §3.1.4, eq. 3.2-3): the rate of change of the
    momentum ``G V`` seen in the moving frame.  72 multiplications.

    Parameters
    ----------
    G : array_like, shape (..., 6, 6)
        Spatial inertia about the frame's origin, (omega, v) order.
    V : array_like, shape (..., 6)
        Twist ``(omega, v)`` of the frame.

    Returns
    -------
    ndarray, shape (..., 6)
        ``(moment, force)``, N m and N.

    Notes
    -----
    Modern Robotics eq. (8.41); Featherstone (2008), ``v x* I v``.
    """
    return matvec(ad_dual(V), matvec(G, V))


def _first_moment(G):
    """``m c`` from the coupling block ``m [c]`` of a spatial inertia G (..., 6, 6)."""
    mc = G[..., :3, 3:]
    return np.stack([mc[..., 2, 1], mc[..., 0, 2], mc[..., 1, 0]], axis=-1)


def _blocks(I_bar, h, m):
    """``[[Ī, [h]], [-[h], m 1]]``: the spatial inertia of rotational inertia Ī about the
    origin, first moment h = m c and mass m, over stacks (no products but ``m 1``)."""
    H = skew(h)
    top = np.concatenate([I_bar, H], axis=-1)
    bottom = np.concatenate([-H, np.asarray(m)[..., None, None] * np.eye(3)], axis=-1)
    return np.concatenate([top, bottom], axis=-2)


def spatial_inertia(mass, com, inertia_com):
    """Spatial inertia ``G`` (6x6) about a frame's origin, (omega, v) order.

    ``G = [[I_c - m [c]^2, m [c]], [-m [c], m 1]]``, so that ``G V`` is the
    momentum ``(angular momentum about the origin, linear momentum)`` of the
    body moving with twist ``V``, and ``1/2 V^T G V`` its kinetic energy.

    Parameters
    ----------
    mass : float
        Mass in kg, > 0.
    com : array_like, shape (3,)
        Centre of mass in the frame, m.
    inertia_com : array_like, shape (3, 3)
        Rotational inertia about the centre of mass, axes parallel to the
        frame, kg m^2.

    Returns
    -------
    ndarray, shape (6, 6)

    Raises
    ------
    ValueError
        If the result is not a physical inertia: the message names the first
        failing condition (:func:`check_inertia`,
        :func:`chaindyn.body.realizability`).

    Notes
    -----
    Steiner's theorem in spatial form; Modern Robotics eq. (8.32) generalised
    to a frame off the centre of mass (Featherstone 2008, eq. 2.63).

    Examples
    --------
    A 2 kg body with its centre of mass 0.5 m along z of the frame; the
    upper-left block is I_c + m [r]^T [r] (parallel-axis theorem):

    >>> import numpy as np
    >>> from chaindyn import spatial_inertia
    >>> G = spatial_inertia(2.0, [0.0, 0.0, 0.5], np.diag([0.1, 0.1, 0.02]))
    >>> print(np.round(G, 6) + 0.0)
    [[ 0.6   0.    0.    0.   -1.    0.  ]
     [ 0.    0.6   0.    1.    0.    0.  ]
     [ 0.    0.    0.02  0.    0.    0.  ]
     [ 0.    1.    0.    2.    0.    0.  ]
     [-1.    0.    0.    0.    2.    0.  ]
     [ 0.    0.    0.    0.    0.    2.  ]]
    """

    m = float(as_array(mass, "mass", ()))
    c = as_array(com, "com", (3,))
    Ic = as_array(inertia_com, "inertia_com", (3, 3))
    asym = float(np.abs(Ic - Ic.T).max())
    if asym > TOL * float(np.abs(Ic).max()):  # relative: a 1e-12 kg m^2 tensor too
        raise ValueError(f"inertia_com must be symmetric, got max |I - I^T| = {asym:.3g}")
    G = _blocks(parallel_axis(Ic, m, c), m * c, m)
    check_inertia(G, "spatial_inertia")
    return G


def inertia_parts(G):
    """Split a spatial inertia about a frame's origin into ``(m, c, I_c)``.

    The inverse of :func:`spatial_inertia`: mass (kg), centre of mass (m) and
    rotational inertia about the centre of mass (kg m^2), all in the frame.
    """
    G = np.asarray(G, dtype=float)
    m = G[..., 3, 3]
    c = _first_moment(G) / m[..., None]
    return m, c, parallel_axis(G[..., :3, :3], -m, c)


def rpy_matrix(rpy):
    """Rotation matrix of URDF roll-pitch-yaw angles: ``R = R_z(y) R_y(p) R_x(r)``.

    Parameters
    ----------
    rpy : array_like, shape (3,)
        (roll, pitch, yaw) in rad, fixed-axis x-y-z (URDF ``origin rpy``).

    Returns
    -------
    ndarray, shape (3, 3)
    """
    r, p, y = (float(a) for a in np.asarray(rpy, dtype=float).reshape(3))
    return rot_z(y) @ rot_y(p) @ rot_x(r)


def rotate_inertia(inertia, R):
    """Express a rotational inertia given in frame {c} in frame {l}: ``R I R^T``.

    Parameters
    ----------
    inertia : array_like, shape (3, 3)
        Inertia about the centre of mass, in the axes of {c} (for URDF: the
        ``<inertial><origin rpy>`` frame), kg m^2.
    R : array_like, shape (3, 3)
        Orientation of {c} in {l} (``R_lc``).

    Returns
    -------
    ndarray, shape (3, 3)
        The same tensor about the same point, in the axes of {l}.

    Notes
    -----
    ``R I`` alone, or dropping R, are faults that URDF importers have had;
    the similarity transform keeps the eigenvalues.
    """
    R = np.asarray(R, dtype=float)
    return R @ np.asarray(inertia, dtype=float) @ R.T


#: The conditions a rigid body's spatial inertia is checked against, weakest
#: first (book §3.1; :func:`chaindyn.body.realizability`); "ellipsoid" only
#: when a bounding ellipsoid is given.
LADDER = ("symmetric", "mass", "rigid", "positive_definite", "triangle", "ellipsoid")

#: What each condition asks, as the messages name it.
CONDITIONS = {
    "symmetric": "symmetry of a spatial inertia (G = G^T)",
    "mass": "positive mass (m > 0 in G[3:, 3:] = m 1)",
    "rigid": "rigid-body structure (G[3:, 3:] = m 1, coupling G[:3, 3:] = m [c] skew-symmetric)",
    "positive_definite": "positive definiteness of the rotational inertia about the COM (I_c > 0)",
    "triangle": ("triangle inequality of principal moments (I1 + I2 >= I3, equivalently a "
                 "positive semidefinite pseudo-inertia)"),
    "ellipsoid": "bounding-ellipsoid condition (tr(J Q) >= 0: the mass inside the ellipsoid)",
}


#: Roundoff of the principal moments about the COM, relative to max |G[:3, :3]|.
_NOISE = 64 * np.finfo(float).eps


def _ladder(G):
    """The conditions of :data:`LADDER` up to "triangle" on one spatial inertia (6, 6).

    Returns ``(failed, margins, moments, got)``: the first failing condition or None;
    the scale-free margins reached (a dict: ``asymmetry`` and ``rigidity`` are
    relative residuals, at most TOL to pass; ``mass`` is ``m / max |G[3:, 3:]|``,
    ``positive_definite`` is ``I1 / I3`` and ``triangle`` is
    ``(I1 + I2 - I3) / I3`` with the principal moments ``I1 <= I2 <= I3``); the
    principal moments about the COM (None if not reached; those within
    ``_NOISE max |G[:3, :3]|`` of zero set to 0); and the words for
    what was got, for a message.  The tolerances are relative to the body's
    own scale (see :func:`check_inertia`)."""
    rot, cpl, frc = G[:3, :3], G[:3, 3:], G[3:, 3:]
    s_I = float(np.abs(rot).max())
    s_m = float(np.abs(frc).max())
    s_c = float(np.sqrt(s_I * s_m))
    margins = {}
    asym = [float(np.abs(rot - rot.T).max()), float(np.abs(G[3:, :3] - cpl.T).max()),
            float(np.abs(frc - frc.T).max())]
    margins["asymmetry"] = max(a / s if s > 0 else (np.inf if a > 0 else 0.0)
                               for a, s in zip(asym, (s_I, s_c, s_m)))
    if margins["asymmetry"] > TOL:
        return "symmetric", margins, None, f"max |G - G^T| = {max(asym):.3g}"
    m = float(G[3, 3])
    margins["mass"] = m / s_m if s_m > 0 else 0.0
    if not m > 0:
        return "mass", margins, None, f"m = {m:.6g}"
    off = float(np.abs(frc - m * np.eye(3)).max())
    skew_off = float(np.abs(cpl + cpl.T).max())
    margins["rigidity"] = max(off / m, skew_off / s_c if s_c > 0 else 0.0)
    if off > TOL * m:
        return "rigid", margins, None, f"max deviation {off:.3g} of G[3:, 3:] from m 1"
    if skew_off > TOL * s_c:
        return "rigid", margins, None, f"coupling block {np.array2string(cpl, precision=4)}"
    _, _, Ic = inertia_parts(G)  # back to the COM (parallel-axis theorem)
    eig = np.linalg.eigvalsh(0.5 * (Ic + Ic.T))
    # I_c comes back from G's rotational block by the parallel-axis theorem, with an
    # absolute roundoff of a few eps s_I: a moment within it of zero is zero (a rod or a
    # point mass in a turned or moved frame is then refused in every frame, not by the
    # sign of its roundoff)
    eig = np.where(np.abs(eig) <= _NOISE * s_I, 0.0, eig)
    got = f"principal moments {np.array2string(eig, precision=6)}"
    scale = eig[2] if eig[2] > 0 else 1.0  # a point mass (I_c = 0) has no scale of its own
    margins["positive_definite"] = float(eig[0] / scale)
    margins["triangle"] = float((eig[0] + eig[1] - eig[2]) / scale)
    if eig[0] <= 0:
        return "positive_definite", margins, eig, got
    if margins["triangle"] < -TOL:
        return "triangle", margins, eig, got
    return None, margins, eig, got


def check_inertia(G, name):
    """Raise a ValueError naming the first failing condition, if any, of a
    rigid body's spatial inertia about a frame's origin, (omega, v) order:
    symmetric, ``m 1`` in the force block with m > 0, ``m [c]`` coupling, and a
    rotational inertia about the COM that is positive definite and satisfies
    the triangle inequality of principal moments.  The one check of the
    package: :func:`chaindyn.body.realizability` reports the same conditions
    with their margins.

    Every tolerance is relative to the body's own scale, so that a 1e-6 kg
    finger is checked as strictly as a 1e6 kg crane: with ``s_m`` the scale of
    the force block (the mass) and ``s_I`` that of the rotational block
    (kg m^2), the rotational block is compared at ``TOL s_I``, the force block
    at ``TOL s_m``, the coupling block (kg m) at ``TOL sqrt(s_m s_I)``, and the
    triangle inequality at ``TOL I3``.  Each of these is at most
    ``TOL max(1, max |G_jk|)``: no check is looser than an absolute tolerance
    TOL on a body of ordinary size.  Positive definiteness is strict
    (``I1 > 0``): a thin rod or a point mass, whose G is singular, is refused,
    in every frame: a principal moment within the roundoff of recovering I_c
    from G (``64 eps s_I``) counts as zero."""
    failed, _, _, got = _ladder(G)
    if failed is not None:
        raise ValueError(f"{name} fails the {CONDITIONS[failed]}: got {got}")
