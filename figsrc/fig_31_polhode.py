"""Chapter 3.1.6: polhodes of the box on one energy ellipsoid, the separatrix through the
intermediate axis, and one momentum ellipsoid cutting the energy ellipsoid
(ch31_polhode.png)."""

import _style
import matplotlib.pyplot as plt
import numpy as np
from _cli import output_dirs

from chaindyn_book import ch31_motion as C


def ellipsoid(semi, n=(37, 19)):
    u, v = np.meshgrid(np.linspace(0, 2 * np.pi, n[0]), np.linspace(0, np.pi, n[1]))
    return (semi[0] * np.cos(u) * np.sin(v), semi[1] * np.sin(u) * np.sin(v),
            semi[2] * np.cos(v))


def figure():
    _style.apply()
    G = C.box_spatial_inertia()
    moments = np.diag(G[:3, :3])
    runs, K = C.polhode_runs()
    semi = np.sqrt(2 * K / moments)
    fig = plt.figure(figsize=(9.0, 4.4))
    # left: polhodes on the energy ellipsoid
    ax = fig.add_subplot(1, 2, 1, projection="3d")
    ax.plot_wireframe(*ellipsoid(semi), color="0.75", lw=0.3)
    for w in runs:
        for sign in (1.0, -1.0):  # the mirror image is a polhode too (ω -> -ω)
            ax.plot(*(sign * w.T), color="tab:blue", lw=1.0)
    k = C.separatrix_slope(moments)
    s = np.linspace(0, 2 * np.pi, 400)
    for sign in (1.0, -1.0):
        # the plane ω₃ = ±k ω₁ cut with the ellipsoid: an ellipse through ±ω₂ axis
        a = np.sqrt(2 * K / (moments[0] + moments[2] * k * k))
        ax.plot(a * np.cos(s), semi[1] * np.sin(s), sign * k * a * np.cos(s), color="tab:red",
                lw=1.6)
    for j in range(3):
        e = np.zeros(3)
        e[j] = 1.15 * semi[j]
        ax.plot(*np.stack([-e, e]).T, color="0.3", lw=0.8)
        ax.text(*e, f"$\\omega_{j + 1}$", fontsize=9)
    ax.set_title("에너지 타원체 위의 폴호드(파랑)와 분리선(빨강)", fontsize=9)
    # right: one momentum ellipsoid |I ω| = L cutting the energy ellipsoid
    ax2 = fig.add_subplot(1, 2, 2, projection="3d")
    ax2.plot_surface(*ellipsoid(semi, (49, 25)), color="tab:blue", alpha=0.25, lw=0)
    w = runs[1]
    L = float(np.linalg.norm(moments * w[0]))
    ax2.plot_wireframe(*ellipsoid(L / moments, (37, 19)), color="tab:orange", lw=0.3)
    for sign in (1.0, -1.0):
        ax2.plot(*(sign * w.T), color="k", lw=1.6)
    ax2.set_title("운동량 타원체(주황)와 에너지 타원체(파랑)의 교선", fontsize=9)
    for a_ in (ax, ax2):
        lim = 1.12 * semi
        a_.set_xlim(-lim[0], lim[0])
        a_.set_ylim(-lim[1], lim[1])
        a_.set_zlim(-lim[2], lim[2])
        a_.set_box_aspect(tuple(lim), zoom=1.1)
        a_.set_xlabel("$\\omega_1$ (rad/s)", fontsize=8)
        a_.set_ylabel("$\\omega_2$ (rad/s)", fontsize=8)
        a_.set_zlabel("$\\omega_3$ (rad/s)", fontsize=8)
        a_.tick_params(labelsize=7)
        a_.view_init(elev=22, azim=-55)
    fig.tight_layout()
    return fig


def main():
    fig_dir, _ = output_dirs(__doc__)
    _style.savefig(figure(), fig_dir / "ch31_polhode.png")


if __name__ == "__main__":
    main()
