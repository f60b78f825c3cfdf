"""The computations behind §3.6.5–3.6.6: the upright planar 2R arm linearised and
balanced by LQR, its region of attraction, and a minimum-effort motion of the 6R arm
by trapezoidal direct collocation with analytic and finite-difference gradients.

Everything here runs chaindyn's algorithms: the linearisation and the collocation's
Jacobian come from :func:`chaindyn.aba_derivatives` (analytic), the simulations from
:func:`chaindyn.aba` with scipy's ``solve_ivp``, the initial guess of the motion from
:func:`chaindyn.rnea`.  The long runs (the grid of the region of attraction, the two
optimisations) are made by ``figsrc/study_36_control.py`` and committed in ``data/``.

State and input of the 2R arm: ``x = (q - q_up, qd)`` (rad, rad/s), ``tau`` (N m),
gravity ``(0, -g, 0)`` as base acceleration, both joints actuated.
"""

from __future__ import annotations

import time

import numpy as np

from chaindyn import aba, aba_derivatives, models, rnea
from chaindyn.inverse_dynamics import STANDARD_GRAVITY

__all__ = [
    "GRAVITY_2R", "Q_UP", "TAU_MAX", "ANGLE_SCALE", "RATE_SCALE", "lqr_weights",
    "linearise", "linearise_fd", "lqr", "upright_lqr", "closed_loop_rhs", "simulate", "settled",
    "SIM_START", "SIM_TIME", "linear_response", "ROA_SPAN", "ROA_STEP", "ROA_TIME", "ROA_TOL",
    "roa_grid", "roa_classify", "ROA_DT", "rk4",
    "static_torque", "Collocation", "solve_collocation", "TRAJ_N", "TRAJ_DURATION", "Q_DOWN",
    "swing_up",
]

#: Gravity of the 2R examples: the arm moves in the vertical x-y plane, y up (m/s^2).
GRAVITY_2R = np.array([0.0, -STANDARD_GRAVITY, 0.0])
#: The upright equilibrium: link 1 along +y of {0}, link 2 straight on (rad).
Q_UP = np.array([np.pi / 2, 0.0])
#: Torque limits of the saturated controller, joints 1 and 2 (N m).
TAU_MAX = np.array([20.0, 10.0])
#: The angle offset and joint rate that cost as much as a torque at its limit (rad, rad/s).
ANGLE_SCALE, RATE_SCALE = 0.1, 1.0


def lqr_weights(angle=ANGLE_SCALE, rate=RATE_SCALE, tau_max=TAU_MAX):
    """``Q = diag(1/angle^2, 1/angle^2, 1/rate^2, 1/rate^2)``, ``R = diag(1/tau_max^2)``.

    Each state and each torque is measured against the size that one is prepared to
    accept: an angle offset of ``angle`` rad, a rate of ``rate`` rad/s and a torque at
    its limit cost the same.
    """
    tau_max = np.asarray(tau_max, dtype=float)
    Q = np.diag([angle**-2.0] * 2 + [rate**-2.0] * 2)
    R = np.diag(tau_max**-2.0)
    return Q, R


def linearise(chain, q_eq, gravity=GRAVITY_2R, tau_eq=None):
    """``A = [[0, 1], [dqdd/dq, dqdd/dqd]]``, ``B = [[0], [M^-1]]`` at ``(q_eq, 0, tau_eq)``.

    The blocks come from :func:`chaindyn.aba_derivatives` (analytic).  ``tau_eq``
    defaults to zero torque (an equilibrium such as the upright 2R arm needs none).

    Returns
    -------
    A : ndarray, shape (2n, 2n), 1/s^2 and 1/s blocks
    B : ndarray, shape (2n, n), 1/(kg m^2)

    Examples
    --------
    >>> from chaindyn import models
    >>> A, B = linearise(models.planar_2r(), Q_UP)
    >>> A.shape, B.shape
    ((4, 4), (4, 2))
    """
    n = chain.n
    q_eq = np.asarray(q_eq, dtype=float)
    tau_eq = np.zeros(n) if tau_eq is None else np.asarray(tau_eq, dtype=float)
    dq, dqd, Minv = aba_derivatives(chain, q_eq, np.zeros(n), tau_eq, gravity=gravity)
    A = np.block([[np.zeros((n, n)), np.eye(n)], [dq, dqd]])
    B = np.vstack([np.zeros((n, n)), Minv])
    return A, B


def linearise_fd(chain, q_eq, gravity=GRAVITY_2R, tau_eq=None, step=1e-6):
    """``A`` and ``B`` of :func:`linearise` by central differences of :func:`chaindyn.aba`.

    Each column of ``x`` and of ``tau`` is moved by ``+-step``: 4 n evaluations of
    the forward dynamics for ``A`` and 2 n for ``B``.
    """
    n = chain.n
    q_eq = np.asarray(q_eq, dtype=float)
    tau_eq = np.zeros(n) if tau_eq is None else np.asarray(tau_eq, dtype=float)

    def f(x, tau):
        return np.concatenate([x[n:], aba(chain, q_eq + x[:n], x[n:], tau, gravity=gravity)])

    x0 = np.zeros(2 * n)
    eye_x, eye_u = np.eye(2 * n) * step, np.eye(n) * step
    A = np.column_stack([(f(x0 + e, tau_eq) - f(x0 - e, tau_eq)) / (2 * step) for e in eye_x])
    B = np.column_stack([(f(x0, tau_eq + e) - f(x0, tau_eq - e)) / (2 * step) for e in eye_u])
    return A, B


def lqr(A, B, Q, R):
    """The infinite-horizon LQR gain: ``K = R^-1 B^T S`` with ``S`` from the
    continuous algebraic Riccati equation (``scipy.linalg.solve_continuous_are``).

    Returns ``K`` (n, 2n), ``S`` (2n, 2n) and the closed-loop eigenvalues of ``A - B K``
    sorted by real part (slowest first).
    """
    from scipy.linalg import solve_continuous_are

    S = solve_continuous_are(A, B, Q, R)
    K = np.linalg.solve(R, B.T @ S)
    eig = np.linalg.eigvals(A - B @ K)
    return K, S, eig[np.lexsort((eig.imag, -eig.real))]


def upright_lqr(chain, gravity=GRAVITY_2R):
    """The chapter's controller (§3.6.5): ``A``, ``B`` of :func:`linearise` at ``Q_UP`` and
    the LQR gain ``K`` of :func:`lqr` with the weights of :func:`lqr_weights`."""
    A, B = linearise(chain, Q_UP, gravity)
    K, _, _ = lqr(A, B, *lqr_weights())
    return A, B, K


def closed_loop_rhs(chain, K, q_eq, gravity=GRAVITY_2R, tau_max=None, freeze=None):
    """``f(t, y)`` of the nonlinear closed loop ``tau = sat(-K x)``, for ``solve_ivp``.

    ``y`` holds one state ``x = (q - q_eq, qd)`` or a batch of states, flattened
    (``(N * 2n,)``, the grid of the region of attraction integrated as one system).
    ``tau_max`` clips each torque to ``[-tau_max, tau_max]`` (None: no limit).  With
    ``freeze`` (rad), a state whose angle offset has left ``|q_i - q_eq,i| <= freeze``
    stops (its derivative is set to zero): it has fallen, and its fast motion would
    otherwise set the step size of the whole batch.
    """
    n = chain.n
    q_eq = np.asarray(q_eq, dtype=float)

    def rhs(t, y):
        x = y.reshape(-1, 2 * n)
        tau = -x @ K.T
        if tau_max is not None:
            tau = np.clip(tau, -tau_max, tau_max)
        qdd = aba(chain, q_eq + x[:, :n], x[:, n:], tau, gravity=gravity)
        out = np.concatenate([x[:, n:], qdd], axis=1)
        if freeze is not None:
            out[np.abs(x[:, :n]).max(axis=1) > freeze] = 0.0
        return out.ravel()

    return rhs


def simulate(chain, K, x0, t_end, q_eq=Q_UP, gravity=GRAVITY_2R, tau_max=None,
             samples=401, rtol=1e-7, atol=1e-9):
    """One closed-loop run from ``x0`` with ``solve_ivp`` (RK45): times (samples,),
    states (samples, 2n) and the applied torques (samples, n)."""
    from scipy.integrate import solve_ivp

    t = np.linspace(0.0, t_end, samples)
    rhs = closed_loop_rhs(chain, K, q_eq, gravity, tau_max)
    sol = solve_ivp(rhs, (0.0, t_end), np.asarray(x0, dtype=float), t_eval=t, rtol=rtol,
                    atol=atol)
    if not sol.success:
        raise RuntimeError(f"solve_ivp failed: {sol.message}")
    x = sol.y.T
    tau = -x @ K.T
    if tau_max is not None:
        tau = np.clip(tau, -tau_max, tau_max)
    return t, x, tau


def settled(t, x, tol):
    """The first time after which ``max |x_i| <= tol`` for good (``nan`` if never)."""
    ok = np.abs(x).max(axis=1) <= tol
    if not ok[-1]:
        return float("nan")
    bad = np.flatnonzero(~ok)
    return float(t[0] if bad.size == 0 else t[bad[-1] + 1])


#: The perturbed start of the example run (rad, rad/s) and its length (s).
SIM_START, SIM_TIME = np.array([0.45, -1.2, 0.0, 0.0]), 4.0


def linear_response(A, B, K, x0, t):
    """The linear closed loop ``x(t) = expm((A - B K) t) x0`` at the times ``t``:
    states (len(t), 2n) and torques ``-K x`` (no limit)."""
    from scipy.linalg import expm

    Acl = A - B @ K
    x = np.array([expm(Acl * tk) @ x0 for tk in t])
    return x, -x @ K.T


#: The grid of initial angle offsets: -ROA_SPAN..ROA_SPAN in steps of ROA_STEP (rad).
ROA_SPAN, ROA_STEP = 3.0, 0.075
#: A start is inside when max |x_i| <= ROA_TOL (rad, rad/s) at t = ROA_TIME (s).
ROA_TIME, ROA_TOL = 8.0, 1e-3


def roa_grid(span=ROA_SPAN, step=ROA_STEP):
    """The offsets ``d`` (m,) of one axis and the starts ``x0`` (m*m, 4), zero velocity,
    ``dq1`` varying slowest."""
    m = int(round(2 * span / step)) + 1
    d = np.linspace(-span, span, m)
    D1, D2 = np.meshgrid(d, d, indexing="ij")
    x0 = np.zeros((m * m, 4))
    x0[:, 0], x0[:, 1] = D1.ravel(), D2.ravel()
    return d, x0


#: The step of the fixed-step integration of the grid (s).
ROA_DT = 0.005


def rk4(rhs, y0, t_end, dt):
    """Classical fourth-order Runge-Kutta with the fixed step ``dt`` from 0 to ``t_end``:
    the state at ``t_end`` (the step is shortened to land on it)."""
    steps = int(np.ceil(t_end / dt - 1e-9))
    h = t_end / steps
    y, t = np.array(y0, dtype=float), 0.0
    for _ in range(steps):
        k1 = rhs(t, y)
        k2 = rhs(t + h / 2, y + h / 2 * k1)
        k3 = rhs(t + h / 2, y + h / 2 * k2)
        k4 = rhs(t + h, y + h * k3)
        y = y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
        t += h
    return y


def roa_classify(chain, K, x0, tau_max=None, t_end=ROA_TIME, tol=ROA_TOL, q_eq=Q_UP,
                 gravity=GRAVITY_2R, dt=ROA_DT, single=False):
    """Whether each start of ``x0`` (N, 2n) ends within ``tol`` of the equilibrium at
    ``t_end`` (bool, (N,)), and the number of right-hand-side evaluations.

    The default integrates every start at once, one batched :func:`chaindyn.aba` call
    per stage, with fixed-step RK4 (:func:`rk4`, step ``dt``): an adaptive solver on
    the whole batch would let every falling start shrink the common step.  States
    whose angle offset passes 2 pi are frozen (:func:`closed_loop_rhs`) and counted
    outside.  ``single=True`` integrates each start alone with ``solve_ivp`` (RK45,
    rtol 1e-10, atol 1e-12), the check of the batch's verdicts.
    """
    x0 = np.atleast_2d(np.asarray(x0, dtype=float))
    rhs = closed_loop_rhs(chain, K, q_eq, gravity, tau_max, freeze=2 * np.pi)
    if not single:
        steps = int(np.ceil(t_end / dt - 1e-9))
        xT = rk4(rhs, x0.ravel(), t_end, dt).reshape(x0.shape)
        return np.abs(xT).max(axis=1) <= tol, 4 * steps
    from scipy.integrate import solve_ivp

    out, nfev = [], 0
    for x in x0:
        sol = solve_ivp(rhs, (0.0, t_end), x, rtol=1e-10, atol=1e-12)
        if not sol.success:
            raise RuntimeError(f"solve_ivp failed: {sol.message}")
        out.append(np.abs(sol.y[:, -1]).max() <= tol)
        nfev += int(sol.nfev)
    return np.array(out), nfev


def static_torque(chain, offsets, q_eq=Q_UP, gravity=GRAVITY_2R):
    """The torques that hold the arm still at ``q_eq + offsets`` (the gravity torque,
    :func:`chaindyn.rnea` at rest), shape like ``offsets``."""
    q = q_eq + np.asarray(offsets, dtype=float)
    z = np.zeros_like(q)
    return rnea(chain, q, z, z, gravity=gravity)


# ---------------------------------------------------------------- trajectory optimisation

#: Intervals of the collocation grid and the duration of the swing-up (s).
TRAJ_N, TRAJ_DURATION = 20, 3.0
#: The hanging rest position of the 2R arm, the start of the swing-up (rad).
Q_DOWN = np.array([-np.pi / 2, 0.0])


def swing_up(N=TRAJ_N, duration=TRAJ_DURATION, tau_max=TAU_MAX):
    """The swing-up of the planar 2R arm from hanging at rest to upright at rest,
    torques within ``tau_max``: a :class:`Collocation`."""
    return Collocation(models.planar_2r(), Q_DOWN, Q_UP, duration, N, gravity=GRAVITY_2R,
                       tau_max=tau_max)


class Collocation:
    """Trapezoidal direct collocation of a rest-to-rest motion of minimum effort.

    Knots ``t_k = k dt``, ``k = 0..N``, ``dt = duration / N``; states
    ``x_k = (q_k, qd_k)`` and torques ``tau_k``.  The end states are fixed
    (``start`` and ``goal`` at rest); the decision vector is
    ``z = (x_1, ..., x_{N-1}, tau_0, ..., tau_N)``, of length
    ``n_z = (N - 1) 2n + (N + 1) n``.  With ``f(x, tau) = (qd, FD(q, qd, tau))``::

        effort  Phi(z) = dt/2 sum_k (|tau_k|^2 + |tau_{k+1}|^2)        (N^2 m^2 s)
        defects d_k(z) = x_{k+1} - x_k - dt/2 (f(x_k, tau_k) + f(x_{k+1}, tau_{k+1})) = 0

    The Jacobian of the defects is assembled from ``df/dx = [[0, 1], [dqdd/dq,
    dqdd/dqd]]`` and ``df/dtau = [[0], [M^-1]]`` of :func:`chaindyn.aba_derivatives`
    at every knot, one batched call.  ``counts`` records the calls.  ``tau_max``
    bounds every torque (``bounds``); the objective that the optimiser sees is
    ``Phi(z) / Phi(z_0)``, the effort relative to the initial guess.

    Examples
    --------
    >>> p = swing_up(N=4)
    >>> p.nz, p.unpack(p.initial_guess())[0].shape
    (22, (5, 4))
    """

    def __init__(self, chain, start, goal, duration, N, gravity=None, tau_max=None):
        self.chain, self.N, self.n = chain, int(N), chain.n
        self.tau_max = None if tau_max is None else np.asarray(tau_max, dtype=float)
        self.start = np.concatenate([np.asarray(start, float), np.zeros(chain.n)])
        self.goal = np.concatenate([np.asarray(goal, float), np.zeros(chain.n)])
        self.dt = float(duration) / self.N
        self.gravity = np.array([0.0, 0.0, -STANDARD_GRAVITY]) if gravity is None else gravity
        self.nx = (self.N - 1) * 2 * self.n
        self.nz = self.nx + (self.N + 1) * self.n
        w = np.ones(self.N + 1)
        w[0] = w[-1] = 0.5
        self.weights = w
        self.counts = {"objective": 0, "gradient": 0, "defects": 0, "jacobian": 0}
        self.seconds = 0.0  # time spent inside the four functions above
        self.scale = 1.0
        self.scale = 1.0 / self.effort(self.initial_guess())

    def unpack(self, z):
        """States (N+1, 2n) with the fixed ends, and torques (N+1, n)."""
        n2 = 2 * self.n
        X = np.vstack([self.start, z[:self.nx].reshape(self.N - 1, n2), self.goal])
        return X, z[self.nx:].reshape(self.N + 1, self.n)

    def pack(self, X, tau):
        return np.concatenate([X[1:-1].ravel(), np.asarray(tau, float).ravel()])

    def initial_guess(self):
        """The quintic rest-to-rest motion ``s(t) = 10 s^3 - 15 s^4 + 6 s^5`` between the
        end positions sampled at the knots, with its inverse-dynamics torques (RNEA),
        clipped to ``tau_max``."""
        s = np.linspace(0.0, 1.0, self.N + 1)
        T = self.N * self.dt
        pos, vel, acc = 10 * s**3 - 15 * s**4 + 6 * s**5, (30 * s**2 - 60 * s**3 + 30 * s**4) / T, \
            (60 * s - 180 * s**2 + 120 * s**3) / T**2
        d = self.goal[:self.n] - self.start[:self.n]
        q = self.start[:self.n] + pos[:, None] * d
        qd, qdd = vel[:, None] * d, acc[:, None] * d
        tau = rnea(self.chain, q, qd, qdd, gravity=self.gravity)
        if self.tau_max is not None:
            tau = np.clip(tau, -self.tau_max, self.tau_max)
        return self.pack(np.hstack([q, qd]), tau)

    def bounds(self):
        """``(lower, upper)`` of z: free states, torques within ``tau_max`` (or free)."""
        lo, hi = np.full(self.nz, -np.inf), np.full(self.nz, np.inf)
        if self.tau_max is not None:
            lo[self.nx:] = -np.tile(self.tau_max, self.N + 1)
            hi[self.nx:] = np.tile(self.tau_max, self.N + 1)
        return lo, hi

    def effort(self, z):
        """Phi(z), N^2 m^2 s."""
        _, tau = self.unpack(z)
        return float(self.dt * np.sum(self.weights[:, None] * tau**2))

    def objective(self, z):
        """Phi(z) / Phi(z_0): the effort relative to the initial guess (what SLSQP sees)."""
        self.counts["objective"] += 1
        return self.scale * self.effort(z)

    def gradient(self, z):
        """d objective / dz, (n_z,)."""
        self.counts["gradient"] += 1
        _, tau = self.unpack(z)
        g = np.zeros(self.nz)
        g[self.nx:] = (2 * self.scale * self.dt * self.weights[:, None] * tau).ravel()
        return g

    def _f(self, X, tau):
        n = self.n
        qdd = aba(self.chain, X[:, :n], X[:, n:], tau, gravity=self.gravity)
        return np.hstack([X[:, n:], qdd])

    def defects(self, z):
        """The defects d_k, flattened to (N 2n,)."""
        t0 = time.perf_counter()
        self.counts["defects"] += 1
        X, tau = self.unpack(z)
        f = self._f(X, tau)
        d = (X[1:] - X[:-1] - 0.5 * self.dt * (f[1:] + f[:-1])).ravel()
        self.seconds += time.perf_counter() - t0
        return d

    def jacobian(self, z):
        """d(defects)/dz, (N 2n, n_z), from :func:`chaindyn.aba_derivatives` at the knots."""
        t0 = time.perf_counter()
        self.counts["jacobian"] += 1
        n, N, n2, h = self.n, self.N, 2 * self.n, 0.5 * self.dt
        X, tau = self.unpack(z)
        dq, dqd, Minv = aba_derivatives(self.chain, X[:, :n], X[:, n:], tau,
                                        gravity=self.gravity)
        Fx = np.zeros((N + 1, n2, n2))
        Fx[:, :n, n:] = np.eye(n)
        Fx[:, n:, :n], Fx[:, n:, n:] = dq, dqd
        Fu = np.zeros((N + 1, n2, n))
        Fu[:, n:, :] = Minv
        J = np.zeros((N * n2, self.nz))
        eye = np.eye(n2)
        for k in range(N):
            rows = slice(k * n2, (k + 1) * n2)
            for j, sign in ((k, -1.0), (k + 1, 1.0)):  # knot j enters d_k with sign
                if 1 <= j <= N - 1:
                    J[rows, (j - 1) * n2:j * n2] = sign * eye - h * Fx[j]
                J[rows, self.nx + j * n:self.nx + (j + 1) * n] = -h * Fu[j]
        self.seconds += time.perf_counter() - t0
        return J


def solve_collocation(problem, gradients, maxiter=300, ftol=1e-10):
    """Minimise the effort of ``problem`` (a :class:`Collocation`) with SLSQP.

    ``gradients="analytic"`` passes :meth:`Collocation.gradient` and
    :meth:`Collocation.jacobian`; ``"fd"`` passes neither, so scipy differences the
    objective and the defects itself (2-point differences).  Returns the
    ``OptimizeResult``, the wall time (s) and the call counts; ``problem.seconds``
    holds the part of the wall time spent in the defects and their Jacobian.
    """
    from scipy.optimize import minimize

    if gradients not in ("analytic", "fd"):
        raise ValueError(f"gradients must be 'analytic' or 'fd', got {gradients!r}")
    analytic = gradients == "analytic"
    for key in problem.counts:
        problem.counts[key] = 0
    problem.seconds = 0.0
    cons = {"type": "eq", "fun": problem.defects}
    if analytic:
        cons["jac"] = problem.jacobian
    z0 = problem.initial_guess()
    t0 = time.perf_counter()
    from scipy.optimize import Bounds

    res = minimize(problem.objective, z0, jac=problem.gradient if analytic else None,
                   method="SLSQP", constraints=[cons], bounds=Bounds(*problem.bounds()),
                   options={"maxiter": maxiter, "ftol": ftol})
    wall = time.perf_counter() - t0
    return res, wall, dict(problem.counts)
