"""Chapter 3.7.1: the base parameters of the planar 2R arm, derived with sympy.

The arm is :func:`chaindyn.models.planar_2r`'s: joints about z, {2} at ``x = L1``
of {1}, in a vertical plane with gravity ``(0, -g, 0)``.  Each link carries the
book's ten parameters ``π_i = (m, h, Ī)`` about the origin of its frame
(:data:`chaindyn.body.PARAMETER_NAMES`).  The kinetic and potential energies are
written in these parameters directly,

    K_i = ½ m_i v_i·v_i + v_i·(ω_i × h_i) + ½ ω_i·Ī_i ω_i,
    P_i = -m_i g·p_i - g·R_i h_i,

(``v_i`` the velocity of the origin of {i} and ``ω_i`` the angular velocity, both
in {i}), Lagrange's equation gives τ, and τ's Jacobian with respect to π is the
regressor Y.  Every entry of Y is a polynomial in ``sin q_k, cos q_k, q̇, q̈``
with coefficients in ``L1`` and ``g``, unique once reduced modulo
``sin² + cos² = 1``; the matrix C of these coefficients (one row
per joint and monomial, one column per parameter) has the same column relations
as Y over all states, so its reduced row echelon form gives the rank and the
regrouping: a column without a pivot is a combination of the pivot columns before
it, ``Y_d = Y_b K``, and the base parameters are ``β = π_b + K π_d``.

This module imports sympy when called.
"""

from __future__ import annotations

from chaindyn.body import PARAMETER_NAMES

__all__ = ["planar_2r_regressor", "planar_2r_base"]


def _symbols():
    import sympy as sp

    q = sp.symbols("q1 q2", real=True)
    qd = sp.symbols("qd1 qd2", real=True)
    qdd = sp.symbols("qdd1 qdd2", real=True)
    L1, g = sp.symbols("L1 g", positive=True)
    names = [f"{p}{i}" for i in (1, 2) for p in PARAMETER_NAMES]
    pi = sp.symbols(" ".join(names), real=True)
    return sp, q, qd, qdd, L1, g, names, pi


def planar_2r_regressor():
    """The planar 2R arm's regressor ``Y`` (2 x 20) with ``τ = Y π``, in sympy.

    Returns
    -------
    dict
        ``Y`` (sympy Matrix 2 x 20), ``tau`` (2 x 1), ``pi`` (the 20 parameter
        symbols, in the order of :func:`chaindyn.regressors.parameter_names`),
        ``names``, and the symbols ``q``, ``qd``, ``qdd`` (tuples), ``L1``, ``g``.

    Examples
    --------
    >>> from chaindyn_book.ch37_symbolic import planar_2r_regressor
    >>> out = planar_2r_regressor()
    >>> out["Y"].shape
    (2, 20)
    """
    sp, q, qd, qdd, L1, g, names, pi = _symbols()
    t = sp.Symbol("t", real=True)
    qt = [sp.Function(f"q{i + 1}")(t) for i in range(2)]

    def rz(a):
        return sp.Matrix([[sp.cos(a), -sp.sin(a), 0], [sp.sin(a), sp.cos(a), 0], [0, 0, 1]])

    R = [rz(qt[0]), rz(qt[0] + qt[1])]
    p = [sp.zeros(3, 1), sp.Matrix([L1 * sp.cos(qt[0]), L1 * sp.sin(qt[0]), 0])]
    w = [sp.Matrix([0, 0, qt[0].diff(t)]), sp.Matrix([0, 0, qt[0].diff(t) + qt[1].diff(t)])]
    gvec = sp.Matrix([0, -g, 0])
    K = P = 0
    for i in range(2):
        m, hx, hy, hz, Ixx, Ixy, Ixz, Iyy, Iyz, Izz = pi[10 * i:10 * i + 10]
        h = sp.Matrix([hx, hy, hz])
        Ibar = sp.Matrix([[Ixx, Ixy, Ixz], [Ixy, Iyy, Iyz], [Ixz, Iyz, Izz]])
        v = R[i].T * p[i].diff(t)  # velocity of the origin of {i}, in {i}
        K += (m * v.dot(v) / 2 + v.dot(w[i].cross(h)) + (w[i].T * Ibar * w[i])[0] / 2)
        P += -m * gvec.dot(p[i]) - gvec.dot(R[i] * h)
    L = K - P
    sub = {}
    for k in range(2):
        sub[qt[k].diff(t, 2)] = qdd[k]
    for k in range(2):
        sub[qt[k].diff(t)] = qd[k]
    for k in range(2):
        sub[qt[k]] = q[k]
    tau = []
    for k in range(2):
        dL_dqd = L.diff(qt[k].diff(t))
        expr = dL_dqd.diff(t) - L.diff(qt[k])
        tau.append(sp.expand(expr.subs(sub)))
    tau = sp.Matrix(tau)
    Y = tau.jacobian(sp.Matrix(pi))
    return {"Y": Y, "tau": tau, "pi": pi, "names": names, "q": q, "qd": qd, "qdd": qdd,
            "L1": L1, "g": g}


def planar_2r_base():
    """The base parameters of the planar 2R arm: rank, regrouping and β, in sympy.

    Returns
    -------
    dict
        ``rank`` (int), ``independent`` and ``dependent`` (lists of parameter
        names: the pivot columns of the coefficient matrix in the book's order,
        and the others), ``zero`` (the names whose column is zero: no effect on
        τ), ``K`` (sympy Matrix, rank x (20 - rank): ``Y_d = Y_b K``), ``beta``
        (list of sympy expressions ``π_b + K π_d``, one per independent
        parameter), and ``Y``, ``L1``, ``g`` from :func:`planar_2r_regressor`.

    Examples
    --------
    >>> from chaindyn_book.ch37_symbolic import planar_2r_base
    >>> base = planar_2r_base()
    >>> base["rank"]
    6
    >>> base["beta"][2]
    L1**2*m2 + Izz1
    """
    import sympy as sp

    out = planar_2r_regressor()
    Y, q, qd, qdd, names, pi = out["Y"], out["q"], out["qd"], out["qdd"], out["names"], out["pi"]
    gens = [sp.sin(q[0]), sp.cos(q[0]), sp.sin(q[1]), sp.cos(q[1]), *qd, *qdd]
    # sin^2 + cos^2 = 1 for each joint: reduce modulo these (a Groebner basis:
    # their leading terms are coprime), so that equal functions have equal coefficients.
    circle = [gens[0] ** 2 + gens[1] ** 2 - 1, gens[2] ** 2 + gens[3] ** 2 - 1]
    rows = []
    for j in range(Y.rows):
        polys = [sp.Poly(sp.reduced(sp.expand(sp.expand_trig(Y[j, c])), circle, *gens)[1],
                         *gens) for c in range(Y.cols)]
        monomials = sorted({m for poly in polys for m in poly.monoms()})
        for mono in monomials:
            rows.append([poly.coeff_monomial(mono) for poly in polys])
    C = sp.Matrix(rows)
    rref, pivots = C.rref(simplify=True)
    pivots = list(pivots)
    rank = len(pivots)
    dependent = [c for c in range(Y.cols) if c not in pivots]
    K = sp.Matrix(rank, len(dependent), lambda r, k: sp.simplify(rref[r, dependent[k]]))
    beta = [sp.expand(pi[c] + sum(K[r, k] * pi[d] for k, d in enumerate(dependent)))
            for r, c in enumerate(pivots)]
    zero = [names[c] for c in range(Y.cols) if all(C[r, c] == 0 for r in range(C.rows))]
    return {"rank": rank, "independent": [names[c] for c in pivots],
            "dependent": [names[c] for c in dependent], "zero": zero, "K": K, "beta": beta,
            "Y": Y, "L1": out["L1"], "g": out["g"], "q": q, "qd": qd, "qdd": qdd, "pi": pi}
