"""One engine for the structured RNEA, CRBA and ABA (book appendix B).

The dense forms (:func:`chaindyn.rnea`, :func:`chaindyn.crba`,
:func:`chaindyn.aba`) multiply 6x6 matrices.  The structured forms here compute
the same results from the structure of a serial chain, by changes that
libraries and the literature make as well (Featherstone 2008, ch. 10;
Balafoutis and Patel 1991; McMillan and Orin 1995; Craig 2005, ch. 6):

1. **Joint frames, modified DH** (precomputed once per chain,
   :func:`chaindyn.structured.precompute`): in {i'} the joint axis is z, and
   the pose of {i'} in {(i-1)'} is ``Rx(alpha) Rz(theta + q)`` after an
   offset ``p = (a, 0, 0)`` along the common normal and a slide along axis i.
   A rotation about a coordinate axis costs 4 products per 3-vector, a slide
   along one 2 or 3, and the joint screw is ``z``: ``tau_i`` is a component.
2. **Rotation and translation apart**: 3-vectors and symmetric 3x3 matrices
   with cross products, and a symmetric matrix rotated by the double angle.
3. **The tensor** ``Omega_i = [omega_i rate] + [omega_i]^2`` (RNEA and the
   first pass of ABA): the acceleration of a point of the link relative to
   the origin's.
4. **Inertia as m, m c and I_o** (or the second moment J) about the origin
   of {i'}, with Euler's equation expanded in the six products of omega.
5. **Structural zeros and ones** (:func:`chaindyn.structured.fold`): a
   constant that is 0 or +-1 up to roundoff becomes an object with which a
   product is not computed; so do the base's zero velocity, the zeros of a
   joint's motion subspace and those of the articulated inertia along it.
6. **The ends of the chain**: link 1 starts from rest and needs only
   ``tau_1``; the last frame {n'} has ``d_n = 0`` and ``I_xy = 0``.
7. **Compiled once per chain** (:func:`compiled`): each sweep of
   :mod:`chaindyn.engine.sweeps` is traced (:mod:`chaindyn.engine.tracer`)
   into straight-line Python code, one line per operation, with products
   of two constants computed at trace time, negations merged and
   unread results dropped.

Multiplications of a call on one state (what :func:`chaindyn.opcount.count`
counts under ``rule="all"``: the compiled code's ``operations["*"]`` and 9 for
gravity into {0'}, once per call), for an all-revolute chain of general
geometry, against the structured counts of RBDA Table 10.1 (Featherstone
2008): RNEA ``91 n - 100`` (n >= 3) against ``93 n - 108`` (Balafoutis and
Patel 1991); CRBA ``10 n^2 + 11 n - 49`` (n >= 3) against ``10 n^2 + 22 n - 32``
(Featherstone 2005); ABA ``206 n - 311`` (n >= 3) with n - 1 divisions against
``224 n - 259`` (McMillan, Orin and McGhee 1995).  A tip wrench adds 24.
An all-prismatic chain: RNEA ``19 n - 13`` (n >= 2), ABA ``32 n - 39`` (n >= 3),
and its M is a constant (no multiplication).

A call runs the compiled code on Python floats, state by state, for up to
``ROW_LOOP_MAX`` states given as plain arrays or lists; a larger batch (or
instrumented arrays, :mod:`chaindyn.opcount`) runs every line as one numpy
operation over blocks of at most ``BLOCK_STATES`` states, one block after
the other, so that the memory a call needs beyond its output does not grow
with the batch.
"""

from __future__ import annotations

import functools
import math
import weakref
from typing import NamedTuple

import numpy as np

from .._validate import DEFAULT_GRAVITY, batch_shape, check_gravity, check_state, check_wrench
from ..structured import ZERO, _folded_link, _Unit, fold, precompute
from . import sweeps
from .tracer import CompiledSweep, trace

__all__ = ["rnea_structured", "crba_structured", "aba_structured", "compiled", "engine_links",
           "EngineLink", "FORMS", "ROW_LOOP_MAX", "BLOCK_STATES", "PER_LINK_MULTIPLICATIONS",
           "FIRST_LINK_MULTIPLICATIONS", "END_SAVINGS", "PER_CALL_MULTIPLICATIONS"]

#: The sweeps the engine compiles, by name.
FORMS = {"rnea": sweeps.rnea, "crba": sweeps.crba, "aba": sweeps.aba}

#: RNEA's multiplications (rule "all") of a link in the middle of a chain of general
#: geometry (no zero or unit constants), by joint type: see
#: :func:`chaindyn.engine.sweeps.rnea_forward`, line by line.
PER_LINK_MULTIPLICATIONS = {"revolute": 91, "prismatic": 91}
#: RNEA's multiplications of link 1 when its joint is revolute (it starts from rest).
FIRST_LINK_MULTIPLICATIONS = 8
#: What link 2 and the last link save in RNEA against PER_LINK_MULTIPLICATIONS (and
#: link 1 against FIRST_LINK_MULTIPLICATIONS when it is the only one).
END_SAVINGS = {"second": 18, "last revolute": 8, "last prismatic": 3, "single link": 1}
#: Multiplications per call outside the sweeps: gravity into {0'}; a tip wrench into {n'}.
PER_CALL_MULTIPLICATIONS = {"gravity": 9, "f_tip": 24}

#: A sweep whose trace would record more operations than this is not compiled: a call
#: runs it directly on the folded constants instead (the same operations on the same
#: operands, so the same results, with Python's dispatch on the structural constants
#: at run time).  The CRBA of a chain of more than about a hundred links is the case
#: (its n^2 operations would make code of millions of lines).
MAX_TRACED_OPERATIONS = 200_000

#: Up to this many states, a call runs state by state on Python floats (faster
#: than numpy calls on tiny arrays); larger batches run vectorized.  Measured on
#: the 6R arm (appendix B.4.5).
ROW_LOOP_MAX = 16

#: A vectorized batch runs in blocks of at most this many states, one after the
#: other, each written into the output: every line of the compiled code is one
#: numpy operation on arrays of at most BLOCK_STATES float64 (64 KiB), so that the
#: temporaries stay within the processor's caches whatever the batch.  Chosen by
#: measurement (``figsrc/bench_rnea.py``, data/bench_blocks.csv, appendix B.4):
#: smaller blocks pay the fixed cost of a numpy call (about half a microsecond,
#: once per line and block) more often; larger ones fall out of the caches.
BLOCK_STATES = 8192


class EngineLink(NamedTuple):
    """The folded constants of one link for the sweeps (those of
    :class:`chaindyn.structured.FoldedLink` and the ones below)."""

    base: object  #: the link's chaindyn.structured.FoldedLink
    J00: object  #: second moment J = tr(I_o)/2 1 - I_o about the origin of {i'}, kg m^2
    J01: object
    J02: object
    J11: object
    J12: object
    J22: object
    ca2: object  #: cos^2 alpha, cos alpha sin alpha, cos 2 alpha
    casa: object
    c2a: object
    ct2: object  #: the same of theta (prismatic; revolute: None)
    ctst: object
    c2t: object

    def __getattr__(self, name):  # the FoldedLink's fields by name
        return getattr(self.base, name)


def _engine_link(link):
    folded = _folded_link(link)
    J = (link.J00, link.J01, link.J02, link.J11, link.J12, link.J22)
    scale = max(abs(x) for x in J) or 1.0
    alpha = math.atan2(link.sa, link.ca)
    ct, st = math.cos(link.theta), math.sin(link.theta)
    pri = bool(link.prismatic)
    return EngineLink(folded, *(fold(x, scale) for x in J),
                      *(fold(x) for x in (link.ca * link.ca, link.ca * link.sa,
                                          math.cos(2 * alpha))),
                      *(fold(x) if pri else None
                        for x in (ct * ct, ct * st, math.cos(2 * link.theta))))


_LINKS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_COMPILED: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # Chain -> {(form, tip): code}


def engine_links(chain):
    """The EngineLinks of ``chain`` and its StructuredChain (once per Chain, cached)."""
    s = precompute(chain)
    done = _LINKS.get(chain)
    if done is None:
        done = _LINKS[chain] = [_engine_link(link) for link in s.links]
    return done, s


def compiled(chain, form, tip=False):
    """The sweep ``form`` ("rnea", "crba" or "aba") of ``chain`` as straight-line code.

    Parameters
    ----------
    chain : Chain
    form : {"rnea", "crba", "aba"}
    tip : bool, default False
        Whether RNEA's or ABA's code takes a tip wrench.

    Returns
    -------
    CompiledSweep or None
        None when the trace would record more than ``MAX_TRACED_OPERATIONS``
        operations (a call then runs the sweep directly).
        ``build(*constants)`` returns ``sweep(*inputs, cos, sin)``.  The inputs:
        RNEA ``q, qd, qdd``, ABA ``q, qd, tau`` (n each), then the base's
        acceleration in {0'} (3, :func:`chaindyn.engine.sweeps.base_acceleration`)
        and, with ``tip``, F_tip's moment and force in {n} (3 + 3); CRBA ``q``.
        The outputs: the n torques, the n accelerations, or the lower triangle
        of M row by row.

    Raises
    ------
    ValueError
        If ``form`` is not one of the three.

    Examples
    --------
    >>> from chaindyn import models
    >>> from chaindyn.engine import compiled
    >>> code = compiled(models.planar_2r(), "crba")
    >>> code.operations["*"], code.operations["cos"]
    (3, 1)
    """
    if form not in FORMS:
        raise ValueError(f"form must be one of 'rnea', 'crba', 'aba', got {form!r}")
    key = (form, bool(tip) and form != "crba")  # CRBA takes no tip wrench
    done = _COMPILED.get(chain, {}).get(key)
    if done is None:
        run, n_inputs = _sweep(chain, *key)
        done = trace(run, n_inputs, f"{form} sweep, {chain.n} links",
                     max_operations=MAX_TRACED_OPERATIONS)
        _COMPILED.setdefault(chain, {})[key] = done
    return done


def _sweep(chain, form, tip):
    """``run(x, cos, sin)``: the sweep ``form`` of ``chain`` on the flat list of its
    inputs (in the order of :func:`compiled`), and how many inputs it takes."""
    links, s = engine_links(chain)
    fn, n = FORMS[form], len(links)
    s_tip = s._flat[1:]  # R_{n,n'} flattened and r_{n,n'}, folded
    if form == "crba":
        def run(x, cos, sin):
            return fn(links, x, cos, sin)
        return run, n

    def run(x, cos, sin):
        wrench = (s_tip, tuple(x[3 * n + 3:3 * n + 6]), tuple(x[3 * n + 6:])) if tip else None
        return fn(links, x[:n], x[n:2 * n], x[2 * n:3 * n], tuple(x[3 * n:3 * n + 3]),
                  wrench, cos, sin)
    return run, 3 * n + 3 + (6 if tip else 0)


# ----------------------------------------------------------------- running the code
_BOUND: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # Chain -> {key: bound code}


def _bound(chain, form, tip, on_arrays):
    """The compiled sweep with its constants bound, and R_{0,0'} flattened, as Python
    floats or, ``on_arrays``, as 0-d float64 arrays (once per chain, cached).  On
    arrays R_{0,0'} keeps its structural zeros and ones, so that gravity's rotation
    into {0'} multiplies only by its other entries, and a count sees those alone.

    Why 0-d arrays on the vectorized path: numpy converts a Python float operand to
    an array on every operation (about 0.2 us, a third of the cost of a whole
    operation on a thousand states); a 0-d array it takes as it is.  The products
    are the same float64 products."""
    key = (form, bool(tip), on_arrays)
    done = _BOUND.get(chain, {}).get(key)
    if done is None:
        code = compiled(chain, form, tip)
        _, s = engine_links(chain)
        if code is None:  # too large to compile: the sweep itself, run directly
            run, _ = _sweep(chain, form, bool(tip) and form != "crba")

            def direct(*args):  # args: the inputs, cos, sin
                out = run(list(args[:-2]), *args[-2:])
                return [0.0 if v is ZERO else _as_float(v) for v in out]
            code = CompiledSweep(lambda: direct, (), "", {}, {})
        if on_arrays:
            constants = [np.array(v, dtype=float) for v in code.constants]
            base_R = tuple(np.array(v, dtype=float) if type(v) is float else v
                           for v in s._flat[0])
        else:
            constants, base_R = code.constants, tuple(float(v) for v in s._flat[0])
        done = (code.build(*constants), base_R)
        _BOUND.setdefault(chain, {})[key] = done
    return done


def _as_float(v):
    """A structural one as the float it stands for; any other value as it is."""
    return float(v) if isinstance(v, _Unit) else v


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
    block ``index``: rows of one C-contiguous (k, states) copy, so that every line of
    the code reads contiguous memory (a column of ``a`` itself is strided), and only
    one block is ever copied.  (``ndarray.copy`` keeps the array's subclass: an
    instrumented input stays instrumented.)"""
    k = a.shape[-1]
    b = a[index] if a.shape[:-1] == full else np.broadcast_to(a, full + (k,))[index]
    return list(b.reshape(-1, k).T.copy())


def _run(chain, form, joints, gravity=None, f_tip=None, batch=None):
    """The compiled sweep ``form`` of ``chain`` on checked arrays: ``joints`` the joint
    arrays of shape (..., n) in the order the code takes them (``batch`` their batch
    shape, if the caller has it), ``gravity`` (3,) for RNEA and ABA, ``f_tip`` (..., 6)
    or None.  Returns the outputs, shape (..., k) (k = n, or n (n + 1) / 2 for CRBA's
    lower triangle)."""
    if batch is None:
        batch = batch_shape(*joints)
    full = batch if f_tip is None else np.broadcast_shapes(batch, f_tip.shape[:-1])
    given = tuple(joints) if f_tip is None else (*joints, f_tip)
    plain = all(type(a) is np.ndarray for a in given) and (
        gravity is None or type(gravity) is np.ndarray)
    tip = f_tip is not None
    n = chain.n
    width = n * (n + 1) // 2 if form == "crba" else n  # outputs per state
    if plain and full == ():  # one state: Python floats
        sweep, base_R = _bound(chain, form, tip, False)
        x = [v for a in joints for v in a.tolist()]
        if gravity is not None:
            x += sweeps.base_acceleration(base_R, gravity.tolist())
        if tip:
            x += f_tip.tolist()
        return np.array(sweep(*x, math.cos, math.sin), dtype=float)
    if plain and math.prod(full) <= ROW_LOOP_MAX:
        # a few states: Python floats, state by state
        sweep, base_R = _bound(chain, form, tip, False)
        a0 = () if gravity is None else sweeps.base_acceleration(base_R, gravity.tolist())
        rows = [(a if a.shape[:-1] == full else np.broadcast_to(a, full + a.shape[-1:]))
                .reshape(-1, a.shape[-1]).tolist() for a in given]
        k, out = len(joints), []
        for state in zip(*rows):
            x = [v for a in state[:k] for v in a]
            x += a0
            if tip:
                x += state[k]
            out.append(sweep(*x, math.cos, math.sin))
        return np.array(out, dtype=float).reshape(full + (width,))
    # a batch (or instrumented arrays): every line one numpy operation over a block of
    # states; blocks of at most BLOCK_STATES, written into the output one after the
    # other.  Instrumented arrays (chaindyn.opcount) take the same path, so that a count
    # is N times that of one state, plus the base's acceleration once per call.
    sweep, base_R = _bound(chain, form, tip, True)
    shape = full if full else (1,)
    arrays = given if gravity is None else (*given, gravity)
    kind = next((type(a) for a in arrays if type(a) is not np.ndarray), np.ndarray)
    a0 = ()
    if gravity is not None:  # once per call; instrumented like the other inputs
        g = gravity if kind is np.ndarray else gravity.view(kind)
        a0 = sweeps.base_acceleration(base_R, tuple(g[..., k] for k in range(3)))
    flat = np.empty((math.prod(shape), width))
    for index, start, stop in _blocks(shape, BLOCK_STATES):
        x = [c for a in joints for c in _block_components(a, shape, index)]
        if a0:  # a_0 copied over the block's states (no arithmetic)
            base = np.empty((3,) + x[0].shape)
            for k in range(3):
                base[k] = a0[k]
            x += list(base if kind is np.ndarray else base.view(kind))
        if tip:
            x += _block_components(f_tip, shape, index)
        out = sweep(*x, np.cos, np.sin)
        block = flat[start:stop]
        for i, t in enumerate(out):
            block[:, i] = t
    out = flat.reshape(full + (width,))
    # an instrumented call returns an instrumented result, as the operations would
    return out if kind is np.ndarray else out.view(kind)


@functools.cache
def _lower_triangle(n):
    """The rows and columns of the lower triangle of an n x n matrix, row by row (the
    order of CRBA's outputs)."""
    return np.tril_indices(n)


# ----------------------------------------------------------------- the structured forms
def rnea_structured(chain, q, qd, qdd, gravity=DEFAULT_GRAVITY, f_tip=None):
    """Inverse dynamics by a Newton-Euler recursion that exploits the chain's structure.

    The torques of :func:`chaindyn.rnea` (to roundoff) from the compiled RNEA
    sweep (:func:`chaindyn.engine.sweeps.rnea`; the structure it uses is
    listed in the docstring of :mod:`chaindyn.engine`): 91 multiplications
    per link of either joint type instead of 420 (rule "all").

    Parameters
    ----------
    chain : Chain
    q, qd, qdd : array_like, shape (n,) or (..., n)
        Joint positions (rad or m), velocities and accelerations; shapes
        broadcast as in :func:`chaindyn.rnea`.
    gravity : array_like, shape (3,), default (0, 0, -9.80665)
        Gravity vector in {0}, m/s^2.
    f_tip : array_like, shape (6,) or (..., 6), optional
        (moment, force) that the end effector applies to the environment, in
        {n} about its origin, N m and N.

    Returns
    -------
    tau : ndarray, shape (n,) or (..., n)
        Joint torques (N m) or forces (N).

    Raises
    ------
    ValueError
        As :func:`chaindyn.rnea` (the same checks and messages).

    Notes
    -----
    The joint frames and constants are computed on the first call for a Chain
    and the sweep is compiled for it (:func:`compiled`), both cached; this
    one-off work is not part of the per-call count.  Counted with
    ``chaindyn.opcount.count(rnea_structured, chain, q, qd, qdd, rule="all")``,
    a chain of general geometry whose first joint is revolute costs ``9 + 8 +
    91 (n - 1)`` less 18 for link 2 and 8 (revolute) or 3 (prismatic) for the
    last link (n >= 2), + 24 with ``f_tip``, for one state; N states cost N
    times that less 9 (N - 1): gravity is rotated once per call.  For an
    all-revolute chain ``91 n - 100`` (n >= 3), against ``93 n - 108``
    (Balafoutis and Patel 1991, via RBDA Table 10.1).

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
    return _run(chain, "rnea", (q, qd, qdd), gravity, f_tip, batch)


def crba_structured(chain, q):
    """The mass matrix of :func:`chaindyn.crba` from the compiled CRBA sweep.

    The composite-rigid-body algorithm on the joint frames
    (:func:`chaindyn.engine.sweeps.crba`): each composite body as its mass,
    first and second moments about the origin of {i'}, moved to the parent by
    the two screws of the joint frames, and each column's wrench carried down
    the chain as a 3-vector moment and force.

    Parameters
    ----------
    chain : Chain
    q : array_like, shape (n,) or (..., n)
        Joint positions, rad or m.

    Returns
    -------
    M : ndarray, shape (n, n) or (..., n, n)
        M(q), both triangles, kg m^2 (revolute rows and columns), kg
        (prismatic) or kg m (mixed); as :func:`chaindyn.crba` to roundoff.

    Raises
    ------
    ValueError
        As :func:`chaindyn.crba`.

    Notes
    -----
    Multiplications per state (rule "all"; the code has no matrix products,
    so the rule "products" counts 0): ``10 n^2 + 11 n - 49`` for an
    all-revolute chain of general geometry (n >= 3), against ``10 n^2 + 22 n
    - 32`` (Featherstone 2005, via RBDA Table 10.1); none for an
    all-prismatic chain, whose M is a constant.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn import models
    >>> from chaindyn.engine import crba_structured
    >>> print(np.round(crba_structured(models.planar_2r(), [0.0, np.pi / 2]), 6))
    [[3.002 1.001]
     [1.001 1.001]]
    """
    (q,) = check_state(chain, q=q)
    low = _run(chain, "crba", (q,))
    n = chain.n
    M = np.empty(q.shape + (n,), dtype=low.dtype).view(type(low))
    rows, cols = _lower_triangle(n)
    M[..., rows, cols] = low
    M[..., cols, rows] = low
    return M


def aba_structured(chain, q, qd, tau, gravity=DEFAULT_GRAVITY, f_tip=None):
    """Forward dynamics: the accelerations of :func:`chaindyn.aba` from the compiled ABA sweep.

    The articulated-body algorithm on the joint frames
    (:func:`chaindyn.engine.sweeps.aba`): RNEA's forward recursion at q̈ = 0
    gives the bias wrenches (velocity products and gravity), the articulated
    inertias are carried to the parent as blocks by the two screws of the
    joint frames, and their rows and columns along each joint axis, which
    vanish, are not formed.

    Parameters
    ----------
    chain : Chain
    q, qd, tau : array_like, shape (n,) or (..., n)
        Joint positions (rad or m), velocities (rad/s or m/s) and torques
        (N m) or forces (N), broadcasting together.
    gravity : array_like, shape (3,), default (0, 0, -9.80665)
        Gravity vector in {0}, m/s^2.
    f_tip : array_like, shape (6,) or (..., 6), optional
        (moment, force) that the end effector applies to the environment, in
        {n} about its origin, N m and N.

    Returns
    -------
    qdd : ndarray, shape (n,) or (..., n)
        As :func:`chaindyn.aba` (to roundoff).

    Raises
    ------
    ValueError
        As :func:`chaindyn.aba`.

    Notes
    -----
    Multiplications per state (rule "all"), with 9 for gravity into {0'}
    once per call: ``206 n - 311`` for an all-revolute chain of general
    geometry (n >= 3), against ``224 n - 259`` (McMillan, Orin and McGhee
    1995, via RBDA Table 10.1); ``32 n - 39`` for an all-prismatic chain
    (n >= 3).  The reciprocals ``1/D_i`` (n - 1 divisions; the last link's
    is a constant) are not multiplications.  A tip wrench adds 24.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn import models
    >>> from chaindyn.engine import aba_structured
    >>> arm, g = models.planar_2r(), [0.0, -9.81, 0.0]
    >>> print(np.round(aba_structured(arm, [0.0, np.pi / 2], [0.0, 0.0], [0.0, 0.0], g), 6))
    [-9.805097  9.805097]
    """
    q, qd, tau = check_state(chain, q=q, qd=qd, tau=tau)
    gravity = check_gravity(gravity)
    batch = batch_shape(q, qd, tau)
    f_tip = check_wrench(f_tip, batch)
    return _run(chain, "aba", (q, qd, tau), gravity, f_tip, batch)
