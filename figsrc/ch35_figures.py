"""The figures and tables of chapter 3.5, drawn from ``chaindyn_book.ch35`` and from the
committed results of ``figsrc/study_35_numerics.py`` (the long numerical study).

Each ``*_figure`` function returns a matplotlib Figure; each ``*_rows`` function
returns (header, rows) for a CSV.
"""

from __future__ import annotations

import csv

import numpy as np
from _cli import DATA_DIR
from _numbers import fixed_sig

from chaindyn_book import ch35

STUDY = ("ch35_condition.csv", "ch35_errors.csv", "ch35_mass_ratio.csv")


def _plt():
    import _style
    import matplotlib.pyplot as plt

    _style.apply()
    plt.rcParams["axes.unicode_minus"] = False  # the Korean font has no U+2212
    return plt


def _plain_log_ticks(*axes):
    """Log axes labelled 0.01, 1, 1e+06 ... without mathtext powers (whose minus sign the
    Korean font lacks)."""
    from matplotlib.ticker import FuncFormatter, NullFormatter

    fmt = FuncFormatter(lambda v, _: f"{v:g}" if 1e-3 <= v < 1e4 else f"{v:.0e}")
    for ax in axes:
        for axis in (ax.xaxis, ax.yaxis):
            if axis.get_scale() == "log":
                axis.set_major_formatter(fmt)
                axis.set_minor_formatter(NullFormatter())


def read_study(name, data_dir=DATA_DIR):
    """Rows of one of the study's committed CSVs, numbers as floats."""
    with open(data_dir / name, encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    for r in rows:
        for k, v in r.items():
            try:
                r[k] = float(v)
            except ValueError:
                pass
    return rows


# ---------------------------------------------------------------- counts
def opcount_rows():
    c = ch35.multiplication_counts()
    keys = ["mass_matrix", "crba", "aba", "forward_dynamics", "crba_s", "aba_s", "rnea_s",
            "chol", "crba_pub", "aba_pub"]
    header = ["n", "mass_matrix_products", "crba_products", "aba_products",
              "forward_dynamics_products", "crba_structured_all", "aba_structured_all",
              "rnea_structured_all", "cholesky_factor_formula", "crba_published",
              "aba_published"]
    rows = [[n] + ["" if c[k][i] is None else c[k][i] for k in keys]
            for i, n in enumerate(c["n"])]
    return header, rows


def opcount_figure():
    plt = _plt()
    c = ch35.multiplication_counts()
    n = np.array(c["n"])
    route = [cr + r + ch + k * (k - 1) for k, cr, r, ch in
             zip(c["n"], c["crba_s"], c["rnea_s"], c["chol"])]
    fig, axes = plt.subplots(1, 2, figsize=(9.6, 4.2))
    ax = axes[0]
    m = [(k, v) for k, v in zip(c["n"], c["mass_matrix"]) if v is not None]
    ax.loglog([k for k, _ in m], [v for _, v in m], "^-", label="M: RNEA n회 (밀집)")
    ax.loglog(n, c["crba"], "o-", label="M: crba (밀집)")
    ax.loglog(n, c["crba_s"], "s-", label="M: crba_structured")
    ax.loglog(n[n >= 2], np.array(c["crba_pub"])[n >= 2], "k:", label="RBDA 표 10.1: 10n²+22n−32")
    ax.set_title("질량 행렬")
    ax = axes[1]
    ax.loglog(n, c["aba"], "o-", label="ABA (밀집)")
    ax.loglog(n, c["aba_s"], "s-", label="aba_structured")
    ax.loglog(n[n >= 2], np.array(c["aba_pub"])[n >= 2], "k:", label="RBDA 표 10.1: 224n−259")
    ax.loglog(n, route, "d--", label="CRBA + RNEA + Cholesky (구조 활용)")
    ax.set_title("순동역학")
    for ax in axes:
        ax.set_xlabel("관절 수 n (회전 관절)")
        ax.set_ylabel("스칼라 곱셈 횟수 [회]")
        ax.legend(fontsize=7.5, loc="upper left")
    _plain_log_ticks(*axes)
    fig.tight_layout()
    return fig


# ---------------------------------------------------------------- numerics (from the study)
def numerics_figure(data_dir=DATA_DIR):
    plt = _plt()
    cond = read_study(STUDY[0], data_dir)
    err = read_study(STUDY[1], data_dir)
    ratio = read_study(STUDY[2], data_dir)
    fig, axes = plt.subplots(1, 3, figsize=(12.0, 4.0))
    ax = axes[0]
    rnd = [r for r in cond if r["chain"] == "random"]
    ax.loglog([r["n"] for r in rnd], [r["cond"] for r in rnd], "o", ms=4, label="임의 사슬")
    for case, mk in (("stretched", "s-"), ("folded", "^-")):
        rr = [r for r in cond if r["chain"] == "planar" and r["case"] == case]
        label = "평면 막대 사슬, " + ("펼친 자세" if case == "stretched" else "접힌 자세")
        ax.loglog([r["n"] for r in rr], [r["cond"] for r in rr], mk, ms=4, label=label)
    ax.set_xlabel("관절 수 n")
    ax.set_ylabel("cond(M)")
    ax.set_title("질량 행렬의 조건수")
    ax.legend(fontsize=7.5)
    ax = axes[1]
    for key, mk, label in (("fwd_aba", "o", "ABA (밀집)"), ("fwd_aba_s", "x", "aba_structured"),
                           ("fwd_chol", "s", "CRBA + Cholesky")):
        ax.loglog([r["cond"] for r in err], [max(r[key + "_eps"], 1e-2) for r in err], mk,
                  ms=5, mfc="none", label=f"전방 오차, {label}")
    ax.loglog([r["cond"] for r in err], [max(r["bwd_chol_eps"], 1e-2) for r in err], ".",
              color="0.5", label="후방 오차 (RNEA 잔차), Cholesky")
    cs = np.geomspace(min(r["cond"] for r in err), max(r["cond"] for r in err), 20)
    ax.loglog(cs, cs, "k:", lw=0.8, label="cond(M) ε")
    ax.set_xlabel("cond(M)")
    ax.set_ylabel("오차 / ε")
    ax.set_title("n = 2..32, 정지 상태의 q̈")
    ax.legend(fontsize=7)
    ax = axes[2]
    x = [r["ratio"] for r in ratio]
    ax.loglog(x, [r["cond"] for r in ratio], "k-", label="cond(M)")
    for key, mk, label in (("fwd_aba", "o-", "ABA 전방"), ("fwd_chol", "s-", "Cholesky 전방"),
                           ("bwd_aba", "o:", "ABA 후방"), ("bwd_chol", "s:", "Cholesky 후방")):
        ax.loglog(x, [max(r[key + "_eps"], 1e-2) for r in ratio], mk, ms=4, mfc="none",
                  label=label + " / ε")
    ax.set_xlabel("끝 링크 질량 / 첫 링크 질량")
    ax.set_title("질량비 (6R 임의 사슬)")
    ax.legend(fontsize=7)
    _plain_log_ticks(*axes)
    fig.tight_layout()
    return fig


# ---------------------------------------------------------------- simulation
def release_figure():
    plt = _plt()
    d = ch35.release_simulation()
    fig, axes = plt.subplots(1, 2, figsize=(9.6, 3.8))
    for j in range(d["q"].shape[1]):
        axes[0].plot(d["t"], d["q"][:, j], lw=1.2, label=f"관절 {j + 1}")
    axes[0].set_xlabel("시간 t [s]")
    axes[0].set_ylabel("q [rad]")
    axes[0].set_title("중력 아래에서 놓은 6R 팔 (ABA, DOP853)")
    axes[0].legend(fontsize=7.5, ncol=2)
    drift = (d["energy"] - d["energy"][0]) / d["ke_max"]
    axes[1].plot(d["t"], drift, color="C3", lw=1.2)
    axes[1].set_xlabel("시간 t [s]")
    axes[1].set_ylabel("(E(t) - E(0)) / 최대 운동 에너지")
    axes[1].set_title("에너지 표류")
    axes[1].ticklabel_format(axis="y", style="sci", scilimits=(0, 0))
    fig.tight_layout()
    return fig


def tracking_figure():
    plt = _plt()
    with_ = ch35.computed_torque(1.10)
    without = ch35.computed_torque(1.0)
    fig, axes = plt.subplots(1, 2, figsize=(9.6, 3.8), sharex=True)
    for j in range(6):
        axes[0].plot(with_["t"], 1e3 * with_["error"][:, j], lw=1.2, label=f"관절 {j + 1}")
        axes[1].plot(without["t"], 1e3 * without["error"][:, j], lw=1.2)
    axes[0].set_title("끝 링크 +10 % (제어기는 모름)")
    axes[1].set_title("모델이 정확할 때")
    axes[1].ticklabel_format(axis="y", style="sci", scilimits=(0, 0))
    for ax in axes:
        ax.set_xlabel("시간 t [s]")
        ax.set_ylabel("추종 오차 q_d - q [mrad]")
        ax.axvline(0.6, color="0.6", lw=0.8, ls="--")
    axes[0].legend(fontsize=7.5, ncol=2)
    fig.tight_layout()
    return fig


def tracking_rows():
    header = ["payload_factor", "max_error_mrad", "joint", "time_s", "final_error_mrad"]
    r = ch35.computed_torque(1.10)
    return header, [[1.1, fixed_sig(1e3 * r["max_error"], 3), r["max_joint"],
                     r["max_time"], fixed_sig(1e3 * r["final_error"], 3)]]


# ---------------------------------------------------------------- tables
def crosscheck_rows():
    header = ["quantity", "reference", "models", "bound", "holds"]
    return header, [[r["quantity"], r["reference"], r["models"], f"{r['bound']:.0e}",
                     r["holds"]] for r in ch35.crosscheck_table()]


def reproduction_rows():
    header = ["item", "published", "this_build", "criterion", "holds"]
    return header, [[r["item"], r["published"], r["value"], r["criterion"], r["holds"]]
                    for r in ch35.reproduction_table()]
