"""Forward kinematics and Jacobians of a Chain (used by §3.2 for J_b^T F_tip;
chapter 2.8 treats them in full; :mod:`chaindyn.jacobian` gathers them with the
other Jacobian forms, their time derivatives and point accelerations)."""

from __future__ import annotations

import numpy as np

from ._validate import check_chain, check_state
from .spatial import (
    Ad_rp,
    axis_point,
    homogeneous,
    inverse_transform,
    pose_inv,
    pose_mul,
    screw_exp,
)

__all__ = ["forward_kinematics", "relative_poses", "home_poses", "axis_frame_placements",
           "body_jacobian", "space_jacobian"]


def _relative_poses(chain, q):
    """T_{i-1,i}(q_i) = M_{i,i-1}^{-1} exp([A_i] q_i) for every link, as (R, p).

    The inverse of the pose of the joint step of eq. 3.2-1
    (:func:`chaindyn.inverse_dynamics.joint_step`, ``T_{i,i-1} = exp(-[A_i] q_i) M_{i,i-1}``):
    forward kinematics multiplies the poses of {i} in {i-1}, the dynamics
    recursions the adjoints of the other direction.  ``pose_inv`` of the joint
    step's pose would give this pose to roundoff for the same 81 products; the
    form here is the one whose roundoff the drift study of §2.8 measures.
    """
    out = []
    for i in range(chain.n):
        M = chain.home[i]
        out.append(pose_mul(pose_inv((M[:3, :3], M[:3, 3])), screw_exp(chain.screws[i], q[..., i])))
    return out


def relative_poses(chain, q):
    """Poses T_{i-1,i}(q_i) of every link frame {i} in its parent's frame {i-1}.

    Parameters
    ----------
    chain : Chain
    q : array_like, shape (n,) or (N, n)
        Joint positions, rad or m.

    Returns
    -------
    ndarray, shape (n, 4, 4) or (N, n, 4, 4)
        ``T[..., i, :, :]`` is the pose of frame {i+1} in frame {i} ({0} the
        base), m; their product over the chain is :func:`forward_kinematics`.

    Raises
    ------
    ValueError
        If q has the wrong shape or is not finite.

    Notes
    -----
    ``T_{i-1,i} = M_{i,i-1}^{-1} exp([A_i] q_i)`` (book §3.2.3.1), the inverse
    of the pose of the joint step of eq. 3.2-1.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn import models
    >>> from chaindyn.kinematics import relative_poses
    >>> T = relative_poses(models.planar_2r(), [0.0, np.pi / 2])
    >>> print(np.round(T[1], 6) + 0.0)  # {2} in {1}: at (L1, 0, 0), turned by pi/2
    [[ 0. -1.  0.  1.]
     [ 1.  0.  0.  0.]
     [ 0.  0.  1.  0.]
     [ 0.  0.  0.  1.]]
    """
    (q,) = check_state(chain, q=q)
    return np.stack([homogeneous(R, p) for R, p in _relative_poses(chain, q)], axis=-3)


def forward_kinematics(chain, q):
    """Poses T_{0,i} of every link frame {i} in the base frame {0}.

    Parameters
    ----------
    chain : Chain
    q : array_like, shape (n,) or (N, n)
        Joint positions, rad or m.

    Returns
    -------
    ndarray, shape (n, 4, 4) or (N, n, 4, 4)
        ``T[..., i, :, :]`` is the pose of frame {i+1}; the last is {n}, m.

    Raises
    ------
    ValueError
        If q has the wrong shape or is not finite.

    Notes
    -----
    Product of the relative poses ``T_{i-1,i} = M_{i,i-1}^{-1} exp([A_i] q_i)``
    (book §3.2.3.1; Modern Robotics §4.1).

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn import forward_kinematics, models
    >>> arm, q = models.planar_2r(), [0.0, np.pi / 2]

    >>> T = forward_kinematics(arm, q)  # T_{0,i}: frame {i} seen from {0}
    >>> print(np.round(T[1], 6) + 0.0)  # {2} at (L1, 0, 0), turned by pi/2
    [[ 0. -1.  0.  1.]
     [ 1.  0.  0.  0.]
     [ 0.  0.  1.  0.]
     [ 0.  0.  0.  1.]]
    """
    (q,) = check_state(chain, q=q)
    R, p = np.eye(3), np.zeros(3)
    Ts = []
    for Rr, pr in _relative_poses(chain, q):
        R, p = pose_mul((R, p), (Rr, pr))
        Ts.append(homogeneous(R, p))
    return np.stack(Ts, axis=-3)


def home_poses(chain):
    """Home poses T_{0,i}(0) of every link frame {i} in {0}: forward kinematics at q = 0.

    Parameters
    ----------
    chain : Chain

    Returns
    -------
    ndarray, shape (n, 4, 4)
        ``T_{0,i}(0) = M_{1,0}^{-1} M_{2,1}^{-1} ... M_{i,i-1}^{-1}``, m.

    Raises
    ------
    ValueError
        If ``chain`` is not a Chain.
    """
    check_chain(chain)
    return forward_kinematics(chain, np.zeros(chain.n))


def axis_frame_placements(chain):
    """Home placements of joint frames on the joint axes, for libraries whose joints
    turn about an axis through their frame's origin (URDF, Pinocchio).

    Frame {J_i} is {i} moved to the axis point ``r_i`` (:func:`chaindyn.spatial.axis_point`,
    zero for a prismatic joint), axes parallel to {i}; {J_0} = {0}.

    Parameters
    ----------
    chain : Chain

    Returns
    -------
    placements : ndarray, shape (n, 4, 4)
        ``T_{J_{i-1},J_i}(0) = Trans(-r_{i-1}) M_{i,i-1}^{-1} Trans(r_i)``, m.
    points : ndarray, shape (n, 3)
        ``r_i`` in {i}, m.

    Raises
    ------
    ValueError
        If ``chain`` is not a Chain.
    """
    check_chain(chain)
    eye = np.eye(3)
    r = np.array([axis_point(A) for A in chain.screws]).reshape(chain.n, 3)
    out = np.empty((chain.n, 4, 4))
    r_prev = np.zeros(3)
    for i in range(chain.n):
        out[i] = (homogeneous(eye, -r_prev) @ inverse_transform(chain.home[i])
                  @ homogeneous(eye, r[i]))
        r_prev = r[i]
    return out, r


def body_jacobian(chain, q):
    """Body Jacobian J_b(q) at the end-effector frame {n}.

    Column i is joint i's screw axis expressed in {n}: ``Ad_{T_{n,i}} A_i``,
    so that ``V_n = J_b qd`` is the twist of {n} in {n}, rows (omega, v).

    Returns
    -------
    ndarray, shape (6, n) or (N, 6, n)

    Notes
    -----
    Modern Robotics §5.1.2; the static torque is ``tau = J_b^T F_tip``
    (book §3.2.3.6).

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn import body_jacobian, models
    >>> arm, q = models.planar_2r(), [0.0, np.pi / 2]

    >>> print(np.round(body_jacobian(arm, q), 6) + 0.0)
    [[0. 0.]
     [0. 0.]
     [1. 1.]
     [1. 0.]
     [0. 0.]
     [0. 0.]]
    """
    (q,) = check_state(chain, q=q)
    rel = _relative_poses(chain, q)
    R, p = np.eye(3), np.zeros(3)  # T_{n,i}, starting at i = n
    cols = [None] * chain.n
    for i in reversed(range(chain.n)):
        cols[i] = Ad_rp(R, p) @ chain.screws[i]
        # T_{n,i-1} = T_{n,i} T_{i,i-1}, with T_{i,i-1} (the pose of the joint step of
        # eq. 3.2-1) as the inverse of the relative pose already formed: 9 products
        # instead of the 72 of forming it anew
        R, p = pose_mul((R, p), pose_inv(rel[i]))
    batch = q.shape[:-1]  # column n is q-independent: give it the batch shape too
    return np.stack([np.broadcast_to(c, batch + (6,)) for c in cols], axis=-1)


def space_jacobian(chain, q):
    """Space Jacobian J_s(q) in the base frame {0}, by the adjoint recursion.

    Forward sweep over the links: ``T_{0,i} = T_{0,i-1} T_{i-1,i}(q_i)`` (one
    pose product per link, :func:`forward_kinematics`), then column i is
    joint i's screw axis carried into {0}, ``J_s[:, i] = Ad_{T_{0,i}} A_i``.

    Parameters
    ----------
    chain : Chain
    q : array_like, shape (n,) or (N, n)
        Joint positions, rad or m.

    Returns
    -------
    ndarray, shape (6, n) or (N, 6, n)
        Rows (omega, v): ``V_s = J_s qd`` is the spatial twist of link n, whose
        v is the velocity of the body point momentarily at the origin of {0},
        in {0}.  Column i depends only on q_1 .. q_{i-1}.

    Raises
    ------
    ValueError
        If q has the wrong shape or is not finite.

    Notes
    -----
    Book §2.8 (eq. ``eq-28-js``); Modern Robotics §5.1.1.
    :func:`chaindyn.jacobian.space_jacobian_poe` builds the same matrix from
    the space screw axes.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn import models, space_jacobian
    >>> arm, q = models.planar_2r(), [0.0, np.pi / 2]

    >>> print(np.round(space_jacobian(arm, q), 6) + 0.0)
    [[ 0.  0.]
     [ 0.  0.]
     [ 1.  1.]
     [ 0.  0.]
     [ 0. -1.]
     [ 0.  0.]]
    """
    T = forward_kinematics(chain, q)
    cols = [Ad_rp(T[..., i, :3, :3], T[..., i, :3, 3]) @ chain.screws[i] for i in range(chain.n)]
    return np.stack(cols, axis=-1)
