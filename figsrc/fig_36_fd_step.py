"""Chapter 3.6.2: error of numerical dtau/dq against the step h (figure fd_step.png,
table ch36_fd_step.csv).

The 6R arm at the chapter's state; forward and central differences of ``chaindyn.rnea``
and the complex step of ``ch36.reference_rnea``, each against ``rnea_derivatives``, for
h = 1e-16 .. 1e-1 (four steps a decade).  The errors themselves are roundoff-level at
their best, so the CSV holds only what roundoff cannot change: the theoretical optimal
step (exponent), whether the measured best step is within a factor 100 of it, the slope
of the truncation branch and the bound on the best error with whether it held."""

import _style
import matplotlib.pyplot as plt
from _cli import output_dirs, write_csv
from ch35_figures import _plain_log_ticks

from chaindyn_book import ch36

LABELS = {"forward": "전진 차분", "central": "중심 차분", "complex": "복소 스텝"}
MARKERS = {"forward": "o", "central": "s", "complex": "^"}


def figure(steps, errors):
    _style.apply()
    plt.rcParams["axes.unicode_minus"] = False  # the Korean font has no U+2212
    fig, ax = plt.subplots(figsize=(6.4, 4.0))
    for k in ("forward", "central", "complex"):
        ax.loglog(steps, errors[k], MARKERS[k] + "-", ms=3, lw=1, label=LABELS[k])
    eps = ch36.EPS
    for power, text, color in ((1 / 2, r"$\varepsilon^{1/2}$", "C0"),
                               (1 / 3, r"$\varepsilon^{1/3}$", "C1")):
        ax.axvline(eps ** power, color=color, ls=":", lw=1)
        ax.text(eps ** power * 1.3, 3e-15, text, color=color)
    ax.axhline(eps, color="0.5", ls="--", lw=0.8)
    ax.text(2e-16, eps * 2.5, r"$\varepsilon$", color="0.4")
    ax.set_xlabel("스텝 $h$ (rad)")
    ax.set_ylabel(r"상대 오차 $\max|\Delta| / \max|\partial\tau/\partial q|$")
    ax.set_ylim(1e-17, 1e1)
    _plain_log_ticks(ax)
    ax.grid(True, which="major", lw=0.3)
    ax.legend(loc="upper center")
    fig.tight_layout()
    return fig


def main():
    fig_dir, data_dir = output_dirs(__doc__)
    steps = ch36.FD_STEPS
    errors = ch36.fd_step_errors(steps)
    write_csv(data_dir / "ch36_fd_step.csv", *ch36.fd_step_summary(steps, errors))
    _style.savefig(figure(steps, errors), fig_dir / "fd_step.png")


if __name__ == "__main__":
    main()
