"""Benchmark of the derivatives of the dynamics (chapter 3.6.4, appendix B.8): chaindyn's
``rnea_derivatives`` and ``aba_derivatives`` against Pinocchio's ``computeRNEADerivatives``
and ``computeABADerivatives``, and finite-difference Jacobians by ``chaindyn.rnea``
(``ch36.fd_rnea_jacobians``, forward and central, the perturbed states in one batched call).
Not a figure script: the tests do not run it (timings differ from run to run).  It writes

* ``data/bench_36_machine.csv``  machine, versions, date, load average before and after;
* ``data/bench_36_single.csv``   one call on the 6R arm (one state): median time per call and
  the ratio to Pinocchio's function for the same quantity (``rnea`` and ``aba`` for scale);
* ``data/bench_36_batch.csv``    N = 1000 states of the 6R arm in one call (chaindyn) or a loop
  of N calls (Pinocchio): time per state;
* ``data/bench_36_growth.csv``   one call against n (random revolute chains, n = 1 .. 64).

Method as ``bench_rnea.py`` (``per_call``: median over blocks of calls, the garbage
collector off during a block).  Before timing, every method's result is compared with
chaindyn's analytical derivatives (``BOUNDS``, relative to the largest entry); the tables
record the bound and whether it held.

    python figsrc/bench_36.py [--quick]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _cli import DATA_DIR, write_csv  # noqa: E402
from bench_rnea import machine, per_call  # noqa: E402

import chaindyn as cd  # noqa: E402
from chaindyn import interop, models  # noqa: E402
from chaindyn_book import ch36  # noqa: E402

G = ch36.GRAVITY
GROWTH = [1, 2, 4, 8, 16, 32, 64]
N_BATCH = 1000
#: Relative bounds of the agreement checked before timing (``_rel``); chaindyn's own
#: analytical derivatives are the reference ("self", no bound).
BOUNDS = {"pin": 1e-9, "fd_forward": 1e-5, "fd_central": 1e-6, "self": None}
SHARED = ("shared: other jobs ran on the same cores during this run; "
          "the load averages before and after are recorded")


def _rel(a, b):
    """Relative difference, to the largest entry of b or to 1 when that is smaller (a
    quantity that is zero by the chain's geometry, such as dtau/dq of one vertical joint)."""
    return float(np.max(np.abs(np.asarray(a) - b)) / max(1.0, np.max(np.abs(b))))


def methods(chain):
    """name -> (kind, fn(q, qd, x) for one state, library, bound key).  kind "dtau" returns
    (dtau/dq, dtau/dqd); kind "dqdd" returns (dqdd/dq, dqdd/dqd, M^-1); "tau" and "qdd" are
    the dynamics themselves, for scale."""
    import pinocchio as pin

    model = interop.to_pinocchio(chain, G)
    data = model.createData()

    def pin_dtau(q, qd, x):
        pin.computeRNEADerivatives(model, data, q, qd, x)
        return data.dtau_dq, data.dtau_dv

    def pin_dqdd(q, qd, x):
        pin.computeABADerivatives(model, data, q, qd, x)
        Minv = data.Minv
        return data.ddq_dq, data.ddq_dv, np.triu(Minv) + np.triu(Minv, 1).T

    return {
        "rnea": ("tau", lambda q, qd, x: cd.rnea(chain, q, qd, x, G), "chaindyn", "self"),
        "pin.rnea": ("tau", lambda q, qd, x: pin.rnea(model, data, q, qd, x), "Pinocchio", "pin"),
        "aba": ("qdd", lambda q, qd, x: cd.aba(chain, q, qd, x, G), "chaindyn", "self"),
        "pin.aba": ("qdd", lambda q, qd, x: pin.aba(model, data, q, qd, x), "Pinocchio", "pin"),
        "rnea_derivatives": ("dtau", lambda q, qd, x: cd.rnea_derivatives(chain, q, qd, x, G),
                             "chaindyn", "self"),
        "fd_forward (rnea)": ("dtau", lambda q, qd, x: ch36.fd_rnea_jacobians(
            chain, q, qd, x, G, h=1e-8, scheme="forward"), "chaindyn", "fd_forward"),
        "fd_central (rnea)": ("dtau", lambda q, qd, x: ch36.fd_rnea_jacobians(
            chain, q, qd, x, G, h=1e-6, scheme="central"), "chaindyn", "fd_central"),
        "pin.computeRNEADerivatives": ("dtau", pin_dtau, "Pinocchio", "pin"),
        "aba_derivatives": ("dqdd", lambda q, qd, x: cd.aba_derivatives(chain, q, qd, x, G),
                            "chaindyn", "self"),
        "pin.computeABADerivatives": ("dqdd", pin_dqdd, "Pinocchio", "pin"),
    }


PIN_OF = {"tau": "pin.rnea", "qdd": "pin.aba", "dtau": "pin.computeRNEADerivatives",
          "dqdd": "pin.computeABADerivatives"}
OURS_OF = {"tau": "rnea", "qdd": "aba", "dtau": "rnea_derivatives", "dqdd": "aba_derivatives"}


def _agrees(meth, name, s):
    kind, fn, _, key = meth[name]
    ref = meth[OURS_OF[kind]][1](*s)
    got = fn(*s)
    if kind in ("tau", "qdd"):
        got, ref = (got,), (ref,)
    bound = 0.0 if BOUNDS[key] is None else BOUNDS[key]
    return all(_rel(np.array(a), b) <= bound for a, b in zip(got, ref))


def _state(n, seed):
    rng = np.random.default_rng(seed)
    q, qd, x = rng.uniform(-1.0, 1.0, (3, n))
    return q, qd, x


def run_single(budget):
    chain = models.arm6r()
    meth = methods(chain)
    s = _state(6, 7)
    rows, times = [], {}
    for name, (kind, fn, lib, key) in meth.items():
        ok = _agrees(meth, name, s)
        t, number, blocks = per_call(lambda fn=fn: fn(*s), budget=budget, blocks=15)
        times[name] = t
        rows.append([name, lib, kind, t * 1e6, None, number, blocks, BOUNDS[key], ok])
        print(f"single {name:30s} {t * 1e6:9.2f} us ok={ok}", flush=True)
    for r in rows:
        r[4] = times[r[0]] / times[PIN_OF[r[2]]]
    return rows


def run_batch(budget):
    """N states of the 6R arm: chaindyn in one call, Pinocchio in a loop of N calls."""
    chain = models.arm6r()
    meth = methods(chain)
    rng = np.random.default_rng(8)
    Q, QD, X = rng.uniform(-1.0, 1.0, (3, N_BATCH, 6))
    rows, times = [], {}
    for name in ("rnea_derivatives", "pin.computeRNEADerivatives", "aba_derivatives",
                 "pin.computeABADerivatives"):
        kind, fn, lib, key = meth[name]
        if lib == "chaindyn":
            def f(fn=fn):
                return fn(Q, QD, X)
            got = f()
            ok = all(_rel(got[k][i], meth[name][1](Q[i], QD[i], X[i])[k]) <= 1e-12
                     for i in (0, N_BATCH - 1) for k in range(2))
        else:
            def f(fn=fn):
                for i in range(N_BATCH):
                    fn(Q[i], QD[i], X[i])
            ok = _agrees(meth, name, (Q[0], QD[0], X[0]))
        t, number, blocks = per_call(f, budget=budget, blocks=5)
        times[name] = t
        rows.append([name, lib, kind, N_BATCH, t / N_BATCH * 1e6, None, number, blocks, ok])
        print(f"batch {name:30s} {t / N_BATCH * 1e6:9.3f} us/state ok={ok}", flush=True)
    for r in rows:
        r[5] = times[r[0]] / times[PIN_OF[r[2]]]
    return rows


def run_growth(budget, quick):
    names = ["rnea", "pin.rnea", "rnea_derivatives", "fd_forward (rnea)", "fd_central (rnea)",
             "pin.computeRNEADerivatives", "aba_derivatives", "pin.computeABADerivatives"]
    header = ["n"] + [f"{m}_us" for m in names]
    rows, agree = [], True
    for n in GROWTH[:4] if quick else GROWTH:
        chain = models.random_chain(n, np.random.default_rng(3600 + n))
        meth = methods(chain)
        s = _state(n, 9)
        row = [n]
        for name in names:
            agree &= _agrees(meth, name, s)
            fn = meth[name][1]
            t, _, _ = per_call(lambda fn=fn, s=s: fn(*s), budget=budget, blocks=9)
            row.append(t * 1e6)
            print(f"growth n={n:<3d} {name:30s} {t * 1e6:10.2f} us", flush=True)
        rows.append(row)
    return header, rows, agree


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data-dir", type=Path, default=DATA_DIR)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--shared", action="store_true",
                    help="record that other jobs ran on the machine during this run")
    args = ap.parse_args(argv)
    args.data_dir.mkdir(parents=True, exist_ok=True)
    budget = 0.05 if args.quick else 0.25
    t0 = time.perf_counter()
    mach = machine("before") + [("note", SHARED if args.shared else "quiet: no other job ran")]
    single = run_single(budget)
    batch = run_batch(budget)
    g_header, g_rows, g_agree = run_growth(budget, args.quick)
    mach += machine("after")[-1:]
    mach.append(("benchmark_seconds", f"{time.perf_counter() - t0:.0f}"))
    mach.append(("quick", str(args.quick)))
    mach.append(("growth_agreement",
                 ("every method agreed" if g_agree else "NOT every method agreed")
                 + " with chaindyn's analytical derivatives at every n within the bounds of "
                 "bench_36_single.csv (checked before timing)"))
    d = args.data_dir
    write_csv(d / "bench_36_machine.csv", ["key", "value"], mach)
    write_csv(d / "bench_36_single.csv",
              ["method", "library", "kind", "time_us", "ratio_to_pin", "calls_per_block",
               "blocks", "agreement_bound", "agrees"],
              [[r[0], r[1], r[2], f"{r[3]:.4g}", f"{r[4]:.4g}", r[5], r[6],
                "—" if r[7] is None else f"{r[7]:.0e}", r[8]] for r in single])
    write_csv(d / "bench_36_batch.csv",
              ["method", "library", "kind", "N", "per_state_us", "ratio_to_pin",
               "calls_per_block", "blocks", "agrees"],
              [[r[0], r[1], r[2], r[3], f"{r[4]:.4g}", f"{r[5]:.4g}", r[6], r[7], r[8]]
               for r in batch])
    write_csv(d / "bench_36_growth.csv", g_header,
              [[r[0]] + [f"{v:.4g}" for v in r[1:]] for r in g_rows])
    print(f"benchmark done in {time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
