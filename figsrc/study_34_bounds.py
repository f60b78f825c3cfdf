"""Chapter 3.4's study (about a minute; not part of `make figures`): bounds of the equations of
motion over joint space, and a passivity simulation.

For the 6R arm, UR5 and Panda: the eigenvalue bounds lambda_min I <= M(q) <= lambda_max I,
k_g = max ||g(q)|| and k_c = max_q max_{|u| = 1} ||C(q, u)||_2, each by 10^4 uniform samples
and then L-BFGS-B from the 8 best samples (chaindyn_book.ch34.search_extreme).  Only the
joints that M (or g) depends on are searched: q_1 never (M is independent of it, and g too
when the first axis is vertical), and a last joint whose link is symmetric about its axis
neither (the sensitivities are written to the file).  For the 6R arm also the lowest
potential energy U_min and a 2 s simulation with an arbitrary torque (the energy balance).

Writes data/ch34_bounds.csv (one row per robot and quantity), data/ch34_eigen_hist.csv
(histograms of the sampled eigenvalues, log10 bins), data/ch34_passivity.csv (the time
series) and data/ch34_passivity_summary.csv.  Values with four significant digits
(fixed_sig); the energy balance error only as its bound and whether it held.

    python figsrc/study_34_bounds.py [--quick]
"""

import sys
import time

import numpy as np
from _cli import DATA_DIR, write_csv
from _numbers import fixed, sig_text

from chaindyn.composite import crba
from chaindyn_book import ch34

SAMPLES, STARTS, BINS, T_SIM = 10_000, 8, 30, 2.0
#: The damping torque -D qd of the second passivity run (N m s per joint; the wrist's
#: small values keep its time constants I/D above about 0.05 s) and its duration (s).
DAMPING, T_DAMPED = np.array([10.0, 10.0, 4.0, 0.05, 0.05, 0.005]), 5.0
ROBOT_NAMES = ("6R 팔", "UR5", "Panda")


def _free(sens):
    """The joints a function depends on: sensitivity above roundoff."""
    return [k for k, s in enumerate(sens) if s > 1e-9]


def _embed(n, free):
    def q_of(X):
        Q = np.zeros((X.shape[0], n))
        Q[:, free] = X
        return Q
    return q_of


def bounds(name, samples, starts):
    chain = ch34.robot(name)
    n = chain.n
    sens_M = ch34.joint_sensitivity(chain, crba)
    sens_g = ch34.joint_sensitivity(chain, lambda c, q: ch34.gravity_torque(c, q, ch34.GRAVITY))
    free_M, free_g = _free(sens_M), _free(sens_g)
    qM, qg = _embed(n, free_M), _embed(n, free_g)
    box = np.pi * np.ones(len(free_M))
    rows, hist = [], []
    lam = {}
    for which, sign, col in (("lambda_min", -1.0, 0), ("lambda_max", 1.0, -1)):
        r = ch34.search_extreme(lambda X, col=col: ch34.mass_eigenvalues(chain, qM(X))[:, col],
                                -box, box, samples, starts, seed=col, sign=sign)
        lam[which] = r
    kg = ch34.search_extreme(lambda X: ch34.gravity_norm(chain, qg(X)),
                             -np.pi * np.ones(len(free_g)), np.pi * np.ones(len(free_g)),
                             samples, starts, seed=2)
    d = len(free_M)

    def kc_fun(X):
        return ch34.coriolis_gain(chain, qM(X[:, :d]), X[:, d:])

    kc = ch34.search_extreme(kc_fun, np.r_[-box, -np.ones(n)], np.r_[box, np.ones(n)],
                             samples, starts, seed=3)
    free_txt = {"M": " ".join(str(k + 1) for k in free_M),
                "g": " ".join(str(k + 1) for k in free_g)}
    for q_name, r, unit, joints in (("lambda_min", lam["lambda_min"], "kg m^2", free_txt["M"]),
                                    ("lambda_max", lam["lambda_max"], "kg m^2", free_txt["M"]),
                                    ("k_g", kg, "N m", free_txt["g"]),
                                    ("k_c", kc, "kg m^2", free_txt["M"])):
        rows.append([name, n, q_name, unit, joints, samples, starts, sig_text(r["sampled"], 4),
                     sig_text(r["optimised"], 4)])
    for which, r in lam.items():
        logs = np.log10(r["values"])
        edges = np.linspace(fixed(logs.min() - 0.05, 2), fixed(logs.max() + 0.05, 2), BINS + 1)
        counts, _ = np.histogram(logs, bins=edges)
        hist += [[name, which, f"{lo:.4f}", f"{hi:.4f}", int(c)]
                 for lo, hi, c in zip(edges[:-1], edges[1:], counts)]
    sens = [[name, k + 1, sig_text(sens_M[k], 2) if sens_M[k] > 1e-9 else "0",
             sig_text(sens_g[k], 2) if sens_g[k] > 1e-9 else "0"] for k in range(n)]
    return rows, hist, sens


def torque(t):
    """An arbitrary joint torque for the 6R arm (N m): sines of different periods."""
    amp = np.array([8.0, 20.0, 10.0, 2.0, 1.0, 0.5])
    freq = np.array([0.7, 1.1, 1.3, 1.7, 2.3, 2.9])  # Hz
    phase = np.array([0.0, 0.5, 1.0, 1.5, 2.0, 2.5])
    return amp * np.sin(2 * np.pi * freq * t + phase)


def passivity(samples, starts):
    chain = ch34.robot("6R 팔")
    n = chain.n
    umin = ch34.search_extreme(lambda X: ch34.potential_energy(chain, np.c_[np.zeros(len(X)), X]),
                               -np.pi * np.ones(n - 1), np.pi * np.ones(n - 1), samples, starts,
                               seed=4, sign=-1.0)
    U_min = umin["optimised"]
    q0 = np.array([0.0, -0.6, 0.9, 0.0, 0.4, 0.0])
    run = ch34.passivity_run(chain, lambda t, q, qd: torque(t), T_SIM, q0, np.zeros(n),
                             samples=201)
    damped = ch34.passivity_run(chain, lambda t, q, qd: -DAMPING * qd, T_DAMPED, q0,
                                np.zeros(n), samples=201, rtol=1e-10, atol=1e-10)
    E0 = run["E"][0] - U_min  # E measured from the lowest potential energy, >= 0
    series = [[_t(t), sig_text(K, 6) if K else "0", sig_text(U - U_min, 6),
               sig_text(W, 6) if W else "0"]
              for t, K, U, W in zip(run["t"], run["K"], run["U"], run["W"])]
    series_damped = [[_t(t), sig_text(E - U_min, 6), sig_text(W, 6) if W else "0"]
                     for t, E, W in zip(damped["t"], damped["E"], damped["W"])]
    summary = [
        ["U_min", "J", sig_text(U_min, 6)],
        ["E0_above_min", "J", sig_text(E0, 6)],
        ["W_min", "J", sig_text(run["W"].min(), 6)],
        ["W_final", "J", sig_text(run["W"][-1], 6)],
        ["duration", "s", f"{T_SIM:g}"],
        ["balance_bound", "1", f"{ch34.BOUNDS['passivity']:.0e}"],
        ["balance_holds", "1", str(run["balance"] <= ch34.BOUNDS["passivity"])],
        ["passive_holds", "1", str(bool(run["W"].min() >= -E0))],
        ["damping", "N m s", " ".join(f"{d:g}" for d in DAMPING)],
        ["damped_duration", "s", f"{T_DAMPED:g}"],
        ["damped_W_final", "J", sig_text(damped["W"][-1], 6)],
        ["damped_E_final_above_min", "J", sig_text(damped["E"][-1] - U_min, 6)],
        ["damped_balance_holds", "1", str(damped["balance"] <= ch34.BOUNDS["passivity"])],
        ["damped_passive_holds", "1", str(bool(damped["W"].min() >= -E0))],
    ]
    print(f"passivity: balance {run['balance']:.1e}, {run['nfev']} evaluations", flush=True)
    return series, series_damped, summary


def _t(t):
    return f"{fixed(t, 3):.3f}"


def main(argv):
    quick = "--quick" in argv
    samples, starts = (500, 2) if quick else (SAMPLES, STARTS)
    t0 = time.perf_counter()
    rows, hist, sens = [], [], []
    for name in ROBOT_NAMES:
        r, h, s = bounds(name, samples, starts)
        rows += r
        hist += h
        sens += s
        print(f"{name}: {time.perf_counter() - t0:.0f} s", flush=True)
    write_csv(DATA_DIR / "ch34_bounds.csv",
              ["robot", "n", "quantity", "unit", "joints_searched", "samples", "starts",
               "sampled", "optimised"], rows)
    write_csv(DATA_DIR / "ch34_eigen_hist.csv", ["robot", "which", "log10_lo", "log10_hi",
                                                 "count"], hist)
    write_csv(DATA_DIR / "ch34_sensitivity.csv", ["robot", "joint", "M", "g"], sens)
    series, series_damped, summary = passivity(samples, starts)
    write_csv(DATA_DIR / "ch34_passivity.csv", ["t", "K", "U_above_min", "W"], series)
    write_csv(DATA_DIR / "ch34_passivity_damped.csv", ["t", "E_above_min", "W"], series_damped)
    write_csv(DATA_DIR / "ch34_passivity_summary.csv", ["quantity", "unit", "value"], summary)
    print(f"total: {time.perf_counter() - t0:.0f} s", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
