"""The computations behind chapter 3.4 (properties of the equations of motion).

Each function runs chaindyn on the book's example chains and returns plain
numbers; the chapter glues them and ``figsrc/`` draws them.  The searches over
joint space (eigenvalue bounds of M, the bounds k_g and k_c) and the passivity
simulation take a minute and run in ``figsrc/study_34_bounds.py``; the
functions here do one evaluation each, and :func:`read_csv` reads the
committed results.

Seeds are fixed; quantities at roundoff level (1e-16 to 1e-11) are reported
against a bound, never compared digit for digit.
"""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np

from chaindyn import models
from chaindyn.composite import crba
from chaindyn.inverse_dynamics import STANDARD_GRAVITY, rnea
from chaindyn.lagrange import coriolis_matrix, mass_matrix_dot
from chaindyn.quantities import gravity_torque, kinetic_energy
from chaindyn.regressors import energy_regressor, inertial_parameters, regressor

__all__ = [
    "SEED",
    "GRAVITY",
    "BOUNDS",
    "ROBOTS",
    "robot",
    "read_csv",
    "mass_eigenvalues",
    "joint_sensitivity",
    "mass_matrix_from_parameters",
    "degenerate_parameters",
    "gravity_norm",
    "coriolis_gain",
    "search_extreme",
    "skew_check",
    "potential_energy",
    "total_energy",
    "passivity_run",
    "regressor_check",
    "power_check",
    "lagrange_check",
    "zero_blocks",
    "pinocchio_check",
]

#: Seed of every random draw of the chapter.
SEED = 34
#: Gravity of the chapter's examples, m/s^2 (z of {0} points up), as in chapters 3.2 and 3.3.
GRAVITY = (0.0, 0.0, -STANDARD_GRAVITY)
#: Bounds of the roundoff-level results, relative to the largest magnitude of the reference.
BOUNDS = {
    "q1": 1e-12,          # max |M(q + s e_1) - M(q)| / max |M|
    "regressor": 1e-12,   # max |Y pi - rnea| / max |rnea|
    "skew": 1e-12,        # |q̇^T (Mdot - 2C) q̇| / (|q̇|^2 max |Mdot|), and the skew defect
    "columns": 1e-12,     # M from the regressor's columns against crba
    "power": 1e-7,        # central differences, step 1e-5: truncation ~1e-10
    "lagrange": 1e-5,     # nested central differences, step 1e-4
    "passivity": 1e-7,    # energy balance of the simulation, integrator tolerance 1e-11
    "pinocchio": 1e-10,   # Y against Pinocchio's computeJointTorqueRegressor
}
#: The real robots of the chapter (names of chaindyn_book.crosscheck.ROBOTS).
ROBOTS = ("UR5", "Panda")
DATA = Path(__file__).resolve().parents[2] / "data"


def _rng(offset=0):
    return np.random.default_rng(SEED + offset)


def _rel(a, b):
    b = np.asarray(b)
    return float(np.abs(np.asarray(a) - b).max() / max(np.abs(b).max(), 1e-300))


def robot(name):
    """The chapter's chains by name: ``"6R 팔"`` (models.arm6r), ``"UR5"``, ``"Panda"``.

    The real robots are read from example-robot-data's URDF files by
    :func:`chaindyn.urdf.load` (as in chapter 3.5's cross-check); Panda without
    its fingers (seven joints).

    Raises
    ------
    ValueError
        For any other name.
    """
    if name == "6R 팔":
        return models.arm6r()
    if name not in ROBOTS:
        raise ValueError(f"name must be '6R 팔' or one of {', '.join(ROBOTS)}, got {name!r}")
    from chaindyn_book import crosscheck

    return crosscheck.robot_chain(name)


def read_csv(name):
    """Rows of ``data/<name>`` as dicts of strings."""
    with open(DATA / name, encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


# ----------------------------------------------------------------------------- 3.4.1 mass matrix
def mass_eigenvalues(chain, q):
    """Eigenvalues of M(q) in ascending order, shape (..., n) (kg m^2 for revolute joints)."""
    return np.linalg.eigvalsh(crba(chain, q))


def joint_sensitivity(chain, fn, samples=200, seed=0):
    """How much ``fn(chain, q)`` changes when one joint alone moves, for every joint.

    Parameters
    ----------
    chain : Chain
    fn : callable
        ``fn(chain, q)`` for a batch q of shape (N, n), returning an array (N, ...).
    samples : int
        Random configurations, uniform in [-pi, pi]^n, each joint moved by a
        random shift in [-pi, pi].

    Returns
    -------
    ndarray, shape (n,)
        ``max |fn(q + s e_k) - fn(q)| / max |fn(q)|`` for k = 1..n: zero (up to
        roundoff) when fn does not depend on q_k.
    """
    rng = _rng(100 + seed)
    q = rng.uniform(-np.pi, np.pi, (samples, chain.n))
    base = fn(chain, q)
    out = np.zeros(chain.n)
    for k in range(chain.n):
        qs = q.copy()
        qs[:, k] += rng.uniform(-np.pi, np.pi, samples)
        out[k] = _rel(fn(chain, qs), base) if np.abs(base).max() > 0 else 0.0
    return out


def mass_matrix_from_parameters(chain, q, pi):
    """M(q) for any parameter vector pi of the chain's geometry, column by column from the
    regressor: column k is ``Y(q, 0, e_k, g = 0) pi`` (eq-34-regressor).

    A Chain holds physical inertias only; this function reaches the degenerate
    ones (a point mass on an axis, massless links) whose M is only semidefinite.

    Returns
    -------
    ndarray, shape (n, n)
    """
    n = chain.n
    q = np.broadcast_to(np.asarray(q, dtype=float), (n, n))
    Y = regressor(chain, q, np.zeros((n, n)), np.eye(n), gravity=(0.0, 0.0, 0.0))
    return (Y @ np.asarray(pi, dtype=float)).T  # row k of the product is column k of M


def degenerate_parameters(chain, case):
    """The chain's parameters with a degenerate last part.

    Parameters
    ----------
    chain : Chain
    case : str
        ``"point-mass"``: link n becomes a point mass of the same mass on its
        joint axis (at 0.1 m along z of {n}; the axis of a Chain's joint is z of
        its frame for the models of this book, which the function checks);
        ``"massless"``: links n-1 and n carry nothing.

    Returns
    -------
    ndarray, shape (10 n,)

    Raises
    ------
    ValueError
        For another case, or when joint n's axis is not z of {n} through the origin.
    """
    pi = inertial_parameters(chain).copy()
    n = chain.n
    if case == "point-mass":
        if not np.allclose(chain.screws[-1], [0, 0, 1, 0, 0, 0]):
            raise ValueError(f"joint n's screw must be (0, 0, 1, 0, 0, 0), got {chain.screws[-1]}")
        m = pi[10 * (n - 1)]
        c = np.array([0.0, 0.0, 0.1])
        I_bar = -m * np.array([[0, -c[2], c[1]], [c[2], 0, -c[0]], [-c[1], c[0], 0]]) @ \
            np.array([[0, -c[2], c[1]], [c[2], 0, -c[0]], [-c[1], c[0], 0]])
        iu = np.triu_indices(3)
        pi[10 * (n - 1):] = np.concatenate([[m], m * c, I_bar[iu]])
    elif case == "massless":
        pi[10 * (n - 2):] = 0.0
    else:
        raise ValueError(f"case must be 'point-mass' or 'massless', got {case!r}")
    return pi


def gravity_norm(chain, q):
    """``||g(q)||_2`` (N m), shape (...,)."""
    return np.linalg.norm(gravity_torque(chain, q, GRAVITY), axis=-1)


# ----------------------------------------------------------------------------- 3.4.2 C(q, q̇)
def coriolis_gain(chain, q, u):
    """``||C(q, u / |u|)||_2``: the largest singular value of the Christoffel matrix at a unit
    velocity direction.  Shape (...,); units of M per second per unit of q̇."""
    u = np.asarray(u, dtype=float)
    u = u / np.linalg.norm(u, axis=-1, keepdims=True)
    return np.linalg.norm(coriolis_matrix(chain, q, u), ord=2, axis=(-2, -1))


def search_extreme(fun, lo, hi, samples, starts, seed=0, sign=1.0):
    """The largest (``sign = 1``) or smallest (``sign = -1``) value of ``fun`` over a box,
    by sampling and then local optimisation from the best samples.

    Parameters
    ----------
    fun : callable
        ``fun(X)`` for X of shape (N, d), returning shape (N,).
    lo, hi : array_like, shape (d,)
        The box; samples are uniform in it, the optimiser runs unbounded (the
        functions of this chapter are periodic in the joint angles).
    samples : int
    starts : int
        How many of the best samples start ``scipy.optimize.minimize`` (L-BFGS-B).

    Returns
    -------
    dict
        ``sampled`` (best sampled value), ``optimised`` (best value after
        optimisation, never worse than ``sampled``), ``x`` (its argument),
        ``values`` (all sampled values, shape (samples,)).
    """
    from scipy.optimize import minimize

    rng = _rng(200 + seed)
    lo, hi = np.asarray(lo, float), np.asarray(hi, float)
    X = lo + (hi - lo) * rng.uniform(size=(samples, lo.size))
    vals = np.asarray(fun(X), dtype=float)
    order = np.argsort(-sign * vals)
    best_x, best = X[order[0]], float(vals[order[0]])
    sampled = best
    for k in order[:starts]:
        res = minimize(lambda x: -sign * float(fun(x[None])[0]), X[k], method="L-BFGS-B",
                       options={"ftol": 1e-15, "gtol": 1e-10, "maxiter": 500})
        val = -sign * float(res.fun)
        if sign * val > sign * best:
            best, best_x = val, res.x
    return {"sampled": sampled, "optimised": best, "x": best_x, "values": vals}


def skew_check(chain, states=20, seed=0):
    """``q̇^T (Mdot - 2C) q̇`` for the Christoffel and the Newton-Euler factorisation, and the
    skew defect ``max |S + S^T|`` of ``S = Mdot - 2C``, relative to ``|q̇|^2 max |Mdot|`` and
    ``max |Mdot|``, on random states.

    Returns
    -------
    dict
        ``power``: largest relative ``|q̇^T S q̇|`` of both factorisations
        (roundoff); ``skew_christoffel`` (roundoff); ``skew_ne`` (order one).
    """
    rng = _rng(300 + seed)
    q = rng.uniform(-np.pi, np.pi, (states, chain.n))
    qd = rng.uniform(-2, 2, (states, chain.n))
    Md = mass_matrix_dot(chain, q, qd)
    scale = np.abs(Md).max()
    power, skew = 0.0, {}
    for form in ("christoffel", "newton-euler"):
        S = Md - 2 * coriolis_matrix(chain, q, qd, form)
        p = np.abs(np.einsum("si,sij,sj->s", qd, S, qd)) / np.einsum("si,si->s", qd, qd)
        power = max(power, float(p.max() / scale))
        skew[form] = float(np.abs(S + np.swapaxes(S, -1, -2)).max() / scale)
    return {"power": power, "skew_christoffel": skew["christoffel"],
            "skew_ne": skew["newton-euler"]}


# ----------------------------------------------------------------------------- 3.4.3 passivity
def potential_energy(chain, q, gravity=GRAVITY):
    """``U(q) = y_U(q) pi`` (J), zero with every link's frame at the origin of {0}."""
    _, yP = energy_regressor(chain, q, np.zeros_like(np.asarray(q, float)), gravity)
    return yP @ inertial_parameters(chain)


def total_energy(chain, q, qd, gravity=GRAVITY):
    """``E = K + U`` (J) from the energy regressor, ``(y_K + y_U) pi``."""
    yK, yP = energy_regressor(chain, q, qd, gravity)
    return (yK + yP) @ inertial_parameters(chain)


def passivity_run(chain, tau, T, q0, qd0, samples=101, rtol=1e-11, atol=1e-11):
    """Simulate ``M q̈ + C q̇ + g = tau`` (no friction) and integrate the power ``q̇^T tau``.

    Parameters
    ----------
    chain : Chain
    tau : callable
        ``tau(t, q, qd)`` -> (n,), N m: a torque of time, or a state feedback
        such as the damping ``-D qd``.
    T : float
        Duration, s.
    q0, qd0 : array_like, shape (n,)
    samples : int
        Output times, evenly spaced in [0, T].

    Returns
    -------
    dict
        ``t``, ``q``, ``qd``, ``W`` (the supplied work ``∫ q̇^T tau dt``, integrated
        with the state), ``K``, ``U`` and ``E = K + U`` (J) at the output times,
        ``balance`` (``max |W - (E - E(0))| / max |E - E(0)|``) and ``nfev``.
    """
    from scipy.integrate import solve_ivp

    from chaindyn.articulated import aba

    n = chain.n

    def rhs(t, x):
        q, qd = x[:n], x[n:2 * n]
        ta = np.asarray(tau(t, q, qd), dtype=float)
        qdd = aba(chain, q, qd, ta, gravity=GRAVITY)
        return np.concatenate([qd, qdd, [qd @ ta]])

    x0 = np.concatenate([q0, qd0, [0.0]])
    t_eval = np.linspace(0.0, T, samples)
    sol = solve_ivp(rhs, (0.0, T), x0, method="DOP853", t_eval=t_eval, rtol=rtol, atol=atol)
    if not sol.success:
        raise RuntimeError(sol.message)
    q, qd, W = sol.y[:n].T, sol.y[n:2 * n].T, sol.y[2 * n]
    K = kinetic_energy(chain, q, qd)
    U = potential_energy(chain, q)
    E = K + U
    dE = E - E[0]
    return {"t": sol.t, "q": q, "qd": qd, "W": W, "K": K, "U": U, "E": E,
            "balance": float(np.abs(W - dE).max() / np.abs(dE).max()), "nfev": sol.nfev}


# ----------------------------------------------------------------------------- 3.4.4 regressor
def _states(n, states, seed):
    rng = _rng(400 + seed)
    return (rng.uniform(-np.pi, np.pi, (states, n)), rng.uniform(-2, 2, (states, n)),
            rng.uniform(-5, 5, (states, n)))


def regressor_check(chain, states=20, seed=0):
    """``max |Y(q, q̇, q̈) pi - rnea| / max |rnea|`` on random states (roundoff)."""
    q, qd, qdd = _states(chain.n, states, seed)
    tau = rnea(chain, q, qd, qdd, gravity=GRAVITY)
    Y = regressor(chain, q, qd, qdd, gravity=GRAVITY)
    return _rel(Y @ inertial_parameters(chain), tau)


def _d_dt(fn, q, qd, qdd, h):
    """d/dt fn(q, q̇) along q̇, q̈ by central differences (exact for a quadratic path to O(h^2))."""
    return (fn(q + h * qd + 0.5 * h**2 * qdd, qd + h * qdd)
            - fn(q - h * qd + 0.5 * h**2 * qdd, qd - h * qdd)) / (2 * h)


def power_check(chain, states=10, seed=0, h=1e-5):
    """The power form ``q̇^T Y = d/dt (y_K + y_U)`` row by row (for every pi), by central
    differences along the motion; relative to ``max |q̇^T Y|``.
    """
    q, qd, qdd = _states(chain.n, states, seed)
    lhs = np.einsum("si,sij->sj", qd, regressor(chain, q, qd, qdd, gravity=GRAVITY))

    def y(qq, vv):
        yK, yP = energy_regressor(chain, qq, vv, GRAVITY)
        return yK + yP

    return _rel(_d_dt(y, q, qd, qdd, h), lhs)


def lagrange_check(chain, states=3, seed=0, h=1e-4):
    """``Y = d/dt ∂y_K/∂q̇ - ∂(y_K - y_U)/∂q`` by nested central differences, relative to
    ``max |Y|`` (truncation error of the differences, about 1e-7)."""
    q, qd, qdd = _states(chain.n, states, seed)
    n = chain.n
    E = np.eye(n)

    def y(qq, vv):
        return energy_regressor(chain, qq, vv, GRAVITY)

    def dyK_dqd(qq, vv):  # (N, n, 10n)
        return np.stack([(y(qq, vv + h * E[k])[0] - y(qq, vv - h * E[k])[0]) / (2 * h)
                         for k in range(n)], axis=1)

    def dL_dq(qq, vv):
        def lag(a, b):
            yK, yP = y(a, b)
            return yK - yP
        return np.stack([(lag(qq + h * E[k], vv) - lag(qq - h * E[k], vv)) / (2 * h)
                         for k in range(n)], axis=1)

    Y = regressor(chain, q, qd, qdd, gravity=GRAVITY)
    Y_lag = _d_dt(dyK_dqd, q, qd, qdd, h) - dL_dq(q, qd)
    return _rel(Y_lag, Y)


def zero_blocks(chain, seed=0):
    """The 1x10 blocks ``Y[j, block i]`` that vanish on a random state.

    Returns
    -------
    dict
        ``zero`` (count of blocks that are exactly zero), ``structural`` (the blocks
        with link i < joint j, zero by construction: n (n - 1) / 2), ``total`` (n^2).
    """
    q, qd, qdd = _states(chain.n, 1, seed)
    Y = regressor(chain, q[0], qd[0], qdd[0], gravity=GRAVITY)
    n = chain.n
    zero = sum(int(not np.any(Y[j, 10 * i:10 * i + 10])) for j in range(n) for i in range(n))
    structural = sum(int(not np.any(Y[j, 10 * i:10 * i + 10])) for j in range(n) for i in range(j))
    return {"zero": zero, "structural": structural, "total": n * n}


def pinocchio_check(chain=None, states=3, seed=0):
    """The regressor against Pinocchio's ``computeJointTorqueRegressor``, translated by
    :func:`chaindyn.interop.pinocchio_parameter_map` (``Y = Y_pin T``).

    Returns
    -------
    dict
        ``Y`` (largest ``|Y - Y_pin T| / max |Y|`` over the states, roundoff),
        ``params`` (``|T pi - pi_pin| / max |pi_pin|``), ``version``.
    """
    import pinocchio as pin

    from chaindyn import interop

    chain = models.arm6r() if chain is None else chain
    model = interop.to_pinocchio(chain, gravity=GRAVITY)
    data = model.createData()
    T = interop.pinocchio_parameter_map(chain)
    pi_pin = np.concatenate([model.inertias[j].toDynamicParameters()
                             for j in range(1, model.njoints)])
    q, qd, qdd = _states(chain.n, states, seed)
    err = 0.0
    for k in range(states):
        Yp = pin.computeJointTorqueRegressor(model, data, q[k], qd[k], qdd[k])
        Y = regressor(chain, q[k], qd[k], qdd[k], gravity=GRAVITY)
        err = max(err, _rel(Yp @ T, Y))
    return {"Y": err, "params": _rel(T @ inertial_parameters(chain), pi_pin),
            "version": pin.__version__}
