"""The three structured sweeps, RNEA, CRBA and ABA, on components (book appendix B).

Every quantity is a tuple of components in a joint frame {i'} of
:func:`chaindyn.structured.joint_frames` (z along joint i's axis, x along the common
normal to axis i+1): 3-vectors, symmetric 3x3 matrices as nested lists, and
the 6x6 inertias of ABA as their blocks ``(A, B, C)`` of ``[[A, B], [B^T, C]]``
(moment-moment, moment-force, force-force).  The pose of {i'} in {(i-1)'} is
``R = Rx(alpha) Rz(theta + q)`` after the offset ``p`` (``(a, 0, 0)`` when the
common normal is defined) and a slide ``s`` along axis i (``d``, or ``d + q``
for a prismatic joint): a point r of {i'} is at ``p + R (r + s z)``.

The components are Python floats, arrays over a batch, the structural
constants of :mod:`chaindyn.structured`, or the tracer's placeholders
(:mod:`chaindyn.engine.tracer`), so that each function below is run once per
chain to be compiled (:func:`chaindyn.engine.compiled`) and never again: what they compute
with ZERO or ONE leaves no operation, and what no output reads is dropped.
The counts in the comments are multiplications for a general link (no zero
or unit constant): the counts of appendix B.
"""

from __future__ import annotations

from ..structured import ONE, ZERO


# ----------------------------------------------------------------- shared components
def joint(L, qi, cos, sin):
    """``(c, s, slide)`` of joint i: cos and sin of ``theta + q_i`` (constants for a
    prismatic joint) and the slide along its axis (``d``, or ``d + q_i``)."""
    if L.prismatic:
        return L.ct, L.st, L.d + qi
    t = qi + L.theta
    return cos(t), sin(t), L.d


def double_angle(L, c, s):
    """``(c^2, c s, cos 2(theta + q))`` of joint i, for rotating a symmetric matrix
    about z (2 for a revolute joint, constants for a prismatic one)."""
    if L.prismatic:
        return L.ct2, L.ctst, L.c2t
    cc = c * c
    return cc, c * s, cc + cc - 1.0


def add(u, v):
    """u + v componentwise."""
    return tuple(a + b for a, b in zip(u, v))


def add_matrices(X, Y):
    """X + Y for 3x3 matrices as nested lists."""
    return [[a + b for a, b in zip(r, s)] for r, s in zip(X, Y)]


def cross(u, v):
    """u x v (6)."""
    return (u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0])


def to_child(v, L, c, s):
    """R^T v = Rz(-theta - q) Rx(-alpha) v (8)."""
    x, y, z = v
    y1, z1 = L.ca * y + L.sa * z, L.ca * z - L.sa * y
    return c * x + s * y1, c * y1 - s * x, z1


def to_parent(v, L, c, s):
    """R v = Rx(alpha) Rz(theta + q) v (8)."""
    x, y, z = v
    x1, y1 = c * x - s * y, s * x + c * y
    return x1, L.ca * y1 - L.sa * z, L.sa * y1 + L.ca * z


def twist_to_child(w, v, L, c, s, slide):
    """X V: a twist (or spatial acceleration) (w, v) of {(i-1)'} in {i'}, about its
    origin: the foot of the normal (v + w x p; 2), rotated (8 + 8), then slid along
    the axis (v + (R^T w) x s z; 2); 20 in all."""
    v = add(v, cross(w, (L.px, L.py, L.pz)))
    w, v = to_child(w, L, c, s), to_child(v, L, c, s)
    return w, (v[0] + slide * w[1], v[1] - slide * w[0], v[2])


def wrench_to_parent(n, f, L, c, s, slide):
    """X^T F: a wrench (n, f) in {i'} about its origin, in {(i-1)'} about its origin:
    slid back to the foot (n + s z x f; 2), rotated (8 + 8), then moved by p
    (n + p x f; 2); 20 in all."""
    n = (n[0] - slide * f[1], n[1] + slide * f[0], n[2])
    f, n = to_parent(f, L, c, s), to_parent(n, L, c, s)
    return add(n, cross((L.px, L.py, L.pz), f)), f


def tip_wrench(tip, moment, force):
    """F_tip, given in {n} about its origin, in {n'}: f' = R^T f, n' = R^T (n - r x f)
    with ``tip = (R_{n,n'} flattened, r)`` (6 + 9 + 9)."""
    (t00, t01, t02, t10, t11, t12, t20, t21, t22), r = tip
    m = tuple(a - b for a, b in zip(moment, cross(r, force)))
    kx, ky, kz = force
    return ((t00 * m[0] + t10 * m[1] + t20 * m[2], t01 * m[0] + t11 * m[1] + t21 * m[2],
             t02 * m[0] + t12 * m[1] + t22 * m[2]),
            (t00 * kx + t10 * ky + t20 * kz, t01 * kx + t11 * ky + t21 * kz,
             t02 * kx + t12 * ky + t22 * kz))


def base_acceleration(R, gravity):
    """a_0 = R_{0,0'}^T (-gravity): the base at rest, accelerating upwards (9; once per
    call, the same for every state).  ``R`` flattened, ``gravity`` its components."""
    (r00, r01, r02, r10, r11, r12, r20, r21, r22), (gx, gy, gz) = R, gravity
    return (-(r00 * gx + r10 * gy + r20 * gz), -(r01 * gx + r11 * gy + r21 * gz),
            -(r02 * gx + r12 * gy + r22 * gz))


# symmetric 3x3 matrices as nested lists, rotated in the plane (i, j) of two axes by
# the rotation [[c, -s], [s, c]], from (c^2, c s, cos 2 phi): with D = J_ii - J_jj,
#   J'_ii = J_jj + c^2 D - 2cs J_ij,   J'_jj = J_ii - c^2 D + 2cs J_ij,
#   J'_ij = cs D + cos 2phi J_ij,      (J'_ik, J'_jk) = the rotated (J_ik, J_jk)     (8)
def sym(J00, J01, J02, J11, J12, J22):
    """The symmetric 3x3 matrix of these entries, as nested lists."""
    return [[J00, J01, J02], [J01, J11, J12], [J02, J12, J22]]


def _planes(i, j, c, s):
    return (3 - i - j), c is ONE and s is ZERO  # the third axis; whether R is the identity


def rotate_sym(J, i, j, c, s, cc, cs, c2):
    """R J R^T for R the rotation by phi in the plane (i, j) (8)."""
    k, identity = _planes(i, j, c, s)
    if identity:
        return J
    D = J[i][i] - J[j][j]
    x, y = cc * D, (cs + cs) * J[i][j]
    out = [row[:] for row in J]
    out[i][i], out[j][j] = J[j][j] + x - y, J[i][i] - x + y
    out[i][j] = out[j][i] = cs * D + c2 * J[i][j]
    out[i][k] = out[k][i] = c * J[i][k] - s * J[j][k]
    out[j][k] = out[k][j] = s * J[i][k] + c * J[j][k]
    return out


def rotate_general(B, i, j, c, s, cc, cs):
    """R B R^T for a general 3x3 B (12): the block of the plane as its symmetric part,
    which turns by 2 phi, and its antisymmetric part, which does not."""
    k, identity = _planes(i, j, c, s)
    if identity:
        return B
    D, o = B[i][i] - B[j][j], B[i][j] + B[j][i]
    x, y, u, w = cc * D, cs * o, cc * o, cs * D
    out = [row[:] for row in B]
    out[i][i], out[j][j] = B[j][j] + x - y, B[i][i] - x + y
    out[i][j], out[j][i] = u - B[j][i] + w, u - B[i][j] + w
    out[i][k], out[j][k] = c * B[i][k] - s * B[j][k], s * B[i][k] + c * B[j][k]
    out[k][i], out[k][j] = c * B[k][i] - s * B[k][j], s * B[k][i] + c * B[k][j]
    return out


# ----------------------------------------------------------------- RNEA
def rnea_forward(links, q, qd, qdd, a0, cos, sin):
    """The forward recursion of RNEA and each link's body wrench (book appendix B.1).

    Returns, per link, ``(c, s, slide, n^B, f^B)``: the joint's pose and the wrench
    ``G_i Vdot_i - ad_{V_i}^T G_i V_i`` in {i'} about its origin, with ``a0`` the
    base's acceleration in {0'}.  The origin's acceleration is carried with the
    tensor ``Omega_i = [omega_i rate] + [omega_i]^2`` (``Omega r`` is the
    acceleration of a point r of the link relative to the origin's), and Euler's
    equation is expanded in the six products of omega, the terms that share an
    inertia entry paired.  71 per link in the middle of a chain.
    """
    ax, ay, az = a0
    wx = wy = wz = bx = by = bz = ZERO  # omega_0 and its rate: the products they enter vanish
    # Omega_0, its diagonal kept as the sums S = -diag(Omega), which enter by subtraction
    S0 = S1 = S2 = O01 = O02 = O10 = O12 = O20 = O21 = ZERO
    out = []
    for i, L in enumerate(links):
        c, s, slide = joint(L, q[i], cos, sin)
        # the foot of the common normal on axis i: a_{i-1} + Omega_{i-1} p    (3; 9 for a general p)
        ux = ax - S0 * L.px + O01 * L.py + O02 * L.pz
        uy = ay + O10 * L.px - S1 * L.py + O12 * L.pz
        uz = az + O20 * L.px + O21 * L.py - S2 * L.pz
        # into {i'}: omega, its rate and u                                             (8 + 8 + 8)
        wx, wy, wz = to_child((wx, wy, wz), L, c, s)
        bx, by, bz = to_child((bx, by, bz), L, c, s)
        ux, uy, uz = to_child((ux, uy, uz), L, c, s)
        if not L.prismatic:
            # omega_i += z qd_i; its rate += (R^T omega_{i-1}) x z qd_i + z qdd_i       (2)
            v = qd[i]
            bx, by, bz = bx + wy * v, by - wx * v, bz + qdd[i]
            wz = wz + v
        # Omega_i from six products (6); its diagonal is -S: -(yy + zz), -(xx + zz), -(xx + yy)
        xx, yy, zz = wx * wx, wy * wy, wz * wz
        xy, xz, yz = wx * wy, wx * wz, wy * wz
        S0, S1, S2 = yy + zz, xx + zz, xx + yy
        O01, O10 = xy - bz, xy + bz
        O02, O20 = xz + by, xz - by
        O12, O21 = yz - bx, yz + bx
        # slide along axis i to the origin: a_i = u + Omega_i z s     (3; a point of the axis
        # moves with link i-1 as with link i, so Omega_i serves)
        ax, ay, az = ux + O02 * slide, uy + O12 * slide, uz - S2 * slide
        if L.prismatic:
            # + 2 omega_i x z qd_i + z qdd_i, the doubling an addition                 (2)
            v2 = qd[i] + qd[i]
            ax, ay, az = ax + wy * v2, ay - wx * v2, az + qdd[i]
        # the body wrench: f^B = m a_i + Omega_i (m c)                             (12)
        #                  n^B = I_o b_i + omega_i x I_o omega_i + (m c) x a_i   (15 + 6)
        hx, hy, hz = L.hx, L.hy, L.hz
        f = (L.m * ax - S0 * hx + O01 * hy + O02 * hz,
             L.m * ay + O10 * hx - S1 * hy + O12 * hz,
             L.m * az + O20 * hx + O21 * hy - S2 * hz)
        n = (L.Ixx * bx + L.Ixy * (by - xz) + L.Ixz * (bz + xy) + L.Dx * yz
             + L.Iyz * (yy - zz) + (hy * az - hz * ay),
             L.Iyy * by + L.Ixy * (bx + yz) + L.Iyz * (bz - xy) + L.Dy * xz
             + L.Ixz * (zz - xx) + (hz * ax - hx * az),
             L.Izz * bz + L.Ixz * (bx - yz) + L.Iyz * (by + xz) + L.Dz * xy
             + L.Ixy * (xx - yy) + (hx * ay - hy * ax))
        out.append((c, s, slide, n, f))
    return out


def rnea(links, q, qd, qdd, a0, tip, cos, sin):
    """Inverse dynamics: the torques tau_1..tau_n.  ``tip`` is None or
    ``(tip constants, moment, force)`` of F_tip in {n} (:func:`tip_wrench`).

    Per link, with ``R = Rx(alpha) Rz(theta + q)`` the rotation of {i'} in
    {(i-1)'}, for a link in the middle of a chain of general geometry::

        forward   u       = a_{i-1} + a Omega_{i-1} x     (foot of the normal)  3
                  omega_i = R^T omega_{i-1} (+ z qd_i)                          8
                  b_i     = R^T b_{i-1} (+ (R^T omega_{i-1}) x z qd_i + z qdd_i)  8 (+ 2)
                  u      <- R^T u                                               8
                  Omega_i = [b_i] + omega_i omega_i^T - |omega_i|^2 1            6
                  a_i     = u + s Omega_i z  (+ 2 omega_i x z qd_i + z qdd_i)     3 (+ 2)
        body      f^B = m a_i + Omega_i (m c)                                  12
                  n^B = I_o b_i + omega_i x I_o omega_i + (m c) x a_i      15 + 6
        backward  F_i = f^B + F_{i+1},  N_i = n^B + N_{i+1}   (both in {i'})    0
                  tau_i = N_i . z (revolute) or F_i . z (prismatic)             0
                  N_i <- N_i + s z x F_i                                         2
                  F_i <- R F_i,  N_i <- R N_i                                8 + 8
                  N_i <- N_i + a x x F_i          (into {(i-1)'})                2

    (the terms in brackets: the revolute joint's in b_i, the prismatic joint's in
    a_i), i.e. 91 multiplications for either joint type (``PER_LINK_MULTIPLICATIONS``
    of :mod:`chaindyn.engine`).  The ends of the chain cost less in the compiled
    code, which drops what no torque reads: link 1 with a revolute joint costs 8
    (``FIRST_LINK_MULTIPLICATIONS``: a_1 = Rz^T a_0, 4; omega_z^2, 1; tau_1 = Izz b_z
    + (m c x a_1)_z, 3); link 2 saves 18 (its omega_1 and b_1 lie along z: 4 + 4 in
    their rotations, 1 at the foot; its wrench reaches link 1 as the z component
    alone: 11 products instead of 20); the last link saves 8 if revolute (d_n = 0:
    3 + 2; Ixy = 0: 3) and 3 if prismatic (Ixy only) (``END_SAVINGS``).  Gravity is
    rotated into {0'} once per call, whatever the number of states (9,
    :func:`base_acceleration`), and a tip wrench into {n'} once per state (24,
    :func:`tip_wrench`).  An all-revolute
    chain of general geometry: ``91 n - 100`` for n >= 3 (82 for n = 2, 16 for
    n = 1, where omega_z^2 has no next link to reach), against ``93 n - 108``
    (Balafoutis and Patel 1991, as tabulated in Featherstone 2008, Table 10.1).
    Zeros in the geometry (intersecting or parallel axes, right-angle twists,
    links with symmetric inertia) fold away more; a leading run of prismatic
    joints has no angular velocity at all, and an all-prismatic chain computes
    no moment (its torques are force components): 19 per link, ``19 n - 13``
    for n >= 2."""
    body = rnea_forward(links, q, qd, qdd, a0, cos, sin)
    N, F = ((ZERO,) * 3, (ZERO,) * 3) if tip is None else tip_wrench(*tip)
    taus = [None] * len(links)
    for i in reversed(range(len(links))):
        L, (c, s, slide, n, f) = links[i], body[i]
        N, F = add(N, n), add(F, f)  # F_i = F_{i+1} + f^B, N_i = N_{i+1} + n^B (in {i'})
        taus[i] = F[2] if L.prismatic else N[2]  # tau_i = F_i . z or N_i . z
        if i > 0:
            N, F = wrench_to_parent(N, F, L, c, s, slide)
    return taus


# ----------------------------------------------------------------- CRBA
def translate_moments(m, h, J, r):
    """A body's first and second moments (m c, J = sum m r r^T) about a point from
    which its old reference point lies at r: ``h + m r`` and
    ``J + h r^T + r h^T + m r r^T`` (1 per nonzero pair of h and r; the products of
    m and r are constants unless r is a prismatic joint's slide)."""
    mr = tuple(m * x for x in r)
    out = [row[:] for row in J]
    for j in range(3):
        for k in range(j, 3):
            if j == k:
                t = h[j] * r[j]
                out[j][j] = J[j][j] + (t + t) + mr[j] * r[j]
            else:
                out[j][k] = out[k][j] = J[j][k] + (h[j] * r[k] + r[j] * h[k]) + mr[j] * r[k]
    return add(h, mr), out


def composite_to_parent(m, h, J, L, c, s, slide):
    """The composite body of links i..n, its moments given in {i'}, in {(i-1)'}:
    slid to the foot (3), rotated about z (4 + 8) and x (4 + 8), moved by p (3)."""
    h, J = translate_moments(m, h, J, (ZERO, ZERO, slide))
    cc, cs, c2 = double_angle(L, c, s)
    h = (c * h[0] - s * h[1], s * h[0] + c * h[1], h[2])
    J = rotate_sym(J, 0, 1, c, s, cc, cs, c2)
    h = (h[0], L.ca * h[1] - L.sa * h[2], L.sa * h[1] + L.ca * h[2])
    J = rotate_sym(J, 1, 2, L.ca, L.sa, L.ca2, L.casa, L.c2a)
    return translate_moments(m, h, J, (L.px, L.py, L.pz))


def crba(links, q, cos, sin):
    """The mass matrix: its lower triangle, row by row (M_11, M_21, M_22, M_31, ...).

    Backward, i = n..1: the composite inertia of links i..n about the origin of
    {i'} (mass, first moment h and second moment J), ``G^c_i = G_i + X^T G^c_{i+1}
    X``; ``M_ii = A_i^T G^c_i A_i`` (J_00 + J_11 about the axis, or the mass); the
    wrench ``F = G^c_i A_i`` that joint i transmits when ``qdd = e_i`` at rest,
    carried down link by link (:func:`wrench_to_parent`) and read by each joint
    j < i: ``M_ij = A_j^T F``.
    """
    n = len(links)
    joints = [joint(L, q[i], cos, sin) for i, L in enumerate(links)]
    M = {}
    m = h = J = None
    for i in reversed(range(n)):
        L = links[i]
        own = (L.hx, L.hy, L.hz), sym(L.J00, L.J01, L.J02, L.J11, L.J12, L.J22)
        if i == n - 1:
            m, (h, J) = L.m, own
        else:
            h, J = composite_to_parent(m, h, J, links[i + 1], *joints[i + 1])
            m, h, J = L.m + m, add(own[0], h), add_matrices(own[1], J)
        if L.prismatic:  # F = G^c (0, z) = ((h_y, -h_x, 0), (0, 0, m))
            M[i, i] = m
            N, F = (h[1], -h[0], ZERO), (ZERO, ZERO, m)
        else:  # F = G^c (z, 0) = ((-J_02, -J_12, J_00 + J_11), (-h_y, h_x, 0))
            M[i, i] = J[0][0] + J[1][1]
            N, F = (-J[0][2], -J[1][2], M[i, i]), (-h[1], h[0], ZERO)
        for j in reversed(range(i)):
            N, F = wrench_to_parent(N, F, links[j + 1], *joints[j + 1])
            M[i, j] = F[2] if links[j].prismatic else N[2]
    return [M[i, j] for i in range(n) for j in range(i + 1)]


# ----------------------------------------------------------------- ABA
# A 6x6 inertia [[A, B], [B^T, C]] as its blocks; index k < 3 is a moment (angular)
# component, k >= 3 a force (linear) one.
def _entry(G, j, k):
    A, B, C = G
    if j < 3:
        return A[j][k] if k < 3 else B[j][k - 3]
    return B[k][j - 3] if k < 3 else C[j - 3][k - 3]


def inertia_from_entries(f):
    """The 6x6 inertia whose entry (j, k), j <= k, is f(j, k)."""
    e = [[None] * 6 for _ in range(6)]
    for j in range(6):
        for k in range(j, 6):
            e[j][k] = e[k][j] = f(j, k)
    return ([row[:3] for row in e[:3]], [row[3:] for row in e[:3]], [row[3:] for row in e[3:]])


def rigid_inertia(L):
    """G_i about the origin of {i'}: [[I_o, [h]], [[h]^T, m 1]], h = m c."""
    hx, hy, hz = L.hx, L.hy, L.hz
    return (sym(L.Ixx, L.Ixy, L.Ixz, L.Iyy, L.Iyz, L.Izz),
            [[ZERO, -hz, hy], [hz, ZERO, -hx], [-hy, hx, ZERO]],
            sym(L.m, ZERO, ZERO, L.m, ZERO, L.m))


def translate_inertia(G, r):
    """P^T G P, the inertia about a point from which its old reference point lies at
    r, P = [[1, 0], [-[r], 1]]: ``B' = B + [r] C``, ``A' = A + [r] B^T - B' [r]``, C
    unchanged.  Per nonzero component r_m, with [r] = sum r_m E_m: 6 products for
    [r] C and one for each entry of A' (the two terms of a diagonal entry share it)."""
    A, B, C = G
    planes = [(m, (m + 1) % 3, (m + 2) % 3) for m in range(3) if r[m] is not ZERO]
    B2 = [row[:] for row in B]
    for m, a, b in planes:  # E_m: -1 at (a, b), +1 at (b, a)
        for k in range(3):
            B2[a][k] = B2[a][k] - r[m] * C[b][k]
            B2[b][k] = B2[b][k] + r[m] * C[a][k]
    A2 = [row[:] for row in A]
    for j in range(3):
        for k in range(j, 3):
            acc = A[j][k]
            for m, a, b in planes:  # (E_m B^T)_jk + (E_m)_kl B'_jl, the terms of r_m
                t = ZERO
                if j == a:
                    t = t - B[k][b]
                if j == b:
                    t = t + B[k][a]
                if k == a:
                    t = t - B2[j][b]
                if k == b:
                    t = t + B2[j][a]
                acc = acc + r[m] * t
            A2[j][k] = A2[k][j] = acc
    return A2, B2, C


def inertia_to_parent(G, L, c, s, slide):
    """X^T G X: an inertia given in {i'} about its origin, in {(i-1)'} about its origin,
    by the two screws of the joint frames: along and about z (slide, then Rz), then
    about and along x (Rx, then p)."""
    G = translate_inertia(G, (ZERO, ZERO, slide))
    cc, cs, c2 = double_angle(L, c, s)
    A, B, C = G
    G = (rotate_sym(A, 0, 1, c, s, cc, cs, c2), rotate_general(B, 0, 1, c, s, cc, cs),
         rotate_sym(C, 0, 1, c, s, cc, cs, c2))
    A, B, C = G
    ca, sa, ca2, casa, c2a = L.ca, L.sa, L.ca2, L.casa, L.c2a
    G = (rotate_sym(A, 1, 2, ca, sa, ca2, casa, c2a), rotate_general(B, 1, 2, ca, sa, ca2, casa),
         rotate_sym(C, 1, 2, ca, sa, ca2, casa, c2a))
    return translate_inertia(G, (L.px, L.py, L.pz))


def aba(links, q, qd, tau, a0, tip, cos, sin):
    """Forward dynamics: the accelerations qdd_1..qdd_n (book §3.5, appendix B).

    Pass 1 is RNEA's forward recursion with qdd = 0 (:func:`rnea_forward`): its body
    wrenches ``p_i = G_i a^vp_i - ad_{V_i}^T G_i V_i`` hold the velocity-product
    accelerations and gravity, so that the rest solves for the part of each
    acceleration that the joint accelerations cause, which starts from rest:

    pass 2, i = n..1:  ``U = G^A A``, ``D = A^T U``, ``u = tau - A^T p^A``,
    ``G^a = G^A - U U^T / D``, ``p^a = p^A + U u / D``;  ``G^A_{i-1} += X^T G^a X``,
    ``p^A_{i-1} += X^T p^a``;
    pass 3, i = 1..n:  ``a' = X a_{i-1}``,  ``qdd_i = (u - U^T a') / D``,
    ``a_i = a' + A qdd_i``.
    """
    n = len(links)
    body = rnea_forward(links, q, qd, [ZERO] * n, a0, cos, sin)
    pA = [(nb, fb) for _, _, _, nb, fb in body]
    if tip is not None:  # the wrench the end effector applies, as in RNEA
        tn, tf = tip_wrench(*tip)
        pA[-1] = (add(pA[-1][0], tn), add(pA[-1][1], tf))
    W, u, dinv = [None] * n, [None] * n, [None] * n
    carried = None
    for i in reversed(range(n)):
        L, (c, s, slide, _, _) = links[i], body[i]
        G = rigid_inertia(L)
        if carried is not None:  # G^A_i = G_i + X^T G^a_{i+1} X
            G = tuple(add_matrices(x, y) for x, y in zip(G, carried))
        ax = 5 if L.prismatic else 2
        U = [_entry(G, k, ax) for k in range(6)]
        p = pA[i][0] + pA[i][1]
        u[i], dinv[i] = tau[i] - p[ax], 1.0 / U[ax]
        if i == 0:
            break
        W[i] = [ZERO if k == ax else U[k] * dinv[i] for k in range(6)]
        # G^a = G^A - U W^T: the row and column along the axis vanish (G^a A = 0)
        Ga = inertia_from_entries(lambda j, k, G=G, U=U, Wi=W[i], ax=ax:
                     ZERO if ax in (j, k) else _entry(G, j, k) - U[j] * Wi[k])
        pa = [tau[i] if k == ax else p[k] + W[i][k] * u[i] for k in range(6)]
        carried = inertia_to_parent(Ga, L, c, s, slide)
        n_, f_ = wrench_to_parent(tuple(pa[:3]), tuple(pa[3:]), L, c, s, slide)
        pA[i - 1] = (add(pA[i - 1][0], n_), add(pA[i - 1][1], f_))
    qdd = [None] * n
    w = v = (ZERO,) * 3
    for i in range(n):
        L, (c, s, slide, _, _) = links[i], body[i]
        ax = 5 if L.prismatic else 2
        if i == 0:
            qdd[0] = u[0] * dinv[0]
        else:  # qdd_i = u dinv - (W^T a' + a'_ax), W = U / D, W_ax = 1
            w, v = twist_to_child(w, v, L, c, s, slide)
            a = w + v
            acc = a[ax]
            for k in range(6):
                acc = acc + W[i][k] * a[k]
            qdd[i] = u[i] * dinv[i] - acc
        if L.prismatic:
            v = (v[0], v[1], v[2] + qdd[i])
        else:
            w = (w[0], w[1], w[2] + qdd[i])
    return qdd
