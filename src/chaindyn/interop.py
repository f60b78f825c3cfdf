"""Adapters from a :class:`~chaindyn.Chain` to four reference dynamics libraries.

Each adapter builds the same rigid-body model in another library's own
convention, and each helper translates one quantity (a tip wrench, a joint
wrench, a frame) between that convention and chaindyn's.  The libraries are
imported inside the functions that need them, so ``import chaindyn`` (and
``import chaindyn.interop``) needs numpy only.

chaindyn's conventions, against which everything below is stated:

* twist ``V = (omega, v)``, wrench ``F = (moment, force)``; both in a link
  frame {i}, the moment about the origin of {i};
* ``Chain.home[i] = M_{i,i-1}``, ``Chain.screws[i] = A_i`` in {i} (a revolute
  axis may pass anywhere, not only through the origin of {i});
* gravity is a vector in the base frame {0} (default ``(0, 0, -9.80665)``),
  entered as the base acceleration ``(0, -g)``;
* ``F_tip = (moment, force)`` is the wrench the end effector APPLIES TO THE
  ENVIRONMENT, in {n} about its origin, so ``tau = ID(q, qd, qdd) + J_b^T F_tip``;
* joint wrench ``F_i`` (:func:`chaindyn.joint_wrenches`) is the wrench joint i
  transmits from link i-1 to link i, in {i}, about the origin of {i}.

Joint positions, velocities and accelerations map one-to-one (the same
numbers, the same order, rad or m) for every adapter here; only the tip
wrench, gravity and joint wrenches need translating.

Library versions these adapters were checked with: Pinocchio (``pin``) 4.1.0,
MuJoCo 4.0.0, modern_robotics 1.1.1, roboticstoolbox-python 1.5.0; the book's
cross-check (``chaindyn_book.crosscheck.library_agreement``) reads the installed
versions at run time and measures the agreement.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

import numpy as np

from ._validate import (
    DEFAULT_GRAVITY,
    as_array,
    check_chain,
    check_gravity,
    check_pose,
    check_wrench,
    check_xml_name,
    xml_numbers,
)
from .chain import Chain
from .kinematics import axis_frame_placements, home_poses
from .spatial import Ad_rp, homogeneous, inverse_transform

__all__ = [
    "to_pinocchio",
    "pinocchio_fext",
    "pinocchio_joint_wrenches",
    "pinocchio_parameter_map",
    "to_mujoco",
    "mujoco_tip_qfrc",
    "mujoco_xfrc_tip",
    "mujoco_joint_wrenches",
    "to_modern_robotics",
    "mr_ftip",
    "to_rtb",
    "rtb_fext",
    "axis_points",
]

# ----------------------------------------------------------------------------- helpers


def _trans(p):
    """The pure translation by p as a 4x4 pose."""
    return homogeneous(np.eye(3), p)


def _wrench_map(T):
    """Matrix that maps a wrench (moment, force) from frame {b} to frame {a},
    ``F_a = Ad_{T_ba}^T F_b``, given ``T = T_ab`` (pose of {b} in {a})."""
    Ti = inverse_transform(T)  # T_ba
    return Ad_rp(Ti[:3, :3], Ti[:3, 3]).T


def axis_points(chain):
    """The point of each joint axis nearest to the origin of its link frame.

    Pinocchio's and MuJoCo's revolute joints turn about an axis through their
    joint frame's origin, while a chaindyn screw axis ``A_i = (omega, v)`` may
    pass anywhere: for a revolute joint its points are ``r + s omega`` with
    ``r = omega x v`` (from ``v = -omega x r``, ``|omega| = 1``).  The adapters
    put the other library's joint at ``r_i`` (axes parallel to {i}).

    Parameters
    ----------
    chain : Chain

    Returns
    -------
    ndarray, shape (n, 3)
        ``r_i`` in {i}, m; zero for a prismatic joint (whose line of motion
        may be placed anywhere).
    """
    return axis_frame_placements(chain)[1]


def _quat_wxyz(R):
    """Unit quaternion (w, x, y, z) of a rotation matrix (Shepperd's method)."""
    t = np.trace(R)
    cand = np.array([t, R[0, 0], R[1, 1], R[2, 2]])
    k = int(np.argmax(cand))
    if k == 0:
        s = 2.0 * np.sqrt(1.0 + t)
        q = [0.25 * s, (R[2, 1] - R[1, 2]) / s, (R[0, 2] - R[2, 0]) / s, (R[1, 0] - R[0, 1]) / s]
    elif k == 1:
        s = 2.0 * np.sqrt(1.0 + R[0, 0] - R[1, 1] - R[2, 2])
        q = [(R[2, 1] - R[1, 2]) / s, 0.25 * s, (R[0, 1] + R[1, 0]) / s, (R[0, 2] + R[2, 0]) / s]
    elif k == 2:
        s = 2.0 * np.sqrt(1.0 + R[1, 1] - R[0, 0] - R[2, 2])
        q = [(R[0, 2] - R[2, 0]) / s, (R[0, 1] + R[1, 0]) / s, 0.25 * s, (R[1, 2] + R[2, 1]) / s]
    else:
        s = 2.0 * np.sqrt(1.0 + R[2, 2] - R[0, 0] - R[1, 1])
        q = [(R[1, 0] - R[0, 1]) / s, (R[0, 2] + R[2, 0]) / s, (R[1, 2] + R[2, 1]) / s, 0.25 * s]
    q = np.array(q)
    return q / np.linalg.norm(q)


# ----------------------------------------------------------------------------- Pinocchio


def to_pinocchio(chain, gravity=DEFAULT_GRAVITY):
    """A Pinocchio model of the chain (fixed base, one 1-dof joint per link).

    Parameters
    ----------
    chain : Chain
    gravity : array_like, shape (3,), default (0, 0, -9.80665)
        Gravity vector in {0}, m/s^2; stored as ``model.gravity`` (a
        ``pin.Motion`` whose linear part is this vector; Pinocchio's default is
        -9.81, not -9.80665).

    Returns
    -------
    pinocchio.Model
        ``nq = nv = n``; joints ``"joint1" .. "jointn"``, frames ``"link1" ..
        "linkn"`` (``pin.FrameType.OP_FRAME``) at the chaindyn link frames {i}.
        The configuration, velocity and acceleration vectors are chaindyn's
        q, qd, qdd unchanged.

    Raises
    ------
    ValueError
        If ``chain`` is not a Chain or ``gravity`` is not a finite 3-vector.
    ImportError
        If Pinocchio (the ``pin`` package) is not installed.

    Notes
    -----
    Conventions bridged:

    * Pinocchio's joint i turns about (or slides along) an axis through the
      origin of its joint frame {J_i}.  {J_i} is {i} shifted to the axis point
      ``r_i`` (:func:`axis_points`), axes parallel to {i}:
      ``T_{i,J_i} = Trans(r_i)``.  Joint models are
      ``JointModelRevoluteUnaligned(omega_i)`` and
      ``JointModelPrismaticUnaligned(v_i)``; the joint placement is
      ``T_{J_{i-1},J_i}(0) = Trans(-r_{i-1}) M_{i,i-1}^{-1} Trans(r_i)``.
    * ``pin.Inertia(m, lever, I_c)`` takes the COM in {J_i} (``c_i - r_i``)
      and the inertia about the COM with axes of {J_i} (= those of {i}).
    * Pinocchio's spatial vectors are (linear, angular); ``data.f[i]`` and
      ``fext[i]`` are expressed in {J_i} about its origin.  Use
      :func:`pinocchio_fext` and :func:`pinocchio_joint_wrenches` to translate.
    """
    import pinocchio as pin

    check_chain(chain)
    g = check_gravity(gravity)
    model = pin.Model()
    model.name = "chaindyn"
    placements, r = axis_frame_placements(chain)
    parent, parent_frame = 0, 0
    for i in range(chain.n):
        A = chain.screws[i]
        if chain.joint_types[i] == "revolute":
            joint = pin.JointModelRevoluteUnaligned(np.array(A[:3]))
        else:
            joint = pin.JointModelPrismaticUnaligned(np.array(A[3:]))
        jid = model.addJoint(parent, joint, pin.SE3(placements[i]), f"joint{i + 1}")
        inertia = pin.Inertia(
            float(chain.masses[i]), chain.coms[i] - r[i], np.array(chain.inertias_com[i])
        )
        model.appendBodyToJoint(jid, inertia, pin.SE3.Identity())
        jframe = model.addFrame(
            pin.Frame(f"joint{i + 1}", jid, parent_frame, pin.SE3.Identity(),
                      pin.FrameType.JOINT),
            False,
        )
        parent_frame = model.addFrame(
            pin.Frame(f"link{i + 1}", jid, jframe, pin.SE3(_trans(-r[i])),
                      pin.FrameType.OP_FRAME),
            False,
        )
        parent = jid
    model.gravity = pin.Motion(np.concatenate([g, np.zeros(3)]))
    return model


def pinocchio_fext(chain, model, f_tip, frame=None):
    """The external-force list for ``pin.rnea``/``pin.aba`` from chaindyn's F_tip.

    Parameters
    ----------
    chain : Chain
        The chain (only its number of joints is used, to check ``model``).
    model : pinocchio.Model
        A model with ``nv == chain.n`` whose last joint carries the end
        effector, e.g. from :func:`to_pinocchio` or a URDF.
    f_tip : array_like, shape (6,)
        chaindyn's F_tip: ``(moment, force)`` that the end effector applies to
        the environment, in the end-effector frame about its origin, N m and N.
    frame : str or int, optional
        The Pinocchio frame (name or index) that is chaindyn's frame {n};
        default ``"link<n>"`` (as made by :func:`to_pinocchio`).  It must be
        attached to the model's last joint.

    Returns
    -------
    list of pinocchio.Force, length ``model.njoints``
        Zero except entry ``model.njoints - 1``: ``-F_tip`` (the wrench acting
        ON the last body), moved to that joint's frame and about its origin,
        in Pinocchio's (linear, angular) order.  With it,
        ``pin.rnea(model, data, q, v, a, fext)`` equals
        ``chaindyn.rnea(..., f_tip=F_tip)``.

    Raises
    ------
    ValueError
        If the sizes do not match, the frame does not exist or is not on the
        last joint, or ``f_tip`` is not a finite 6-vector.

    Notes
    -----
    Pinocchio's ``rnea`` returns ``ID - sum_j J_j^T fext_j`` (``fext`` acts ON
    the bodies), chaindyn's returns ``ID + J_b^T F_tip`` (F_tip acts on the
    environment): hence the sign flip.  The wrench moves from frame {n} to
    the joint frame {J} by ``F_J = Ad_{T_{nJ}}^T F_n`` (the moment about J's
    origin picks up ``p x f``).
    """
    import pinocchio as pin

    check_chain(chain)
    F = as_array(f_tip, "f_tip", (6,))
    if model.nv != chain.n:
        raise ValueError(f"model must have nv = {chain.n} (the chain's n), got nv = {model.nv}")
    fid = _frame_id(model, f"link{chain.n}" if frame is None else frame)
    fr = model.frames[fid]
    if fr.parentJoint != model.njoints - 1:
        raise ValueError(
            f"frame {fr.name!r} must be attached to the last joint ({model.njoints - 1}), "
            f"got joint {fr.parentJoint}"
        )
    T_Jn = fr.placement.homogeneous  # pose of {n} in the joint frame {J}
    F_J = _wrench_map(T_Jn) @ (-F)  # ON the body, in {J}, (moment, force)
    fext = [pin.Force.Zero() for _ in range(model.njoints)]
    fext[-1] = pin.Force(F_J[3:], F_J[:3])  # pin.Force(linear, angular)
    return fext


def _frame_id(model, frame):
    if isinstance(frame, str):
        if not model.existFrame(frame):
            raise ValueError(f"frame must name a frame of the Pinocchio model, got {frame!r}")
        return model.getFrameId(frame)
    fid = int(frame)
    if not 0 <= fid < model.nframes:
        raise ValueError(f"frame index must be in [0, {model.nframes}), got {fid}")
    return fid


def pinocchio_joint_wrenches(chain, model, data):
    """chaindyn's joint wrenches F_i read off Pinocchio's ``data.f`` after ``pin.rnea``.

    Parameters
    ----------
    chain : Chain
    model : pinocchio.Model
        From :func:`to_pinocchio` (frames ``"link1" .. "linkn"``).
    data : pinocchio.Data
        After ``pin.rnea(model, data, q, v, a[, fext])``.

    Returns
    -------
    ndarray, shape (n, 6)
        Row i: the wrench joint i+1 transmits from its parent to link i+1,
        ``(moment about the origin of {i+1}, force)`` in {i+1}, N m and N,
        comparable with :func:`chaindyn.joint_wrenches`.

    Raises
    ------
    ValueError
        If the model does not have the frames of :func:`to_pinocchio`.

    Notes
    -----
    ``data.f[j]`` is the spatial force the parent exerts on the subtree of
    joint j (gravity and any ``fext`` included), (linear, angular), in {J_j}
    about its origin.  It is reordered and moved to {i} by
    ``F_i = Ad_{T_{J_i,i}}^T F_J``.
    """
    check_chain(chain)
    out = np.empty((chain.n, 6))
    for i in range(chain.n):
        fr = model.frames[_frame_id(model, f"link{i + 1}")]
        f = data.f[fr.parentJoint]
        F_J = np.concatenate([f.angular, f.linear])
        out[i] = _wrench_map(inverse_transform(fr.placement.homogeneous)) @ F_J
    return out


#: Pinocchio's order of one body's ten dynamic parameters as indices into chaindyn's
#: (:data:`chaindyn.body.PARAMETER_NAMES`): (m, h_x, h_y, h_z, Ī_xx, Ī_xy, Ī_yy, Ī_xz,
#: Ī_yz, Ī_zz), the inertia's lower triangle column by column.
_PIN_PARAMETER_ORDER = [0, 1, 2, 3, 4, 5, 7, 6, 8, 9]


def _parameter_shift(r):
    """S (10x10) with ``π_J = S π``: one body's parameters about the point r (axes
    unchanged) from those about the origin, both in chaindyn's order.

    With c' = c - r: ``m' = m``, ``h' = h - m r`` and, from ``Ī = I_c - m [c]^2``,
    ``Ī' = Ī + [h][r] + [r][h] - m [r]^2``, where ``[a][b] + [b][a] = a b^T + b a^T
    - 2 (a . b) 1`` and ``-[r]^2 = |r|^2 1 - r r^T``."""
    one = np.eye(3)
    upper = np.triu_indices(3)  # (xx, xy, xz, yy, yz, zz), chaindyn's order
    S = np.eye(10)
    S[1:4, 0] = -r
    S[4:, 0] = ((r @ r) * one - np.outer(r, r))[upper]
    for k in range(3):
        S[4:, 1 + k] = (np.outer(one[k], r) + np.outer(r, one[k]) - 2.0 * r[k] * one)[upper]
    return S


def pinocchio_parameter_map(chain):
    """The matrix T with ``π_pin = T @ π``: chaindyn's inertial parameters in
    Pinocchio's frames and order, for the model of :func:`to_pinocchio`.

    Parameters
    ----------
    chain : Chain

    Returns
    -------
    ndarray, shape (10 n, 10 n)
        Block diagonal; block i maps link i+1's ``π_i`` (about the origin of
        {i+1}, :data:`chaindyn.body.PARAMETER_NAMES`) to
        ``model.inertias[i + 1].toDynamicParameters()`` of ``to_pinocchio(chain)``:
        the same body about the origin of Pinocchio's joint frame {J_{i+1}}
        (axes parallel, origin at the axis point ``r_{i+1}``,
        :func:`axis_points`), in Pinocchio's order ``(m, h_x, h_y, h_z, Ī_xx,
        Ī_xy, Ī_yy, Ī_xz, Ī_yz, Ī_zz)``.  Since the torque is the same for
        every π, chaindyn's regressor is Pinocchio's times T:
        ``regressor(chain, q, qd, qdd) = pin.computeJointTorqueRegressor(model,
        data, q, qd, qdd) @ T``, and likewise for the energy regressors.

    Raises
    ------
    ValueError
        If ``chain`` is not a Chain.

    Notes
    -----
    Book §3.4.  Moving the reference point from the origin of {i} to r
    (axes kept) changes the centre of mass to ``c' = c - r``, so ``m' = m``,
    ``h' = h - m r`` and, from ``Ī = I_c - m [c]^2``,
    ``Ī' = Ī + [h][r] + [r][h] - m [r]^2``: linear in π (the parallel-axis
    theorem applied twice, through the centre of mass).  A rotation of the
    axes is not needed: {J_i} is parallel to {i}.  The block is this shift
    followed by the permutation to Pinocchio's order (the swap of ``Ī_xz`` and
    ``Ī_yy``); it is invertible (unit triangular before the permutation).
    Pinocchio is not needed to compute T.

    Examples
    --------
    One link turning about the z axis through r = (1, 0, 0) m, 2 kg with the
    centre of mass at c = (0.5, 0, 0) m: about r the first moment is
    ``m (c - r) = (-1, 0, 0)`` kg m, and ``Ī_yy = Ī_zz = 0.01 + 2 (0.5)^2``
    about both points.

    >>> import numpy as np
    >>> from chaindyn import Chain, inertial_parameters, spatial_inertia
    >>> from chaindyn.interop import pinocchio_parameter_map
    >>> G = spatial_inertia(2.0, [0.5, 0.0, 0.0], 0.01 * np.eye(3))
    >>> link = Chain([np.eye(4)], [[0.0, 0.0, 1.0, 0.0, -1.0, 0.0]], [G])
    >>> pi = inertial_parameters(link)
    >>> print(np.round(pi, 12) + 0.0)
    [2.   1.   0.   0.   0.01 0.   0.   0.51 0.   0.51]
    >>> print(np.round(pinocchio_parameter_map(link) @ pi, 12) + 0.0)
    [ 2.   -1.    0.    0.    0.01  0.    0.51  0.    0.    0.51]
    """
    check_chain(chain)
    r = axis_points(chain)
    n = chain.n
    T = np.zeros((10 * n, 10 * n))
    for i in range(n):
        block = slice(10 * i, 10 * i + 10)
        T[block, block] = _parameter_shift(r[i])[_PIN_PARAMETER_ORDER]
    return T


# ----------------------------------------------------------------------------- MuJoCo


def to_mujoco(chain, gravity=DEFAULT_GRAVITY, name="chaindyn"):
    """An MJCF document of the chain for pure rigid-body dynamics in MuJoCo.

    Parameters
    ----------
    chain : Chain
    gravity : array_like, shape (3,), default (0, 0, -9.80665)
        Gravity vector in {0} (MuJoCo's world frame), m/s^2; MuJoCo's default
        is -9.81.
    name : str
        The ``<mujoco model>`` name; any non-empty text (quotes, ``<`` and
        ``&`` are escaped).

    Returns
    -------
    str
        MJCF text written with ``xml.etree.ElementTree``; load it with
        ``mujoco.MjModel.from_xml_string``.  Bodies
        ``"link1" .. "linkn"`` nest inside each other; body frame = chaindyn's
        {i}; joints ``"joint1" .. "jointn"``; a site ``"tip"`` at the origin of
        {n}.  ``qpos``, ``qvel``, ``qacc`` are chaindyn's q, qd, qdd.

    Raises
    ------
    ValueError
        If ``chain`` is not a Chain, ``gravity`` is not a finite 3-vector or
        ``name`` is not a non-empty str of characters XML can carry.

    Notes
    -----
    Settings that make MuJoCo compute the same rigid-body dynamics:
    ``<compiler angle="radian" inertiafromgeom="false">``; every joint has
    ``damping = armature = frictionloss = stiffness = 0`` and no range (no
    limit constraint); ``<flag contact="disable">``; no geoms.

    Conventions bridged: the body is placed by ``pos``/``quat`` = ``T_{i-1,i}(0)
    = M_{i,i-1}^{-1}`` (quaternion (w, x, y, z)); a hinge joint sits at the
    axis point ``r_i`` (:func:`axis_points`) with ``axis = omega_i``, a slide
    joint has ``axis = v_i`` (both in the body frame);
    ``<inertial pos = c_i, mass, fullinertia = (Ixx Iyy Izz Ixy Ixz Iyz)>``
    gives the inertia about the COM in body axes (``fullinertia`` cannot be
    combined with ``quat``; MuJoCo diagonalises it itself).  ``mj_inverse``
    ignores ``xfrc_applied``: add the tip wrench with :func:`mujoco_tip_qfrc`.
    MuJoCo's ``cfrc_*`` are (angular, linear), world-aligned, about the
    subtree COM: see :func:`mujoco_joint_wrenches`.
    """
    check_chain(chain)
    g = check_gravity(gravity)
    check_xml_name(name, "name")
    r = axis_points(chain)
    root = ET.Element("mujoco", model=name)
    ET.SubElement(root, "compiler", angle="radian", inertiafromgeom="false",
                  autolimits="true")
    option = ET.SubElement(root, "option", gravity=xml_numbers(g))
    ET.SubElement(option, "flag", contact="disable")
    body = ET.SubElement(root, "worldbody")
    for i in range(chain.n):
        T = inverse_transform(chain.home[i])  # T_{i-1,i} at q = 0
        body = ET.SubElement(body, "body", name=f"link{i + 1}", pos=xml_numbers(T[:3, 3]),
                             quat=xml_numbers(_quat_wxyz(T[:3, :3])))
        Ic = chain.inertias_com[i]
        full = [Ic[0, 0], Ic[1, 1], Ic[2, 2], Ic[0, 1], Ic[0, 2], Ic[1, 2]]
        ET.SubElement(body, "inertial", pos=xml_numbers(chain.coms[i]),
                      mass=xml_numbers(chain.masses[i]), fullinertia=xml_numbers(full))
        A = chain.screws[i]
        if chain.joint_types[i] == "revolute":
            kind, pos, axis = "hinge", r[i], A[:3]
        else:
            kind, pos, axis = "slide", np.zeros(3), A[3:]
        ET.SubElement(body, "joint", name=f"joint{i + 1}", type=kind, pos=xml_numbers(pos),
                      axis=xml_numbers(axis), damping="0", armature="0", frictionloss="0",
                      stiffness="0", limited="false")
    ET.SubElement(body, "site", name="tip", pos="0 0 0")
    ET.indent(root, space="  ")
    return ET.tostring(root, encoding="unicode") + "\n"


def mujoco_tip_qfrc(model, data, f_tip, body=None):
    """The joint torques ``J_b^T F_tip`` of chaindyn's tip wrench, by MuJoCo.

    ``mj_inverse`` ignores ``xfrc_applied``, so the tip wrench is added
    afterwards: ``tau = qfrc_inverse + mujoco_tip_qfrc(...)``.

    Parameters
    ----------
    model, data : mujoco.MjModel, mujoco.MjData
        From :func:`to_mujoco`, after the positions are propagated (e.g. by
        ``mj_inverse``, ``mj_forward`` or ``mj_kinematics`` + ``mj_comPos``).
    f_tip : array_like, shape (6,)
        chaindyn's F_tip: ``(moment, force)`` the end effector applies to the
        environment, in the body frame about its origin, N m and N.
    body : str or int, optional
        The end-effector body; default the last body (``model.nbody - 1``).

    Returns
    -------
    ndarray, shape (nv,)
        N m or N.

    Raises
    ------
    ValueError
        If ``f_tip`` is not a finite 6-vector or the body does not exist.

    Notes
    -----
    ``mj_applyFT`` maps a force and a torque in world coordinates, applied
    at a world point of a body, to generalised forces ``J^T (f, m)``.  The
    wrench is rotated to the world by the body's ``xmat`` and applied at the
    body's origin ``xpos``; its sign is kept, because the torque the joints
    must supply to push on the environment is ``+J^T F_tip`` (the force ON the
    body is ``-F_tip``).
    """
    import mujoco

    F = as_array(f_tip, "f_tip", (6,))
    b = _body_id(model, body)
    R = data.xmat[b].reshape(3, 3)
    out = np.zeros(model.nv)
    mujoco.mj_applyFT(model, data, R @ F[3:], R @ F[:3], np.array(data.xpos[b]), b, out)
    return out


def mujoco_xfrc_tip(model, data, f_tip, body=None):
    """``xfrc_applied`` row equal to chaindyn's tip wrench, for ``mj_forward``/``cfrc_int``.

    Parameters
    ----------
    model, data : mujoco.MjModel, mujoco.MjData
        Positions propagated (``xpos``, ``xmat``, ``xipos`` current).
    f_tip : array_like, shape (6,)
        chaindyn's F_tip (applied BY the end effector, (moment, force) in the
        body frame about its origin).
    body : str or int, optional
        Default the last body.

    Returns
    -------
    ndarray, shape (6,)
        ``(force, torque)`` ON the body, world coordinates, the torque about
        the body's COM ``xipos`` -- MuJoCo's ``xfrc_applied`` convention.
        ``mj_inverse`` ignores it; ``mj_forward`` and ``mj_rnePostConstraint``
        use it.
    """
    F = as_array(f_tip, "f_tip", (6,))
    b = _body_id(model, body)
    R = data.xmat[b].reshape(3, 3)
    f = -R @ F[3:]
    m = -R @ F[:3]  # about the body origin xpos
    m_com = _moment_about(m, f, data.xpos[b] - data.xipos[b])
    return np.concatenate([f, m_com])


def _moment_about(m, f, r):
    """The moment about a point a of a wrench whose moment about b is m and whose
    force is f, with ``r = b - a``: ``m_a = m_b + r x f``."""
    return m + np.cross(r, f)


def _body_id(model, body):
    import mujoco

    if body is None:
        return model.nbody - 1
    if isinstance(body, str):
        b = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_BODY, body)
        if b < 0:
            raise ValueError(f"body must name a body of the MuJoCo model, got {body!r}")
        return b
    b = int(body)
    if not 0 < b < model.nbody:
        raise ValueError(f"body index must be in [1, {model.nbody}), got {b}")
    return b


def mujoco_joint_wrenches(chain, model, data):
    """chaindyn's joint wrenches F_i read off MuJoCo's ``cfrc_int``.

    Parameters
    ----------
    chain : Chain
    model, data : mujoco.MjModel, mujoco.MjData
        From :func:`to_mujoco`, after ``mj_inverse`` (or ``mj_forward``) and
        ``mj_rnePostConstraint`` with the same ``qacc`` (and, for a tip wrench,
        ``xfrc_applied`` from :func:`mujoco_xfrc_tip`).

    Returns
    -------
    ndarray, shape (n, 6)
        Row i: ``(moment about the origin of {i+1}, force)`` in {i+1}, N m and
        N, comparable with :func:`chaindyn.joint_wrenches`.

    Notes
    -----
    ``cfrc_int[b]`` is the wrench the parent exerts on body b's subtree,
    (torque, force), world-aligned, the torque about ``subtree_com`` of the
    tree's root body (body 1 here).  The torque is moved to the body origin
    ``xpos`` (``m_o = m_c + (c - o) x f``) and both parts rotated into the body
    frame by ``xmat^T``.
    """
    check_chain(chain)
    if model.nbody != chain.n + 1:
        raise ValueError(f"model must have {chain.n + 1} bodies, got {model.nbody}")
    out = np.empty((chain.n, 6))
    for i in range(chain.n):
        b = i + 1
        c = data.subtree_com[model.body_rootid[b]]
        m, f = data.cfrc_int[b, :3], data.cfrc_int[b, 3:]
        m_o = _moment_about(m, f, c - data.xpos[b])
        R = data.xmat[b].reshape(3, 3)
        out[i] = np.concatenate([R.T @ m_o, R.T @ f])
    return out


# ----------------------------------------------------------------------------- Modern Robotics


def to_modern_robotics(chain, tool=None):
    """Modern Robotics' ``(Mlist, Glist, Slist)`` of the chain.

    Parameters
    ----------
    chain : Chain
    tool : array_like, shape (4, 4), optional
        Pose ``T_{n,tool}`` of the tool frame {n+1} in {n}; default identity
        (the tool frame is chaindyn's {n}, so ``Ftip`` = F_tip).

    Returns
    -------
    Mlist : list of ndarray, n + 1 arrays of shape (4, 4)
        ``M_{i-1,i}`` at q = 0 between centre-of-mass frames: ``Mlist[0]`` is
        COM frame {c_1} in {0}, ``Mlist[i]`` is {c_{i+1}} in {c_i}, the last is
        the tool frame in {c_n}, m.  The COM frame {c_i} is {i} moved to the
        centre of mass, axes parallel to {i}.
    Glist : list of ndarray, n arrays of shape (6, 6)
        ``G_i = diag(I_c, m 1)`` in {c_i}, rotational block first (kg, kg m^2).
        ``I_c`` is the full (not necessarily diagonal) inertia about the COM.
    Slist : ndarray, shape (6, n)
        Screw axes in the space frame {0} at q = 0, (omega, v):
        ``S_i = Ad_{T_{0,i}(0)} A_i``.

    Raises
    ------
    ValueError
        If ``chain`` is not a Chain or ``tool`` is not a 4x4 pose.

    Notes
    -----
    Use with ``modern_robotics.InverseDynamics(q, qd, qdd, g, Ftip, Mlist,
    Glist, Slist)``: ``g`` is chaindyn's gravity vector unchanged,
    ``Ftip`` = :func:`mr_ftip` (applied BY the end effector, in the tool frame,
    (moment, force) -- the same sign as chaindyn's F_tip).  The q, qd, qdd
    vectors are chaindyn's.  Modern Robotics, §8.3.2 and code library.
    """
    check_chain(chain)
    T_tool = _check_pose(tool)
    T0 = home_poses(chain)
    Tc = np.array([T0[i] @ _trans(chain.coms[i]) for i in range(chain.n)])
    Mlist = [Tc[0].copy()]
    for i in range(1, chain.n):
        Mlist.append(inverse_transform(Tc[i - 1]) @ Tc[i])
    Mlist.append(inverse_transform(Tc[-1]) @ T0[-1] @ T_tool)
    Glist = []
    for i in range(chain.n):
        G = np.zeros((6, 6))
        G[:3, :3] = chain.inertias_com[i]
        G[3:, 3:] = chain.masses[i] * np.eye(3)
        Glist.append(G)
    Slist = np.stack(
        [Ad_rp(T0[i, :3, :3], T0[i, :3, 3]) @ chain.screws[i] for i in range(chain.n)], axis=1
    )
    return Mlist, Glist, Slist


def _check_pose(T):
    if T is None:
        return np.eye(4)
    T = as_array(T, "tool", (4, 4))
    check_pose(T, "tool")
    return T


def mr_ftip(f_tip, tool=None):
    """Modern Robotics' ``Ftip`` from chaindyn's F_tip.

    Parameters
    ----------
    f_tip : array_like, shape (6,) or (N, 6)
        chaindyn's F_tip: ``(moment, force)`` the end effector applies to the
        environment, in {n} about its origin, N m and N.
    tool : array_like, shape (4, 4), optional
        ``T_{n,tool}``, as passed to :func:`to_modern_robotics`; default
        identity.

    Returns
    -------
    ndarray, shape (6,) or (N, 6)
        The same wrench in the tool frame {n+1} about its origin,
        ``Ftip = Ad_{T_{n,tool}}^T F_tip`` (the identity map when the tool
        frame is {n}).  Modern Robotics' ``Ftip`` is also applied BY the end
        effector and ordered (moment, force): no sign change.
    """
    F = check_wrench(f_tip)
    if F is None:
        raise ValueError("f_tip must be a wrench of shape (6,) or (N, 6), got None")
    T = _check_pose(tool)
    W = Ad_rp(T[:3, :3], T[:3, 3]).T  # Ad_{T_{n,tool}}^T
    return (W @ F[..., None])[..., 0]


# ----------------------------------------------------------------------------- Robotics Toolbox


def to_rtb(mdh, masses=None, coms=None, inertias_com=None, joint_types=None,
           gravity=DEFAULT_GRAVITY, name="chaindyn"):
    """A Robotics Toolbox ``DHRobot`` in modified DH, from a chain built from MDH.

    Either a :class:`~chaindyn.Chain` made by :meth:`chaindyn.Chain.from_mdh`
    (it keeps its rows as ``chain.mdh``) or the same table that
    :meth:`~chaindyn.Chain.from_mdh` takes (for the book's arm:
    ``to_rtb(models.arm6r())`` or ``to_rtb(**models.mdh_arguments(models.arm6r_table()))``).

    Parameters
    ----------
    mdh : Chain or array_like, shape (n, 4)
        A chain built by ``Chain.from_mdh``, or Craig's rows
        ``(alpha_{i-1} [rad], a_{i-1} [m], d_i [m], theta_i [rad])`` at q = 0.
    masses, coms, inertias_com : array_like, shapes (n,), (n, 3), (n, 3, 3)
        With rows only: kg; COM in {i}, m; inertia about the COM, axes of
        {i}, kg m^2.
    joint_types : sequence of str, optional
        With rows only: ``"R"``/``"revolute"`` or ``"P"``/``"prismatic"``;
        default all revolute.
    gravity : array_like, shape (3,)
        Stored as ``robot.gravity`` (a gravity vector, as chaindyn's; RTB's
        default is (0, 0, -9.81)).
    name : str

    Returns
    -------
    roboticstoolbox.DHRobot
        Links ``RevoluteMDH(d, a, alpha, offset=theta)`` or
        ``PrismaticMDH(theta, a, alpha, offset=d)``, with ``m``, ``r`` (COM),
        ``I`` (3x3 about the COM) and the drive terms zeroed: ``Jm = 0``,
        ``G = 1``, ``B = 0``, ``Tc = (0, 0)`` (RTB's ``rne`` adds armature
        ``Jm G^2 qdd`` and friction otherwise).  Its joint vector is
        chaindyn's q.

    Raises
    ------
    ValueError
        For a Chain that was not built by ``Chain.from_mdh``, and as
        :meth:`chaindyn.Chain.from_mdh` for a table (checked by building the
        Chain first).

    Notes
    -----
    RTB's ``rne(q, qd, qdd, gravity=g, fext=W)`` takes ``W = (force,
    moment)`` in the end-effector frame {n}: see :func:`rtb_fext`.
    """
    import roboticstoolbox as rtb

    if isinstance(mdh, Chain):
        chain = mdh
        if chain.mdh is None:
            raise ValueError(
                "to_rtb needs a chain built by Chain.from_mdh (it keeps the MDH rows), "
                f"got {chain!r} without MDH rows"
            )
        mdh = chain.mdh
    else:
        chain = Chain.from_mdh(mdh, masses, coms, inertias_com, joint_types)
    g = check_gravity(gravity)
    mdh = np.asarray(mdh, dtype=float)
    links = []
    for i, (alpha, a, d, theta) in enumerate(mdh):
        common = dict(a=float(a), alpha=float(alpha), m=float(chain.masses[i]),
                      r=np.array(chain.coms[i]), I=np.array(chain.inertias_com[i]),
                      Jm=0.0, G=1.0, B=0.0, Tc=[0.0, 0.0])
        if chain.joint_types[i] == "revolute":
            links.append(rtb.RevoluteMDH(d=float(d), offset=float(theta), **common))
        else:
            links.append(rtb.PrismaticMDH(theta=float(theta), offset=float(d), **common))
    robot = rtb.DHRobot(links, name=name, gravity=g)
    return robot


def rtb_fext(f_tip):
    """Robotics Toolbox's ``fext`` for ``DHRobot.rne`` from chaindyn's F_tip.

    Parameters
    ----------
    f_tip : array_like, shape (6,)
        ``(moment, force)`` applied BY the end effector, in {n} about its
        origin, N m and N.

    Returns
    -------
    ndarray, shape (6,)
        ``(force, moment)``: RTB's ``fext`` is the wrench the end effector
        exerts on the environment, in the last link's MDH frame {n} about its
        origin, with force first (measured: ``rne(..., fext=W)`` adds
        ``J_b^T F``), so only the halves swap.
    """
    F = as_array(f_tip, "f_tip", (6,))
    return np.concatenate([F[3:], F[:3]])
