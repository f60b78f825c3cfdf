"""Inverse dynamics of one state in plain Python lists: the baseline of ``bench_rnea.py``.

Written from the book's equations (§3.2.3: eq-rnea-pose, eq-rnea-twist,
eq-rnea-accel, eq-rnea-body, eq-rnea-wrench, eq-rnea-torque) with nothing but
lists of floats and :mod:`math`, the way a first implementation without an
array library would be: every 6x6 map (the adjoint of a link pose, the bracket
of a twist) is filled as six rows of six numbers and applied entry by entry,
its zero blocks included.  Its purpose is to measure what such code costs per
call; it is not a package algorithm (``chaindyn.rnea`` is the reference, and
``bench_rnea.py`` compares the two before timing).

Unlike ``chaindyn.rnea``, the forward sweep also forms each link's own wrench
``G_i V̇_i - ad_{V_i}^T G_i V_i`` (it needs only that link's twist and its
rate), so the backward sweep is an accumulation of the carried wrench alone.
"""

from __future__ import annotations

from math import cos, sin


def _dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def _apply(rows, x):
    """rows @ x for a matrix stored as a list of rows."""
    return [_dot(row, x) for row in rows]


def _apply_transposed(rows, y):
    """rows^T @ y, column by column, without forming the transpose."""
    out = [0.0] * len(rows[0])
    for row, y_k in zip(rows, y):
        for j, r in enumerate(row):
            out[j] += r * y_k
    return out


def _combine(*terms):
    """Σ c_k x_k for (c_k, x_k) pairs of a scalar and a vector."""
    out = [0.0] * len(terms[0][1])
    for c, x in terms:
        for j, xj in enumerate(x):
            out[j] += c * xj
    return out


def _cross_matrix(x):
    """[x]: the 3x3 matrix of x × (eq-rnea-skew)."""
    return [[0.0, -x[2], x[1]], [x[2], 0.0, -x[0]], [-x[1], x[0], 0.0]]


def _matmul(A, B):
    columns = list(zip(*B))
    return [[_dot(row, col) for col in columns] for row in A]


_IDENTITY = ([1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0])


def _screw_pose(axis, angle):
    """e^{[A] angle} as a 4x4 homogeneous matrix (eq-rnea-exp): rows of R = 1 + sin [ŵ]
    + (1 - cos) [ŵ]², translation Γ u = angle u + (1 - cos) [ŵ] u + (angle - sin) [ŵ]² u."""
    w_hat, u = axis[:3], axis[3:]
    if any(w_hat):
        W = _cross_matrix(w_hat)
        W2 = _matmul(W, W)
        sn, vers = sin(angle), 1.0 - cos(angle)
        rot = [_combine((1.0, e), (sn, w), (vers, w2)) for e, w, w2 in zip(_IDENTITY, W, W2)]
        trans = _combine((angle, u), (vers, _apply(W, u)), (angle - sn, _apply(W2, u)))
    else:  # prismatic: a pure translation along u
        rot, trans = [list(e) for e in _IDENTITY], [angle * x for x in u]
    return [r + [t] for r, t in zip(rot, trans)] + [[0.0, 0.0, 0.0, 1.0]]


def _adjoint_of(T):
    """The 6x6 Ad_T of a 4x4 pose T = (R, p) (eq-rnea-adjoint): [[R, 0], [[p] R, R]]."""
    R = [row[:3] for row in T[:3]]
    pR = _matmul(_cross_matrix([row[3] for row in T[:3]]), R)
    return [R[r] + [0.0, 0.0, 0.0] for r in range(3)] + [pR[r] + R[r] for r in range(3)]


def _bracket_of(V):
    """The 6x6 ad_V of a twist V = (ω, v) (eq-rnea-bracket): [[[ω], 0], [[v], [ω]]]."""
    Wm, Vm = _cross_matrix(V[:3]), _cross_matrix(V[3:])
    return [Wm[r] + [0.0, 0.0, 0.0] for r in range(3)] + [Vm[r] + Wm[r] for r in range(3)]


def rnea_lists(home, screws, inertias, q, qd, qdd, g):
    """Joint torques of one state (N m, or N for a prismatic joint), no tip wrench.

    Parameters
    ----------
    home, screws, inertias : nested lists
        ``Chain.home.tolist()``, ``Chain.screws.tolist()``,
        ``Chain.inertias.tolist()``: M_{i,i-1} (4x4), A_i (6) and G_i (6x6).
    q, qd, qdd : list of float, length n
    g : list of 3 floats
        Gravity in {0}, m/s^2; it enters as the base acceleration (0, -g).
    """
    twist = [0.0] * 6
    rate = [0.0, 0.0, 0.0] + [-x for x in g]  # V̇_0 = (0, -g), eq-rnea-gravity
    adjoints, own_wrenches = [], []
    for M, A, G, qi, qdi, qddi in zip(home, screws, inertias, q, qd, qdd):
        X = _adjoint_of(_matmul(_screw_pose(A, -qi), M))  # Ad of T_{i,i-1}, eq-rnea-pose
        twist = _combine((1.0, _apply(X, twist)), (qdi, A))  # eq-rnea-twist
        rate = _combine((1.0, _apply(X, rate)), (qdi, _apply(_bracket_of(twist), A)),
                        (qddi, A))  # eq-rnea-accel
        momentum = _apply(G, twist)
        own = _combine((1.0, _apply(G, rate)),
                       (-1.0, _apply_transposed(_bracket_of(twist), momentum)))  # eq-rnea-body
        adjoints.append(X)
        own_wrenches.append(own)
    tau = [0.0] * len(q)
    carried = [0.0] * 6  # the wrench that link i+1 takes from link i, in {i}; F_tip = 0
    for i in reversed(range(len(q))):
        wrench = _combine((1.0, own_wrenches[i]), (1.0, carried))  # eq-rnea-wrench
        tau[i] = _dot(wrench, screws[i])  # eq-rnea-torque
        carried = _apply_transposed(adjoints[i], wrench)  # F_i in {i-1}
    return tau
