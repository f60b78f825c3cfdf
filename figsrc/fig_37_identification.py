"""Chapter 3.7: the UR5 identification experiment's figures, from the study's CSVs
(figsrc/study_37_identification.py writes data/ch37_*.csv): the condition number along
the excitation design, the optimised trajectory, predicted and measured torques on the
validation run, the parameter errors with their ±2σ intervals, and the noise sweep
(ch37_condition.png, ch37_excitation.png, ch37_prediction.png, ch37_parameters.png,
ch37_noise.png)."""

import csv

import _style
import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import numpy as np  # noqa: E402
from _cli import DATA_DIR, output_dirs  # noqa: E402


def read(name):
    with open(DATA_DIR / name, encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


def plain_log(ax, axes="xy"):
    """Log-axis tick labels written plainly (0.01, 0.1, 1): mathtext powers would
    draw their minus sign with a glyph the font lacks."""
    from matplotlib.ticker import FixedLocator, FuncFormatter, NullFormatter

    for name in axes:
        axis = getattr(ax, f"{name}axis")
        lo, hi = getattr(ax, f"get_{name}lim")()
        ticks = [v for k in range(-6, 6) for v in (10.0**k, 2 * 10.0**k, 5 * 10.0**k)
                 if lo <= v <= hi]
        axis.set_major_locator(FixedLocator(ticks))
        axis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
        axis.set_minor_formatter(NullFormatter())


def column(rows, key):
    return np.array([float(r[key]) for r in rows])


def condition_figure():
    rows = read("ch37_condition_history.csv")
    it, cond = column(rows, "iteration"), column(rows, "cond")
    ok = np.array([r["within_limits"] == "yes" for r in rows])
    final = {r["trajectory"]: float(r["cond"]) for r in read("ch37_condition.csv")}
    fig, ax = plt.subplots(figsize=(6.4, 3.4))
    ax.semilogy(it, cond, color="0.6", lw=1)
    ax.semilogy(it[ok], cond[ok], "o", ms=4, color="C0", label="한계 안의 반복")
    ax.semilogy(it[~ok], cond[~ok], "x", ms=5, color="C3", label="한계를 벗어난 반복")
    nit = int({r["quantity"]: r["value"] for r in read("ch37_run.csv")}["iterations"])
    ax.semilogy([nit], [final["optimised"]], "*", ms=9, color="C2",
                label="SLSQP가 돌려준 점")
    ax.axhline(final["optimised"], color="C2", ls="--", lw=1, label="고른 궤적")
    plain_log(ax, "y")
    ax.set_xlabel("SLSQP 반복")
    ax.set_ylabel(r"cond$(W_b)$")
    ax.legend(fontsize=8)
    fig.tight_layout()
    return fig


def excitation_figure():
    rows = read("ch37_trajectory.csv")
    t = column(rows, "t")
    fig, axes = plt.subplots(2, 1, figsize=(6.4, 4.6), sharex=True)
    for j in range(6):
        axes[0].plot(t, column(rows, f"q{j + 1}"), lw=1.2, label=f"관절 {j + 1}")
        axes[1].plot(t, column(rows, f"qd{j + 1}"), lw=1.2)
    axes[0].set_ylabel(r"$q$ (rad)")
    axes[1].set_ylabel(r"$\dot q$ (rad/s)")
    axes[1].set_xlabel("시간 (s)")
    axes[0].legend(fontsize=7, ncol=3)
    fig.tight_layout()
    return fig


def prediction_figure():
    rows = read("ch37_prediction.csv")
    t = column(rows, "t")
    fig, axes = plt.subplots(3, 2, figsize=(6.4, 5.6), sharex=True)
    for j, ax in enumerate(axes.T.reshape(-1)):
        ax.plot(t, column(rows, f"meas{j + 1}"), color="0.55", lw=1.6, label="측정(거름)")
        ax.plot(t, column(rows, f"pred{j + 1}"), color="C0", lw=0.9, ls="--", label="예측")
        ax.set_title(f"관절 {j + 1}", fontsize=9)
        ax.set_ylabel(r"$\tau$ (N m)", fontsize=8)
    for ax in axes[-1]:
        ax.set_xlabel("시간 (s)")
    axes[0, 0].legend(fontsize=7)
    fig.tight_layout()
    return fig


def parameters_figure():
    rows = read("ch37_parameters.csv")
    true = column(rows, "true")
    k = np.arange(1, len(rows) + 1)
    fig, axes = plt.subplots(2, 1, figsize=(6.4, 5.0), sharex=True)
    for key, off, color, label in (("ols", -0.17, "C0", "OLS"), ("wls", 0.17, "C1", "WLS")):
        err, std = column(rows, key) - true, column(rows, f"{key}_std")
        axes[0].errorbar(k + off, err, yerr=2 * std, fmt="o", ms=2.5, lw=0.8, color=color,
                         label=label)
        axes[1].plot(k + off, err / std, "o", ms=3, color=color, label=label)
    axes[0].axhline(0.0, color="0.3", lw=0.8)
    axes[0].set_ylabel(r"$\hat\beta_k - \beta_k$ (SI), $\pm 2\sigma_k$")
    axes[1].axhspan(-2, 2, color="0.85")
    axes[1].set_ylabel(r"$(\hat\beta_k - \beta_k) / \sigma_k$")
    axes[1].set_xlabel("기저 파라미터 번호 $k$")
    axes[0].legend(fontsize=8)
    fig.tight_layout()
    return fig


def noise_figure():
    rows = read("ch37_noise.csv")
    levels = sorted({float(r["noise"]) for r in rows})
    fig, axes = plt.subplots(1, 2, figsize=(6.4, 3.2))
    for key, color, label in (("ols", "C0", "OLS"), ("wls", "C1", "WLS"), ("sdp", "C2", "SDP")):
        for ax, what in zip(axes, ("err", "rms")):
            med = [np.median([float(r[f"{key}_{what}"]) for r in rows
                              if float(r["noise"]) == s]) for s in levels]
            ax.loglog(levels, med, marker="o", ms=3, color=color, label=label,
                      ls="-" if key != "sdp" else ":")
    axes[0].set_ylabel(r"$\|\hat\beta - \beta\| / \|\beta\|$")
    axes[1].set_ylabel("토크 오차 RMS (N m)")
    from matplotlib.ticker import FixedLocator, FuncFormatter, NullLocator

    for ax in axes:
        ax.set_xlabel("잡음 배율")
        plain_log(ax, "y")
        ax.xaxis.set_major_locator(FixedLocator(levels))
        ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
        ax.xaxis.set_minor_locator(NullLocator())
    axes[0].legend(fontsize=8)
    fig.tight_layout()
    return fig


def main():
    fig_dir, _ = output_dirs(__doc__)
    _style.apply()
    for name, make in (("condition", condition_figure), ("excitation", excitation_figure),
                       ("prediction", prediction_figure), ("parameters", parameters_figure),
                       ("noise", noise_figure)):
        _style.savefig(make(), fig_dir / f"ch37_{name}.png")


if __name__ == "__main__":
    main()
