"""Chapter 3.1.7: the heavy symmetric top on a fixed pivot: the azimuth of its axis
against the slow-precession line, the path of the axis seen from above, and the
measured mean precession rate against ψ̇ = m g ℓ / (I₃ ω₃) for several spins
(ch31_top.png and table ch31_top.csv)."""

import _style
import matplotlib.pyplot as plt
from _cli import output_dirs, write_csv

from chaindyn_book import ch31_motion as C

#: The spin whose nutation the figure shows (rad/s).
SHOWN = C.TOP_SPINS[0]


def rows():
    out = [[s, f, m, r] for s, f, m, r in C.top_table()]
    return ["spin_rad_s", "formula_rad_s", "measured_rad_s", "ratio"], out


def figure():
    _style.apply()
    run = C.top_run(SHOWN)
    t, s = run["t"], run["R"][:, :, 2]
    phi = run["phi"] - run["phi"][0]
    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(9.0, 3.8))
    ax1.plot(t, phi, color="tab:blue", lw=1.3, label="적분한 방위각 $\\psi(t) - \\psi(0)$")
    ax1.plot(t, run["formula"] * t, color="tab:red", lw=1.0, ls="--",
             label="$\\dot\\psi t$, $\\dot\\psi = m\\mathrm{g}\\ell/(I_3\\omega_3)$")
    ax1.plot(t, run["rate"] * t, color="0.3", lw=0.8, ls=":", label="측정한 평균 세차")
    ax1.set_xlabel("시간 $t$ (s)")
    ax1.set_ylabel("대칭축의 방위각 변화 (rad)")
    ax1.set_title(f"$\\omega_3$ = {SHOWN:.0f} rad/s", fontsize=10)
    ax1.legend(fontsize=8, loc="upper left")
    ax2.plot(s[:, 0], s[:, 1], color="tab:blue", lw=0.9)
    ax2.plot(s[0, 0], s[0, 1], "o", color="tab:red", ms=4)
    ax2.set_aspect("equal")
    ax2.set_xlabel("$\\hat s_x$")
    ax2.set_ylabel("$\\hat s_y$")
    ax2.set_title("위에서 본 대칭축 끝의 자취(빨간 점: 시작)", fontsize=10)
    fig.tight_layout()
    return fig


def main():
    fig_dir, data_dir = output_dirs(__doc__)
    write_csv(data_dir / "ch31_top.csv", *rows(), decimals=4)
    _style.savefig(figure(), fig_dir / "ch31_top.png")


if __name__ == "__main__":
    main()
