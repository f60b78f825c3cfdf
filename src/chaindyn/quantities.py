"""Quantities obtained from RNEA calls (book §3.2.3.6).

RNEA's output is linear in qdd and in gravity and a quadratic form in qd, so
one call with selected inputs set to zero isolates one term of

    tau = M(q) qdd + C(q, qd) qd + g(q) + J_b(q)^T F_tip,

and the terms add up to a full call exactly (up to roundoff).
"""

from __future__ import annotations

import numpy as np

from ._validate import DEFAULT_GRAVITY, check_chain, check_state
from .rnea import _rnea, link_twists, rnea

__all__ = [
    "mass_matrix",
    "bias_force",
    "gravity_torque",
    "coriolis_torque",
    "inertial_torque",
    "tip_wrench_torque",
    "kinetic_energy",
]

_NO_GRAVITY = np.zeros(3)


def mass_matrix(chain, q):
    """Joint-space mass matrix M(q) by n RNEA calls (column j: qd = 0, g = 0, qdd = e_j).

    A batch of N configurations goes through each of the n calls together.

    Parameters
    ----------
    chain : Chain
    q : array_like, shape (n,) or (N, n)

    Returns
    -------
    ndarray, shape (n, n) or (N, n, n)
        kg m^2 (revolute-revolute), kg m (mixed) and kg (prismatic) entries.

    Raises
    ------
    ValueError
        If q has the wrong shape or is not finite.

    Notes
    -----
    Book §3.2.3.5: exact because tau is linear in qdd; costs n RNEA calls,
    i.e. 357 n^2 products for an all-revolute chain.  CRBA (§3.5) does better.
    """
    (q,) = check_state(chain, q=q)
    zero, eye = np.zeros(chain.n), np.eye(chain.n)
    cols = [_rnea(chain, q, zero, eye[j], _NO_GRAVITY, None)[0] for j in range(chain.n)]
    return np.stack(cols, axis=-1)


def bias_force(chain, q, qd, gravity=DEFAULT_GRAVITY):
    """h(q, qd) = C(q, qd) qd + g(q) = RNEA(q, qd, 0): Coriolis, centrifugal and gravity.

    Shapes as :func:`chaindyn.rnea`; N m or N.
    """
    check_chain(chain)
    return rnea(chain, q, qd, np.zeros(chain.n), gravity)


def gravity_torque(chain, q, gravity=DEFAULT_GRAVITY):
    """g(q) = RNEA(q, 0, 0): the torques that hold the chain still against gravity.

    Shapes as :func:`chaindyn.rnea`; N m or N.  This is the gravity
    compensation torque.
    """
    check_chain(chain)
    z = np.zeros(chain.n)
    return rnea(chain, q, z, z, gravity)


def coriolis_torque(chain, q, qd):
    """C(q, qd) qd = RNEA(q, qd, 0) with gravity off: velocity-product torques.

    Shapes as :func:`chaindyn.rnea`; N m or N.
    """
    check_chain(chain)
    return rnea(chain, q, qd, np.zeros(chain.n), _NO_GRAVITY)


def inertial_torque(chain, q, qdd):
    """M(q) qdd = RNEA(q, 0, qdd) with gravity off, without forming M.

    Shapes as :func:`chaindyn.rnea`; N m or N.
    """
    check_chain(chain)
    return rnea(chain, q, np.zeros(chain.n), qdd, _NO_GRAVITY)


def tip_wrench_torque(chain, q, f_tip):
    """J_b(q)^T F_tip = RNEA(q, 0, 0) with gravity off and the tip wrench on.

    Parameters
    ----------
    chain : Chain
    q : array_like, shape (n,) or (N, n)
    f_tip : array_like, shape (6,) or (N, 6)
        Wrench (moment, force) that the end effector applies to the
        environment, in {n}, N m and N.

    Returns
    -------
    ndarray, shape (n,) or (N, n)
        The joint torques that hold F_tip statically (book §3.2.3.6).
    """
    check_chain(chain)
    z = np.zeros(chain.n)
    return rnea(chain, q, z, z, _NO_GRAVITY, f_tip)


def kinetic_energy(chain, q, qd):
    """Kinetic energy sum_i 1/2 V_i^T G_i V_i from the link twists, J.

    Parameters
    ----------
    chain : Chain
    q, qd : array_like, shape (n,) or (N, n)

    Returns
    -------
    float or ndarray, shape () or (N,)

    Notes
    -----
    Equals 1/2 qd^T M(q) qd (Modern Robotics eq. 8.57); computed here from
    the twists, independently of M.
    """
    V = link_twists(chain, q, qd)
    GV = (chain.inertias @ V[..., None])[..., 0]
    return 0.5 * np.einsum("...ij,...ij->...", V, GV)
