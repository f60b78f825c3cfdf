"""Chapter 3.1.6: the box spun about its intermediate axis, tumbling: an animation
(ch31_tumble.gif, for the HTML pages) and a filmstrip of six of its frames
(ch31_tumble_strip.png, for the PDF).

The box is drawn from R(t) of the run in :func:`chaindyn_book.ch31_motion.box_run`,
in space axes turned so that the constant angular momentum points up; beside it the
body-frame ω(t) with the current instant marked.  The GIF is written by matplotlib's
PillowWriter; its frames are rendered by Agg, so a second run gives the same bytes.
"""

import _style
import matplotlib.pyplot as plt
import numpy as np
from _cli import output_dirs
from matplotlib.animation import FuncAnimation, PillowWriter
from mpl_toolkits.mplot3d.art3d import Poly3DCollection

from chaindyn.spatial import rot_x
from chaindyn_book import ch31_motion as C

#: Length of the animation (s of the run) and frames per second (played in real time).
DURATION, FPS = 9.6, 10
#: The instants of the filmstrip (s).
STRIP = (0.0, 2.6, 3.0, 3.2, 3.5, 6.0)
#: Space axes of the drawing: the run's space y axis (the direction of L) drawn up.
VIEW = rot_x(np.pi / 2)
FACES = ((0, 1, 3, 2), (4, 5, 7, 6), (0, 1, 5, 4), (2, 3, 7, 6), (0, 2, 6, 4), (1, 3, 7, 5))
#: Face colours: the two faces normal to x share one, those normal to z another; the two
#: faces normal to the intermediate axis y differ (-y orange, +y red), so that the flip shows.
COLORS = ("tab:blue", "tab:blue", "tab:orange", "tab:red", "tab:green", "tab:green")


def corners():
    a, b, c = (0.5 * d for d in C.BOX["dims"])
    return np.array([[x, y, z] for x in (-a, a) for y in (-b, b) for z in (-c, c)])


def run():
    return C.integrate(C.box_spatial_inertia(), np.eye(3), C.spin_initial(1), DURATION,
                       int(round(DURATION * FPS)) + 1)


def draw_box(ax, R):
    P = corners() @ (VIEW @ R).T
    poly = Poly3DCollection([P[list(f)] for f in FACES], facecolors=COLORS, edgecolors="k",
                            linewidths=0.6, alpha=0.9)
    ax.add_collection3d(poly)
    # the body y axis (intermediate): an arrow through the box
    y = VIEW @ R @ np.array([0.0, 0.16, 0.0])
    ax.plot(*np.stack([-y, y]).T, color="k", lw=1.5)
    return poly


def setup_box_axes(ax, lim=0.17):
    for f in (ax.set_xlim, ax.set_ylim, ax.set_zlim):
        f(-lim, lim)
    ax.set_box_aspect((1, 1, 1))
    ax.set_axis_off()
    ax.view_init(elev=18, azim=-60)


def animation_figure(r):
    fig = plt.figure(figsize=(7.2, 3.2))
    ax = fig.add_subplot(1, 2, 1, projection="3d")
    ax2 = fig.add_subplot(1, 2, 2)
    t, w = r["t"], r["omega"] / C.SPIN
    for j, color in enumerate(("tab:blue", "tab:orange", "tab:green")):
        ax2.plot(t, w[:, j], color=color, lw=1.2, label=f"$\\omega_{j + 1}$")
    marker = ax2.axvline(0.0, color="k", lw=0.8)
    ax2.set_xlabel("시간 $t$ (s)")
    ax2.set_ylabel("$\\omega_j / \\omega_0$")
    ax2.set_ylim(-1.1, 1.1)
    ax2.legend(fontsize=8, loc="lower left", ncol=3)
    fig.tight_layout()
    ax.set_position([0.0, 0.0, 0.46, 0.9])
    label = fig.text(0.23, 0.93, "", ha="center", fontsize=9)

    def frame(k):
        ax.cla()
        setup_box_axes(ax)
        draw_box(ax, r["R"][k])
        label.set_text(f"t = {t[k]:.1f} s")
        marker.set_xdata([t[k], t[k]])
        return []

    return fig, frame


def strip_figure():
    r = C.integrate(C.box_spatial_inertia(), np.eye(3), C.spin_initial(1), STRIP[-1], 601)
    fig = plt.figure(figsize=(9.0, 1.9))
    for k, ts in enumerate(STRIP):
        i = int(np.argmin(np.abs(r["t"] - ts)))
        ax = fig.add_subplot(1, len(STRIP), k + 1, projection="3d")
        setup_box_axes(ax, 0.12)
        draw_box(ax, r["R"][i])
        w2 = r["omega"][i, 1] / C.SPIN
        ax.set_title(f"t = {r['t'][i]:.1f} s\n$\\omega_2/\\omega_0$ = {w2:+.2f}", fontsize=8)
    fig.subplots_adjust(left=0.0, right=1.0, bottom=0.0, top=0.8, wspace=0.0)
    return fig


def main():
    fig_dir, _ = output_dirs(__doc__)
    _style.apply()
    r = run()
    fig, frame = animation_figure(r)
    anim = FuncAnimation(fig, frame, frames=len(r["t"]), blit=False)
    anim.save(fig_dir / "ch31_tumble.gif", writer=PillowWriter(fps=FPS), dpi=80)
    plt.close(fig)
    _style.savefig(strip_figure(), fig_dir / "ch31_tumble_strip.png")


if __name__ == "__main__":
    main()
