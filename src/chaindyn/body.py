"""One rigid body (book chapter 3.1): mass properties, realizability, Newton-Euler.

Conventions as in :mod:`chaindyn.spatial`: twist ``V = (omega, v)``, wrench
``F = (n, f)``, and the spatial inertia about a frame's origin in (omega, v)
order, ``G = [[I_c - m [c]^2, m [c]], [-m [c], m 1]]``.  SI units throughout.

* primitive solids of uniform density, inertia about the COM in their own
  axes: :func:`box_inertia`, :func:`cylinder_inertia`, :func:`sphere_inertia`,
  :func:`ellipsoid_inertia`, :func:`rod_inertia`; :func:`principal_axes`;
* the pseudo-inertia ``J`` (:func:`pseudo_inertia`, :func:`inertia_from_pseudo`)
  and the physical-consistency ladder :func:`realizability`;
* the Newton-Euler equation: :func:`newton_euler`, its inverse
  :func:`body_acceleration`, the COM form :func:`newton_euler_com` and the
  COM's acceleration :func:`com_acceleration`;
* the ten inertial parameters (:data:`PARAMETER_NAMES`, :func:`parameters`,
  :func:`inertia_from_parameters`) and the Newton-Euler equation written
  linearly in them, :func:`newton_euler_regressor` (book §3.4).

The functions on G, V and V̇ accept leading batch dimensions ``(...,)``.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._validate import TOL, as_array
from .spatial import (
    _NOISE,
    CONDITIONS,
    LADDER,
    _blocks,
    _first_moment,
    _ladder,
    ad_dual,
    bias_wrench,
    cross,
    inertia_parts,
    matvec,
    skew,
)

__all__ = [
    "box_inertia",
    "cylinder_inertia",
    "sphere_inertia",
    "ellipsoid_inertia",
    "rod_inertia",
    "principal_axes",
    "pseudo_inertia",
    "inertia_from_pseudo",
    "Realizability",
    "realizability",
    "newton_euler",
    "body_acceleration",
    "newton_euler_com",
    "com_acceleration",
    "PARAMETER_NAMES",
    "parameters",
    "inertia_from_parameters",
    "momentum_regressor",
    "newton_euler_regressor",
]


def _positive(x, name, shape=()):
    """``x`` as a float array of ``shape`` with every entry > 0."""
    a = as_array(x, name, shape)
    if not (a > 0).all():
        raise ValueError(f"{name} must be > 0, got {a.tolist()}")
    return a


def _batch(x, name, tail):
    """``x`` as a float array of shape ``(..., *tail)`` (any batch dimensions)."""
    a = as_array(x, name)
    if a.ndim < len(tail) or a.shape[a.ndim - len(tail):] != tail:
        want = "(..., " + ", ".join(map(str, tail)) + ")"
        raise ValueError(f"{name} must have shape {want}, got {a.shape}")
    return a


def _representable(name, moments):
    """``diag(moments)``, or a ValueError when finite inputs overflowed to inf or
    underflowed to 0 in a moment (a zero that is the shape, the rod's, is not passed)."""
    moments = np.asarray(moments, dtype=float)
    if not (np.isfinite(moments).all() and (moments > 0).all()):
        raise ValueError(f"{name}: the moments of inertia must be finite and > 0 in floating "
                         f"point, got {moments.tolist()} (the inputs overflow or underflow)")
    return np.diag(moments)


def _spatial(G, name="G"):
    """``G`` (..., 6, 6) as a spatial inertia in (omega, v) order: symmetric, force block
    ``m 1`` and skew-symmetric coupling ``m [c]``, each block within TOL of its own scale
    as in :func:`chaindyn.spatial.check_inertia` (symmetric and rigid, without asking for
    a body: a rod or a point mass passes)."""
    G = _batch(G, name, (6, 6))

    def size(A):
        return np.abs(A).max(axis=(-2, -1), initial=0.0)

    rot, cpl, low, frc = G[..., :3, :3], G[..., :3, 3:], G[..., 3:, :3], G[..., 3:, 3:]
    tiny = np.finfo(float).tiny
    s_I, s_m = size(rot), size(frc)
    s_c = np.maximum(np.sqrt(s_I * s_m), tiny)
    m = G[..., 3, 3]
    T = np.swapaxes
    checks = [
        (size(rot - T(rot, -1, -2)), np.maximum(s_I, tiny), "max |G - G^T| = {:.3g} in G[:3, :3]"),
        (size(low - T(cpl, -1, -2)), s_c, "max |G - G^T| = {:.3g} between the coupling blocks"),
        (size(frc - m[..., None, None] * np.eye(3)), np.abs(m),
         "max deviation {:.3g} of G[3:, 3:] from m 1"),
        (size(cpl + T(cpl, -1, -2)), s_c, "max |C + C^T| = {:.3g} of the coupling block C"),
    ]
    for off, ref, got in checks:
        bad = np.argwhere(off > TOL * ref)  # shape (1, 0) for one failing G
        if len(bad):
            idx = tuple(int(i) for i in bad[0])
            raise ValueError(
                f"{name} must be a spatial inertia in (omega, v) order (symmetric, "
                f"G[3:, 3:] = m 1, coupling G[:3, 3:] = m [c] skew-symmetric), got "
                f"{got.format(float(off[idx]))} at batch index {idx}; a (v, omega)-ordered "
                f"matrix such as Pinocchio's Inertia.matrix() has its 3x3 blocks swapped")
    return G


def _broadcast(**arrays):
    """The batch shapes of ``arrays`` (name -> (array, number of core dims)) broadcast
    together, or a ValueError naming them."""
    try:
        return np.broadcast_shapes(*(a.shape[:a.ndim - k] for a, k in arrays.values()))
    except ValueError:
        shapes = ", ".join(f"{n} {a.shape}" for n, (a, _) in arrays.items())
        raise ValueError(f"the batch shapes must broadcast together, got {shapes}") from None


# ----------------------------------------------------------------- primitive solids


def box_inertia(mass, size):
    """Rotational inertia of a solid box about its COM, in its own axes (3x3).

    ``I = m/12 diag(b^2 + c^2, a^2 + c^2, a^2 + b^2)`` for edge lengths
    ``(a, b, c)`` along x, y, z and uniform density.

    Parameters
    ----------
    mass : float
        kg, > 0.
    size : array_like, shape (3,)
        Full edge lengths along x, y, z, m, each > 0.

    Returns
    -------
    ndarray, shape (3, 3)
        kg m^2, about the centre (the COM), axes along the edges.

    Raises
    ------
    ValueError
        On a mass or an edge that is not a finite number > 0, a wrong shape, or
        a moment that overflows to inf or underflows to 0.

    Notes
    -----
    Book §3.1.1.2; every table of moments of inertia (e.g. Modern Robotics
    §8.2.1, Fig. 8.5).

    Examples
    --------
    >>> from chaindyn.body import box_inertia
    >>> print(box_inertia(12.0, [1.0, 2.0, 3.0]))
    [[13.  0.  0.]
     [ 0. 10.  0.]
     [ 0.  0.  5.]]
    """
    m = float(_positive(mass, "mass"))
    with np.errstate(over="ignore", under="ignore"):
        a2 = _positive(size, "size", (3,)) ** 2
        moments = m / 12.0 * np.array([a2[1] + a2[2], a2[0] + a2[2], a2[0] + a2[1]])
    return _representable("box_inertia", moments)


def cylinder_inertia(mass, radius, length):
    """Rotational inertia of a solid circular cylinder about its COM, axis z (3x3).

    ``I = diag(m (3 r^2 + l^2) / 12, m (3 r^2 + l^2) / 12, m r^2 / 2)``.

    Parameters
    ----------
    mass : float
        kg, > 0.
    radius, length : float
        m, > 0; the cylinder's axis is z, centred on the origin.

    Returns
    -------
    ndarray, shape (3, 3)
        kg m^2.

    Raises
    ------
    ValueError
        On a mass or a dimension that is not a finite number > 0, or a moment
        that overflows to inf or underflows to 0.

    Notes
    -----
    Book §3.1.1.2; Modern Robotics §8.2.1, Fig. 8.5.

    Examples
    --------
    >>> from chaindyn.body import cylinder_inertia
    >>> print(cylinder_inertia(4.0, 0.5, 3.0))
    [[3.25 0.   0.  ]
     [0.   3.25 0.  ]
     [0.   0.   0.5 ]]
    """
    m = float(_positive(mass, "mass"))
    r = float(_positive(radius, "radius"))
    h = float(_positive(length, "length"))
    with np.errstate(over="ignore", under="ignore"):
        side = m * (3.0 * r * r + h * h) / 12.0
        moments = [side, side, m * r * r / 2.0]
    return _representable("cylinder_inertia", moments)


def ellipsoid_inertia(mass, semi_axes):
    """Rotational inertia of a solid ellipsoid about its COM, in its own axes (3x3).

    ``I = m/5 diag(b^2 + c^2, a^2 + c^2, a^2 + b^2)`` for semi-axes
    ``(a, b, c)`` along x, y, z and uniform density.

    Parameters
    ----------
    mass : float
        kg, > 0.
    semi_axes : array_like, shape (3,)
        m, each > 0.

    Returns
    -------
    ndarray, shape (3, 3)
        kg m^2.

    Raises
    ------
    ValueError
        On a mass or a semi-axis that is not a finite number > 0, a wrong shape,
        or a moment that overflows to inf or underflows to 0.

    Notes
    -----
    Book §3.1.1.2.  The second moment of a uniform ellipsoid about its centre is
    ``Σ_c = m/5 diag(a^2, b^2, c^2)`` and ``I = tr(Σ_c) 1 - Σ_c``
    (see :func:`pseudo_inertia`).

    Examples
    --------
    >>> from chaindyn.body import ellipsoid_inertia
    >>> print(ellipsoid_inertia(5.0, [1.0, 2.0, 3.0]))
    [[13.  0.  0.]
     [ 0. 10.  0.]
     [ 0.  0.  5.]]
    """
    return _ellipsoid(mass, semi_axes, "ellipsoid_inertia")


def _ellipsoid(mass, semi_axes, name):
    m = float(_positive(mass, "mass"))
    with np.errstate(over="ignore", under="ignore"):
        a2 = _positive(semi_axes, "semi_axes", (3,)) ** 2
        moments = m / 5.0 * np.array([a2[1] + a2[2], a2[0] + a2[2], a2[0] + a2[1]])
    return _representable(name, moments)


def sphere_inertia(mass, radius):
    """Rotational inertia of a solid sphere about its centre: ``2/5 m r^2 1`` (3x3).

    Parameters
    ----------
    mass : float
        kg, > 0.
    radius : float
        m, > 0.

    Returns
    -------
    ndarray, shape (3, 3)
        kg m^2.

    Raises
    ------
    ValueError
        On a mass or a radius that is not a finite number > 0, or a moment that
        overflows to inf or underflows to 0.

    Notes
    -----
    Book §3.1.1.2: the ellipsoid with three equal semi-axes
    (:func:`ellipsoid_inertia`).

    Examples
    --------
    >>> from chaindyn.body import sphere_inertia
    >>> print(sphere_inertia(2.5, 2.0))
    [[4. 0. 0.]
     [0. 4. 0.]
     [0. 0. 4.]]
    """
    r = float(_positive(radius, "radius"))
    return _ellipsoid(mass, [r, r, r], "sphere_inertia")


def rod_inertia(mass, length):
    """Rotational inertia of a thin uniform rod along z about its COM (3x3).

    ``I = diag(m l^2 / 12, m l^2 / 12, 0)``: positive semidefinite, zero about
    the rod's own axis.  The mass lies on a line, so the pseudo-inertia is
    singular and :func:`realizability` reports the rod as degenerate; a
    :class:`~chaindyn.Chain` refuses it (its G is singular).

    Parameters
    ----------
    mass : float
        kg, > 0.
    length : float
        m, > 0.

    Returns
    -------
    ndarray, shape (3, 3)
        kg m^2.

    Raises
    ------
    ValueError
        On a mass or a length that is not a finite number > 0, or a transverse
        moment that overflows to inf or underflows to 0.

    Notes
    -----
    Book §3.1.1.2: the cylinder of :func:`cylinder_inertia` with radius 0.

    Examples
    --------
    >>> from chaindyn.body import rod_inertia
    >>> print(rod_inertia(3.0, 2.0))
    [[1. 0. 0.]
     [0. 1. 0.]
     [0. 0. 0.]]
    """
    m = float(_positive(mass, "mass"))
    h = float(_positive(length, "length"))
    with np.errstate(over="ignore", under="ignore"):
        side = m * h * h / 12.0
    transverse = _representable("rod_inertia", [side, side])
    return np.pad(transverse, (0, 1))  # zero about the rod's own axis: its shape, not an underflow


def _symmetric(x, name, n):
    """``x`` as a symmetric (n, n) float array (relative tolerance TOL)."""
    a = as_array(x, name, (n, n))
    asym = float(np.abs(a - a.T).max())
    if asym > TOL * max(float(np.abs(a).max()), np.finfo(float).tiny):
        raise ValueError(f"{name} must be symmetric, got max |A - A^T| = {asym:.3g}")
    return a


def principal_axes(inertia):
    """Principal moments and axes of a symmetric 3x3 inertia: ``I = R diag(moments) R^T``.

    Parameters
    ----------
    inertia : array_like, shape (3, 3)
        A rotational inertia (kg m^2), symmetric within a relative TOL, in
        some frame's axes (about any point).

    Returns
    -------
    moments : ndarray, shape (3,)
        The principal moments, ascending (kg m^2).
    R : ndarray, shape (3, 3)
        A rotation (det R = +1) whose columns are the principal axes, in the
        frame's axes.  Sign rule: in columns 1 and 2 the component of largest
        magnitude is positive (the first such on a tie, magnitudes within a
        relative TOL counting as tied), and column 3 is column 1 x column 2.

    Raises
    ------
    ValueError
        On a wrong shape, non-finite entries or a non-symmetric matrix.

    Notes
    -----
    Book §3.1.1.1.  With repeated moments (a cylinder, a sphere) the axes of the
    repeated moment are not unique: any rotation within their eigenspace
    diagonalises I too, and R is one valid choice (numpy's ``eigh``, with the
    sign rule applied).  The moments need not be positive here; whether they
    are a body's is :func:`realizability`'s question.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn.body import principal_axes
    >>> moments, R = principal_axes([[3.0, 1.0, 0.0], [1.0, 2.0, 0.0], [0.0, 0.0, 5.0]])
    >>> print(np.round(moments, 4))
    [1.382  3.618  5.    ]
    >>> print(np.round(R, 4) + 0.0)
    [[-0.5257  0.8507  0.    ]
     [ 0.8507  0.5257  0.    ]
     [ 0.      0.     -1.    ]]
    """
    inertia = _symmetric(inertia, "inertia", 3)
    moments, R = np.linalg.eigh(0.5 * (inertia + inertia.T))
    for k in (0, 1):
        col = R[:, k]
        size = np.abs(col)
        lead = np.flatnonzero(size >= (1.0 - TOL) * size.max())[0]  # a tie to roundoff is a tie
        if col[lead] < 0:
            R[:, k] = -col
    R[:, 2] = np.cross(R[:, 0], R[:, 1])
    return moments, R


# ------------------------------------------------------------------ pseudo-inertia


def pseudo_inertia(G):
    """The pseudo-inertia ``J = [[Σ, m c], [m c^T, m]]`` (4x4) of a spatial inertia.

    ``J = ∫ [x; 1] [x; 1]^T ρ dV``, the density-weighted second moment of the
    body's points x in the frame, with ``Σ = ∫ x x^T ρ dV = ½ tr(Ī) 1 - Ī``
    (Ī = G[:3, :3], the rotational inertia about the frame's origin).

    Parameters
    ----------
    G : array_like, shape (..., 6, 6)
        Spatial inertia about a frame's origin, (omega, v) order: symmetric,
        ``G[3:, 3:] = m 1`` and a skew-symmetric coupling ``m [c]`` (within a
        relative TOL); whether it is a body's is :func:`realizability`'s
        question.

    Returns
    -------
    ndarray, shape (..., 4, 4)
        kg m^2 (Σ), kg m (m c), kg (m), in the frame.

    Raises
    ------
    ValueError
        On a wrong shape, non-finite entries or a G without that structure
        (e.g. a (v, omega)-ordered matrix).

    Notes
    -----
    Book §3.1.2.2; Wensing, Kim and Slotine (2018), the pseudo-inertia J(π),
    linear in the ten inertial parameters (see :func:`realizability`).  ``Ī = tr(Σ) 1 - Σ``
    inverts the map (:func:`inertia_from_pseudo`).  About the COM the Schur
    complement of m in J is ``Σ_c = Σ - m c c^T = ½ tr(I_c) 1 - I_c``, whose
    eigenvalues are ``(I_j + I_k - I_i) / 2``: J is positive definite exactly
    when m > 0 and the principal moments satisfy the strict triangle
    inequalities (see :func:`realizability`).

    Examples
    --------
    A uniform 2 kg sphere of radius 0.5 m centred 1 m along x: Σ holds
    ``m r^2 / 5 = 0.1`` on the diagonal, plus ``m c c^T`` = 2 in the x entry.

    >>> import numpy as np
    >>> from chaindyn.spatial import spatial_inertia
    >>> from chaindyn.body import pseudo_inertia, sphere_inertia
    >>> G = spatial_inertia(2.0, [1.0, 0.0, 0.0], sphere_inertia(2.0, 0.5))
    >>> print(np.round(pseudo_inertia(G), 12) + 0.0)
    [[2.1 0.  0.  2. ]
     [0.  0.1 0.  0. ]
     [0.  0.  0.1 0. ]
     [2.  0.  0.  2. ]]
    """
    G = _spatial(G)
    I_bar = G[..., :3, :3]
    one = np.eye(3)
    sigma = 0.5 * np.trace(I_bar, axis1=-2, axis2=-1)[..., None, None] * one - I_bar
    h = _first_moment(G)
    top = np.concatenate([sigma, h[..., :, None]], axis=-1)
    bottom = np.concatenate([h, G[..., 3:4, 3]], axis=-1)[..., None, :]
    return np.concatenate([top, bottom], axis=-2)


def inertia_from_pseudo(J):
    """The spatial inertia G (6x6, (omega, v) order) of a pseudo-inertia J (4x4).

    The inverse of :func:`pseudo_inertia`: ``Ī = tr(Σ) 1 - Σ``,
    ``G = [[Ī, [m c]], [-[m c], m 1]]``.

    Parameters
    ----------
    J : array_like, shape (..., 4, 4)
        ``[[Σ, m c], [m c^T, m]]``, symmetric (kg m^2, kg m, kg).

    Returns
    -------
    ndarray, shape (..., 6, 6)

    Raises
    ------
    ValueError
        On a wrong shape, non-finite entries or a J that is not symmetric.

    Notes
    -----
    Book §3.1.2.2; Wensing, Kim and Slotine (2018) (see :func:`realizability`).

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn.spatial import spatial_inertia
    >>> from chaindyn.body import inertia_from_pseudo, pseudo_inertia
    >>> G = spatial_inertia(2.0, [0.1, 0.2, 0.3], np.diag([0.1, 0.2, 0.25]))
    >>> bool(np.allclose(inertia_from_pseudo(pseudo_inertia(G)), G))
    True
    """
    J = _batch(J, "J", (4, 4))
    asym = float(np.abs(J - np.swapaxes(J, -1, -2)).max(initial=0.0))
    if asym > TOL * float(np.abs(J).max(initial=0.0)):
        raise ValueError(f"J must be symmetric, got max |J - J^T| = {asym:.3g}")
    sigma, h, m = J[..., :3, :3], J[..., :3, 3], J[..., 3, 3]
    I_bar = np.trace(sigma, axis1=-2, axis2=-1)[..., None, None] * np.eye(3) - sigma
    return _blocks(I_bar, h, m)


# ------------------------------------------------------------------- realizability


@dataclass(frozen=True, eq=False)
class Realizability:
    """The verdict of :func:`realizability` on one spatial inertia.

    Attributes
    ----------
    condition : str or None
        The first failing condition of the ladder
        ``"symmetric" < "mass" < "rigid" < "positive_definite" < "triangle" <
        "ellipsoid"``, or None when all that were checked hold.
    realizable : bool
        ``condition is None``.
    degenerate : bool
        True when the triangle inequality holds with equality within TOL, so
        that the pseudo-inertia J is singular (only ⪰ 0): mass on a plane, a
        line or a point.  The thin rod and the point mass are degenerate and
        also fail "positive_definite".  False when the inequality is strict or
        violated, or when an earlier condition failed before the principal
        moments were reached.
    asymmetry, rigidity : float or None
        Relative residuals of ``G = G^T`` and of the rigid structure (each
        block compared with its own scale); a condition holds when its
        residual is at most TOL.  None when not reached.
    mass : float or None
        ``m / max |G[3:, 3:]|``, in (-1, 1]; the condition is ``> 0``.
    positive_definite : float or None
        ``I1 / I3`` of the principal moments about the COM,
        ``I1 <= I2 <= I3``, in [0, 1] for a body; the condition is ``> 0``.
    triangle : float or None
        ``(I1 + I2 - I3) / I3`` = ``2 λ_min(Σ_c) / I3``; the condition is
        ``>= -TOL``.
    ellipsoid : float or None
        ``tr(J Q) / m``: 1 minus the mass-weighted mean of
        ``(x - c_E)^T Q_E (x - c_E)`` over the body, 0.4 for a uniform
        ellipsoid filling the bound; the condition is ``>= -TOL``.  None when
        no ellipsoid was given or an earlier condition failed.
    moments : ndarray or None
        The principal moments about the COM, ascending (kg m^2); a moment
        within the roundoff of the parallel-axis theorem of zero
        (``64 eps max |G[:3, :3]|``) is reported as 0, so that a rod or a
        point mass gets the same verdict in every frame.
    message : str
        A sentence naming the failed condition and the values got, or saying
        that all checked conditions hold.
    """

    condition: str | None
    realizable: bool
    degenerate: bool
    asymmetry: float | None
    mass: float | None
    rigidity: float | None
    positive_definite: float | None
    triangle: float | None
    ellipsoid: float | None
    moments: np.ndarray | None
    message: str


def _matrix_like(x):
    """True unless ``x`` is a flat sequence of numbers: the third item of a
    ``(center, semi_axes, R)`` triple is a matrix, that of a 3x3 nested list a row."""
    try:
        return np.ndim(x) != 1
    except ValueError:  # ragged: not a row of numbers, so the triple's (malformed) R
        return True


def _ellipsoid_matrix(ellipsoid):
    """Wensing's ``Q̄`` (4x4) from ``(center, semi_axes, R)`` or a 4x4 array, scaled so
    that its corner is ``1 - c_E^T Q_E c_E`` (a positive multiple of Q̄ is the same
    ellipsoid)."""
    if isinstance(ellipsoid, (tuple, list)) and len(ellipsoid) == 3 and _matrix_like(ellipsoid[2]):
        center = as_array(ellipsoid[0], "ellipsoid center", (3,))
        axes = _positive(ellipsoid[1], "ellipsoid semi_axes", (3,))
        R = as_array(ellipsoid[2], "ellipsoid R", (3, 3))
        err = float(np.abs(R.T @ R - np.eye(3)).max())
        if err > 1e-9 or np.linalg.det(R) < 0:
            raise ValueError(f"ellipsoid R must be a rotation matrix, got max |R^T R - I| = "
                             f"{err:.3g}, det R = {np.linalg.det(R):.6g}")
        Q = R @ np.diag(axes ** -2.0) @ R.T
        Qc = Q @ center
        return np.block([[-Q, Qc[:, None]], [Qc[None, :], np.array([[1.0 - center @ Qc]])]])
    Qbar = _symmetric(ellipsoid, "ellipsoid", 4)
    Q, b = -Qbar[:3, :3], Qbar[:3, 3]
    lam = np.linalg.eigvalsh(Q)
    if not lam[0] > 0:
        raise ValueError("ellipsoid must be Q̄ = [[-Q_E, Q_E c_E], [c_E^T Q_E, 1 - c_E^T Q_E c_E]] "
                         "with Q_E positive definite, got eigenvalues of -Q̄[:3, :3] "
                         f"{np.array2string(lam, precision=6)}")
    size = float(b @ np.linalg.solve(Q, b) + Qbar[3, 3])  # c_E^T Q_E c_E + corner
    if not size > 0:
        raise ValueError(f"ellipsoid must bound a region (c_E^T Q_E c_E + Q̄[3, 3] > 0), "
                         f"got {size:.6g}")
    return Qbar / size


def realizability(G, ellipsoid=None):
    """Whether a spatial inertia is a rigid body's, condition by condition.

    The ladder, weakest first; the first failing condition is reported:

    1. ``"symmetric"``: G = G^T;
    2. ``"mass"``: m > 0 in G[3:, 3:];
    3. ``"rigid"``: G[3:, 3:] = m 1 and a skew-symmetric coupling m [c];
    4. ``"positive_definite"``: the rotational inertia about the COM I_c ≻ 0;
    5. ``"triangle"``: the principal moments satisfy I1 + I2 >= I3,
       equivalently the pseudo-inertia J ⪰ 0 (J ≻ 0 when strict);
    6. ``"ellipsoid"`` (only with ``ellipsoid``): ``tr(J Q̄) >= 0``, which
       every mass distribution inside the ellipsoid satisfies.

    Parameters
    ----------
    G : array_like, shape (6, 6)
        Spatial inertia about a frame's origin, (omega, v) order.
    ellipsoid : tuple or array_like, optional
        A bounding ellipsoid ``{x : (x - c_E)^T Q_E (x - c_E) <= 1}`` in the
        frame: either ``(center, semi_axes, R)``, a tuple or list of three
        (m, m, a rotation whose columns are the ellipsoid's axes;
        ``Q_E = R diag(semi_axes)^-2 R^T``), or the 4x4
        ``Q̄ = [[-Q_E, Q_E c_E], [c_E^T Q_E, 1 - c_E^T Q_E c_E]]`` (an array or
        a nested list; Q_E positive definite; a positive multiple of Q̄ is the
        same ellipsoid and gives the same margin).

    Returns
    -------
    Realizability
        The failed condition (or None), the margins, the principal moments and
        a message.  The tolerances are those of
        :func:`chaindyn.spatial.check_inertia`, relative to the body's own
        scale, so the verdict does not change when the body is scaled (a
        1e-6 kg finger as a 1e6 kg crane).

    Raises
    ------
    ValueError
        On a wrong shape, non-finite entries or a malformed ellipsoid; a
        non-physical G is reported, not raised
        (:func:`chaindyn.spatial.check_inertia` raises from this verdict).

    Notes
    -----
    Book §3.1.2.  Conditions 1 to 5 are those of
    :func:`chaindyn.spatial.check_inertia`, computed once.  The equivalence
    of 5 with J ⪰ 0: J's Schur complement of m is, with c the COM,

    ``Σ - m c c^T = Σ_c = ½ tr(I_c) 1 - I_c``,

    whose eigenvalues in the principal axes are ``(I_j + I_k - I_i) / 2``;
    for m > 0, J ⪰ 0 exactly when Σ_c ⪰ 0, i.e. when every principal moment
    is at most the sum of the other two.  Adding two of these inequalities
    gives I_i >= 0, so 5 implies I_c ⪰ 0; 4 asks for strictness, so that G
    is invertible.  A plate (I1 + I2 = I3) passes both with J singular
    (``degenerate``); a thin rod (I1 = 0) fails 4 and is degenerate.

    Condition 6: ``[x; 1]^T Q̄ [x; 1] = 1 - (x - c_E)^T Q_E (x - c_E)``, so
    ``tr(J Q̄) = ∫ (1 - (x - c_E)^T Q_E (x - c_E)) ρ dV``, non-negative when
    all the mass is inside the ellipsoid: the condition is necessary (this
    line is derived here).  Wensing, Kim and Slotine (2018) write the
    triangle inequality as J ⪰ 0 through the density-weighted covariance
    Σ_c (their Proposition 1 and Theorem 3) and state, from the truncated
    moment problem, that J ⪰ 0 together with ``tr(J Q̄) >= 0`` is also
    sufficient for a mass distribution inside the ellipsoid (Theorem 4);
    these numbers are known here second-hand, not read in the paper.
    Traversaro et al. (2016, arXiv:1610.08703) named the triangle inequality
    as the condition of full physical consistency.

    Condition 4 is what makes G invertible: with m > 0 and I_c ≻ 0, G is
    positive definite (Featherstone 2008, §2.13, p. 33, after eq. 2.63).

    References: P. M. Wensing, S. Kim, J.-J. E. Slotine, "Linear Matrix
    Inequalities for Physically Consistent Inertial Parameter
    Identification: A Statistical Perspective on the Mass Distribution",
    IEEE Robotics and Automation Letters 3(1), 60-67, January 2018,
    doi:10.1109/LRA.2017.2729659 (arXiv:1701.04395; the volume, pages and
    DOI as citing bibliographies give them).

    Examples
    --------
    A box passes; a thin rod is degenerate and fails positive definiteness;
    moments (1, 1, 3) fail the triangle inequality:

    >>> import numpy as np
    >>> from chaindyn.spatial import spatial_inertia
    >>> from chaindyn.body import box_inertia, realizability, rod_inertia
    >>> box = spatial_inertia(2.0, [0.0, 0.0, 0.1], box_inertia(2.0, [0.1, 0.2, 0.3]))
    >>> r = realizability(box)
    >>> r.condition, r.realizable, r.degenerate
    (None, True, False)
    >>> G = np.zeros((6, 6)); G[3:, 3:] = 3.0 * np.eye(3); G[:3, :3] = rod_inertia(3.0, 2.0)
    >>> r = realizability(G)
    >>> r.condition, r.degenerate
    ('positive_definite', True)
    >>> G[:3, :3] = np.diag([1.0, 1.0, 3.0])
    >>> print(realizability(G).message)
    G fails the triangle inequality of principal moments (I1 + I2 >= I3,
    equivalently a positive semidefinite pseudo-inertia): got principal moments [1. 1. 3.]
    """
    G = as_array(G, "G", (6, 6))
    failed, margins, moments, got = _ladder(G)
    degenerate = "triangle" in margins and abs(margins["triangle"]) <= TOL  # J only ⪰ 0
    e_margin = None
    if ellipsoid is not None:
        Qbar = _ellipsoid_matrix(ellipsoid)
        if failed is None:
            e_margin = float(np.trace(pseudo_inertia(G) @ Qbar) / G[3, 3])
            if e_margin < -TOL:
                failed, got = "ellipsoid", f"tr(J Q) / m = {e_margin:.6g}"
    if failed is None:
        checked = LADDER if ellipsoid is not None else LADDER[:-1]
        message = "G satisfies every condition checked: " + ", ".join(checked)
    else:
        message = f"G fails the {CONDITIONS[failed]}: got {got}"
    return Realizability(
        condition=failed, realizable=failed is None, degenerate=bool(degenerate),
        asymmetry=margins.get("asymmetry"), mass=margins.get("mass"),
        rigidity=margins.get("rigidity"), positive_definite=margins.get("positive_definite"),
        triangle=margins.get("triangle"), ellipsoid=e_margin, moments=moments,
        message=message)


# ------------------------------------------------------------------ Newton-Euler


def newton_euler(G, V, Vdot):
    """The wrench on a rigid body: ``F = G V̇ - ad_V^T G V`` (book §3.1.4, Newton-Euler).

    Parameters
    ----------
    G : array_like, shape (..., 6, 6)
        Spatial inertia about the origin of a body-fixed frame {b}, (omega, v)
        order (kg m^2, kg m, kg): symmetric, ``G[3:, 3:] = m 1`` and a
        skew-symmetric coupling ``m [c]`` within a relative TOL.  Not checked
        for realizability here (see :func:`realizability`): a rod passes.
    V : array_like, shape (..., 6)
        Twist of {b} in {b}, ``(omega, v)``: rad/s and m/s, v the velocity of
        the body point at the origin of {b}.
    Vdot : array_like, shape (..., 6)
        Its time derivative in {b} (rad/s^2, m/s^2).  A uniform gravity field
        enters as ``Vdot - (0, g_b)`` (gravity as base acceleration).

    Returns
    -------
    ndarray, shape (..., 6)
        The total wrench ``F = (n, f)`` applied to the body, in {b}: moment about
        the origin of {b} (N m), then force (N).  Batch dimensions broadcast.

    Raises
    ------
    ValueError
        On a wrong shape, non-finite entries, batch shapes that do not
        broadcast, an input that is not a plain array or list, or a G that
        is not symmetric with blocks ``m 1`` and ``m [c]`` (a (v, omega)-ordered
        matrix such as Pinocchio's ``Inertia.matrix()`` is refused).

    See Also
    --------
    body_acceleration : the inverse map, V̇ from F.
    newton_euler_com : the same law about the centre of mass.

    Notes
    -----
    ``-ad_V^T = ad_dual(V)`` is Featherstone's ``V x*``, so this is also
    ``F = G V̇ + V x* G V``.  Modern Robotics §8.2; Featherstone (2008),
    *Rigid Body Dynamics Algorithms*, §2.14, eq. (2.68), p. 35:
    ``f = d(I v)/dt = I a + v x* I v``, the net force equal to the rate of
    change of momentum.  At the centre of mass, with ``G``
    block-diagonal, it splits into Euler's and Newton's equations
    (:func:`newton_euler_com`).

    Examples
    --------
    A 2 kg body spinning at 1 rad/s about z, its COM 0.5 m along x: the force
    is the centripetal one, m ω² r = 1 N towards the axis.

    >>> import numpy as np
    >>> from chaindyn.spatial import spatial_inertia
    >>> from chaindyn.body import newton_euler
    >>> G = spatial_inertia(2.0, [0.5, 0.0, 0.0], 0.01 * np.eye(3))
    >>> F = newton_euler(G, [0, 0, 1, 0, 0, 0], np.zeros(6))
    >>> print(np.round(F, 12) + 0.0)
    [ 0.  0.  0. -1.  0.  0.]
    """
    G = _spatial(G)
    V = _batch(V, "V", (6,))
    Vdot = _batch(Vdot, "Vdot", (6,))
    _broadcast(G=(G, 2), V=(V, 1), Vdot=(Vdot, 1))
    return matvec(G, Vdot) + bias_wrench(G, V)


def _invertible(G):
    """Raise unless every G (..., 6, 6) of rigid structure is positive definite: m > 0 and
    the principal moments about the COM above the roundoff with which the parallel-axis
    theorem recovers them from G (the test of :func:`chaindyn.spatial.check_inertia`, so
    that the answer does not depend on the frame; G's own eigenvalues do)."""
    with np.errstate(divide="ignore", invalid="ignore", over="ignore"):
        m, _, Ic = inertia_parts(G)  # back to the COM (parallel-axis theorem)
    noise = _NOISE * np.abs(G[..., :3, :3]).max(axis=(-2, -1), initial=0.0)
    moments = np.linalg.eigvalsh(np.where(m[..., None, None] > 0, Ic, np.eye(3)))
    first = moments[..., 0]
    for bad in np.argwhere(~(m > 0) | (first < -noise))[:1]:
        idx = tuple(int(i) for i in bad)
        got = f"m = {m[idx]:.6g}" if not m[idx] > 0 else \
            f"principal moments about the COM {np.array2string(moments[idx], precision=6)}"
        raise ValueError("G must be positive definite (a rigid body's spatial inertia, m > 0 "
                         f"and I_c > 0), got {got} at batch index {idx}")
    for bad in np.argwhere(first <= noise)[:1]:
        idx = tuple(int(i) for i in bad)
        raise ValueError("G must be invertible (a non-degenerate rigid body), got a singular "
                         f"spatial inertia (smallest principal moment about the COM "
                         f"{first[idx]:.3g}, within the roundoff {noise[idx]:.3g} of zero, at "
                         f"batch index {idx})")


#: The single spatial inertias (6, 6) that :func:`body_acceleration` has found to pass
#: :func:`_spatial` and :func:`_invertible`, by their 288 bytes: an ODE integrator calls it
#: thousands of times with one G, and the checks depend on nothing but those 36 numbers.
_INVERTIBLE = set()


def body_acceleration(G, V, F):
    """The acceleration of a rigid body under a wrench: ``V̇ = G^{-1} (F + ad_V^T G V)``.

    The inverse of :func:`newton_euler` (forward dynamics of one body); the
    6x6 system is solved, G is not inverted.

    Parameters
    ----------
    G : array_like, shape (..., 6, 6)
        Spatial inertia about the origin of {b}, (omega, v) order; it must be
        invertible (a realizable, non-degenerate body: :func:`realizability`).
    V : array_like, shape (..., 6)
        Twist of {b} in {b}, ``(omega, v)`` (rad/s, m/s).
    F : array_like, shape (..., 6)
        Total wrench on the body in {b}, ``(n, f)``: moment about the origin
        of {b} (N m), force (N).

    Returns
    -------
    ndarray, shape (..., 6)
        ``V̇`` in {b} (rad/s^2, m/s^2); batch dimensions broadcast.

    Raises
    ------
    ValueError
        As :func:`newton_euler`, and when G is not positive definite (m <= 0
        or a negative principal moment about the COM) or is singular to
        roundoff (a principal moment about the COM within the roundoff of
        zero, as :func:`chaindyn.spatial.check_inertia` judges it in every
        frame; a solve would return noise).  numpy's LinAlgError is not what
        chaindyn raises for bad input.

    Notes
    -----
    Modern Robotics §8.2 solved for V̇; Featherstone (2008), §2.15,
    eq. (2.72), p. 36: ``a = Φ f + b`` with ``Φ = I^{-1}``.

    Examples
    --------
    The wrench of the :func:`newton_euler` example gives back zero acceleration:

    >>> import numpy as np
    >>> from chaindyn.spatial import spatial_inertia
    >>> from chaindyn.body import body_acceleration
    >>> G = spatial_inertia(2.0, [0.5, 0.0, 0.0], 0.01 * np.eye(3))
    >>> Vd = body_acceleration(G, [0, 0, 1, 0, 0, 0], [0, 0, 0, -1, 0, 0])
    >>> print(np.round(Vd, 12) + 0.0)
    [0. 0. 0. 0. 0. 0.]
    """
    G = _batch(G, "G", (6, 6))
    key = G.tobytes() if G.shape == (6, 6) else None  # a batch of inertias is checked each time
    known = key in _INVERTIBLE
    if not known:
        _spatial(G)
    V = _batch(V, "V", (6,))
    F = _batch(F, "F", (6,))
    batch = _broadcast(G=(G, 2), V=(V, 1), F=(F, 1))
    if not known:
        _invertible(G)
        if key is not None:
            if len(_INVERTIBLE) >= 64:
                _INVERTIBLE.clear()
            _INVERTIBLE.add(key)
    rhs = F - bias_wrench(G, V)
    G = np.broadcast_to(G, batch + (6, 6))
    rhs = np.broadcast_to(rhs, batch + (6,))
    return np.linalg.solve(G, rhs[..., None])[..., 0]


def newton_euler_com(mass, inertia_com, omega, omega_dot, a_com):
    """Newton's and Euler's equations about the COM: ``(n_c, f)``.

    ``n_c = I_c ω̇ + ω × I_c ω`` (Euler) and ``f = m a_c`` (Newton).

    Parameters
    ----------
    mass : float
        kg, > 0.
    inertia_com : array_like, shape (3, 3)
        Rotational inertia about the COM, in the axes of a body-fixed frame
        (kg m^2), symmetric.
    omega, omega_dot : array_like, shape (..., 3)
        Angular velocity and acceleration of the body in those axes
        (rad/s, rad/s^2).
    a_com : array_like, shape (..., 3)
        The COM's acceleration as a point (the second time derivative of its
        position), in the same axes, m/s^2 (:func:`com_acceleration`).

    Returns
    -------
    n_c : ndarray, shape (..., 3)
        Net moment about the COM, N m.
    f : ndarray, shape (..., 3)
        Net force, N.

    Raises
    ------
    ValueError
        On a wrong shape, non-finite entries, a mass that is not > 0 or a
        non-symmetric inertia.

    Notes
    -----
    Book §3.1.4; Featherstone (2008), §2.14, Example 2.6, eqs. (2.70) and
    (2.71), p. 36, recovered there from the spatial equation (2.68) with the
    origin at the COM; Modern Robotics §8.2.1.  Moving
    ``(n_c, f)`` to the frame's origin, ``n = n_c + c × f``, gives
    :func:`newton_euler`'s wrench.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn.body import newton_euler_com
    >>> n_c, f = newton_euler_com(2.0, np.diag([1.0, 2.0, 3.0]), [1.0, 1.0, 0.0],
    ...                           [0.0, 0.0, 1.0], [0.0, 0.0, -9.0])
    >>> print(n_c, f)
    [0. 0. 4.] [  0.   0. -18.]
    """
    m = float(_positive(mass, "mass"))
    Ic = _symmetric(inertia_com, "inertia_com", 3)
    w = _batch(omega, "omega", (3,))
    wd = _batch(omega_dot, "omega_dot", (3,))
    a = _batch(a_com, "a_com", (3,))
    _broadcast(omega=(w, 1), omega_dot=(wd, 1), a_com=(a, 1))
    return matvec(Ic, wd) + cross(w, matvec(Ic, w)), m * a


def com_acceleration(V, Vdot, com):
    """The COM's acceleration as a point, from the twist and its derivative.

    ``a_c = v̇ + ω̇ × c + ω × (v + ω × c)``, in the axes of the body frame {b}.

    Parameters
    ----------
    V, Vdot : array_like, shape (..., 6)
        Twist ``(ω, v)`` of {b} in {b} and its time derivative (rad/s, m/s;
        rad/s^2, m/s^2).
    com : array_like, shape (..., 3)
        The COM c in {b}, m (fixed in the body).

    Returns
    -------
    ndarray, shape (..., 3)
        m/s^2: the second time derivative of the COM's position, expressed in
        the axes of {b} (what an accelerometer at c reads, plus gravity).

    Raises
    ------
    ValueError
        On a wrong shape, non-finite entries or batch shapes that do not
        broadcast.

    Notes
    -----
    Book §3.1.4.  The body point at c moves with ``v_c = v + ω × c``; its
    acceleration in a frame moving with the body is ``v̇_c + ω × v_c``
    (Featherstone 2008, §2.11, eq. 2.48, p. 29: the spatial acceleration at a
    point is ``(ω̇, r̈ - ω × ṙ)``, so ``r̈ = v̇ + ω × v`` at each point).

    Examples
    --------
    Spinning at 2 rad/s about z, the COM 0.5 m along x accelerates towards
    the axis at ω² r = 2 m/s^2:

    >>> from chaindyn.body import com_acceleration
    >>> print(com_acceleration([0, 0, 2, 0, 0, 0], [0] * 6, [0.5, 0, 0]))
    [-2.  0.  0.]
    """
    V = _batch(V, "V", (6,))
    Vd = _batch(Vdot, "Vdot", (6,))
    c = _batch(com, "com", (3,))
    _broadcast(V=(V, 1), Vdot=(Vd, 1), com=(c, 1))
    w, v, wd, vd = V[..., :3], V[..., 3:], Vd[..., :3], Vd[..., 3:]
    c = np.broadcast_to(c, np.broadcast_shapes(c.shape, w.shape))
    return vd + cross(wd, c) + cross(w, v + cross(w, c))


# ------------------------------------------------------------ inertial parameters

#: The order of the ten inertial parameters of one body (book §3.4): the mass,
#: the first moment ``h = m c`` and the six entries of the rotational inertia
#: ``Ī`` about the frame's origin (upper triangle, row by row).
PARAMETER_NAMES = ("m", "hx", "hy", "hz", "Ixx", "Ixy", "Ixz", "Iyy", "Iyz", "Izz")

_UPPER = np.triu_indices(3)  # (xx, xy, xz, yy, yz, zz)


def parameters(G):
    """The ten inertial parameters ``π = (m, h, Ī)`` of a spatial inertia, in the
    order of :data:`PARAMETER_NAMES`.

    Parameters
    ----------
    G : array_like, shape (..., 6, 6)
        Spatial inertia about the origin of a frame {b}, in {b}, (omega, v)
        order, with the structure that :func:`pseudo_inertia` checks.

    Returns
    -------
    ndarray, shape (..., 10)
        ``(m, h_x, h_y, h_z, Ī_xx, Ī_xy, Ī_xz, Ī_yy, Ī_yz, Ī_zz)``: kg, kg m
        (``h = m c``, c the centre of mass in {b}) and kg m^2 (``Ī = I_c -
        m [c]^2``, about the origin of {b}, axes of {b}).

    Raises
    ------
    ValueError
        As :func:`pseudo_inertia`.

    Notes
    -----
    Book §3.4, eq. (eq-34-params).  G, the pseudo-inertia J and π carry the
    same ten numbers; all three maps are linear.  Pinocchio's
    ``Inertia.toDynamicParameters()`` holds the same numbers about its joint
    frame's origin in the order ``(m, h, Ī_xx, Ī_xy, Ī_yy, Ī_xz, Ī_yz, Ī_zz)``.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn.spatial import spatial_inertia
    >>> from chaindyn.body import parameters
    >>> G = spatial_inertia(2.0, [0.5, 0.0, 0.0], np.diag([0.1, 0.2, 0.3]))
    >>> print(np.round(parameters(G), 12) + 0.0)
    [2.  1.  0.  0.  0.1 0.  0.  0.7 0.  0.8]
    """
    G = _spatial(G)
    I_bar = G[..., :3, :3]
    return np.concatenate([G[..., 3:4, 3], _first_moment(G), I_bar[..., _UPPER[0], _UPPER[1]]],
                          axis=-1)


def inertia_from_parameters(pi):
    """The spatial inertia G (6x6, (omega, v) order) of ten inertial parameters.

    The inverse of :func:`parameters`.  Any ten numbers give a matrix with the
    structure of a spatial inertia; whether it is a body's is
    :func:`realizability`'s question (identified parameters often are not).

    Parameters
    ----------
    pi : array_like, shape (..., 10)
        ``(m, h, Ī)`` in the order of :data:`PARAMETER_NAMES` (kg, kg m, kg m^2).

    Returns
    -------
    ndarray, shape (..., 6, 6)
        ``[[Ī, [h]], [-[h], m 1]]``.

    Raises
    ------
    ValueError
        On a wrong shape, non-finite entries or an input that is not a plain
        array or list.

    Notes
    -----
    Book §3.4, eq. (eq-34-params).

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn.body import inertia_from_parameters, parameters
    >>> pi = np.array([2.0, 1.0, 0.0, 0.0, 0.1, 0.0, 0.0, 0.7, 0.0, 0.8])
    >>> bool(np.array_equal(parameters(inertia_from_parameters(pi)), pi))
    True
    """
    pi = _batch(pi, "pi", (10,))
    I_bar = np.zeros(pi.shape[:-1] + (3, 3))
    I_bar[..., _UPPER[0], _UPPER[1]] = pi[..., 4:]
    I_bar[..., _UPPER[1], _UPPER[0]] = pi[..., 4:]
    return _blocks(I_bar, pi[..., 1:4], pi[..., 0])


def _inertia_columns(w):
    """``L(w)`` (..., 3, 6) with ``Ī w = L(w) (Ī_xx, Ī_xy, Ī_xz, Ī_yy, Ī_yz, Ī_zz)``."""
    x, y, z = w[..., 0], w[..., 1], w[..., 2]
    o = np.zeros_like(x)
    return np.stack([np.stack([x, y, z, o, o, o], axis=-1),
                     np.stack([o, x, o, y, z, o], axis=-1),
                     np.stack([o, o, x, o, y, z], axis=-1)], axis=-2)


def momentum_regressor(V):
    """``K(V)`` (6x10) with ``G V = K(V) π``: the momentum of a body, linear in its
    ten inertial parameters.

    Parameters
    ----------
    V : array_like, shape (..., 6)
        A twist ``(omega, v)`` in {b} (or any motion vector: ``K(V̇)`` gives
        ``G V̇``).

    Returns
    -------
    ndarray, shape (..., 6, 10)
        Columns in the order of :data:`PARAMETER_NAMES`:
        ``[[0, -[v], L(omega)], [v, [omega], 0]]``, since ``G V = (Ī omega +
        h x v, m v + omega x h)``.

    Raises
    ------
    ValueError
        On a wrong shape or non-finite entries.

    Notes
    -----
    Book §3.4, eq. (eq-34-momentum).

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn.spatial import spatial_inertia
    >>> from chaindyn.body import momentum_regressor, parameters
    >>> G = spatial_inertia(2.0, [0.1, 0.2, 0.3], np.diag([0.1, 0.2, 0.25]))
    >>> V = np.array([0.3, -0.1, 0.2, 1.0, 0.5, -0.4])
    >>> bool(np.allclose(momentum_regressor(V) @ parameters(G), G @ V))
    True
    """
    V = _batch(V, "V", (6,))
    w, v = V[..., :3], V[..., 3:]
    zeros3 = np.zeros(V.shape[:-1] + (3, 3))
    top = np.concatenate([np.zeros(V.shape[:-1] + (3, 1)), -skew(v), _inertia_columns(w)],
                         axis=-1)
    bottom = np.concatenate([v[..., None], skew(w), zeros3, zeros3], axis=-1)
    return np.concatenate([top, bottom], axis=-2)


def newton_euler_regressor(V, Vdot):
    """``Y_b(V, V̇)`` (6x10) with ``G V̇ - ad_V^T G V = Y_b π``: the Newton-Euler
    equation of :func:`newton_euler`, linear in the ten inertial parameters.

    Parameters
    ----------
    V, Vdot : array_like, shape (..., 6)
        Twist of {b} in {b}, ``(omega, v)`` (rad/s, m/s), and its time
        derivative (rad/s^2, m/s^2; gravity enters as ``Vdot - (0, g_b)``).
        Batch dimensions broadcast.

    Returns
    -------
    ndarray, shape (..., 6, 10)
        ``Y_b = K(V̇) + ad_dual(V) K(V)`` (:func:`momentum_regressor`), columns
        in the order of :data:`PARAMETER_NAMES`; ``Y_b @ parameters(G)`` is
        the wrench ``(n, f)`` on the body in {b}, about the origin of {b}.

    Raises
    ------
    ValueError
        On a wrong shape or non-finite entries.

    Notes
    -----
    Book §3.4, eq. (eq-34-body-regressor); the spatial form of Atkeson, An
    and Hollerbach (1986).  Pinocchio's ``bodyRegressor(v, a)`` is the same
    map in (linear, angular) order with its own parameter order.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn.spatial import spatial_inertia
    >>> from chaindyn.body import newton_euler, newton_euler_regressor, parameters
    >>> G = spatial_inertia(2.0, [0.1, 0.2, 0.3], np.diag([0.1, 0.2, 0.25]))
    >>> V = np.array([0.3, -0.1, 0.2, 1.0, 0.5, -0.4])
    >>> Vd = np.array([1.0, 2.0, -1.0, 0.0, 0.0, 9.81])
    >>> Y = newton_euler_regressor(V, Vd)
    >>> bool(np.allclose(Y @ parameters(G), newton_euler(G, V, Vd)))
    True
    """
    V = _batch(V, "V", (6,))
    Vdot = _batch(Vdot, "Vdot", (6,))
    _broadcast(V=(V, 1), Vdot=(Vdot, 1))
    return momentum_regressor(Vdot) + ad_dual(V) @ momentum_regressor(V)
