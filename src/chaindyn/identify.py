"""Identification of the inertial and friction parameters from measured motion (book §3.7).

The joint torques are linear in the parameters (:func:`chaindyn.regressor`), so
N sampled states stacked sample by sample give one linear system::

    y = W θ + e,    W = [Y(q_1, qd_1, qdd_1); ...; Y(q_N, qd_N, qdd_N)]   (N n rows),

with θ = (π, friction) (:func:`observation_matrix`, :func:`stack`).  Not every
direction of θ changes the torques: the base parameters β = E π
(:func:`base_parameters`, by QR with column pivoting of W as in Gautier 1991)
are the combinations the data can see.  They are estimated by least squares
(:func:`least_squares`, :func:`weighted_least_squares`) or, with every link kept
physically consistent, by a semidefinite program (:func:`consistent_estimate`).
Exciting trajectories are finite Fourier series (:func:`fourier_trajectory`);
velocities and accelerations of measured positions come from a zero-phase
low-pass filter and central differences (:func:`differentiate`, :func:`lowpass`).

scipy (QR, filters) and cvxpy are imported inside the functions that use them:
``import chaindyn`` needs numpy only.  cvxpy solves the semidefinite program of
the consistent estimate (one linear matrix inequality per link); its default
solver here is Clarabel, an open-source interior-point conic solver shipped as
a wheel, accurate to about 1e-8 and deterministic.  SCS, also installed with
cvxpy, is a first-order method and reaches only about 1e-4 to 1e-6.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._validate import DEFAULT_GRAVITY, as_array, check_chain, check_gravity
from .regressor import regressor

__all__ = [
    "friction_regressor",
    "observation_matrix",
    "stack",
    "BaseParameters",
    "base_parameters",
    "random_observations",
    "Estimate",
    "least_squares",
]


def friction_regressor(qd):
    """The friction torques' regressor: ``tau_f,j = F_v,j qd_j + F_c,j sign(qd_j)``.

    Parameters
    ----------
    qd : array_like, shape (..., n)
        Joint velocities, rad/s (revolute) or m/s (prismatic).

    Returns
    -------
    ndarray, shape (..., n, 2 n)
        Row j holds ``qd_j`` in column 2 j (viscous coefficient F_v,j, N m s/rad
        or N s/m) and ``sign(qd_j)`` in column 2 j + 1 (Coulomb level F_c,j, N m
        or N); every other entry is zero.  ``sign(0) = 0``.

    Raises
    ------
    ValueError
        If ``qd`` is not a finite real array with at least one dimension.

    Notes
    -----
    Book §3.7, the friction model beside the rigid-body regressor.

    Examples
    --------
    >>> from chaindyn.identify import friction_regressor
    >>> print(friction_regressor([0.5, -2.0]))
    [[ 0.5  1.   0.   0. ]
     [ 0.   0.  -2.  -1. ]]
    """
    qd = as_array(qd, "qd")
    if qd.ndim == 0:
        raise ValueError(f"qd must have shape (n,) or (N, n), got {qd.shape}")
    n = qd.shape[-1]
    out = np.zeros((*qd.shape, 2 * n))
    j = np.arange(n)
    out[..., j, 2 * j] = qd
    out[..., j, 2 * j + 1] = np.sign(qd)
    return out


def _samples(chain, **arrays):
    """Joint logs of shape (N, n), N equal for all."""
    out = [as_array(x, name, (None, chain.n)) for name, x in arrays.items()]
    lengths = {name: a.shape[0] for name, a in zip(arrays, out)}
    if len(set(lengths.values())) != 1:
        raise ValueError(f"the joint logs must have the same number of samples, got {lengths}")
    return out


def observation_matrix(chain, q, qd, qdd, gravity=DEFAULT_GRAVITY, friction=True):
    """The observation matrix W of N samples, their regressor rows stacked sample-major.

    Parameters
    ----------
    chain : Chain
        Supplies the kinematics (its inertias are not used).
    q, qd, qdd : array_like, shape (N, n)
        Joint positions, velocities and accelerations of N samples.
    gravity : array_like, shape (3,), default (0, 0, -9.80665)
        Gravity in {0}, m/s^2.
    friction : bool, default True
        Append the 2 n columns of :func:`friction_regressor` after the inertial ones.

    Returns
    -------
    ndarray, shape (N n, p)
        Row ``k n + j`` is joint j+1 at sample k.  p = 10 n (inertial
        parameters, the order of :func:`chaindyn.inertial_parameters`), or
        12 n with friction (F_v,1, F_c,1, ..., F_v,n, F_c,n last).

    Raises
    ------
    ValueError
        If the chain is not a Chain, a log is not (N, n) and finite, the logs
        differ in length, or gravity is not a finite 3-vector.

    Notes
    -----
    Book §3.7; the rows are :func:`chaindyn.regressor` (book §3.4).

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn import inertial_parameters, models, rnea
    >>> from chaindyn.identify import observation_matrix
    >>> arm = models.planar_2r()
    >>> q, qd, qdd = np.ones((3, 4, 2))
    >>> W = observation_matrix(arm, q, qd, qdd, friction=False)
    >>> W.shape
    (8, 20)
    >>> bool(np.allclose(W @ inertial_parameters(arm), rnea(arm, q, qd, qdd).reshape(-1)))
    True
    """
    check_chain(chain)
    q, qd, qdd = _samples(chain, q=q, qd=qd, qdd=qdd)
    Y = regressor(chain, q, qd, qdd, check_gravity(gravity))
    if friction:
        Y = np.concatenate([Y, friction_regressor(qd)], axis=-1)
    return Y.reshape(-1, Y.shape[-1])


def _first_bad(a):
    """Index of the first non-finite entry of ``a``, as a tuple of ints."""
    return tuple(int(i) for i in np.argwhere(~np.isfinite(a))[0])


def stack(Y, tau):
    """Stack per-sample regressors and torques into ``y = W θ`` (sample-major rows).

    Parameters
    ----------
    Y : array_like, shape (N, n, p)
        The regressor of each sample (e.g. :func:`chaindyn.regressor`, with
        friction columns appended).
    tau : array_like, shape (N, n)
        The measured joint torques (N m) or forces (N) of the same samples.

    Returns
    -------
    W : ndarray, shape (N n, p)
    y : ndarray, shape (N n,)
        Row ``k n + j`` is joint j+1 at sample k.

    Raises
    ------
    ValueError
        If Y is not three-dimensional or tau not two-dimensional, their sample
        counts or joint counts differ, or an entry is NaN or infinite (the
        message names the sample and the joint).

    Notes
    -----
    Book §3.7.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn.identify import stack
    >>> W, y = stack(np.ones((5, 2, 3)), np.zeros((5, 2)))
    >>> W.shape, y.shape
    ((10, 3), (10,))
    """
    Y = np.asarray(Y, dtype=float)
    tau = np.asarray(tau, dtype=float)
    if Y.ndim != 3:
        raise ValueError(f"Y must have shape (N, n, p), got {Y.shape}")
    if tau.ndim != 2:
        raise ValueError(f"tau must have shape (N, n), got {tau.shape}")
    if Y.shape[:2] != tau.shape:
        raise ValueError(f"Y has {Y.shape[0]} samples of {Y.shape[1]} joints but tau has "
                         f"{tau.shape[0]} samples of {tau.shape[1]} joints")
    for name, a in (("tau", tau), ("Y", Y)):
        if not np.isfinite(a).all():
            k, j = _first_bad(a)[:2]
            raise ValueError(f"{name} is not finite at sample {k}, joint {j + 1}: "
                             f"{a[_first_bad(a)]}")
    return Y.reshape(-1, Y.shape[2]), tau.reshape(-1)


def _matrix(W, name="W"):
    return as_array(W, name, (None, None))


def default_tol(W, r00):
    """The rank tolerance ``max(W.shape) * eps * |R_00|`` of :func:`base_parameters`."""
    return max(W.shape) * np.finfo(float).eps * abs(r00)


@dataclass(frozen=True)
class BaseParameters:
    """The base parameters β = π[independent] + K π[dependent] = E π of a W.

    Attributes
    ----------
    independent : ndarray of int, shape (r,)
        The columns kept (ascending): a maximal set of independent columns of W.
    dependent : ndarray of int, shape (p - r,)
        The other columns (ascending); W[:, dependent] = W[:, independent] K.
    K : ndarray, shape (r, p - r)
        The regrouping coefficients.
    unidentifiable : ndarray of int
        Columns of W whose norm is at most ``tol``: parameters with no effect
        on the torques (each is also in ``dependent``, with a zero column of K).
    tol : float
        The tolerance used on |R_kk| and on the column norms.
    p : int
        Number of columns of W.
    """

    independent: np.ndarray
    dependent: np.ndarray
    K: np.ndarray
    unidentifiable: np.ndarray
    tol: float
    p: int

    @property
    def rank(self):
        """r, the number of base parameters."""
        return len(self.independent)

    @property
    def E(self):
        """The (r, p) matrix with β = E π: identity on ``independent``, K on ``dependent``."""
        E = np.zeros((self.rank, self.p))
        E[:, self.independent] = np.eye(self.rank)
        E[:, self.dependent] = self.K
        return E

    def project(self, pi):
        """β = E π for π of shape (..., p)."""
        pi = as_array(pi, "pi")
        if pi.ndim == 0 or pi.shape[-1] != self.p:
            raise ValueError(f"pi must have shape (..., {self.p}), got {pi.shape}")
        return pi @ self.E.T

    def base_columns(self, W):
        """W[:, independent], the columns of the base parameters (W π = W_b β)."""
        W = _matrix(W)
        if W.shape[1] != self.p:
            raise ValueError(f"W must have {self.p} columns, got {W.shape}")
        return W[:, self.independent]

    def expressions(self, names, digits=4, threshold=1e-8):
        """Each base parameter as a readable sum, e.g. ``"Izz1 + 0.0625 m2 + Iyy2"``.

        Coefficients are printed with ``digits`` significant digits; a
        coefficient whose magnitude is below ``threshold`` (relative to the
        leading parameter's coefficient, 1) is dropped as roundoff, and a
        coefficient within ``threshold`` of ±1 is written as a bare name (or a
        minus sign).
        """
        if len(names) != self.p:
            raise ValueError(f"names must have {self.p} entries, got {len(names)}")
        out = []
        for i, lead in enumerate(self.independent):
            text = names[lead]
            for c, d in zip(self.K[i], self.dependent):
                if abs(c) < threshold:
                    continue
                sign = "-" if c < 0 else "+"
                mag = "" if abs(abs(c) - 1.0) < threshold else f"{abs(c):.{digits}g} "
                text += f" {sign} {mag}{names[d]}"
            out.append(text)
        return out


def base_parameters(W, tol=None):
    """The base parameters of an observation matrix, by QR with column pivoting.

    ``W P = Q R`` with |R_00| >= |R_11| >= ...; the rank r is the number of
    |R_kk| > tol, the first r pivot columns are independent, and
    ``W[:, dependent] = W[:, independent] R11^-1 R12``, so that
    ``W π = W[:, independent] β`` with ``β = π[independent] + K π[dependent]``.

    Parameters
    ----------
    W : array_like, shape (m, p)
        An observation matrix (:func:`observation_matrix`,
        :func:`random_observations`), finite.
    tol : float, optional
        Rank tolerance on |R_kk|; default ``max(m, p) * eps * |R_00|``
        (the tolerance of ``numpy.linalg.matrix_rank`` with |R_00| in place of
        the largest singular value).

    Returns
    -------
    BaseParameters
        ``independent`` and ``dependent`` sorted ascending, K reordered to
        match (a reordering of the pivot order changes no β).

    Raises
    ------
    ValueError
        If W is not a finite 2-D array, or tol is negative or not finite.

    Notes
    -----
    Book §3.7; Gautier (1991), the numerical base parameters.  Which columns
    are kept depends on W's numbers (the pivoting); the span of E's rows does
    not.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn import models
    >>> from chaindyn.identify import base_parameters, random_observations
    >>> from chaindyn.regressor import parameter_names
    >>> arm = models.planar_2r(lengths=(0.5, 0.5))
    >>> W = random_observations(arm, 50, np.random.default_rng(0), gravity=(0, -9.81, 0))
    >>> base = base_parameters(W)
    >>> base.rank
    6
    >>> len(base.unidentifiable)  # m1 and the 12 out-of-plane parameters
    13
    """
    import scipy.linalg

    W = _matrix(W)
    _, R, perm = scipy.linalg.qr(W, mode="economic", pivoting=True)
    diag = np.abs(np.diag(R))
    if tol is None:
        tol = default_tol(W, diag[0] if diag.size else 0.0)
    elif not np.isfinite(tol) or tol < 0:
        raise ValueError(f"tol must be a finite number >= 0, got {tol!r}")
    r = int(np.sum(diag > tol))
    K = scipy.linalg.solve_triangular(R[:r, :r], R[:r, r:]) if r else np.zeros((0, W.shape[1]))
    rows, cols = np.argsort(perm[:r]), np.argsort(perm[r:])
    zero = np.flatnonzero(np.linalg.norm(W, axis=0) <= tol)
    return BaseParameters(independent=np.sort(perm[:r]), dependent=np.sort(perm[r:]),
                          K=K[rows][:, cols], unidentifiable=zero, tol=float(tol),
                          p=W.shape[1])


def random_states(chain, samples, rng):
    """Random (q, qd, qdd), each (samples, n): q uniform in [-π, π] (revolute) or
    [-0.5, 0.5] m (prismatic), qd and qdd standard normal."""
    check_chain(chain)
    if not isinstance(rng, np.random.Generator):
        raise ValueError(f"rng must be a numpy.random.Generator, got {type(rng).__name__}")
    if isinstance(samples, bool) or not isinstance(samples, (int, np.integer)) or samples < 1:
        raise ValueError(f"samples must be a positive integer, got {samples!r}")
    half = np.array([np.pi if t == "revolute" else 0.5 for t in chain.joint_types])
    q = rng.uniform(-half, half, (samples, chain.n))
    qd = rng.standard_normal((samples, chain.n))
    qdd = rng.standard_normal((samples, chain.n))
    return q, qd, qdd


def random_observations(chain, samples, rng, friction=False, gravity=DEFAULT_GRAVITY):
    """W of random states, for the numerical base set (Gautier 1991).

    Parameters
    ----------
    chain : Chain
    samples : int
        Number of random states N.
    rng : numpy.random.Generator
        The only source of randomness.
    friction : bool, default False
        Append the friction columns (:func:`friction_regressor`).
    gravity : array_like, shape (3,), default (0, 0, -9.80665)
        Gravity in {0}, m/s^2.  Gravity makes the first moments of the lower
        links identifiable: use the gravity of the real set-up.

    Returns
    -------
    ndarray, shape (N n, p)
        :func:`observation_matrix` at q uniform in [-π, π] (revolute joints) or
        [-0.5, 0.5] m (prismatic), qd and qdd standard normal.

    Raises
    ------
    ValueError
        If chain is not a Chain, samples not a positive integer, or rng not a
        numpy.random.Generator.

    Notes
    -----
    Book §3.7.  Random states excite every direction that some motion
    excites, so the rank of this W is the number of base parameters once N
    exceeds it (a threshold, not a bound on N: the tests check the rank stays
    put beyond it).

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn import models
    >>> from chaindyn.identify import random_observations
    >>> random_observations(models.planar_2r(), 10, np.random.default_rng(1)).shape
    (20, 20)
    """
    q, qd, qdd = random_states(chain, samples, rng)
    return observation_matrix(chain, q, qd, qdd, gravity, friction)


@dataclass(frozen=True)
class Estimate:
    """A least-squares estimate θ̂ and its statistics.

    Attributes
    ----------
    theta : ndarray, shape (p,)
        The estimate.
    covariance : ndarray, shape (p, p)
        σ̂² (Wᵀ W)⁻¹ (of the weighted W for weighted least squares).
    std : ndarray, shape (p,)
        sqrt(diag(covariance)).
    relative_std : ndarray, shape (p,)
        100 std / |θ̂|, percent (inf where θ̂ = 0).
    residual_std : float
        σ̂ = ‖y − W θ̂‖ / sqrt(rows − p) (weighted residual if weighted).
    condition : float
        The 2-norm condition number of W (of the weighted W if weighted).
    rank : int
        Numerical rank of W (tolerance ``max(W.shape) * eps * s_max``).
    joint_sigma : ndarray or None
        The per-joint σ_j used as weights by :func:`weighted_least_squares`.
    """

    theta: np.ndarray
    covariance: np.ndarray
    std: np.ndarray
    relative_std: np.ndarray
    residual_std: float
    condition: float
    rank: int
    joint_sigma: np.ndarray | None = None


def _system(W, y):
    W = _matrix(W)
    y = as_array(y, "y", (None,))
    rows, p = W.shape
    if len(y) != rows:
        raise ValueError(f"y has {len(y)} entries but W has {rows} rows")
    if rows <= p:
        raise ValueError(f"W has {rows} rows and {p} columns: least squares with a residual "
                         f"variance needs more rows than columns")
    return W, y


def least_squares(W, y, weights=None):
    """Ordinary (or row-weighted) least squares θ̂ = argmin ‖D (y − W θ)‖ with statistics.

    Parameters
    ----------
    W : array_like, shape (m, p)
        Observation matrix of full column rank (e.g. the base columns
        ``base_parameters(W).base_columns(W)``), m > p.
    y : array_like, shape (m,)
        Measured torques (N m) or forces (N).
    weights : array_like, shape (m,), optional
        Row scale factors d_i > 0 (typically 1/σ of the row's joint): rows of W
        and y are multiplied by them.  Default: all ones.

    Returns
    -------
    Estimate
        θ̂, covariance σ̂² (WᵀW)⁻¹ with σ̂² = ‖y − W θ̂‖² / (m − p) (both of the
        weighted system when weighted), std, relative std (%), σ̂, cond(W), rank.

    Raises
    ------
    ValueError
        If shapes or values are wrong (NaN, inf, m <= p, a weight <= 0), or W is
        rank deficient: the message gives the rank and p and points to
        ``base_parameters(W).base_columns(W)``.  Nothing is regularised.

    Notes
    -----
    Book §3.7.  One SVD ``W = U S Vᵀ`` (what ``numpy.linalg.lstsq`` uses)
    gives θ̂ = V S⁻¹ Uᵀ y, (WᵀW)⁻¹ = V S⁻² Vᵀ, the rank and the condition
    number s_max / s_min.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn.identify import least_squares
    >>> W = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
    >>> est = least_squares(W, [1.0, 2.0, 3.3])
    >>> print(np.round(est.theta, 4), round(est.residual_std, 4))
    [1.1 2.1] 0.1732
    """
    W, y = _system(W, y)
    rows, p = W.shape
    if weights is not None:
        d = as_array(weights, "weights", (rows,))
        if np.any(d <= 0):
            raise ValueError(f"weights must be > 0, got {d.min()} at row {int(np.argmin(d))}")
        W, y = W * d[:, None], y * d
    U, s, Vt = np.linalg.svd(W, full_matrices=False)
    rank = int(np.sum(s > max(W.shape) * np.finfo(float).eps * s[0]))
    if rank < p:
        raise ValueError(f"W has rank {rank} < p = {p} columns: its parameters are not all "
                         f"identifiable; estimate the base parameters, with the columns "
                         f"base_parameters(W).base_columns(W)")
    theta = Vt.T @ ((U.T @ y) / s)
    variance = float(np.sum((y - W @ theta) ** 2)) / (rows - p)
    covariance = variance * (Vt.T / s**2) @ Vt
    std = np.sqrt(np.diag(covariance))
    with np.errstate(divide="ignore"):
        relative = 100.0 * std / np.abs(theta)
    return Estimate(theta=theta, covariance=covariance, std=std, relative_std=relative,
                    residual_std=float(np.sqrt(variance)), condition=float(s[0] / s[-1]),
                    rank=rank)
