"""The recursive Newton-Euler algorithm in spatial (screw) form, book §3.2.3-3.2.4.

Forward recursion, i = 1..n (eq. 3.2-2)::

    T_{i,i-1} = exp(-[A_i] q_i) M_{i,i-1}
    V_i       = Ad_{T_{i,i-1}} V_{i-1} + A_i qd_i
    Vd_i      = Ad_{T_{i,i-1}} Vd_{i-1} + ad_{V_i}(A_i) qd_i + A_i qdd_i

with V_0 = 0 and Vd_0 = (0, -g): gravity enters as an upward acceleration of
the base.  Backward recursion, i = n..1 (eq. 3.2-3)::

    F_i   = Ad_{T_{i+1,i}}^T F_{i+1} + G_i Vd_i - ad_{V_i}^T (G_i V_i)
    tau_i = F_i^T A_i

with F_{n+1} = F_tip, the wrench the end effector applies to the environment.

The loop runs over links only; a batch of states (leading axes of q, qd,
qdd) travels through the same loop as stacked arrays.  The products are
dense 6x6 (no use of sparsity), which is what the operation count of §3.2.3.5
(357 multiplications per revolute link) counts.
"""

from __future__ import annotations

import numpy as np

from ._validate import (
    DEFAULT_GRAVITY,
    STANDARD_GRAVITY,
    batch_shape,
    check_dynamics,
    check_state,
)
from .spatial import Ad_rp, ad, bias_wrench, pose_mul, screw_exp, transpose
from .spatial import dot as _dot
from .spatial import matvec as _mv

__all__ = ["rnea", "joint_wrenches", "link_twists", "STANDARD_GRAVITY"]

def joint_step(chain, i, qi):
    """``Ad_{T_{i,i-1}}`` of joint i (0-based) at ``q_i``: the step of eq. 3.2-1 that
    every recursion over the links takes (RNEA, CRBA, ABA, the Coriolis matrix).

    ``T_{i,i-1} = exp(-[A_i] q_i) M_{i,i-1}``: 99 products for a revolute
    joint, 63 for a prismatic one (``screw_exp``, ``pose_mul`` and ``[p] R``).

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
    R, p = pose_mul(screw_exp(chain.screws[i], -qi), (M[:3, :3], M[:3, 3]))
    return Ad_rp(R, p)


def joint_steps(chain, q):
    """The joint steps ``Ad_{T_{i,i-1}}`` of every link at ``q``, i = 1..n, as a list:
    :func:`joint_step` for each joint, the first sweep of every recursion.

    Parameters
    ----------
    chain : Chain
    q : ndarray, shape (..., n)
        Joint positions, rad or m (checked by the caller).

    Returns
    -------
    list of n ndarrays, shape (..., 6, 6)
    """
    return [joint_step(chain, i, q[..., i]) for i in range(chain.n)]


def base_acceleration(gravity):
    """``Vd_0 = (0, -gravity)``: gravity entered as an upward acceleration of the base
    (eq. 3.2-2), so that no link needs a gravity term of its own.

    Parameters
    ----------
    gravity : ndarray, shape (3,)
        Gravity vector in {0}, m/s^2.

    Returns
    -------
    ndarray, shape (6,)
        The spatial acceleration of {0}, (angular, linear).
    """
    return np.concatenate([np.zeros_like(gravity), -gravity])


def forward_recursion(chain, q, qd, qdd, gravity):
    """The forward recursion of RNEA (eq. 3.2-2): each link's joint step, twist and
    acceleration, i = 1..n.

    Parameters
    ----------
    chain : Chain
    q, qd, qdd : ndarray, shape (..., n)
        Joint positions, velocities and accelerations (checked by the caller, as
        :func:`rnea` does).
    gravity : ndarray, shape (3,)
        Gravity vector in {0}, m/s^2 (:func:`base_acceleration`).

    Returns
    -------
    Ads, Vs, Vds : lists of n ndarrays, shapes (..., 6, 6), (..., 6), (..., 6)
        ``Ad_{T_{i,i-1}}``, ``V_i`` and ``Vd_i`` in {i}.
    """
    V = np.zeros_like(q, shape=batch_shape(q, qd, qdd) + (6,))
    Vd = base_acceleration(gravity) + V  # + V: the batch shape
    Ads = joint_steps(chain, q)  # Ad_{T_{i,i-1}}
    Vs, Vds = [], []
    for i in range(chain.n):
        A, Ad_i = chain.screws[i], Ads[i]
        V = _mv(Ad_i, V) + A * qd[..., i, None]
        Vd = _mv(Ad_i, Vd) + (ad(V) @ A) * qd[..., i, None] + A * qdd[..., i, None]
        Vs.append(V)
        Vds.append(Vd)
    return Ads, Vs, Vds


def backward_recursion(chain, Ads, Vs, Vds, f_tip):
    """The backward recursion of RNEA (eq. 3.2-3): joint wrenches and torques, i = n..1.

    Parameters
    ----------
    chain : Chain
    Ads, Vs, Vds : lists of n ndarrays
        From :func:`forward_recursion`.
    f_tip : ndarray, shape (..., 6), or None
        F_tip, the wrench the end effector applies to the environment, in {n}.

    Returns
    -------
    tau : ndarray, shape (..., n)
        Joint torques (N m) or forces (N).
    F : ndarray, shape (..., n, 6)
        F_i, the wrench link i-1 applies to link i through joint i, in {i}.
    """
    n = chain.n
    F = np.zeros_like(Vs[-1]) if f_tip is None else f_tip
    taus, Fs = [None] * n, [None] * n
    for i in reversed(range(n)):
        G, V = chain.inertias[i], Vs[i]
        F = F + _mv(G, Vds[i]) + bias_wrench(G, V)  # G Vd - ad_V^T (G V)
        Fs[i] = F
        taus[i] = _dot(F, chain.screws[i])
        F = _mv(transpose(Ads[i]), F)  # Ad_{T_{i,i-1}}^T F_i, into {i-1}
    return np.stack(taus, axis=-1), np.stack(Fs, axis=-2)


def _rnea(chain, q, qd, qdd, gravity, f_tip):
    q, qd, qdd, gravity, f_tip = check_dynamics(chain, gravity, f_tip, q=q, qd=qd, qdd=qdd)
    Ads, Vs, Vds = forward_recursion(chain, q, qd, qdd, gravity)
    return backward_recursion(chain, Ads, Vs, Vds, f_tip)


def rnea(chain, q, qd, qdd, gravity=DEFAULT_GRAVITY, f_tip=None):
    """Inverse dynamics of a serial chain by the recursive Newton-Euler algorithm.

    Computes ``tau = M(q) qdd + h(q, qd) + J_b(q)^T F_tip`` without forming
    M, by one forward and one backward sweep over the links (spatial form).

    Parameters
    ----------
    chain : Chain
    q, qd, qdd : array_like, shape (n,) or (N, n)
        Joint positions (rad or m), velocities (rad/s or m/s) and
        accelerations (rad/s^2 or m/s^2).  A batch of N states goes through
        one vectorized pass; the shapes must broadcast together.
    gravity : array_like, shape (3,), default (0, 0, -9.80665)
        Gravity vector in the base frame {0}, m/s^2.  It enters as the base
        acceleration ``Vd_0 = (0, -gravity)``; pass zeros to switch it off.
    f_tip : array_like, shape (6,) or (N, 6), optional
        ``F_tip = (moment, force)``: the wrench that the end effector (link n)
        applies to the environment, expressed in {n} about its origin (N m, N).

    Returns
    -------
    tau : ndarray, shape (n,) or (N, n)
        Joint torques (N m) for revolute and forces (N) for prismatic joints,
        ``tau_i = F_i^T A_i``.

    Raises
    ------
    ValueError
        If ``chain`` is not a Chain, or an array has the wrong shape, holds
        NaN or inf, or is not a plain array (a masked array, ``np.matrix`` or
        another ndarray subclass).  Every function of a chain and a state
        checks its arguments the same way.

    See Also
    --------
    joint_wrenches : the full wrench F_i that each joint transmits.
    chaindyn.rnea_classic : the same result by the 3-vector recursion.

    Notes
    -----
    Book §3.2.3.2-3.2.3.3 and the algorithm of §3.2.4; Modern Robotics
    §8.3.2, eqs. (8.50)-(8.53); Featherstone (2008), Table 5.1.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn import models, rnea
    >>> arm, q = models.planar_2r(), [0.0, np.pi / 2]

    Holding the 2R arm still with link 1 horizontal and link 2 vertical
    (Modern Robotics eq. 8.9: tau_1 = (m1 r1 + m2 L1) g, tau_2 = 0):

    >>> print(np.round(rnea(arm, q, [0, 0], [0, 0], gravity=[0, -9.81, 0]), 6) + 0.0)
    [19.62  0.  ]
    >>> rnea(arm, np.zeros((5, 2)), np.zeros((5, 2)), np.zeros((5, 2))).shape
    (5, 2)
    """
    return _rnea(chain, q, qd, qdd, gravity, f_tip)[0]


def joint_wrenches(chain, q, qd, qdd, gravity=DEFAULT_GRAVITY, f_tip=None):
    """The wrench F_i that joint i transmits from link i-1 to link i.

    Same arguments as :func:`rnea`.  The component ``F_i^T A_i`` along the
    joint's screw axis is the drive torque (or force) tau_i; the other five
    components are carried by the bearings and the structure.

    Returns
    -------
    F : ndarray, shape (n, 6) or (N, n, 6)
        ``F[..., i, :] = (moment about the origin of {i+1}, force)`` in frame
        {i+1} (0-based index i for joint i+1), N m and N.

    Raises
    ------
    ValueError
        As :func:`rnea`.

    Notes
    -----
    Book §3.2.3.3, eq. 3.2-3; Modern Robotics eq. (8.51).

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn import joint_wrenches, models
    >>> arm, q = models.planar_2r(), [0.0, np.pi / 2]

    The wrench each joint transmits, (moment, force) in {i}, holding the arm
    still: joint 1 carries both links' weight, joint 2 only link 2's.

    >>> print(np.round(joint_wrenches(arm, q, [0, 0], [0, 0], gravity=[0, -9.81, 0]), 6) + 0.0)
    [[ 0.    0.   19.62  0.   19.62  0.  ]
     [ 0.    0.    0.    9.81  0.    0.  ]]
    """
    return _rnea(chain, q, qd, qdd, gravity, f_tip)[1]


def link_twists(chain, q, qd):
    """Twists V_i = (omega_i, v_i) of every link in its own frame {i}.

    The velocity half of the forward recursion (``qdd`` and gravity play no
    part).  ``v_i`` is the velocity of the body-fixed point at the origin of
    {i}, in {i}.

    Parameters
    ----------
    chain : Chain
    q, qd : array_like, shape (n,) or (N, n)

    Returns
    -------
    ndarray, shape (n, 6) or (N, n, 6)
        rad/s and m/s.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn import link_twists, models
    >>> arm, q = models.planar_2r(), [0.0, np.pi / 2]

    Turning joint 1 at 1 rad/s: both links spin at 1 rad/s, and the origin
    of {2} (at joint 2) moves at 1 m/s along x of {2}.

    >>> print(np.round(link_twists(arm, q, [1.0, 0.0]), 6) + 0.0)
    [[0. 0. 1. 0. 0. 0.]
     [0. 0. 1. 1. 0. 0.]]
    """
    q, qd = check_state(chain, q=q, qd=qd)
    _, Vs, _ = forward_recursion(chain, q, qd, np.zeros(chain.n), np.zeros(3))
    return np.stack(Vs, axis=-2)
