"""The figures and tables of chapter 2.8, drawn from ``chaindyn_book.ch28``.

The scripts ``fig_28_*.py`` save them to ``book/figures`` and ``data``; the
chapter's notebook shows the committed PNGs.  Each ``*_figure`` function
returns a matplotlib Figure; each ``*_rows`` function returns (header, rows)
for a CSV.  Only deterministic numbers (multiplication counts) go into CSV
files; roundoff-level drifts are drawn, not tabulated.
"""

from __future__ import annotations

import numpy as np

from chaindyn.chain import TOL as ROTATION_TOL
from chaindyn_book import ch28

#: Functions drawn in the count figure, with their Korean labels.
COUNT_LABELS = {
    "forward_kinematics": "순기구학 (링크 좌표계 누적)",
    "space_jacobian": "공간 야코비안 (수반 변환 재귀)",
    "space_jacobian_poe": "공간 야코비안 (공간 스크루 축 PoE)",
    "body_jacobian": "물체 야코비안 (후방 재귀)",
    "geometric_jacobian_mdh": "z·p 야코비안 (수정 DH)",
    "link_velocities": "링크 속도 전파 (3차원 벡터)",
    "link_twists": "링크 트위스트 전파 (공간 형태)",
    "space_jacobian_dot": "공간 야코비안의 시간 미분",
    "body_jacobian_dot": "물체 야코비안의 시간 미분",
}


#: Figure width, inches.  The page shows the figures at about this width (the
#: article column of the book's HTML), so a font of FONT pt is read at about
#: FONT pt; the reader's review asked for at least 9 pt at the displayed width.
WIDTH = 7.6
FONT = 10.0


def _plt():
    import _style
    import matplotlib.pyplot as plt

    _style.apply()
    plt.rcParams.update({"font.size": FONT, "axes.titlesize": FONT + 0.5,
                         "axes.labelsize": FONT, "xtick.labelsize": FONT,
                         "ytick.labelsize": FONT, "legend.fontsize": FONT})
    return plt


def _decades(ax):
    """Log-axis tick labels as plain "1e-14": mathtext would draw the minus sign as
    U+2212, which the Korean font lacks."""
    from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

    ax.yaxis.set_major_locator(LogLocator(base=10.0, numticks=12))
    ax.yaxis.set_major_formatter(FuncFormatter(lambda y, _: f"1e{round(np.log10(y)):d}"))
    ax.yaxis.set_minor_formatter(NullFormatter())


def opcount_rows():
    c = ch28.multiplication_counts()
    names = list(COUNT_LABELS)
    header = ["n"] + [f"{k}_R" for k in names] + [f"{k}_P" for k in names]
    rows = [[n] + [c[k][j] for k in names] + [c["prismatic"][k][j] for k in names]
            for j, n in enumerate(c["n"])]
    return header, rows


def opcount_figure():
    plt = _plt()
    c = ch28.multiplication_counts()
    n = np.array(c["n"])
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(WIDTH, 6.0))
    markers = "os^dvx+*<"
    for m, (k, label) in zip(markers, COUNT_LABELS.items()):
        y = np.array(c[k])
        ax1.plot(n, y, marker=m, ms=5, lw=1.2, label=label)
        ax2.semilogx(n, y / n, marker=m, ms=5, lw=1.2, label=label)
    ax1.set_xlabel("링크 수 n")
    ax1.set_ylabel("스칼라 곱셈 횟수 [회]")
    ax1.set_title("호출 1회의 곱셈 횟수")
    ax2.set_xlabel("링크 수 n (로그 눈금)")
    ax2.set_ylabel("링크당 곱셈 횟수 [회/링크]")
    ax2.set_title("n으로 나눈 값")
    handles, labels = ax1.get_legend_handles_labels()
    fig.legend(handles, labels, loc="lower center", ncol=2, frameon=False)
    fig.tight_layout(rect=(0, 0.2, 1, 1))
    return fig


def drift_figure():
    plt = _plt()
    d = ch28.orthonormality_drift()
    i = d["i"]
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(WIDTH, 5.8))
    ax1.semilogy(i, d["float32"], lw=1.0, color="C3", label="float32, 누적 곱만")
    ax1.semilogy(i, d["float32_reorth"], lw=1.0, color="C1",
                 label="float32, 곱할 때마다 재직교화")
    ax1.semilogy(i, d["float64"], lw=1.0, color="C0", label="float64, forward_kinematics")
    ax1.axhline(d["eps32"], color="C3", ls=":", lw=1.0, label="float32 기계 엡실론")
    ax1.axhline(d["eps64"], color="C0", ls=":", lw=1.0, label="float64 기계 엡실론")
    ax1.axhline(ROTATION_TOL, color="0.4", ls="--", lw=1.0, label="Chain의 회전 행렬 검사 허용치")
    ax1.set_xlabel("링크 번호 i")
    ax1.set_ylabel(r"max $|R_{0,i}^{\mathsf{T}} R_{0,i}$ - $I|$ [무차원]")
    ax1.set_title(f"회전의 직교성 이탈 (사슬 {d['chains']}개 중 최대)")
    if d["position_error"] is not None:
        ax2.semilogy(i, np.maximum(d["position_error"], 1e-18), lw=1.0, color="C2",
                     label="float64 위치 오차 (확장 정밀도 기준)")
        ax2.semilogy(i, d["reach"] * d["eps64"], color="0.4", ls="-.", lw=1.0,
                     label=r"원점까지 거리 $\times$ float64 엡실론")
    ax2.set_xlabel("링크 번호 i")
    ax2.set_ylabel(r"max $|p_{0,i}$ - $p_{0,i}^{\mathrm{ext}}|$ [m]")
    ax2.set_title("위치의 반올림 오차")
    for ax in (ax1, ax2):
        _decades(ax)
    h1, l1 = ax1.get_legend_handles_labels()
    h2, l2 = ax2.get_legend_handles_labels()
    fig.legend(h1 + h2, l1 + l2, loc="lower center", ncol=2, frameon=False)
    fig.tight_layout(rect=(0, 0.2, 1, 1))
    return fig
