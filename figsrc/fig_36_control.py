"""Chapter 3.6.5: the LQR-balanced upright 2R arm from a perturbed start (nonlinear closed
loop with the torque limit against the linear model; ch36_lqr_sim.png) and its region of
attraction on the grid of initial offsets, from figsrc/study_36_control.py's
data/ch36_roa.csv, with and without the torque limit (ch36_roa.png).  No CSV is written."""

import csv

import _style
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from _cli import DATA_DIR, output_dirs  # noqa: E402

from chaindyn import models  # noqa: E402
from chaindyn_book import ch36_control as C  # noqa: E402


def read_roa(path=None):
    """The grid axis d and the verdicts (m, m) of both cases, dq1 along rows."""
    with open(path or DATA_DIR / "ch36_roa.csv", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    d1 = np.array([float(r["dq1"]) for r in rows])
    d = np.unique(d1)
    m = len(d)
    out = {k: np.array([r[f"inside_{k}"] == "1" for r in rows]).reshape(m, m)
           for k in ("limited", "free")}
    return d, out


def sim_figure():
    arm = models.planar_2r()
    A, B, K = C.upright_lqr(arm)
    t, x, tau = C.simulate(arm, K, C.SIM_START, C.SIM_TIME, tau_max=C.TAU_MAX)
    x_lin, tau_lin = C.linear_response(A, B, K, C.SIM_START, t)
    fig, (a1, a2) = plt.subplots(2, 1, figsize=(7.2, 5.6), sharex=True)
    for j, c in ((0, "C0"), (1, "C3")):
        a1.plot(t, x[:, j], color=c, lw=2, label=f"$\\delta q_{j + 1}$, 비선형, 토크 한계")
        a1.plot(t, x_lin[:, j], "--", color=c, lw=1.2, label=f"$\\delta q_{j + 1}$, 선형 모델")
        a2.plot(t, tau[:, j], color=c, lw=2, label=f"$\\tau_{j + 1}$, 비선형, 토크 한계")
        a2.plot(t, tau_lin[:, j], "--", color=c, lw=1.2, label=f"$\\tau_{j + 1}$, 선형 모델")
        for s in (1, -1):
            a2.axhline(s * C.TAU_MAX[j], color=c, lw=0.8, ls=":")
    a1.set_ylabel("관절 각도의 편차 [rad]")
    a2.set_ylabel("관절 토크 [N·m]")
    a2.set_xlabel("시간 [s]")
    a2.set_ylim(-1.6 * C.TAU_MAX[0], 1.6 * C.TAU_MAX[0])
    a1.legend(fontsize=8, ncol=2)
    a2.legend(fontsize=8, ncol=2, loc="lower right")
    a1.set_title("똑바로 선 2R 팔의 LQR 제어 (아래의 가는 가로줄: 토크 한계)", fontsize=11)
    fig.tight_layout()
    return fig


def roa_figure():
    arm = models.planar_2r()
    d, verdict = read_roa()
    h = d[1] - d[0]
    fine = np.linspace(d[0], d[-1], 241)
    F1, F2 = np.meshgrid(fine, fine, indexing="ij")
    tau = C.static_torque(arm, np.stack([F1, F2], -1))
    hold = np.max(np.abs(tau) / C.TAU_MAX, axis=-1)
    fig, axes = plt.subplots(1, 2, figsize=(9.6, 4.8), sharey=True)
    titles = {"limited": "토크 한계 있음", "free": "토크 한계 없음"}
    for ax, key in zip(axes, ("limited", "free")):
        ax.imshow(verdict[key].T.astype(float), origin="lower", cmap="Greys", vmin=0, vmax=1.6,
                  extent=(d[0] - h / 2, d[-1] + h / 2, d[0] - h / 2, d[-1] + h / 2),
                  interpolation="nearest")
        ax.contour(F1, F2, hold, levels=[1.0], colors="C3", linewidths=1.2)
        ax.plot(*C.SIM_START[:2], "o", color="C0", ms=5)
        ax.set_title(titles[key], fontsize=11)
        ax.set_xlabel("$\\delta q_1$ [rad]")
        ax.set_aspect("equal")
        ax.grid(False)
    axes[0].set_ylabel("$\\delta q_2$ [rad]")
    fig.suptitle("끌림 영역: 회색은 수렴한 출발점, 빨간 선은 정지 유지 토크가 한계와 같은 곳",
                 fontsize=10)
    fig.tight_layout()
    return fig


def main():
    fig_dir, _ = output_dirs(__doc__)
    _style.apply()
    _style.savefig(sim_figure(), fig_dir / "ch36_lqr_sim.png")
    _style.savefig(roa_figure(), fig_dir / "ch36_roa.png")


if __name__ == "__main__":
    main()
