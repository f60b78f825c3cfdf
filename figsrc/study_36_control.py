"""Chapter 3.6.5–3.6.6's study (several minutes; `make studies`): the region of attraction of
the LQR-balanced upright 2R arm on a grid of initial angle offsets, with and without the
torque limit, and the swing-up of the 2R arm by trapezoidal direct collocation, solved by
SLSQP once with analytic gradients and once with scipy's finite differences.

Writes

* ``data/ch36_roa.csv``: every start of the grid (offsets in rad) and whether it ends
  within ``ch36_control.ROA_TOL`` of upright at ``ROA_TIME`` (1/0), for each case;
* ``data/ch36_roa_check.csv``: starts next to the boundary of the limited case integrated
  one by one with tighter tolerances, against the batch's verdict;
* ``data/ch36_trajopt.csv``: the optimal swing-up (analytic run) at the knots;
* ``data/ch36_trajopt_runs.csv``: iterations, evaluations, wall time, time in the
  dynamics, final effort of both runs (timings of this machine: records, not results);
* ``data/ch36_trajopt_check.csv``: the analytic gradient and Jacobian of the
  transcription against central differences (the bound and whether it held);
* ``data/ch36_machine.csv``: the machine (``bench_rnea.machine``), load before and after.

    python figsrc/study_36_control.py [--part roa|trajopt|all]
"""

import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _cli import DATA_DIR, write_csv  # noqa: E402
from _numbers import sig_text  # noqa: E402
from bench_rnea import machine  # noqa: E402

from chaindyn import models  # noqa: E402
from chaindyn_book import ch36_control as C  # noqa: E402

#: Starts next to the boundary that are integrated one by one.
CHECK_STARTS = 24
#: Bound on the relative difference of the analytic derivatives from central differences.
CHECK_BOUND = 1e-6
CHECK_STEP = 1e-6
#: Largest defect accepted as converged (rad, rad/s).
DEFECT_BOUND = 1e-8


def part_roa():
    chain = models.planar_2r()
    _, _, K = C.upright_lqr(chain)
    d, x0 = C.roa_grid()
    verdict, runs = {}, []
    for case, lim in (("limited", C.TAU_MAX), ("free", None)):
        t0 = time.perf_counter()
        inside, nfev = C.roa_classify(chain, K, x0, tau_max=lim)
        wall = time.perf_counter() - t0
        verdict[case] = inside
        runs.append([case, len(x0), int(inside.sum()), nfev, sig_text(wall, 2)])
        print(f"roa {case}: {inside.sum()} of {len(x0)} inside, {nfev} evaluations, "
              f"{wall:.0f} s", flush=True)
    write_csv(DATA_DIR / "ch36_roa.csv", ["dq1", "dq2", "inside_limited", "inside_free"],
              [[f"{a:.3f}", f"{b:.3f}", int(u), int(v)] for (a, b), u, v in
               zip(x0[:, :2], verdict["limited"], verdict["free"])])
    write_csv(DATA_DIR / "ch36_roa_runs.csv", ["case", "starts", "inside", "rhs_evaluations",
                                               "wall_s"], runs)
    # boundary starts of the limited case: inside with an outside neighbour or the reverse
    m = len(d)
    ins = verdict["limited"].reshape(m, m)
    edge = np.zeros_like(ins)
    for ax in (0, 1):
        for sh in (1, -1):
            edge |= ins != np.roll(ins, sh, axis=ax)
    idx = np.flatnonzero(edge.ravel())
    pick = idx[np.linspace(0, len(idx) - 1, CHECK_STARTS).round().astype(int)]
    rows = []
    for i in pick:
        single, _ = C.roa_classify(chain, K, x0[i:i + 1], tau_max=C.TAU_MAX, single=True)
        rows.append([f"{x0[i, 0]:.3f}", f"{x0[i, 1]:.3f}", int(verdict["limited"][i]),
                     int(single[0])])
    write_csv(DATA_DIR / "ch36_roa_check.csv", ["dq1", "dq2", "batch", "single"], rows)
    agree = sum(r[2] == r[3] for r in rows)
    print(f"roa check: {agree} of {len(rows)} boundary starts agree", flush=True)


def gradient_check(problem):
    z = problem.initial_guess()
    eye = np.eye(problem.nz) * CHECK_STEP
    J = problem.jacobian(z)
    J_fd = np.column_stack([(problem.defects(z + e) - problem.defects(z - e)) / (2 * CHECK_STEP)
                            for e in eye])
    g = problem.gradient(z)
    g_fd = np.array([(problem.objective(z + e) - problem.objective(z - e)) / (2 * CHECK_STEP)
                     for e in eye])
    err_J = float(np.abs(J - J_fd).max() / np.abs(J).max())
    err_g = float(np.abs(g - g_fd).max() / np.abs(g).max())
    return [["defect_jacobian", f"{CHECK_BOUND:.0e}", "yes" if err_J <= CHECK_BOUND else "no"],
            ["objective_gradient", f"{CHECK_BOUND:.0e}", "yes" if err_g <= CHECK_BOUND else "no"]]


def part_trajopt():
    problem = C.swing_up()
    check = gradient_check(problem)
    write_csv(DATA_DIR / "ch36_trajopt_check.csv", ["quantity", "bound", "holds"], check)
    print("gradient check:", check, flush=True)
    runs, solutions = [], {}
    for grad in ("analytic", "fd"):
        res, wall, counts = C.solve_collocation(problem, grad)
        inside = problem.seconds
        solutions[grad] = res.x
        max_defect = float(np.abs(problem.defects(res.x)).max())
        runs.append([grad, "yes" if res.success else "no", res.nit, res.nfev, res.njev,
                     counts["defects"], counts["jacobian"], sig_text(wall, 3), sig_text(inside, 3),
                     sig_text(problem.effort(res.x), 6), f"{DEFECT_BOUND:.0e}",
                     "yes" if max_defect <= DEFECT_BOUND else "no"])
        print(f"{grad}: {res.message} {res.nit} iterations, {wall:.1f} s", flush=True)
    _, tau_a = problem.unpack(solutions["analytic"])
    _, tau_f = problem.unpack(solutions["fd"])
    diff = float(np.abs(tau_a - tau_f).max())
    for r in runs:
        r.append("0" if r[0] == "analytic" else sig_text(diff, 2))
    write_csv(DATA_DIR / "ch36_trajopt_runs.csv",
              ["gradients", "success", "iterations", "objective_evals", "gradient_evals",
               "defect_evals", "jacobian_evals", "wall_s", "in_functions_s", "effort",
               "defect_bound", "defects_within", "max_tau_diff"], runs)
    X, tau = problem.unpack(solutions["analytic"])
    t = np.arange(problem.N + 1) * problem.dt
    write_csv(DATA_DIR / "ch36_trajopt.csv", ["t", "q1", "q2", "qd1", "qd2", "tau1", "tau2"],
              [[f"{a:.3f}"] + [f"{v:.4f}" for v in np.concatenate([x, u])]
               for a, x, u in zip(t, X, tau)])


def main(argv):
    part = argv[argv.index("--part") + 1] if "--part" in argv else "all"
    mach = machine("before")
    t0 = time.perf_counter()
    if part in ("roa", "all"):
        part_roa()
    if part in ("trajopt", "all"):
        part_trajopt()
    mach += machine("after")[-1:]
    mach.append(("shared_machine", "yes: other jobs ran on the same 2 cores"))
    mach.append(("part", part))
    mach.append(("study_s", sig_text(time.perf_counter() - t0, 3)))
    if part == "all":
        write_csv(DATA_DIR / "ch36_machine.csv", ["key", "value"], mach)
    print(f"study: {time.perf_counter() - t0:.0f} s", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
