"""A plain-Python RNEA on nested lists: the timing baseline of ``bench_rnea.py``.

It is written the way the chapter's specification text writes its code
(Python lists, 6x6 adjoints multiplied densely, no numpy), to measure what
that style costs per call.  It is a benchmark baseline, not a package
algorithm: ``chaindyn.rnea`` is the reference, and ``bench_rnea.py`` checks
this function against it before timing it.
"""

from __future__ import annotations

from math import cos, sin


def _mm(A, B):
    return [[sum(a * b for a, b in zip(row, col)) for col in zip(*B)] for row in A]


def _mv(A, x):
    return [sum(a * b for a, b in zip(row, x)) for row in A]


def _skew(x):
    return [[0.0, -x[2], x[1]], [x[2], 0.0, -x[0]], [-x[1], x[0], 0.0]]


def _blocks(a, b, c, d):
    """[[a, b], [c, d]] from 3x3 blocks."""
    return [ra + rb for ra, rb in zip(a, b)] + [rc + rd for rc, rd in zip(c, d)]


_ZERO = [[0.0] * 3 for _ in range(3)]
_EYE = [[float(i == j) for j in range(3)] for i in range(3)]


def _adjoint(R, p):
    return _blocks(R, _ZERO, _mm(_skew(p), R), R)


def _ad(V):
    w, v = _skew(V[:3]), _skew(V[3:])
    return _blocks(w, _ZERO, v, w)


def _transpose(A):
    return [list(r) for r in zip(*A)]


def _exp(A, t):
    """exp([A] t) as (R, p), Rodrigues' formula."""
    w, v = A[:3], A[3:]
    if not any(w):
        return [row[:] for row in _EYE], [x * t for x in v]
    K = _skew(w)
    K2 = _mm(K, K)
    s, c = sin(t), 1.0 - cos(t)
    R = [[_EYE[i][j] + s * K[i][j] + c * K2[i][j] for j in range(3)] for i in range(3)]
    P = [[_EYE[i][j] * t + c * K[i][j] + (t - s) * K2[i][j] for j in range(3)] for i in range(3)]
    return R, _mv(P, v)


def rnea_lists(home, screws, inertias, q, qd, qdd, g):
    """Torques of one state; all arguments are nested Python lists (chain arrays ``.tolist()``)."""
    n = len(q)
    Vp, Vdp = [0.0] * 6, [0.0, 0.0, 0.0] + [-x for x in g]
    Ads, Vs, Vds = [], [], []
    for i in range(n):
        Re, pe = _exp(screws[i], -q[i])
        Rm = [row[:3] for row in home[i][:3]]
        pm = [row[3] for row in home[i][:3]]
        R = _mm(Re, Rm)
        p = [a + b for a, b in zip(_mv(Re, pm), pe)]
        Ad = _adjoint(R, p)
        A = screws[i]
        V = [a + b * qd[i] for a, b in zip(_mv(Ad, Vp), A)]
        Vd = [a + b * qd[i] + c * qdd[i] for a, b, c in zip(_mv(Ad, Vdp), _mv(_ad(V), A), A)]
        Ads.append(Ad)
        Vs.append(V)
        Vds.append(Vd)
        Vp, Vdp = V, Vd
    F = [0.0] * 6
    tau = [0.0] * n
    for i in reversed(range(n)):
        G = inertias[i]
        bias = _mv(_transpose(_ad(Vs[i])), _mv(G, Vs[i]))
        F = [f + a - b for f, a, b in zip(F, _mv(G, Vds[i]), bias)]
        tau[i] = sum(f * a for f, a in zip(F, screws[i]))
        F = _mv(_transpose(Ads[i]), F)
    return tau
