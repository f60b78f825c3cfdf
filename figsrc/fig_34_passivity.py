"""Chapter 3.4.3: the energy balance of the 6R arm (ch34_passivity.png), driven by an
arbitrary torque for 2 s (left) and released under a damping torque -D qd (right): the
work W(t) of the joint torques against the change of the mechanical energy E = K + U,
with U measured from its lowest value, and the lower bound -E(0) of W.

Plots the committed results of figsrc/study_34_bounds.py (data/ch34_passivity.csv,
data/ch34_passivity_damped.csv, data/ch34_passivity_summary.csv); computes nothing."""

import csv

import _style
import matplotlib.pyplot as plt
import numpy as np
from _cli import DATA_DIR, output_dirs


def _rows(name):
    with open(DATA_DIR / name, encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def figure():
    _style.apply()
    plt.rcParams["axes.unicode_minus"] = False
    rows = _rows("ch34_passivity.csv")
    summary = {r["quantity"]: r["value"] for r in _rows("ch34_passivity_summary.csv")}
    t = np.array([float(r["t"]) for r in rows])
    K = np.array([float(r["K"]) for r in rows])
    U = np.array([float(r["U_above_min"]) for r in rows])
    W = np.array([float(r["W"]) for r in rows])
    E0 = float(summary["E0_above_min"])
    damped = _rows("ch34_passivity_damped.csv")
    td = np.array([float(r["t"]) for r in damped])
    Ed = np.array([float(r["E_above_min"]) for r in damped])
    Wd = np.array([float(r["W"]) for r in damped])
    fig, (ax, ax2) = plt.subplots(1, 2, figsize=(10.0, 3.8))
    ax.plot(t, K + U - E0, color="C0", linewidth=2.2, label="E(t) - E(0)")
    ax.plot(t, W, color="C3", linewidth=1.0, linestyle="--", label="W(t): 토크가 한 일")
    ax.plot(t, K, color="C2", linewidth=0.9, label="K(t)")
    ax.plot(t, U, color="C1", linewidth=0.9, label="U(t) - U_min")
    ax.axhline(-E0, color="0.3", linewidth=0.8, linestyle=":", label="-E(0): W의 하한")
    ax.set_xlabel("시각 t [s]")
    ax.set_ylabel("에너지 [J]")
    ax.set_title("사인 토크", fontsize=10)
    ax.legend(fontsize=8, ncol=2)
    ax2.plot(td, Ed - E0, color="C0", linewidth=2.2, label="E(t) - E(0)")
    ax2.plot(td, Wd, color="C3", linewidth=1.0, linestyle="--", label="W(t): 토크가 한 일")
    ax2.plot(td, Ed, color="C1", linewidth=0.9, label="E(t) - U_min")
    ax2.axhline(-E0, color="0.3", linewidth=0.8, linestyle=":", label="-E(0): W의 하한")
    ax2.set_xlabel("시각 t [s]")
    ax2.set_title("감쇠 토크 $\\tau = -D\\dot q$", fontsize=10)
    ax2.legend(fontsize=8)
    fig.tight_layout()
    return fig


def main():
    fig_dir, _ = output_dirs(__doc__)
    _style.savefig(figure(), fig_dir / "ch34_passivity.png")


if __name__ == "__main__":
    main()
