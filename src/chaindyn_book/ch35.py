"""The computations behind chapter 3.5 (CRBA and ABA): counts, the numerical study,
the two simulations and the cross-check and reproduction tables.

Each function runs chaindyn's algorithms and returns plain numbers and arrays;
the chapter's notebook glues them into the prose and the scripts in
``figsrc/`` write them to ``data/``.  The only code here that computes
dynamics without chaindyn is :func:`reference_qdd`, an oracle in 40-digit
arithmetic by another formula (the body Jacobians), against which the
forward errors of the double-precision routes are measured.

Roundoff-level results (forward and backward errors) are returned as
computed; where a table or a compared output holds them, they enter in units
of the double-precision epsilon or as a bound and whether it held.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import numpy as np

from chaindyn import engine, models
from chaindyn.articulated import aba, forward_dynamics, inverse_mass_matrix
from chaindyn.chain import Chain
from chaindyn.composite import crba
from chaindyn.engine import aba_structured, crba_structured, rnea_structured, sweeps
from chaindyn.engine.tracer import trace
from chaindyn.inverse_dynamics import STANDARD_GRAVITY, rnea
from chaindyn.opcount import count
from chaindyn.quantities import kinetic_energy, mass_matrix, potential_energy
from chaindyn.structured import ZERO

from .ch32 import mass_matrix_by_columns

__all__ = [
    "SEED", "GRAVITY", "EPS", "published_crba", "published_aba", "cholesky_multiplications",
    "multiplication_counts", "crossover", "CROSSOVER_NMAX", "COUNT_FORMULAS", "FORMULA_NS",
    "formula_ranges", "RBDA_TABLE_10_1", "RBDA_STEPS", "step_counts",
    "rbda_totals", "rbda_crossover", "planar_chain", "scaled_chain", "reference_qdd",
    "errors_at", "condition_study", "error_study", "mass_ratio_study",
    "release_simulation", "computed_torque", "crosscheck_table", "reproduction_table",
    "CROSS_BOUNDS", "REPRO_FACTOR", "KP", "KD",
]

#: Seed of every random draw of the chapter.
SEED = 35
#: Gravity of the chapter's examples, m/s^2 (z of {0} points up).
GRAVITY = np.array([0.0, 0.0, -STANDARD_GRAVITY])
#: Double-precision unit roundoff scale (machine epsilon).
EPS = float(np.finfo(float).eps)


def published_crba(n):
    """Multiplications of a structured CRBA, 10 n² + 22 n − 32: RBDA Eq. (10.3), p. 206,
    and Table 10.1, p. 202 (sources: Featherstone 2005, Eq. 20, and Eq. 10.3)."""
    return int(_poly(RBDA_TABLE_10_1["crba"][0], n))


def published_aba(n):
    """Multiplications of a structured ABA, 224 n − 259: RBDA Table 10.1, p. 202 (source:
    McMillan, Orin and McGhee 1995, Table II, fixed base; that paper was not read for
    this book)."""
    return int(_poly(RBDA_TABLE_10_1["aba"][0], n))


def cholesky_multiplications(n):
    """Multiplications of the textbook L L^T factorisation, (n^3 - n) / 6, and of the two
    triangular solves, n (n - 1); divisions and square roots (2 n + n (n - 1) / 2 + n)
    not counted (Golub and Van Loan, Matrix Computations, §4.2)."""
    return (n**3 - n) // 6, n * (n - 1)


def _revolute_chain(n, seed=0):
    return models.random_chain(n, np.random.default_rng(seed), prismatic=0.0)


def multiplication_counts(ns=(1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 64), mass_matrix_max=16):
    """Multiplications counted on the real code paths (chaindyn.opcount) for revolute
    chains against n.

    Returns
    -------
    dict of lists, keyed by ``n`` and: ``mass_matrix`` (n separate RNEA calls, rule
    "products", n <= 16 only, else None), ``mass_matrix_pass`` (the same n columns
    in the one batched pass of :func:`chaindyn.quantities.mass_matrix`, same rule and
    range), ``crba``, ``aba``, ``rnea``,
    ``forward_dynamics`` (dense, rule "products"; the last without the
    factorisation, which LAPACK does unseen), ``crba_s``, ``aba_s``, ``rnea_s``
    (structured, rule "all"), ``chol`` (the factorisation's (n^3 - n)/6, a
    formula) and the published ``crba_pub`` and ``aba_pub``.
    """
    out = {k: [] for k in ("n", "mass_matrix", "mass_matrix_pass", "crba", "aba", "rnea",
                           "forward_dynamics", "crba_s", "aba_s", "rnea_s", "chol", "crba_pub",
                           "aba_pub")}
    for n in ns:
        ch = _revolute_chain(n, seed=n)
        rng = np.random.default_rng(n)
        q, qd, tau = rng.uniform(-1, 1, (3, n))
        out["n"].append(n)
        small = n <= mass_matrix_max
        out["mass_matrix"].append(count(mass_matrix_by_columns, ch, q) if small else None)
        out["mass_matrix_pass"].append(count(mass_matrix, ch, q) if small else None)
        out["crba"].append(count(crba, ch, q))
        out["aba"].append(count(aba, ch, q, qd, tau))
        out["rnea"].append(count(rnea, ch, q, qd, tau))
        out["forward_dynamics"].append(count(forward_dynamics, ch, q, qd, tau))
        out["crba_s"].append(count(crba_structured, ch, q, rule="all"))
        out["aba_s"].append(count(aba_structured, ch, q, qd, tau, rule="all"))
        out["rnea_s"].append(count(rnea_structured, ch, q, qd, tau, rule="all"))
        out["chol"].append(cholesky_multiplications(n)[0])
        out["crba_pub"].append(published_crba(n))
        out["aba_pub"].append(published_aba(n))
    return out


#: The largest n of the crossover search of :func:`crossover`.
CROSSOVER_NMAX = 24


@lru_cache(maxsize=1)
def crossover():
    """The smallest n from which ABA needs fewer multiplications than the O(n^3) route
    (CRBA + RNEA for the bias + Cholesky factorisation + two triangular solves), for
    revolute chains, three ways.

    Returns
    -------
    dict
        ``structured``: this build's structured counts (rule "all": 206 n - 311 against
        crba_structured + rnea_structured + factorisation + solves), ``dense``: the
        dense forms (rule "products"), ``published``: RBDA Table 10.1's ABA and CRBA
        with this build's structured RNEA for the bias and the factorisation and
        solves counted as for ``structured`` (for RBDA's own totals, with its RNEA
        and F&S, see :func:`rbda_crossover`); each with the counts of both sides at the
        crossover and one below it (None when ABA is cheaper from the first n on).  The crossover is
        the smallest n from which ABA stays cheaper up to n = 24; the search starts at
        n = 1, except for the published formulas, which hold from n = 2 (224 n - 259 is
        negative at n = 1).
    """
    ns = list(range(1, CROSSOVER_NMAX + 1))
    c = multiplication_counts(ns, mass_matrix_max=0)
    rows = {}
    for name, a, route in (
        ("structured", c["aba_s"], [cr + r + ch + n * (n - 1) for n, cr, r, ch in
                                    zip(ns, c["crba_s"], c["rnea_s"], c["chol"])]),
        ("dense", c["aba"], [f + ch for f, ch in zip(c["forward_dynamics"], c["chol"])]),
        ("published", c["aba_pub"], [cr + r + ch + n * (n - 1) for n, cr, r, ch in
                                     zip(ns, c["crba_pub"], c["rnea_s"], c["chol"])]),
    ):
        first = 1 if name == "published" else 0
        k = next(k for k in range(first, len(ns))
                 if all(x < y for x, y in zip(a[k:], route[k:])))
        rows[name] = {"n": ns[k], "aba": a[k], "route": route[k],
                      "aba_below": a[k - 1] if k > first else None,
                      "route_below": route[k - 1] if k > first else None}
    return rows


#: The count formulas of the table in §3.5.2 (revolute chains): the key of
#: :func:`multiplication_counts`, the formula as printed, and the formula.
COUNT_FORMULAS = {
    "mass_matrix": ("357 n²", lambda n: 357 * n * n),
    "mass_matrix_pass": ("258 n² + 99 n", lambda n: 258 * n * n + 99 * n),
    "crba": ("21 n² + 552 n − 432", lambda n: 21 * n * n + 552 * n - 432),
    "crba_s": ("10 n² + 11 n − 49", lambda n: 10 * n * n + 11 * n - 49),
    "aba": ("873 n − 540", lambda n: 873 * n - 540),
    "aba_s": ("206 n − 311", lambda n: 206 * n - 311),
    "rnea_s": ("91 n − 100", lambda n: 91 * n - 100),
}

#: The n at which :func:`formula_ranges` compares the formulas with the counts.
FORMULA_NS = tuple(range(1, 25)) + (32, 48, 64)


@lru_cache(maxsize=1)
def formula_ranges(ns=FORMULA_NS, mass_matrix_max=16):
    """Where each formula of :data:`COUNT_FORMULAS` gives the multiplications counted.

    Returns
    -------
    dict
        Per key: ``from``, the smallest counted n from which the formula equals the
        count at every counted n; ``exceptions``, the counted n below it as
        ``(n, counted, formula)``; ``checked``, the n compared (the two mass-matrix
        rows only up to ``mass_matrix_max``).  ``from`` is None when the formula
        misses the count at the largest n.
    """
    c = multiplication_counts(ns, mass_matrix_max=mass_matrix_max)
    out = {}
    for key, (_, formula) in COUNT_FORMULAS.items():
        pairs = [(n, v) for n, v in zip(c["n"], c[key]) if v is not None]
        good = [v == formula(n) for n, v in pairs]
        k = next((k for k in range(len(pairs)) if all(good[k:])), None)
        out[key] = {"from": None if k is None else pairs[k][0],
                    "exceptions": [(n, v, formula(n)) for n, v in pairs[:k or 0]],
                    "checked": [n for n, _ in pairs]}
    return out


#: RBDA Table 10.1 (p. 202): the operation counts, as (multiplications, additions),
#: each a tuple of polynomial coefficients in n (constant term first), of the best
#: version of each algorithm for the unbranched revolute chains GU(n) (p. 203).
#: Divisions are counted as multiplications, sines and cosines are left out (pp. 201,
#: 203).  RNEA: Balafoutis and Patel (1991); CRBA: Eq. 10.3; F&S: factorise and solve
#: H q̈ = τ − C (Table 6.6 with Eq. 6.28, p. 116); ABA: McMillan et al. (1995).
RBDA_TABLE_10_1 = {
    "rnea": ((-108, 93), (-100, 81)),
    "crba": ((-32, 22, 10), (-43, 37, 6)),
    "fs": ((0, Fraction(-2, 3), Fraction(3, 2), Fraction(1, 6)),
           (0, Fraction(-7, 6), 1, Fraction(1, 6))),
    "aba": ((-259, 224), (-248, 205)),
}


#: RBDA §10.3.1 (pp. 205-206): the multiplications of carrying a rigid-body inertia
#: (``rx``) and a force vector (``vx``) by one link's transform, with two axial screws.
RBDA_STEPS = {"rx": 32, "vx": 20}


def _poly(coef, n):
    """The polynomial with coefficients ``coef`` (constant term first) at n, exactly."""
    return sum(Fraction(a) * n**k for k, a in enumerate(coef))


def rbda_totals(n):
    """Multiplications plus additions of RBDA Table 10.1's formulas at n (exact
    fractions): ``rnea``, ``crba``, ``fs``, ``aba`` and ``route`` = CRBA + RNEA + F&S,
    the O(n^3) algorithm of RBDA Fig. 10.4 (p. 203)."""
    out = {k: _poly(m, n) + _poly(a, n) for k, (m, a) in RBDA_TABLE_10_1.items()}
    out["route"] = out["crba"] + out["rnea"] + out["fs"]
    return out


def rbda_crossover(ns=range(1, 41), ratio_at=18):
    """RBDA's statement (p. 204) recomputed from its Table 10.1: the largest n at which
    the O(n^3) algorithm costs fewer operations (m + a) than ABA, the smallest n from
    which ABA costs fewer up to the last n searched, and the cost ratio at ``ratio_at``.
    """
    ns = list(ns)
    cheaper = [rbda_totals(n)["route"] < rbda_totals(n)["aba"] for n in ns]
    k = next(k for k in range(len(ns)) if not any(cheaper[k:]))
    t = rbda_totals(ratio_at)
    return {"last_route_cheaper": ns[k - 1] if k else None, "aba_from": ns[k],
            "ratio": float(t["route"] / t["aba"]), "ratio_n": ratio_at,
            "route_cheaper": [n for n, c in zip(ns, cheaper) if c]}


def _traced_multiplications(fn, n_inputs):
    """The multiplications of ``fn(x, cos, sin)`` (a list of outputs from the list ``x``
    of ``n_inputs`` values) as the engine compiles it (:func:`chaindyn.engine.tracer.trace`)."""
    return trace(lambda x, cos, sin: list(fn(x, cos, sin)), n_inputs).operations.get("*", 0)


def _flat(G):
    A, B, C = G
    return [v for block in (A, B, C) for row in block for v in row]


def _inertia(values, zero_axis=None):
    """A 6x6 inertia as blocks from its upper-triangle entries, row by row, with the
    row and column ``zero_axis`` structurally zero."""
    it = iter(values)
    return sweeps.inertia_from_entries(lambda j, k: ZERO if zero_axis in (j, k) else next(it))


@lru_cache(maxsize=2)
def step_counts(general_offset=False):
    """Multiplications of the steps of the structured CRBA and ABA
    (:mod:`chaindyn.engine.sweeps`) for a revolute joint in the middle of a chain of
    general geometry, each step traced on its own with that joint's constants and
    the joint's cosine and sine as inputs (:func:`chaindyn.engine.tracer.trace`).

    Returns
    -------
    dict
        ``inertia``: an articulated inertia, whose row and column along the axis
        vanish, carried to the parent (``slide`` along the axis, ``rotate`` about z
        and x, ``offset`` along the common normal); ``wrench``: a wrench carried to
        the parent; ``column_first``: the first such step of a CRBA column, whose
        force has no z component; ``twist``: a twist carried to the child;
        ``composite``: a composite body's moments carried to the parent;
        ``sym_rotation`` and ``general_rotation``: a symmetric 3x3 matrix rotated
        in one plane by the double angle and as a general matrix; ``pass1``: what
        RNEA's forward recursion (ABA's first pass) costs per link; ``per_joint``:
        what one more revolute joint adds to a whole call of ABA.  With
        ``general_offset`` the joint's offset from its parent's frame is a general
        3-vector (as where a common normal is not defined) instead of ``(a, 0, 0)``:
        the steps that move a quantity along it (``pass1`` and ``per_joint`` are then
        not computed, None).
    """
    links, _ = engine.engine_links(_revolute_chain(6, seed=6))
    L = links[3]
    if general_offset:
        L = L._replace(base=L.base._replace(py=0.31, pz=-0.27))

    def joint_step(fn, n_inputs):  # x[0], x[1]: cos and sin of the joint angle
        return _traced_multiplications(lambda x, cos, sin: fn(x[0], x[1], x[2:]), 2 + n_inputs)

    def wrench(c, s, x):  # x: the moment (3) and the force (3, or 2 without its z)
        force = tuple(x[3:]) if len(x) == 6 else (*x[3:], ZERO)
        return [v for part in sweeps.wrench_to_parent(tuple(x[:3]), force, L, c, s, L.d)
                for v in part]

    def rotation(rotate):  # a symmetric J rotated in the plane (0, 1) by the joint angle
        def fn(c, s, x):
            cc, cs, c2 = sweeps.double_angle(L, c, s)
            extra = (c2,) if rotate is sweeps.rotate_sym else ()
            return [v for row in rotate(sweeps.sym(*x), 0, 1, c, s, cc, cs, *extra)
                    for v in row]
        return joint_step(fn, 6) - 2  # less the double angle, once per joint

    inertia = joint_step(lambda c, s, x: _flat(sweeps.inertia_to_parent(
        _inertia(x, zero_axis=2), L, c, s, L.d)), 15)
    slide = _traced_multiplications(lambda x, cos, sin: _flat(sweeps.translate_inertia(
        _inertia(x, zero_axis=2), (ZERO, ZERO, L.d))), 15)
    offset = _traced_multiplications(lambda x, cos, sin: _flat(sweeps.translate_inertia(
        _inertia(x), (L.px, L.py, L.pz))), 21)
    out = {
        "inertia": inertia, "slide": slide, "offset": offset,
        "rotate": inertia - slide - offset,
        "wrench": joint_step(wrench, 6),
        "column_first": joint_step(wrench, 5),
        "twist": joint_step(lambda c, s, x: [v for part in sweeps.twist_to_child(
            tuple(x[:3]), tuple(x[3:]), L, c, s, L.d) for v in part], 6),
        "composite": joint_step(lambda c, s, x: (lambda h, J: [*h, *(v for r in J for v in r)])(
            *sweeps.composite_to_parent(L.m, tuple(x[:3]), sweeps.sym(*x[3:]), L, c, s, L.d)),
            9),
        "sym_rotation": rotation(sweeps.rotate_sym),
        "general_rotation": rotation(sweeps.rotate_general),
        "pass1": None, "per_joint": None,
    }
    if not general_offset:
        def forward(k):  # RNEA's forward recursion over the first k links, at qdd = 0
            return _traced_multiplications(lambda x, cos, sin: [
                v for link in sweeps.rnea_forward(links[:k], x[:k], x[k:2 * k], [ZERO] * k,
                                                  tuple(x[2 * k:]), cos, sin)
                for v in (*link[3], *link[4])], 2 * k + 3)
        c = multiplication_counts([7, 8], mass_matrix_max=0)
        out["pass1"] = forward(5) - forward(4)
        out["per_joint"] = c["aba_s"][1] - c["aba_s"][0]
    return out


# ----------------------------------------------------------------------------- chains


def planar_chain(n, length=1.0, mass=1.0):
    """n identical thin rods in the x-y plane of {0}, all joints about +z.

    Link i has length ``length`` (m), mass ``mass`` (kg) at its middle and the
    rotational inertia of a thin rod about its COM (``m L^2 / 12`` about y and z,
    a thousandth of that about x).  Use gravity ``(0, -g, 0)``.
    """
    mdh = [[0.0, 0.0 if i == 0 else length, 0.0, 0.0] for i in range(n)]
    I_rod = mass * length**2 / 12.0
    return Chain.from_mdh(mdh, [mass] * n, [[length / 2, 0.0, 0.0]] * n,
                          [np.diag([I_rod * 1e-3, I_rod, I_rod])] * n)


def scaled_chain(chain, factors):
    """The chain with the spatial inertia of link i multiplied by ``factors[i]`` (mass and
    rotational inertia together; the COM stays)."""
    f = np.asarray(factors, dtype=float)
    return Chain(np.array(chain.home), np.array(chain.screws),
                 np.array(chain.inertias) * f[:, None, None])


# ----------------------------------------------------------------------------- reference


def _mp_ad(R, p):
    """Ad_T = [[R, 0], [[p] R, R]] as a 6x6 object array of mpf."""
    import mpmath as mp

    P = np.array([[0, -p[2], p[1]], [p[2], 0, -p[0]], [-p[1], p[0], 0]], dtype=object)
    A = np.empty((6, 6), dtype=object)
    A[:, :] = mp.mpf(0)
    A[:3, :3], A[3:, 3:], A[3:, :3] = R, R, P.dot(R)
    return A


def reference_qdd(chain, q, tau, gravity, dps=40):
    """q̈ at rest (q̇ = 0) in ``dps``-digit arithmetic (mpmath), by another formula.

    The body Jacobian of every link, ``J_i = [Ad_{T_{i,i-1}} J_{i-1}, A_i]``, with
    ``T_{i,i-1} = exp(-[A_i] q_i) M_{i,i-1}`` (matrix exponential by mpmath); then
    ``M = sum_i J_i^T G_i J_i``, the gravity torque ``g = sum_i J_i^T G_i a_i`` with
    ``a_i = Ad_{T_{i,0}} (0, -gravity)``, and ``M q̈ = tau - g`` solved by LU in the
    same arithmetic.  The chain's float64 data and q are taken as exact.

    Returns
    -------
    ndarray of float, shape (n,)
        The reference rounded to double precision.
    """
    import mpmath as mp

    with mp.workdps(dps):
        n = chain.n
        S = [[mp.mpf(float(x)) for x in s] for s in np.asarray(chain.screws)]
        G = [np.array([[mp.mpf(float(x)) for x in row] for row in g], dtype=object)
             for g in np.asarray(chain.inertias)]
        J = np.empty((6, 0), dtype=object)
        a = np.array([mp.mpf(0)] * 3 + [-mp.mpf(float(x)) for x in gravity], dtype=object)
        M = np.empty((n, n), dtype=object)
        M[:, :] = mp.mpf(0)
        gt = np.array([mp.mpf(0)] * n, dtype=object)
        for i in range(n):
            w, v = S[i][:3], S[i][3:]
            qi = mp.mpf(float(q[i]))
            X = mp.matrix([[0, w[2], -w[1], -v[0]], [-w[2], 0, w[0], -v[1]],
                           [w[1], -w[0], 0, -v[2]], [0, 0, 0, 0]]) * qi  # -[A_i] q_i
            E = mp.expm(X)
            H = mp.matrix([[mp.mpf(float(x)) for x in row] for row in np.asarray(chain.home[i])])
            T = E * H
            R = np.array([[T[r, c] for c in range(3)] for r in range(3)], dtype=object)
            p = [T[r, 3] for r in range(3)]
            Ad = _mp_ad(R, p)
            col = np.array(S[i], dtype=object).reshape(6, 1)
            J = np.hstack([Ad.dot(J), col]) if J.shape[1] else col
            a = Ad.dot(a)
            GJ = G[i].dot(J)
            M[: i + 1, : i + 1] += J.T.dot(GJ)
            gt[: i + 1] += J.T.dot(G[i].dot(a))
        rhs = mp.matrix([mp.mpf(float(t)) for t in tau]) - mp.matrix(list(gt))
        x = mp.lu_solve(mp.matrix(M.tolist()), rhs)
        return np.array([float(x[k]) for k in range(n)])


def errors_at(chain, q, tau, gravity, reference=None):
    """Forward and backward errors of q̈ at rest from ABA (dense and structured) and the
    Cholesky route, and cond(M).

    Forward error: ``max |q̈ - q̈_ref| / max |q̈_ref|`` against :func:`reference_qdd`.
    Backward error: the RNEA residual ``max |rnea(q, 0, q̈) - tau| / max(|tau|, |g(q)|)``
    -- how much the torques would have to change for the computed q̈ to be exact.
    """
    z = np.zeros(chain.n)
    ref = reference_qdd(chain, q, tau, gravity) if reference is None else reference
    out = {"cond": float(np.linalg.cond(crba(chain, q)))}
    scale = max(np.abs(tau).max(), np.abs(rnea(chain, q, z, z, gravity)).max())
    for name, fn in (("aba", aba), ("aba_s", aba_structured), ("chol", forward_dynamics)):
        x = fn(chain, q, z, tau, gravity)
        out[f"fwd_{name}"] = float(np.abs(x - ref).max() / np.abs(ref).max())
        out[f"bwd_{name}"] = float(np.abs(rnea(chain, q, z, x, gravity) - tau).max() / scale)
    return out


def _bad_configurations(n):
    """Stretched (q = 0) and folded back on itself (q_i = pi - 0.1 alternating sign)."""
    folded = np.array([0.0] + [(np.pi - 0.1) * (1 if k % 2 else -1) for k in range(1, n)])
    return {"stretched": np.zeros(n), "folded": folded}


def condition_study(ns=(2, 4, 8, 16, 32, 64, 128, 256, 512, 1000), seeds=3):
    """cond(M) against n: seeded random revolute chains at random q, and the planar chain
    of identical rods stretched and folded.  Long for n = 1000 (minutes): run by
    ``figsrc/study_35_numerics.py``, data committed.

    Returns
    -------
    list of dict with keys ``chain``, ``n``, ``seed`` (or configuration), ``cond``.
    """
    rows = []
    for n in ns:
        for s in range(seeds):
            rng = np.random.default_rng(SEED * 1000 + 10 * n + s)
            ch = models.random_chain(n, rng)
            q = rng.uniform(-np.pi, np.pi, n)
            rows.append({"chain": "random", "n": n, "case": f"seed {s}",
                         "cond": float(np.linalg.cond(crba_structured(ch, q)))})
        pl = planar_chain(n)
        for name, q in _bad_configurations(n).items():
            rows.append({"chain": "planar", "n": n, "case": name,
                         "cond": float(np.linalg.cond(crba_structured(pl, q)))})
    return rows


def error_study(ns=(2, 4, 8, 16, 32), seeds=2):
    """Forward and backward errors (:func:`errors_at`) against n, at rest, with torques
    drawn uniformly in ±10 N m, gravity (0, 0, -g) for the random chains and (0, -g, 0)
    for the planar chain."""
    rows = []
    gp = np.array([0.0, -STANDARD_GRAVITY, 0.0])
    for n in ns:
        for s in range(seeds):
            rng = np.random.default_rng(SEED * 2000 + 10 * n + s)
            ch = models.random_chain(n, rng)
            q, tau = rng.uniform(-np.pi, np.pi, n), rng.uniform(-10, 10, n)
            rows.append({"chain": "random", "n": n, "case": f"seed {s}",
                         **errors_at(ch, q, tau, GRAVITY)})
        pl = planar_chain(n)
        tau = np.random.default_rng(SEED + n).uniform(-10, 10, n)
        for name, q in _bad_configurations(n).items():
            rows.append({"chain": "planar", "n": n, "case": name, **errors_at(pl, q, tau, gp)})
    return rows


def mass_ratio_study(ratios=(1e-6, 1e-4, 1e-2, 1.0, 1e2, 1e4, 1e6), n=6, states=3):
    """A random 6-link revolute chain whose link masses (and inertias) are scaled
    geometrically from 1 at the base to ``ratio`` at the tip; cond(M) and the errors of
    :func:`errors_at` at ``states`` random configurations (the worst kept)."""
    base = models.random_chain(n, np.random.default_rng(SEED))
    rows = []
    for r in ratios:
        ch = scaled_chain(base, r ** (np.arange(n) / (n - 1)))
        rng = np.random.default_rng(SEED + 1)
        worst = None
        for _ in range(states):
            q = rng.uniform(-np.pi, np.pi, n)
            tau = rng.uniform(-1, 1, n) * np.abs(rnea(ch, q, np.zeros(n), np.zeros(n), GRAVITY))
            e = errors_at(ch, q, tau, GRAVITY)
            worst = e if worst is None else {k: max(worst[k], e[k]) for k in e}
        rows.append({"ratio": r, **worst})
    return rows


# ----------------------------------------------------------------------------- simulation


@lru_cache(maxsize=2)
def release_simulation(duration=1.0, rtol=1e-10, atol=1e-12):
    """The 6R arm released at rest from the start pose of §3.2.5 under gravity, no
    torque, integrated by scipy's ``solve_ivp`` (DOP853, an explicit Runge-Kutta method
    of order 8 with error control) with ABA; at every output instant the Cholesky route
    (:func:`chaindyn.articulated.forward_dynamics`) is evaluated on the same state.

    Returns
    -------
    dict
        ``t`` (samples), ``q`` (samples, 6) of the ABA run, ``energy`` (J) along it and
        ``drift`` = max |E(t) - E(0)| / max of the kinetic energy (J / J), the largest
        difference ``qdd_diff`` between ABA and the Cholesky route on the states of the
        path (relative to the largest |q̈|), ``nfev`` (ABA calls of the integrator).
    """
    from scipy.integrate import solve_ivp

    chain = models.arm6r()
    n = chain.n
    z = np.zeros(n)
    y0 = np.concatenate([models.ARM6R_START, z])
    t_eval = np.linspace(0.0, duration, 301)

    def rhs(fn):
        def f(t, y):
            return np.concatenate([y[n:], fn(chain, y[:n], y[n:], z, GRAVITY)])
        return f

    sol = solve_ivp(rhs(aba_structured), (0.0, duration), y0, method="DOP853", rtol=rtol,
                    atol=atol, t_eval=t_eval)
    q, qd = sol.y[:n].T, sol.y[n:].T
    ke = kinetic_energy(chain, q, qd)
    E = ke + potential_energy(chain, q, GRAVITY)
    a1 = aba_structured(chain, q, qd, np.zeros_like(q), GRAVITY)
    a2 = forward_dynamics(chain, q, qd, np.zeros_like(q), GRAVITY)
    return {"t": sol.t, "q": q, "qd": qd, "energy": E, "kinetic": ke,
            "drift": float(np.abs(E - E[0]).max() / ke.max()),
            "qdd_diff": float(np.abs(a1 - a2).max() / np.abs(a1).max()),
            "nfev": int(sol.nfev), "rtol": rtol, "atol": atol,
            "ke_max": float(ke.max())}


def _desired(t, T=models.ARM6R_DURATION):
    """The quintic rest-to-rest motion of §3.2.5 at time t (held at the goal after T)."""
    s = np.clip(t / T, 0.0, 1.0)
    d = models.ARM6R_GOAL - models.ARM6R_START
    pos = 10 * s**3 - 15 * s**4 + 6 * s**5
    vel = (30 * s**2 - 60 * s**3 + 30 * s**4) / T
    acc = (60 * s - 180 * s**2 + 120 * s**3) / T**2
    return models.ARM6R_START + pos * d, vel * d, acc * d


#: Gains of the computed-torque example: each joint's error obeys e'' + Kd e' + Kp e = 0
#: with a double pole at -20 rad/s when the model is exact.
KP, KD = 400.0, 40.0


@lru_cache(maxsize=4)
def computed_torque(payload=1.10, duration=1.0):
    """Computed-torque tracking of the §3.2.5 motion by the 6R arm.

    The controller uses the nominal arm: ``tau = M(q)(q̈_d + Kd ė + Kp e) + h(q, q̇)``
    with M from :func:`chaindyn.engine.crba_structured` and h from RNEA
    (:func:`chaindyn.engine.rnea_structured`) at q̈ = 0; the plant is the
    arm whose last link's spatial inertia is ``payload`` times the nominal one,
    simulated by ABA with ``solve_ivp`` (DOP853, rtol 1e-10).  Starts on the path.

    Returns
    -------
    dict with ``t``, ``error`` (samples, 6) = q_d - q (rad), ``max_error`` (rad) and
    the joint where it occurs, ``final_error`` (rad, at ``duration``), ``tau`` (N m).
    """
    from scipy.integrate import solve_ivp

    nominal = models.arm6r()
    n = nominal.n
    factors = np.ones(n)
    factors[-1] = payload
    plant = scaled_chain(nominal, factors)
    z = np.zeros(n)

    def control(t, q, qd):
        qd_d, v_d, a_d = _desired(t)
        v = a_d + KD * (v_d - qd) + KP * (qd_d - q)
        return crba_structured(nominal, q) @ v + rnea_structured(nominal, q, qd, z, GRAVITY)

    def f(t, y):
        q, qd = y[:n], y[n:]
        return np.concatenate([qd, aba_structured(plant, q, qd, control(t, q, qd), GRAVITY)])

    q0, v0, _ = _desired(0.0)
    t_eval = np.linspace(0.0, duration, 201)
    sol = solve_ivp(f, (0.0, duration), np.concatenate([q0, v0]), method="DOP853",
                    rtol=1e-10, atol=1e-12, t_eval=t_eval)
    q, qd = sol.y[:n].T, sol.y[n:].T
    qdes = np.array([_desired(t)[0] for t in sol.t])
    err = qdes - q
    tau = np.array([control(t, a, b) for t, a, b in zip(sol.t, q, qd)])
    k = np.unravel_index(np.abs(err).argmax(), err.shape)
    return {"t": sol.t, "error": err, "max_error": float(np.abs(err).max()),
            "max_joint": int(k[1]) + 1, "max_time": float(sol.t[k[0]]),
            "final_error": float(np.abs(err[-1]).max()), "tau": tau}


# ----------------------------------------------------------------------------- tables

#: Bounds of the cross-check table, relative to the largest magnitude of the reference.
CROSS_BOUNDS = {"M": 1e-12, "qdd": 1e-10, "identity": 1e-12}


def _rel(a, b):
    a, b = np.asarray(a), np.asarray(b)
    return float(np.abs(a - b).max() / np.abs(b).max())


def _states(n, seed, count=3):
    rng = np.random.default_rng(seed)
    return (rng.uniform(-np.pi, np.pi, (count, n)), rng.uniform(-2, 2, (count, n)),
            rng.uniform(-5, 5, (count, n)), rng.normal(0, 10, (count, 6)))


def _test_chains():
    rng = np.random.default_rng(SEED)
    out = [("6R 예제 팔", models.arm6r())]
    for n in range(1, 9):
        kinds = rng.random(n) < 0.4
        if n >= 2:
            kinds[0], kinds[-1] = False, True
        out.append((f"임의 사슬 n = {n}", models.random_chain(n, rng, prismatic=kinds)))
    return out


def crosscheck_table(robots=True):
    """Every cross-check of the chapter: quantity, reference, models, the largest relative
    difference over the models and states (``value``), the ``bound`` and ``holds``.

    Pinocchio and MuJoCo are imported here; the robots (UR5, Panda, Talos left arm) need
    example-robot-data.
    """
    import mujoco
    import pinocchio as pin

    from chaindyn import interop
    from chaindyn_book import crosscheck

    G = np.array([0.6, -1.1, -9.80665])
    models_ = _test_chains()
    long = [(f"임의 사슬 n = {n}", models.random_chain(n, np.random.default_rng(SEED + n),
                                                   prismatic=0.3)) for n in (32, 64)]
    robot_models = []
    if robots:
        from chaindyn import urdf

        for name in crosscheck.ROBOTS:
            path, tip = crosscheck.robot_urdf(name)
            u = urdf.load(path, tip_link=tip)
            robot_models.append((name, u.chain, crosscheck.pinocchio_urdf_model(path, u.joints),
                                 tip))
    worst = {k: 0.0 for k in ("crba_mm", "crba_pin", "crba_sym", "aba_pin", "aba_pin_f",
                              "minv_pin", "aba_mj", "identity", "identity_long", "batch",
                              "fd", "aba_s", "minv_chol")}
    pd_ok = True

    def check(chain, model, frame, seed):
        nonlocal pd_ok
        q, qd, qdd, f = _states(chain.n, seed)
        model.gravity = pin.Motion(np.concatenate([G, np.zeros(3)]))
        data = model.createData()
        mj = mujoco.MjModel.from_xml_string(interop.to_mujoco(chain, G))
        mjd = mujoco.MjData(mj)
        Mb = crba(chain, q)
        worst["crba_mm"] = max(worst["crba_mm"], _rel(Mb, mass_matrix(chain, q)))
        worst["crba_sym"] = max(worst["crba_sym"], float(np.abs(Mb - np.swapaxes(Mb, 1, 2)).max()))
        pd_ok &= bool(np.all(np.linalg.eigvalsh(Mb) > 0))
        tauF = rnea(chain, q, qd, qdd, G, f)
        ab = aba(chain, q, qd, tauF, G, f)
        worst["identity"] = max(worst["identity"], _rel(ab, qdd))
        worst["batch"] = max(worst["batch"], max(
            _rel(aba(chain, q[s], qd[s], tauF[s], G, f[s]), ab[s]) for s in range(len(q))))
        worst["fd"] = max(worst["fd"], _rel(forward_dynamics(chain, q, qd, tauF, G, f), ab))
        worst["aba_s"] = max(worst["aba_s"], _rel(aba_structured(chain, q, qd, tauF, G, f), ab))
        Mi = inverse_mass_matrix(chain, q)
        worst["minv_chol"] = max(worst["minv_chol"], _rel(Mi, np.linalg.inv(Mb)))
        for s in range(len(q)):
            Mp = pin.crba(model, data, q[s])
            worst["crba_pin"] = max(worst["crba_pin"], _rel(Mb[s], np.triu(Mp) + np.triu(Mp, 1).T))
            tau = rnea(chain, q[s], qd[s], qdd[s], G)
            worst["aba_pin"] = max(worst["aba_pin"], _rel(aba(chain, q[s], qd[s], tau, G),
                                                          pin.aba(model, data, q[s], qd[s], tau)))
            fext = interop.pinocchio_fext(chain, model, f[s], frame)
            worst["aba_pin_f"] = max(worst["aba_pin_f"], _rel(
                ab[s], pin.aba(model, data, q[s], qd[s], tauF[s], fext)))
            Mpi = np.array(pin.computeMinverse(model, data, q[s]))
            Mpi = np.triu(Mpi) + np.triu(Mpi, 1).T
            worst["minv_pin"] = max(worst["minv_pin"], _rel(Mi[s], Mpi))
            for F, tau_s in ((np.zeros(6), tau), (f[s], tauF[s])):
                mjd.qpos[:], mjd.qvel[:] = q[s], qd[s]
                mujoco.mj_kinematics(mj, mjd)
                mjd.xfrc_applied[:] = 0.0
                mjd.xfrc_applied[-1] = interop.mujoco_xfrc_tip(mj, mjd, F)
                mjd.qfrc_applied[:] = tau_s
                mujoco.mj_forward(mj, mjd)
                worst["aba_mj"] = max(worst["aba_mj"], _rel(aba(chain, q[s], qd[s], tau_s, G, F),
                                                            mjd.qacc))

    for k, (_, chain) in enumerate(models_):
        check(chain, interop.to_pinocchio(chain, G), None, 100 + k)
    for k, (_, chain, model, tip) in enumerate(robot_models):
        check(chain, model, tip, 200 + k)
    for k, (_, chain) in enumerate(long):
        q, qd, qdd, f = _states(chain.n, 300 + k)
        tau = rnea(chain, q, qd, qdd, G, f)
        worst["identity_long"] = max(worst["identity_long"], _rel(
            rnea(chain, q, qd, aba(chain, q, qd, tau, G, f), G, f), tau))
    names = "6R 팔, 임의 사슬 n = 1..8" + (", UR5, Panda, Talos 왼팔" if robots else "")
    B = CROSS_BOUNDS
    rows = [
        ("M: crba 대 RNEA 열 구성 (mass_matrix)", "chaindyn.quantities.mass_matrix", names,
         worst["crba_mm"], B["M"]),
        ("M: crba 대 Pinocchio crba", f"pin.crba {pin.__version__}", names, worst["crba_pin"],
         B["M"]),
        ("q̈: aba 대 Pinocchio aba", f"pin.aba {pin.__version__}", names, worst["aba_pin"],
         B["qdd"]),
        ("q̈: aba 대 Pinocchio aba, 말단 렌치를 fext로", f"pin.aba {pin.__version__}", names,
         worst["aba_pin_f"], B["qdd"]),
        ("M⁻¹: inverse_mass_matrix 대 Pinocchio computeMinverse",
         f"pin.computeMinverse {pin.__version__}", names, worst["minv_pin"], B["qdd"]),
        ("q̈: aba 대 MuJoCo mj_forward의 qacc (말단 렌치 없이, 있게)",
         f"mujoco {mujoco.__version__}", names, worst["aba_mj"], B["qdd"]),
        ("q̈: aba ∘ rnea = 항등 (말단 렌치 포함)", "주어진 q̈", names, worst["identity"], B["qdd"]),
        ("τ: rnea ∘ aba = 항등, 긴 사슬", "주어진 τ", "임의 사슬 n = 32, 64",
         worst["identity_long"], B["identity"]),
        ("q̈: 배치 대 한 상태씩", "aba 한 상태씩", names, worst["batch"], B["qdd"]),
        ("q̈: Cholesky 경로 대 aba", "aba", names, worst["fd"], B["qdd"]),
        ("q̈: aba_structured 대 aba", "aba", names, worst["aba_s"], B["qdd"]),
        ("M⁻¹: inverse_mass_matrix 대 numpy.linalg.inv(M)", "LAPACK", names, worst["minv_chol"],
         B["qdd"]),
    ]
    out = [{"quantity": a, "reference": b, "models": c, "value": v, "bound": bd,
            "holds": bool(v <= bd)} for a, b, c, v, bd in rows]
    out.append({"quantity": "M 대칭 (정확히) · 양의 정부호", "reference": "M − Mᵀ, 고윳값",
                "models": names, "value": worst["crba_sym"], "bound": 0.0,
                "holds": bool(worst["crba_sym"] == 0.0 and pd_ok)})
    same = _bad_input_messages_match()
    out.append({"quantity": "잘못된 입력: rnea와 같은 ValueError 메시지",
                "reference": "chaindyn.inverse_dynamics.rnea", "models": "임의 사슬 n = 3",
                "value": 0.0, "bound": 0.0, "holds": same})
    return out


def _bad_input_messages_match():
    """crba, crba_structured, aba, aba_structured and forward_dynamics refuse a wrong shape,
    NaN, text and a wrong tip wrench with the ValueError message of rnea."""
    chain = models.random_chain(3, np.random.default_rng(SEED), prismatic=[False, True, False])
    z = np.zeros(3)

    def message(fn, *args, **kw):
        try:
            fn(*args, **kw)
        except ValueError as exc:
            return str(exc)
        return None

    ok = True
    for bad in (np.zeros(4), [0.0, np.nan, 0.0], "abc"):
        want = message(rnea, chain, bad, z, z)
        ok &= want is not None
        ok &= all(message(fn, chain, bad) == want for fn in (crba, crba_structured))
        ok &= all(message(fn, chain, bad, z, z) == want
                  for fn in (aba, aba_structured, forward_dynamics))
    want = message(rnea, chain, z, z, z, f_tip=np.zeros(5))
    ok &= want is not None and all(message(fn, chain, z, z, z, f_tip=np.zeros(5)) == want
                                   for fn in (aba, aba_structured, forward_dynamics))
    ok &= message(aba, "x", [0.0], [0.0], [0.0]) == "chain must be a chaindyn.Chain, got str"
    return bool(ok)


#: A published count is reproduced when this build's is at most it and at least it divided
#: by this factor (far fewer would mean work left out of the count).
REPRO_FACTOR = 1.3


def reproduction_table():
    """Published counts and statements next to this build's values.

    Returns
    -------
    list of dict with ``item``, ``published`` (str), ``value`` (str, this build),
    ``holds`` (bool) and ``criterion`` (str).
    """
    c = multiplication_counts((6, 64))
    cr = crossover()
    n6 = {k: v[0] for k, v in c.items()}
    n64 = {k: v[1] for k, v in c.items()}
    rows = []
    for item, pub6, ours6, pub64, ours64 in (
        ("CRBA 곱셈 (회전 관절, 구조 활용)", n6["crba_pub"], n6["crba_s"], n64["crba_pub"],
         n64["crba_s"]),
        ("ABA 곱셈 (회전 관절, 구조 활용)", n6["aba_pub"], n6["aba_s"], n64["aba_pub"],
         n64["aba_s"]),
    ):
        r6, r64 = ours6 / pub6, ours64 / pub64
        rows.append({"item": item + ", n = 6 / 64", "published": f"{pub6:,} / {pub64:,}",
                     "value": f"{ours6:,} / {ours64:,}",
                     "criterion": f"이 책의 값이 공표값 이하, 그 1/{REPRO_FACTOR}배 이상",
                     "holds": bool(all(1.0 / REPRO_FACTOR <= r <= 1.0 for r in (r6, r64))),
                     "ratio6": r6, "ratio64": r64})
    rc = rbda_crossover()
    rows.append({"item": "ABA가 CRBA + RNEA + 촐레스키보다 곱셈이 적어지는 n",
                 "published": "RBDA p. 204: O(n³) 경로가 n ≤ 8에서 ABA보다 조금 빠르다 "
                              "(곱셈과 덧셈의 합, 표 10.1의 식)",
                 "value": f"구조 활용 n ≥ {cr['structured']['n']}, 공표 계수 n ≥ "
                          f"{cr['published']['n']}, 밀집 n ≥ {cr['dense']['n']}; 표 10.1의 "
                          f"곱셈과 덧셈으로 다시 세면 O(n³) 경로가 n ≤ {rc['last_route_cheaper']}"
                          "에서 더 싸다",
                 "criterion": "구조 활용 형태에서 O(n³) 경로가 더 적은 n이 있고 (교차점 > 1), "
                              "표 10.1로 다시 센 경계가 RBDA의 n ≤ 8과 같다",
                 "holds": bool(cr["structured"]["n"] > 1 and rc["last_route_cheaper"] == 8)})
    return rows
