"""The computations behind chapter 3.3 (the Lagrangian formulation) and its reproduction table.

Each function runs chaindyn (``chaindyn.symbolic`` for the derivations,
``chaindyn.lagrange`` for C and Mdot, ``chaindyn.rnea`` as the reference) on
the book's example chains and returns plain numbers; the chapter glues them
and ``figsrc/`` draws them.  The growth study and the benchmark of generated
code take minutes and run in ``figsrc/`` (``study_33_closed_form.py``,
``bench_33_codegen.py``); the functions here only read their CSVs.

Seeds are fixed; quantities at roundoff level (1e-16 to 1e-11) are reported
against a bound, never compared digit for digit.
"""

from __future__ import annotations

import csv
from fractions import Fraction
from functools import cache
from pathlib import Path

import numpy as np

from chaindyn import models
from chaindyn.inverse_dynamics import STANDARD_GRAVITY, rnea
from chaindyn.lagrange import coriolis_matrix, mass_matrix_dot
from chaindyn.quantities import (
    coriolis_torque,
    gravity_torque,
    kinetic_energy,
    mass_matrix,
    potential_energy,
)

__all__ = [
    "SEED",
    "GRAVITY",
    "BOUNDS",
    "planar_2r_comparison",
    "lagrange_vs_rnea",
    "skew_table",
    "quadratic_forms",
    "energy_balance",
    "pinocchio_check",
    "growth",
    "codegen_intermediates",
    "codegen_benchmark",
    "hollerbach_formula",
    "hollerbach_formulas",
    "SECONDARY_TABLE",
    "reproduction_table",
]

#: Seed of every random draw of the chapter.
SEED = 33
#: Gravity of the chapter's examples, m/s^2 (z of {0} points up), as in chapter 3.2.
GRAVITY = (0.0, 0.0, -STANDARD_GRAVITY)
#: Bounds of the roundoff-level results, relative to the largest magnitude of the reference.
BOUNDS = {
    "lagrange_vs_rnea": 1e-12,  # that of tests/library/test_symbolic.py
    "skew": 1e-12,              # |S + S^T| / max |Mdot|, S = Mdot - 2C
    "energy": 1e-12,            # |tau^T qd - dE/dt| / max |tau^T qd|
    "pinocchio": 1e-10,         # C and Mdot against Pinocchio
}
DATA = Path(__file__).resolve().parents[2] / "data"


def _rng(offset=0):
    return np.random.default_rng(SEED + offset)


def _rel(a, b):
    b = np.asarray(b)
    return float(np.abs(np.asarray(a) - b).max() / max(np.abs(b).max(), 1e-300))


# ----------------------------------------------------------------------------- ② worked examples
def planar_2r_comparison():
    """The planar 2R arm with point masses (Modern Robotics §8.1.1) from L = K - P.

    Returns
    -------
    dict
        ``derived``: M (2, 2), c = C qd and g as simplified sympy expressions;
        ``mr89``: the same from eq. (8.9); ``differences``: the simplified
        difference of every term (all must be 0); ``el_difference``: that of
        the literal Euler-Lagrange torques; ``C``: the Christoffel matrix.
    """
    import sympy as sp

    from chaindyn import symbolic

    dyn = symbolic.lagrangian_dynamics(symbolic.planar_2r(point_masses=True),
                                       gravity=symbolic.planar_gravity())
    mr = symbolic.planar_2r_mr89()
    qd = sp.Matrix(dyn.qd)
    derived = {"M": dyn.M.applyfunc(lambda e: sp.factor(sp.simplify(e))),
               "c": (dyn.C * qd).applyfunc(lambda e: sp.factor(sp.simplify(e))),
               "g": dyn.g.applyfunc(sp.simplify)}
    diffs = {}
    for key in ("M", "c", "g"):
        diffs[key] = (derived[key] - mr[key]).applyfunc(sp.simplify)
    tau_el = symbolic.euler_lagrange(dyn.K - dyn.P, dyn.q, dyn.qd, dyn.qdd)
    return {"derived": derived, "mr89": mr, "differences": diffs,
            "el_difference": (tau_el - mr["tau"]).applyfunc(sp.simplify),
            "C": dyn.C.applyfunc(lambda e: sp.factor(sp.simplify(e))), "dyn": dyn}


@cache
def _examples():
    """(name, Chain, SymbolicChain) of the 2R arm, a spatial 3R and the 6R arm."""
    from chaindyn import symbolic

    r3 = models.random_chain(3, _rng(3), prismatic=0.0)
    return (
        ("2R", models.planar_2r(), symbolic.from_chain(models.planar_2r())),
        ("3R", r3, symbolic.from_chain(r3)),
        ("6R", models.arm6r(), symbolic.from_mdh_rows(models.arm6r_table())),
    )


@cache
def derived_examples():
    """The Dynamics of the three examples (about 4 s, most of it the 6R arm)."""
    from chaindyn import symbolic

    return {name: symbolic.lagrangian_dynamics(model, gravity=GRAVITY)
            for name, _, model in _examples()}


@cache
def lagrange_vs_rnea(states=20):
    """Lagrange torques (generated code) and M against RNEA on random states.

    Returns
    -------
    list of dict
        ``name, n, rel_tau`` (roundoff: max |tau_L - tau_RNEA| / max |tau_RNEA|),
        ``rel_M`` (M from the energy against mass_matrix), ``rel_C`` (against
        coriolis_matrix), ``rel_g``, ``rel_K``, ``holds`` (all <= the bound),
        ``tau_max`` (N m, the scale).
    """
    import sympy as sp

    from chaindyn import symbolic

    dyns = derived_examples()
    rows = []
    for k, (name, chain, _) in enumerate(_examples()):
        dyn = dyns[name]
        rng = _rng(10 + k)
        q, qd, qdd = (rng.uniform(-np.pi, np.pi, (states, chain.n)) for _ in range(3))
        tau = symbolic.torque_function(dyn)(q, qd, qdd)
        ref = rnea(chain, q, qd, qdd, gravity=GRAVITY)
        f = sp.lambdify([dyn.q, dyn.qd], [dyn.M, dyn.C, dyn.g, dyn.K], modules="numpy", cse=True)
        worst = dict.fromkeys(("M", "C", "g", "K"), 0.0)
        for s in range(states):
            M, C, g, K = (np.array(x, dtype=float) for x in f(q[s], qd[s]))
            worst["M"] = max(worst["M"], _rel(M, mass_matrix(chain, q[s])))
            worst["C"] = max(worst["C"], _rel(C, coriolis_matrix(chain, q[s], qd[s])))
            worst["g"] = max(worst["g"], _rel(g.ravel(), gravity_torque(chain, q[s], GRAVITY)))
            worst["K"] = max(worst["K"], _rel(K, kinetic_energy(chain, q[s], qd[s])))
        row = {"name": name, "n": chain.n, "rel_tau": _rel(tau, ref),
               **{f"rel_{k}": v for k, v in worst.items()}, "tau_max": float(np.abs(ref).max())}
        row["holds"] = all(row[f"rel_{k}"] <= BOUNDS["lagrange_vs_rnea"]
                           for k in ("tau", "M", "C", "g", "K"))
        rows.append(row)
    return rows


# ----------------------------------------------------------------------------- ① skew-symmetry
def _skew_chains():
    return (
        ("6R", models.arm6r()),
        ("임의 4R", models.random_chain(4, _rng(4), prismatic=0.0)),
        ("임의 5관절 (R, P 섞음)", models.random_chain(5, _rng(5),
                                                     prismatic=[False, True, False, True, False])),
        ("임의 7R", models.random_chain(7, _rng(7), prismatic=0.0)),
    )


@cache
def skew_table(states=20):
    """The defect of skew-symmetry of Mdot - 2C for the two factorizations of ``C qd``.

    Returns
    -------
    list of dict
        ``name, n``; ``christoffel``, ``cqd_agree`` and ``cqd_rnea`` (roundoff:
        max |S + S^T| / max |Mdot|, the relative difference of the two C qd, and
        that of C qd against RNEA's ``coriolis_torque``), ``holds``;
        ``newton_euler`` (deterministic, O(1): the same defect for the
        Newton-Euler factorization, rounded to 2 significant digits).
    """
    rows = []
    for k, (name, chain) in enumerate(_skew_chains()):
        rng = _rng(20 + k)
        q, qd = rng.uniform(-np.pi, np.pi, (states, chain.n)), rng.uniform(-2, 2, (states, chain.n))
        Md = mass_matrix_dot(chain, q, qd)
        scale = np.abs(Md).max()
        out = {"name": name, "n": chain.n}
        Cs = {}
        for form in ("christoffel", "newton-euler"):
            C = coriolis_matrix(chain, q, qd, form)
            S = Md - 2 * C
            Cs[form] = C
            out[form.replace("-", "_")] = float(np.abs(S + np.swapaxes(S, -1, -2)).max() / scale)
        cq = {f: np.einsum("sij,sj->si", C, qd) for f, C in Cs.items()}
        out["cqd_agree"] = _rel(cq["newton-euler"], cq["christoffel"])
        out["cqd_rnea"] = _rel(cq["christoffel"], coriolis_torque(chain, q, qd))
        out["holds"] = (out["christoffel"] <= BOUNDS["skew"] and out["cqd_agree"] <= BOUNDS["skew"]
                        and out["cqd_rnea"] <= BOUNDS["skew"] and out["newton_euler"] > 1e-3)
        rows.append(out)
    return rows


def quadratic_forms(states=20):
    """``x^T (Mdot - 2C) x`` on the 6R arm for x = qd and for random x, both factorizations.

    Along x = qd the form vanishes for any C with the right ``C qd`` (the
    energy balance needs only that); for x != qd only the Christoffel C
    makes it vanish (what a passivity argument with a reference velocity
    needs).  Values relative to ``|x|^2 max|Mdot|``.
    """
    chain = models.arm6r()
    rng = _rng(30)
    q, qd = rng.uniform(-np.pi, np.pi, (states, 6)), rng.uniform(-2, 2, (states, 6))
    x = rng.standard_normal((states, 6))
    Md = mass_matrix_dot(chain, q, qd)
    out = {}
    for form in ("christoffel", "newton-euler"):
        S = Md - 2 * coriolis_matrix(chain, q, qd, form)
        for label, v in (("qd", qd), ("x", x)):
            val = np.einsum("si,sij,sj->s", v, S, v)
            scale = np.einsum("si,si->s", v, v) * np.abs(Md).max(axis=(1, 2))
            out[(form, label)] = float(np.abs(val / scale).max())
    return out


# ----------------------------------------------------------------------------- energy balance
@cache
def energy_balance():
    """Power and energy along the 6R trajectory of chapter 3.2 (models.arm6r_trajectory).

    ``tau^T qd`` (RNEA) against ``dE/dt = qd^T M qdd + 1/2 qd^T Mdot qd + g^T qd``
    (Mdot from mass_matrix_dot, independent of C), and the integral of the
    power (Simpson's rule) against ``E(T) - E(0)``.

    Returns
    -------
    dict
        arrays ``t, power, dEdt, K, P`` and the numbers ``rel_balance``
        (roundoff), ``power_max`` (W), ``work`` (J, Simpson), ``delta_E`` (J),
        ``K_max`` (J), ``holds``.
    """
    from scipy.integrate import simpson

    chain = models.arm6r()
    t, q, qd, qdd = models.arm6r_trajectory()
    tau = rnea(chain, q, qd, qdd, gravity=GRAVITY)
    power = np.einsum("si,si->s", tau, qd)
    M = mass_matrix(chain, q)
    Md = mass_matrix_dot(chain, q, qd)
    g = gravity_torque(chain, q, GRAVITY)
    dEdt = (np.einsum("si,sij,sj->s", qd, M, qdd) + 0.5 * np.einsum("si,sij,sj->s", qd, Md, qd)
            + np.einsum("si,si->s", g, qd))
    K = kinetic_energy(chain, q, qd)
    P = potential_energy(chain, q, GRAVITY)
    E = K + P
    rel = float(np.abs(power - dEdt).max() / np.abs(power).max())
    work = float(simpson(power, x=t))
    return {"t": t, "power": power, "dEdt": dEdt, "K": K, "P": P, "rel_balance": rel,
            "power_max": float(np.abs(power).max()), "work": work,
            "delta_E": float(E[-1] - E[0]), "K_max": float(K.max()),
            "K_ends": float(max(K[0], K[-1])),
            "holds": rel <= BOUNDS["energy"]}


# ----------------------------------------------------------------------------- Pinocchio
@cache
def pinocchio_check(states=10):
    """C and Mdot of the 6R arm against Pinocchio (computeCoriolisMatrix; dM/dt from
    computeRNEADerivatives' dtau/dq at qd = 0, qdd = e_j), as the tests do; relative."""
    import pinocchio as pin

    from chaindyn import interop

    chain = models.arm6r()
    model = interop.to_pinocchio(chain)
    model.gravity = pin.Motion.Zero()
    data = model.createData()
    rng = _rng(40)
    q, qd = rng.uniform(-np.pi, np.pi, (states, 6)), rng.uniform(-2, 2, (states, 6))
    worst = {"C": 0.0, "Mdot": 0.0}
    for s in range(states):
        C = coriolis_matrix(chain, q[s], qd[s])
        worst["C"] = max(worst["C"], _rel(C, pin.computeCoriolisMatrix(model, data, q[s], qd[s])))
        cols = []
        for e in np.eye(6):
            pin.computeRNEADerivatives(model, data, q[s], np.zeros(6), e)
            cols.append(data.dtau_dq @ qd[s])
        worst["Mdot"] = max(worst["Mdot"], _rel(mass_matrix_dot(chain, q[s], qd[s]),
                                                np.column_stack(cols)))
    worst["holds"] = max(worst["C"], worst["Mdot"]) <= BOUNDS["pinocchio"]
    worst["version"] = pin.__version__
    return worst


# ----------------------------------------------------------------------------- ③ growth
def _read(name):
    path = DATA / name
    with path.open(encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def _fit(n, y):
    """Exponent k and factor a of y = a n^k, least squares in log-log on the points given."""
    k, loga = np.polyfit(np.log(n), np.log(y), 1)
    return float(k), float(np.exp(loga))


def growth(engine="sympy", fit_points=3):
    """The growth study's counts (data/study33_closed_form.csv), with fitted exponents.

    For each family (``planar``, ``spatial``): the arrays of the CSV's
    columns, the exponent k of ``tau_mults_cse ~ a n^k`` and of
    ``tau_ops ~ a n^k`` fitted on the last ``fit_points`` measured n, and
    the local exponents ``k_ops_local`` and ``k_mults_local`` (the same fit on
    every window of ``fit_points`` consecutive n, as ``(last n, k)`` pairs), and
    the crossover: the smallest measured n at which the generated code
    needs more multiplications than RNEA (rules "all" and, for the
    structured RNEA, "all"), or, when none is measured, the n at which the
    fitted power law meets RNEA's line (an extrapolation, flagged).
    """
    rows = [r for r in _read("study33_closed_form.csv") if r["engine"] == engine]
    timing = [r for r in _read("study33_timing.csv") if r["engine"] == engine]
    out = {}
    for fam in ("planar", "spatial"):
        rs = [r for r in rows if r["family"] == fam]
        d = {k: np.array([float(r[k]) if r[k] else np.nan for r in rs])
             for k in rs[0] if k not in ("family", "engine")}  # "" = left out by the study
        d["n"] = d["n"].astype(int)
        ts = [r for r in timing if r["family"] == fam]
        d["derive_s"] = np.array([float(r["derive_s"]) for r in ts])
        d["cse_s"] = np.array([float(r["cse_s"]) for r in ts])
        n = d["n"]
        sel = slice(-fit_points, None)
        d["k_mults"], d["a_mults"] = _fit(n[sel], d["tau_mults_cse"][sel])
        d["k_ops"], _ = _fit(n[sel], d["tau_ops"][sel])
        d["k_derive"], _ = _fit(n[sel], d["derive_s"][sel])
        for col, key in (("tau_ops", "k_ops_local"), ("tau_mults_cse", "k_mults_local")):
            d[key] = [(int(n[i]), _fit(n[i - fit_points + 1:i + 1],
                                       d[col][i - fit_points + 1:i + 1])[0])
                      for i in range(fit_points - 1, len(n))]
        for ref in ("rnea_all", "rnea_structured_all"):
            above = np.nonzero(d["tau_mults_cse"] > d[ref])[0]
            if above.size:
                d[f"cross_{ref}"], d[f"cross_{ref}_measured"] = int(n[above[0]]), True
            else:
                per_link = d[ref][-1] / n[-1]  # RNEA's count is c n (+ a constant)
                k, a = d["k_mults"], d["a_mults"]
                nn = np.arange(n[-1] + 1, 200)
                hit = nn[a * nn**k > per_link * nn]
                d[f"cross_{ref}"] = int(hit[0]) if hit.size else None
                d[f"cross_{ref}_measured"] = False
        out[fam] = d
    return out


@cache
def codegen_intermediates():
    """Common subexpressions of the generated code of the 2R and 6R examples: the number of
    replacements ``sympy.cse`` makes on ``tau = M qdd + C qd + g`` (what
    ``symbolic.torque_function`` passes to ``lambdify(..., cse=True)``), about 10 s."""
    import sympy as sp

    dyns = derived_examples()
    return {name: len(sp.cse(list(dyns[name].torque()))[0]) for name in ("2R", "6R")}


def codegen_benchmark():
    """The benchmark of generated code (data/bench_33_codegen.csv and its machine file)."""
    rows = _read("bench_33_codegen.csv")
    machine = {r["key"]: r["value"] for r in _read("bench_33_machine.csv")}
    return rows, machine


#: The figures for n = 6 of the table that a secondary source (the manual of the Robotics
#: Toolbox for MATLAB, its Table 1 of inverse-dynamics costs) prints after Hollerbach (1980),
#: next to its formulas (:func:`hollerbach_formulas`).
SECONDARY_TABLE = {"lagrangian_mults": 66271, "lagrangian_adds": 51548, "ne_mults": 852,
                   "ne_adds": 738}


def hollerbach_formulas(n):
    """The four cost formulas of the same secondary table, exactly (Fractions): the
    Uicker/Kahn Lagrangian's multiplications (:func:`hollerbach_formula`) and additions
    ``25 n^4 + 66 1/3 n^3 + 129 1/2 n^2 + 42 1/3 n - 96``, and the recursive Newton-Euler
    scheme's ``150 n - 48`` multiplications and ``131 n - 48`` additions."""
    m = Fraction(n)
    return {"lagrangian_mults": hollerbach_formula(n),
            "lagrangian_adds": (25 * m**4 + Fraction(199, 3) * m**3 + Fraction(259, 2) * m**2
                                + Fraction(127, 3) * m - 96),
            "ne_mults": 150 * m - 48, "ne_adds": 131 * m - 48}


def hollerbach_formula(n):
    """``32 1/2 n^4 + 86 5/12 n^3 + 171 1/4 n^2 + 53 1/3 n - 128`` exactly (a Fraction): the
    multiplications of the Uicker/Kahn Lagrangian as the formula is quoted after Hollerbach
    (1980)."""
    n = Fraction(n)
    return (Fraction(65, 2) * n**4 + Fraction(1037, 12) * n**3 + Fraction(685, 4) * n**2
            + Fraction(160, 3) * n - 128)


# ----------------------------------------------------------------------------- reproduction
def reproduction_table():
    """Published statements and figures next to this build's values.

    Returns
    -------
    list of dict with keys ``item``, ``source`` (where the statement is
    published), ``published`` (str), ``value`` (str: this build's value as
    the prose shows it; roundoff-level values are not written here),
    ``bound`` (str), ``holds`` (bool) and ``kind``: ``"exact"`` (a symbolic
    identity or an integer), ``"roundoff"`` (a numeric agreement, held to the
    bound), ``"literature"`` (a figure compared, not held).
    """
    cmp2r = planar_2r_comparison()
    zero = all(e == 0 for m in cmp2r["differences"].values() for e in m) and all(
        e == 0 for e in cmp2r["el_difference"])
    lr = lagrange_vs_rnea()
    sk = skew_table()
    en = energy_balance()
    qf = quadratic_forms()
    pin = pinocchio_check()
    gr = growth()
    n6 = {fam: (list(d["n"]).index(6) if 6 in list(d["n"]) else None) for fam, d in gr.items()}
    b = BOUNDS

    def roundoff(item, source, published, value, bound):
        return {"item": item, "source": source, "published": published, "value": None,
                "bound": f"≤ {bound:.0e}", "holds": bool(value <= bound), "kind": "roundoff",
                "measured": value}

    rows = [
        {"item": "평면 2R의 M, c, g (점 질량)", "source": "Modern Robotics 식 (8.9)",
         "published": "식 (8.9)의 각 항", "value": "차이가 모든 항에서 정확히 0",
         "bound": "sympy.simplify = 0", "holds": bool(zero), "kind": "exact"},
        roundoff("라그랑주 토크 대 RNEA (2R, 3R, 6R)",
                 "두 정식화의 동치 (Modern Robotics §8.1, §8.3)",
                 "같은 토크", max(r["rel_tau"] for r in lr), b["lagrange_vs_rnea"]),
        roundoff("에너지로 얻은 M 대 RNEA 열로 얻은 M", "Modern Robotics §8.4",
                 "M = Σ J_i^T G_i J_i", max(r["rel_M"] for r in lr), b["lagrange_vs_rnea"]),
        roundoff("Ṁ − 2C의 반대칭 (크리스토펠 C)", "Modern Robotics §8.1; Murray·Li·Sastry §4.2",
                 "반대칭", max(r["christoffel"] for r in sk), b["skew"]),
        {"item": "같은 C q̇를 주는 뉴턴-오일러 분해의 Ṁ − 2C", "source": "(이 책의 반례)",
         "published": "반대칭이 아닐 수 있다",
         "value": f"결함 {min(r['newton_euler'] for r in sk):.2g} 이상",
         "bound": "> 10⁻³", "holds": all(r["newton_euler"] > 1e-3 for r in sk), "kind": "exact"},
        roundoff("q̇^T (Ṁ − 2C')q̇, 뉴턴-오일러 분해", "(에너지 균형은 C q̇만 쓴다)", "0",
                 qf[("newton-euler", "qd")], b["skew"]),
        roundoff("에너지 균형 τ^T q̇ = d(K + U)/dt, 6R 궤적", "Modern Robotics §8.1",
                 "등식", en["rel_balance"], b["energy"]),
        roundoff("C 대 Pinocchio computeCoriolisMatrix", "Carpentier et al. 2019",
                 "같은 C", pin["C"], b["pinocchio"]),
        roundoff("Ṁ 대 Pinocchio (RNEA 도함수)", "Carpentier et al. 2019",
                 "같은 Ṁ", pin["Mdot"], b["pinocchio"]),
    ]
    f6 = hollerbach_formulas(6)
    labels = {"lagrangian_mults": "Uicker/Kahn 라그랑주 정식화, n = 6의 곱셈",
              "lagrangian_adds": "Uicker/Kahn 라그랑주 정식화, n = 6의 덧셈",
              "ne_mults": "재귀 뉴턴-오일러, n = 6의 곱셈",
              "ne_adds": "재귀 뉴턴-오일러, n = 6의 덧셈"}
    for key, label in labels.items():
        rows.append({"item": label, "source": "Hollerbach 1980을 옮긴 표 (2차 출처)",
                     "published": f"{SECONDARY_TABLE[key]:,}",
                     "value": f"같은 표의 식으로 {int(f6[key]):,}",
                     "bound": "(비교만)", "holds": True, "kind": "literature"})
    for fam, label in (("planar", "평면"), ("spatial", "공간")):
        d = gr[fam]
        k = n6[fam]
        shown = (f"n = 6: {int(d['tau_mults_cse'][k]):,} (RNEA {int(d['rnea_all'][k]):,})"
                 if k is not None else f"n ≤ {int(d['n'][-1])}까지 잼")
        rows.append({"item": f"닫힌 형식 τ의 곱셈 증가 차수, {label} nR (cse 뒤)",
                     "source": "Hollerbach 1980 (초록: n⁴)", "published": "O(n⁴)",
                     "value": f"지수 {d['k_mults']:.1f}; {shown}",
                     "bound": "(비교만)", "holds": True, "kind": "literature"})
    return rows
