"""Chapter 3.3 ④: generated closed-form code against RNEA, timed (a minute or two).

For the planar 2R arm and the book's 6R arm, ``chaindyn.symbolic`` derives
tau(q, qd, qdd) = M qdd + C qd + g and ``torque_function`` turns it into numpy
code with sympy's ``lambdify(..., cse=True)``.  This script times

* one call with one state (median over blocks), and
* one call with a batch of N states (time per sample),

for the generated code, ``chaindyn.rnea`` and ``chaindyn.rnea_structured``,
all in one run (ratios are only meaningful within a run), after checking
that the three agree (relative 1e-12).

Outputs: ``data/bench_33_codegen.csv`` and ``data/bench_33_machine.csv``.
Timings are not reproducible and are never made during the book build; the
machine was shared with other jobs while this ran (recorded in the machine
file, with the load average before and after).  Run with
``.venv/bin/python figsrc/bench_33_codegen.py``.
"""

from __future__ import annotations

import datetime
import importlib.metadata as md
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _cli import output_dirs, write_csv  # noqa: E402
from bench_rnea import machine, per_call  # noqa: E402

from chaindyn import models, symbolic  # noqa: E402
from chaindyn.engine import rnea_structured  # noqa: E402
from chaindyn.inverse_dynamics import STANDARD_GRAVITY, rnea  # noqa: E402

G = (0.0, 0.0, -STANDARD_GRAVITY)
BATCH = (1, 100, 10000)
AGREEMENT = 1e-12


def setups():
    r2 = models.planar_2r()
    arm = models.arm6r()
    out = {}
    for name, chain, model in (("2R", r2, symbolic.from_chain(r2)),
                               ("6R", arm, symbolic.from_mdh_rows(models.arm6r_table()))):
        t0 = time.perf_counter()
        dyn = symbolic.lagrangian_dynamics(model, gravity=G)
        f = symbolic.torque_function(dyn)
        gen_s = time.perf_counter() - t0
        out[name] = (chain, f, gen_s)
    return out


def main():
    _, data_dir = output_dirs(__doc__)
    mach = machine("before")
    t_start = time.time()
    rows = []
    for name, (chain, f, gen_s) in setups().items():
        methods = {
            "lambdify (cse)": lambda q, qd, qdd, f=f: f(q, qd, qdd),
            "rnea": lambda q, qd, qdd, c=chain: rnea(c, q, qd, qdd, G),
            "rnea_structured": lambda q, qd, qdd, c=chain: rnea_structured(c, q, qd, qdd, G),
        }
        for N in BATCH:
            rng = np.random.default_rng(N)
            s = tuple(rng.uniform(-2, 2, (N, chain.n)) for _ in range(3))
            if N == 1:
                s = tuple(x[0] for x in s)
            ref = rnea(chain, *s, G)
            res = {}
            for label, fn in methods.items():
                err = np.abs(fn(*s) - ref).max() / np.abs(ref).max()
                t, number, blocks = per_call(lambda fn=fn, s=s: fn(*s), budget=1.0, blocks=9)
                res[label] = (t, err <= AGREEMENT, number, blocks)
            base = res["rnea"][0]
            for label, (t, ok, number, blocks) in res.items():
                rows.append([name, label, N, f"{t * 1e6:.4g}", f"{t / N * 1e6:.4g}",
                             f"{t / base:.3g}", number, blocks, ok,
                             f"{gen_s:.3g}" if label.startswith("lambdify") else ""])
                print(rows[-1], flush=True)
    mach += machine("after")[-1:]
    for dist in ("sympy", "symengine"):
        try:
            mach.append((dist, md.version(dist)))
        except md.PackageNotFoundError:
            mach.append((dist, "not installed"))
    mach.append(("shared_machine", "yes: other agents' jobs ran on the same 2 cores "
                 "during the run; ratios within this run only"))
    mach.append(("benchmark_seconds", int(time.time() - t_start)))
    mach.append(("written_utc", datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M")))
    write_csv(data_dir / "bench_33_codegen.csv",
              ["chain", "method", "N", "call_us", "per_sample_us", "ratio_to_rnea",
               "calls_per_block", "blocks", "agrees_with_rnea", "derive_and_lambdify_s"], rows)
    write_csv(data_dir / "bench_33_machine.csv", ["key", "value"], mach)


if __name__ == "__main__":
    main()
