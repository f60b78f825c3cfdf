"""One rigid body (book chapter 3.1): mass properties, realizability, Newton-Euler.

Conventions as in :mod:`chaindyn.spatial`: twist ``V = (omega, v)``, wrench
``F = (n, f)``, and the spatial inertia about a frame's origin in (omega, v)
order, ``G = [[I_c - m [c]^2, m [c]], [-m [c], m 1]]``.  SI units throughout.
The functions on G, V and V̇ accept leading batch dimensions ``(...,)``.
"""

from __future__ import annotations

import numpy as np

from ._validate import as_array
from .spatial import ad_dual, matvec

__all__ = [
    "newton_euler",
    "body_acceleration",
]


def _batch(x, name, tail):
    """``x`` as a float array of shape ``(..., *tail)`` (any batch dimensions)."""
    a = as_array(x, name)
    if a.ndim < len(tail) or a.shape[a.ndim - len(tail):] != tail:
        want = "(..., " + ", ".join(map(str, tail)) + ")"
        raise ValueError(f"{name} must have shape {want}, got {a.shape}")
    return a


def _broadcast(**arrays):
    """The batch shapes of ``arrays`` (name -> (array, number of core dims)) broadcast
    together, or a ValueError naming them."""
    try:
        return np.broadcast_shapes(*(a.shape[:a.ndim - k] for a, k in arrays.values()))
    except ValueError:
        shapes = ", ".join(f"{n} {a.shape}" for n, (a, _) in arrays.items())
        raise ValueError(f"the batch shapes must broadcast together, got {shapes}") from None


def newton_euler(G, V, Vdot):
    """The wrench on a rigid body: ``F = G V̇ - ad_V^T G V`` (book §3.1, Newton-Euler).

    Parameters
    ----------
    G : array_like, shape (..., 6, 6)
        Spatial inertia about the origin of a body-fixed frame {b}, (omega, v)
        order (kg m^2, kg m, kg).  Not checked for realizability here (see
        :func:`realizability`).
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
        broadcast, or an input that is not a plain array or list.

    See Also
    --------
    body_acceleration : the inverse map, V̇ from F.
    newton_euler_com : the same law about the centre of mass.

    Notes
    -----
    ``-ad_V^T = ad_dual(V)`` is Featherstone's ``V x*``, so this is also
    ``F = G V̇ + V x* G V``.  Modern Robotics eq. (8.41); Featherstone (2008),
    *Rigid Body Dynamics Algorithms*, the rigid body's equation of motion
    ``f = I a + v x* I v``.  At the centre of mass, with ``G``
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
    G = _batch(G, "G", (6, 6))
    V = _batch(V, "V", (6,))
    Vdot = _batch(Vdot, "Vdot", (6,))
    _broadcast(G=(G, 2), V=(V, 1), Vdot=(Vdot, 1))
    return matvec(G, Vdot) + matvec(ad_dual(V), matvec(G, V))


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
        As :func:`newton_euler`, and when G is singular (numpy's LinAlgError
        is not what chaindyn raises for bad input).

    Notes
    -----
    Modern Robotics eq. (8.41) solved for V̇.

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
    V = _batch(V, "V", (6,))
    F = _batch(F, "F", (6,))
    batch = _broadcast(G=(G, 2), V=(V, 1), F=(F, 1))
    rhs = F - matvec(ad_dual(V), matvec(G, V))
    G = np.broadcast_to(G, batch + (6, 6))
    rhs = np.broadcast_to(rhs, batch + (6,))
    try:
        return np.linalg.solve(G, rhs[..., None])[..., 0]
    except np.linalg.LinAlgError:
        raise ValueError("G must be invertible (a non-degenerate rigid body), "
                         "got a singular spatial inertia") from None
