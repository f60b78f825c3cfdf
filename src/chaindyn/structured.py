"""The joint frames and link constants of the structured forms (book appendix B.1).

The structured RNEA, CRBA and ABA of :mod:`chaindyn.engine` work in joint
frames {i'} fixed to the links (modified DH): z along the joint axis, x along
the common normal of axes i and i+1, origin where that normal meets axis i.
The pose of {i'} in {(i-1)'} is then ``Rx(alpha) Rz(theta + q)`` after the
offset ``p = (a, 0, 0)`` (along the previous x to the foot of the normal on
axis i) and a slide ``s`` along axis i (``s = d``, or ``d + q`` for a
prismatic joint).  The last frame {n'} has its origin at the foot of the
normal (``d_n = 0``) and its x along a principal axis of the last link's
inertia in the plane of x and y (``I_xy = 0``).  Where a common normal is not
defined (parallel axes, or nearly so: feet farther than ``FAR_FEET`` chain
sizes), the origin stays at the previous foot and ``p`` is a general
3-vector.

This module computes, once per Chain (on first use, kept in a
``WeakKeyDictionary`` keyed on the Chain) and from plain ndarray views of the
chain's arrays, so that :func:`chaindyn.opcount.count` counts only the
per-call work, the precomputation a library does when it loads a model: the
joint frames at q = 0 (:func:`joint_frames`), the constants of each link in
them (:class:`LinkConstants`: the pose parameters and the mass, first moment
and second moment about the origin of {i'}), and their folded form
(:class:`FoldedLink`): a constant that is 0 or +-1 up to the roundoff of its
computation becomes the structural ``ZERO``, ``ONE`` or ``MINUS_ONE``
(:func:`fold`), objects with which a product is not computed and a sum is the
other term, so that the products they would enter leave no operation in the
compiled code and no multiplication in its count.  No value is tested during
a call.
"""

from __future__ import annotations

import math
import weakref
from typing import NamedTuple

import numpy as np

from ._validate import check_chain
from .kinematics import home_poses, relative_poses
from .spatial import axis_point, parallel_axis, rot_x, rot_z

__all__ = ["precompute", "joint_frames", "fold", "StructuredChain", "LinkConstants",
           "FoldedLink", "JointFrames", "ZERO", "ONE", "MINUS_ONE", "FOLD_ULPS", "FAR_FEET"]


class LinkConstants(NamedTuple):
    """The constants of one link in its joint frame {i'} (Python floats).

    The pose of {i'} in {(i-1)'} is ``Rx(alpha) Rz(theta + q)`` with offset
    ``p`` (revolute) or ``Rx(alpha) Rz(theta)`` with offset ``p + q Rx(alpha) z``
    (prismatic); the inertia is the mass, the first moment ``m c`` and the
    symmetric second moment ``J = tr(I_o)/2 1 - I_o`` about the origin of {i'}.
    The offset is the common normal of axes i-1 and i followed by a slide ``d``
    along axis i: ``p = (a, 0, 0) + d Rx(alpha) z`` when the normal is well
    defined (modified DH), with a general first part otherwise.
    """

    prismatic: float  #: 1.0 for a prismatic joint, 0.0 for a revolute one
    ca: float  #: cos alpha
    sa: float  #: sin alpha
    theta: float  #: angle offset, rad
    px: float  #: offset p of {i'} in {(i-1)'} at q = 0, m
    py: float
    pz: float
    ey: float  #: y component of Rx(alpha) z (= -sin alpha), the prismatic direction
    ez: float  #: z component of Rx(alpha) z (= cos alpha)
    m: float  #: mass, kg
    mcx: float  #: first moment m c in {i'}, kg m
    mcy: float
    mcz: float
    J00: float  #: second moment J about the origin of {i'}, kg m^2
    J01: float
    J02: float
    J11: float
    J12: float
    J22: float
    d: float  #: slide along axis i from the foot of the common normal to the origin, m


class JointFrames(NamedTuple):
    """The joint frames {i'} of a chain at q = 0 (see :func:`joint_frames`)."""

    link_poses: np.ndarray  #: (n, 4, 4) T_{0,i}(0), the link frames {i} in {0}
    points: np.ndarray  #: (n, 3) origin of {i'} in {i}
    rotations: np.ndarray  #: (n, 3, 3) R_{0,i'}: columns x, y, z of {i'} in {0}
    origins: np.ndarray  #: (n, 3) origin of {i'} from the origin of {1} at q = 0, axes of {0}, m
    feet: np.ndarray  #: (n, 3) as origins: where the common normal from axis i-1 meets axis i


class StructuredChain:
    """The constants of the structured forms for one Chain (joint frames and inertias).

    Attributes
    ----------
    links : list of LinkConstants
        Per link, as Python floats (see :class:`LinkConstants`).
    base_rotation : ndarray, shape (3, 3)
        ``R_{0,0'}``: gravity enters as ``R_{0,0'}^T (-gravity)``.
    tip_rotation, tip_offset : ndarray, shapes (3, 3), (3,)
        ``R_{n,n'}`` and the origin of {n'} in {n}: the tip wrench enters as
        ``R^T f`` and ``R^T (n - r x f)``.
    frames : ndarray, shape (n, 4, 4)
        ``T_{i,i'}``: the joint frame {i'} in the link frame {i} (for tests and
        for reading joint wrenches back in {i}).
    folded : list of FoldedLink
        The constants of the sweeps of :mod:`chaindyn.engine`, with
        the structural zeros and ones folded (:func:`fold`).
    """

    def __init__(self, links, base_rotation, tip_rotation, tip_offset, frames):
        self.links = links
        self.base_rotation = base_rotation
        self.tip_rotation = tip_rotation
        self.tip_offset = tip_offset
        self.frames = frames
        self.folded = [_folded_link(link) for link in links]
        self._flat = (
            tuple(fold(x) for x in base_rotation.ravel()),
            tuple(fold(x) for x in tip_rotation.ravel()),
            tuple(fold(x, 1.0 + np.abs(tip_offset).max()) for x in tip_offset),
        )


# ----------------------------------------------------------------- structural constants
class _Zero:
    """The structural zero: a product with it is not computed and a sum with it is
    the other term, so the products it would enter vanish from the per-call code
    (and from its count) without a test on any value."""

    __slots__ = ()
    __array_ufunc__ = None  # numpy hands ``array * ZERO`` to the methods below

    def __mul__(self, other):
        return self

    __rmul__ = __mul__

    def __add__(self, other):
        return other

    __radd__ = __add__

    def __sub__(self, other):
        return -other

    def __rsub__(self, other):
        return other

    def __neg__(self):
        return self

    def __float__(self):
        return 0.0

    def __repr__(self):
        return "ZERO"


class _Unit:
    """The structural one (or minus one): a product with it is the other factor
    (or its negation, which is not a multiplication)."""

    __slots__ = ("sign",)
    __array_ufunc__ = None

    def __init__(self, sign):
        self.sign = sign

    def __mul__(self, other):
        return other if self.sign > 0 else -other

    __rmul__ = __mul__

    def __neg__(self):
        return MINUS_ONE if self.sign > 0 else ONE

    def __float__(self):
        return float(self.sign)

    def __add__(self, other):
        return float(self.sign) + other

    __radd__ = __add__

    def __sub__(self, other):
        return float(self.sign) - other

    def __rsub__(self, other):
        return other - float(self.sign)

    def __repr__(self):
        return "ONE" if self.sign > 0 else "MINUS_ONE"


ZERO, ONE, MINUS_ONE = _Zero(), _Unit(1), _Unit(-1)


#: A constant within this many units of roundoff (times its scale) of 0 or +-1 is
#: folded to ZERO or +-ONE: it is that value, computed with roundoff.
FOLD_ULPS = 64


def fold(x, scale=1.0):
    """A precomputed constant as it enters the per-call code: ZERO, ONE or MINUS_ONE
    if it is within ``FOLD_ULPS`` units of roundoff (relative to ``scale``) of 0,
    1 or -1, else the Python float.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn.structured import fold
    >>> [fold(np.cos(np.pi / 2)), fold(np.sin(np.pi / 2)), fold(-1.0), fold(0.25)]
    [ZERO, ONE, MINUS_ONE, 0.25]
    """
    x = float(x)
    tol = FOLD_ULPS * np.finfo(float).eps * scale
    if abs(x) <= tol:
        return ZERO
    if abs(x - 1.0) <= tol:
        return ONE
    if abs(x + 1.0) <= tol:
        return MINUS_ONE
    return x


class FoldedLink(NamedTuple):
    """One link's constants for the sweeps of :mod:`chaindyn.engine`, folded.

    ``p`` is the offset of the foot of the common normal on axis i from the
    origin of {(i-1)'}, in {(i-1)'} (``(a, ZERO, ZERO)`` for a well-defined
    normal), ``d`` the slide along axis i from that foot to the origin of
    {i'}.  The inertia about the origin of {i'} enters Euler's equation through
    its six entries and the three differences of its diagonal.
    """

    prismatic: bool
    ca: object  #: cos alpha, sin alpha
    sa: object
    theta: object  #: angle offset (revolute)
    ct: object  #: cos theta, sin theta (prismatic: constant)
    st: object
    px: object  #: p, m
    py: object
    pz: object
    d: object  #: m
    m: object  #: kg
    hx: object  #: first moment m c, kg m
    hy: object
    hz: object
    Ixx: object  #: inertia about the origin of {i'}, kg m^2
    Iyy: object
    Izz: object
    Iyz: object
    Ixz: object
    Ixy: object
    Dx: object  #: Izz - Iyy
    Dy: object  #: Ixx - Izz
    Dz: object  #: Iyy - Ixx
    general: bool  #: p has more than its x component (no well-defined common normal)


def _folded_link(link):
    """FoldedLink from LinkConstants (once per Chain)."""
    J = np.array([[link.J00, link.J01, link.J02], [link.J01, link.J11, link.J12],
                  [link.J02, link.J12, link.J22]])
    Io = np.trace(J) * np.eye(3) - J  # I_o = tr(J) 1 - J
    pre = np.array([link.px, link.py - link.d * link.ey, link.pz - link.d * link.ez])
    length = 1.0 + float(np.abs(pre).max()) + abs(link.d)
    h = np.array([link.mcx, link.mcy, link.mcz])
    hs = float(np.abs(h).max()) or 1.0
    Is = float(np.abs(Io).max()) or 1.0
    pri = bool(link.prismatic)
    px, py, pz = (fold(x, length) for x in pre)
    return FoldedLink(
        pri, fold(link.ca), fold(link.sa), fold(link.theta),
        fold(math.cos(link.theta)) if pri else None, fold(math.sin(link.theta)) if pri else None,
        px, py, pz, fold(link.d, length),
        fold(link.m, link.m), *(fold(x, hs) for x in h),
        fold(Io[0, 0], Is), fold(Io[1, 1], Is), fold(Io[2, 2], Is),
        fold(Io[1, 2], Is), fold(Io[0, 2], Is), fold(Io[0, 1], Is),
        fold(Io[2, 2] - Io[1, 1], Is), fold(Io[0, 0] - Io[2, 2], Is), fold(Io[1, 1] - Io[0, 0], Is),
        not (py is ZERO and pz is ZERO),
    )


# ----------------------------------------------------------------- joint frames
_CACHE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()

#: The feet of a common normal farther than this many chain sizes from the
#: axes' points: the axes count as parallel.  The chain's size is 1 m plus the
#: distance of the farthest of its axis points and mass centres from the origin
#: of {1} at q = 0 (where the chain is placed in {0} does not enter).  The feet of
#: nearly parallel axes run off to infinity, and the link's inertia about a far
#: origin grows as the square of the distance, so that the sweeps subtract
#: large, nearly equal terms: on the random 6-link chain of book §3.5.5 (the
#: mass-ratio study) an origin 9 chain lengths away made the structured ABA's
#: error 147 eps, against 2 eps with this bound.
FAR_FEET = 3.0


def _plain(a):
    """A plain ndarray view (the opcount instrumentation removed): the
    precomputation is not part of a counted call."""
    return np.asarray(a).view(np.ndarray)


def _unit(x):
    return x / np.linalg.norm(x)


def _perpendicular(z, hint):
    """A unit vector perpendicular to unit z, as close to ``hint`` as possible."""
    x = hint - (hint @ z) * z
    if np.linalg.norm(x) < 1e-6:
        e = np.zeros(3)
        e[int(np.argmin(np.abs(z)))] = 1.0
        x = e - (e @ z) * z
    return _unit(x)


def _common_normal(z0, z1, hint):
    """Unit x perpendicular to both unit axes z0 and z1 (to roundoff, also when
    they are nearly parallel: the cross product is taken with their small
    difference); ``hint`` decides when they are parallel."""
    d = z1 - z0 if z0 @ z1 >= 0 else z1 + z0
    c = np.cross(z0, d)
    nc = np.linalg.norm(c)
    if nc < FOLD_ULPS * np.finfo(float).eps:  # parallel to roundoff: the hint decides
        return _perpendicular(z0, hint)
    x = c / nc
    x = x - (x @ z0) * z0  # roundoff clean-up only
    return _unit(x)


def _feet(p0, z0, p1, z1):
    """The points of lines (p0, z0) and (p1, z1) that the common normal joins, or
    None for parallel lines."""
    c = np.cross(z0, z1)
    cc = c @ c
    if cc == 0.0:
        return None
    w = p1 - p0
    return p0 + (np.cross(w, z1) @ c / cc) * z0, p1 + (np.cross(w, z0) @ c / cc) * z1


def _frame(z, x):
    """Rotation with columns x, z x x, z."""
    return np.column_stack([x, np.cross(z, x), z])


def _principal_x(z, hint, inertia):
    """Unit x perpendicular to z along a principal axis of ``inertia`` (3x3) in
    the plane perpendicular to z: the product of inertia I_xy is then zero."""
    x0 = _perpendicular(z, hint)
    y0 = np.cross(z, x0)
    ixx, iyy, ixy = x0 @ inertia @ x0, y0 @ inertia @ y0, x0 @ inertia @ y0
    phi = 0.5 * math.atan2(2.0 * ixy, ixx - iyy)
    return _unit(math.cos(phi) * x0 + math.sin(phi) * y0)


def joint_frames(chain):
    """The joint frames {i'} of a chain at q = 0 (modified DH): z along joint i's
    axis, x along the common normal of axes i and i+1, origin where that normal
    meets axis i (step 1 of :func:`precompute`).

    Axis 1's point is the one nearest the origin of {1}.  Where two axes are
    parallel (or their common normal's feet lie farther than ``FAR_FEET``
    times the chain's size away) the origin stays at the foot of the previous
    normal.  Points are computed from the origin of {1} at q = 0, so that the
    frames do not depend on where the chain is placed in {0}.
    The last frame {n'} has its origin at that foot and its x axis along a
    principal axis of the last link's inertia, so that its ``I_xy`` is zero.

    Parameters
    ----------
    chain : Chain
        Its arrays are read as plain ndarrays (nothing here is counted by
        :mod:`chaindyn.opcount`).

    Returns
    -------
    JointFrames

    Raises
    ------
    ValueError
        If ``chain`` is not a Chain.
    """
    check_chain(chain)
    chain = chain._with_arrays(_plain)
    n = chain.n
    T0 = home_poses(chain)  # poses of the link frames {i} in {0} at q = 0
    # Every point below is taken from the origin of {1} (in the axes of {0}): the sums of
    # forward kinematics without the offset of {1} in {0}, so that no coordinate carries
    # the chain's distance from {0} and its roundoff.
    steps = relative_poses(chain, np.zeros(n))
    t = [np.zeros(3)]
    for i in range(1, n):
        t.append(T0[i - 1, :3, :3] @ steps[i, :3, 3] + t[-1])
    Z, P, C = [], [], []  # axis direction, a point of the axis and the COM, from {1}
    for i in range(n):
        w, u = chain.screws[i, :3], chain.screws[i, 3:]
        Z.append(T0[i, :3, :3] @ _unit(u if chain.joint_types[i] == "prismatic" else w))
        P.append(T0[i, :3, :3] @ axis_point(chain.screws[i]) + t[i])
        C.append(T0[i, :3, :3] @ chain.coms[i] + t[i])
    # the chain's own size (FAR_FEET): 1 m and the farthest axis point or mass centre from {1}
    far = FAR_FEET * (1.0 + max(float(np.linalg.norm(x)) for x in P + C))
    Org, Q, Feet = [], [], [P[0]]
    for i in range(n):
        foot, hint = Feet[i], T0[i, :3, 0]
        if i + 1 == n:  # the last frame: no next axis
            R0 = T0[i, :3, :3]
            com = C[i]
            Io = parallel_axis(R0 @ chain.inertias_com[i] @ R0.T, chain.masses[i], com - foot)
            Org.append(foot)
            Q.append(_frame(Z[i], _principal_x(Z[i], hint, Io)))
            break
        ends = _feet(P[i], Z[i], P[i + 1], Z[i + 1])
        if ends is None or max(np.linalg.norm(ends[0] - foot),
                               np.linalg.norm(ends[1] - P[i + 1])) > far:
            o = foot  # parallel: the normal through the previous foot
            r = P[i + 1] - o
            nxt = o + r - (r @ Z[i + 1]) * Z[i + 1]
        else:
            o, nxt = ends
        if i == 0:
            Feet[0] = o  # {0'} coincides with {1'} at q = 0: no slide before link 1
        r = nxt - o
        if np.linalg.norm(r - (r @ Z[i]) * Z[i]) > 1e-9 * far:
            hint = r
        Org.append(o)
        Q.append(_frame(Z[i], _common_normal(Z[i], Z[i + 1], hint)))
        Feet.append(nxt)
    Q, Org, Feet = np.array(Q), np.array(Org), np.array(Feet)
    points = np.array([T0[i, :3, :3].T @ (Org[i] - t[i]) for i in range(n)])
    return JointFrames(T0, points, Q, Org, Feet)


def _link_constants(chain, frames):
    """Step 2 of :func:`precompute`: each link's pose parameters and inertia in {i'}
    (a list of LinkConstants) and the frames ``T_{i,i'}`` (n, 4, 4)."""
    chain = chain._with_arrays(_plain)
    T0, r_loc, Q, Org, Feet = frames
    links = []
    T_link = np.empty((chain.n, 4, 4))
    for i in range(chain.n):
        Qp, Op = (Q[0], Org[0]) if i == 0 else (Q[i - 1], Org[i - 1])  # {0'} = {1'} at q = 0
        Rc = Qp.T @ Q[i]  # rotation of {i'} in {(i-1)'} at q = 0
        p = Qp.T @ (Org[i] - Op)
        alpha = math.atan2(-Rc[1, 2], Rc[2, 2])
        theta = math.atan2(-Rc[0, 1], Rc[0, 0])
        err = float(np.abs(rot_x(alpha) @ rot_z(theta) - Rc).max())
        if err > 1e-12:
            raise RuntimeError(f"joint frame {i + 1}: Rx(alpha) Rz(theta) misses by {err:.3g}")
        ca, sa = math.cos(alpha), math.sin(alpha)
        # inertia about the origin of {i'}, in {i'}
        Rl = T0[i, :3, :3].T @ Q[i]  # R_{i,i'}
        T_link[i] = np.eye(4)
        T_link[i, :3, :3], T_link[i, :3, 3] = Rl, r_loc[i]
        m = float(chain.masses[i])
        c = Rl.T @ (chain.coms[i] - r_loc[i])
        Io = parallel_axis(Rl.T @ chain.inertias_com[i] @ Rl, m, c)
        J = 0.5 * np.trace(Io) * np.eye(3) - Io
        mc = m * c
        d = float((Org[i] - Feet[i]) @ Q[i][:, 2])
        links.append(LinkConstants(*(float(v) for v in (
            chain.joint_types[i] == "prismatic", ca, sa, theta, *p, -sa, ca, m, *mc,
            J[0, 0], J[0, 1], J[0, 2], J[1, 1], J[1, 2], J[2, 2], d,
        ))))
    return links, T_link


def precompute(chain):
    """The joint frames and inertia constants of ``chain`` for :mod:`chaindyn.engine`.

    Called by the structured forms on first use and cached per Chain; call
    it yourself to see the constants.  Two steps: the joint frames
    (:func:`joint_frames`), then each link's constants in its joint frame.

    Parameters
    ----------
    chain : Chain

    Returns
    -------
    StructuredChain

    Raises
    ------
    ValueError
        If ``chain`` is not a Chain.
    RuntimeError
        If the joint frames do not reproduce the chain's home poses (never
        expected: an internal consistency check).
    """
    check_chain(chain)
    cached = _CACHE.get(chain)
    if cached is not None:
        return cached
    frames = joint_frames(chain)
    links, T_link = _link_constants(chain, frames)
    base_R = frames.rotations[0]  # R_{0,0'}: {0'} coincides with {1'} at q = 0
    s = StructuredChain(links, base_R, T_link[-1, :3, :3].copy(), T_link[-1, :3, 3].copy(),
                        T_link)
    _CACHE[chain] = s
    return s


