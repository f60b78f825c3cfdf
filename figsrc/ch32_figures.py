"""The figures and tables of chapter 3.2, drawn from ``chaindyn_book.ch32``.

The scripts ``fig_32_*.py`` save them to ``book/figures`` and ``data``; the
chapter's notebooks show the same figures by calling the same functions
(``sys.path.insert(0, "../figsrc")``).  Each ``*_figure`` function returns a
matplotlib Figure; each ``*_rows`` function returns (header, rows) for a CSV.
"""

from __future__ import annotations

import numpy as np

from chaindyn_book import ch32

JOINT_COLORS = ["C0", "C1", "C2", "C3", "C4", "C5"]


def _plt():
    import _style
    import matplotlib.pyplot as plt

    _style.apply()
    return plt


# ---------------------------------------------------------------- ③ counts
def opcount_rows():
    c = ch32.multiplication_counts()
    header = ["n", "rnea_revolute", "rnea_prismatic", "mass_matrix_columns", "rnea_all_mults",
              "classic_all_mults"]
    rows = [
        [n, r, p, "" if m is None else m, a, k]
        for n, r, p, m, a, k in zip(c["n"], c["rnea"], c["rnea_prismatic"], c["mass_matrix"],
                                    c["rnea_all"], c["classic_all"])
    ]
    return header, rows


def opcount_figure():
    plt = _plt()
    c = ch32.multiplication_counts()
    n = np.array(c["n"])
    fig, ax = plt.subplots(figsize=(6.4, 4.2))
    ax.loglog(n, c["rnea"], "o-", label="RNEA 1회, 회전 관절 (행렬 곱과 내적의 곱셈만)")
    ax.loglog(n, c["rnea_prismatic"], "s--", label="RNEA 1회, 직동 관절 (행렬 곱과 내적의 곱셈만)")
    m = [(k, v) for k, v in zip(c["n"], c["mass_matrix"]) if v is not None]
    ax.loglog([k for k, _ in m], [v for _, v in m], "^-", label="M(q) 열 구성 (n회 호출)")
    ax.loglog(n, c["rnea_all"], "d:", label="공간 형태, 모든 곱셈")
    ax.loglog(n, c["classic_all"], "x:", label="3차원 벡터 형태, 모든 곱셈")
    nn = np.geomspace(1, 64, 50)
    ax.loglog(nn, 357 * nn, color="0.6", lw=0.8, label=r"$357\,n$")
    ax.loglog(nn[nn <= 16], 357 * nn[nn <= 16] ** 2, color="0.6", lw=0.8, ls="--",
              label=r"$357\,n^2$")
    ax.set_xlabel("링크 수 n")
    ax.set_ylabel("스칼라 곱셈 횟수 [회]")
    ax.set_title("RNEA와 질량행렬 열 구성의 곱셈 횟수")
    ax.legend(fontsize=7.5, loc="upper left")
    fig.tight_layout()
    return fig


# ---------------------------------------------------------------- ④ torque split
def torque_split_figure():
    plt = _plt()
    d = ch32.trajectory_terms()
    t = d["t"]
    fig, axes = plt.subplots(3, 2, figsize=(7.6, 8.0), sharex=True)
    for j, ax in enumerate(axes.flat):
        ax.plot(t, d["tau"][:, j], color="k", lw=1.6, label="전체 τ")
        ax.plot(t, d["gravity"][:, j], color="C0", lw=1.1, label="중력 g(q)")
        ax.plot(t, d["velocity"][:, j], color="C1", lw=1.1, label="속도곱 C(q, q̇)q̇")
        ax.plot(t, d["inertial"][:, j], color="C2", lw=1.1, label="관성 M(q)q̈")
        ax.set_title(f"관절 {j + 1}", fontsize=9)
        ax.set_ylabel("토크 [N·m]")
    for ax in axes[-1]:
        ax.set_xlabel("시간 t [s]")
    handles, labels = axes[0, 0].get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=4, fontsize=8.5, frameon=False)
    fig.suptitle("예제 6R 팔의 궤적 토크와 세 항의 분해")
    fig.tight_layout(rect=(0, 0.04, 1, 1))
    return fig


def torque_maxima_rows():
    f = ch32.trajectory_findings()
    header = ["joint", "tau_max_Nm", "t_tau_max_s", "gravity_max_Nm", "velocity_max_Nm",
              "inertial_max_Nm", "nongravity_max_Nm"]
    rows = [[r["joint"], r["tau_max"], r["t_tau_max"], r["gravity_max"], r["velocity_max"],
             r["inertial_max"], r["nongravity_max"]] for r in f["table"]]
    return header, rows


# ---------------------------------------------------------------- ⑤ reactions
def reactions_figure():
    plt = _plt()
    d = ch32.reaction_loads()
    t = d["t"]
    fig, axes = plt.subplots(3, 2, figsize=(7.6, 8.0), sharex=True)
    for j in range(3):
        axm, axf = axes[j]
        axm.plot(t, np.abs(d["drive"][:, j]), color="k", lw=1.4, label="구동 토크 |n·ŵ|")
        axm.plot(t, d["tipping"][:, j], color="C3", lw=1.2, label="전도 모멘트")
        axm.set_ylabel("모멘트 [N·m]")
        axm.set_title(f"관절 {j + 1}: 모멘트", fontsize=9)
        axf.plot(t, np.abs(d["axial"][:, j]), color="C0", lw=1.2, label="축 방향 힘 |f·ŵ|")
        axf.plot(t, d["radial"][:, j], color="C1", lw=1.2, label="반경 방향 힘")
        if j == 0:
            axf.axhline(d["weight"], color="0.5", ls="--", lw=0.9, label="팔 총중량")
        axf.set_ylabel("힘 [N]")
        axf.set_title(f"관절 {j + 1}: 힘", fontsize=9)
    hm, lm = axes[0, 0].get_legend_handles_labels()
    hf, lf = axes[0, 1].get_legend_handles_labels()
    fig.legend(hm + hf, lm + lf, loc="lower center", ncol=3, fontsize=8.5, frameon=False)
    for ax in axes[-1]:
        ax.set_xlabel("시간 t [s]")
    fig.suptitle("관절 반력 렌치: 구동 성분과 베어링이 지탱하는 성분")
    fig.tight_layout(rect=(0, 0.06, 1, 1))
    return fig


def reaction_maxima_rows():
    f = ch32.reaction_findings()
    header = ["joint", "drive_max_Nm", "tipping_max_Nm", "axial_max_N", "radial_max_N"]
    rows = [[r["joint"], r["drive_max"], r["tipping_max"], r["axial_max"], r["radial_max"]]
            for r in f["table"]]
    return header, rows


# ---------------------------------------------------------------- ① identity table
def identity_rows():
    """One row per chain: the deterministic columns as numbers, each roundoff-level
    column as its bound and whether it held (README, "Reproducibility")."""
    bounds = ch32.IDENTITY_BOUNDS
    header = ["n", "joints"]
    for key in bounds:
        header += [f"{key}_bound", f"{key}_holds"]
    header += ["min_cholesky_pivot", "max_torque"]
    rows = []
    for r in ch32.identity_table():
        row = [r["n"], r["joints"]]
        for key, bound in bounds.items():
            row += [f"{bound:.0e}", bool(r[key] <= bound)]
        rows.append(row + [r["min_cholesky_pivot"], r["max_torque"]])
    return header, rows


# ---------------------------------------------------------------- ⑥ and the reproduction table
def library_agreement_rows():
    """The library cross-check of §3.2.5 ⑥ (chaindyn_book.crosscheck): for each quantity
    the relative bound and whether the measured difference held to it."""
    from chaindyn_book import crosscheck

    header = ["library", "version", "quantity", "models", "bound", "holds"]
    rows = [[r["library"], r["version"], r["quantity"], r["models"], f"{r['bound']:.0e}",
             r["holds"]] for r in crosscheck.library_agreement()]
    return header, rows


def reproduction_rows():
    """The reproduction table of appendix C.2: the specification text's value, this build's value
    where it is deterministic (a count or a trajectory finding), the bound and whether it holds."""
    header = ["item", "spec_value", "this_build", "bound", "holds"]
    rows = [[r["item"], r["seed"], "" if r["kind"] == "roundoff" else r["value"],
             r["bound"], r["holds"]] for r in ch32.reproduction_table()]
    return header, rows
