"""The figures and tables of chapter 3.3, drawn from ``chaindyn_book.ch33``.

``fig_33_*.py`` and ``tab_33_*.py`` save them to ``book/figures`` and ``data``;
the chapter shows the same figures by calling the same functions.  The growth
figure reads ``data/study33_*.csv`` (written by ``study_33_closed_form.py``,
which takes minutes and is not part of ``make figures``).
"""

from __future__ import annotations

import numpy as np

from chaindyn_book import ch33


def _plt():
    import _style
    import matplotlib.pyplot as plt

    _style.apply()
    return plt


# ---------------------------------------------------------------- ① skew-symmetry
def skew_rows():
    """One row per chain: the roundoff-level columns as bound and holds, the
    Newton-Euler defect (O(1), deterministic) rounded to 2 significant digits."""
    from _numbers import fixed_sig

    bound = f"{ch33.BOUNDS['skew']:.0e}"
    header = ["chain", "n", "christoffel_skew_bound", "christoffel_skew_holds",
              "cqd_agree_bound", "cqd_agree_holds", "cqd_vs_rnea_bound", "cqd_vs_rnea_holds",
              "newton_euler_skew_defect"]
    rows = [[r["name"], r["n"], bound, bool(r["christoffel"] <= ch33.BOUNDS["skew"]), bound,
             bool(r["cqd_agree"] <= ch33.BOUNDS["skew"]), bound,
             bool(r["cqd_rnea"] <= ch33.BOUNDS["skew"]), fixed_sig(r["newton_euler"], 2)]
            for r in ch33.skew_table()]
    return header, rows


# ---------------------------------------------------------------- energy balance
def energy_figure():
    plt = _plt()
    d = ch33.energy_balance()
    t = d["t"]
    fig, (ax, bx) = plt.subplots(2, 1, figsize=(6.6, 5.6), sharex=True)
    ax.plot(t, d["power"], color="k", lw=2.2, label=r"관절 일률 $\tau^{\mathrm{T}}\dot q$ (RNEA)")
    ax.plot(t, d["dEdt"], color="C1", lw=1.0, ls="--",
            label=r"$d(\mathcal{K}+\mathcal{U})/dt$ ($M$, $\dot M$, $g$에서)")
    ax.axhline(0.0, color="0.6", lw=0.6)
    ax.set_ylabel("일률 [W]")
    ax.legend(fontsize=8.5, loc="best")
    bx.plot(t, d["K"], color="C0", lw=1.3, label=r"운동 에너지 $\mathcal{K}$")
    bx.plot(t, d["P"] - d["P"][0], color="C2", lw=1.3,
            label=r"위치 에너지의 변화 $\mathcal{U}-\mathcal{U}(0)$")
    bx.set_xlabel("시간 t [s]")
    bx.set_ylabel("에너지 [J]")
    bx.legend(fontsize=8.5, loc="best")
    fig.suptitle("6R 팔의 예제 궤적에서 에너지 균형")
    fig.tight_layout()
    return fig


# ---------------------------------------------------------------- ③ growth
def growth_figure():
    plt = _plt()
    from matplotlib.ticker import FixedLocator, NullLocator, ScalarFormatter

    gr = ch33.growth()
    gr_se = ch33.growth(engine="symengine")
    fig, axes = plt.subplots(1, 2, figsize=(8.8, 4.8), sharey=True)
    for ax, (fam, title) in zip(axes, (("planar", "평면 nR (기호 파라미터)"),
                                       ("spatial", "공간 nR (수치 파라미터)"))):
        d, e = gr[fam], gr_se[fam]
        n = d["n"]
        ax.loglog(n, d["tau_ops"], "o-", color="C3", label="τ의 count_ops (cse 전)")
        ax.loglog(n, d["tau_ops_cse"], "s-", color="C1", label="τ의 count_ops (cse 뒤)")
        ax.loglog(n, d["tau_mults_cse"], "^-", color="C0", label="생성 코드의 곱셈 (cse 뒤)")
        ax.loglog(e["n"], e["tau_mults_cse"], "^", color="C0", mfc="none", ms=7,
                  label="같은 곱셈, symengine으로 유도")
        nn = np.geomspace(n[0], n[-1], 30)
        ax.loglog(nn, d["a_mults"] * nn ** d["k_mults"], color="C0", lw=0.8, ls=":",
                  label=f"맞춘 곡선 $\\propto n^{{{d['k_mults']:.1f}}}$")
        ne = e["n"]
        ax.loglog(ne, e["rnea_all"], "d--", color="k", label='RNEA, 규칙 "all"')
        ax.loglog(ne, e["rnea_structured_all"], "x--", color="0.45",
                  label='rnea_structured, 규칙 "all"')
        ax.set_title(title, fontsize=10)
        ax.set_xlabel("링크 수 n")
        ax.xaxis.set_major_locator(FixedLocator([k for k in (1, 2, 3, 4, 6, 8, 12) if k <= ne[-1]]))
        ax.xaxis.set_minor_locator(NullLocator())
        ax.xaxis.set_major_formatter(ScalarFormatter())
        ax.legend(fontsize=6.8, loc="upper left")
    axes[0].set_ylabel("연산 수 / 곱셈 수 [회]")
    fig.suptitle("닫힌 형식 라그랑주 식의 크기와 RNEA의 곱셈 수")
    fig.tight_layout()
    return fig
