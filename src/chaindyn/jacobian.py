"""Forward kinematics, Jacobians, their time derivatives and point accelerations (book §2.8).

Every Jacobian of a serial chain is built link by link, in one sweep:

* :func:`space_jacobian` (adjoint recursion, forward): column i is joint i's
  screw axis in the base frame, ``J_s[:, i] = Ad_{T_{0,i}} A_i``, with
  ``T_{0,i} = T_{0,i-1} T_{i-1,i}`` accumulated link by link (book eq.
  ``eq-28-js``; Modern Robotics §5.1.1);
* :func:`space_jacobian_poe` (product of exponentials with the space screw
  axes ``S_i``): ``J_s[:, i] = Ad_{e^{[S_1] q_1} ... e^{[S_{i-1}] q_{i-1}}} S_i``
  (Modern Robotics eq. (5.11)); the same matrix by another route;
* :func:`body_jacobian` (backward recursion): ``J_b[:, i] = Ad_{T_{n,i}} A_i``
  with ``T_{n,i-1} = T_{n,i} T_{i,i-1}`` (Modern Robotics §5.1.2);
* :func:`geometric_jacobian_mdh` / :func:`geometric_jacobian_dh`: the classic
  "z and p" Jacobian of a Denavit-Hartenberg table (revolute column
  ``[z x (p_e - p); z]``, prismatic ``[z; 0]``), rows **(v, omega)** as in
  Craig, Spong and Siciliano; :func:`swap_halves` converts to the book's
  **(omega, v)** order.

Twists are ``V = (omega, v)`` (angular first) except where a name or a
docstring says "(v, omega)".  A twist "in {0}" (space form) has ``v`` = the
velocity of the body point momentarily at the origin of {0}; a twist "in {n}"
(body form) has ``v`` = the velocity of the origin of {n}, in {n} axes.

Accelerations: the time derivative of a twist, ``d/dt (J qd) = J qdd + Jdot
qd``, is the **spatial** acceleration.  Its linear part is NOT the
acceleration of any material point: the **classical** acceleration of a
point p is the spatial one plus ``omega x v_p`` (book §2.8, the planar 2R
example).  :func:`point_acceleration` returns either, by name.

Sources: book §2.8; Modern Robotics (Lynch and Park 2017) §4.1, §5.1;
Murray, Li and Sastry (1994) §3.4; Craig (2018) §5.
"""

from __future__ import annotations

import numpy as np

from ._validate import as_array, batch_shape, check_choice, check_pose, check_state
from .chain import dh_link_pose, mdh_link_pose
from .chain import joint_kinds as _joint_kinds
from .kinematics import body_jacobian, forward_kinematics, home_poses, space_jacobian
from .spatial import Ad_rp, ad, cross, homogeneous, pose_mul, screw_exp, transpose
from .spatial import matvec as _mv

__all__ = [
    "forward_kinematics_poe",
    "space_screw_axes",
    "space_jacobian_poe",
    "point_jacobian",
    "geometric_jacobian_mdh",
    "geometric_jacobian_dh",
    "swap_halves",
    "space_jacobian_dot",
    "body_jacobian_dot",
    "jdot_qd",
    "point_acceleration",
]


def _point(point):
    if point is None:
        return np.zeros(3)
    return as_array(point, "point", (3,))


# ----------------------------------------------------------------------------- space form

def space_screw_axes(chain):
    """Space screw axes S_i and home pose M of the last link (the PoE data).

    Returns
    -------
    S : ndarray, shape (6, n)
        ``S_i = Ad_{T_{0,i}(0)} A_i``: joint i's screw axis in {0} at q = 0,
        rows (omega, v).
    M : ndarray, shape (4, 4)
        ``T_{0,n}(0)``, the home pose of {n} in {0}, m.

    Notes
    -----
    Modern Robotics §4.1.1 (the space form of the product of exponentials).
    """
    T0 = home_poses(chain)
    S = np.stack([Ad_rp(T0[i, :3, :3], T0[i, :3, 3]) @ chain.screws[i] for i in range(chain.n)],
                 axis=-1)
    return S, T0[-1]


def _space_exps(chain, q):
    """The running products ``E_i = e^{[S_1] q_1} ... e^{[S_i] q_i}`` as (R, p), i = 0..n."""
    S, M = space_screw_axes(chain)
    batch = q.shape[:-1]
    R = np.broadcast_to(np.eye(3), batch + (3, 3))
    p = np.zeros(batch + (3,))
    out = [(R, p)]
    for i in range(chain.n):
        R, p = pose_mul((R, p), screw_exp(S[:, i], q[..., i]))
        out.append((R, p))
    return S, M, out


def forward_kinematics_poe(chain, q):
    """Pose of {n} in {0} by the space product of exponentials.

    ``T_{0,n}(q) = e^{[S_1] q_1} e^{[S_2] q_2} ... e^{[S_n] q_n} M`` with the
    space screw axes and home pose of :func:`space_screw_axes`.  The same pose
    as ``forward_kinematics(chain, q)[..., -1, :, :]``, which multiplies the
    relative poses ``M_{i,i-1}^{-1} e^{[A_i] q_i}`` instead.

    Parameters
    ----------
    chain : Chain
    q : array_like, shape (n,) or (N, n)
        rad or m.

    Returns
    -------
    ndarray, shape (4, 4) or (N, 4, 4)
        Homogeneous pose, position in m.

    Raises
    ------
    ValueError
        If q has the wrong shape or is not finite.

    Notes
    -----
    Book §2.8, eq. ``eq-28-poe``; Modern Robotics eq. (4.14); Murray, Li and
    Sastry (1994) §3.2.
    """
    (q,) = check_state(chain, q=q)
    _, M, exps = _space_exps(chain, q)
    return homogeneous(*pose_mul(exps[-1], (M[:3, :3], M[:3, 3])))


def space_jacobian_poe(chain, q):
    """Space Jacobian from the space screw axes S_i (product-of-exponentials form).

    ``J_s[:, i] = Ad_{E_{i-1}} S_i`` with ``E_{i-1} = e^{[S_1] q_1} ...
    e^{[S_{i-1}] q_{i-1}}`` accumulated joint by joint.  Same result as
    :func:`space_jacobian` (which uses the link frames instead).

    Parameters
    ----------
    chain : Chain
    q : array_like, shape (n,) or (N, n)

    Returns
    -------
    ndarray, shape (6, n) or (N, 6, n)
        Rows (omega, v), in {0}.

    Raises
    ------
    ValueError
        If q has the wrong shape or is not finite.

    Notes
    -----
    Modern Robotics eq. (5.11); Murray, Li and Sastry (1994) eq. (3.54).
    """
    (q,) = check_state(chain, q=q)
    S, _, exps = _space_exps(chain, q)
    cols = [_mv(Ad_rp(*exps[i]), np.broadcast_to(S[:, i], q.shape[:-1] + (6,)))
            for i in range(chain.n)]
    return np.stack(cols, axis=-1)


# ----------------------------------------------------------------------------- point Jacobian


def _shift(p):
    """Ad of a pure translation by -p: moves the reference point of a twist to p."""
    eye = np.broadcast_to(np.eye(3), p.shape[:-1] + (3, 3))
    return Ad_rp(eye, -p)


def point_jacobian(chain, q, point=None, frame="world"):
    """Jacobian of the velocity of a point fixed to the last link, rows (omega, v).

    Parameters
    ----------
    chain : Chain
    q : array_like, shape (n,) or (N, n)
    point : array_like, shape (3,), optional
        The point in {n} coordinates, m; default the origin of {n}.
    frame : {"world", "local"}
        Axes of the result: ``"world"`` = axes of {0} (Pinocchio's
        ``LOCAL_WORLD_ALIGNED``), ``"local"`` = axes of {n} (Pinocchio's
        ``LOCAL`` for a frame at the point with the axes of {n}).

    Returns
    -------
    ndarray, shape (6, n) or (N, 6, n)
        ``(omega, v_p) = J qd``: angular velocity of link n and the velocity
        of the material point p, both in the chosen axes.

    Raises
    ------
    ValueError
        On a bad q or point, or an unknown ``frame``.

    Notes
    -----
    ``"world"``: ``Ad_{(I, -p_0)} J_s`` (the reference point moves from the
    origin of {0} to ``p_0 = T_{0,n} p``); ``"local"``: ``Ad_{(I, -p)} J_b``.
    Its (v, omega) reordering is the classic geometric Jacobian
    (:func:`geometric_jacobian_mdh`).  Book §2.8.
    """
    check_choice(frame, "frame", ("world", "local"))
    (q,) = check_state(chain, q=q)
    p = _point(point)
    if frame == "local":
        return _shift(p) @ body_jacobian(chain, q)
    T = forward_kinematics(chain, q)[..., -1, :, :]
    p0 = _mv(T[..., :3, :3], p) + T[..., :3, 3]
    return _shift(p0) @ space_jacobian(chain, q)


# ----------------------------------------------------------------------------- DH tables


def _tool_point(tool):
    """The tool point in {n}: from a 3-vector or a 4x4 pose T_{n,tool}."""
    if tool is None:
        return np.zeros(3)
    t = as_array(tool, "tool")
    if t.shape == (3,):
        return t
    if t.shape != (4, 4):
        raise ValueError(f"tool must be a point of shape (3,) or a pose of shape (4, 4), "
                         f"got {t.shape}")
    check_pose(t, "tool")
    return t[:3, 3]


def _dh_inputs(table, q, joint_types, name):
    rows = as_array(table, name, (None, 4))
    n = rows.shape[0]
    if n < 1:
        raise ValueError(f"{name} must have at least one row, got shape {rows.shape}")
    kinds = _joint_kinds(joint_types, n, name)
    qa = as_array(q, "q")
    if qa.ndim == 0 or qa.shape[-1] != n:
        raise ValueError(f"q must have shape (n,) or (N, n) with n = {n} ({name} rows), "
                         f"got {qa.shape}")
    return rows, kinds, qa


def _geometric_columns(axes, origins, p_e, kinds):
    """Columns (v, omega) from joint axes z and axis points p in {0}."""
    cols = []
    for z, p, kind in zip(axes, origins, kinds):
        if kind == "revolute":
            cols.append(np.concatenate([cross(z, p_e - p), z], axis=-1))
        else:
            cols.append(np.concatenate([z, np.zeros_like(z)], axis=-1))
    return np.stack(cols, axis=-1)


def _dh_variables(theta, d, kind, qi):
    """theta and d of a DH row at joint value qi (revolute: theta + q, prismatic:
    d + q), both shaped like qi."""
    zero = np.zeros_like(qi)
    return (theta + qi, d + zero) if kind == "revolute" else (theta + zero, d + qi)


def _geometric(table, q, joint_types, tool, name, link_pose):
    """The "z and p" Jacobian of a DH table: the forward recursion ``T_{0,i} = T_{0,i-1}
    T_{i-1,i}`` with ``link_pose(row, kind, q_i)`` giving ``T_{i-1,i}``; joint i moves about
    z_i through p_i (modified DH) or about z_{i-1} through p_{i-1} (standard DH)."""
    rows, kinds, q = _dh_inputs(table, q, joint_types, name)
    p_tool = _tool_point(tool)
    batch = q.shape[:-1]
    R = np.broadcast_to(np.eye(3), batch + (3, 3))
    p = np.zeros(batch + (3,))
    axes, origins = [], []
    for i, kind in enumerate(kinds):
        if name == "dh":  # the axis of joint i is z_{i-1}
            axes.append(R[..., :, 2])
            origins.append(p)
        row = (rows[i, 0], rows[i, 1], rows[i, 2], rows[i, 3])
        R, p = pose_mul((R, p), link_pose(row, kind, q[..., i]))  # T_{0,i-1} T_{i-1,i}
        if name == "mdh":  # the axis of joint i is z_i
            axes.append(R[..., :, 2])
            origins.append(p)
    p_e = _mv(R, np.broadcast_to(p_tool, p.shape)) + p
    return _geometric_columns(axes, origins, p_e, kinds)


def geometric_jacobian_mdh(mdh, q, joint_types=None, tool=None):
    """Classic geometric Jacobian of a modified-DH (Craig) table, rows (v, omega).

    Forward recursion ``T_{0,i} = T_{0,i-1} T_{i-1,i}`` with Craig's
    ``T_{i-1,i} = Rot_x(alpha_{i-1}) Trans_x(a_{i-1}) Rot_z(theta_i) Trans_z(d_i)``;
    from each ``T_{0,i}`` it extracts the joint axis ``z_i`` (third column of
    ``R_{0,i}``) and the point ``p_i`` on it (origin of {i}).  In modified DH
    joint i moves about or along ``z_i`` of its own frame {i}; in standard DH
    (:func:`geometric_jacobian_dh`) it is ``z_{i-1}`` of the previous frame:
    the same geometry with the index shifted.

    Parameters
    ----------
    mdh : array_like, shape (n, 4)
        Rows ``(alpha_{i-1} [rad], a_{i-1} [m], d_i [m], theta_i [rad])`` at
        q = 0, as :meth:`chaindyn.Chain.from_mdh` (and
        ``models.mdh_arguments(...)["mdh"]``).
    q : array_like, shape (n,) or (N, n)
        Joint positions: added to ``theta_i`` (revolute, rad) or ``d_i``
        (prismatic, m).
    joint_types : sequence of str, optional
        ``"R"``/``"revolute"`` or ``"P"``/``"prismatic"``; default all revolute.
    tool : array_like, shape (3,) or (4, 4), optional
        The reference point ``p_e``: a point in {n} (m) or the pose
        ``T_{n,tool}`` whose origin is used; default the origin of {n}.

    Returns
    -------
    ndarray, shape (6, n) or (N, 6, n)
        Rows **(v, omega)** in {0} axes: ``v`` = velocity of the point
        ``p_e``, ``omega`` = angular velocity of link n.  Revolute column
        ``[z_i x (p_e - p_i); z_i]``, prismatic ``[z_i; 0]``.  Use
        :func:`swap_halves` for the book's (omega, v) order.

    Raises
    ------
    ValueError
        On a table that is not (n, 4) or not finite, a q whose last axis is
        not n, an unknown joint type, or a bad tool.

    Notes
    -----
    Book §2.8, eq. ``eq-28-zp``; Craig (2018) §5.8; Spong et al. (2020)
    §4.6; Siciliano et al. (2009) §3.1.3.  Equals
    ``swap_halves(point_jacobian(Chain.from_mdh(...), q, tool_point, "world"))``.
    """
    def link_pose(row, kind, qi):
        alpha, a, d, theta = row
        theta, d = _dh_variables(theta, d, kind, qi)
        return mdh_link_pose(alpha, a, d, theta)

    return _geometric(mdh, q, joint_types, tool, "mdh", link_pose)


def geometric_jacobian_dh(dh, q, joint_types=None, tool=None):
    """Classic geometric Jacobian of a standard-DH table, rows (v, omega).

    ``T_{i-1,i} = Rot_z(theta_i) Trans_z(d_i) Trans_x(a_i) Rot_x(alpha_i)``;
    joint i moves about or along ``z_{i-1}`` through ``p_{i-1}`` (origin of
    {i-1}, with ``z_0 = (0, 0, 1)``, ``p_0 = 0``): the seed's formula as
    written.  Parameters, result and errors as :func:`geometric_jacobian_mdh`,
    with rows ``(theta_i [rad], d_i [m], a_i [m], alpha_i [rad])`` as
    :meth:`chaindyn.Chain.from_dh`.

    Notes
    -----
    Spong et al. (2020) eq. (4.64).
    """
    def link_pose(row, kind, qi):
        theta, d, a, alpha = row
        theta, d = _dh_variables(theta, d, kind, qi)
        return dh_link_pose(theta, d, a, alpha)

    return _geometric(dh, q, joint_types, tool, "dh", link_pose)


def swap_halves(x, axis=-2):
    """Swap the two 3-row halves of twists or Jacobians: (v, omega) <-> (omega, v).

    Parameters
    ----------
    x : array_like
        Size 6 along ``axis``: a Jacobian (..., 6, n) with ``axis=-2`` (the
        default) or a twist (..., 6) with ``axis=-1``.
    axis : int

    Returns
    -------
    ndarray
        A new array; applying the function twice gives ``x`` back.

    Raises
    ------
    ValueError
        If ``x`` does not have size 6 along ``axis``.
    """
    a = as_array(x, "x")
    if a.ndim == 0 or not -a.ndim <= axis < a.ndim or a.shape[axis] != 6:
        raise ValueError(f"x must have size 6 along axis {axis}, got shape {a.shape}")
    return np.roll(a, 3, axis=axis)


# ----------------------------------------------------------------------------- derivatives


def space_jacobian_dot(chain, q, qd):
    """Time derivative of the space Jacobian along the motion, by forward recursion.

    ``dJ_s[:, i]/dt = ad_{V_{i-1}} J_s[:, i]`` with ``V_{i-1} = sum_{j<i}
    J_s[:, j] qd_j`` the spatial twist of link i-1 in {0}, accumulated link
    by link (``V_0 = 0``, so column 1 is constant).

    Parameters
    ----------
    chain : Chain
    q, qd : array_like, shape (n,) or (N, n)
        rad or m; rad/s or m/s.

    Returns
    -------
    ndarray, shape (6, n) or (N, 6, n)
        Rows (omega, v), in {0}, 1/s per unit joint rate.

    Raises
    ------
    ValueError
        If q or qd has the wrong shape or is not finite.

    Notes
    -----
    From ``d/dt Ad_T = ad_{V_s} Ad_T`` (``V_s`` the spatial twist of T) and
    ``ad_{S} S = 0``.  Book §2.8, eq. ``eq-28-jsdot``; Murray, Li and Sastry
    (1994) §3.4 (exercise).
    """
    q, qd = check_state(chain, q=q, qd=qd)
    batch = batch_shape(q, qd)
    Js = np.broadcast_to(space_jacobian(chain, q), batch + (6, chain.n))
    V = np.zeros(batch + (6,))
    cols = []
    for i in range(chain.n):
        S = Js[..., :, i]
        cols.append(_mv(ad(V), S))
        V = V + S * qd[..., i, None]
    return np.stack(cols, axis=-1)


def body_jacobian_dot(chain, q, qd):
    """Time derivative of the body Jacobian along the motion, by backward recursion.

    ``dJ_b[:, i]/dt = ad_{J_b[:, i]} W_i`` with ``W_i = sum_{j>i} J_b[:, j]
    qd_j`` (the twist of {n} relative to link i, in {n}), accumulated from the
    tip (``W_n = 0``, so the last column is constant).

    Parameters
    ----------
    chain : Chain
    q, qd : array_like, shape (n,) or (N, n)

    Returns
    -------
    ndarray, shape (6, n) or (N, 6, n)
        Rows (omega, v), in {n}.

    Raises
    ------
    ValueError
        If q or qd has the wrong shape or is not finite.

    Notes
    -----
    ``T_{n,i}`` has spatial twist ``-W_i``, so ``d/dt Ad_{T_{n,i}} A_i =
    -ad_{W_i} J_b[:, i]``.  Book §2.8, eq. ``eq-28-jbdot``.
    """
    q, qd = check_state(chain, q=q, qd=qd)
    batch = batch_shape(q, qd)
    Jb = np.broadcast_to(body_jacobian(chain, q), batch + (6, chain.n))
    W = np.zeros(batch + (6,))
    cols = [None] * chain.n
    for i in reversed(range(chain.n)):
        B = Jb[..., :, i]
        cols[i] = _mv(ad(B), W)
        W = W + B * qd[..., i, None]
    return np.stack(cols, axis=-1)


def jdot_qd(chain, q, qd, frame="space"):
    """``Jdot qd``: the SPATIAL acceleration of the last link at zero joint acceleration.

    Parameters
    ----------
    chain : Chain
    q, qd : array_like, shape (n,) or (N, n)
    frame : {"space", "body"}
        ``"space"``: ``dJ_s/dt qd`` (derivative of the spatial twist, in {0},
        reference point the origin of {0}); ``"body"``: ``dJ_b/dt qd`` (in
        {n}, reference point the origin of {n}).

    Returns
    -------
    ndarray, shape (6,) or (N, 6)
        Rows (omega-dot, v-dot), rad/s^2 and m/s^2.  This is a twist
        derivative (a spatial acceleration), not the classical acceleration of
        a point: for that use :func:`point_acceleration` with
        ``kind="classical"``.

    Raises
    ------
    ValueError
        On a bad q or qd, or an unknown ``frame``.

    Notes
    -----
    Book §2.8 (classical against spatial acceleration of a point).
    """
    check_choice(frame, "frame", ("space", "body"))
    q, qd = check_state(chain, q=q, qd=qd)
    f = space_jacobian_dot if frame == "space" else body_jacobian_dot
    return _mv(f(chain, q, qd), qd)


def point_acceleration(chain, q, qd, qdd, point=None, frame="world", kind="classical"):
    """Acceleration of a point fixed to the last link: classical or spatial, by name.

    Parameters
    ----------
    chain : Chain
    q, qd, qdd : array_like, shape (n,) or (N, n)
        rad, rad/s, rad/s^2 (m, m/s, m/s^2 for prismatic joints).
    point : array_like, shape (3,), optional
        The point p in {n} coordinates, m; default the origin of {n}.
    frame : {"world", "local"}
        Axes of the result: those of {0} (Pinocchio ``LOCAL_WORLD_ALIGNED``)
        or those of {n} (Pinocchio ``LOCAL``).
    kind : {"classical", "spatial"}
        ``"classical"``: ``(omega-dot, p-ddot)``, the second time derivative of
        the point's position (what an accelerometer at p reads, minus
        gravity); Pinocchio's ``getFrameClassicalAcceleration``.
        ``"spatial"``: ``(omega-dot, p-ddot - omega x p-dot)``, the derivative
        of the twist with reference point p; Pinocchio's
        ``getFrameAcceleration``, and ``J qdd + Jdot qd`` shifted to p.

    Returns
    -------
    ndarray, shape (6,) or (N, 6)
        Rows (angular, linear), rad/s^2 and m/s^2.

    Raises
    ------
    ValueError
        On bad arrays or an unknown ``frame`` or ``kind``.

    Notes
    -----
    ``dV_s/dt = J_s qdd + dJ_s/dt qd``; moving its reference point to
    ``p_0 = T_{0,n} p`` gives the spatial acceleration at p, and adding
    ``omega x v_p`` the classical one (book §2.8, eq. ``eq-28-classical``;
    Featherstone (2008) §2.11).
    """
    check_choice(frame, "frame", ("world", "local"))
    check_choice(kind, "kind", ("classical", "spatial"))
    q, qd, qdd = check_state(chain, q=q, qd=qd, qdd=qdd)
    p = _point(point)
    batch = batch_shape(q, qd, qdd)
    Js = space_jacobian(chain, q)
    Vs = _mv(Js, qd)
    dVs = _mv(Js, qdd) + jdot_qd(chain, q, qd, "space")
    T = forward_kinematics(chain, q)[..., -1, :, :]
    R = np.broadcast_to(T[..., :3, :3], batch + (3, 3))
    p0 = _mv(R, np.broadcast_to(p, batch + (3,))) + T[..., :3, 3]
    X = _shift(p0)
    acc = _mv(X, dVs)  # spatial acceleration at p, {0} axes
    if kind == "classical":
        V = _mv(X, Vs)  # (omega, velocity of p)
        acc = acc + np.concatenate([np.zeros_like(V[..., :3]), cross(V[..., :3], V[..., 3:])],
                                   axis=-1)
    if frame == "local":
        Rt = transpose(R)
        acc = np.concatenate([_mv(Rt, acc[..., :3]), _mv(Rt, acc[..., 3:])], axis=-1)
    return acc
