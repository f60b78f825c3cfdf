"""Pictures of the book's chains drawn from their kinematics (chapter 3.2).

Every point, frame and axis in these figures comes from the chain itself:
frame poses from :func:`chaindyn.kinematics.forward_kinematics`, joint axes
from the screw axes ``chain.screws`` carried into {0}, twists from
:func:`chaindyn.inverse_dynamics.link_twists`, joint wrenches from
:func:`chaindyn.inverse_dynamics.joint_wrenches`.  What is chosen by hand is named where it
is chosen: the view angles, the positions of text labels, the lengths of the
drawn axes, the gravity arrow's place and the illustrative tip wrench
``PLANAR_TIP_WRENCH``.

The scripts ``fig_32_*.py`` save the figures to ``book/figures``; each
``*_figure`` function returns a matplotlib Figure.
"""

from __future__ import annotations

import numpy as np

from chaindyn import models
from chaindyn.chain import Chain
from chaindyn.inverse_dynamics import joint_wrenches, link_twists
from chaindyn.kinematics import forward_kinematics
from chaindyn.spatial import spatial_inertia
from chaindyn.urdf import chain_from_urdf
from chaindyn_book import ch32, crosscheck

#: colours of a frame's x, y, z axes
AXIS_COLORS = ("C3", "C2", "C0")
LINK_COLOR = "0.35"


def _plt():
    import _style
    import matplotlib.pyplot as plt

    _style.apply()
    return plt


def joint_axis(T, A):
    """A joint's axis in {0}: (a point on it nearest to the frame origin, unit direction).

    ``T`` is the pose T_{0,i} of {i}, ``A = (w, u)`` the screw axis in {i}.  For a
    revolute joint the point nearest to {i}'s origin is ``w x u`` (since
    ``u = -w x r``); a prismatic joint (``w = 0``) slides along ``u`` through the origin.
    """
    R, p = T[:3, :3], T[:3, 3]
    w, u = A[:3], A[3:]
    if np.linalg.norm(w) > 0.5:
        return p + R @ np.cross(w, u), R @ w
    return p, R @ u


def _triad3(ax, T, length, label=None, lw=1.6, ls="-", alpha=1.0, label_offset=(0, 0, 0)):
    o = T[:3, 3]
    for k in range(3):
        e = o + length * T[:3, k]
        ax.plot(*zip(o, e), ls, color=AXIS_COLORS[k], lw=lw, alpha=alpha)
    if label:
        ax.text(*(o + np.asarray(label_offset)), label, fontsize=8.5, color="k")


def _set_equal_3d(ax, pts, pad=0.08):
    """A cube around the points, so that lengths along x, y and z look alike."""
    from matplotlib.ticker import MaxNLocator

    centre = (pts.min(axis=0) + pts.max(axis=0)) / 2
    half = float(np.ptp(pts, axis=0).max()) / 2 + pad
    ax.set_xlim(centre[0] - half, centre[0] + half)
    ax.set_ylim(centre[1] - half, centre[1] + half)
    ax.set_zlim(centre[2] - half, centre[2] + half)
    ax.set_box_aspect((1.0, 1.0, 1.0))
    ax.set_proj_type("ortho")
    for axis in (ax.xaxis, ax.yaxis, ax.zaxis):
        axis.set_major_locator(MaxNLocator(4))


def _axis_legend(ax, extra=()):
    from matplotlib.lines import Line2D

    handles = [Line2D([], [], color=c, lw=1.6, label=f"${a}_i$ 축")
               for c, a in zip(AXIS_COLORS, "xyz")]
    handles += list(extra)
    ax.figure.legend(handles=handles, fontsize=8.5, loc="lower center", ncol=len(handles),
                     frameon=False)


# ------------------------------------------------------------------ the 6R arm
def arm6r_skeleton(T, elbow_a):
    """Base, link-frame origins and the elbow corner of the 6R arm, in {0} (m)."""
    elbow = T[2] @ np.array([elbow_a, 0.0, 0.0, 1.0])
    return np.array([np.zeros(3), T[0, :3, 3], T[1, :3, 3], T[2, :3, 3], elbow[:3],
                     T[3, :3, 3], T[5, :3, 3]])


def arm6r_poses():
    """The two poses drawn: q = 0 and the last sample (the end pose) of the trajectory of
    3.2.5.2 (used in 3.2.5.6)."""
    traj = ch32.trajectory_terms()
    return [(np.zeros(6), "홈 자세 $q = 0$"),
            (traj["q"][-1], f"예제 궤적의 끝 자세 ($t$ = {traj['t'][-1]:.2f} s)")]


def arm6r_frames_figure():
    """The 6R arm at its home pose and at the trajectory's end, with every {i} and joint axis."""
    from matplotlib.lines import Line2D

    plt = _plt()
    arm = models.arm6r()
    rows = models.arm6r_table()
    fig = plt.figure(figsize=(10.0, 5.4))
    all_pts = []
    data = []
    for q, title in arm6r_poses():
        T = forward_kinematics(arm, q)
        P = arm6r_skeleton(T, rows[3]["a"])
        data.append((q, title, T, P))
        all_pts.append(P)
    all_pts = np.concatenate(all_pts)
    # {4} and {5} share an origin (wrist centre): their labels are moved apart
    offsets = {4: (0.0, 0.0, 0.05), 5: (0.0, 0.0, -0.06)}
    for j, (_q, title, T, P) in enumerate(data, 1):
        ax = fig.add_subplot(1, 2, j, projection="3d")
        ax.plot(*P.T, "-", color=LINK_COLOR, lw=3.0, solid_capstyle="round")
        _triad3(ax, np.eye(4), 0.1, "{0}", lw=2.0, label_offset=(0.02, -0.06, -0.05))
        for i in range(arm.n):
            c, d = joint_axis(T[i], arm.screws[i])
            ax.plot(*zip(c - 0.12 * d, c + 0.12 * d), ":", color="k", lw=1.0)
            _triad3(ax, T[i], 0.07, f"{{{i + 1}}}",
                    label_offset=offsets.get(i + 1, (0.02, 0.02, 0.02)))
        _set_equal_3d(ax, all_pts, pad=0.04)
        ax.set_xlabel("$x_0$ [m]")
        ax.set_ylabel("$y_0$ [m]")
        ax.set_zlabel("$z_0$ [m]")
        ax.view_init(elev=20, azim=-60)
        ax.set_title(title, fontsize=10.5)
        if j == 1:
            _axis_legend(ax, [Line2D([], [], color="k", ls=":", lw=1.0, label="관절 축 ($z_i$)"),
                              Line2D([], [], color=LINK_COLOR, lw=3.0, label="링크")])
    fig.suptitle("예제 6R 팔의 링크 좌표계 {i}와 관절 축 (forward_kinematics로 계산)")
    fig.subplots_adjust(left=0.0, right=0.97, bottom=0.08, top=0.9, wspace=0.08)
    return fig


# ------------------------------------------------------------------ URDF robots
def urdf_chains():
    """(name, Chain) of the three example-robot-data robots of 3.2.5.8.5."""
    out = []
    for name in crosscheck.ROBOTS:
        path, tip = crosscheck.robot_urdf(name)
        out.append((name, chain_from_urdf(path, tip_link=tip)))
    return out


def urdf_robots_figure():
    """UR5, Panda and the Talos left arm as stick figures with frames and joint axes.

    Solid: the pose of 3.2.5.8.5's gravity-torque table (``crosscheck.GRAVITY_POSES``),
    with every frame {i} and joint axis; grey dashed: the same robot at q = 0.
    """
    from matplotlib.lines import Line2D

    plt = _plt()
    chains = urdf_chains()
    fig = plt.figure(figsize=(10.5, 4.9))
    for j, (name, chain) in enumerate(chains, 1):
        T = forward_kinematics(chain, crosscheck.GRAVITY_POSES[name])
        T0 = forward_kinematics(chain, np.zeros(chain.n))
        P = np.vstack([np.zeros(3), T[:, :3, 3]])
        P0 = np.vstack([np.zeros(3), T0[:, :3, 3]])
        size = float(np.ptp(np.vstack([P, P0]), axis=0).max())
        ax = fig.add_subplot(1, len(chains), j, projection="3d")
        ax.plot(*P0.T, "--", color="0.6", lw=1.4)
        ax.plot(*P.T, "-o", color=LINK_COLOR, lw=2.6, ms=3.5)
        _triad3(ax, np.eye(4), 0.12 * size, "{0}", lw=2.0)
        for i in range(chain.n):
            c, d = joint_axis(T[i], chain.screws[i])
            ax.plot(*zip(c - 0.1 * size * d, c + 0.1 * size * d), "-", color="k", lw=1.0,
                    alpha=0.8)
            _triad3(ax, T[i], 0.07 * size, lw=1.2)
        ax.text(*T[-1, :3, 3], f"  {{{chain.n}}}", fontsize=8.5)
        _set_equal_3d(ax, np.vstack([P, P0]), pad=0.04 * size)
        ax.set_xlabel("$x_0$ [m]", fontsize=8)
        ax.set_ylabel("$y_0$ [m]", fontsize=8)
        ax.set_zlabel("$z_0$ [m]", fontsize=8)
        ax.tick_params(labelsize=7)
        ax.view_init(elev=18, azim=-55)
        ax.set_title(f"{name} (관절 {chain.n}개)", fontsize=10.5)
        if j == 1:
            _axis_legend(ax, [Line2D([], [], color="k", lw=1.0, label="관절 축 $A_i$"),
                              Line2D([], [], color=LINK_COLOR, lw=2.6, marker="o", ms=3.5,
                                     label="중력 토크 표의 자세"),
                              Line2D([], [], color="0.6", ls="--", lw=1.4, label="$q = 0$")])
    fig.suptitle("URDF에서 읽은 세 로봇 (urdf.chain_from_urdf, forward_kinematics)")
    fig.subplots_adjust(left=0.0, right=0.98, bottom=0.1, top=0.9, wspace=0.12)
    return fig


# ------------------------------------------------------------------ planar drawings
def _triad2(ax, T, length, label, ls="-", alpha=1.0, lw=1.8, label_at=(-0.2, -0.25)):
    o = T[:2, 3]
    for k in range(2):
        e = T[:2, k]
        ax.annotate("", xy=o + length * e, xytext=o, alpha=alpha,
                    arrowprops=dict(arrowstyle="-|>", color=AXIS_COLORS[k], lw=lw, ls=ls,
                                    shrinkA=0, shrinkB=0))
        ax.text(*(o + 1.12 * length * e), "xy"[k], color=AXIS_COLORS[k], fontsize=8,
                ha="center", va="center", alpha=alpha)
    ax.text(*(o + length * np.asarray(label_at)), label, fontsize=9.5, ha="center",
            va="center", alpha=alpha)


def _spin(ax, centre, radius, sign, color, label, start=20.0, label_at=(1.3, 1.3)):
    """A circular arrow about z (out of the page): counter-clockwise if sign > 0."""
    from matplotlib.patches import FancyArrowPatch

    a0, a1 = np.radians(start), np.radians(start + 250.0)
    if sign < 0:
        a0, a1 = a1, a0
    p0 = centre + radius * np.array([np.cos(a0), np.sin(a0)])
    p1 = centre + radius * np.array([np.cos(a1), np.sin(a1)])
    rad = -0.9 if sign < 0 else 0.9
    ax.add_patch(FancyArrowPatch(p0, p1, connectionstyle=f"arc3,rad={rad}", color=color,
                                 arrowstyle="-|>", mutation_scale=11, lw=1.4))
    ax.text(*(centre + radius * np.asarray(label_at)), label, color=color, fontsize=8.5)


def _axis_dot(ax, c, size=0.025):
    from matplotlib.patches import Circle

    ax.add_patch(Circle(c, size, facecolor="white", edgecolor="k", lw=1.0, zorder=5))
    ax.plot(*c, "k.", ms=3, zorder=6)


def planar_2r_state():
    """The 2R arm and the state of 3.2.5.3.1's worked example (first random state)."""
    ex = ch32.closed_form_check()["example"]
    return models.planar_2r(**ch32.PLANAR_2R), ex["q"], ex["qd"]


#: The tip wrench drawn in the 2R figure, in {2} = {n}: (moment, force), N m and N.
#: Only an illustration of where f_tip enters; 3.2.5.3.1 compares with F_tip = 0.
PLANAR_TIP_WRENCH = np.array([0.0, 0.0, 0.0, 0.0, -4.0, 0.0])


def planar_2r_figure():
    """Planar 2R of 3.2.5.3.1: frames {0}, {1}, {2}, twists V_1, V_2, gravity and F_tip."""
    plt = _plt()
    chain, q, qd = planar_2r_state()
    L1, L2 = ch32.PLANAR_2R["lengths"]
    T = forward_kinematics(chain, q)
    V = link_twists(chain, q, qd)
    o1, o2 = T[0, :2, 3], T[1, :2, 3]
    tip = (T[1] @ np.array([L2, 0.0, 0.0, 1.0]))[:2]
    fig, ax = plt.subplots(figsize=(7.6, 4.6))
    ax.plot(*np.array([o1, o2, tip]).T, "-", color=LINK_COLOR, lw=5, solid_capstyle="round",
            zorder=2)
    for c in (o1, o2):
        _axis_dot(ax, c)
    ax.plot(*tip, "o", color="k", ms=7, zorder=4)  # point mass m_2 at r_2 = L_2
    _triad2(ax, np.eye(4), 0.16, "{0}", ls="--", alpha=0.55, label_at=(-0.35, 0.3))
    _triad2(ax, T[0], 0.2, "{1}", label_at=(-0.2, -0.35))
    _triad2(ax, T[1], 0.2, "{2} = {n}", label_at=(0.75, -0.55))
    # twists: angular parts about z, linear part of V_2 (velocity of {2}'s origin), in {0}
    w1, w2 = V[0, 2], V[1, 2]
    _spin(ax, o1, 0.07, np.sign(w1), "C4", f"$\\omega_1$ = {w1:.2f} rad/s")
    _spin(ax, o2, 0.07, np.sign(w2), "C4", f"$\\omega_2$ = {w2:.2f} rad/s", label_at=(0.6, 2.2))
    v2 = T[1, :3, :3] @ V[1, 3:]
    scale = 0.12  # m per (m/s)
    ax.annotate("", xy=o2 + scale * v2[:2], xytext=o2,
                arrowprops=dict(arrowstyle="-|>", color="C4", lw=1.8, shrinkA=0, shrinkB=0))
    ax.text(*(o2 + scale * v2[:2] * 1.05), f"$v_2$ ({np.linalg.norm(v2):.2f} m/s)  ", color="C4",
            fontsize=8.5, va="center", ha="right")
    # the tip wrench, applied at {2}'s origin and written in {2}
    f_tip = T[1, :3, :3] @ PLANAR_TIP_WRENCH[3:]
    fscale = 0.04  # m per N
    ax.annotate("", xy=o2 + fscale * f_tip[:2], xytext=o2,
                arrowprops=dict(arrowstyle="-|>", color="C1", lw=2.2, shrinkA=0, shrinkB=0))
    ax.text(*(o2 + fscale * f_tip[:2] * 1.1), "$f_{\\mathrm{tip}}$ (예시)", color="C1",
            fontsize=9, ha="center", va="top")
    # gravity
    g0 = np.array([-0.55, 0.35])
    ax.annotate("", xy=g0 + [0, -0.2], xytext=g0,
                arrowprops=dict(arrowstyle="-|>", color="0.2", lw=1.6))
    ax.text(g0[0] + 0.03, g0[1] - 0.1,
            "$\\mathfrak{g} = (0, -\\mathrm{g}, 0)$\n(기저 가속도 $-\\mathfrak{g}$로 넣음)",
            fontsize=8.5)
    for a, b, name in ((o1, o2, "링크 1"), (o2, tip, "링크 2")):
        u = (b - a) / np.linalg.norm(b - a)
        ax.text(*((a + b) / 2 + 0.06 * np.array([-u[1], u[0]])), name, fontsize=9, ha="center",
                va="center", rotation=np.degrees(np.arctan2(u[1], u[0])))
    ax.text(*tip, f"   $m_2$ (질량 중심, $r_2 = L_2$ = {L2:g} m)", fontsize=8.5, va="center")
    ax.text(0.02, 0.02,
            f"$q$ = ({q[0]:.3f}, {q[1]:.3f}) rad,  $\\dot q$ = ({qd[0]:.3f}, {qd[1]:.3f}) rad/s\n"
            "⊙: 관절 축 $A_i$ = (0, 0, 1, 0, 0, 0), 지면에서 나오는 $z$ 방향",
            transform=ax.transAxes, fontsize=8.5, va="bottom")
    pts = np.array([o1, o2, tip, o2 + scale * v2[:2], o2 + fscale * f_tip[:2], g0])
    ax.set_xlim(pts[:, 0].min() - 0.3, pts[:, 0].max() + 0.6)
    ax.set_ylim(pts[:, 1].min() - 0.3, pts[:, 1].max() + 0.25)
    ax.set_aspect("equal")
    ax.set_xlabel("$x_0$ [m]")
    ax.set_ylabel("$y_0$ [m] (위쪽)")
    ax.set_title("평면 2R 팔: 좌표계, 트위스트, 말단 렌치 (예제 ①의 첫 상태)")
    fig.tight_layout()
    return fig


def notation_chain(L=0.6, d=0.25):
    """Two links, i-1 and i, in a plane; {i}'s origin lies off joint i's axis.

    Frame {i-1} sits on joint i-1's axis; joint i is ``L`` ahead of it; {i} is
    put ``d`` further along link i, so that ``A_i = (0, 0, 1, 0, d, 0)`` has a
    non-zero linear part (3.2.3.1: {i} may sit anywhere on link i).
    """
    home = np.stack([np.eye(4), np.eye(4)])
    home[1, 0, 3] = -(L + d)  # M_{i,i-1}: {i-1} seen from {i} at q_i = 0
    screws = np.array([[0, 0, 1, 0, 0, 0], [0, 0, 1, 0, d, 0]], dtype=float)
    inertias = [spatial_inertia(1.0, (0.3, 0.0, 0.0), np.diag([1e-3, 1e-3, 2e-3])),
                spatial_inertia(0.5, (0.1, 0.0, 0.0), np.diag([5e-4, 5e-4, 1e-3]))]
    return Chain(home, screws, inertias)


NOTATION_STATE = dict(q=np.array([0.15, 1.0]), qd=np.array([0.8, -1.2]),
                      qdd=np.array([0.5, 2.0]))


def notation_figure():
    """3.2.3.1's notation on a two-link chain: {i-1}, {i}, A_i, M_{i,i-1}, T_{i,i-1}, F_i."""
    from matplotlib.patches import Arc

    plt = _plt()
    L, d = 0.6, 0.25
    chain = notation_chain(L, d)
    q, qd, qdd = NOTATION_STATE["q"], NOTATION_STATE["qd"], NOTATION_STATE["qdd"]
    T = forward_kinematics(chain, q)
    T_home_i = forward_kinematics(chain, np.array([q[0], 0.0]))[1]  # {i} at q_i = 0
    c_i, _ = joint_axis(T[1], chain.screws[1])
    c_home, _ = joint_axis(T_home_i, chain.screws[1])
    # joint i's axis is where link i-1 carries it, whatever q_i is
    assert np.allclose(c_i, c_home) and np.allclose(c_i, (T[0] @ [L, 0.0, 0.0, 1.0])[:3])
    F = joint_wrenches(chain, q, qd, qdd, gravity=(0.0, -9.80665, 0.0))[1]  # F_i in {i}
    o_prev, o_i, pivot, o_home = T[0, :2, 3], T[1, :2, 3], c_i[:2], T_home_i[:2, 3]
    end_i = (T[1] @ np.array([0.3, 0.0, 0.0, 1.0]))[:2]
    back = (T[0] @ np.array([-0.15, 0.0, 0.0, 1.0]))[:2]
    fig, ax = plt.subplots(figsize=(7.6, 5.6))
    ax.plot(*np.array([back, pivot]).T, "-", color="0.6", lw=8, solid_capstyle="round", zorder=1)
    ax.plot(*np.array([pivot, end_i]).T, "-", color=LINK_COLOR, lw=8, solid_capstyle="round",
            zorder=1)
    ax.text(*((back + pivot) / 2 + [-0.1, 0.035]), "링크 $i-1$", fontsize=9.5, ha="center",
            rotation=np.degrees(q[0]))
    ax.text(*(end_i + [0.04, 0.0]), "링크 $i$", fontsize=9.5, va="center")
    _axis_dot(ax, o_prev)
    _axis_dot(ax, pivot)
    ax.text(*(pivot + [-0.06, 0.07]), "관절 $i$의 축 $A_i$\n(⊙: 지면에 수직)", fontsize=8.5,
            ha="right", va="bottom")
    _triad2(ax, T[0], 0.17, "$\\{i-1\\}$", label_at=(-0.2, -0.4))
    _triad2(ax, T_home_i, 0.17, "$q_i = 0$일 때의 $\\{i\\}$", ls="--", alpha=0.5,
            label_at=(0.6, -0.45))
    _triad2(ax, T[1], 0.17, "$\\{i\\}$", label_at=(-0.9, 0.75))
    # the two poses of {i-1} seen from {i}: at q_i = 0 (M) and at q_i (T)
    ax.annotate("", xy=o_prev, xytext=o_home,
                arrowprops=dict(arrowstyle="-|>", color="0.45", lw=1.2, ls="--",
                                connectionstyle="arc3,rad=-0.2", shrinkA=4, shrinkB=6))
    ax.text(*((o_prev + o_home) / 2 + [0.05, -0.17]), "$M_{i,i-1}$", color="0.35",
            fontsize=10.5, ha="center")
    ax.annotate("", xy=o_prev, xytext=o_i,
                arrowprops=dict(arrowstyle="-|>", color="C4", lw=1.5,
                                connectionstyle="arc3,rad=0.3", shrinkA=4, shrinkB=6))
    ax.text(*((o_prev + o_i) / 2 + [-0.2, 0.2]), "$T_{i,i-1}(q_i) = e^{-[A_i]q_i}M_{i,i-1}$",
            color="C4", fontsize=10.5, ha="center")
    # q_i: the angle from the home {i} to the moved {i}, about joint i
    a0, a1 = np.degrees(q[0]), np.degrees(q[0] + q[1])
    ax.add_patch(Arc(pivot, 0.36, 0.36, theta1=a0, theta2=a1, color="k", lw=1.0))
    am = np.radians((a0 + a1) / 2)
    ax.text(*(pivot + 0.22 * np.array([np.cos(am), np.sin(am)])), "$q_i$", fontsize=11,
            ha="center", va="center")
    # F_i = (n_i, f_i) at {i}'s origin, written in {i}: force arrow and moment about z
    f0 = T[1, :3, :3] @ F[3:]
    fs = 0.03  # m per N
    ax.annotate("", xy=o_i + fs * f0[:2], xytext=o_i,
                arrowprops=dict(arrowstyle="-|>", color="C1", lw=2.4, shrinkA=0, shrinkB=0))
    ax.text(*(o_i + fs * f0[:2] + [0.03, 0.0]), "$f_i$", color="C1", fontsize=11, va="center")
    _spin(ax, o_i, 0.07, np.sign(F[2]), "C1", "$n_i$", start=120.0)
    ax.text(0.02, 0.02,
            "$F_i = (n_i, f_i)$: 관절 $i$를 거쳐 링크 $i-1$이 링크 $i$에 가하는 렌치\n"
            "($\\{i\\}$의 원점에 대한 모멘트와 힘, $\\{i\\}$에서 적음), "
            "관절 토크 $\\tau_i = F_i^{\\mathsf{T}} A_i$.\n"
            f"이 그림의 $\\{{i\\}}$는 관절 축에서 {d:g} m 떨어져 있어 "
            f"$A_i$ = (0, 0, 1, 0, {d:g}, 0)이다.",
            transform=ax.transAxes, fontsize=8.5, va="bottom")
    pts = np.array([back, end_i, o_prev, o_i, o_i + fs * f0[:2], o_home])
    ax.set_xlim(pts[:, 0].min() - 0.3, pts[:, 0].max() + 0.35)
    ax.set_ylim(pts[:, 1].min() - 0.5, pts[:, 1].max() + 0.25)
    ax.set_aspect("equal")
    ax.set_xlabel("$x_0$ [m]")
    ax.set_ylabel("$y_0$ [m]")
    ax.set_title("3.2.3.1의 표기: 좌표계, 스크루 축, 홈 자세, 관절 렌치")
    fig.tight_layout()
    return fig
