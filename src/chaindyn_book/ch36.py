"""The computations behind chapter 3.6.1-3.6.4 (derivatives of the dynamics).

The derivatives themselves are :func:`chaindyn.rnea_derivatives` and
:func:`chaindyn.aba_derivatives`; this module holds what the chapter checks
them with and counts them by:

* :func:`reference_rnea`, a small RNEA of Modern Robotics §8.3.2 in plain,
  complex-safe numpy (the library refuses complex input on purpose), and
  :func:`complex_step_jacobians` built on it;
* :func:`fd_rnea_jacobians`, forward or central differences of
  :func:`chaindyn.rnea`, the perturbed states in one batched call;
* :func:`fd_step_errors`, the error of the three numerical derivatives
  against the analytical one as the step ``h`` varies (figure fd_step);
* :func:`opcount_rows` and :func:`fit_polynomial`, the counted
  multiplications and additions of the derivative routines on random chains
  and the exact polynomials that fit them (table ch36_opcount.csv).

Roundoff-level results (1e-17 to 1e-9) are compared with the bounds in
:data:`BOUNDS`, never digit for digit.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np

import chaindyn as cd
from chaindyn import models
from chaindyn.inverse_dynamics import STANDARD_GRAVITY
from chaindyn.opcount import count

__all__ = [
    "GRAVITY",
    "BOUNDS",
    "EPS",
    "example_state",
    "reference_rnea",
    "complex_step_jacobians",
    "fd_rnea_jacobians",
    "relative_error",
    "fd_step_errors",
    "fd_step_summary",
    "FD_STEPS",
    "opcount_rows",
    "fit_polynomial",
    "polynomial_text",
]

#: Gravity of the chapter's examples, m/s^2 (z of {0} up), as in chapters 3.2-3.5.
GRAVITY = np.array([0.0, 0.0, -STANDARD_GRAVITY])
#: Machine epsilon of float64.
EPS = float(np.finfo(float).eps)
#: Bounds of roundoff-level differences, relative to the largest entry of the reference.
BOUNDS = {
    "pinocchio": 1e-9,      # against computeRNEADerivatives / computeABADerivatives
    "complex_step": 1e-12,  # rnea derivatives against complex-step differentiation (h = 1e-30)
    "central": 1e-6,        # against central differences at h = 1e-6
    "reference_rnea": 1e-12,  # reference_rnea against chaindyn.rnea
    "fd_forward_best": 1e-6,  # smallest forward-difference error over the steps of the figure
    "fd_central_best": 1e-9,  # smallest central-difference error over the steps of the figure
    "cs_small_h": 1e-14,    # complex-step error at every h <= 1e-8
}


def example_state():
    """The chapter's state of the 6R arm: (q, qd, qdd, tau), each (6,).

    Units rad, rad/s, rad/s^2 and N m."""
    q = np.array([0.3, -0.8, 1.1, 0.4, -0.6, 0.9])
    qd = np.array([0.5, -0.4, 0.7, -0.9, 0.6, -0.3])
    qdd = np.array([0.2, 0.5, -0.6, 0.8, -0.4, 0.3])
    tau = np.array([1.0, -20.0, 6.0, 0.5, -0.3, 0.1])
    return q, qd, qdd, tau


# ------------------------------------------------------------------ complex step


def _hat(x):
    return np.array([[0, -x[2], x[1]], [x[2], 0, -x[0]], [-x[1], x[0], 0]])


def _ad(V):
    return np.block([[_hat(V[:3]), np.zeros((3, 3))], [_hat(V[3:]), _hat(V[:3])]])


def reference_rnea(chain, q, qd, qdd, gravity, f_tip=None):
    """The RNEA of Modern Robotics §8.3.2 in plain numpy that also takes complex input.

    Rodrigues' formula for ``exp(-[A_i] q_i)``, ``Ad_T = [[R, 0], [[p] R, R]]``,
    ``ad_V = [[[w], 0], [[v], [w]]]``; the same recursion as :func:`chaindyn.rnea`
    written independently of it, for complex-step differentiation.

    Parameters
    ----------
    chain : Chain
    q, qd, qdd : array_like, shape (n,)
        Joint positions, velocities, accelerations (rad or m, per s, per s^2); real or complex.
    gravity : array_like, shape (3,)
        Gravity in {0}, m/s^2.
    f_tip : array_like, shape (6,), optional
        F_tip = (moment, force) that the end effector applies to the environment, in {n}.

    Returns
    -------
    ndarray, shape (n,)
        Joint torques (N m or N), complex when an input is.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn import models, rnea
    >>> arm = models.planar_2r()
    >>> q, qd, qdd = [0.1, 0.2], [0.3, 0.4], [0.5, 0.6]
    >>> tau = reference_rnea(arm, q, qd, qdd, [0, -9.81, 0])
    >>> bool(np.allclose(tau, rnea(arm, q, qd, qdd, [0, -9.81, 0]), rtol=1e-12))
    True
    """
    q, qd, qdd = (np.asarray(x) for x in (q, qd, qdd))
    V, Vd = np.zeros(6), np.r_[0.0, 0.0, 0.0, -np.asarray(gravity, dtype=float)]
    Xs, Vs, Vds = [], [], []
    for i, (A, M) in enumerate(zip(chain.screws, chain.home)):
        w, v, t, W = A[:3], A[3:], -q[i], _hat(A[:3])
        if np.linalg.norm(w) > 0:  # revolute, |w| = 1
            R = np.eye(3) + np.sin(t) * W + (1 - np.cos(t)) * W @ W
            p = (np.eye(3) * t + (1 - np.cos(t)) * W + (t - np.sin(t)) * W @ W) @ v
        else:
            R, p = np.eye(3), v * t
        R, p = R @ M[:3, :3], R @ M[:3, 3] + p
        X = np.block([[R, np.zeros((3, 3))], [_hat(p) @ R, R]])
        V = X @ V + A * qd[i]
        Vd = X @ Vd + _ad(V) @ A * qd[i] + A * qdd[i]
        Xs, Vs, Vds = Xs + [X], Vs + [V], Vds + [Vd]
    F, tau = (np.zeros(6) if f_tip is None else np.asarray(f_tip)), [0] * chain.n
    for i in reversed(range(chain.n)):
        G = chain.inertias[i]
        F = F + G @ Vds[i] - _ad(Vs[i]).T @ G @ Vs[i]
        tau[i] = chain.screws[i] @ F
        F = Xs[i].T @ F
    return np.array(tau)


def complex_step_jacobians(chain, q, qd, qdd, gravity, f_tip=None, h=1e-30):
    """``dtau/dq`` and ``dtau/dqd`` by complex steps: ``Im tau(x + i h e_j) / h``.

    No difference of two nearly equal numbers is formed, so ``h`` can be as small as
    1e-30 and the result is exact to roundoff (truncation ~h^2).

    Returns
    -------
    (ndarray, ndarray), each shape (n, n)
        ``[i, j] = d tau_i / d q_j`` and ``d tau_i / d qd_j``.
    """
    q, qd, qdd = (np.asarray(x, dtype=float) for x in (q, qd, qdd))
    E = np.eye(chain.n)
    dq = np.stack([reference_rnea(chain, q + 1j * h * E[j], qd, qdd, gravity, f_tip).imag / h
                   for j in range(chain.n)], axis=-1)
    dqd = np.stack([reference_rnea(chain, q, qd + 1j * h * E[j], qdd, gravity, f_tip).imag / h
                    for j in range(chain.n)], axis=-1)
    return dq, dqd


# ------------------------------------------------------------------ finite differences


def fd_rnea_jacobians(chain, q, qd, qdd, gravity=GRAVITY, f_tip=None, h=1e-6,
                      scheme="central"):
    """``dtau/dq`` and ``dtau/dqd`` by finite differences of :func:`chaindyn.rnea`.

    ``scheme="forward"``: ``(tau(x + h e_j) - tau(x)) / h``, 2n + 1 evaluations;
    ``"central"``: ``(tau(x + h e_j) - tau(x - h e_j)) / (2 h)``, 4n evaluations.
    The perturbed states go to ``rnea`` as one batch.

    Raises
    ------
    ValueError
        If ``scheme`` is neither "forward" nor "central".
    """
    if scheme not in ("forward", "central"):
        raise ValueError(f"scheme must be 'forward' or 'central', got {scheme!r}")
    q, qd, qdd = (np.asarray(x, dtype=float) for x in (q, qd, qdd))
    n = q.shape[-1]
    H = h * np.eye(n)
    Q = np.concatenate([q + H, np.tile(q, (n, 1))])
    QD = np.concatenate([np.tile(qd, (n, 1)), qd + H])
    if scheme == "central":
        Q = np.concatenate([Q, q - H, np.tile(q, (n, 1))])
        QD = np.concatenate([QD, np.tile(qd, (n, 1)), qd - H])
    else:
        Q, QD = np.concatenate([Q, q[None]]), np.concatenate([QD, qd[None]])
    tau = cd.rnea(chain, Q, QD, np.broadcast_to(qdd, Q.shape), gravity, f_tip)
    plus = tau[: 2 * n]
    if scheme == "central":
        d = (plus - tau[2 * n:]) / (2 * h)
    else:
        d = (plus - tau[2 * n]) / h
    return d[:n].T, d[n:].T


def relative_error(a, b):
    """``max |a - b| / max |b|``: the chapter's measure of the difference of two matrices."""
    return float(np.max(np.abs(np.asarray(a) - b)) / np.max(np.abs(b)))


def fd_step_errors(steps, chain=None, state=None, gravity=GRAVITY):
    """Errors of three numerical ``dtau/dq`` against :func:`chaindyn.rnea_derivatives`.

    Parameters
    ----------
    steps : array_like, shape (k,)
        Step sizes h (rad).
    chain, state : optional
        Default the 6R arm at :func:`example_state`.

    Returns
    -------
    dict of ndarray, shape (k,)
        ``"forward"``, ``"central"`` and ``"complex"``: relative errors (``relative_error``).
    """
    chain = models.arm6r() if chain is None else chain
    q, qd, qdd, _ = example_state() if state is None else state
    exact, _ = cd.rnea_derivatives(chain, q, qd, qdd, gravity)
    out = {"forward": [], "central": [], "complex": []}
    for h in np.asarray(steps, dtype=float):
        for scheme in ("forward", "central"):
            dq, _ = fd_rnea_jacobians(chain, q, qd, qdd, gravity, h=h, scheme=scheme)
            out[scheme].append(relative_error(dq, exact))
        E = np.eye(chain.n)
        cs = np.stack([reference_rnea(chain, q + 1j * h * E[j], qd, qdd, gravity).imag / h
                       for j in range(chain.n)], axis=-1)
        out["complex"].append(relative_error(cs, exact))
    return {k: np.array(v) for k, v in out.items()}


def fd_step_summary(steps, errors):
    """What the fd_step figure shows, as values that roundoff cannot change.

    The theory: forward differences balance truncation ~h against roundoff ~eps/h at
    h ~ eps^(1/2), central differences ~h^2 against eps/h at h ~ eps^(1/3); the complex
    step has no roundoff branch.  Returns ``(header, rows)``, one row per scheme:
    the theoretical optimal step as a power of ten (exponent to one decimal), whether the
    measured best step lies within a factor 100 of it, the slope of log error against
    log h on the truncation branch (the steps >= 1e-3, to one decimal), the bound on
    the best error (for the complex step: on the error at every h <= 1e-8) and whether
    it held.
    """
    steps = np.asarray(steps, dtype=float)
    big = steps >= 1e-3
    rows = []
    for scheme, power, bound in (("forward", 1 / 2, BOUNDS["fd_forward_best"]),
                                 ("central", 1 / 3, BOUNDS["fd_central_best"]),
                                 ("complex", None, BOUNDS["cs_small_h"])):
        e = np.asarray(errors[scheme])
        slope = float(np.polyfit(np.log10(steps[big]), np.log10(e[big]), 1)[0])
        if power is None:
            opt, near, held = "", "", bool(np.all(e[steps <= 1e-8] <= bound))
        else:
            h_opt = EPS ** power
            h_best = steps[int(np.argmin(e))]
            opt = round(float(np.log10(h_opt)), 1)
            near = bool(abs(np.log10(h_best / h_opt)) <= 2.0)
            held = bool(e.min() <= bound)
        rows.append([scheme, opt, near, round(slope, 1), f"{bound:.0e}", held])
    header = ["scheme", "optimal_step_log10", "best_step_within_100x", "truncation_slope",
              "bound", "within_bound"]
    return header, rows


# ------------------------------------------------------------------ operation counts

#: Step sizes of the fd_step figure: four per decade, 1e-16 .. 1e-1 (rad).
FD_STEPS = 10.0 ** np.arange(-16.0, -0.9, 0.25)

#: The routines counted by :func:`opcount_rows`: name -> fn(chain, q, qd, x) for one state.
COUNTED = {
    "rnea": lambda c, q, qd, x: cd.rnea(c, q, qd, x, GRAVITY),
    "rnea_derivatives": lambda c, q, qd, x: cd.rnea_derivatives(c, q, qd, x, GRAVITY),
    "aba": lambda c, q, qd, x: cd.aba(c, q, qd, x, GRAVITY),
    "inverse_mass_matrix": lambda c, q, qd, x: cd.inverse_mass_matrix(c, q),
    "aba_derivatives": lambda c, q, qd, x: cd.aba_derivatives(c, q, qd, x, GRAVITY),
    "fd_forward": lambda c, q, qd, x: fd_rnea_jacobians(c, q, qd, x, GRAVITY, scheme="forward"),
    "fd_central": lambda c, q, qd, x: fd_rnea_jacobians(c, q, qd, x, GRAVITY, scheme="central"),
}
#: The counting rules of chaindyn.opcount; "all" + "additions" is the flop count.
RULES = ("products", "all", "additions")


def opcount_rows(ns=range(1, 13)):
    """Counted operations of one call on random all-revolute chains, n in ``ns``.

    Returns ``(header, rows)``: a row per n, a column ``<routine>_<rule>`` for every
    routine of :data:`COUNTED` and rule of :data:`RULES`.  The counts are integers that
    do not depend on the chain's values (no branch on them).
    """
    header = ["n"] + [f"{name}_{rule}" for name in COUNTED for rule in RULES]
    rows = []
    for n in ns:
        rng = np.random.default_rng(3600 + n)
        chain = models.random_chain(n, rng)  # all revolute
        q, qd, x = rng.uniform(-1.0, 1.0, (3, n))
        rows.append([n] + [count(fn, chain, q, qd, x, rule=rule)
                           for fn in COUNTED.values() for rule in RULES])
    return header, rows


def fit_polynomial(ns, values, degree):
    """The exact polynomial of ``degree`` through the first ``degree + 1`` points.

    Interpolated in rational arithmetic (``sympy.interpolate``); returns the
    coefficients, highest power first, as Fractions, and the list of
    ``(n, value, polynomial(n))`` where the other points disagree (empty when the
    polynomial fits every point).

    Raises
    ------
    ValueError
        If there are fewer than ``degree + 1`` points.

    Examples
    --------
    >>> coef, off = fit_polynomial([1, 2, 3, 4], [5, 14, 27, 44], 2)
    >>> [int(c) for c in coef], off
    ([2, 3, 0], [])
    """
    import sympy as sp

    ns, values = list(ns), list(values)
    k = degree + 1
    if len(ns) < k:
        raise ValueError(f"need at least {k} points for degree {degree}, got {len(ns)}")
    x = sp.Symbol("n")
    points = [(sp.Integer(n), sp.Rational(v)) for n, v in zip(ns[:k], values[:k])]
    found = sp.Poly(sp.interpolate(points, x), x).all_coeffs()  # a zero leading term is dropped
    coef = [Fraction(0)] * (k - len(found)) + [Fraction(int(c.p), int(c.q)) for c in found]
    off = []
    for n, v in zip(ns, values):
        p = sum(c * Fraction(n) ** (degree - i) for i, c in enumerate(coef))
        if p != v:
            off.append((n, v, p))
    return coef, off


def polynomial_text(coef, var="n"):
    """``2 n³ + 561 n² + 2190 n − 1008``: integer coefficients as the book prints them.

    Raises
    ------
    ValueError
        If a coefficient is not an integer.
    """
    sup = {2: "²", 3: "³", 4: "⁴"}
    terms = []
    degree = len(coef) - 1
    for i, c in enumerate(coef):
        if c.denominator != 1:
            raise ValueError(f"coefficients must be integers, got {c}")
        c, p = int(c), degree - i
        if c == 0:
            continue
        mono = "" if p == 0 else (var if p == 1 else f"{var}{sup[p]}")
        body = f"{abs(c)}" + (f" {mono}" if mono else "")
        if mono and abs(c) == 1:
            body = mono
        terms.append(("−" if c < 0 else "+", body))
    text = ("−" if terms[0][0] == "−" else "") + terms[0][1]
    for sign, body in terms[1:]:
        text += f" {sign} {body}"
    return text
