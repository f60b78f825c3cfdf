"""Benchmark of inverse dynamics (``make bench``): runtime and memory, recorded with the machine.

Not a figure script: ``make figures`` and the tests do not run it (timings
differ from run to run).  It writes, for the book's appendix B:

* ``data/bench_machine.csv``  machine, library versions, date, load average;
* ``data/bench_single.csv``   one call on the 6R arm: median time per method;
* ``data/bench_batch.csv``    N states in one call (or a loop of N calls for
  the libraries): time per sample and peak memory, N = 1 .. 1e6;
* ``data/bench_blocks.csv``   ``rnea_structured`` at N = 1e5 against the size of the
  blocks it splits a batch into (``chaindyn.engine.BLOCK_STATES``);
* ``data/bench_flat.csv``     ``rnea_structured`` per sample at N = 1e3 .. 1e6, the N
  taking turns (whether the time per state rises with N), with page faults;
* ``data/bench_budget.csv``   where the time of ``rnea_structured`` goes at N = 1e3
  (its sweep, the sines and cosines, the rest of the call) and how many numpy
  operations the sweep could make to cost 0.3 times the Pinocchio loop;
* ``data/bench_flops.csv``    floating-point operations per state of the chaindyn
  methods (``chaindyn.opcount``: multiplications and additions) and the rate they
  reach, as a fraction of the machine's measured single-core peak (a large
  matrix product, BLAS on one thread, in a subprocess);
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
import json
import os
import platform
import resource
import statistics
import subprocess
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
from chaindyn import engine, interop, models, structured  # noqa: E402
from chaindyn.engine import sweeps  # noqa: E402
from chaindyn.opcount import count  # noqa: E402
from chaindyn_book.ch32 import mass_matrix_by_columns  # noqa: E402

G = np.array([0.0, 0.0, -cd.STANDARD_GRAVITY])
NS = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000]
GROWTH = [1, 2, 4, 8, 16, 32, 64, 128]
MAX_N_SLOW = 1000  # modern_robotics and the list code: per-sample cost is flat; N <= 1e3
#: rnea and rnea_classic keep whole-batch 6x6 matrices per link (331 MiB at N = 1e5,
#: over 3 GiB at 1e6): measured up to 1e5.
MAX_N_DENSE = 100_000
#: Block sizes tried for rnea_structured at N = BLOCKS_N (and N itself: one block).
BLOCK_SIZES = [256, 512, 1024, 2048, 4096, 8192, 16384, 32768]
BLOCKS_N = 100_000
#: The single-core peak: C = A B for n x n matrices, BLAS on one thread.
PEAK_MATMUL_N = 2000
PEAK_REPEATS = 10
FLOP_METHODS = ("rnea", "rnea_structured", "rnea_classic")


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


def interleaved_min(fns, budget, rounds=15):
    """Per call (s), for each of ``fns``: the shortest of ``rounds`` blocks, the
    functions taking turns block by block.  For comparisons within one function's
    parts (and of one function's variants) on a shared machine: the minimum is the
    time with the least interference, and taking turns exposes every variant to
    the same load."""
    number = {}
    for k, fn in fns.items():
        fn()
        t0 = time.perf_counter()
        fn()
        number[k] = max(1, int(budget / rounds / max(time.perf_counter() - t0, 1e-8)))
    best = dict.fromkeys(fns, float("inf"))
    gc_was = gc.isenabled()
    gc.disable()
    try:
        for _ in range(rounds):
            for k, fn in fns.items():
                t0 = time.perf_counter()
                for _ in range(number[k]):
                    fn()
                best[k] = min(best[k], (time.perf_counter() - t0) / number[k])
    finally:
        if gc_was:
            gc.enable()
    return best


def page_faults(fn, calls=3):
    """Minor page faults per call of fn (getrusage): pages the kernel had to map in,
    for memory that the allocator took back from the operating system."""
    fn()
    f0 = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    for _ in range(calls):
        fn()
    return (resource.getrusage(resource.RUSAGE_SELF).ru_minflt - f0) / calls


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
def caches():
    """The data caches of CPU 0 from sysfs: (key, size) rows such as ("cache_l2", "1024K")."""
    rows = []
    for d in sorted(Path("/sys/devices/system/cpu/cpu0/cache").glob("index*")):
        try:
            kind, level = (d / "type").read_text().strip(), (d / "level").read_text().strip()
            if kind != "Instruction":
                rows.append((f"cache_l{level}", (d / "size").read_text().strip()))
        except OSError:
            continue
    return rows


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
            ("affinity_cpus", len(os.sched_getaffinity(0))), *caches(),
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


def run_batch(chain, batched, budget, max_n):
    rows = []
    for N in [N for N in NS if N <= max_n]:
        s = states(N)
        ref = cd.rnea(chain, *s, G) if N <= MAX_N_DENSE else None
        pin_t = None
        for name, fn in batched.items():
            slow = name.startswith(("mr.", "python"))
            if slow and N > MAX_N_SLOW or name in ("rnea", "rnea_classic") and N > MAX_N_DENSE:
                continue
            if ref is None:  # beyond MAX_N_DENSE: rnea state by state in blocks
                ref = np.concatenate([cd.rnea(chain, *(x[k:k + 10_000] for x in s), G)
                                      for k in range(0, N, 10_000)])
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


def run_flat(chain, budget, max_n):
    """rnea_structured per sample at every N of the batch goals (1e3 .. 1e6) measured
    taking turns (:func:`interleaved_min`), so that the machine's load falls on
    every N alike: whether the per-sample time rises with N is a comparison of one
    function with itself, which a median of a few long calls at 1e6 measured at
    another moment than 1e5 does not settle.  With the minor page faults per call
    (pages the kernel maps in and zeroes: a fresh output array of N n float64
    beyond the allocator's reuse) and tracemalloc's peak per state.  (The torques
    at these N are compared with rnea in :func:`run_batch`.)"""
    Ns = [N for N in NS if 1000 <= N <= max_n]
    sets = {N: states(N) for N in Ns}
    fns = {N: (lambda s=sets[N]: cd.rnea_structured(chain, *s, G)) for N in Ns}
    best = interleaved_min(fns, budget=4 * budget)
    rows = []
    for N, fn in fns.items():
        faults, peak = page_faults(fn), peak_bytes(fn)
        rows.append([N, best[N] / N * 1e6, faults, peak / N])
        print(f"flat N={N:<8d} {best[N] / N * 1e6:7.3f} us/sample {faults:8.0f} page faults/call "
              f"peak {peak / N:6.0f} B/sample", flush=True)
    return rows


def run_blocks(chain, budget, quick):
    """rnea_structured at N = BLOCKS_N states against the block size: per-sample time
    (:func:`interleaved_min`: the sizes take turns), peak memory (bytes per
    state) and minor page faults per call.  The last row is one block of all N
    states."""
    N = 10_000 if quick else BLOCKS_N
    s = states(N)
    ref = cd.rnea_structured(chain, *s, G)
    default = engine.BLOCK_STATES
    sizes = BLOCK_SIZES + [N]

    def with_size(size):
        def fn():
            engine.BLOCK_STATES = size
            return cd.rnea_structured(chain, *s, G)
        return fn

    fns = {size: with_size(size) for size in sizes}
    try:
        for fn in fns.values():
            assert float(np.abs(fn() - ref).max()) <= AGREEMENT_BOUND
        best = interleaved_min(fns, budget=4 * budget)
        peaks = {size: peak_bytes(fn) for size, fn in fns.items()}
        faults = {size: page_faults(fn) for size, fn in fns.items()}
    finally:
        engine.BLOCK_STATES = default
    rows = []
    for size in sizes:
        rows.append([size, N, best[size] / N * 1e6, peaks[size] / N, faults[size],
                     size == default])
        print(f"blocks {size:<7d} N={N} {best[size] / N * 1e6:7.3f} us/sample "
              f"peak {peaks[size] / N:6.0f} B/sample {faults[size]:8.0f} page faults/call",
              flush=True)
    return rows


_BLOCKS_CODE = """
import json, sys
sys.path.insert(0, {here!r})
import bench_rnea
chain = bench_rnea.models.arm6r()
print(json.dumps(bench_rnea.run_blocks(chain, {budget!r}, {quick!r})))
"""


def run_blocks_fresh(budget, quick):
    """:func:`run_blocks` in a fresh interpreter, as a program that computes one large
    batch runs it: in this script's process, the memory allocator's state after
    the other measurements (arrays of up to GiBs) would decide whether the large
    temporaries of an unsplit batch go back to the operating system after each call."""
    code = _BLOCKS_CODE.format(here=str(Path(__file__).resolve().parent), budget=budget,
                               quick=quick)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    print(out.stdout.rsplit("\n", 2)[0], flush=True)  # its progress lines
    return json.loads(out.stdout.strip().splitlines()[-1])


_PEAK_CODE = """
import time, numpy as np
n, repeats = {n}, {repeats}
rng = np.random.default_rng(0)
A, B = rng.standard_normal((n, n)), rng.standard_normal((n, n))
A @ B
best = float("inf")
for _ in range(repeats):
    t0 = time.perf_counter()
    A @ B
    best = min(best, time.perf_counter() - t0)
print(best)
"""
#: Environment variables that hold the BLAS libraries numpy may link to one thread.
ONE_THREAD = {k: "1" for k in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS",
                               "BLIS_NUM_THREADS", "VECLIB_MAXIMUM_THREADS")}


def single_core_peak(n=PEAK_MATMUL_N, repeats=PEAK_REPEATS):
    """The machine's measured single-core peak, flop/s: the fastest of ``repeats``
    products of two n x n float64 matrices by numpy's BLAS on one thread (set through
    the environment of a fresh interpreter, before numpy loads).  A product costs
    n^3 multiplications and n^2 (n - 1) additions, as chaindyn.opcount counts it."""
    env = dict(os.environ, **ONE_THREAD)
    out = subprocess.run([sys.executable, "-c", _PEAK_CODE.format(n=n, repeats=repeats)],
                         env=env, capture_output=True, text=True, check=True)
    best = float(out.stdout.split()[-1])
    A = np.ones((3, 4))
    flops_rule = count(lambda a: a @ a.T, A, rule="all") + count(lambda a: a @ a.T, A,
                                                                  rule="additions")
    assert flops_rule == 3 * 3 * 4 + 3 * 3 * 3  # r k products and r (k - 1) additions
    return (n**3 + n * n * (n - 1)) / best


def flops_per_state(chain):
    """(multiplications, additions) per state of each chaindyn method on ``chain``,
    counted by chaindyn.opcount on one state (a batch costs N times that)."""
    s = tuple(x[0] for x in states(1))
    fns = {"rnea": cd.rnea, "rnea_structured": cd.rnea_structured,
           "rnea_classic": cd.rnea_classic}
    return {name: (count(fn, chain, *s, G, rule="all"), count(fn, chain, *s, G, rule="additions"))
            for name, fn in fns.items()}


def flop_rows(batch_rows, counts, peak):
    rows = []
    for r in batch_rows:
        name, N, us = r[0], r[1], r[2]
        if name in counts and N >= 1000:
            mul, add = counts[name]
            rate = (mul + add) / (us * 1e-6)
            rows.append([name, N, mul, add, mul + add, us, rate / 1e9, rate / peak])
    return rows


def run_budget(chain, pin_loop, budget, N=1000, target=0.3):
    """Where the time of rnea_structured goes at N states (one block), and how many
    numpy operations its sweep could make to cost ``target`` times the Pinocchio
    loop: the call splits into the sweep (the compiled recursion on the block's
    components, :func:`chaindyn.engine.compiled`),
    the sines and cosines in it, and the rest (input checks, copying the
    components, writing the output).  Per arithmetic operation the sweep costs
    (sweep - trigonometry) / operations; the budget is what remains of
    ``target`` times the loop's time after the rest and the trigonometry.  All
    parts and the Pinocchio loop are timed taking turns (:func:`interleaved_min`)."""
    s = states(N)
    code = engine.compiled(chain, "rnea")
    sweep_fn = code.build(*(np.array(v) for v in code.constants))  # as a call binds them
    comps = [c for a in s for c in a.T.copy()]  # the block's components, contiguous
    R = tuple(structured.precompute(chain).base_rotation.ravel().tolist())
    a0 = [np.full(N, a) for a in sweeps.base_acceleration(R, G)]

    def sweep():
        return sweep_fn(*comps, *a0, np.cos, np.sin)

    calls = code.operations  # one numpy call per line of the code
    trig_calls = calls.get("cos", 0) + calls.get("sin", 0)
    ops = sum(calls.values()) - trig_calls
    t = s[0][:, 0] + 0.5
    best = interleaved_min({"call": lambda: cd.rnea_structured(chain, *s, G), "sweep": sweep,
                            "trig": lambda: (np.cos(t), np.sin(t)), "pin": lambda: pin_loop(*s)},
                           budget=4 * budget)
    t_call, t_sweep, pin_t = best["call"], best["sweep"], best["pin"]
    t_trig = trig_calls / 2 * best["trig"]
    per_op = (t_sweep - t_trig) / ops
    allowed = (target * pin_t - (t_call - t_sweep) - t_trig) / per_op
    rows = [("N", N), ("target_ratio_to_pin", target),
            ("pin_loop_call_us", pin_t * 1e6), ("call_us", t_call * 1e6),
            ("sweep_us", t_sweep * 1e6), ("outside_sweep_us", (t_call - t_sweep) * 1e6),
            ("trig_calls", trig_calls), ("trig_us", t_trig * 1e6),
            ("arithmetic_calls", ops), ("per_arithmetic_call_us", per_op * 1e6),
            ("arithmetic_calls_for_target", allowed)]
    print("budget " + " ".join(f"{k}={v:.4g}" for k, v in rows), flush=True)
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

    fmt = FuncFormatter(lambda v, _: f"{v:g}" if v < 1e5 else f"{v:.0f}")
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
    ap.add_argument("--max-n", type=float, default=None,
                    help="largest batch N (default 1e6; 1e3 with --quick)")
    args = ap.parse_args(argv)
    max_n = args.max_n if args.max_n is not None else (1000 if args.quick else NS[-1])
    for d in (args.fig_dir, args.data_dir):
        d.mkdir(parents=True, exist_ok=True)
    budget = 0.05 if args.quick else 0.4
    _style.apply()
    t_start = time.perf_counter()
    mach = machine("before")
    chain, single, batched, library = setup()
    single_rows = run_single(chain, single, library, budget=2.5 * budget)
    batch_rows = run_batch(chain, batched, budget, max_n)
    block_rows = run_blocks_fresh(budget, args.quick)
    flat_rows = run_flat(chain, budget, max_n)
    budget_rows = run_budget(chain, batched["pin.rnea (loop)"], budget)
    g_header, g_rows = run_growth(budget, args.quick)
    peak = single_core_peak(n=1000 if args.quick else PEAK_MATMUL_N)
    print(f"single-core peak {peak / 1e9:.1f} GFLOP/s (matrix product, one BLAS thread)")
    f_rows = flop_rows(batch_rows, flops_per_state(chain), peak)
    mach += machine("after")[-1:]
    mach += [("block_states", engine.BLOCK_STATES),
             ("peak_gflops_single_core", f"{peak / 1e9:.3g}"),
             ("peak_matmul_n", 1000 if args.quick else PEAK_MATMUL_N),
             ("peak_blas_threads", "1 (" + ", ".join(sorted(ONE_THREAD)) + ")")]
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
               "peak_bytes_per_sample", "calls_per_block", "blocks", "agreement_bound",
               "agrees_with_rnea"],
              [[r[0], r[1], f"{r[2]:.4g}", f"{r[3]:.4g}", f"{r[4]:.4g}",
                "" if r[5] != r[5] else f"{r[5]:.4g}",
                "" if r[5] != r[5] else f"{r[5] * 2**20 / r[1]:.4g}", r[6], r[7],
                f"{AGREEMENT_BOUND:.0e}", r[8] <= AGREEMENT_BOUND] for r in batch_rows])
    write_csv(d / "bench_blocks.csv",
              ["block_states", "N", "per_sample_us", "peak_bytes_per_sample",
               "page_faults_per_call", "default"],
              [[r[0], r[1], f"{r[2]:.4g}", f"{r[3]:.4g}", round(r[4]), r[5]]
               for r in block_rows])
    write_csv(d / "bench_flat.csv",
              ["N", "per_sample_us", "page_faults_per_call", "peak_bytes_per_sample"],
              [[r[0], f"{r[1]:.4g}", round(r[2]), f"{r[3]:.4g}"] for r in flat_rows])
    write_csv(d / "bench_budget.csv", ["key", "value"],
              [(k, v if isinstance(v, int) else f"{v:.4g}") for k, v in budget_rows])
    write_csv(d / "bench_flops.csv",
              ["method", "N", "multiplications_per_state", "additions_per_state",
               "flops_per_state", "per_sample_us", "gflops", "fraction_of_peak"],
              [r[:5] + [f"{r[5]:.4g}", f"{r[6]:.4g}", f"{r[7]:.3g}"] for r in f_rows])
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
