"""Benchmark of inverse dynamics (``make bench``): runtime and memory, recorded with the machine.

Not a figure script: ``make figures`` and the tests do not run it (timings
differ from run to run).  It writes, for the book's appendix B:

* ``data/bench_machine.csv``  machine, library versions, date, load average;
* ``data/bench_single.csv``   one call on the 6R arm: median time per method;
* ``data/bench_batch.csv``    N states in one call (or a loop of N calls for
  the libraries): time per sample and peak memory, N = 1 .. 1e5;
* ``data/bench_growth.csv``   time against the number of links n (random chains);
* ``book/figures/bench_single.png``, ``bench_batch.png``, ``bench_growth.png``.

Method: ``time.perf_counter`` around blocks of calls, the garbage collector
off during a block; a block repeats the call often enough to last a few
milliseconds; the result is the median over the blocks (per call).  Peak
memory is ``tracemalloc``'s peak during one call (numpy's allocations are
traced; the libraries' C++ allocations are not), measured in a separate call
from the timed ones.  Every method's torques are compared with
``chaindyn.rnea`` first; the tables record the bound of that comparison
(:data:`AGREEMENT_BOUND`) and whether it held, not the roundoff-level
difference itself.
"""

from __future__ import annotations

import argparse
import datetime
import gc
import importlib.metadata as md
import os
import platform
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _style  # noqa: E402
from _cli import DATA_DIR, FIG_DIR, write_csv  # noqa: E402
from bench_baselines import rnea_lists  # noqa: E402

import chaindyn as cd  # noqa: E402
from chaindyn import interop, models  # noqa: E402
from chaindyn_book.ch32 import mass_matrix_by_columns  # noqa: E402

G = np.array([0.0, 0.0, -cd.STANDARD_GRAVITY])
NS = [1, 10, 100, 1000, 10000, 100000]
GROWTH = [1, 2, 4, 8, 16, 32, 64, 128]
MAX_N_SLOW = 1000  # modern_robotics and the list code: per-sample cost is flat; N <= 1e3


# ---------------------------------------------------------------- timing
def per_call(fn, budget=0.3, blocks=15, min_block=0.002):
    """Median time of one call of fn (s) over ``blocks`` blocks, and calls per block."""
    fn()  # warm-up
    t0 = time.perf_counter()
    fn()
    t1 = max(time.perf_counter() - t0, 1e-8)
    number = max(1, int(max(min_block, budget / blocks) / t1))
    if t1 > 0.2:
        blocks = 3
    times = []
    gc_was = gc.isenabled()
    gc.disable()
    try:
        for _ in range(blocks):
            t0 = time.perf_counter()
            for _ in range(number):
                fn()
            times.append((time.perf_counter() - t0) / number)
    finally:
        if gc_was:
            gc.enable()
    return statistics.median(times), number, blocks


def peak_bytes(fn):
    """tracemalloc's peak (bytes) during one call of fn."""
    gc.collect()
    tracemalloc.start()
    tracemalloc.reset_peak()
    fn()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


# ---------------------------------------------------------------- machine
def machine(label):
    cpu = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    rows = [("cpu", cpu), ("logical_cpus", os.cpu_count()),
            ("affinity_cpus", len(os.sched_getaffinity(0))),
            ("platform", platform.platform()), ("python", platform.python_version())]
    for dist in ("numpy", "chaindyn", "pin", "mujoco", "roboticstoolbox-python",
                 "spatialmath-python", "modern_robotics"):
        try:
            rows.append((dist, md.version(dist)))
        except md.PackageNotFoundError:
            rows.append((dist, "not installed"))
    rows.append(("date_utc", datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M")))
    rows.append((f"loadavg_{label}", " ".join(Path("/proc/loadavg").read_text().split()[:3])))
    return rows


# ---------------------------------------------------------------- the methods
def setup():
    import modern_robotics as mr
    import mujoco
    import pinocchio as pin

    chain = models.arm6r()
    rtb_robot = interop.to_rtb(**models.mdh_arguments(models.arm6r_table()), gravity=G)
    pmodel = interop.to_pinocchio(chain, G)
    pdata = pmodel.createData()
    mmodel = mujoco.MjModel.from_xml_string(interop.to_mujoco(chain, G))
    mdata = mujoco.MjData(mmodel)
    Mlist, Glist, Slist = interop.to_modern_robotics(chain)
    lists = (chain.home.tolist(), chain.screws.tolist(), chain.inertias.tolist())
    zero6 = np.zeros(6)

    def pin_loop(q, qd, qdd):
        out = np.empty_like(q)
        for k in range(q.shape[0]):
            out[k] = pin.rnea(pmodel, pdata, q[k], qd[k], qdd[k])
        return out

    def mj_loop(q, qd, qdd):
        out = np.empty_like(q)
        for k in range(q.shape[0]):
            mdata.qpos[:], mdata.qvel[:], mdata.qacc[:] = q[k], qd[k], qdd[k]
            mujoco.mj_inverse(mmodel, mdata)
            out[k] = mdata.qfrc_inverse
        return out

    def mr_loop(q, qd, qdd):
        return np.array([mr.InverseDynamics(q[k], qd[k], qdd[k], G, zero6, Mlist, Glist, Slist)
                         for k in range(q.shape[0])])

    def list_loop(q, qd, qdd):
        g = G.tolist()
        return np.array([rnea_lists(*lists, a, b, c, g)
                         for a, b, c in zip(q.tolist(), qd.tolist(), qdd.tolist())])

    def rtb_traj(q, qd, qdd):
        return np.atleast_2d(rtb_robot.rne(q, qd, qdd, gravity=G))

    batched = {
        "rnea": lambda q, qd, qdd: cd.rnea(chain, q, qd, qdd, G),
        "rnea_structured": lambda q, qd, qdd: cd.rnea_structured(chain, q, qd, qdd, G),
        "rnea_classic": lambda q, qd, qdd: cd.rnea_classic(chain, q, qd, qdd, G),
        "pin.rnea (loop)": pin_loop,
        "mj_inverse (loop)": mj_loop,
        "rtb rne (trajectory)": rtb_traj,
        "mr.InverseDynamics (loop)": mr_loop,
        "python lists (loop)": list_loop,
    }
    single = {
        "rnea": lambda s: cd.rnea(chain, *s, G),
        "rnea_structured": lambda s: cd.rnea_structured(chain, *s, G),
        "rnea_classic": lambda s: cd.rnea_classic(chain, *s, G),
        "pin.rnea": lambda s: pin.rnea(pmodel, pdata, *s),
        "mj_inverse": lambda s: _mj_one(mujoco, mmodel, mdata, s),
        "rtb rne": lambda s: rtb_robot.rne(*s, gravity=G),
        "mr.InverseDynamics": lambda s: mr.InverseDynamics(*s, G, zero6, Mlist, Glist, Slist),
        "python lists": lambda s: rnea_lists(*lists, *(x.tolist() for x in s), G.tolist()),
    }
    library = {
        "rnea": "chaindyn", "rnea_structured": "chaindyn", "rnea_classic": "chaindyn",
        "pin.rnea": "Pinocchio", "mj_inverse": "MuJoCo", "rtb rne": "Robotics Toolbox",
        "mr.InverseDynamics": "modern_robotics", "python lists": "baseline (figsrc)",
    }
    return chain, single, batched, library


def _mj_one(mujoco, m, d, s):
    d.qpos[:], d.qvel[:], d.qacc[:] = s
    mujoco.mj_inverse(m, d)
    return d.qfrc_inverse.copy()


def states(N, n=6, seed=0):
    rng = np.random.default_rng(seed)
    return tuple(rng.uniform(-2.0, 2.0, (N, n)) for _ in range(3))


#: Largest |tau - chaindyn.rnea| accepted from any method, N m (torques of tens of N m).
AGREEMENT_BOUND = 1e-11


# ---------------------------------------------------------------- runs
def run_single(chain, single, library, budget):
    s = tuple(x[0] for x in states(1))
    ref = cd.rnea(chain, *s, G)
    rows = []
    for name, fn in single.items():
        diff = float(np.abs(np.asarray(fn(s), dtype=float).ravel() - ref).max())
        t, number, blocks = per_call(lambda fn=fn: fn(s), budget=budget, blocks=31)
        rows.append([name, library[name], t * 1e6, number, blocks, diff])
        print(f"single {name:28s} {t * 1e6:10.2f} us  (diff {diff:.1e})", flush=True)
    pin_t = next(r[2] for r in rows if r[0] == "pin.rnea")
    return [r[:3] + [r[2] / pin_t] + r[3:] for r in rows]


def run_batch(chain, batched, budget, quick):
    rows = []
    for N in NS[:4] if quick else NS:
        s = states(N)
        ref = cd.rnea(chain, *s, G)
        pin_t = None
        for name, fn in batched.items():
            slow = name.startswith(("mr.", "python"))
            if slow and N > MAX_N_SLOW:
                continue
            diff = float(np.abs(fn(*s) - ref).max())
            t, number, blocks = per_call(lambda fn=fn, s=s: fn(*s), budget=budget, blocks=7)
            peak = peak_bytes(lambda fn=fn, s=s: fn(*s)) if not slow else float("nan")
            if name.startswith("pin."):
                pin_t = t
            rows.append([name, N, t / N * 1e6, t * 1e3, peak / 2**20, number, blocks, diff])
            print(f"batch N={N:<7d} {name:28s} {t / N * 1e6:9.3f} us/sample "
                  f"peak {peak / 2**20:8.2f} MiB (diff {diff:.1e})", flush=True)
        for r in rows:
            if r[1] == N:
                r.insert(3, r[2] / (pin_t / N * 1e6))
    return rows


def _growth_case(pin, n):
    rng = np.random.default_rng(1000 + n)
    chain = models.random_chain(n, rng)
    s = tuple(x[0] for x in states(1, n, seed=n))
    pm = interop.to_pinocchio(chain, G)
    pd = pm.createData()
    zero, eye = np.zeros(n), np.eye(n)
    fns = {
        "rnea": lambda: cd.rnea(chain, *s, G),
        "rnea_structured": lambda: cd.rnea_structured(chain, *s, G),
        "pin.rnea": lambda: pin.rnea(pm, pd, *s),
        # M as §3.2.3.5 builds it: n separate RNEA calls (cd.mass_matrix runs them as one
        # batched pass; bench_35.py times both)
        "mass_matrix": lambda: mass_matrix_by_columns(chain, s[0]),
        # M by columns with the structured recursion: n states in one batched call
        "mass_matrix_structured": lambda: cd.rnea_structured(chain, s[0], zero, eye,
                                                              gravity=np.zeros(3)),
        "pin.crba": lambda: pin.crba(pm, pd, s[0]),
    }
    return chain, s, fns


def run_growth(budget, quick):
    import pinocchio as pin

    rows = []
    for n in GROWTH[:5] if quick else GROWTH:
        chain, s, fns = _growth_case(pin, n)
        zero, eye = np.zeros(n), np.eye(n)
        M = cd.mass_matrix(chain, s[0])
        assert np.abs(cd.rnea_structured(chain, s[0], zero, eye, gravity=np.zeros(3)).T - M).max() \
            < 1e-9 * max(1.0, np.abs(M).max())
        row = [n]
        for name, fn in fns.items():
            if name == "mass_matrix" and n > 64:
                row.append(float("nan"))
                continue
            t, _, _ = per_call(fn, budget=budget, blocks=7)
            row.append(t * 1e6)
        rows.append(row)
        print(f"growth n={n:<4d} " + " ".join(f"{k}={v:.1f}us" for k, v in zip(fns, row[1:])),
              flush=True)
    return ["n"] + [f"{k}_us" for k in fns], rows


# ---------------------------------------------------------------- figures
COLORS = {"rnea": "C0", "rnea_structured": "C3", "rnea_classic": "C1", "pin": "C2",
          "mj": "C4", "rtb": "C5", "mr": "C7", "python": "C8"}


def _color(name):
    for k, c in COLORS.items():
        if name == k or (name.startswith(k) and k not in ("rnea",)):
            return c
    return "C9"


def _plain_ticks(*axes):
    """Log axes labelled 0.1, 1, 10 ... (no mathtext powers, whose minus sign the
    Korean font lacks)."""
    from matplotlib.ticker import FuncFormatter, NullFormatter

    fmt = FuncFormatter(lambda v, _: f"{v:g}")
    for ax in axes:
        for axis in (ax.xaxis, ax.yaxis):
            if axis.get_scale() == "log":
                axis.set_major_formatter(fmt)
                axis.set_minor_formatter(NullFormatter())


def figure_single(rows, path):
    import matplotlib.pyplot as plt

    rows = sorted(rows, key=lambda r: r[2])
    fig, ax = plt.subplots(figsize=(6.4, 3.8))
    names = [r[0] for r in rows]
    ax.barh(range(len(rows)), [r[2] for r in rows], color=[_color(n) for n in names])
    ax.set_yticks(range(len(rows)), names)
    ax.set_xscale("log")
    ax.axvline(50.0, color="k", ls="--", lw=1)
    ax.text(55.0, 0.0, "1 kHz 주기의 5 % (50 μs)", fontsize=8, va="center")
    for k, r in enumerate(rows):
        ax.text(r[2] * 1.08, k, f"{r[2]:.3g}", va="center", fontsize=8)
    ax.set_xlabel("한 번 호출 시간 (μs, 로그 눈금)")
    ax.set_title("6R 팔 역동역학 한 번 호출 (중앙값)")
    ax.grid(True, axis="x", which="both", alpha=0.3)
    ax.set_xlim(right=max(r[2] for r in rows) * 6)
    _plain_ticks(ax)
    fig.tight_layout()
    _style.savefig(fig, path)


def figure_batch(rows, path):
    import matplotlib.pyplot as plt

    fig, (a1, a2) = plt.subplots(1, 2, figsize=(9.6, 4.2))
    for name in dict.fromkeys(r[0] for r in rows):
        rr = [r for r in rows if r[0] == name]
        kw = dict(color=_color(name), marker="o", ms=3, label=name)
        a1.loglog([r[1] for r in rr], [r[2] for r in rr], **kw)
        mem = [(r[1], r[5]) for r in rr if r[5] == r[5]]
        if mem and not name.startswith(("pin", "mj")):
            a2.loglog([m[0] for m in mem], [max(m[1], 1e-3) for m in mem], **kw)
    a1.axhline(1.0, color="k", ls=":", lw=1)
    a1.set_xlabel("한 번에 계산한 상태 수 N")
    a1.set_ylabel("상태 하나당 시간 (μs)")
    a1.set_title("상태당 시간")
    a2.set_xlabel("한 번에 계산한 상태 수 N")
    a2.set_ylabel("최대 메모리 (MiB, tracemalloc)")
    a2.set_title("한 번 호출의 최대 메모리")
    _plain_ticks(a1, a2)
    handles, labels = a1.get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=4, fontsize=8, frameon=False)
    fig.tight_layout(rect=(0, 0.13, 1, 1))
    _style.savefig(fig, path)


def figure_growth(header, rows, path):
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(6.4, 4.4))
    n = np.array([r[0] for r in rows], dtype=float)
    styles = {"rnea_us": ("C0", "o-"), "rnea_structured_us": ("C3", "o-"),
              "pin.rnea_us": ("C2", "o-"), "mass_matrix_us": ("C0", "s--"),
              "mass_matrix_structured_us": ("C3", "s--"), "pin.crba_us": ("C2", "s--")}
    for k, key in enumerate(header[1:], start=1):
        y = np.array([r[k] for r in rows], dtype=float)
        ok = np.isfinite(y)
        c, st = styles[key]
        ax.loglog(n[ok], y[ok], st, color=c, ms=3, label=key[:-3])
    ax.set_xlabel("링크 수 n")
    ax.set_ylabel("한 번 호출 시간 (μs)")
    ax.set_title("링크 수에 따른 시간 (임의 사슬)")
    ax.legend(fontsize=8, ncol=2)
    _plain_ticks(ax)
    fig.tight_layout()
    _style.savefig(fig, path)


# ---------------------------------------------------------------- main
def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fig-dir", type=Path, default=FIG_DIR)
    ap.add_argument("--data-dir", type=Path, default=DATA_DIR)
    ap.add_argument("--quick", action="store_true", help="small budget, N <= 1e3, n <= 16")
    args = ap.parse_args(argv)
    for d in (args.fig_dir, args.data_dir):
        d.mkdir(parents=True, exist_ok=True)
    budget = 0.05 if args.quick else 0.4
    _style.apply()
    t_start = time.perf_counter()
    mach = machine("before")
    chain, single, batched, library = setup()
    single_rows = run_single(chain, single, library, budget=2.5 * budget)
    batch_rows = run_batch(chain, batched, budget, args.quick)
    g_header, g_rows = run_growth(budget, args.quick)
    mach += machine("after")[-1:]
    mach.append(("benchmark_seconds", f"{time.perf_counter() - t_start:.0f}"))
    d = args.data_dir
    write_csv(d / "bench_machine.csv", ["key", "value"], mach)
    write_csv(d / "bench_single.csv",
              ["method", "library", "median_us", "ratio_to_pin", "calls_per_block", "blocks",
               "agreement_bound", "agrees_with_rnea"],
              [[r[0], r[1], f"{r[2]:.4g}", f"{r[3]:.4g}", r[4], r[5], f"{AGREEMENT_BOUND:.0e}",
                r[6] <= AGREEMENT_BOUND] for r in single_rows])
    write_csv(d / "bench_batch.csv",
              ["method", "N", "per_sample_us", "ratio_to_pin", "call_ms", "peak_MiB",
               "calls_per_block", "blocks", "agreement_bound", "agrees_with_rnea"],
              [[r[0], r[1], f"{r[2]:.4g}", f"{r[3]:.4g}", f"{r[4]:.4g}",
                "" if r[5] != r[5] else f"{r[5]:.4g}", r[6], r[7], f"{AGREEMENT_BOUND:.0e}",
                r[8] <= AGREEMENT_BOUND] for r in batch_rows])
    write_csv(d / "bench_growth.csv", g_header,
              [[r[0]] + ["" if v != v else f"{v:.4g}" for v in r[1:]] for r in g_rows])
    figure_single(single_rows, args.fig_dir / "bench_single.png")
    figure_batch([r[:3] + [r[3], r[4], r[5]] for r in batch_rows],
                 args.fig_dir / "bench_batch.png")
    figure_growth(g_header, g_rows, args.fig_dir / "bench_growth.png")
    print(f"benchmark done in {time.perf_counter() - t_start:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
