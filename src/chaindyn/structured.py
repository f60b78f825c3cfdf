"""RNEA that exploits the structure of a serial chain (book appendix B).

:func:`chaindyn.rnea` multiplies dense 6x6 matrices: 357 products per
revolute link under the book's counting rule, 420 counting every
elementwise product too.  :func:`rnea_structured` computes the same torques
with about a quarter of that, by four changes that libraries make as well
(Featherstone 2008, ch. 10; Balafoutis and Patel 1991):

1. **Joint frames** (precomputed once per chain).  Each link gets a frame
   {i'} fixed to it whose z axis is the joint axis and, for a revolute joint,
   whose origin lies on the axis; its x axis is perpendicular to both z_i and
   z_{i+1}.  Then the pose of {i'} in {(i-1)'} is
   ``Rx(alpha_i) Rz(theta_i + q_i)`` with an offset ``p_i`` (prismatic:
   ``Rx(alpha_i) Rz(theta_i)`` with offset ``p_i + q_i Rx(alpha_i) z``), and a
   rotation costs 4 + 4 products per 3-vector instead of 9 (or 36 for a
   6x6 adjoint).  The joint screw is ``z`` in {i'}: it selects a component
   and costs no product.
2. **Rotation and translation apart**: 3-vectors (omega, alpha, a) and
   (n, f) with cross products, no ``[p] R`` block.
3. **The classical origin acceleration a_i** instead of the spatial one, and
   the tensor ``Omega_i = [alpha_i] + [omega_i]^2`` (6 products), which serves
   three times: ``Omega_{i-1} p_i`` (the origin's acceleration),
   ``Omega_i (m c)_i`` (the COM's) and Euler's equation
   ``I alpha + omega x I omega = vect(Omega J - J Omega^T)`` with the
   symmetric second moment ``J = tr(I)/2 1 - I`` about the origin.
4. **Inertia as m, m c, J** (1 + 3 + 6 numbers, the block structure of G).

Per link, with ``R = R_{i-1,i} = Rx(alpha) Rz(theta + q)`` and ``p`` the
origin of {i'} in {(i-1)'}::

    forward   omega_i = R^T omega_{i-1} + z qd_i                       8
              alpha_i = R^T alpha_{i-1} + (R^T omega_{i-1}) x z qd_i
                        + z qdd_i                                      10
              a_i     = R^T (a_{i-1} + Omega_{i-1} p)                   17
              Omega_i = [alpha_i] + omega_i omega_i^T - |omega_i|^2 1   6
    body      f_i^B = m a_i + Omega_i (m c)                            12
              n_i^B = vect(Omega_i J - J Omega_i^T) + (m c) x a_i       24
    backward  f_i = f_i^B + R' f_{i+1}                                  8
              n_i = n_i^B + R' n_{i+1} + p' x (R' f_{i+1})             14
              tau_i = n_i . z   (revolute)   or   f_i . z   (prismatic)  0

(R', p' those of link i+1), i.e. 99 multiplications per revolute link.  A
prismatic link drops the two products of alpha's joint term and adds 2 for
``q Rx(alpha) z``, 2 + 1 for the Coriolis term ``2 omega_i x z qd_i`` and
the 2 + 2 of its q-dependent offset ``p' x`` in the sweep of its parent:
102.  Per call, gravity is rotated into {0'} (9) and a tip wrench, if
given, into {n'} (24).  These counts are the ones that
``opcount.count(rnea_structured, ..., rule="all")`` measures on the code
below and that the tests pin.

Precomputation and counting
---------------------------
The joint frames and the inertia parameters in them are computed once per
Chain (on first use, kept in a ``WeakKeyDictionary`` keyed on the Chain) from
plain ndarray views of the chain's arrays, so that :func:`chaindyn.opcount.count`
counts only the per-call work -- the precomputation a library does when it
loads a model.  It takes two steps: the joint frames {i'} at q = 0
(:func:`joint_frames`), then the constants of each link in them
(:class:`LinkConstants`).  The precomputed constants are Python floats; the
per-call code multiplies them only with state-dependent values, never with
each other, which the tests check by counting once more with the constants
themselves instrumented (``rnea_structured(..., count_constants=True)``).

One code path (``_sweep``) serves one state and a batch: it works on
components.  For one state, or a batch of at most ``ROW_LOOP_MAX`` states,
given as plain arrays or lists, the components are Python floats and the
states run one after the other (fast: no numpy call per operation); for a
larger batch, or for instrumented arrays, they are arrays over the batch axes
and every line is one vectorized numpy operation.
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

__all__ = ["rnea_structured", "precompute", "joint_frames", "StructuredChain", "LinkConstants",
           "JointFrames", "PER_LINK_MULTIPLICATIONS", "PER_CALL_MULTIPLICATIONS"]

#: Multiplications per link of one rnea_structured call (rule="all"), by joint type.
PER_LINK_MULTIPLICATIONS = {"revolute": 99, "prismatic": 102}
#: Multiplications per call outside the link loop: gravity into {0'}; a tip wrench into {n'}.
PER_CALL_MULTIPLICATIONS = {"gravity": 9, "f_tip": 24}


class LinkConstants(NamedTuple):
    """The constants of one link in its joint frame {i'} (Python floats).

    The pose of {i'} in {(i-1)'} is ``Rx(alpha) Rz(theta + q)`` with offset
    ``p`` (revolute) or ``Rx(alpha) Rz(theta)`` with offset ``p + q Rx(alpha) z``
    (prismatic); the inertia is the mass, the first moment ``m c`` and the
    symmetric second moment ``J = tr(I_o)/2 1 - I_o`` about the origin of {i'}.
    """

    prismatic: float  #: 1.0 for a prismatic joint, 0.0 for a revolute one
    ca: float  #: cos alpha
    sa: float  #: sin alpha
    theta: float  #: angle offset, rad
    px: float  #: offset p of {i'} in {(i-1)'}, m
    py: float
    pz: float
    ez_y: float  #: y component of Rx(alpha) z (= -sin alpha), the prismatic direction
    ez_z: float  #: z component of Rx(alpha) z (= cos alpha)
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


class JointFrames(NamedTuple):
    """The joint frames {i'} of a chain at q = 0 (see :func:`joint_frames`)."""

    link_poses: np.ndarray  #: (n, 4, 4) T_{0,i}(0), the link frames {i} in {0}
    points: np.ndarray  #: (n, 3) origin of {i'} in {i}: the axis point (zero if prismatic)
    rotations: np.ndarray  #: (n, 3, 3) R_{0,i'}: columns x, y, z of {i'} in {0}
    origins: np.ndarray  #: (n, 3) origin of {i'} in {0}, m


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
    """

    def __init__(self, links, base_rotation, tip_rotation, tip_offset, frames):
        self.links = links
        self.base_rotation = base_rotation
        self.tip_rotation = tip_rotation
        self.tip_offset = tip_offset
        self.frames = frames
        self._flat = (
            tuple(float(x) for x in base_rotation.ravel()),
            tuple(float(x) for x in tip_rotation.ravel()),
            tuple(float(x) for x in tip_offset),
        )


_CACHE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


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
    if nc < 1e-300:
        return _perpendicular(z0, hint)
    x = c / nc
    x = x - (x @ z0) * z0  # roundoff clean-up only
    return _unit(x)


def _frame(z, x):
    """Rotation with columns x, z x x, z."""
    return np.column_stack([x, np.cross(z, x), z])


def joint_frames(chain):
    """The joint frames {i'} of a chain at q = 0: z along joint i's axis, x along the
    common normal of axes i and i+1 (step 1 of :func:`precompute`).

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
    z_loc, r_loc = [], []  # axis direction and origin of {i'} in {i}
    for i in range(n):
        w, u = chain.screws[i, :3], chain.screws[i, 3:]
        z_loc.append(_unit(u if chain.joint_types[i] == "prismatic" else w))
        r_loc.append(axis_point(chain.screws[i]))  # the axis point nearest the origin of {i}
    Z = [T0[i, :3, :3] @ z_loc[i] for i in range(n)]
    Org = [T0[i, :3, :3] @ r_loc[i] + T0[i, :3, 3] for i in range(n)]
    # x of {i'}: perpendicular to z_i and z_{i+1}; for {n'} close to x of {n}.
    Q = []
    for i in range(n):
        hint = T0[i, :3, 0]
        x = _common_normal(Z[i], Z[i + 1], hint) if i + 1 < n else _perpendicular(Z[i], hint)
        Q.append(_frame(Z[i], x))
    return JointFrames(T0, np.array(r_loc), np.array(Q), np.array(Org))


def _link_constants(chain, frames):
    """Step 2 of :func:`precompute`: each link's pose parameters and inertia in {i'}
    (a list of LinkConstants) and the frames ``T_{i,i'}`` (n, 4, 4)."""
    chain = chain._with_arrays(_plain)
    T0, r_loc, Q, Org = frames
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
        links.append(LinkConstants(*(float(v) for v in (
            chain.joint_types[i] == "prismatic", ca, sa, theta, *p, -sa, ca, m, *mc,
            J[0, 0], J[0, 1], J[0, 2], J[1, 1], J[1, 2], J[2, 2],
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


def _sweep(links, q, qd, qdd, g, tip, cos, sin, zero):
    """Both recursions on components (floats or arrays); returns the list of tau_i.

    ``g`` = (3 x 3 rotation R_{0,0'} flattened, gravity components);
    ``tip`` = None or (R_{n,n'} flattened, r, moment components, force components).
    """
    (r00, r01, r02, r10, r11, r12, r20, r21, r22), (gx, gy, gz) = g
    # base: at rest, accelerating upwards: a_0 = R_{0,0'}^T (-gravity)           (9)
    ax = -(r00 * gx + r10 * gy + r20 * gz)
    ay = -(r01 * gx + r11 * gy + r21 * gz)
    az = -(r02 * gx + r12 * gy + r22 * gz)
    wx = wy = wz = zero  # omega_0
    bx = by = bz = zero  # alpha_0 (angular acceleration)
    O00 = O01 = O02 = O10 = O11 = O12 = O20 = O21 = O22 = zero  # Omega_0
    n = len(links)
    stack = [None] * n
    for i in range(n):
        (pri, ca, sa, th, px, py, pz, ey, ez, m, hx, hy, hz,
         J00, J01, J02, J11, J12, J22) = links[i]
        # The joint step T_{i,i-1}(q_i) of eq. 3.2-1 (chaindyn.rnea.joint_step, a 6x6
        # adjoint of 99 products and 36 per use) in the joint frames: R^T = Rz(-theta - q)
        # Rx(-alpha) on 3-vectors, 8 products each.  This specialised form is what the
        # counts above are made of, so the sweep does not call joint_step.
        if pri:
            ct, st = math.cos(th), math.sin(th)
            d = q[i]
            py, pz = py + d * ey, pz + d * ez  # p + q Rx(alpha) z                   (2)
        else:
            t = q[i] + th
            ct, st = cos(t), sin(t)
        # a_{i-1} + Omega_{i-1} p                                                   (9)
        ux = ax + O00 * px + O01 * py + O02 * pz
        uy = ay + O10 * px + O11 * py + O12 * pz
        uz = az + O20 * px + O21 * py + O22 * pz
        # R^T = Rz(-theta) Rx(-alpha), applied to omega, alpha and u               (8 + 8 + 8)
        y1, z1 = ca * wy + sa * wz, ca * wz - sa * wy
        wx, wy, wz = ct * wx + st * y1, ct * y1 - st * wx, z1
        y1, z1 = ca * by + sa * bz, ca * bz - sa * by
        bx, by, bz = ct * bx + st * y1, ct * y1 - st * bx, z1
        y1, z1 = ca * uy + sa * uz, ca * uz - sa * uy
        ax, ay, az = ct * ux + st * y1, ct * y1 - st * ux, z1
        if pri:
            # a_i += 2 omega_i x z qd_i + z qdd_i                                   (3)
            v2 = 2.0 * qd[i]
            ax, ay, az = ax + wy * v2, ay - wx * v2, az + qdd[i]
        else:
            # alpha_i += (R^T omega_{i-1}) x z qd_i + z qdd_i; omega_i += z qd_i     (2)
            v = qd[i]
            bx, by, bz = bx + wy * v, by - wx * v, bz + qdd[i]
            wz = wz + v
        # Omega_i = [alpha_i] + omega_i omega_i^T - |omega_i|^2 1                  (6)
        xx, yy, zz = wx * wx, wy * wy, wz * wz
        xy, xz, yz = wx * wy, wx * wz, wy * wz
        O00, O11, O22 = -(yy + zz), -(xx + zz), -(xx + yy)
        O01, O10 = xy - bz, xy + bz
        O02, O20 = xz + by, xz - by
        O12, O21 = yz - bx, yz + bx
        # f^B = m a_i + Omega_i (m c)                                               (12)
        fx = m * ax + O00 * hx + O01 * hy + O02 * hz
        fy = m * ay + O10 * hx + O11 * hy + O12 * hz
        fz = m * az + O20 * hx + O21 * hy + O22 * hz
        # n^B = vect(K - K^T), K = Omega_i J, plus (m c) x a_i                      (18 + 6)
        nx = (O20 * J01 + O21 * J11 + O22 * J12) - (O10 * J02 + O11 * J12 + O12 * J22)
        ny = (O00 * J02 + O01 * J12 + O02 * J22) - (O20 * J00 + O21 * J01 + O22 * J02)
        nz = (O10 * J00 + O11 * J01 + O12 * J02) - (O00 * J01 + O01 * J11 + O02 * J12)
        nx = nx + hy * az - hz * ay
        ny = ny + hz * ax - hx * az
        nz = nz + hx * ay - hy * ax
        stack[i] = (ca, sa, ct, st, px, py, pz, fx, fy, fz, nx, ny, nz)
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
    for i in reversed(range(n)):
        ca, sa, ct, st, px, py, pz, fx, fy, fz, nx, ny, nz = stack[i]
        Fx, Fy, Fz = Fx + fx, Fy + fy, Fz + fz  # f_i = f^B + R' f_{i+1}
        Nx, Ny, Nz = Nx + nx, Ny + ny, Nz + nz  # n_i = n^B + R' n_{i+1} + p' x (R' f_{i+1})
        taus[i] = Fz if links[i][0] else Nz  # tau_i = F_i . z
        # into {(i-1)'}: R = Rx(alpha) Rz(theta + q)                                (8 + 8)
        x1, y1 = ct * Fx - st * Fy, st * Fx + ct * Fy
        Fx, Fy, Fz = x1, ca * y1 - sa * Fz, sa * y1 + ca * Fz
        x1, y1 = ct * Nx - st * Ny, st * Nx + ct * Ny
        Nx, Ny, Nz = x1, ca * y1 - sa * Nz, sa * y1 + ca * Nz
        # + p x (R f)                                                               (6)
        Nx = Nx + py * Fz - pz * Fy
        Ny = Ny + pz * Fx - px * Fz
        Nz = Nz + px * Fy - py * Fx
    return taus


#: Up to this many states, a call runs state by state on Python floats (faster
#: than numpy calls on tiny arrays); larger batches run vectorized.
ROW_LOOP_MAX = 32

#: A vectorized batch runs in blocks of at most this many states, one after the
#: other, each written into the output: every line of ``_sweep`` is one numpy
#: operation on arrays of at most BLOCK_STATES float64 (64 KiB).  The memory a call
#: needs beyond its output is then bounded whatever the batch: for the 6-link arm
#: about 120 such arrays at the peak (the 11 per link that the forward sweep keeps
#: for the backward one, the block's q, qd and qdd, and the results of the current
#: lines, freed and reused at once), some 7 MiB, which the processor's caches hold;
#: a whole batch of 1e5 states at once would need 90 MiB.  Chosen by measurement
#: (``figsrc/bench_rnea.py``, data/bench_blocks.csv, appendix B.4): smaller blocks
#: pay the fixed cost of a numpy call (about half a microsecond, a thousand calls
#: per block for that arm) more often; larger ones fall out of the caches.
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
    b = np.broadcast_to(a, full + a.shape[-1:])[index]
    return list(np.moveaxis(b, -1, 0).copy(order="C").reshape(a.shape[-1], -1))


#: The constants of a StructuredChain as 0-d float64 arrays (see :func:`_constants`).
_ARRAY_CONSTANTS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _constants(s, instrumented):
    """The link constants and the flattened base and tip rotations of ``s`` for the
    vectorized path: 0-d float64 arrays (the same values as the Python floats of
    ``s``), or (``instrumented``) 0-d arrays of :mod:`chaindyn.opcount`, so that a
    product of two constants in the per-call code would be counted.

    Why 0-d arrays and not the floats: numpy converts a Python float operand to an
    array on every operation (about 0.2 us here, a third of the cost of a whole
    operation on a thousand states); a 0-d array it takes as it is.  The products
    are the same float64 products.  They are made once per chain and cached."""
    if instrumented:
        from .opcount import _Counted

        def wrap(v):
            return np.asarray(v).view(_Counted)
    else:
        cached = _ARRAY_CONSTANTS.get(s)
        if cached is not None:
            return cached

        def wrap(v):
            return np.array(v, dtype=float)

    links = [link._replace(**{k: wrap(v) for k, v in link._asdict().items() if k != "prismatic"})
             for link in s.links]
    out = links, tuple(tuple(wrap(v) for v in part) for part in s._flat)
    if not instrumented:
        _ARRAY_CONSTANTS[s] = out
    return out


def rnea_structured(chain, q, qd, qdd, gravity=DEFAULT_GRAVITY, f_tip=None, *,
                    count_constants=False):
    """Inverse dynamics by a Newton-Euler recursion that exploits the chain's structure.

    The same torques as :func:`chaindyn.rnea` (to roundoff) with 99
    multiplications per revolute and 102 per prismatic link instead of 420
    (counted under ``rule="all"``): joint frames whose z axis is the joint
    axis, 3-vectors with rotations about x and z, and the inertia as mass,
    first and second moments (see the module docstring for the equations
    and the count line by line).

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
    a Chain (:func:`precompute`) and cached; this one-off work is not part of
    the per-call count.  Counting: ``chaindyn.opcount.count(rnea_structured,
    chain, q, qd, qdd, rule="all")`` gives ``99 n_R + 102 n_P + 9`` (+ 24 with
    ``f_tip``) for one state, N times that for N states.

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
        links, (base_R, tip_R, tip_r) = s.links, s._flat
        g = (base_R, tuple(gravity.tolist()))
        given = (q, qd, qdd) + (() if f_tip is None else (f_tip,))
        if full == ():
            rows = [[a.tolist()] for a in given]
        else:
            rows = [np.broadcast_to(a, full + a.shape[-1:]).reshape(-1, a.shape[-1]).tolist()
                    for a in given]
        out = []
        for k in range(math.prod(full)):
            tip = None if f_tip is None else (tip_R, tip_r, rows[3][k][:3], rows[3][k][3:])
            out.append(_sweep(links, rows[0][k], rows[1][k], rows[2][k], g, tip,
                              math.cos, math.sin, 0.0))
        return np.array(out).reshape(full + (chain.n,))
    # a batch (or instrumented arrays): every line one numpy operation over a block of
    # states; blocks of at most BLOCK_STATES, written into the output one after the other.
    # Instrumented arrays (chaindyn.opcount) take the same path: every operation then
    # runs over a whole block, and the count is N times that of one state.
    links, (base_R, tip_R, tip_r) = _constants(s, count_constants)
    shape = full if full else (1,)
    out = np.empty(shape + (chain.n,))
    flat = out.reshape(-1, chain.n)  # a view: out is C-contiguous
    for index, start, stop in _blocks(shape, BLOCK_STATES):
        qb, qdb, qddb = (_block_components(a, shape, index) for a in (q, qd, qdd))
        zero = np.zeros_like(qb[0])
        g = (base_R, tuple(gravity[..., k] + zero for k in range(3)))  # per state, like q
        tip = None
        if f_tip is not None:
            F = _block_components(f_tip, shape, index)
            tip = (tip_R, tip_r, tuple(F[:3]), tuple(F[3:]))
        taus = _sweep(links, qb, qdb, qddb, g, tip, np.cos, np.sin, zero)
        np.stack(taus, axis=-1, out=flat[start:stop])
    out = out.reshape(full + (chain.n,))
    if plain:
        return out
    # an instrumented call returns an instrumented result, as the operations would
    kind = next((type(a) for a in arrays if type(a) is not np.ndarray), None)
    return out if kind is None else out.view(kind)
