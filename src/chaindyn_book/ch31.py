"""The worked examples of §3.1.1-3.1.4: one rigid body.

The running example is an L-shaped aluminium bracket made of two boxes.  Its mass
properties are computed twice: by adding the two boxes' spatial inertias about one
frame (book §3.1.3, eq. eq-31-sum) and by integrating a uniform density over the
closed triangle mesh of the same two boxes (trimesh), an independent oracle.  The
same bracket then serves the spatial-inertia transform (§3.1.3), the Newton-Euler
equation in its two forms (§3.1.4) and the bearing loads of a rotor spinning about
an axis that is not principal.
"""

from __future__ import annotations

import numpy as np

from chaindyn import body
from chaindyn.spatial import Ad_rp, cross, inertia_parts, pose_inv, rot_x, rot_z, spatial_inertia

__all__ = [
    "ALUMINIUM",
    "BRACKET_BOXES",
    "bracket_parts",
    "bracket_inertia",
    "bracket_mesh_properties",
    "enclosing_sphere_radius",
    "transform_inertia",
    "bracket_frame_change",
    "newton_euler_two_forms",
    "spinning_bracket",
]

#: Density of aluminium, kg/m^3.
ALUMINIUM = 2700.0

#: The bracket's two boxes: (edge lengths along x, y, z in m, centre in {b} in m).
#: The arm lies along x from the origin; the upright stands on its far end.
BRACKET_BOXES = (
    ((0.30, 0.04, 0.02), (0.15, 0.0, 0.0)),
    ((0.04, 0.04, 0.16), (0.28, 0.0, 0.09)),
)


def bracket_parts(density=ALUMINIUM):
    """Mass, centre and inertia about the centre of each box of the bracket.

    Returns
    -------
    list of (float, ndarray (3,), ndarray (3, 3))
        ``(m_k, c_k, I_{c,k})`` in {b}: kg, m, kg m^2 (:func:`chaindyn.body.box_inertia`).
    """
    parts = []
    for size, centre in BRACKET_BOXES:
        m = density * float(np.prod(size))
        parts.append((m, np.array(centre, dtype=float), body.box_inertia(m, np.array(size))))
    return parts


def bracket_inertia(density=ALUMINIUM):
    """The bracket's spatial inertia about the origin of {b}: the sum of its parts'.

    Spatial inertias about one point, in one frame, add (book eq. eq-31-sum).

    Returns
    -------
    ndarray, shape (6, 6)
    """
    return sum(spatial_inertia(m, c, Ic) for m, c, Ic in bracket_parts(density))


def bracket_mesh_properties(density=ALUMINIUM):
    """The bracket's mass, centre of mass and inertia about it, from its mesh.

    The two boxes are closed triangle meshes that touch along a face and do not
    overlap; trimesh integrates a uniform density over the volume they enclose
    (divergence theorem over the triangles), independently of chaindyn.

    Returns
    -------
    m : float
    c : ndarray, shape (3,)
    I_c : ndarray, shape (3, 3)
        Inertia about the centre of mass, axes of {b}.
    """
    import trimesh

    boxes = []
    for size, centre in BRACKET_BOXES:
        box = trimesh.creation.box(extents=size)
        box.apply_translation(centre)
        boxes.append(box)
    mesh = trimesh.util.concatenate(boxes)
    mesh.density = density
    return float(mesh.mass), np.asarray(mesh.center_mass), np.asarray(mesh.moment_inertia)


def enclosing_sphere_radius(mass, inertia_com):
    """The smallest radius of a ball about the centre of mass that can hold the body.

    Every mass element of a body inside the ball ``|x - c| <= r`` has
    ``|x - c|^2 <= r^2``, so ``tr Σ_c = ∫ |x - c|^2 dm <= m r^2``; with
    ``tr Σ_c = tr(I_c) / 2`` this gives ``r >= sqrt(tr(I_c) / (2 m))`` (book
    eq. eq-31-ball, the ball case of the bounding-ellipsoid condition).

    Returns
    -------
    float
        m.
    """
    return float(np.sqrt(np.trace(np.asarray(inertia_com)) / (2.0 * mass)))


def transform_inertia(G_b, R_ab, p_ab):
    """The spatial inertia of a body given in {b}, expressed in {a} about its origin.

    ``G_a = Ad_{T_ba}^T G_b Ad_{T_ba}`` (book eq. eq-31-transform), with
    ``T_ba = T_ab^{-1}``: a twist in {a} is carried into {b} by ``Ad_{T_ba}``,
    and the kinetic energy ``1/2 V^T G V`` is the same in both frames.
    """
    X = Ad_rp(*pose_inv((R_ab, p_ab)))
    return X.T @ G_b @ X


def bracket_frame_change():
    """The bracket's spatial inertia in a second frame {a}, three ways.

    {a} is turned by 30 degrees about x, then 50 degrees about z, and shifted;
    the three results are the transform of eq. eq-31-transform, a direct build
    from the moved (m, c, I_c), and Pinocchio's ``Inertia.se3Action``.

    Returns
    -------
    dict
        ``G_transform``, ``G_direct``, ``G_pinocchio`` (6x6, (omega, v) order),
        ``kinetic`` (1/2 V^T G V in {b} and in {a} for one twist).
    """
    import pinocchio as pin

    G_b = bracket_inertia()
    m, c, Ic = inertia_parts(G_b)
    R_ab = rot_z(np.radians(50.0)) @ rot_x(np.radians(30.0))
    p_ab = np.array([0.10, -0.05, 0.20])
    G_transform = transform_inertia(G_b, R_ab, p_ab)
    G_direct = spatial_inertia(float(m), R_ab @ c + p_ab, R_ab @ Ic @ R_ab.T)
    pin_b = pin.Inertia(float(m), c, Ic)
    pin_a = pin_b.se3Action(pin.SE3(R_ab, p_ab)).matrix()  # (linear, angular) order
    swap = np.r_[3:6, 0:3]
    G_pinocchio = pin_a[np.ix_(swap, swap)]
    V_a = np.array([0.3, -1.2, 0.8, 0.5, 0.1, -0.4])
    V_b = Ad_rp(*pose_inv((R_ab, p_ab))) @ V_a
    kinetic = (0.5 * V_b @ G_b @ V_b, 0.5 * V_a @ G_transform @ V_a)
    return {"G_b": G_b, "G_transform": G_transform, "G_direct": G_direct,
            "G_pinocchio": G_pinocchio, "kinetic": kinetic}


def newton_euler_two_forms(seed=31):
    """The bracket's Newton-Euler wrench for one random motion, in two forms.

    The spatial form ``G Vd - ad_V^T G V`` about the origin of {b}
    (:func:`chaindyn.body.newton_euler`); the COM form, Newton ``f = m a_c`` and
    Euler ``n_c = I_c omega_dot + omega x I_c omega`` (:func:`chaindyn.body.
    newton_euler_com`), moved to the origin as ``n = n_c + c x f``; and Pinocchio's
    ``I a + v x* I v``.

    Returns
    -------
    dict
        ``V``, ``Vd``, ``F_spatial``, ``F_com``, ``F_pinocchio`` (all (n, f)).
    """
    import pinocchio as pin

    rng = np.random.default_rng(seed)
    V = rng.uniform(-2.0, 2.0, 6)
    Vd = rng.uniform(-5.0, 5.0, 6)
    G = bracket_inertia()
    m, c, Ic = inertia_parts(G)
    F_spatial = body.newton_euler(G, V, Vd)
    w, v, wd, vd = V[:3], V[3:], Vd[:3], Vd[3:]
    a_c = body.com_acceleration(V, Vd, c)  # eq. eq-31-com-acc
    n_c, f = body.newton_euler_com(float(m), Ic, w, wd, a_c)
    F_com = np.concatenate([n_c + cross(c, f), f])
    I_pin = pin.Inertia(float(m), c, Ic)
    v_pin, a_pin = pin.Motion(v, w), pin.Motion(vd, wd)
    f_pin = pin.Force(I_pin.matrix() @ a_pin.vector) + v_pin.cross(I_pin * v_pin)
    F_pinocchio = np.concatenate([f_pin.angular, f_pin.linear])
    return {"V": V, "Vd": Vd, "F_spatial": F_spatial, "F_com": F_com,
            "F_pinocchio": F_pinocchio}


def spinning_bracket(omega):
    """The wrench that keeps the bracket spinning at a constant rate about z of {b}.

    ``V = (0, 0, omega, 0, 0, 0)``, ``Vd = 0``: the Newton-Euler wrench reduces to
    its velocity-product term ``-ad_V^T G V``, the load the bearings on the z axis
    must carry (book §3.1.4).  Its moment comes from the products of inertia
    ``I_xz, I_yz`` about the origin; its force is the centripetal ``m omega x
    (omega x c)``.

    Returns
    -------
    dict
        ``F`` (n, f) in {b}, and the closed forms ``moment`` =
        ``omega^2 (-I_yz, I_xz, 0)`` (entries of the inertia about the origin) and
        ``force`` = ``-m omega^2 (c_x, c_y, 0)``.
    """
    G = bracket_inertia()
    V = np.array([0.0, 0.0, omega, 0.0, 0.0, 0.0])
    F = body.newton_euler(G, V, np.zeros(6))
    m, c, _ = inertia_parts(G)
    I_o = G[:3, :3]
    moment = omega**2 * np.array([-I_o[1, 2], I_o[0, 2], 0.0])
    force = -m * omega**2 * np.array([c[0], c[1], 0.0])
    return {"F": F, "moment": moment, "force": force, "I_o": I_o}


#: The Korean names of the conditions of :func:`chaindyn.body.realizability`.
CONDITION_NAMES = {
    None: "없음",
    "symmetric": "대칭",
    "mass": "질량",
    "rigid": "강체 구조",
    "positive_definite": "양의 정부호",
    "triangle": "삼각형 부등식",
    "ellipsoid": "타원체",
}


def _diag_inertia(mass, moments):
    G = np.zeros((6, 6))
    G[:3, :3] = np.diag(moments)
    G[3:, 3:] = mass * np.eye(3)
    return G


def bracket_ball_radius():
    """The radius of the smallest ball about the bracket's COM that holds its boxes, m.

    The farthest point of a box from any point is one of its eight corners.
    """
    _, c, _ = inertia_parts(bracket_inertia())
    signs = np.array(list(np.ndindex(2, 2, 2))) * 2.0 - 1.0  # the eight corners of a unit box
    corners = np.concatenate([np.array(centre) + 0.5 * np.array(size) * signs
                              for size, centre in BRACKET_BOXES])
    return float(np.max(np.linalg.norm(corners - c, axis=1)))


def realizability_cases():
    """The inertias of book table tab-31-cases and their verdicts.

    Returns
    -------
    list of dict
        ``name``, ``mass``, ``moments`` (principal, about the COM), ``ball`` (the
        radius of the bounding ball about the COM that was given, or None),
        ``r_min`` (eq. eq-31-ball) and ``result`` (:class:`chaindyn.body.Realizability`).
    """
    G_br = bracket_inertia()
    m_br, c_br, Ic_br = inertia_parts(G_br)
    r_ball = bracket_ball_radius()
    cases = [
        ("브래킷", G_br, None),
        ("브래킷, 감싸는 공 안", G_br, r_ball),
        ("질량은 작고 관성은 큰 링크", _diag_inertia(0.2, [0.1, 0.1, 0.1]), None),
        ("같은 링크, 반지름 0.1 m인 공 안", _diag_inertia(0.2, [0.1, 0.1, 0.1]), 0.1),
        ("얇은 정사각형 판, 한 변 0.2 m",
         _diag_inertia(1.0, [0.04 / 12, 0.04 / 12, 0.04 / 6]), None),
        ("가는 막대", _diag_inertia(1.0, np.diag(body.rod_inertia(1.0, 0.5))), None),
        ("모멘트 (0.01, 0.01, 0.03)", _diag_inertia(0.5, [0.01, 0.01, 0.03]), None),
        ("모멘트 하나가 음수", _diag_inertia(0.5, [0.01, 0.01, -0.001]), None),
        ("질량 0", _diag_inertia(0.0, [0.01, 0.01, 0.01]), None),
    ]
    out = []
    for name, G, ball in cases:
        m, c, Ic = inertia_parts(G) if G[3, 3] > 0 else (0.0, np.zeros(3), G[:3, :3])
        ellipsoid = None if ball is None else (c, np.full(3, ball), np.eye(3))
        result = body.realizability(G, ellipsoid=ellipsoid)
        moments = np.linalg.eigvalsh(Ic)
        r_min = (enclosing_sphere_radius(float(m), Ic)
                 if m > 0 and np.trace(Ic) > 0 else None)
        out.append({"name": name, "mass": float(m), "moments": moments, "ball": ball,
                    "r_min": r_min, "result": result})
    return out
