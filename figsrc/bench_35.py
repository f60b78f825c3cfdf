"""Benchmark of the mass matrix and forward dynamics (chapter 3.5, appendix B): the mass matrix
by RNEA columns (n separate calls, and ``mass_matrix``'s one batched pass), CRBA and ABA
against Pinocchio, MuJoCo, Robotics Toolbox and modern_robotics.  Not a figure script: the
tests do not run it (timings differ from run to run).  It writes

* ``data/bench_35_machine.csv``  machine, versions, date, load average before and after;
* ``data/bench_35_single.csv``   one call on the 6R arm (one state): median time, ratio to
  Pinocchio (``pin.crba`` for M, ``pin.computeMinverse`` for M^-1, ``pin.aba`` for qdd);
* ``data/bench_35_batch.csv``    N states in one call (chaindyn; Robotics Toolbox's trajectory
  form) or a loop of N calls (Pinocchio, MuJoCo, modern_robotics), N = 1 .. 1e5: time per
  sample, ratio to Pinocchio in the same run;
* ``data/bench_35_growth.csv``   one call against n (random revolute MDH chains, n <= 100);
* ``book/figures/bench_35_batch.png``, ``bench_35_growth.png``.

Method as ``bench_rnea.py`` (``per_call``: median over blocks of calls, the garbage
collector off during a block).  Before timing, every method's result is compared with
chaindyn's (``AGREEMENT_BOUND``, relative); the tables record the bound and whether it held.

    python figsrc/bench_35.py [--quick]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _style  # noqa: E402
from _cli import DATA_DIR, FIG_DIR, write_csv  # noqa: E402
from bench_rnea import _plain_ticks, machine, per_call, states  # noqa: E402

from chaindyn import interop, models  # noqa: E402
from chaindyn.articulated import aba, forward_dynamics, inverse_mass_matrix  # noqa: E402
from chaindyn.chain import Chain  # noqa: E402
from chaindyn.composite import crba  # noqa: E402
from chaindyn.engine import aba_structured, crba_structured, rnea_structured  # noqa: E402
from chaindyn.inverse_dynamics import STANDARD_GRAVITY  # noqa: E402
from chaindyn.quantities import mass_matrix  # noqa: E402
from chaindyn_book.ch32 import mass_matrix_by_columns  # noqa: E402
from chaindyn_book.crosscheck import random_mdh_arguments  # noqa: E402

G = np.array([0.0, 0.0, -STANDARD_GRAVITY])
NS = [1, 10, 100, 1000, 10000, 100000]
GROWTH = [1, 2, 4, 8, 16, 32, 64, 100]
#: Largest N (batch) and n (growth) timed for the libraries whose per-sample cost is flat in
#: N (a Python loop of calls) but large: the run stays a few seconds per point.
MAX_N = {"mr.": 100, "rtb accel": 10000, "rtb inertia": 10000}
MAX_n = {"mr.": 32}
#: Robotics Toolbox's ``accel`` fails on a one-link robot (its ``inertia`` comes back 1-D and
#: ``numpy.linalg.solve`` refuses it): not timed at n = 1.
MIN_n = {"rtb accel": 2}
AGREEMENT_BOUND = 1e-10
SHARED = ("shared: other agents' jobs ran on the same 2 cores during this run; "
          "the load averages before and after are recorded")


def _rel(a, b):
    return float(np.abs(np.asarray(a) - b).max() / np.abs(b).max())


def _pin(chain):
    import pinocchio as pin

    m = interop.to_pinocchio(chain, G)
    return pin, m, m.createData()


def _mj(chain):
    import mujoco

    m = mujoco.MjModel.from_xml_string(interop.to_mujoco(chain, G))
    return mujoco, m, mujoco.MjData(m)


def route_structured(chain, q, qd, tau):
    """The O(n^3) route with the structured parts: crba_structured, rnea_structured for
    the bias, LAPACK's Cholesky and two triangular solves (scipy)."""
    from scipy.linalg import cho_solve

    n = chain.n
    M = crba_structured(chain, q)
    h = rnea_structured(chain, q, qd, np.zeros(n), G)
    return cho_solve((np.linalg.cholesky(M), True), tau - h)


def _limit(name, table, value):
    """False when ``name`` is one of the slow methods and ``value`` exceeds its limit."""
    return all(value <= v for k, v in table.items() if name.startswith(k))


def growth_chain(n):
    """A random revolute chain built from modified-DH rows (so that Robotics Toolbox can
    take it too), reproducible from n."""
    args = random_mdh_arguments(n, np.random.default_rng(1000 + n), [False] * n)
    return Chain.from_mdh(args["mdh"], args["masses"], args["coms"], args["inertias_com"],
                          args["joint_types"])


def methods(chain):
    """name -> (kind, batched fn(q, qd, tau), library); kind "M" (mass matrix), "Minv" or
    "qdd".  Library functions loop over the states, except Robotics Toolbox's, which take the
    states as a trajectory (rows)."""
    import modern_robotics as mr

    pin, pm, pd = _pin(chain)
    mujoco, mm, md = _mj(chain)
    robot = interop.to_rtb(chain, G)
    Mlist, Glist, Slist = interop.to_modern_robotics(chain)
    zero6, n = np.zeros(6), chain.n

    def rtb_M(q, qd, tau):
        return np.reshape(robot.inertia(q), (q.shape[0], n, n))

    def rtb_qdd(q, qd, tau):
        return np.reshape(robot.accel(q, qd, tau, gravity=G), (q.shape[0], n))

    def loop(f):
        def run(q, qd, tau):
            return np.array([f(q[k], qd[k], tau[k]) for k in range(q.shape[0])])
        return run

    def mj_qdd(q, qd, tau):
        md.qpos[:], md.qvel[:], md.qfrc_applied[:] = q, qd, tau
        mujoco.mj_forward(mm, md)
        return md.qacc.copy()

    def mj_M(q, qd, tau):
        md.qpos[:] = q
        mujoco.mj_fwdPosition(mm, md)  # kinematics, composite inertias, qM
        M = np.zeros((chain.n, chain.n))
        mujoco.mj_fullM(mm, md, M)
        return M

    def pin_minv(q, qd, tau):
        Mi = np.array(pin.computeMinverse(pm, pd, q))
        return np.triu(Mi) + np.triu(Mi, 1).T

    def pin_route(q, qd, tau):
        pin.crba(pm, pd, q)
        h = pin.nonLinearEffects(pm, pd, q, qd)
        pin.cholesky.decompose(pm, pd)
        return pin.cholesky.solve(pm, pd, tau - h)

    return {
        "mass_matrix_by_columns": ("M", lambda q, qd, tau: mass_matrix_by_columns(chain, q),
                                   "chaindyn"),
        "mass_matrix": ("M", lambda q, qd, tau: mass_matrix(chain, q), "chaindyn"),
        "crba": ("M", lambda q, qd, tau: crba(chain, q), "chaindyn"),
        "crba_structured": ("M", lambda q, qd, tau: crba_structured(chain, q), "chaindyn"),
        "pin.crba": ("M", loop(lambda q, qd, tau: pin.crba(pm, pd, q)), "Pinocchio"),
        "mj_fwdPosition + mj_fullM": ("M", loop(mj_M), "MuJoCo"),
        "rtb inertia (trajectory)": ("M", rtb_M, "Robotics Toolbox"),
        "mr.MassMatrix (loop)": ("M", loop(lambda q, qd, tau: mr.MassMatrix(
            q, Mlist, Glist, Slist)), "modern_robotics"),
        "inverse_mass_matrix": ("Minv", lambda q, qd, tau: inverse_mass_matrix(chain, q),
                                "chaindyn"),
        "pin.computeMinverse": ("Minv", loop(pin_minv), "Pinocchio"),
        "aba": ("qdd", lambda q, qd, tau: aba(chain, q, qd, tau, G), "chaindyn"),
        "aba_structured": ("qdd", lambda q, qd, tau: aba_structured(chain, q, qd, tau, G),
                           "chaindyn"),
        "forward_dynamics": ("qdd", lambda q, qd, tau: forward_dynamics(chain, q, qd, tau, G),
                             "chaindyn"),
        "pin.aba": ("qdd", loop(lambda q, qd, tau: pin.aba(pm, pd, q, qd, tau)), "Pinocchio"),
        "pin crba+nle+cholesky": ("qdd", loop(pin_route), "Pinocchio"),
        "mj_forward": ("qdd", loop(mj_qdd), "MuJoCo"),
        "rtb accel (trajectory)": ("qdd", rtb_qdd, "Robotics Toolbox"),
        "mr.ForwardDynamics (loop)": ("qdd", loop(lambda q, qd, tau: mr.ForwardDynamics(
            q, qd, tau, G, zero6, Mlist, Glist, Slist)), "modern_robotics"),
    }


PIN_OF = {"M": "pin.crba", "Minv": "pin.computeMinverse", "qdd": "pin.aba"}


def _reference(chain, kind, s):
    q, qd, tau = s
    return {"M": crba(chain, q), "Minv": inverse_mass_matrix(chain, q),
            "qdd": aba(chain, q, qd, tau, G)}[kind]


def run_single(chain, budget):
    """One state of the 6R arm, one call: chaindyn's functions get vectors (n,), the
    libraries one call (Robotics Toolbox: a trajectory of one row)."""
    meth = methods(chain)
    s = states(1, chain.n, seed=7)
    one = tuple(x[0] for x in s)
    rows, times = [], {}
    for name, (kind, fn, lib) in meth.items():
        if lib == "chaindyn":
            f = lambda fn=fn: fn(*one)  # noqa: E731
        else:
            f = lambda fn=fn: fn(*s)  # noqa: E731
        ok = _rel(np.reshape(f(), _reference(chain, kind, s).shape),
                  _reference(chain, kind, s)) <= AGREEMENT_BOUND
        t, number, blocks = per_call(f, budget=budget, blocks=15)
        times[name] = t
        rows.append([name, lib, kind, t * 1e6, None, number, blocks, ok])
        print(f"single {name:28s} {t * 1e6:9.2f} us ok={ok}", flush=True)
    for r in rows:
        r[4] = times[r[0]] / times[PIN_OF[r[2]]]
    return rows


def run_batch(chain, budget, quick):
    meth = methods(chain)
    rows = []
    for N in NS[:4] if quick else NS:
        s = states(N, chain.n)
        times = {}
        for name, (kind, fn, lib) in meth.items():
            if N > 1000 and name == "inverse_mass_matrix" and quick:
                continue
            if not _limit(name, MAX_N, N):
                continue
            ok = _rel(fn(*s), _reference(chain, kind, s)) <= AGREEMENT_BOUND
            t, number, blocks = per_call(lambda fn=fn, s=s: fn(*s), budget=budget, blocks=5)
            times[name] = t
            rows.append([name, lib, kind, N, t / N * 1e6, None, number, blocks, ok])
            print(f"batch N={N:<7d} {name:28s} {t / N * 1e6:9.3f} us/sample ok={ok}", flush=True)
        for r in rows:
            if r[3] == N:
                r[5] = times[r[0]] / times[PIN_OF[r[2]]]
    return rows


def run_growth(budget, quick):
    rows = []
    header = None
    for n in GROWTH[:5] if quick else GROWTH:
        chain = growth_chain(n)
        meth = methods(chain)
        meth["route_structured"] = ("qdd", lambda q, qd, tau, c=chain: route_structured(
            c, q[0], qd[0], tau[0])[None], "chaindyn")
        s = states(1, n, seed=n)
        row = [n]
        for name, (kind, fn, lib) in meth.items():
            if not _limit(name, MAX_n, n) or any(
                    name.startswith(k) and n < v for k, v in MIN_n.items()):
                row.append(float("nan"))
                continue
            assert _rel(fn(*s), _reference(chain, kind, s)) <= AGREEMENT_BOUND, (name, n)
            one = tuple(x[0] for x in s)
            if lib == "chaindyn":
                f = (lambda fn=fn, s=s: fn(*s)) if name == "route_structured" else \
                    (lambda fn=fn, one=one: fn(*(x for x in one)))
            else:
                f = lambda fn=fn, s=s: fn(*s)  # noqa: E731  (a loop of one call)
            t, _, _ = per_call(f, budget=budget, blocks=5)
            row.append(t * 1e6)
        header = ["n"] + [f"{k}_us" for k in meth]
        rows.append(row)
        print(f"growth n={n:<3d} " + " ".join(f"{k}={v:.1f}" for k, v in zip(meth, row[1:])),
              flush=True)
    return header, rows


def figure_batch(rows, path):
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(10.0, 4.4))
    for ax, kinds, title in ((axes[0], ("M", "Minv"), "질량 행렬과 그 역행렬"),
                             (axes[1], ("qdd",), "순동역학 q̈")):
        for name in dict.fromkeys(r[0] for r in rows if r[2] in kinds):
            rr = [r for r in rows if r[0] == name]
            ax.loglog([r[3] for r in rr], [r[4] for r in rr], "o-", ms=3, label=name)
        ax.set_xlabel("한 번에 계산한 상태 수 N")
        ax.set_ylabel("상태 하나당 시간 (μs)")
        ax.set_title(title + " (6R 팔)")
        ax.legend(fontsize=7)
        _plain_ticks(ax)
    fig.tight_layout()
    _style.savefig(fig, path)


def figure_growth(header, rows, path):
    import matplotlib.pyplot as plt

    n = np.array([r[0] for r in rows], float)
    fig, axes = plt.subplots(1, 2, figsize=(10.0, 4.4))
    groups = (("mass_matrix_by_columns", "mass_matrix", "crba", "crba_structured", "pin.crba",
               "mj_fwdPosition + mj_fullM", "rtb inertia (trajectory)", "mr.MassMatrix (loop)",
               "inverse_mass_matrix", "pin.computeMinverse"),
              ("aba", "aba_structured", "forward_dynamics", "route_structured", "pin.aba",
               "pin crba+nle+cholesky", "mj_forward", "rtb accel (trajectory)",
               "mr.ForwardDynamics (loop)"))
    for ax, names, title in zip(axes, groups, ("M와 M⁻¹", "순동역학 q̈")):
        for name in names:
            k = header.index(name + "_us")
            ax.loglog(n, [r[k] for r in rows], "o-", ms=3, label=name)
        ax.set_xlabel("링크 수 n (임의 회전 사슬)")
        ax.set_ylabel("한 번 호출 시간 (μs)")
        ax.set_title(title)
        ax.legend(fontsize=7)
        _plain_ticks(ax)
    fig.tight_layout()
    _style.savefig(fig, path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fig-dir", type=Path, default=FIG_DIR)
    ap.add_argument("--data-dir", type=Path, default=DATA_DIR)
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args(argv)
    for d in (args.fig_dir, args.data_dir):
        d.mkdir(parents=True, exist_ok=True)
    budget = 0.05 if args.quick else 0.25
    _style.apply()
    t0 = time.perf_counter()
    mach = machine("before") + [("note", SHARED)]
    chain = models.arm6r()
    single = run_single(chain, budget)
    batch = run_batch(chain, budget, args.quick)
    g_header, g_rows = run_growth(budget, args.quick)
    mach += machine("after")[-1:]
    mach.append(("benchmark_seconds", f"{time.perf_counter() - t0:.0f}"))
    mach.append(("quick", str(args.quick)))
    mach.append(("growth_agreement",
                 "every method agreed with chaindyn at every n within the relative "
                 "agreement_bound of bench_35_batch.csv (asserted before timing)"))
    d = args.data_dir
    write_csv(d / "bench_35_machine.csv", ["key", "value"], mach)
    write_csv(d / "bench_35_single.csv",
              ["method", "library", "kind", "time_us", "ratio_to_pin", "calls_per_block",
               "blocks", "agreement_bound", "agrees"],
              [[r[0], r[1], r[2], f"{r[3]:.4g}", f"{r[4]:.4g}", r[5], r[6],
                f"{AGREEMENT_BOUND:.0e}", r[7]] for r in single])
    write_csv(d / "bench_35_batch.csv",
              ["method", "library", "kind", "N", "per_sample_us", "ratio_to_pin",
               "calls_per_block", "blocks", "agreement_bound", "agrees"],
              [[r[0], r[1], r[2], r[3], f"{r[4]:.4g}", f"{r[5]:.4g}", r[6], r[7],
                f"{AGREEMENT_BOUND:.0e}", r[8]] for r in batch])
    write_csv(d / "bench_35_growth.csv", g_header,
              [[r[0]] + [f"{v:.4g}" for v in r[1:]] for r in g_rows])
    figure_batch(batch, args.fig_dir / "bench_35_batch.png")
    figure_growth(g_header, g_rows, args.fig_dir / "bench_35_growth.png")
    print(f"benchmark done in {time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
