"""RNEA that exploits the structure of a serial chain (book appendix B).

:func:`chaindyn.rnea` multiplies dense 6x6 matrices: 357 products per
revolute link under the book's counting rule, 420 counting every
elementwise product too.  :func:`rnea_structured` computes the same torques
with 91 per link of a chain of general geometry, and fewer where the
geometry has zeros, by changes that libraries and the literature make as well
(Featherstone 2008, ch. 10; Balafoutis and Patel 1991; Craig 2005, ch. 6):

1. **Joint frames, modified DH** (precomputed once per chain).  Each link gets
   a frame {i'} fixed to it: z along the joint axis, x along the common normal
   of axes i and i+1, origin where that normal meets axis i.  The pose of
   {i'} in {(i-1)'} is then ``Rx(alpha) Rz(theta + q)`` after the offset
   ``p = (a, 0, 0)`` (along the previous x to the foot of the normal on axis
   i) and a slide ``s`` along axis i (``s = d``, or ``d + q`` for a prismatic
   joint).  A rotation about a coordinate axis costs 4 products per
   3-vector, a slide along one 3.  The joint screw is ``z``: ``tau_i`` is a
   component and costs no product.
2. **Rotation and translation apart**: 3-vectors (omega, its rate, the
   origin's acceleration a; moment N and force F) with cross products.
3. **The tensor** ``Omega_i = [omega_i rate] + [omega_i]^2`` from the six
   products of omega's components: ``Omega r`` is the acceleration of a point
   r of the link relative to the origin's.  Its first column moves the
   acceleration to the foot of the normal (``a Omega_{i-1} x``, 3), its third
   slides it along the axis (``s Omega_i z``, 3): a point of the joint axis
   moves with link i-1 as with link i, so each step uses the link whose
   column is cheap.
4. **Inertia as m, m c and I_o** about the origin of {i'}, with Euler's
   equation expanded in the six products of omega, the terms that share an
   inertia entry paired: ``n_x = Ixx b_x + Ixy (b_y - w_x w_z) + Ixz (b_z +
   w_x w_y) + (Izz - Iyy) w_y w_z + Iyz (w_y^2 - w_z^2)`` and cyclically
   (b the angular acceleration): 15 products for ``I b + w x I w``.
5. **Constants folded at construction** (:func:`fold`): a constant that is 0
   or +-1 (up to the roundoff of its computation) becomes the structural
   ``ZERO``, ``ONE`` or ``MINUS_ONE``, objects with which a product is not
   computed; so are the base's zero velocity and acceleration.  No value is
   tested during a call: the products with them vanish by Python's operator
   dispatch, and so do they from the count.
6. **The ends of the chain**: link 1 starts from rest (omega_1 = z qd_1) and
   needs only ``tau_1``; link 2 sends only the z component of its moment to
   link 1; the last frame {n'} has its origin at the foot of the normal
   (``d_n = 0``) and its x along a principal axis of the last link's inertia
   in the plane of x and y (``Ixy = 0``).
7. **Compiled once per chain** (:func:`compiled`): the recursion below is
   traced into straight-line Python code, one line per operation, so that
   the products with the folded constants cost no Python dispatch at run
   time either; negations are merged into the sums and products that use
   them, and operations whose results nothing reads are dropped (an operand
   of a product with a folded zero; the moments of an all-prismatic chain,
   which no torque reads).

Per link, with ``R = Rx(alpha) Rz(theta + q)`` the rotation of {i'} in
{(i-1)'}, for a link in the middle of a chain of general geometry::

    forward   u       = a_{i-1} + a Omega_{i-1} x     (foot of the normal)  3
              omega_i = R^T omega_{i-1} (+ z qd_i)                          8
              b_i     = R^T b_{i-1} (+ (R^T omega_{i-1}) x z qd_i + z qdd_i)  8 (+ 2)
              u      <- R^T u                                               8
              Omega_i = [b_i] + omega_i omega_i^T - |omega_i|^2 1            6
              a_i     = u + s Omega_i z  (+ 2 omega_i x z qd_i + z qdd_i)     3 (+ 2)
    body      f^B = m a_i + Omega_i (m c)                                  12
              n^B = I_o b_i + omega_i x I_o omega_i + (m c) x a_i      15 + 6
    backward  F_i = f^B + F_{i+1},  N_i = n^B + N_{i+1}   (both in {i'})    0
              tau_i = N_i . z (revolute) or F_i . z (prismatic)             0
              N_i <- N_i + s z x F_i                                         2
              F_i <- R F_i,  N_i <- R N_i                                8 + 8
              N_i <- N_i + a x x F_i          (into {(i-1)'})                2

(the terms in brackets: the revolute joint's in b_i, the prismatic joint's in
a_i), i.e. 91 multiplications for either joint type (``PER_LINK_MULTIPLICATIONS``).
Link 1 with a revolute joint costs 8 (``FIRST_LINK_MULTIPLICATIONS``: a_1 = Rz^T
a_0, 4; omega_z^2, 1; tau_1 = Izz b_z + (m c x a_1)_z, 3); link 2 saves 18 (its
omega_1 and b_1 lie along z: 4 + 4 in their rotations, 1 at the foot; its
wrench goes to link 1 as the z component alone: 11 products instead of 20);
the last link saves 8 if revolute (d_n = 0: 3 + 2; Ixy = 0: 3) and 3 if
prismatic (Ixy only) (``END_SAVINGS``).  Once per call, whatever the number of
states, gravity is rotated
into {0'} (9) and a tip wrench, if given, into {n'} (24).  An all-revolute
chain of general geometry: ``91 n - 100`` for n >= 3 (82 for n = 2, 16 for
n = 1, where omega_z^2 has no next link to reach), against ``93 n - 108``
(Balafoutis and Patel 1991, as tabulated in Featherstone 2008, Table 10.1).
Zeros in the geometry (intersecting or parallel axes, right-angle twists,
links with symmetric inertia) fold away more; a leading run of prismatic
joints has no angular velocity at all, and an all-prismatic chain computes
no moment (its torques are force components): 19 per link, ``19 n - 13``
for n >= 2.
These counts are what ``opcount.count(rnea_structured, ..., rule="all")``
measures on the code below and what the tests pin.  Where a common normal is
not defined (parallel axes, or nearly so: feet farther than ``FAR_FEET``
chain lengths), the origin stays at the previous foot and ``p`` is a general
3-vector: 9 products at the foot and 6 in ``p x F``.

Precomputation and counting
---------------------------
The joint frames and the constants in them are computed once per Chain (on
first use, kept in a ``WeakKeyDictionary`` keyed on the Chain) from plain
ndarray views of the chain's arrays, so that :func:`chaindyn.opcount.count`
counts only the per-call work -- the precomputation a library does when it
loads a model.  It takes three steps: the joint frames {i'} at q = 0
(:func:`joint_frames`), the constants of each link in them
(:class:`LinkConstants`, shared with the structured CRBA and ABA), and their
folded form (:class:`FoldedLink`).  The per-call code multiplies constants
only with state-dependent values, never with each other, which the tests
check by counting once more with the constants themselves instrumented
(``rnea_structured(..., count_constants=True)``).

One code path serves one state and a batch: ``_sweep``, which works on
components, compiled (step 7).  For one state, or a batch of at most
``ROW_LOOP_MAX`` states, given as plain arrays or lists, the components are
Python floats and the states run one after the other (fast: no numpy call
per operation); for a larger batch, or for instrumented arrays, they are
arrays over a block of at most ``BLOCK_STATES`` states and every line is one
vectorized numpy operation; the blocks run one after the other, so that the
temporaries stay within the cache whatever the batch size.
"""

from __future__ import annotations

import math
import weakref
from typing import NamedTuple

import numpy as np

from ._validate import (
    DEFAULT_GRAVITY,
    batch_shape,
    check_chain,
    check_gravity,
    check_state,
    check_wrench,
)
from .kinematics import home_poses
from .spatial import axis_point, parallel_axis, rot_x, rot_z

__all__ = ["rnea_structured", "precompute", "joint_frames", "fold", "StructuredChain",
           "LinkConstants", "FoldedLink", "JointFrames", "ZERO", "ONE", "MINUS_ONE",
           "PER_LINK_MULTIPLICATIONS", "FIRST_LINK_MULTIPLICATIONS", "END_SAVINGS",
           "PER_CALL_MULTIPLICATIONS", "compiled", "CompiledSweep"]

#: Multiplications (rule "all") of a link in the middle of a chain of general geometry
#: (no zero or unit constants), by joint type: see the module docstring, line by line.
PER_LINK_MULTIPLICATIONS = {"revolute": 91, "prismatic": 91}
#: Multiplications of link 1 when its joint is revolute (it starts from rest).
FIRST_LINK_MULTIPLICATIONS = 8
#: What link 2 and the last link save against PER_LINK_MULTIPLICATIONS (and link 1
#: against FIRST_LINK_MULTIPLICATIONS when it is the only one: omega_z^2 has no reader).
END_SAVINGS = {"second": 18, "last revolute": 8, "last prismatic": 3, "single link": 1}
#: Multiplications per call outside the link loop: gravity into {0'}; a tip wrench into {n'}.
PER_CALL_MULTIPLICATIONS = {"gravity": 9, "f_tip": 24}


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
    origins: np.ndarray  #: (n, 3) origin of {i'} in {0}, m
    feet: np.ndarray  #: (n, 3) in {0}: where the common normal from axis i-1 meets axis i


class StructuredChain:
    """The constants of :func:`rnea_structured` for one Chain (joint frames and inertias).

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
        The constants of the recursion of :func:`rnea_structured`, with
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
        self._compiled = {}  # tip wrench or not -> CompiledSweep (see compiled())
        self._functions = {}  # (tip, path) -> the compiled sweep bound (see _function())


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


def _as_float(v):
    return float(v) if isinstance(v, (_Zero, _Unit)) else v


def _mapped(s, f):
    """The folded link constants and the flattened base and tip rotations of the
    StructuredChain ``s``, each value passed through ``f`` (flags and None too)."""
    links = [link._replace(**{k: f(v) for k, v in link._asdict().items()}) for link in s.folded]
    return links, tuple(tuple(f(v) for v in part) for part in s._flat)

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
    """One link's constants for the recursion of :func:`rnea_structured`, folded.

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

#: The feet of a common normal farther than this many chain lengths from the
#: axes' points: the axes count as parallel (the feet of nearly parallel axes
#: run off to infinity, and constants that large would cost accuracy).
FAR_FEET = 10.0


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
    chain lengths away) the origin stays at the foot of the previous normal.
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
    Z, P = [], []  # axis direction and a point of the axis, in {0}
    for i in range(n):
        w, u = chain.screws[i, :3], chain.screws[i, 3:]
        Z.append(T0[i, :3, :3] @ _unit(u if chain.joint_types[i] == "prismatic" else w))
        P.append(T0[i, :3, :3] @ axis_point(chain.screws[i]) + T0[i, :3, 3])
    far = FAR_FEET * (1.0 + max(float(np.linalg.norm(p)) for p in P))
    Org, Q, Feet = [], [], [P[0]]
    for i in range(n):
        foot, hint = Feet[i], T0[i, :3, 0]
        if i + 1 == n:  # the last frame: no next axis
            R0 = T0[i, :3, :3]
            com = R0 @ chain.coms[i] + T0[i, :3, 3]
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
    points = np.array([T0[i, :3, :3].T @ (Org[i] - T0[i, :3, 3]) for i in range(n)])
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
    """The joint frames and inertia constants of ``chain`` for :func:`rnea_structured`.

    Called by :func:`rnea_structured` on first use and cached per Chain; call
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


# ----------------------------------------------------------------- the recursion
def _base_acceleration(R, gravity):
    """a_0 = R_{0,0'}^T (-gravity): the base at rest, accelerating upwards (9; once per
    call, the same for every state).  ``R`` flattened, ``gravity`` its components."""
    (r00, r01, r02, r10, r11, r12, r20, r21, r22), (gx, gy, gz) = R, gravity
    return (-(r00 * gx + r10 * gy + r20 * gz), -(r01 * gx + r11 * gy + r21 * gz),
            -(r02 * gx + r12 * gy + r22 * gz))


def _sweep(links, q, qd, qdd, a0, tip, cos, sin, zero):
    """Both recursions on components (floats, arrays over a batch, or the structural
    ZERO); returns the list of tau_i.  ``links`` are FoldedLinks; ``a0`` is the base's
    acceleration in {0'} (:func:`_base_acceleration`); ``zero`` its zero velocity and
    angular acceleration (ZERO, or 0.0 on the float path).

    ``tip`` = None or (R_{n,n'} flattened, r, moment components, force components).
    """
    ax, ay, az = a0
    wx = wy = wz = bx = by = bz = zero  # omega_0 and its rate: the products they enter vanish
    # Omega_0, its diagonal kept as the sums S = -diag(Omega), which enter by subtraction
    S0 = S1 = S2 = O01 = O02 = O10 = O12 = O20 = O21 = zero
    n = len(links)
    stack = [None] * n
    for i, L in enumerate(links):
        (pri, ca, sa, th, ct, st, px, py, pz, d, m, hx, hy, hz,
         Ixx, Iyy, Izz, Iyz, Ixz, Ixy, Dx, Dy, Dz, general) = L
        if pri:
            s = d + q[i]
        else:
            t = q[i] + th
            ct, st, s = cos(t), sin(t), d
        # the foot of the common normal on axis i: a_{i-1} + Omega_{i-1} p    (3; 9 for a general p)
        ux = ax - S0 * px
        uy = ay + O10 * px
        uz = az + O20 * px
        if general:  # parallel axes: a general p
            ux, uy, uz = (ux + O01 * py + O02 * pz, uy - S1 * py + O12 * pz,
                          uz + O21 * py - S2 * pz)
        # into {i'}: R^T = Rz(-theta - q) Rx(-alpha) on omega, its rate and u       (8 + 8 + 8)
        y1, z1 = ca * wy + sa * wz, ca * wz - sa * wy
        wx, wy, wz = ct * wx + st * y1, ct * y1 - st * wx, z1
        y1, z1 = ca * by + sa * bz, ca * bz - sa * by
        bx, by, bz = ct * bx + st * y1, ct * y1 - st * bx, z1
        y1, z1 = ca * uy + sa * uz, ca * uz - sa * uy
        ux, uy, uz = ct * ux + st * y1, ct * y1 - st * ux, z1
        if not pri:
            # omega_i += z qd_i; its rate += (R^T omega_{i-1}) x z qd_i + z qdd_i   (2)
            v = qd[i]
            bx, by, bz = bx + wy * v, by - wx * v, bz + qdd[i]
            wz = wz + v
        # Omega_i = [omega_i rate] + omega_i omega_i^T - |omega_i|^2 1 from six products (6);
        # its diagonal is -S: -(yy + zz), -(xx + zz), -(xx + yy)
        xx, yy, zz = wx * wx, wy * wy, wz * wz
        xy, xz, yz = wx * wy, wx * wz, wy * wz
        S0, S1, S2 = yy + zz, xx + zz, xx + yy
        O01, O10 = xy - bz, xy + bz
        O02, O20 = xz + by, xz - by
        O12, O21 = yz - bx, yz + bx
        # slide along axis i to the origin: a_i = u + Omega_i z s     (3; a point of the axis
        # moves with link i-1 as with link i, so Omega_i serves, and a prismatic s = d + q)
        ax, ay, az = ux + O02 * s, uy + O12 * s, uz - S2 * s
        if pri:
            # + 2 omega_i x z qd_i + z qdd_i, the doubling an addition                 (2)
            v2 = qd[i] + qd[i]
            ax, ay, az = ax + wy * v2, ay - wx * v2, az + qdd[i]
        # the body wrench: f^B = m a_i + Omega_i (m c)                             (12)
        #                  n^B = I_o b_i + omega_i x I_o omega_i + (m c) x a_i   (15 + 6)
        if i == 0 and pri:  # link 1 needs only the component that is tau_1
            stack[0] = m * az + O20 * hx + O21 * hy - S2 * hz
            continue
        nz = (Izz * bz + Ixz * (bx - yz) + Iyz * (by + xz) + Dz * xy + Ixy * (xx - yy)
              + (hx * ay - hy * ax))
        if i == 0:
            stack[0] = nz
            continue
        fx = m * ax - S0 * hx + O01 * hy + O02 * hz
        fy = m * ay + O10 * hx - S1 * hy + O12 * hz
        fz = m * az + O20 * hx + O21 * hy - S2 * hz
        nx = (Ixx * bx + Ixy * (by - xz) + Ixz * (bz + xy) + Dx * yz + Iyz * (yy - zz)
              + (hy * az - hz * ay))
        ny = (Iyy * by + Ixy * (bx + yz) + Iyz * (bz - xy) + Dy * xz + Ixz * (zz - xx)
              + (hz * ax - hx * az))
        stack[i] = (ct, st, s, fx, fy, fz, nx, ny, nz)
    # backward: from the tip inwards
    if tip is None:
        Fx = Fy = Fz = Nx = Ny = Nz = zero
    else:
        (t00, t01, t02, t10, t11, t12, t20, t21, t22), (rx, ry, rz), moment, force = tip
        (mx, my, mz), (kx, ky, kz) = moment, force
        # F_tip = (n, f) in {n'}: f' = R^T f, n' = R^T (n - r x f)                (6 + 9 + 9)
        mx, my, mz = mx - (ry * kz - rz * ky), my - (rz * kx - rx * kz), mz - (rx * ky - ry * kx)
        Fx = t00 * kx + t10 * ky + t20 * kz
        Fy = t01 * kx + t11 * ky + t21 * kz
        Fz = t02 * kx + t12 * ky + t22 * kz
        Nx = t00 * mx + t10 * my + t20 * mz
        Ny = t01 * mx + t11 * my + t21 * mz
        Nz = t02 * mx + t12 * my + t22 * mz
    taus = [None] * n
    for i in range(n - 1, 0, -1):
        pri, ca, sa, _, _, _, px, py, pz = links[i][:9]
        ct, st, s, fx, fy, fz, nx, ny, nz = stack[i]
        # F_i = f^B + F_{i+1}, N_i = n^B + N_{i+1} (both in {i'})
        Fx, Fy, Fz, Nx, Ny, Nz = Fx + fx, Fy + fy, Fz + fz, Nx + nx, Ny + ny, Nz + nz
        taus[i] = Fz if pri else Nz  # tau_i = F_i . z or N_i . z
        # into {(i-1)'}
        if i == 1:  # link 1 needs one component: z of R F, or of R N + p x R F  (4, or 2 + 9)
            y1 = st * Fx + ct * Fy
            if links[0].prismatic:
                Fz = sa * y1 + ca * Fz
            else:
                Nx, Ny = Nx - s * Fy, Ny + s * Fx  # slide back along axis 2
                Nz = sa * (st * Nx + ct * Ny) + ca * Nz + px * (ca * y1 - sa * Fz)
                if links[i].general:  # parallel axes: (p x R F)_z in full
                    Nz = Nz - py * (ct * Fx - st * Fy)
            break
        # slide back along axis i to the foot of the common normal, N += s z x F   (2)
        Nx, Ny = Nx - s * Fy, Ny + s * Fx
        # rotate: R = Rx(alpha) Rz(theta + q)                                      (8 + 8)
        x1, y1 = ct * Fx - st * Fy, st * Fx + ct * Fy
        Fx, Fy, Fz = x1, ca * y1 - sa * Fz, sa * y1 + ca * Fz
        x1, y1 = ct * Nx - st * Ny, st * Nx + ct * Ny
        Nx, Ny, Nz = x1, ca * y1 - sa * Nz, sa * y1 + ca * Nz
        # + p x (R F)                                                  (2; 6 for a general p)
        Nx = Nx + py * Fz - pz * Fy
        Ny = Ny + pz * Fx - px * Fz
        Nz = Nz + px * Fy - py * Fx
    taus[0] = (Fz if links[0].prismatic else Nz) + stack[0]
    return taus


# ----------------------------------------------------------------- the compiled recursion
# ``_sweep`` is what the recursion computes; a call runs it compiled.  Once per chain
# (and with or without a tip wrench) it is traced: run on placeholders (_Traced) that
# record each arithmetic operation on a tape instead of computing it, with the folded
# constants as they are, so that the products with ZERO and ONE and the sums with ZERO
# leave nothing on the tape, exactly as they leave nothing in a direct run.  Three
# things the direct run cannot do are then done on the tape:
#   * negations are not computed: a placeholder carries a sign, which the next sum or
#     product absorbs (a + (-b) is a - b, (-a) b is -(a b), exactly in floating point);
#   * operations whose results nothing uses are dropped (an operand of a product with
#     a folded zero, e.g. b_x - w_y w_z when I_xz = 0);
#   * the rest is written out as one Python function of straight-line code, one line
#     per operation, with the constants bound once (``compiled``): no Python dispatch
#     on the structural constants, no unpacking of the link constants, no branches.
# The function computes the same operations on the same operands in the same order as
# ``_sweep`` (with the negations merged), so its results are the same bit for bit; it
# runs on Python floats (one state) and on arrays (a block of states) alike.


class _Tape:
    """The operations of a traced ``_sweep``: entries ``(op, a, b)``, where ``op`` is
    "in" (input ``a``), "const" (constant ``a``), "+", "-", "*", "neg", "cos" or "sin"
    and ``a``, ``b`` are the indices of the operands' entries."""

    def __init__(self):
        self.ops = []
        self.constants = []
        self.negations = 0  # the negations a direct run of _sweep computes

    def add(self, op, a, b=None):
        self.ops.append((op, a, b))
        return len(self.ops) - 1

    def constant(self, value):
        self.constants.append(value)
        return _Traced(self, self.add("const", len(self.constants) - 1))

    def value(self, x):
        """``x`` as a _Traced: itself, or a constant of the tape."""
        return x if isinstance(x, _Traced) else self.constant(x)


class _Traced:
    """A value of ``_sweep`` while it is traced: an entry of the tape and a sign."""

    __slots__ = ("tape", "ref", "neg")
    __array_ufunc__ = None  # numpy hands ``constant * traced`` to the methods below

    def __init__(self, tape, ref, neg=False):
        self.tape, self.ref, self.neg = tape, ref, neg

    def _operand(self, other):
        """The other operand as a _Traced, or None for a structural constant, whose
        own methods then decide (a product with ZERO is ZERO, ...)."""
        return None if isinstance(other, (_Zero, _Unit)) else self.tape.value(other)

    def __neg__(self):  # from _sweep or a structural constant: a negation of a direct run
        self.tape.negations += 1
        return self._flipped()

    def _flipped(self):
        return _Traced(self.tape, self.ref, not self.neg)

    def __mul__(self, other):
        o = self._operand(other)
        if o is None:
            return NotImplemented
        return _Traced(self.tape, self.tape.add("*", self.ref, o.ref), self.neg != o.neg)

    __rmul__ = __mul__

    def __add__(self, other):
        o = self._operand(other)
        if o is None:
            return NotImplemented
        tape = self.tape
        if self.neg == o.neg:  # a + b, or -(a + b)
            return _Traced(tape, tape.add("+", self.ref, o.ref), self.neg)
        if o.neg:  # a + (-b) = a - b
            return _Traced(tape, tape.add("-", self.ref, o.ref))
        return _Traced(tape, tape.add("-", o.ref, self.ref))  # (-a) + b = b - a

    __radd__ = __add__

    def __sub__(self, other):
        o = self._operand(other)
        return NotImplemented if o is None else self + o._flipped()

    def __rsub__(self, other):
        o = self._operand(other)
        return NotImplemented if o is None else o + self._flipped()

    def entry(self):
        """The tape entry of this value with its sign applied (a negation recorded
        only where a value leaves the recursion, or enters a sine or cosine)."""
        return self.tape.add("neg", self.ref) if self.neg else self.ref


def _traced_function(tape, fn):
    def traced(x):
        return _Traced(tape, tape.add(fn, x.entry()))
    return traced


def _code(tape, outputs, n_inputs):
    """Python source of ``build(k0, k1, ...)`` and the number of its operations by
    kind (``op``: "*", "+", ...); ``build`` returns ``sweep(x0, x1, ...,
    cos, sin)``: the live operations of ``tape`` in order, one line each, each
    result in a local that is reused once its last reader has run (so that no more
    arrays are alive at once than in ``_sweep``).  ``outputs``: tape entries, or
    None for a torque that is structurally zero."""
    ops = tape.ops
    live = [False] * len(ops)
    for r in outputs:
        if r is not None:
            live[r] = True
    for r in range(len(ops) - 1, -1, -1):  # backwards: what the outputs need
        op, a, b = ops[r]
        if live[r] and op not in ("in", "const"):
            live[a] = True
            if b is not None:
                live[b] = True
    last = {}
    for r, (op, a, b) in enumerate(ops):
        if live[r] and op not in ("in", "const"):
            last[a] = last[b] = r
    for r in outputs:
        last[r] = len(ops)
    names, free, lines, count, kinds = {}, [], [], 0, {}
    for r, (op, a, b) in enumerate(ops):
        if op in ("in", "const"):
            names[r] = ("x" if op == "in" else "k") + str(a)
            continue
        if not live[r]:
            continue
        args = [names[a]] + ([] if b is None else [names[b]])
        for x in {a, b} - {None}:
            if last[x] == r and names[x][0] == "t":
                free.append(names[x])
        if free:
            name = free.pop()
        else:
            name, count = f"t{count}", count + 1
        names[r] = name
        kinds[op] = kinds.get(op, 0) + 1
        if op in "+-*/":
            lines.append(f"{name} = {args[0]} {op} {args[1]}")
        elif op == "neg":
            lines.append(f"{name} = -{args[0]}")
        else:
            lines.append(f"{name} = {op}({args[0]})")
    result = ", ".join("0.0" if r is None else names[r] for r in outputs)
    k = ", ".join(f"k{j}" for j in range(len(tape.constants)))
    x = ", ".join(f"x{j}" for j in range(n_inputs))
    body = "".join(f"        {line}\n" for line in lines)
    return (f"def build({k}):\n    def sweep({x}, cos, sin):\n{body}"
            f"        return ({result},)\n    return sweep\n"), kinds


class CompiledSweep(NamedTuple):
    """``_sweep`` of one StructuredChain compiled (see :func:`compiled`)."""

    build: object  #: build(*constants) -> sweep(*inputs, cos, sin) -> tuple of tau_i
    constants: tuple  #: the constants of the code, Python floats, in the order build takes
    source: str  #: the Python source of build
    operations: dict  #: the operations of sweep by kind ("*", "+", "-", "neg", "cos", "sin")
    traced: dict  #: the same for a direct run of _sweep (what the compilation removed, added)


def compiled(s, tip=False):
    """The recursion of :func:`rnea_structured` for one chain as straight-line Python
    code, traced from ``_sweep`` (step 7 of the module docstring; once per chain
    and ``tip``, cached on ``s``).

    Parameters
    ----------
    s : StructuredChain
        From :func:`precompute`.
    tip : bool, default False
        Whether the code takes a tip wrench.

    Returns
    -------
    CompiledSweep
        ``build(*constants)`` returns ``sweep(*inputs, cos, sin)``, whose inputs
        are ``q_1..q_n, qd_1..qd_n, qdd_1..qdd_n``, the base's acceleration
        ``a_0`` in {0'} (3 components, m/s^2) and, with ``tip``, the moment and
        the force of F_tip in {n} (3 + 3); ``cos`` and ``sin`` are ``math.cos``
        and ``math.sin`` for floats, ``np.cos`` and ``np.sin`` for arrays.  It
        returns the n torques (N m or N).  ``operations`` counts the lines by
        operation: ``"*"`` is what :func:`chaindyn.opcount.count` counts per
        state under ``rule="all"``; ``traced`` counts the operations of a
        direct run of the recursion, before its negations were merged and its
        unread results dropped.

    Examples
    --------
    >>> from chaindyn import models
    >>> from chaindyn.structured import compiled, precompute
    >>> code = compiled(precompute(models.planar_2r()))
    >>> code.operations["*"], code.operations["cos"], "neg" in code.operations
    (14, 2, False)
    """
    key = bool(tip)
    done = s._compiled.get(key)
    if done is not None:
        return done
    n = len(s.folded)
    tape = _Tape()
    links, (_, tip_R, tip_r) = _mapped(
        s, lambda v: tape.constant(v) if type(v) is float else v)
    n_inputs = 3 * n + 3 + (6 if tip else 0)
    x = [_Traced(tape, tape.add("in", j)) for j in range(n_inputs)]
    wrench = (tip_R, tip_r, tuple(x[3 * n + 3:3 * n + 6]), tuple(x[3 * n + 6:])) if tip else None
    taus = _sweep(links, x[:n], x[n:2 * n], x[2 * n:3 * n], tuple(x[3 * n:3 * n + 3]), wrench,
                  _traced_function(tape, "cos"), _traced_function(tape, "sin"), ZERO)
    outputs = [t.entry() if isinstance(t, _Traced) else None for t in taus]
    source, kinds = _code(tape, outputs, n_inputs)
    namespace = {}
    exec(compile(source, f"<rnea_structured sweep, {n} links>", "exec"), namespace)
    traced = {"neg": tape.negations} if tape.negations else {}
    for op, _, _ in tape.ops:
        if op not in ("in", "const", "neg"):  # "neg" entries: signs applied at the outputs
            traced[op] = traced.get(op, 0) + 1
    done = CompiledSweep(namespace["build"], tuple(tape.constants), source, kinds, traced)
    s._compiled[key] = done
    return done


#: Up to this many states, a call runs state by state on Python floats (faster
#: than numpy calls on tiny arrays); larger batches run vectorized.  Measured on
#: the 6R arm: the compiled recursion takes some 8 us per state on floats and
#: some 160 us per call on arrays of up to a few dozen states (appendix B.4.5).
ROW_LOOP_MAX = 16

#: A vectorized batch runs in blocks of at most this many states, one after the
#: other, each written into the output: every line of ``_sweep`` is one numpy
#: operation on arrays of at most BLOCK_STATES float64 (64 KiB).  The memory a call
#: needs beyond its output is then bounded whatever the batch: for the 6-link arm
#: about a hundred such arrays at the peak (what the forward sweep keeps of each
#: link for the backward one, the block's q, qd and qdd, and the results of the
#: current lines, freed and reused at once), some 7 MiB, which the processor's
#: caches hold; a batch of 1e5 states in one piece would need 80 MiB.  Chosen by
#: measurement (``figsrc/bench_rnea.py``, data/bench_blocks.csv, appendix B.4):
#: smaller blocks pay the fixed cost of a numpy call (about half a microsecond,
#: once per line of the recursion and block) more often; larger ones fall out of
#: the caches.
BLOCK_STATES = 8192


def _blocks(shape, size):
    """Split a C-ordered batch ``shape`` into consecutive blocks of at most ``size`` states
    (along one axis, into as few blocks of as equal a size as that axis allows).

    Yields ``(index, start, stop)``: ``index`` selects the block from an array of
    batch shape ``shape`` (integers on the leading axes, a slice on one axis, all
    of the axes after it), and the block is the states ``start:stop`` of the
    flattened batch, in order.
    """
    inner, d = 1, len(shape)
    while d > 0 and inner * shape[d - 1] <= size:  # axes d.. fit in one block whole
        d -= 1
        inner *= shape[d]
    if d == 0:
        yield (), 0, inner
        return
    axis = d - 1
    step = size // inner  # >= 1: how many entries of axis d - 1 one block takes at most
    step = -(-shape[axis] // -(-shape[axis] // step))  # as many, but blocks of equal size
    for lead in np.ndindex(shape[:axis]):
        base = (int(np.ravel_multi_index(lead, shape[:axis])) if axis else 0) * shape[axis]
        for c0 in range(0, shape[axis], step):
            c1 = min(c0 + step, shape[axis])
            yield lead + (slice(c0, c1),), (base + c0) * inner, (base + c1) * inner


def _block_components(a, full, index):
    """The last-axis components of ``a`` (broadcast to the batch ``full``) in the
    block ``index``: rows of one C-contiguous (k, states) copy, so that every
    operation of ``_sweep`` reads contiguous memory (a column of ``a`` itself is
    strided), and only one block is ever copied.  (``ndarray.copy`` keeps the
    array's subclass: an instrumented input stays instrumented.)"""
    k = a.shape[-1]
    b = a[index] if a.shape[:-1] == full else np.broadcast_to(a, full + (k,))[index]
    return list(b.reshape(-1, k).T.copy())


def _wrap(kind):
    """How a float constant enters the code of the path ``kind``: as it is ("float"),
    as a 0-d float64 array ("array") or as an instrumented 0-d array ("counted",
    :mod:`chaindyn.opcount`, so that a product of two constants is counted too).

    Why 0-d arrays and not the floats on arrays: numpy converts a Python float
    operand to an array on every operation (about 0.2 us here, a third of the cost
    of a whole operation on a thousand states); a 0-d array it takes as it is.
    The products are the same float64 products."""
    if kind == "float":
        return _as_float
    if kind == "array":
        return lambda v: np.array(v, dtype=float) if type(v) is float else v
    from .opcount import _Counted

    return lambda v: np.asarray(v).view(_Counted) if type(v) is float else v


def _function(s, tip, kind):
    """The compiled recursion of ``s`` (:func:`compiled`) with its constants bound
    for the path ``kind`` (:func:`_wrap`; "float" and "array" made once and cached
    on ``s``), and the base rotation R_{0,0'} flattened, bound the same way."""
    key = (bool(tip), kind)
    done = s._functions.get(key)
    if done is None:
        wrap = _wrap(kind)
        c = compiled(s, tip)
        done = (c.build(*(wrap(v) for v in c.constants)),
                tuple(wrap(v) for v in s._flat[0]))
        if kind != "counted":
            s._functions[key] = done
    return done


def rnea_structured(chain, q, qd, qdd, gravity=DEFAULT_GRAVITY, f_tip=None, *,
                    count_constants=False):
    """Inverse dynamics by a Newton-Euler recursion that exploits the chain's structure.

    The same torques as :func:`chaindyn.rnea` (to roundoff) with 91
    multiplications per link of either joint type instead of 420 (counted
    under ``rule="all"``; ``91 n - 100`` for an all-revolute chain of general
    geometry, n >= 3): modified-DH joint frames, 3-vectors with rotations
    about x and z and slides along z, the inertia as mass, first moment and
    inertia about the frame's origin, and the constants that are 0 or 1
    folded away (see the module docstring for the equations and the count
    line by line).

    Parameters
    ----------
    chain : Chain
    q, qd, qdd : array_like, shape (n,) or (..., n)
        Joint positions, velocities and accelerations; shapes broadcast as in
        :func:`chaindyn.rnea`.  Up to ``ROW_LOOP_MAX`` states given as plain
        arrays or lists run state by state on Python floats; a larger batch
        runs as vectorized numpy operations (one numpy call per line of the
        recursion) over blocks of at most ``BLOCK_STATES`` states, so that the
        memory a call needs beyond its output does not grow with the batch.
    gravity : array_like, shape (3,), default (0, 0, -9.80665)
        Gravity vector in {0}, m/s^2.
    f_tip : array_like, shape (6,) or (..., 6), optional
        (moment, force) that the end effector applies to the environment, in
        {n} about its origin.
    count_constants : bool, default False
        For :func:`chaindyn.opcount.count`: the precomputed constants enter
        as instrumented arrays too (the same values, the vectorized path), so
        that a product of two constants, which the count would otherwise not
        see, is counted as well.

    Returns
    -------
    tau : ndarray, shape (n,) or (..., n)

    Raises
    ------
    ValueError
        As :func:`chaindyn.rnea` (the same checks and messages).

    Notes
    -----
    The joint frames and inertia constants are computed on the first call for
    a Chain (:func:`precompute`) and the recursion is compiled for it
    (:func:`compiled`; about 2 ms per link on the machine of appendix B), both
    cached; this one-off work is not part of the per-call count.  Counting:
    ``chaindyn.opcount.count(rnea_structured, chain, q, qd, qdd, rule="all")``
    gives, for a chain of general geometry whose first joint is revolute,
    ``9 + 8 + 91 (n - 1)`` less 18 for link 2
    and 8 (revolute) or 3 (prismatic) for the last link (n >= 2), + 24 with
    ``f_tip``, for one state; for N states N times that less 9 (N - 1): the
    gravity term is computed once per call.  Zero and unit constants of the
    geometry lower it.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn import models, rnea_structured
    >>> arm, q = models.planar_2r(), [0.0, np.pi / 2]

    >>> print(np.round(rnea_structured(arm, q, [0, 0], [0, 0], gravity=[0, -9.81, 0]), 6) + 0.0)
    [19.62  0.  ]
    """
    q, qd, qdd = check_state(chain, q=q, qd=qd, qdd=qdd)
    gravity = check_gravity(gravity)
    batch = batch_shape(q, qd, qdd)
    f_tip = check_wrench(f_tip, batch)
    s = precompute(chain)
    full = batch if f_tip is None else np.broadcast_shapes(batch, f_tip.shape[:-1])
    arrays = (q, qd, qdd, gravity) + (() if f_tip is None else (f_tip,))
    plain = all(type(a) is np.ndarray for a in arrays) and not count_constants
    if plain and math.prod(full) <= ROW_LOOP_MAX:
        # one state, or a few: Python floats, state by state
        sweep, base_R = _function(s, f_tip is not None, "float")
        a0 = _base_acceleration(base_R, gravity.tolist())
        given = (q, qd, qdd) + (() if f_tip is None else (f_tip,))
        if full == ():
            rows = [[a.tolist()] for a in given]
        else:
            rows = [np.broadcast_to(a, full + a.shape[-1:]).reshape(-1, a.shape[-1]).tolist()
                    for a in given]
        tip = [()] * math.prod(full) if f_tip is None else rows[3]
        out = [sweep(*q_k, *qd_k, *qdd_k, *a0, *tip_k, math.cos, math.sin)
               for q_k, qd_k, qdd_k, tip_k in zip(rows[0], rows[1], rows[2], tip)]
        return np.array(out).reshape(full + (chain.n,))
    # a batch (or instrumented arrays): every line one numpy operation over a block of
    # states; blocks of at most BLOCK_STATES, written into the output one after the other.
    # Instrumented arrays (chaindyn.opcount) take the same path: every operation then
    # runs over a whole block, and the count is N times that of one state's recursion
    # plus the base's acceleration, once per call.
    sweep, base_R = _function(s, f_tip is not None, "counted" if count_constants else "array")
    shape = full if full else (1,)
    out = np.empty(shape + (chain.n,))
    flat = out.reshape(-1, chain.n)  # a view: out is C-contiguous
    kind = next((type(a) for a in arrays if type(a) is not np.ndarray), np.ndarray)
    if kind is not np.ndarray:  # instrumented: gravity is an input of the call like q,
        gravity = gravity.view(kind)  # though a default, so its products are counted
    a0 = _base_acceleration(base_R, tuple(gravity[..., k] for k in range(3)))  # once per call
    for index, start, stop in _blocks(shape, BLOCK_STATES):
        x = [c for a in (q, qd, qdd) for c in _block_components(a, shape, index)]
        # a_0 copied over the block's states (no arithmetic): every state's
        # recursion then does the same work, whatever the chain's zeros
        base = np.empty((3,) + x[0].shape)
        for k in range(3):
            base[k] = a0[k]
        x += list(base if kind is np.ndarray else base.view(kind))
        if f_tip is not None:
            x += _block_components(f_tip, shape, index)
        taus = sweep(*x, np.cos, np.sin)
        block = flat[start:stop]
        for i, t in enumerate(taus):
            block[:, i] = t
    out = out.reshape(full + (chain.n,))
    if plain:
        return out
    # an instrumented call returns an instrumented result, as the operations would
    return out.view(kind)
