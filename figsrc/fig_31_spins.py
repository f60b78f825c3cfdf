"""Chapter 3.1.6: the angular velocity of the box, in its body frame, for spins about
the axes of the smallest, intermediate and largest principal moment (ch31_spins.png)."""

import _style
import matplotlib.pyplot as plt
from _cli import output_dirs

from chaindyn_book import ch31_motion as C

TITLES = ("가장 작은 관성 모멘트의 축($x$)", "중간 축($y$)", "가장 큰 관성 모멘트의 축($z$)")


def figure():
    _style.apply()
    fig, axes = plt.subplots(3, 1, figsize=(7.0, 6.4), sharex=True)
    for k, (ax, run) in enumerate(zip(axes, C.three_spins())):
        for j, (name, color) in enumerate(zip("xyz", ("tab:blue", "tab:orange", "tab:green"))):
            ax.plot(run["t"], run["omega"][:, j] / C.SPIN, color=color, lw=1.2,
                    label=f"$\\omega_{j + 1}$ ({name})")
        ax.set_title(f"{TITLES[k]} 둘레로 회전", fontsize=10)
        ax.set_ylabel("$\\omega_j / \\omega_0$")
        ax.set_ylim(-1.15, 1.15)
    axes[0].legend(loc="center right", fontsize=8, ncol=3)
    axes[-1].set_xlabel("시간 $t$ (s)")
    fig.tight_layout()
    return fig


def main():
    fig_dir, _ = output_dirs(__doc__)
    _style.savefig(figure(), fig_dir / "ch31_spins.png")


if __name__ == "__main__":
    main()
