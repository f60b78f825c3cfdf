"""Chapter 3.3 ③: how big the closed-form Lagrangian equations of an nR chain grow (minutes).

For n = 1, 2, ... and two families of chains,

* ``planar``: the planar nR arm with symbolic parameters (masses, lengths,
  COM offsets, inertias; ``chaindyn.symbolic.planar_nr``), gravity ``(0, -g, 0)``;
* ``spatial``: a seeded random spatial nR chain (``models.random_chain``, all
  revolute) with numeric parameters, gravity ``(0, 0, -9.80665)``,

it derives ``M(q)``, ``C(q, qd) qd`` and ``g(q)`` with ``chaindyn.symbolic``
(no simplification) and records

* ``count_ops`` of M (upper triangle), C qd and g, before and after
  ``cse`` (the operations of the replacements plus the reduced expressions);
  for symengine the counts before cse are taken by :func:`symengine_count_ops`
  (see below);
* the multiplications of straight-line code for tau = M qdd + C qd + g after
  cse (``chaindyn.symbolic.multiplications``);
* RNEA's counted multiplications for the same chain (``chaindyn.opcount``:
  ``rnea`` with the rules "products" and "all", ``rnea_structured`` "all");
* the derivation and cse times, s.

Each family is run twice, with sympy and with symengine (the same
``chaindyn.symbolic`` derivation on symengine's C++ types; pinned in
requirements.txt), which eliminates (``cse``) with its own function; the
generated code's multiplications are counted on the cse output converted to
sympy.  symengine's own ``count_ops`` returns a C ``unsigned`` (32 bits; its
declaration in ``symengine/lib/symengine.pxd``) and so wraps modulo 2**32 for an
expression of more than about 4.3e9 operations, which the unsimplified C qd
of the spatial chains reaches at n = 9; :func:`symengine_count_ops` counts the
same tree in Python integers and checks every count against symengine's
modulo 2**32.

Time budget: each family and engine stops before the n whose predicted time
(the last one times the last growth factor) would take the total over
``BUDGET_S`` seconds, at ``N_MAX``, or when the process has used more than
``MAX_RSS_GIB`` of memory.

``--recount`` rewrites only RNEA's three count columns of the committed
``study33_closed_form.csv`` from the current code (seconds): they do not depend
on the symbolic work, and a change of ``chaindyn``'s RNEA changes them alone.
``--recount-symengine`` rewrites only the four counts before cse of the
symengine rows (``M_ops, Cqd_ops, g_ops, tau_ops``: derivation and counting, no
cse; about a minute).

Outputs (``--data-dir``, default ``data/``):

* ``study33_closed_form.csv``: the counts (deterministic for a given sympy
  and symengine version, run with ``PYTHONHASHSEED=0``, which the script sets);
* ``study33_timing.csv``: the times, which depend on the machine and its load
  and are not reproducible; the machine (shared with other jobs while it
  ran) is described in ``study33_machine.csv``.

Not part of ``make figures``: run ``.venv/bin/python figsrc/study_33_closed_form.py``.
The chapter and ``fig_33_growth.py`` read the CSVs.
"""

from __future__ import annotations

import csv
import os
import platform
import sys
import time

import numpy as np  # noqa: E402
import sympy as sp  # noqa: E402
from _cli import output_dirs, write_csv  # noqa: E402

from chaindyn import models, symbolic  # noqa: E402
from chaindyn.chain import Chain  # noqa: E402
from chaindyn.engine import rnea_structured  # noqa: E402
from chaindyn.inverse_dynamics import rnea  # noqa: E402
from chaindyn.opcount import count  # noqa: E402
from chaindyn.spatial import spatial_inertia  # noqa: E402

#: Seconds per family and engine (derivation, counting and cse together).
BUDGET_S = 300.0
N_MAX = 12
#: Stop a family when the process has used this much memory (the machine is shared).
MAX_RSS_GIB = 6.0
ENGINES = ("sympy", "symengine")
#: Seed of the random spatial chains (chain n is drawn from SEED + n).
SEED = 33


def planar_chain(n):
    """A numeric planar nR chain of the structure of symbolic.planar_nr (for RNEA's count)."""
    home = np.stack([np.eye(4)] * n)
    home[1:, 0, 3] = -0.5
    screws = np.tile([0.0, 0.0, 1.0, 0.0, 0.0, 0.0], (n, 1))
    inertias = [spatial_inertia(1.0, (0.25, 0.0, 0.0), np.diag([1e-3, 1e-3, 2e-3]))] * n
    return Chain(home, screws, inertias)


def numeric_chain(name, n):
    """The numeric chain of family ``name`` with n links (for RNEA's counts)."""
    if name == "planar":
        return planar_chain(n)
    return models.random_chain(n, np.random.default_rng(SEED + n), prismatic=0.0)


def family(name, n):
    chain = numeric_chain(name, n)
    if name == "planar":
        return symbolic.planar_nr(n), symbolic.planar_gravity(), chain
    return symbolic.from_chain(chain), (0.0, 0.0, -9.80665), chain


def symengine_count_ops(exprs):
    """``count_ops`` of symengine expressions in Python integers (no wrap at 2**32).

    The count is symengine's: a sum or product of k terms costs k - 1, any other
    node with arguments (a power, sin, cos) costs 1, atoms cost 0; repeated
    subexpressions are counted every time they occur (the tree, not the graph),
    memoised on the graph.  Every expression's count is checked against
    ``symengine.count_ops`` modulo 2**32.
    """
    import symengine as se

    memo = {}

    def tree(e):
        c = memo.get(e)
        if c is None:
            args = e.args
            c = sum(tree(a) for a in args)
            if args:
                c += len(args) - 1 if isinstance(e, (se.Add, se.Mul)) else 1
            memo[e] = c
        return c

    total = 0
    for e in exprs:
        c = tree(e)
        if c % 2**32 != se.count_ops(e):
            raise RuntimeError(f"count {c} disagrees with symengine's {se.count_ops(e)}")
        total += c
    return total


def measure(name, n, engine, cse=True):
    """One row of counts and one of times for chain ``name`` with n links, by ``engine``."""
    mod = sp if engine == "sympy" else __import__("symengine")
    model, gravity, chain = family(name, n)
    t0 = time.perf_counter()
    if engine == "symengine":
        model = symbolic.SymbolicChain(
            tuple(mod.Matrix(H.tolist()) for H in model.home),
            tuple(mod.Matrix(A.tolist()) for A in model.screws),
            tuple(mod.Matrix(G.tolist()) for G in model.inertias),
            model.joint_types, model.parameters)
    dyn = symbolic.lagrangian_dynamics(model, gravity=gravity, engine=engine)
    qd, qdd = mod.Matrix(list(dyn.qd)), mod.Matrix(list(dyn.qdd))
    Cqd = list(dyn.C * qd)
    t_derive = time.perf_counter() - t0
    Mu = [dyn.M[i, j] for i in range(n) for j in range(i, n)]
    g = list(dyn.g)
    tau = list(dyn.M * qdd + dyn.C * qd + dyn.g)

    def ops(exprs):
        if engine == "symengine":
            return symengine_count_ops(exprs)
        return int(sum(mod.count_ops(e) for e in exprs))

    def cse_ops(exprs):
        subs, reduced = mod.cse(exprs)
        return ops([e for _, e in subs]) + ops(reduced), subs, reduced

    row = {"family": name, "engine": engine, "n": n,
           "M_ops": ops(Mu), "Cqd_ops": ops(Cqd), "g_ops": ops(g), "tau_ops": ops(tau)}
    if not cse:
        return row, None
    t1 = time.perf_counter()
    for key, exprs in (("M", Mu), ("Cqd", Cqd), ("g", g)):
        row[f"{key}_ops_cse"] = cse_ops(exprs)[0]
    row["tau_ops_cse"], subs, reduced = cse_ops(tau)
    t_cse = time.perf_counter() - t1
    code = [sp.sympify(e) for _, e in subs] + [sp.sympify(e) for e in reduced]
    row["tau_mults_cse"] = symbolic.multiplications(code)
    row.update(rnea_counts(chain))
    times = {"family": name, "engine": engine, "n": n, "derive_s": t_derive, "cse_s": t_cse}
    return row, times


def rnea_counts(chain):
    """RNEA's counted multiplications for ``chain`` (the study's last three columns)."""
    z = np.zeros(chain.n)
    return {"rnea_products": count(rnea, chain, z, z, z),
            "rnea_all": count(rnea, chain, z, z, z, rule="all"),
            "rnea_structured_all": count(rnea_structured, chain, z, z, z, rule="all")}


def recount(data_dir):
    """Rewrite only RNEA's count columns of study33_closed_form.csv from the current
    code (seconds; the symbolic columns and the timing are left as measured)."""
    path = data_dir / "study33_closed_form.csv"
    with path.open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    for r in rows:
        r.update(rnea_counts(numeric_chain(r["family"], int(r["n"]))))
    write_csv(path, COUNT_COLUMNS, [[r[c] for c in COUNT_COLUMNS] for r in rows])


def recount_symengine(data_dir):
    """Rewrite only the counts before cse of the symengine rows of study33_closed_form.csv
    (derivation and counting again, no cse; the other columns and the timing are left)."""
    path = data_dir / "study33_closed_form.csv"
    with path.open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    for r in rows:
        if r["engine"] == "symengine":
            fresh, _ = measure(r["family"], int(r["n"]), "symengine", cse=False)
            r.update({k: fresh[k] for k in ("M_ops", "Cqd_ops", "g_ops", "tau_ops")})
    write_csv(path, COUNT_COLUMNS, [[r[c] for c in COUNT_COLUMNS] for r in rows])


COUNT_COLUMNS = ["family", "engine", "n", "M_ops", "Cqd_ops", "g_ops", "M_ops_cse",
                 "Cqd_ops_cse", "g_ops_cse", "tau_ops", "tau_ops_cse", "tau_mults_cse",
                 "rnea_products", "rnea_all", "rnea_structured_all"]
TIME_COLUMNS = ["family", "engine", "n", "derive_s", "cse_s"]


def max_rss_gib():
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if "--recount-symengine" in argv:
        recount_symengine(output_dirs(__doc__, [a for a in argv if a != "--recount-symengine"])[1])
        return
    if "--recount" in argv:
        recount(output_dirs(__doc__, [a for a in argv if a != "--recount"])[1])
        return
    _, data_dir = output_dirs(__doc__, argv)
    t_start = time.time()
    load_before = os.getloadavg()
    rows, times = [], []
    stopped = {}
    for engine in ENGINES:
        for name in ("planar", "spatial"):
            key = f"{name}_{engine}"
            spent, last, growth = 0.0, None, None
            for n in range(1, N_MAX + 1):
                if last is not None and growth is not None and spent + last * growth > BUDGET_S:
                    stopped[key] = f"before n = {n}: predicted {last * growth:.0f} s"
                    break
                if max_rss_gib() > MAX_RSS_GIB:
                    stopped[key] = f"before n = {n}: memory above {MAX_RSS_GIB} GiB"
                    break
                t0 = time.perf_counter()
                row, t = measure(name, n, engine)
                dt = time.perf_counter() - t0  # derivation, counting, cse
                growth = dt / last if last else None
                last, spent = dt, spent + dt
                rows.append(row)
                times.append(t)
                print(key, n, row["tau_ops"], row["tau_mults_cse"], row["rnea_all"],
                      f"{dt:.1f} s", flush=True)
            else:
                stopped[key] = f"N_MAX = {N_MAX}"
    write_csv(data_dir / "study33_closed_form.csv", COUNT_COLUMNS,
              [[r[c] for c in COUNT_COLUMNS] for r in rows])
    write_csv(data_dir / "study33_timing.csv", TIME_COLUMNS,
              [[f"{t[c]:.3g}" if isinstance(t[c], float) else t[c] for c in TIME_COLUMNS]
               for t in times])
    try:
        import symengine
        se_version = symengine.__version__
    except ImportError:
        se_version = "not installed"
    machine = [
        ["cpu", platform.processor() or platform.machine()],
        ["logical_cpus", os.cpu_count()],
        ["platform", platform.platform()],
        ["python", platform.python_version()],
        ["sympy", sp.__version__],
        ["symengine", se_version],
        ["budget_s_per_family", int(BUDGET_S)],
        *[[f"stopped_{k}", v] for k, v in stopped.items()],
        ["max_rss_gib", f"{max_rss_gib():.1f}"],
        ["loadavg_before", " ".join(f"{x:.2f}" for x in load_before)],
        ["loadavg_after", " ".join(f"{x:.2f}" for x in os.getloadavg())],
        ["shared_machine", "yes: other agents' jobs ran on the same 2 cores during the run"],
        ["study_seconds", int(time.time() - t_start)],
        ["date", time.strftime("%Y-%m-%d", time.gmtime())],
    ]
    write_csv(data_dir / "study33_machine.csv", ["key", "value"], machine)


if __name__ == "__main__":
    if os.environ.get("PYTHONHASHSEED") != "0":  # cse's choices must not depend on str hashing
        os.environ["PYTHONHASHSEED"] = "0"
        os.execv(sys.executable, [sys.executable, *sys.argv])
    main()
