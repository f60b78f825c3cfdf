"""The classic 3-vector Newton-Euler recursion (Luh, Walker and Paul 1980; Craig ch. 6),
book §3.2.3.4.

Frame {i} is fixed to link i.  With ``R = R_{i-1,i}`` (the orientation of {i}
in {i-1}), ``P = P_i`` (the origin of {i} in {i-1}), the joint axis ``w`` and
``u`` (the ``(omega, v)`` halves of the screw axis A_i in {i}), the quantities
of link i, all in {i}, are::

    omega_i  = R^T omega_{i-1} + w qd_i
    v_i      = R^T (v_{i-1} + omega_{i-1} x P) + u qd_i
    alpha_i  = R^T alpha_{i-1} + (R^T omega_{i-1}) x w qd_i + w qdd_i
    a_i      = R^T (a_{i-1} + alpha_{i-1} x P + omega_{i-1} x (omega_{i-1} x P))
               + (2 R^T omega_{i-1} + w qd_i) x u qd_i + u qdd_i
    a_ci     = a_i + alpha_i x c_i + omega_i x (omega_i x c_i)
    F_i = m_i a_ci,   N_i = I_ci alpha_i + omega_i x (I_ci omega_i)

and backwards, with ``R' = R_{i,i+1}`` and ``P' = P_{i+1}``::

    f_i   = R' f_{i+1} + F_i
    n_i   = N_i + R' n_{i+1} + c_i x F_i + P' x (R' f_{i+1})
    tau_i = n_i . w + f_i . u

For a revolute joint whose axis passes through the origin of {i} (MDH,
URDF) ``u = 0`` and these are Craig's eqs. (6.45)-(6.53); for a prismatic
joint ``w = 0`` and ``u`` is the sliding direction, which gives Craig's
``2 omega x d_dot z + d_ddot z`` term.  A revolute axis off the origin
(``u = -w x r``) adds ``u qdd + qd^2 w x u`` to the origin's acceleration:
the general form above covers all three.
"""

from __future__ import annotations

import numpy as np

from ._validate import DEFAULT_GRAVITY, batch_shape, check_dynamics, check_state
from .kinematics import _relative_poses
from .spatial import cross, transpose
from .spatial import dot as _dot
from .spatial import matvec as _mv

__all__ = ["link_velocities", "rnea_classic"]


def _mtv(R, x):
    """R^T x over stacks."""
    return _mv(transpose(R), x)


def link_velocities(chain, q, qd):
    """Propagate link angular velocity and origin and COM linear velocity (3-vector form).

    Parameters
    ----------
    chain : Chain
    q, qd : array_like, shape (n,) or (N, n)
        Joint positions and velocities (rad, m; rad/s, m/s).

    Returns
    -------
    omega : ndarray, shape (..., n, 3)
        Angular velocity of link i in {i}, rad/s.
    v : ndarray, shape (..., n, 3)
        Velocity of the origin of {i}, in {i}, m/s.
    v_com : ndarray, shape (..., n, 3)
        Velocity of link i's centre of mass, in {i}, m/s.

    Raises
    ------
    ValueError
        If q or qd has the wrong shape or is not finite.

    Notes
    -----
    ``omega_i = R^T omega_{i-1} + w qd_i``,
    ``v_i = R^T (v_{i-1} + omega_{i-1} x P_i) + u qd_i`` and
    ``v_ci = v_i + omega_i x c_i`` (book §3.2.3.4; Craig eqs.
    (5.45)-(5.48)), with ``(w, u) = A_i``; the base is at rest.  These are
    the two halves of the link twist ``V_i = (omega_i, v_i)`` of the spatial
    form.
    """
    q, qd = check_state(chain, q=q, qd=qd)
    batch = batch_shape(q, qd)
    w_prev = np.zeros_like(q, shape=batch + (3,))
    v_prev = np.zeros_like(q, shape=batch + (3,))
    omegas, vs, vcs = [], [], []
    for i, (R, P) in enumerate(_relative_poses(chain, q)):
        w, u = chain.screws[i, :3], chain.screws[i, 3:]
        c = chain.coms[i]
        qdi = qd[..., i, None]
        omega = _mtv(R, w_prev) + w * qdi
        v = _mtv(R, v_prev + cross(w_prev, P)) + u * qdi
        omegas.append(omega)
        vs.append(v)
        vcs.append(v + cross(omega, np.broadcast_to(c, omega.shape)))
        w_prev, v_prev = omega, v
    return tuple(np.stack(x, axis=-2) for x in (omegas, vs, vcs))


def rnea_classic(chain, q, qd, qdd, gravity=DEFAULT_GRAVITY, f_tip=None):
    """Inverse dynamics by the classic 3-vector Newton-Euler recursion.

    Same arguments, units and result as :func:`chaindyn.rnea`; the
    computation uses only 3-vectors and 3x3 matrices: angular velocity and
    acceleration, origin and COM linear acceleration, and the force and
    moment balances of each link (equations in the module docstring).

    Parameters
    ----------
    chain : Chain
    q, qd, qdd : array_like, shape (n,) or (N, n)
    gravity : array_like, shape (3,), default (0, 0, -9.80665)
        Gravity in {0}, m/s^2; enters as the base acceleration ``a_0 = -gravity``.
    f_tip : array_like, shape (6,) or (N, 6), optional
        (moment, force) that the end effector applies to the environment, in {n}.

    Returns
    -------
    tau : ndarray, shape (n,) or (N, n)

    Raises
    ------
    ValueError
        If an array has the wrong shape or holds NaN or inf.

    Notes
    -----
    Book §3.2.3.4; Luh, Walker and Paul (1980); Craig, *Introduction to
    Robotics*, §6.5.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn import models, rnea_classic
    >>> arm, q = models.planar_2r(), [0.0, np.pi / 2]

    >>> print(np.round(rnea_classic(arm, q, [0, 0], [0, 0], gravity=[0, -9.81, 0]), 6) + 0.0)
    [19.62  0.  ]
    """
    q, qd, qdd, gravity, f_tip = check_dynamics(chain, gravity, f_tip, q=q, qd=qd, qdd=qdd)
    batch = batch_shape(q, qd, qdd)
    # the textbook 3-vector recursion, written out on purpose: the independent form of
    # chaindyn.rnea (its own gravity, tip wrench and backward sweep)
    frames = _relative_poses(chain, q)
    zero = np.zeros_like(q, shape=batch + (3,))  # like q, so opcount sees every product
    omega, alpha, acc = zero, zero, zero - gravity
    forces, moments = [], []
    for i, (R, P) in enumerate(frames):
        w, u = chain.screws[i, :3], chain.screws[i, 3:]
        m, c, Ic = chain.masses[i], chain.coms[i], chain.inertias_com[i]
        qdi, qddi = qd[..., i, None], qdd[..., i, None]
        w_in = _mtv(R, omega)  # R^T omega_{i-1}
        acc = (
            _mtv(R, acc + cross(alpha, P) + cross(omega, cross(omega, P)))
            + cross(2.0 * w_in + w * qdi, u * qdi)
            + u * qddi
        )
        alpha = _mtv(R, alpha) + cross(w_in, w * qdi) + w * qddi
        omega = w_in + w * qdi
        c = np.broadcast_to(c, omega.shape)
        a_com = acc + cross(alpha, c) + cross(omega, cross(omega, c))
        forces.append(m * a_com)
        moments.append(_mv(Ic, alpha) + cross(omega, _mv(Ic, omega)))
    if f_tip is None:
        f = nm = zero
    else:
        nm, f = f_tip[..., :3] + zero, f_tip[..., 3:] + zero
    # the tip: {n+1} coincides with {n} (R = 1, P = 0), products kept dense like rnea's
    R_next, P_next = np.eye(3) + zero[..., None], zero
    taus = [None] * chain.n
    for i in reversed(range(chain.n)):
        w, u = chain.screws[i, :3], chain.screws[i, 3:]
        Rf = _mv(R_next, f)
        nm = moments[i] + _mv(R_next, nm) + cross(chain.coms[i], forces[i]) + cross(P_next, Rf)
        f = Rf + forces[i]
        taus[i] = _dot(nm, w) + _dot(f, u)
        R_next, P_next = frames[i]
    return np.stack(taus, axis=-1)
