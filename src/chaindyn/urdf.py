"""Serial chains from URDF files (read with yourdfpy), and a URDF writer for chains.

:func:`load` reads the serial path from a base link to a tip link of a URDF
robot into a :class:`~chaindyn.Chain` and the names that tie it to the file;
:func:`chain_from_urdf` returns the Chain alone.  :func:`to_urdf` writes a
Chain as URDF text (used to test the reader against Pinocchio's parser on
random chains).

URDF facts used here (ROS URDF specification, ``wiki.ros.org/urdf/XML``):

* a link's frame is its parent joint's frame: the joint ``<origin>`` places the
  child link's frame in the parent link's frame at zero joint position, and
  the motion is about (revolute, continuous) or along (prismatic) ``<axis>``
  through that frame's origin, the axis given in that frame (default
  ``(1, 0, 0)``);
* ``rpy = (r, p, y)`` means ``R = R_z(y) R_y(p) R_x(r)`` (fixed axes x, y, z);
* ``<inertial>``: ``<origin>`` places the centre of mass and the axes of the
  inertia tensor in the link frame; ``<inertia>`` is about the centre of mass
  in those axes, so in link axes it is ``R I R^T``;
* lengths in m, angles in rad, mass in kg, inertia in kg m^2.

``import chaindyn.urdf`` needs numpy only; yourdfpy is imported by :func:`load`.
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

import numpy as np

from ._validate import check_chain, check_xml_name
from ._validate import xml_numbers as _num
from .chain import Chain
from .kinematics import axis_frame_placements
from .spatial import (
    Ad_rp,
    inverse_transform,
    parallel_axis,
    rotate_inertia,
    spatial_inertia,
)

__all__ = ["load", "chain_from_urdf", "URDFChain", "to_urdf"]

_MOVING = {"revolute": "revolute", "continuous": "revolute", "prismatic": "prismatic"}
_KNOWN = ("revolute", "continuous", "prismatic", "fixed", "floating", "planar")
_INERTIA_KEYS = ("ixx", "ixy", "ixz", "iyy", "iyz", "izz")


@dataclass(frozen=True)
class URDFChain:
    """A chain read from a URDF file, with the names that tie it to the file.

    Attributes
    ----------
    chain : Chain
        The dynamic model: body k is moved by ``joints[k]``.
    joints : tuple of str
        Names of the moving joints from base to tip (the order of q).
    links : tuple of tuple of str
        For each body, the URDF links merged into it (the child link of the
        joint first, then links fixed to it or locked on it).
    frames : tuple of str
        The URDF link whose frame is chaindyn's {k}: the child link of joint k,
        and for the last body the tip link.
    base_link, tip_link : str
    locked : tuple of str
        Joints off the base-tip path (revolute, continuous, prismatic, floating,
        planar) that were locked at zero joint position.
    """

    chain: Chain
    joints: tuple
    links: tuple
    frames: tuple
    base_link: str
    tip_link: str
    locked: tuple = field(default_factory=tuple)


def chain_from_urdf(path, base_link=None, tip_link=None):
    """The :class:`~chaindyn.Chain` of the serial path ``base_link`` -> ``tip_link`` of a URDF file.

    ``load(path, base_link, tip_link).chain``: the same arguments, rules and
    errors as :func:`load` (which needs yourdfpy), without the names.

    Parameters
    ----------
    path : str or os.PathLike
        The URDF file (meshes are not loaded).
    base_link : str, optional
        The link fixed to the ground; default the URDF's root link.
    tip_link : str, optional
        The end-effector link; default the only leaf below ``base_link``.

    Returns
    -------
    Chain

    Raises
    ------
    ValueError
        As :func:`load`.
    """
    return load(path, base_link, tip_link).chain


def load(path, base_link=None, tip_link=None):
    """Read the serial chain from ``base_link`` to ``tip_link`` of a URDF file.

    Parameters
    ----------
    path : str or os.PathLike
        The URDF file.  Meshes are not loaded (only the kinematic and inertial
        data are read), so the file loads offline without its mesh packages.
    base_link : str, optional
        The link fixed to the ground, frame {0}; default the URDF's root link.
    tip_link : str, optional
        The end-effector link; its frame is chaindyn's {n} (the frame of
        ``f_tip``).  Default: the only leaf link below ``base_link``.

    Returns
    -------
    URDFChain
        The Chain and the names of its joints and links.

    Raises
    ------
    ValueError
        If the file is missing or is not well-formed XML, if it is not a URDF
        robot (root element, an empty ``<robot>``, unnamed links or joints,
        numbers, parent/child references, a link with two parents, a cycle
        or several roots), if a list of numbers has the wrong length
        (``xyz="0 0 1 2"``, ``<axis xyz="0 1"/>``) or holds a non-number or a
        non-finite value, if an element appears twice where URDF allows one
        (``<origin>``, ``<axis>``, ``<parent>``, ``<limit>`` of a joint;
        ``<inertial>`` of a link; ``<origin>``, ``<mass>``, ``<inertia>`` of an
        inertial), if a joint has no ``<parent link>`` or ``<child link>``, if
        a ``<mass>`` or an ``<inertia>`` attribute is missing or a mass is
        negative, if ``base_link`` or ``tip_link`` is not a str (or None) or
        not a link of the file, if ``tip_link``
        is not below ``base_link``, if the tip is not given and the leaf below
        the base is not unique, if a joint on the path is ``floating``,
        ``planar``, of an unknown type, a ``mimic`` joint or has a zero axis, if
        the path has no moving joint, or if a moving body ends up with no mass
        or with an inertia that is not a rigid body's (the message names the
        joint and the links).

    Notes
    -----
    How the URDF tree becomes a chain of n rigid bodies, one per moving joint
    (revolute, continuous, prismatic) on the path from base to tip:

    * ``continuous`` joints are revolute joints without limits (joint limits,
      effort, velocity, damping and friction are not read: a Chain is pure
      rigid-body dynamics);
    * body k consists of the child link of joint k and every link attached to
      it by ``fixed`` joints, and of every link hanging off it by a joint that
      is not on the path: those joints are LOCKED AT ZERO (their origin only;
      ``mimic`` relations are ignored) and their links merged into body k --
      e.g. a gripper's fingers become part of the last body.  Links below the
      tip are merged into the last body in the same way;
    * links before the first moving joint, and links not below ``base_link``,
      are part of the ground and do not enter the dynamics;
    * frame {k} is the frame of joint k's child link (on the joint axis), except
      {n}, which is the frame of ``tip_link``;
    * merging: each link's inertia about its COM is rotated to the body frame
      (``R I R^T``, with R the inertial origin's rotation composed with the
      link's pose), then masses add, the COM is the mass-weighted mean, and
      the rotational inertias are summed about the body frame's origin
      (parallel-axis theorem) before the result is taken back to the COM;
    * a link without ``<inertial>`` adds nothing; a link with mass 0 adds
      its rotational inertia (its ``<inertia>`` turned into the body's axes,
      with no parallel-axis term) and leaves the mass and the COM unchanged,
      as Pinocchio's parser does; a moving body whose merged mass is 0
      raises ValueError (a Chain needs m > 0 per link; give the link an
      inertial with mass, or fix it to a massive neighbour);
    * the axis is normalised (URDF asks for a unit vector; a zero axis raises).

    yourdfpy fills a missing ``ixx``/``iyy``/``izz`` with 1.0, recovers from
    malformed XML, reads the first of repeated elements and the first three
    of four numbers; all of these are rejected here, with the file, the link
    or joint and what was found, before yourdfpy reads the file.
    """
    import yourdfpy

    for role, value in (("base_link", base_link), ("tip_link", tip_link)):
        if value is not None and not isinstance(value, str):
            raise ValueError(
                f"{role} must be a link name (str) or None, got {value!r} "
                f"({type(value).__name__})"
            )
    fname = _check_path(path)
    _check_xml(fname)
    try:
        model = yourdfpy.URDF.load(
            fname,
            build_scene_graph=False,
            build_collision_scene_graph=False,
            load_meshes=False,
            load_collision_meshes=False,
        )
    except (KeyError, AttributeError, TypeError, ValueError, IndexError) as exc:
        raise ValueError(
            f"{fname} is not a valid URDF robot: {type(exc).__name__}: {exc}"
        ) from None
    return _build(fname, model.robot, base_link, tip_link)


def _check_path(path):
    if not isinstance(path, (str, os.PathLike)):
        raise ValueError(f"path must be a file name (str or os.PathLike), got {path!r}")
    fname = os.fspath(path)
    if not os.path.isfile(fname):
        raise ValueError(f"URDF file not found: {fname}")
    return fname


def _check_xml(fname):
    """The parts of the file that the chain is made of, checked before yourdfpy
    reads it (yourdfpy trims or pads lists of numbers, keeps the first of
    repeated elements and fills missing inertia entries): well-formed XML with
    a <robot> root that has a name and links; named links and joints; one
    <parent> and one <child> per joint and at most one <origin>, <axis>,
    <limit>, <mimic>, ...; at most one <inertial> per link, holding at most
    one <origin> and exactly one <mass> and one complete <inertia>; every
    number list of the right length, numeric and finite."""
    try:
        root = ET.parse(fname).getroot()
    except ET.ParseError as exc:
        raise ValueError(f"{fname} is not well-formed XML: {exc}") from None
    if root.tag != "robot":
        raise ValueError(f"{fname} must have a <robot> root element, got <{root.tag}>")
    links = root.findall("link")
    if not links:
        kids = sorted({c.tag for c in root if isinstance(c.tag, str)})
        got = "an empty <robot> element" if not kids else "only " + ", ".join(
            f"<{k}>" for k in kids)
        raise ValueError(f"{fname}: the <robot> element must contain at least one <link>, "
                         f"got {got}")
    if not root.get("name"):
        raise ValueError(f"{fname}: the <robot> element must have a name attribute, got none")
    for k, link in enumerate(links):
        name = link.get("name")
        if not name:
            raise ValueError(f"{fname}: <link> number {k + 1} must have a name attribute, "
                             "got none")
        where = f"link {name!r}"
        inertial = _single(fname, link, "inertial", where)
        if inertial is None:
            continue
        where += ": <inertial>"
        origin = _single(fname, inertial, "origin", where)
        if origin is not None:
            for attr in ("xyz", "rpy"):
                _numbers(fname, origin, attr, 3, where + "<origin")
        mass = _single(fname, inertial, "mass", where)
        if mass is None or mass.get("value") is None:
            raise ValueError(f"{fname}: {where} must have <mass value=...>, got none")
        _numbers(fname, mass, "value", 1, where + "<mass")
        inertia = _single(fname, inertial, "inertia", where)
        if inertia is None:
            raise ValueError(f"{fname}: {where} must have an <inertia> element, got none")
        missing = [k for k in _INERTIA_KEYS if inertia.get(k) is None]
        if missing:
            raise ValueError(
                f"{fname}: link {name!r}: <inertia> must have all of {', '.join(_INERTIA_KEYS)}, "
                f"missing {', '.join(missing)}"
            )
        for key in _INERTIA_KEYS:
            _numbers(fname, inertia, key, 1, where + "<inertia")
    for k, joint in enumerate(root.findall("joint")):
        name = joint.get("name")
        if not name:
            raise ValueError(f"{fname}: <joint> number {k + 1} must have a name attribute, "
                             "got none")
        where = f"joint {name!r}"
        for tag in ("parent", "child"):
            el = _single(fname, joint, tag, where)
            if el is None or not el.get("link"):
                got = "none" if el is None else f"<{tag}> without a link attribute"
                raise ValueError(f"{fname}: {where} must have a <{tag} link=...>, got {got}")
        for tag in _JOINT_SINGLES:
            _single(fname, joint, tag, where)
        origin = joint.find("origin")
        if origin is not None:
            for attr in ("xyz", "rpy"):
                _numbers(fname, origin, attr, 3, where + ": <origin")
        axis = joint.find("axis")
        if axis is not None:
            _numbers(fname, axis, "xyz", 3, where + ": <axis")


#: Elements of which a <joint> has at most one (ROS URDF specification).
_JOINT_SINGLES = ("origin", "axis", "limit", "mimic", "dynamics", "calibration",
                  "safety_controller")


def _single(fname, parent, tag, where):
    """The one <tag> child of ``parent``, or None; several raise ValueError."""
    found = parent.findall(tag)
    if len(found) > 1:
        raise ValueError(
            f"{fname}: {where} must have at most one <{tag}>, got {len(found)} <{tag}> elements"
        )
    return found[0] if found else None


def _numbers(fname, element, attr, count, what):
    """Check that attribute ``attr`` of ``element`` (if present) holds ``count``
    finite numbers; ``what`` names the element, e.g. "joint 'j1': <origin"."""
    text = element.get(attr)
    if text is None:
        return
    tokens = text.split()
    want = "a number" if count == 1 else f"{count} numbers"
    if len(tokens) != count:
        raise ValueError(
            f"{fname}: {what} {attr}=...> must be {want}, got {len(tokens)} ({text!r})"
        )
    try:
        values = [float(t) for t in tokens]
    except ValueError:
        raise ValueError(f"{fname}: {what} {attr}=...> must be {want}, got {text!r}") from None
    if not all(np.isfinite(values)):
        raise ValueError(f"{fname}: {what} {attr}=...> must be finite, got {text!r}")


def _pose(T, what):
    if T is None:
        return np.eye(4)
    T = np.asarray(T, dtype=float)
    if T.shape != (4, 4) or not np.all(np.isfinite(T)):
        raise ValueError(f"{what} must be a finite pose, got {T!r}")
    return T


def _build(fname, robot, base_link, tip_link):
    """The URDFChain of the path from ``base_link`` to ``tip_link`` of a parsed robot,
    in the steps of :func:`load`'s notes: the tree, the path, the frames, the inertias."""
    tree = _tree(fname, robot)
    base, tip, below, path, moving = _path(fname, tree, base_link, tip_link)
    owner, pose, home, screws, locked = _frames(tree, base, path, moving)
    inertias, members = _inertias(fname, tree, below, owner, pose, moving)
    frames = tuple([tree.joints[jn].child for jn in moving[:-1]] + [tip])
    try:
        chain = Chain(np.array(home), np.array(screws), np.array(inertias))
    except ValueError as exc:
        raise ValueError(f"{fname}: {exc}") from None
    return URDFChain(chain, tuple(moving), tuple(members), frames, base, tip, tuple(locked))


@dataclass(frozen=True)
class _Tree:
    """The links and joints of a URDF robot by name, and how they connect."""

    links: dict  # name -> yourdfpy Link
    joints: dict  # name -> yourdfpy Joint
    parent_joint: dict  # child link name -> joint name
    children: dict  # link name -> names of the joints whose parent it is
    root: str


def _tree(fname, robot):
    """Check that the links and joints form one tree (unique names, known joint
    types, existing parent and child links, one parent per link, one root, all
    connected)."""
    links = {}
    for link in robot.links:
        if link.name in links:
            raise ValueError(f"{fname}: link names must be unique, got {link.name!r} twice")
        links[link.name] = link
    if not links:
        raise ValueError(f"{fname}: the robot must have at least one <link>, got none")
    joints, parent_joint, children = {}, {}, {name: [] for name in links}
    for j in robot.joints:
        if j.name in joints:
            raise ValueError(f"{fname}: joint names must be unique, got {j.name!r} twice")
        joints[j.name] = j
        if j.type not in _KNOWN:
            raise ValueError(
                f"{fname}: joint {j.name!r} must have a type in {', '.join(_KNOWN)}, "
                f"got {j.type!r}"
            )
        for role, ln in (("parent", j.parent), ("child", j.child)):
            if ln not in links:
                raise ValueError(
                    f"{fname}: joint {j.name!r} has {role} link {ln!r}, which is not a <link>"
                )
        if j.child in parent_joint:
            raise ValueError(
                f"{fname}: link {j.child!r} must have one parent joint, got "
                f"{parent_joint[j.child]!r} and {j.name!r}"
            )
        parent_joint[j.child] = j.name
        children[j.parent].append(j.name)
    roots = [name for name in links if name not in parent_joint]
    if len(roots) != 1:
        raise ValueError(
            f"{fname}: the links must form one tree with a single root, got roots {roots}"
        )
    seen = _subtree(roots[0], joints, children)
    if len(seen) != len(links):
        loose = sorted(set(links) - set(seen))
        raise ValueError(f"{fname}: links {loose} are not connected to the root (a cycle?)")
    return _Tree(links, joints, parent_joint, children, roots[0])


def _path(fname, tree, base_link, tip_link):
    """The base and tip links, the links below the base, the joints of the path
    from base to tip and the moving ones among them (each checked: no floating,
    planar or mimic joint on the path, at least one moving joint)."""
    links, joints, children = tree.links, tree.joints, tree.children
    base = tree.root if base_link is None else base_link
    if base not in links:
        raise ValueError(f"base_link must be a link of {fname}, got {base!r}")
    below = _subtree(base, joints, children)
    if tip_link is None:
        leaves = [name for name in below if not children[name]]
        if len(leaves) != 1:
            raise ValueError(
                f"tip_link must be given: {fname} has {len(leaves)} leaf links below "
                f"{base!r} ({', '.join(leaves)}), so the tip is ambiguous"
            )
        tip = leaves[0]
    else:
        tip = tip_link
        if tip not in links:
            raise ValueError(f"tip_link must be a link of {fname}, got {tip!r}")
        if tip not in below:
            raise ValueError(f"tip_link {tip!r} must be below base_link {base!r} in {fname}")
    path, ln = [], tip  # the path, base -> tip, as joint names
    while ln != base:
        jn = tree.parent_joint[ln]
        path.append(jn)
        ln = joints[jn].parent
    path.reverse()
    moving = []
    for jn in path:
        j = joints[jn]
        if j.type in ("floating", "planar"):
            raise ValueError(
                f"joint {jn!r} on the path from {base!r} to {tip!r} must be revolute, "
                f"continuous, prismatic or fixed, got {j.type!r}"
            )
        if j.type in _MOVING:
            if j.mimic is not None:
                raise ValueError(
                    f"joint {jn!r} on the path from {base!r} to {tip!r} must be independent, "
                    f"got a <mimic> of joint {j.mimic.joint!r} (mimic joints are not supported)"
                )
            moving.append(jn)
    if not moving:
        raise ValueError(
            f"the path from {base!r} to {tip!r} must have at least one revolute, continuous "
            f"or prismatic joint, got only fixed joints ({len(path)})"
        )
    return base, tip, below, path, moving


def _frames(tree, base, path, moving):
    """Frame {k} of each body and what hangs on it: the owner body (0 = ground) and
    the pose in the owner's frame of every link below the base, the home poses
    M_{k,k-1} and screw axes A_k, and the joints off the path locked at zero."""
    joints, children = tree.joints, tree.children
    n = len(moving)
    index = {jn: k + 1 for k, jn in enumerate(moving)}
    # pose of the tip frame in the child frame of the last moving joint
    T_child_tip = np.eye(4)
    for jn in path[path.index(moving[-1]) + 1:]:
        T_child_tip = T_child_tip @ _pose(joints[jn].origin, f"origin of joint {jn!r}")
    owner, pose = {base: 0}, {base: np.eye(4)}
    on_path = set(path)
    home, screws, locked = [None] * n, [None] * n, []
    for jn in _joints_in_order(base, joints, children):
        j = joints[jn]
        T_origin = _pose(j.origin, f"origin of joint {jn!r}")
        P, C = j.parent, j.child
        if jn in on_path and j.type in _MOVING:
            k = index[jn]
            owner[C] = k
            T_C_Fk = T_child_tip if k == n else np.eye(4)  # pose of {k} in C's frame
            pose[C] = inverse_transform(T_C_Fk)
            T_prev_k = pose[P] @ T_origin @ T_C_Fk  # T_{k-1,k} at q = 0
            home[k - 1] = inverse_transform(T_prev_k)
            screws[k - 1] = _screw(j, pose[C])
        else:
            owner[C] = owner[P]
            pose[C] = pose[P] @ T_origin
            if jn not in on_path and j.type != "fixed":
                locked.append(jn)
    return owner, pose, home, screws, locked


def _screw(j, Ti):
    """Screw axis A_k in {k} of the moving joint j whose frame (its child link's
    frame) has the pose ``Ti = T_{k,C}`` in {k}: the unit <axis> through the joint
    frame's origin, carried into {k}."""
    axis = np.asarray(j.axis if j.axis is not None else (1.0, 0.0, 0.0), dtype=float)
    norm = float(np.linalg.norm(axis))
    if not np.isfinite(norm) or norm == 0.0:
        raise ValueError(f"joint {j.name!r} must have a nonzero finite <axis>, got {axis}")
    A = np.zeros(6)
    if _MOVING[j.type] == "revolute":
        A[:3] = axis / norm
    else:
        A[3:] = axis / norm
    return Ad_rp(Ti[:3, :3], Ti[:3, 3]) @ A


def _inertias(fname, tree, below, owner, pose, moving):
    """Spatial inertia G_k of each body about the origin of {k} (its links merged),
    and the names of the links of each body; a body without mass raises."""
    inertias, members = [], []
    for k in range(1, len(moving) + 1):
        names = [ln for ln in below if owner[ln] == k]
        members.append(tuple(names))
        m, G = _merged_inertia(fname, names, tree.links, pose)
        if not m > 0:
            raise ValueError(
                f"the body moved by joint {moving[k - 1]!r} (links {', '.join(names)}) must "
                f"have mass > 0, got {m:g} kg (no <inertial> or mass 0); chaindyn needs a "
                f"massive body per moving joint"
            )
        inertias.append(G)
    return inertias, members


def _subtree(root, joints, children):
    """Link names of the subtree at ``root``, parents before children."""
    out, stack = [], [root]
    while stack:
        ln = stack.pop()
        out.append(ln)
        stack.extend(joints[jn].child for jn in reversed(children[ln]))
    return out


def _joints_in_order(root, joints, children):
    """Joint names of the subtree at ``root``, each after its parent link's joint."""
    out, stack = [], list(reversed(children[root]))
    while stack:
        jn = stack.pop()
        out.append(jn)
        stack.extend(reversed(children[joints[jn].child]))
    return out


def _merged_inertia(fname, names, links, pose):
    """Mass and spatial inertia about the body frame's origin of the links ``names``,
    whose poses in the body frame are ``pose[name]``."""
    m_sum, mc_sum, I_o = 0.0, np.zeros(3), np.zeros((3, 3))
    own = {}  # link -> (mass, inertia about its COM) of the links with mass
    for ln in names:
        inertial = links[ln].inertial
        if inertial is None or inertial.mass is None:
            continue
        m = float(inertial.mass)
        if not np.isfinite(m) or m < 0:
            raise ValueError(f"{fname}: link {ln!r} must have a finite mass >= 0, got {m}")
        I_in = np.asarray(inertial.inertia if inertial.inertia is not None else np.zeros((3, 3)),
                          dtype=float)
        if not np.all(np.isfinite(I_in)):
            raise ValueError(f"{fname}: link {ln!r} must have a finite inertia, got {I_in}")
        if m > 0:
            own[ln] = (m, I_in)
        T = pose[ln] @ _pose(inertial.origin, f"inertial origin of link {ln!r}")
        R, c = T[:3, :3], T[:3, 3]  # axes and COM of the inertial frame in the body frame
        m_sum += m
        mc_sum += m * c
        I_o += parallel_axis(rotate_inertia(I_in, R), m, c)  # about the body frame's origin
    if not m_sum > 0:
        return m_sum, None
    c = mc_sum / m_sum
    I_c = parallel_axis(I_o, -m_sum, c)  # back to the merged COM
    I_c = 0.5 * (I_c + I_c.T)
    try:
        return m_sum, spatial_inertia(m_sum, c, I_c)
    except ValueError as merged:
        for ln, (m, I_in) in own.items():  # a link whose own <inertial> is not physical
            try:
                spatial_inertia(m, np.zeros(3), I_in)
            except ValueError as alone:
                raise _inertia_error(fname, f"link {ln!r}: the inertia", alone) from None
        what = (f"link {next(iter(own))!r}: the inertia" if len(own) == 1
                else f"the merged inertia of links {', '.join(own)}")
        raise _inertia_error(fname, what, merged) from None


def _inertia_error(fname, what, exc):
    """The ValueError of spatial_inertia ``exc``, said of ``what`` in the file ``fname``."""
    return ValueError(f"{fname}: {what} {str(exc).removeprefix('spatial_inertia ')}")


# ----------------------------------------------------------------------------- writer


def _rpy(R):
    """URDF roll-pitch-yaw of a rotation matrix, inverse of ``spatial.rpy_matrix``."""
    pitch = np.arctan2(-R[2, 0], np.hypot(R[0, 0], R[1, 0]))
    if np.hypot(R[0, 0], R[1, 0]) < 1e-12:  # gimbal lock: put the whole turn in roll
        return np.array([np.arctan2(-R[1, 2], R[1, 1]), pitch, 0.0])
    return np.array([np.arctan2(R[2, 1], R[2, 2]), pitch, np.arctan2(R[1, 0], R[0, 0])])


def to_urdf(chain, name="chaindyn", tip_link="tip"):
    """URDF text of a Chain: links ``link1 .. linkn``, joints ``joint1 .. jointn``.

    Parameters
    ----------
    chain : Chain
    name : str
        The ``<robot name>``; any non-empty text (quotes, ``<`` and ``&`` are
        escaped).
    tip_link : str
        Name of a massless link fixed to link n whose frame is the chain's
        {n}; pass it as ``tip_link`` to :func:`load` to get back F_tip's frame.
        Any non-empty text other than the names of the other links
        (``base``, ``link1`` .. ``linkn``).

    Returns
    -------
    str
        URDF text written with ``xml.etree.ElementTree`` (so every name reads
        back as given): base link ``base`` (massless, the chain's {0}); link
        i's frame is the chain's {i} moved onto the joint axis (the point
        ``r_i = omega x v`` of :func:`chaindyn.interop.axis_points`), axes
        parallel to {i}; revolute joints with limits of +-1e3 rad (not
        ``continuous``: Pinocchio's parser makes those (cos, sin) joints);
        prismatic joints with limits of +-1e3 m; inertials at the COM with
        ``rpy = 0`` (inertia in link axes); the fixed joint ``<tip_link>_joint``
        to the tip link.  Numbers are written to full double precision.

    Raises
    ------
    ValueError
        If ``chain`` is not a Chain, if ``name`` or ``tip_link`` is not a
        non-empty str of characters XML can carry, or if ``tip_link`` repeats
        the name of another link (the file would have two links of one name).

    Notes
    -----
    Reading it back with :func:`load` gives a chain with the same joint space
    dynamics (the same M, h, g for every q) and the same {n}; the other link
    frames differ by the shift r_i.

    Examples
    --------
    >>> from chaindyn import models, urdf
    >>> text = urdf.to_urdf(models.planar_2r(), name='arm "A" & <B>')
    >>> text.splitlines()[0]
    '<robot name="arm &quot;A&quot; &amp; &lt;B&gt;">'
    """
    check_chain(chain)
    check_xml_name(name, "name")
    check_xml_name(tip_link, "tip_link")
    links = ["base"] + [f"link{i + 1}" for i in range(chain.n)]
    if tip_link in links:
        raise ValueError(
            f"tip_link must differ from the names of the other links (base, link1 .. "
            f"link{chain.n}), got {tip_link!r}: the URDF would have two links of that name"
        )
    joints = [f"joint{i + 1}" for i in range(chain.n)] + [f"{tip_link}_joint"]  # all distinct
    placements, r = axis_frame_placements(chain)
    robot = ET.Element("robot", name=name)
    ET.SubElement(robot, "link", name="base")
    parent, r_prev = "base", np.zeros(3)
    for i in range(chain.n):
        T = placements[i]  # T_{i-1,i}(0) of the link frames on the axes
        Ic = chain.inertias_com[i]
        revolute = chain.joint_types[i] == "revolute"
        axis = chain.screws[i, :3] if revolute else chain.screws[i, 3:]
        link = ET.SubElement(robot, "link", name=links[i + 1])
        inertial = ET.SubElement(link, "inertial")
        ET.SubElement(inertial, "origin", xyz=_num(chain.coms[i] - r[i]), rpy="0 0 0")
        ET.SubElement(inertial, "mass", value=_num(chain.masses[i]))
        ET.SubElement(inertial, "inertia", ixx=_num(Ic[0, 0]), ixy=_num(Ic[0, 1]),
                      ixz=_num(Ic[0, 2]), iyy=_num(Ic[1, 1]), iyz=_num(Ic[1, 2]),
                      izz=_num(Ic[2, 2]))
        joint = ET.SubElement(robot, "joint", name=joints[i],
                              type="revolute" if revolute else "prismatic")
        ET.SubElement(joint, "parent", link=parent)
        ET.SubElement(joint, "child", link=links[i + 1])
        ET.SubElement(joint, "origin", xyz=_num(T[:3, 3]), rpy=_num(_rpy(T[:3, :3])))
        ET.SubElement(joint, "axis", xyz=_num(axis))
        ET.SubElement(joint, "limit", lower="-1000", upper="1000", effort="1000",
                      velocity="1000")
        parent, r_prev = links[i + 1], r[i]
    ET.SubElement(robot, "link", name=tip_link)
    joint = ET.SubElement(robot, "joint", name=joints[-1], type="fixed")
    ET.SubElement(joint, "parent", link=parent)
    ET.SubElement(joint, "child", link=tip_link)
    ET.SubElement(joint, "origin", xyz=_num(-r_prev), rpy="0 0 0")
    ET.indent(robot, space="  ")
    return ET.tostring(robot, encoding="unicode") + "\n"
