"""The Lagrangian form of the equations of motion, symbolically (book §3.3).

For a serial chain with joint variables q, the kinetic energy is written from
the link twists and the potential energy from the centres of mass in uniform
gravity::

    K = 1/2 sum_l V_l^T G_l V_l = 1/2 qd^T M(q) qd,     V_l = J_l(q) qd
    P = - sum_l m_l gravity . p_cl(q)

and the Euler-Lagrange equations ``d/dt dL/dqd - dL/dq = tau`` of
``L = K - P`` take the form ``M(q) qdd + C(q, qd) qd + g(q) = tau`` with

    M = sum_l J_l^T G_l J_l                          (Modern Robotics §8.4)
    C_ij = sum_k c_ijk qd_k,  c_ijk = 1/2 (dM_ij/dq_k + dM_ik/dq_j - dM_jk/dq_i)
    g = dP/dq

This module builds these expressions with sympy for symbolic q, qd, qdd and
numeric or symbolic link parameters.  sympy is imported inside the functions:
``import chaindyn`` needs numpy only.  The twists follow the same recursion as
RNEA (book eq. 3.2-2), ``V_l = Ad_{T_{l,l-1}} V_{l-1} + A_l qd_l`` with
``T_{l,l-1} = exp(-[A_l] q_l) M_{l,l-1}``, but on sympy matrices; the numeric
counterparts are :func:`chaindyn.lagrange.link_jacobians` and
:func:`chaindyn.lagrange.coriolis_matrix`.

Sources: book §3.3; K. M. Lynch and F. C. Park, *Modern Robotics* (2017),
§8.1 (eq. 8.9, the planar 2R arm; the Christoffel symbols) and §8.4; R. M.
Murray, Z. Li and S. S. Sastry, *A Mathematical Introduction to Robotic
Manipulation* (1994), §4.2.
"""

from __future__ import annotations

import numbers
from collections.abc import Mapping
from typing import NamedTuple

import numpy as np

from ._validate import (
    DEFAULT_GRAVITY,
    as_array,
    check_chain,
    check_choice,
    check_flag,
    check_joint_arrays,
    check_pose,
    check_positive_int,
    joint_type,
)
from .chain import _JOINT_NAMES, Chain
from .spatial import check_inertia

__all__ = [
    "SymbolicChain",
    "Dynamics",
    "from_chain",
    "from_mdh_rows",
    "planar_2r",
    "planar_2r_mr89",
    "planar_nr",
    "planar_gravity",
    "joint_symbols",
    "lagrangian_dynamics",
    "euler_lagrange",
    "torque_function",
    "multiplications",
]


def _sp():
    import sympy

    return sympy


class SymbolicChain(NamedTuple):
    """A serial chain with sympy entries (the symbolic counterpart of :class:`chaindyn.Chain`).

    Attributes
    ----------
    home : tuple of sympy.Matrix (4, 4)
        ``M_{l,l-1}``, the pose of {l-1} seen from {l} at q = 0, m.
    screws : tuple of sympy.Matrix (6, 1)
        ``A_l`` in {l}, order (omega, v).
    inertias : tuple of sympy.Matrix (6, 6)
        ``G_l`` about the origin of {l}, in {l} (kg, kg m, kg m^2).
    joint_types : tuple of str
        ``"revolute"`` or ``"prismatic"``.
    parameters : tuple of sympy.Symbol
        The symbols among the entries (empty for numeric parameters).

    Notes
    -----
    A model built by hand is checked when it is used
    (:func:`lagrangian_dynamics`), as strictly as :class:`chaindyn.Chain`
    and with its messages: one home pose, inertia and joint type per screw,
    real entries, and on every matrix whose entries are numbers a proper
    pose, a unit screw of the kind its label says and a physical spatial
    inertia.  An inertia in symbols must be symmetric with a mass that is
    not known to be <= 0.
    """

    home: tuple
    screws: tuple
    inertias: tuple
    joint_types: tuple
    parameters: tuple

    @property
    def n(self):
        return len(self.screws)


class Dynamics(NamedTuple):
    """The Lagrangian equations of motion of a :class:`SymbolicChain` (sympy expressions).

    ``tau = M qdd + C qd + g`` (:meth:`torque`).  ``K`` and ``P`` are the
    energies (J), ``M`` (n, n) the mass matrix read off the link twists, ``C``
    (n, n) the Christoffel-symbol matrix, ``g`` (n, 1) = dP/dq.
    """

    q: tuple
    qd: tuple
    qdd: tuple
    K: object
    P: object
    M: object
    C: object
    g: object
    parameters: tuple

    def torque(self):
        """``M qdd + C qd + g`` as an (n, 1) sympy Matrix, N m or N."""
        sp = _sp()
        qd, qdd = sp.Matrix(self.qd), sp.Matrix(self.qdd)
        return self.M * qdd + self.C * qd + self.g


# ----------------------------------------------------------------------- building blocks
# The sympy model's own skew, Ad, screw exponential, joint step and spatial inertia: the
# independent form of chaindyn.spatial and chaindyn.inverse_dynamics.joint_step, on purpose
# (the oracle).
def _skew(w, sp):
    return sp.Matrix([[0, -w[2], w[1]], [w[2], 0, -w[0]], [-w[1], w[0], 0]])


def _Ad(R, p, sp):
    out = sp.zeros(6, 6)
    out[:3, :3] = R
    out[3:, 3:] = R
    out[3:, :3] = _skew(p, sp) * R
    return out


def _screw_exp(A, theta, kind, sp):
    """``exp([A] theta)`` as (R, p): Rodrigues for a unit revolute axis (MR eq. 3.88)."""
    w, v = sp.Matrix(A[:3]), sp.Matrix(A[3:])
    if kind == "prismatic":
        return sp.eye(3), v * theta
    W = _skew(w, sp)
    c, s = sp.cos(theta), sp.sin(theta)
    R = sp.eye(3) + s * W + (1 - c) * W * W
    p = (sp.eye(3) * theta + (1 - c) * W + (theta - s) * W * W) * v
    return R, p


def _pose_inv(R, p):
    return R.T, -R.T * p


def _exact(x):
    """A float as a sympy number: 0 and +-1 exactly, else a Float of the same value."""
    sp = _sp()
    x = float(x)
    if x == int(x) and abs(x) < 2**53:
        return sp.Integer(int(x))
    return sp.Float(x, 17)


def _spatial_inertia(m, c, Ic):
    """``G = [[Ic - m [c]^2, m [c]], [-m [c], m 1]]`` with sympy entries (MR eq. 8.32)."""
    sp = _sp()
    C = _skew(c, sp)
    G = sp.zeros(6, 6)
    G[:3, :3] = sp.Matrix(Ic) - m * C * C
    G[:3, 3:] = m * C
    G[3:, :3] = -m * C
    G[3:, 3:] = m * sp.eye(3)
    return G


def _check_model(model):
    """``model`` if it is a SymbolicChain that :func:`lagrangian_dynamics` can read: as
    many home poses, inertias and joint types as screws, matrices of the right shapes
    with real entries, and the checks of :class:`chaindyn.Chain` (a proper pose, a unit
    screw of the kind its label says, a physical inertia) on every entry that is a
    number; an inertia in symbols must be symmetric with a mass not known to be <= 0."""
    if not isinstance(model, SymbolicChain):
        raise ValueError(
            "model must be a chaindyn.symbolic.SymbolicChain (from from_chain, from_mdh_rows, "
            f"planar_2r or planar_nr), got {type(model).__name__}"
        )
    sp = _sp()
    fields = (("home", (4, 4)), ("screws", (6, 1)), ("inertias", (6, 6)))
    for field, _ in fields + (("joint_types", None),):
        if not isinstance(getattr(model, field), (tuple, list)):
            raise ValueError(f"model.{field} must be a tuple, got "
                             f"{type(getattr(model, field)).__name__}")
    n = len(model.screws)
    if n < 1:
        raise ValueError("a chain needs at least one link, got no screws")
    for field in ("home", "inertias", "joint_types"):
        if len(getattr(model, field)) != n:
            raise ValueError(f"model.{field} must have {n} entries (one per screw), "
                             f"got {len(getattr(model, field))}")
    for field, shape in fields:
        for i, X in enumerate(getattr(model, field)):
            if not isinstance(X, sp.MatrixBase) or X.shape != shape:
                got = X.shape if isinstance(X, sp.MatrixBase) else type(X).__name__
                raise ValueError(f"model.{field}[{i}] must be a sympy Matrix of shape {shape}, "
                                 f"got {got}")
            for x in X:
                if not (_is_real_number(x) or _is_real_expr(x, sp)):
                    raise ValueError(f"model.{field}[{i}] must have finite real entries, "
                                     f"got {x!r}")
    for i, (H, A, G, label) in enumerate(zip(model.home, model.screws, model.inertias,
                                             model.joint_types)):
        if label not in ("revolute", "prismatic"):
            raise ValueError(f"model.joint_types[{i}] must be 'revolute' or 'prismatic', "
                             f"got {label!r}")
        if H.is_symbolic() is False:
            check_pose(np.array(H, dtype=float), f"model.home[{i}]")
        if A.is_symbolic() is False:
            kind = joint_type(np.array(A, dtype=float).ravel(), f"model.screws[{i}]")
            if kind != label:
                raise ValueError(f"model.joint_types[{i}] must be {kind!r}, the kind of "
                                 f"model.screws[{i}], got {label!r}")
        if G.is_symbolic() is False:
            check_inertia(np.array(G, dtype=float), f"model.inertias[{i}]")
            continue
        if any(sp.expand(G[j, k] - G[k, j]) != 0 for j in range(6) for k in range(j)):
            raise ValueError(f"model.inertias[{i}] must be symmetric, got {G!r}")
        if G[3, 3].is_positive is False:
            raise ValueError(f"model.inertias[{i}] must have a mass m > 0, got m = {G[3, 3]}")
    return model


def _is_real_number(x):
    """``x`` a finite real number: int, float, numpy or sympy real, not bool."""
    if isinstance(x, (bool, np.bool_)) or not isinstance(x, numbers.Real):
        return False
    try:
        return bool(np.isfinite(float(x)))
    except (TypeError, ValueError, OverflowError):
        return False


def _is_real_expr(x, sp):
    """``x`` a sympy expression free of nan and infinities that is not known to be non-real.

    A number must be real (``sp.I`` is not); an expression in symbols must not
    be provably non-real (a symbol without assumptions passes)."""
    if not isinstance(x, sp.Expr) or x.has(sp.nan, sp.zoo, sp.oo, sp.S.NegativeInfinity, sp.I):
        return False
    if x.is_number:
        return x.is_real is True
    return x.is_real is not False


def _check_real_entries(name, s, length, sp):
    """``s`` a list, tuple or 1-d ndarray of ``length`` sympy expressions or real numbers."""
    if (not isinstance(s, (list, tuple, np.ndarray)) or np.ndim(s) != 1
            or len(s) != length):
        raise ValueError(f"{name} must be a list, tuple or 1-d array of {length} sympy "
                         f"expressions or real numbers, got {s!r}")
    for i, x in enumerate(s):
        if not (_is_real_number(x) or _is_real_expr(x, sp)):
            raise ValueError(f"{name}[{i}] must be a finite real number or a real sympy "
                             f"expression, got {x!r}")
    return s


def _check_joint_symbols(q, qd, qdd, n, sp):
    """q, qd, qdd: lists or tuples of n sympy Symbols each (any n >= 1 if ``n`` is None),
    3 n distinct symbols in all."""
    for name, s in (("q", q), ("qd", qd), ("qdd", qdd)):
        want = f"{n}" if n is not None else "n >= 1"
        if (not isinstance(s, (list, tuple)) or not s or (n is not None and len(s) != n)
                or not all(isinstance(x, sp.Symbol) for x in s)):
            raise ValueError(f"{name} must be a tuple of {want} sympy Symbols, got {s!r}")
    if not len(q) == len(qd) == len(qdd):
        raise ValueError("q, qd, qdd must have one length, got "
                         f"{len(q)}, {len(qd)}, {len(qdd)}")
    every = [*q, *qd, *qdd]
    twice = sorted({str(x) for x in every if every.count(x) > 1})
    if twice:
        raise ValueError(f"q, qd, qdd must be {len(every)} distinct Symbols, got "
                         f"{', '.join(twice)} more than once")


# ----------------------------------------------------------------------- models
def from_chain(chain):
    """A :class:`SymbolicChain` with the numeric parameters of a :class:`chaindyn.Chain`.

    Entries are sympy Floats of the same values (integers exactly), so that
    expressions in symbolic q keep the chain's numbers.

    Parameters
    ----------
    chain : Chain

    Returns
    -------
    SymbolicChain

    Raises
    ------
    ValueError
        If ``chain`` is not a Chain.

    Examples
    --------
    >>> from chaindyn import models, symbolic
    >>> model = symbolic.from_chain(models.planar_2r())
    >>> model.n, model.joint_types, model.screws[0].T
    (2, ('revolute', 'revolute'), Matrix([[0, 0, 1, 0, 0, 0]]))
    """
    check_chain(chain)
    sp = _sp()

    def mat(a):
        return sp.Matrix([[_exact(x) for x in row] for row in np.atleast_2d(a)])

    return SymbolicChain(
        home=tuple(mat(chain.home[i]) for i in range(chain.n)),
        screws=tuple(mat(chain.screws[i]).T for i in range(chain.n)),
        inertias=tuple(mat(chain.inertias[i]) for i in range(chain.n)),
        joint_types=tuple(chain.joint_types),
        parameters=(),
    )


def from_mdh_rows(rows):
    """A :class:`SymbolicChain` from modified-DH table rows, with exact rational entries.

    The rows are those of :func:`chaindyn.models.arm6r_table` (angles in
    degrees, lengths m, mass kg, COM and inertia about the COM in {i});
    decimals are read as exact rationals (0.35 -> 7/20) and angles as exact
    multiples of pi, so that ``cos(90 deg)`` is 0 and not 6e-17.  The chain is
    the one :meth:`chaindyn.Chain.from_mdh` builds from the same rows
    (``T_{i-1,i} = Rot_x(alpha) Trans_x(a) Rot_z(theta + q) Trans_z(d)``,
    ``A_i = (0, 0, 1, 0, 0, 0)`` or ``(0, 0, 0, 0, 0, 1)``).

    Parameters
    ----------
    rows : list of dict
        Keys ``alpha_deg, a, d, theta_deg, type, mass, cx, cy, cz, Ixx, Iyy,
        Izz, Ixy, Ixz, Iyz``.

    Returns
    -------
    SymbolicChain

    Raises
    ------
    ValueError
        If ``rows`` is not a non-empty list or tuple of dicts, a row misses a
        key, a type is not 'R', 'revolute', 'P' or 'prismatic' (any case, as
        for :meth:`chaindyn.Chain.from_mdh`), a value is not a finite real number
        (strings, None, complex numbers, nan and inf are rejected), or
        :meth:`chaindyn.Chain.from_mdh` rejects the same rows (a mass <= 0,
        an inertia about the COM that is not positive definite; its message
        names link i + 1 for row i).

    Examples
    --------
    >>> from chaindyn import models, symbolic
    >>> arm = symbolic.from_mdh_rows(models.arm6r_table())
    >>> arm.n, arm.inertias[0][5, 5]
    (6, 4)
    """
    sp = _sp()
    keys = ("alpha_deg", "a", "d", "theta_deg", "type", "mass", "cx", "cy", "cz",
            "Ixx", "Iyy", "Izz", "Ixy", "Ixz", "Iyz")
    if not isinstance(rows, (list, tuple)) or not rows:
        raise ValueError(f"rows must be a non-empty list of table rows, got {rows!r}")
    home, screws, inertias, kinds = [], [], [], []
    for k, r in enumerate(rows):
        if not isinstance(r, Mapping):
            raise ValueError(f"row {k} must be a dict with the keys {', '.join(keys)}, "
                             f"got {type(r).__name__} {r!r}")
        missing = [key for key in keys if key not in r]
        if missing:
            raise ValueError(f"row {k} must have the keys {', '.join(keys)}, missing {missing}")
        if str(r["type"]).lower() not in _JOINT_NAMES:
            raise ValueError(f"row {k}: type must be 'R', 'revolute', 'P' or 'prismatic', "
                             f"got {r['type']!r}")
        for key in keys:
            if key != "type" and not _is_real_number(r[key]):
                raise ValueError(f"row {k}: {key} must be a finite real number, got {r[key]!r}")
    # the physical checks (mass > 0, positive definite inertia) of the numeric chain
    Chain.from_mdh(
        np.array([[np.deg2rad(float(r["alpha_deg"])), float(r["a"]), float(r["d"]),
                   np.deg2rad(float(r["theta_deg"]))] for r in rows]),
        [float(r["mass"]) for r in rows],
        [[float(r[c]) for c in ("cx", "cy", "cz")] for r in rows],
        [[[float(r[a]) for a in row] for row in (("Ixx", "Ixy", "Ixz"), ("Ixy", "Iyy", "Iyz"),
                                                 ("Ixz", "Iyz", "Izz"))] for r in rows],
        [str(r["type"]) for r in rows])
    for r in rows:
        kind = _JOINT_NAMES[str(r["type"]).lower()]

        def num(key, r=r):
            return sp.Rational(repr(float(r[key])))

        al, th = sp.pi * num("alpha_deg") / 180, sp.pi * num("theta_deg") / 180
        ca, sa, ct, st = sp.cos(al), sp.sin(al), sp.cos(th), sp.sin(th)
        Rx = sp.Matrix([[1, 0, 0], [0, ca, -sa], [0, sa, ca]])
        Rz = sp.Matrix([[ct, -st, 0], [st, ct, 0], [0, 0, 1]])
        R = Rx * Rz  # T_{i-1,i}(0) = Rot_x Trans_x Rot_z Trans_z
        p = sp.Matrix([num("a"), 0, 0]) + R * sp.Matrix([0, 0, num("d")])
        Ri, pi_ = _pose_inv(R, p)
        T = sp.eye(4)
        T[:3, :3], T[:3, 3] = Ri, pi_
        home.append(T)
        screws.append(sp.Matrix([0, 0, 1, 0, 0, 0] if kind == "revolute" else [0, 0, 0, 0, 0, 1]))
        Ic = sp.Matrix([[num("Ixx"), num("Ixy"), num("Ixz")],
                        [num("Ixy"), num("Iyy"), num("Iyz")],
                        [num("Ixz"), num("Iyz"), num("Izz")]])
        inertias.append(_spatial_inertia(num("mass"), [num("cx"), num("cy"), num("cz")], Ic))
        kinds.append(kind)
    return SymbolicChain(tuple(home), tuple(screws), tuple(inertias), tuple(kinds), ())


def planar_nr(n, point_masses=False):
    """The planar nR arm with symbolic parameters, joints about z, gravity along -y.

    Link l has length ``L_l`` (joint l+1 at ``(L_l, 0, 0)`` of {l}), mass
    ``m_l``, centre of mass ``(r_l, 0, 0)`` in {l} and rotational inertia
    ``diag(Ix_l, Iy_l, Iz_l)`` about it (only ``Iz_l`` acts in planar motion).
    With ``point_masses=True`` the COM sits at the link end (``r_l = L_l``)
    and the rotational inertia is zero, as in Modern Robotics §8.1.1.

    Parameters
    ----------
    n : int
        Number of links, >= 1.
    point_masses : bool

    Returns
    -------
    SymbolicChain
        ``parameters`` lists the symbols (all positive); the gravity
        magnitude is the symbol ``g`` of :func:`planar_2r`'s example.

    Raises
    ------
    ValueError
        If n is not a positive integer or ``point_masses`` is not a bool.

    Examples
    --------
    >>> from chaindyn import symbolic
    >>> symbolic.planar_nr(3, point_masses=True).parameters
    (m1, m2, m3, L1, L2, L3)
    """
    n = check_positive_int(n, "n")
    point_masses = check_flag(point_masses, "point_masses")
    sp = _sp()
    m = sp.symbols(f"m1:{n + 1}", positive=True)
    L = sp.symbols(f"L1:{n + 1}", positive=True)
    if point_masses:
        r, Ix, Iy, Iz = L, (0,) * n, (0,) * n, (0,) * n
        params = m + L
    else:
        r = sp.symbols(f"r1:{n + 1}", positive=True)
        Ix = sp.symbols(f"Ix1:{n + 1}", positive=True)
        Iy = sp.symbols(f"Iy1:{n + 1}", positive=True)
        Iz = sp.symbols(f"Iz1:{n + 1}", positive=True)
        params = m + L + r + Ix + Iy + Iz
    home, screws, inertias = [], [], []
    for i in range(n):
        T = sp.eye(4)
        if i > 0:
            T[0, 3] = -L[i - 1]
        home.append(T)
        screws.append(sp.Matrix([0, 0, 1, 0, 0, 0]))
        inertias.append(_spatial_inertia(m[i], [r[i], 0, 0], sp.diag(Ix[i], Iy[i], Iz[i])))
    return SymbolicChain(tuple(home), tuple(screws), tuple(inertias), ("revolute",) * n,
                         tuple(params))


def planar_2r(point_masses=False):
    """:func:`planar_nr` with n = 2 (the arm of Modern Robotics eq. 8.9).

    Raises
    ------
    ValueError
        If ``point_masses`` is not a bool.

    Examples
    --------
    >>> from chaindyn import symbolic
    >>> dyn = symbolic.lagrangian_dynamics(symbolic.planar_2r(point_masses=True),
    ...                                    gravity=symbolic.planar_gravity())
    >>> import sympy as sp
    >>> sp.factor(sp.simplify(dyn.M[0, 1]))
    L2*m2*(L1*cos(q2) + L2)
    """
    return planar_nr(2, point_masses=point_masses)


def planar_gravity():
    """``(0, -g, 0)`` with the positive symbol ``g``, for the planar arms in a vertical plane."""
    sp = _sp()
    return (0, -sp.Symbol("g", positive=True), 0)



def planar_2r_mr89(q=None, qd=None, qdd=None):
    """Modern Robotics eq. (8.9): M, the velocity products c and g of the planar 2R arm.

    Point masses ``m1``, ``m2`` at the ends of links of lengths ``L1``, ``L2``,
    gravity ``g`` along -y, as printed in the book (Lynch and Park 2017,
    §8.1.1)::

        M11 = m1 L1^2 + m2 (L1^2 + 2 L1 L2 c2 + L2^2),  M12 = m2 (L1 L2 c2 + L2^2),
        M22 = m2 L2^2,
        c = (-m2 L1 L2 s2 (2 qd1 qd2 + qd2^2), m2 L1 L2 qd1^2 s2),
        g = ((m1 + m2) L1 g c1 + m2 g L2 c12, m2 g L2 c12)

    Parameters
    ----------
    q, qd, qdd : sequences of 2 sympy expressions or real numbers, optional
        Joint positions (rad), rates (rad/s) and accelerations (rad/s^2);
        all three or none.  Default :func:`joint_symbols` ``(2)``.

    Returns
    -------
    dict
        ``M`` (2, 2), ``c`` (2, 1), ``g`` (2, 1) sympy Matrices and ``tau``
        ``= M qdd + c + g``, in the symbols of :func:`joint_symbols` and
        :func:`planar_nr`.

    Raises
    ------
    ValueError
        If only some of q, qd, qdd are given, or one is not a list, tuple or
        1-d array of two finite real numbers or real sympy expressions.

    Examples
    --------
    >>> from chaindyn import symbolic
    >>> symbolic.planar_2r_mr89()["M"][1, 1]
    L2**2*m2
    """
    sp = _sp()
    given = [name for name, s in (("q", q), ("qd", qd), ("qdd", qdd)) if s is not None]
    if not given:
        q, qd, qdd = joint_symbols(2)
    elif len(given) < 3:
        raise ValueError("q, qd, qdd must be given all three or none, got only "
                         + ", ".join(given))
    for name, s in (("q", q), ("qd", qd), ("qdd", qdd)):
        _check_real_entries(name, s, 2, sp)
    m1, m2 = sp.symbols("m1:3", positive=True)
    L1, L2 = sp.symbols("L1:3", positive=True)
    g = sp.Symbol("g", positive=True)
    c1, c2, s2 = sp.cos(q[0]), sp.cos(q[1]), sp.sin(q[1])
    c12 = sp.cos(q[0] + q[1])
    M = sp.Matrix([[m1 * L1**2 + m2 * (L1**2 + 2 * L1 * L2 * c2 + L2**2),
                    m2 * (L1 * L2 * c2 + L2**2)],
                   [m2 * (L1 * L2 * c2 + L2**2), m2 * L2**2]])
    c = sp.Matrix([-m2 * L1 * L2 * s2 * (2 * qd[0] * qd[1] + qd[1]**2),
                   m2 * L1 * L2 * qd[0]**2 * s2])
    gv = sp.Matrix([(m1 + m2) * L1 * g * c1 + m2 * g * L2 * c12, m2 * g * L2 * c12])
    return {"M": M, "c": c, "g": gv, "tau": M * sp.Matrix(qdd) + c + gv}


def joint_symbols(n):
    """Real symbols ``(q1..qn), (qd1..qdn), (qdd1..qddn)``.

    Examples
    --------
    >>> from chaindyn import symbolic
    >>> symbolic.joint_symbols(2)
    ((q1, q2), (qd1, qd2), (qdd1, qdd2))
    """
    n = check_positive_int(n, "n")
    sp = _sp()
    return tuple(sp.symbols(f"{name}1:{n + 1}", real=True) for name in ("q", "qd", "qdd"))


# ----------------------------------------------------------------------- the Lagrangian
def _gravity_vector(gravity, mod):
    sp = _sp()
    if isinstance(gravity, (list, tuple)) and len(gravity) == 3 and any(
            isinstance(x, sp.Basic) for x in gravity):
        for i, x in enumerate(gravity):
            if not (_is_real_number(x) or _is_real_expr(x, sp)):
                raise ValueError(f"gravity[{i}] must be a finite real number or a real sympy "
                                 f"expression, got {x!r}")
        return mod.Matrix(list(gravity))
    g = as_array(gravity, "gravity", (3,))
    return mod.Matrix([_exact(x) for x in g])


def _engine(engine):
    if check_choice(engine, "engine", ("sympy", "symengine")) == "sympy":
        return _sp()
    import symengine

    return symengine


def lagrangian_dynamics(model, gravity=DEFAULT_GRAVITY, q=None, qd=None, qdd=None,
                        engine="sympy"):
    """The energies and ``M(q)``, ``C(q, qd)``, ``g(q)`` of a chain, as sympy expressions.

    Twists by the forward recursion of book eq. 3.2-2 on sympy matrices; the
    link Jacobian ``J_l`` is read off ``V_l`` (it is linear in qd), and then

    * ``K = 1/2 sum_l V_l^T G_l V_l``, ``M = sum_l J_l^T G_l J_l``, so that
      ``K = 1/2 qd^T M qd`` (Modern Robotics §8.4);
    * ``P = - sum_l gravity . (m_l p_cl)`` with ``m_l p_cl = R_{0l} (m c)_l +
      m_l p_{0l}`` read off ``G_l``;
    * ``g = dP/dq``, ``C_ij = sum_k c_ijk qd_k`` with the Christoffel symbols
      of the first kind of M.

    Nothing is simplified (sympy's automatic evaluation only): simplify or
    ``cse`` the results as needed.

    Parameters
    ----------
    model : SymbolicChain
    gravity : sequence of 3
        Gravity in {0}, m/s^2: finite real numbers, or a list or tuple in
        which sympy expressions (e.g. :func:`planar_gravity`), exact sympy
        numbers (``Rational``, ``pi``) and finite real numbers mix.  Default
        ``(0, 0, -9.80665)``.
    q, qd, qdd : tuple of sympy.Symbol, optional
        3 n distinct symbols, all three or none.  Default
        :func:`joint_symbols`.
    engine : {"sympy", "symengine"}
        ``"symengine"`` runs the same derivation on symengine's types (a
        C++ library; installed separately), for the timing of book §3.3 ③;
        the results are then symengine expressions and only the fields are
        filled (no :meth:`Dynamics.torque`, no ``torque_function``).

    Returns
    -------
    Dynamics

    Raises
    ------
    ValueError
        If ``model`` is not a SymbolicChain or fails its checks (see
        :class:`SymbolicChain`); gravity has not three finite
        entries, or one entry of a symbolic gravity is neither a finite real
        number nor a real sympy expression (complex numbers, ``sp.I``,
        ``sp.zoo``, nan, inf, strings and None are rejected); only some of
        q, qd, qdd are given, they are not n sympy Symbols each or a symbol
        occurs twice among them; or ``engine`` is not one of the two names.

    Examples
    --------
    >>> from chaindyn import models, symbolic
    >>> dyn = symbolic.lagrangian_dynamics(symbolic.from_chain(models.planar_2r()),
    ...                                    gravity=(0, 0, 0))
    >>> round(float(dyn.M[1, 1]), 6)  # m2 r2^2 + Iz2, kg m^2
    1.001
    """
    model = _check_model(model)
    sp = _engine(engine)
    n = model.n
    given = [name for name, s in (("q", q), ("qd", qd), ("qdd", qdd)) if s is not None]
    if not given:
        q, qd, qdd = joint_symbols(n)
    elif len(given) < 3:
        raise ValueError("q, qd, qdd must be given all three or none, got only "
                         + ", ".join(given))
    _check_joint_symbols(q, qd, qdd, n, _sp())
    if engine == "symengine":
        q, qd, qdd = (tuple(sp.Symbol(str(x)) for x in s) for s in (q, qd, qdd))
    gvec = _gravity_vector(gravity, sp)
    V = sp.zeros(6, 1)
    J = sp.zeros(6, n)
    R0, p0 = sp.eye(3), sp.zeros(3, 1)  # T_{0,l}
    K, P = 0, 0
    M = sp.zeros(n, n)
    for i in range(n):
        A, H, G, kind = model.screws[i], model.home[i], model.inertias[i], model.joint_types[i]
        Re, pe = _screw_exp(A, -q[i], kind, sp)
        R = Re * H[:3, :3]
        p = Re * H[:3, 3] + pe  # T_{l,l-1} = exp(-[A] q) M_{l,l-1}
        X = _Ad(R, p, sp)
        J = X * J
        J[:, i] = A
        V = J * sp.Matrix(list(qd))
        K += (V.T * G * V)[0, 0] / 2
        M += J.T * G * J
        Ri, pi_ = _pose_inv(R, p)  # T_{l-1,l}
        p0 = R0 * pi_ + p0
        R0 = R0 * Ri
        mass = G[3, 3]
        mc = sp.Matrix([G[2, 4], G[0, 5], G[1, 3]])
        P -= (gvec.T * (R0 * mc + mass * p0))[0, 0]
    gq = sp.Matrix([sp.diff(P, qi) for qi in q])
    dM = [[[sp.diff(M[i, j], q[k]) if j >= i else None for k in range(n)] for j in range(n)]
          for i in range(n)]

    def d(i, j, k):
        return dM[i][j][k] if j >= i else dM[j][i][k]

    C = sp.zeros(n, n)
    for i in range(n):
        for j in range(n):
            C[i, j] = sum(((d(i, j, k) + d(i, k, j) - d(j, k, i)) / 2 * qd[k] for k in range(n)),
                          sp.Integer(0))
    return Dynamics(tuple(q), tuple(qd), tuple(qdd), K, P, M, C, gq, model.parameters)


def euler_lagrange(L, q, qd, qdd):
    """``d/dt (dL/dqd_i) - dL/dq_i`` for a Lagrangian ``L(q, qd)``, literally.

    The time derivative by the chain rule, ``d/dt f(q, qd) = sum_k df/dq_k
    qd_k + df/dqd_k qdd_k``.

    Parameters
    ----------
    L : sympy expression
        In the symbols q, qd.
    q, qd, qdd : lists or tuples of sympy.Symbol
        Of one length n >= 1, 3 n distinct symbols.

    Returns
    -------
    sympy.Matrix, shape (n, 1)

    Raises
    ------
    ValueError
        If L is not a sympy expression (a string, a number, an array or a
        Matrix), or q, qd, qdd are not lists or tuples of sympy Symbols of
        one length n >= 1 with no symbol twice.

    Examples
    --------
    A pendulum of length 1 m and mass 1 kg, q from the downward vertical:

    >>> import sympy as sp
    >>> from chaindyn import symbolic
    >>> (q,), (qd,), (qdd,) = symbolic.joint_symbols(1)
    >>> g = sp.Symbol("g")
    >>> symbolic.euler_lagrange(qd**2 / 2 + g * sp.cos(q), [q], [qd], [qdd])
    Matrix([[g*sin(q1) + qdd1]])
    """
    sp = _sp()
    if not isinstance(L, sp.Expr):
        raise ValueError(f"L must be a sympy expression, got {type(L).__name__} {L!r}")
    _check_joint_symbols(q, qd, qdd, None, sp)
    out = []
    for i in range(len(q)):
        p = sp.diff(L, qd[i])
        dpdt = sum((sp.diff(p, a) * b for a, b in zip(q, qd)), sp.Integer(0)) + sum(
            (sp.diff(p, a) * b for a, b in zip(qd, qdd)), sp.Integer(0))
        out.append(dpdt - sp.diff(L, q[i]))
    return sp.Matrix(out)


# ----------------------------------------------------------------------- numeric code
def torque_function(dyn, cse=True):
    """Generated numpy code for ``tau(q, qd, qdd) = M qdd + C qd + g`` (sympy ``lambdify``).

    Parameters
    ----------
    dyn : Dynamics
        With numeric parameters (no symbols other than q, qd, qdd).
    cse : bool
        Eliminate common subexpressions in the generated code (default).

    Returns
    -------
    callable
        ``f(q, qd, qdd)`` for arrays of shape (n,) or (N, n) (rad, rad/s,
        rad/s^2), returning tau of the broadcast shape (N m or N).  Its
        arguments are checked as those of :func:`chaindyn.rnea`.

    Raises
    ------
    ValueError
        If ``dyn`` is not a Dynamics or holds symbols besides q, qd, qdd, or
        ``cse`` is not a bool.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn import models, symbolic
    >>> dyn = symbolic.lagrangian_dynamics(symbolic.from_chain(models.planar_2r()),
    ...                                    gravity=(0, -9.80665, 0))
    >>> f = symbolic.torque_function(dyn)
    >>> print(np.round(f([0.0, 0.0], [0.0, 0.0], [0.0, 0.0]), 6))
    [29.41995  9.80665]
    """
    sp = _sp()
    if not isinstance(dyn, Dynamics):
        raise ValueError(f"dyn must be a chaindyn.symbolic.Dynamics, got {type(dyn).__name__}")
    cse = check_flag(cse, "cse")
    n = len(dyn.q)
    tau = list(dyn.torque())
    free = set().union(*(e.free_symbols for e in tau)) - set(dyn.q + dyn.qd + dyn.qdd)
    if free:
        raise ValueError("torque_function needs numeric parameters, got the free symbols "
                         f"{sorted(map(str, free))}")
    f = sp.lambdify([dyn.q, dyn.qd, dyn.qdd], tau, modules="numpy", cse=cse)

    def tau_fn(q, qd, qdd):
        arrays = check_joint_arrays(n, q=q, qd=qd, qdd=qdd)
        shape = np.broadcast_shapes(*(a.shape for a in arrays))
        cols = f(*([a[..., i] for i in range(n)] for a in arrays))
        return np.stack([np.broadcast_to(c, shape[:-1]) for c in cols], axis=-1) + 0.0

    tau_fn.__doc__ = f"Generated tau(q, qd, qdd) of a {n}-joint chain (sympy lambdify, cse={cse})."
    return tau_fn


def multiplications(exprs):
    """Multiplications that straight-line code for ``exprs`` performs, as written.

    A product of k factors costs k - 1, a positive integer power ``x**e``
    costs e - 1 (repeated multiplication); a numeric factor -1 is a negation
    and costs nothing, any other numeric factor one multiplication.
    Divisions, additions and function calls (sin, cos) are not counted.  Use
    on the output of ``sympy.cse`` to count the generated code.

    Parameters
    ----------
    exprs : sympy expression, sympy Matrix, or list or tuple of them
        Lists and tuples may nest (the ``(replacements, reduced)`` pair of
        ``sympy.cse``).

    Returns
    -------
    int

    Raises
    ------
    ValueError
        If ``exprs`` or an item of it is not a sympy expression, a sympy
        Matrix or a list or tuple of them (e.g. a string, a number, None, a
        dict).

    Examples
    --------
    >>> import sympy as sp
    >>> from chaindyn.symbolic import multiplications
    >>> x, y = sp.symbols("x y")
    >>> multiplications([3 * x * y**2 - x])
    3
    """
    sp = _sp()
    items = []

    def collect(x, where):
        if isinstance(x, sp.MatrixBase):
            items.extend(x)
        elif isinstance(x, sp.Expr):
            items.append(x)
        elif isinstance(x, (list, tuple)):
            for k, y in enumerate(x):
                collect(y, f"{where}[{k}]")
        else:
            raise ValueError(f"{where} must be a sympy expression, a sympy Matrix or a list or "
                             f"tuple of them, got {type(x).__name__} {x!r}")

    collect(exprs, "exprs")
    total = 0
    for e in items:
        for node in sp.preorder_traversal(e):
            if isinstance(node, sp.Mul):
                k = len(node.args) - (1 if node.args[0] == -1 else 0)  # -1: a negation
                total += max(k - 1, 0)
            elif isinstance(node, sp.Pow) and node.exp.is_Integer and node.exp > 1:
                total += int(node.exp) - 1
    return total
