"""Chapter 3.4.1: histograms of the sampled extreme eigenvalues of M(q) for the 6R arm, UR5
and Panda, with the optimised bounds marked (ch34_eigen.png).

Plots the committed results of figsrc/study_34_bounds.py (data/ch34_eigen_hist.csv,
data/ch34_bounds.csv); computes nothing."""

import csv

import _style
import matplotlib.pyplot as plt
import numpy as np
from _cli import DATA_DIR, output_dirs
from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

ROBOTS = ("6R 팔", "UR5", "Panda")
LABEL = {"lambda_min": "가장 작은 고윳값 λ_min", "lambda_max": "가장 큰 고윳값 λ_max"}


def _rows(name):
    with open(DATA_DIR / name, encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def figure():
    _style.apply()
    plt.rcParams["axes.unicode_minus"] = False
    hist, bounds = _rows("ch34_eigen_hist.csv"), _rows("ch34_bounds.csv")
    fig, axes = plt.subplots(2, len(ROBOTS), figsize=(9.0, 5.2))
    for col, robot in enumerate(ROBOTS):
        for row, which in enumerate(("lambda_min", "lambda_max")):
            ax = axes[row, col]
            rs = [r for r in hist if r["robot"] == robot and r["which"] == which]
            lo = np.array([float(r["log10_lo"]) for r in rs])
            hi = np.array([float(r["log10_hi"]) for r in rs])
            count = np.array([int(r["count"]) for r in rs])
            ax.bar(10**lo, count, width=10**hi - 10**lo, align="edge", color="0.6",
                   edgecolor="0.3", linewidth=0.4)
            b = next(r for r in bounds if r["robot"] == robot and r["quantity"] == which)
            ax.axvline(float(b["optimised"]), color="C3", linewidth=1.2,
                       label="최적화한 극값")
            ax.set_xscale("log")
            if hi[-1] - lo[0] < 1.0:  # less than a decade: three ticks inside the range
                ticks = [float(f"{x:.2g}") for x in np.geomspace(10**lo[0], 10**hi[-1], 5)[1:4]]
                ax.set_xticks(ticks)
                ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _: f"{x:.2g}"))
            else:
                ax.xaxis.set_major_locator(LogLocator(subs=(1.0, 2.0, 5.0)))
                ax.xaxis.set_major_formatter(FuncFormatter(lambda x, _: f"{x:g}"))
            ax.xaxis.set_minor_formatter(NullFormatter())
            ax.set_title(f"{robot}: {LABEL[which]}", fontsize=9)
            ax.tick_params(labelsize=8)
            ax.set_xlabel("kg·m²", fontsize=8)
            if col == 0:
                ax.set_ylabel("표본 수", fontsize=8)
    axes[0, 0].legend(fontsize=7, loc="upper right")
    fig.tight_layout()
    return fig


def main():
    fig_dir, _ = output_dirs(__doc__)
    _style.savefig(figure(), fig_dir / "ch34_eigen.png")


if __name__ == "__main__":
    main()
