"""Chapter 3.5.13: the 6R arm's linear mass ellipsoid at two configurations
(figure ch35w_ellipsoid.png and table ch35w_ellipsoid.csv)."""

import _style
import matplotlib.pyplot as plt
import numpy as np
from _cli import output_dirs, write_csv

from chaindyn import forward_kinematics, models
from chaindyn.quantities import operational_space_inertia

#: Two configurations of the 6R arm (rad): the start of its example motion, and one
#: with the shoulder and elbow turned further, the forearm folded back towards the upper arm.
CONFIGS = {"A": models.ARM6R_START, "B": np.array([-0.65, 0.6, 1.45, -0.60, -0.50, -0.65])}
#: Drawing scale of the ellipsoid, m per kg.
SCALE = 0.012


def ellipsoid(arm, q):
    """Linear Lambda at the origin of {6} in base axes, its eigenvalues and axes."""
    T = forward_kinematics(arm, q)
    R = T[-1, :3, :3]
    Lam = R @ operational_space_inertia(arm, q, rows="linear") @ R.T
    w, V = np.linalg.eigh(0.5 * (Lam + Lam.T))
    return T, w, V


def rows():
    arm = models.arm6r()
    out = []
    for name, q in CONFIGS.items():
        _, w, _ = ellipsoid(arm, q)
        out.append([name, *[float(x) for x in w], float(w[-1] / w[0])])
    return ["config", "lambda_min_kg", "lambda_mid_kg", "lambda_max_kg", "ratio"], out


def figure():
    _style.apply()
    arm = models.arm6r()
    fig = plt.figure(figsize=(9.0, 4.6))
    u, v = np.meshgrid(np.linspace(0, 2 * np.pi, 25), np.linspace(0, np.pi, 13))
    sphere = np.stack([np.cos(u) * np.sin(v), np.sin(u) * np.sin(v), np.cos(v)])
    for k, (name, q) in enumerate(CONFIGS.items()):
        ax = fig.add_subplot(1, 2, k + 1, projection="3d")
        T, w, V = ellipsoid(arm, q)
        pts = np.vstack([np.zeros(3), T[:, :3, 3]])
        ax.plot(*pts.T, "-o", color="0.2", lw=2, ms=3)
        E = (V * (SCALE * w)) @ sphere.reshape(3, -1)
        E = E.reshape(3, *u.shape) + T[-1, :3, 3][:, None, None]
        ax.plot_wireframe(*E, color="tab:blue", lw=0.4)
        for j in range(3):
            seg = np.stack([T[-1, :3, 3], T[-1, :3, 3] + SCALE * w[j] * V[:, j]])
            ax.plot(*seg.T, color="tab:red" if j == 2 else "tab:orange", lw=1.5)
        ax.set_title(f"자세 {name}: 고윳값 {w[0]:.1f}, {w[1]:.1f}, {w[2]:.1f} kg", fontsize=9)
        ax.set_xlabel("x (m)")
        ax.set_ylabel("y (m)")
        ax.set_zlabel("z (m)")
        ax.set_box_aspect((1, 1, 1))
        c = T[-1, :3, 3]
        half = 0.45
        ax.set_xlim(c[0] - half, c[0] + half)
        ax.set_ylim(c[1] - half, c[1] + half)
        ax.set_zlim(max(c[2] - half, -0.1), max(c[2] - half, -0.1) + 2 * half)
        ax.view_init(elev=20, azim=-60)
    fig.tight_layout()
    return fig


def main():
    fig_dir, data_dir = output_dirs(__doc__)
    write_csv(data_dir / "ch35w_ellipsoid.csv", *rows(), decimals=3)
    _style.savefig(figure(), fig_dir / "ch35w_ellipsoid.png")


if __name__ == "__main__":
    main()
