"""Gravity torque of a planar 2R arm over the first joint angle (pipeline page).

Writes ``pipeline_2r_gravity.png`` (figure) and ``pipeline_2r_gravity.csv``
(table, data/) with the torques from ``chaindyn``'s RNEA and from the closed
form, q2 held at 45 degrees.
"""

from __future__ import annotations

import _style
import numpy as np
from _cli import output_dirs, write_csv

import chaindyn
from chaindyn import STANDARD_GRAVITY

# Planar 2R arm in a vertical plane: joint axes along z of {0}, gravity along -y.
M1, M2 = 2.0, 1.0  # link masses, kg
L1, L2 = 0.5, 0.4  # link lengths, m
R1, R2 = 0.25, 0.2  # joint-to-COM distances, m
GRAVITY = (0.0, -STANDARD_GRAVITY, 0.0)
Q2 = np.pi / 4


def planar_2r():
    return chaindyn.models.planar_2r(masses=(M1, M2), lengths=(L1, L2), coms=(R1, R2))


def closed_form(q1, q2):
    g = STANDARD_GRAVITY
    t2 = M2 * R2 * g * np.cos(q1 + q2)
    t1 = (M1 * R1 + M2 * L1) * g * np.cos(q1) + t2
    return t1, t2


def main():
    fig_dir, data_dir = output_dirs(__doc__)
    _style.apply()
    import matplotlib.pyplot as plt

    chain = planar_2r()
    q1 = np.linspace(-np.pi, np.pi, 73)
    q = np.stack([q1, np.full_like(q1, Q2)], axis=-1)
    zero = np.zeros_like(q)
    tau = chaindyn.rnea(chain, q, zero, zero, gravity=GRAVITY)
    t1, t2 = closed_form(q1, Q2)

    rows = [
        (round(float(np.degrees(a))), float(b), float(c), float(d), float(e))
        for a, b, c, d, e in zip(q1, tau[:, 0], tau[:, 1], t1, t2)
    ]
    write_csv(
        data_dir / "pipeline_2r_gravity.csv",
        ["q1_deg", "tau1_rnea_Nm", "tau2_rnea_Nm", "tau1_closed_Nm", "tau2_closed_Nm"],
        rows,
    )

    fig, ax = plt.subplots()
    deg = np.degrees(q1)
    ax.plot(deg, tau[:, 0], color="C0", label=r"$\tau_1$ (RNEA)")
    ax.plot(deg, tau[:, 1], color="C1", label=r"$\tau_2$ (RNEA)")
    ax.plot(deg[::4], t1[::4], "o", color="C0", mfc="none", label=r"$\tau_1$ 닫힌 식")
    ax.plot(deg[::4], t2[::4], "s", color="C1", mfc="none", label=r"$\tau_2$ 닫힌 식")
    ax.set_xlabel(r"관절 1 각도 $q_1$ [deg]  ($q_2 = 45^\circ$)")
    ax.set_ylabel("중력 토크 [N·m]")
    ax.set_title("평면 2R 팔의 중력 토크")
    ax.set_xticks(np.arange(-180, 181, 60))
    ax.legend(loc="upper right", ncol=2, fontsize=8)
    _style.savefig(fig, fig_dir / "pipeline_2r_gravity.png")


if __name__ == "__main__":
    main()
