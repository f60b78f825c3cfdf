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
``import chaindyn`` needs numpy only.  cvxpy (pinned in requirements.txt with
the packages it pulls in) is here for one thing: the semidefinite program of
the consistent estimate (one linear matrix inequality per link).  Its solver is
Clarabel, an open-source interior-point conic solver shipped as a wheel:
accurate to its tolerances (1e-8 by default, 1e-10 here,
:data:`CLARABEL_OPTIONS`) and deterministic (repeated runs give the same bits).
On the 6R arm's noise-free test problem it recovers the base parameters to
about 1e-11 of the largest; SCS, also installed with cvxpy, is a first-order
method, less accurate, and stops there with the status "optimal_inaccurate".

Sources: Gautier (1991) for the numerical base parameters, Swevers et al.
(1997) for the Fourier trajectories and Gautier and Poignet (2001) for the
per-joint weights are known here from their abstracts and later papers
(second-hand); Wensing, Kim and Slotine (2018) for the pseudo-inertia LMI.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ._validate import (
    DEFAULT_GRAVITY,
    as_array,
    check_chain,
    check_flag,
    check_gravity,
    check_positive_int,
)
from .regressors import regressor

__all__ = [
    "friction_regressor",
    "observation_matrix",
    "stack",
    "BaseParameters",
    "base_parameters",
    "random_observations",
    "Estimate",
    "least_squares",
    "weighted_least_squares",
    "pseudo_inertias",
    "ConsistentEstimate",
    "consistent_estimate",
    "fourier_trajectory",
    "lowpass",
    "differentiate",
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
    if check_flag(friction, "friction"):
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
    Y = as_array(Y, "Y", finite=False)
    tau = as_array(tau, "tau", finite=False)
    if Y.ndim != 3:
        raise ValueError(f"Y must have shape (N, n, p), got {Y.shape}")
    if tau.ndim != 2:
        raise ValueError(f"tau must have shape (N, n), got {tau.shape}")
    if Y.shape[:2] != tau.shape:
        raise ValueError(f"Y has {Y.shape[0]} samples of {Y.shape[1]} joints but tau has "
                         f"{tau.shape[0]} samples of {tau.shape[1]} joints")
    for name, a in (("tau", tau), ("Y", Y)):
        if not np.isfinite(a).all():
            bad = _first_bad(a)
            raise ValueError(f"{name} is not finite at sample {bad[0]}, joint {bad[1] + 1}: "
                             f"{a[bad]}")
    return Y.reshape(-1, Y.shape[2]), tau.reshape(-1)


def _matrix(W, name="W"):
    return as_array(W, name, (None, None))


def _default_tol(W, r00):
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
        if isinstance(names, str) or not isinstance(names, (list, tuple)):
            raise ValueError(f"names must be a list of {self.p} str, got {type(names).__name__}")
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
        If W is not a finite 2-D array, or tol is not a number, negative or not
        finite.

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
    >>> from chaindyn.regressors import parameter_names
    >>> arm = models.planar_2r(lengths=(0.5, 0.5))
    >>> W = random_observations(arm, 50, np.random.default_rng(0), gravity=(0, -9.81, 0))
    >>> base = base_parameters(W)
    >>> base.rank
    6
    >>> len(base.unidentifiable)  # m1 and the 12 out-of-plane parameters
    13
    >>> base.expressions(parameter_names(arm))  # link 2's mass sits at L1 = 0.5 m on link 1
    ['hx1 + 0.5 m2', 'hy1', 'Izz1 + 0.25 m2', 'hx2', 'hy2', 'Izz2']
    """
    import scipy.linalg

    W = _matrix(W)
    _, R, perm = scipy.linalg.qr(W, mode="economic", pivoting=True)
    diag = np.abs(np.diag(R))
    if tol is None:
        tol = _default_tol(W, diag[0] if diag.size else 0.0)
    else:
        tol = _nonnegative(tol, "tol")
    r = int(np.sum(diag > tol))
    K = scipy.linalg.solve_triangular(R[:r, :r], R[:r, r:]) if r else np.zeros((0, W.shape[1]))
    rows, cols = np.argsort(perm[:r]), np.argsort(perm[r:])
    big = np.abs(W).max(initial=0.0) or 1.0  # the norms without underflow of the squares
    zero = np.flatnonzero(big * np.linalg.norm(W / big, axis=0) <= tol)
    return BaseParameters(independent=np.sort(perm[:r]), dependent=np.sort(perm[r:]),
                          K=K[rows][:, cols], unidentifiable=zero, tol=float(tol),
                          p=W.shape[1])


def _random_states(chain, samples, rng):
    """Random (q, qd, qdd), each (samples, n): q uniform in [-π, π] (revolute) or
    [-0.5, 0.5] m (prismatic), qd and qdd standard normal."""
    check_chain(chain)
    if not isinstance(rng, np.random.Generator):
        raise ValueError(f"rng must be a numpy.random.Generator, got {type(rng).__name__}")
    samples = check_positive_int(samples, "samples")
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
    q, qd, qdd = _random_states(chain, samples, rng)
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
        100 std / |θ̂|, percent (inf where θ̂ = 0, nan where std is 0 too).
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


def _pair(W, y):
    """W (m, p) and y (m,), finite."""
    W = _matrix(W)
    y = as_array(y, "y", (None,))
    if len(y) != W.shape[0]:
        raise ValueError(f"y has {len(y)} entries but W has {W.shape[0]} rows")
    return W, y


def _system(W, y):
    """W and y of a least-squares problem with a residual variance: m > p."""
    W, y = _pair(W, y)
    rows, p = W.shape
    if p == 0:
        raise ValueError(f"W must have at least one column, got {W.shape}")
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
    with np.errstate(divide="ignore", invalid="ignore"):
        relative = 100.0 * std / np.abs(theta)
    return Estimate(theta=theta, covariance=covariance, std=std, relative_std=relative,
                    residual_std=float(np.sqrt(variance)), condition=float(s[0] / s[-1]),
                    rank=rank)


def _joint_sigma(residual, W, n_joints):
    """σ_j = ‖r_j‖ / sqrt(N − p_j): joint j's residual rows, p_j its non-zero columns."""
    rows = residual.reshape(-1, n_joints)
    Wj = W.reshape(rows.shape[0], n_joints, W.shape[1])
    p_j = np.count_nonzero(np.any(Wj != 0.0, axis=0), axis=-1)
    free = rows.shape[0] - p_j
    if np.any(free <= 0):
        j = int(np.argmin(free))
        raise ValueError(f"joint {j + 1} has {rows.shape[0]} rows for {p_j[j]} parameters: "
                         f"its residual variance needs more samples")
    return np.sqrt(np.sum(rows**2, axis=0) / free)


def weighted_least_squares(W, y, n_joints):
    """Two-step weighted least squares: OLS, then rows scaled by 1/σ_j of their joint.

    Parameters
    ----------
    W : array_like, shape (N n, p)
        Observation matrix of full column rank, rows sample-major (row
        ``k n + j`` is joint j+1 at sample k, as :func:`observation_matrix`).
    y : array_like, shape (N n,)
        Measured torques in the same order.
    n_joints : int
        n, the number of joints (rows per sample).

    Returns
    -------
    Estimate
        The weighted estimate (:func:`least_squares` with ``weights`` =
        1/σ_j on joint j's rows); ``joint_sigma`` holds the σ_j, from the OLS
        residual of joint j's N rows: ``σ_j² = ‖r_j‖² / (N − p_j)`` with p_j
        the number of columns not identically zero in joint j's rows.  With
        correct weights the weighted ``residual_std`` is about 1.

    Raises
    ------
    ValueError
        As :func:`least_squares`; if the rows are not a multiple of n_joints,
        a joint has no more rows than parameters, or a joint's residual is
        exactly zero (its weight 1/σ_j would be infinite).

    Notes
    -----
    Book §3.7.  The per-joint noise model of Gautier and Poignet (2001) and
    Swevers et al. (1997) (known here second-hand, from their abstracts and
    later papers): joints differ in torque noise, and each row is weighted by
    its joint's inverse standard deviation.  The first step's error
    ``W_j (θ̂_OLS − θ)`` enters σ_j too: with few samples a quiet joint's σ_j
    comes out too large when a noisy joint dominates the OLS error.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn.identify import weighted_least_squares
    >>> rng = np.random.default_rng(0)
    >>> W = rng.standard_normal((2000, 2))   # 1000 samples of 2 joints
    >>> noise = rng.standard_normal((1000, 2)) * [0.1, 1.0]
    >>> est = weighted_least_squares(W, W @ [1.0, 2.0] + noise.reshape(-1), 2)
    >>> print(np.round(est.joint_sigma, 2), np.round(est.theta, 2))
    [0.1  0.98] [1. 2.]
    """
    W, y = _system(W, y)
    if isinstance(n_joints, bool) or not isinstance(n_joints, (int, np.integer)) \
            or n_joints < 1 or W.shape[0] % n_joints:
        raise ValueError(f"n_joints must be a positive integer dividing the {W.shape[0]} "
                         f"rows of W, got {n_joints!r}")
    ols = least_squares(W, y)
    sigma = _joint_sigma(y - W @ ols.theta, W, n_joints)
    if np.any(sigma == 0.0):
        j = int(np.argmin(sigma))
        raise ValueError(f"joint {j + 1}'s residual is zero: its weight 1/sigma is undefined")
    est = least_squares(W, y, weights=np.tile(1.0 / sigma, W.shape[0] // n_joints))
    return Estimate(**{**est.__dict__, "joint_sigma": sigma})


def _pseudo_inertia_map():
    """The (16, 10) matrix A with vec J(π_i) = A π_i (row-major J, book §3.1.2.2)."""
    from .body import inertia_from_parameters, pseudo_inertia

    return pseudo_inertia(inertia_from_parameters(np.eye(10))).reshape(10, 16).T


def pseudo_inertias(pi):
    """J(π_i) (4x4) of every link of π, shape (n, 4, 4): :func:`chaindyn.body.pseudo_inertia`
    of ten parameters, which need not be a body's."""
    pi = as_array(pi, "pi", (None,))
    if pi.size % 10:
        raise ValueError(f"pi must hold 10 parameters per link, got {pi.size} numbers")
    return (pi.reshape(-1, 10) @ _pseudo_inertia_map().T).reshape(-1, 4, 4)


@dataclass(frozen=True)
class ConsistentEstimate:
    """The result of :func:`consistent_estimate`.

    Attributes
    ----------
    theta : ndarray, shape (p,)
        The estimate in the column order of W: π, then the friction parameters.
    pi : ndarray, shape (10 n,)
        The inertial parameters, physically consistent: J(π_i) ⪰ ε 1.
    friction : ndarray, shape (2 n,) or (0,)
        (F_v,1, F_c,1, ...), each >= 0; empty without friction.
    status : str
        The solver's status ("optimal").
    objective : float
        ‖W θ − y‖² + weight ‖π − prior‖², in the units of y squared.
    min_eigenvalues : ndarray, shape (n,)
        The smallest eigenvalue of each link's J(π_i) (kg m^2 scale).
    residual_norm : float
        ‖W θ − y‖.
    """

    theta: np.ndarray
    pi: np.ndarray
    friction: np.ndarray
    status: str
    objective: float
    min_eigenvalues: np.ndarray
    residual_norm: float


def _real_number(x):
    """True for a finite real number (not a bool, not an array)."""
    return not isinstance(x, bool) and isinstance(x, (int, float, np.floating, np.integer)) \
        and bool(np.isfinite(x))


def _nonnegative(x, name):
    if not _real_number(x) or x < 0:
        raise ValueError(f"{name} must be a finite number >= 0, got {x!r}")
    return float(x)


#: Clarabel's tolerances here: tighter than its defaults (1e-8), so that the directions
#: fixed only by a small regulariser come out to about 1e-8 as well.
CLARABEL_OPTIONS = {"tol_gap_abs": 1e-10, "tol_gap_rel": 1e-10, "tol_feas": 1e-10}


def _options(solver, options):
    """The solver's keyword arguments: :data:`CLARABEL_OPTIONS` for Clarabel, then ``options``."""
    base = CLARABEL_OPTIONS if solver.upper() == "CLARABEL" else {}
    return {**base, **(options or {})}


def _reduced(W, y):
    """Scales c (per column) and s, and R, z with ‖W θ − y‖ / s = ‖R x − z‖ + a constant
    for x = c θ / s.

    c holds the column norms of W and s = ‖y‖, so that R, z and x are of order one
    whatever the units of W and y.  A column whose norm is at roundoff level of the
    largest (at most ``max(W.shape) * eps`` times it) carries no information: it is
    set to zero and given the largest norm as its scale, so that the LMIs, not the
    roundoff in that column, decide its parameter."""
    c = np.linalg.norm(W, axis=0)
    top = float(c.max(initial=0.0))
    noise = c <= max(W.shape) * np.finfo(float).eps * top
    c[noise] = top if top > 0 else 1.0
    Ws = W / c
    Ws[:, noise] = 0.0
    s = float(np.linalg.norm(y)) or 1.0
    Q, R = np.linalg.qr(Ws)
    return c, s, R, Q.T @ (y / s)


def consistent_estimate(W, y, n_links, friction=True, prior=None, weight=0.0, epsilon=0.0,
                        radius=None, solver="CLARABEL", solver_options=None):
    """Least squares over physically consistent parameters: a semidefinite program.

    minimise ‖W θ − y‖² + weight ‖π − prior‖²  subject to  J(π_i) ⪰ ε 1 for every link
    (and F_v,j >= 0, F_c,j >= 0 with friction, and ‖π − prior‖ <= radius if given),
    θ = (π, friction).

    Parameters
    ----------
    W : array_like, shape (m, p)
        Observation matrix with all columns (:func:`observation_matrix`):
        p = 10 n_links, or 12 n_links with friction.  It need not have full
        rank: the constraints and the prior act in the directions the data
        cannot see.
    y : array_like, shape (m,)
        Measured torques (N m) or forces (N).
    n_links : int
    friction : bool, default True
        Whether W carries the 2 n_links friction columns after the inertial ones.
    prior : array_like, shape (10 n_links,), optional
        A full π (e.g. the CAD or URDF values); required when weight > 0.
    weight : float, default 0
        The regulariser's weight (units of y² per parameter²); 0 fits the data
        only, which needs a W of full column rank or a ``radius`` (otherwise
        the minimisers form an unbounded set and the solver cannot return one
        reliably).
    epsilon : float, default 0
        Margin of the linear matrix inequalities, kg m^2.
    radius : float, optional
        A trust region about the prior, ``‖π − prior‖ <= radius`` (the
        Euclidean norm of the mixed units kg, kg m, kg m^2, as the weight's):
        it bounds the directions the data cannot see without pulling on the
        others, so that with weight 0 the fit of the seen directions is
        exact whenever a physical π within the radius attains it.
    solver : str, default "CLARABEL"
        A cvxpy solver that handles semidefinite cones.
    solver_options : dict, optional
        Keyword arguments for the solver (e.g. ``{"max_iter": 50}``); for
        Clarabel they update :data:`CLARABEL_OPTIONS` (gap and feasibility
        tolerances 1e-10).

    Returns
    -------
    ConsistentEstimate

    Raises
    ------
    ValueError
        On wrong shapes, NaN or infinite entries, a negative weight or
        epsilon or radius, a positive weight or a radius without a prior, a
        weight of 0 with a W of deficient column rank and no radius, a friction that is not
        a bool, a solver name that is not an installed cvxpy solver, or
        solver options the solver refuses.
    RuntimeError
        If the solver fails or does not report an optimal solution (the
        message gives its status; "optimal_inaccurate" is not accepted).

    Notes
    -----
    Book §3.7; the pseudo-inertia LMI J(π_i) ⪰ 0 of Wensing, Kim and Slotine
    (2018): J is affine in π_i (:func:`chaindyn.body.pseudo_inertia`), so the
    feasible set is convex and the problem is an SDP.  For the solver the
    columns of W are scaled to unit norm, y to ‖y‖ = 1, and W is replaced by
    the R of its QR factorisation (same objective up to a constant, p rows
    instead of m), so that the problem the solver sees does not depend on the
    units of W and y; columns at roundoff level of the largest are set to zero,
    and each link's LMI is divided by its largest coefficient.
    The solver minimises the norm ``‖(R x − z, sqrt(weight) (π − prior) / ‖y‖)‖``,
    whose minimiser is that of the squared objective and whose tolerance
    applies to the residual itself, not to its square.  cvxpy is imported here.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn import inertial_parameters, models, rnea
    >>> from chaindyn.identify import consistent_estimate, observation_matrix
    >>> arm = models.planar_2r()
    >>> rng = np.random.default_rng(0)
    >>> q, qd, qdd = rng.standard_normal((3, 30, 2))
    >>> W = observation_matrix(arm, q, qd, qdd, gravity=(0, -9.81, 0), friction=False)
    >>> y = rnea(arm, q, qd, qdd, gravity=(0, -9.81, 0)).reshape(-1)
    >>> prior = inertial_parameters(arm)  # only 6 of the 20 directions are seen by W
    >>> est = consistent_estimate(W, y, 2, friction=False, prior=prior, weight=1e-6)
    >>> est.status, bool(est.min_eigenvalues.min() > -1e-7)
    ('optimal', True)
    """
    import cvxpy as cp

    W, y = _pair(W, y)
    n_links = check_positive_int(n_links, "n_links")
    friction = check_flag(friction, "friction")
    p = (12 if friction else 10) * n_links
    if W.shape[1] != p:
        raise ValueError(f"W must have {p} columns for {n_links} links"
                         f"{' with' if friction else ' without'} friction, got {W.shape[1]}")
    weight, epsilon = _nonnegative(weight, "weight"), _nonnegative(epsilon, "epsilon")
    if weight > 0 and prior is None:
        raise ValueError("a weight > 0 needs a prior (a full pi of 10 n_links numbers)")
    if radius is not None:
        radius = _nonnegative(radius, "radius")
        if prior is None:
            raise ValueError("a radius needs a prior (a full pi of 10 n_links numbers)")
    prior = None if prior is None else as_array(prior, "prior", (10 * n_links,))
    installed = cp.installed_solvers()
    if not isinstance(solver, str) or solver.upper() not in installed:
        raise ValueError(f"solver must be the name of an installed cvxpy solver "
                         f"({', '.join(installed)}), got {solver!r}")
    if solver_options is not None and not isinstance(solver_options, dict):
        raise ValueError(f"solver_options must be a dict of keyword arguments, got "
                         f"{type(solver_options).__name__}")
    c, s, R, z = _reduced(W, y)
    rank = int(np.linalg.matrix_rank(R))
    if weight == 0 and rank < p and radius is None:
        raise ValueError(f"W has rank {rank} for {p} parameters: the data leave {p - rank} "
                         f"directions free, so the fit has no unique minimiser; give a prior "
                         f"(e.g. the URDF's pi) and a weight > 0 or a radius to bound them")
    x = cp.Variable(p)
    theta_s = cp.multiply(x, 1.0 / c)  # θ / s
    pi_s = theta_s[:10 * n_links]
    stacked = R @ x - z
    if weight > 0:
        stacked = cp.hstack([stacked, np.sqrt(weight) * (pi_s - prior / s)])
    A, eye = _pseudo_inertia_map(), np.eye(4)
    constraints = []
    for i in range(n_links):
        # J is linear in π: J(π) ⪰ ε 1 is J(π / s) / k ⪰ (ε / (s k)) 1 for any k > 0;
        # k makes the largest coefficient of x in the LMI one, whatever W's units
        Ai = A / c[10 * i:10 * i + 10]
        k = float(np.abs(Ai).max())
        J = cp.reshape((Ai / k) @ x[10 * i:10 * i + 10], (4, 4), order="C")
        constraints.append(J >> (epsilon / (s * k)) * eye)
    if friction:
        constraints.append(x[10 * n_links:] >= 0)
    if radius is not None:
        constraints.append(cp.norm(pi_s - prior / s) <= radius / s)
    # the norm has the minimiser of its square, and a solver tolerance on the norm itself
    problem = cp.Problem(cp.Minimize(cp.norm(stacked)), constraints)
    try:
        problem.solve(solver=solver, **_options(solver, solver_options))
    except cp.error.SolverError as exc:
        raise RuntimeError(f"the solver {solver} failed: {exc}") from exc
    except TypeError as exc:  # e.g. Clarabel: "unrecognized solver setting"
        raise ValueError(f"solver_options {solver_options!r} were refused by {solver}: "
                         f"{exc}") from exc
    if problem.status != "optimal":
        raise RuntimeError(f"the solver {solver} returned status {problem.status!r}, "
                           f"not 'optimal'")
    theta = s * np.asarray(x.value) / c
    residual = float(np.linalg.norm(W @ theta - y))
    pi_hat = theta[:10 * n_links]
    penalty = 0.0 if prior is None else weight * float(np.sum((pi_hat - prior) ** 2))
    return ConsistentEstimate(theta=theta, pi=pi_hat, friction=theta[10 * n_links:],
                              status=problem.status, objective=residual**2 + penalty,
                              min_eigenvalues=np.linalg.eigvalsh(pseudo_inertias(pi_hat))[:, 0],
                              residual_norm=residual)


def fourier_trajectory(t, a, b, q0, omega_f):
    """A finite Fourier series joint trajectory (Swevers et al. 1997) and its derivatives.

    ``q_j(t) = q0_j + Σ_l [a_jl / (ω_f l) sin(ω_f l t) − b_jl / (ω_f l) cos(ω_f l t)]``,
    ``qd_j(t) = Σ_l [a_jl cos(ω_f l t) + b_jl sin(ω_f l t)]``,
    ``qdd_j(t) = Σ_l ω_f l [−a_jl sin(ω_f l t) + b_jl cos(ω_f l t)]``, l = 1..L.

    Parameters
    ----------
    t : array_like, shape (T,)
        Times, s.
    a, b : array_like, shape (n, L)
        Amplitudes of the velocity harmonics, rad/s (m/s for prismatic joints).
    q0 : array_like, shape (n,)
        Offsets, rad (m).
    omega_f : float
        Fundamental angular frequency, rad/s, > 0; the trajectory is periodic
        with period 2π / ω_f.

    Returns
    -------
    q, qd, qdd : ndarray, each shape (T, n)

    Raises
    ------
    ValueError
        On wrong shapes, non-finite entries or ω_f <= 0.

    Notes
    -----
    Book §3.7; the parameterisation of Swevers et al. (1997) (abstract read,
    details second-hand): band-limited and periodic, so measurements can be
    averaged over periods.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn.identify import fourier_trajectory
    >>> q, qd, qdd = fourier_trajectory([0.0, np.pi], [[1.0]], [[0.0]], [0.5], 1.0)
    >>> print(np.round(q[:, 0], 12) + 0.0, np.round(qd[:, 0], 12) + 0.0)
    [0.5 0.5] [ 1. -1.]
    """
    t = as_array(t, "t", (None,))
    a = as_array(a, "a", (None, None))
    b = as_array(b, "b", a.shape)
    q0 = as_array(q0, "q0", (a.shape[0],))
    if not _real_number(omega_f) or omega_f <= 0:
        raise ValueError(f"omega_f must be a finite number > 0, got {omega_f!r}")
    w = omega_f * np.arange(1, a.shape[1] + 1)  # ω_f l, shape (L,)
    s, c = np.sin(np.multiply.outer(t, w)), np.cos(np.multiply.outer(t, w))  # (T, L)
    q = q0 + s @ (a / w).T - c @ (b / w).T
    qd = c @ a.T + s @ b.T
    qdd = -s @ (a * w).T + c @ (b * w).T
    return q, qd, qdd


def _uniform_rate(t, n_samples):
    """The sampling rate 1/dt of uniformly spaced times (spacing equal to 1e-6 relative)."""
    t = as_array(t, "t", (n_samples,))
    if n_samples < 2:
        raise ValueError(f"t must hold at least 2 samples, got {n_samples}")
    dt = np.diff(t)
    if dt[0] <= 0 or np.max(np.abs(dt - dt[0])) > 1e-6 * dt[0]:
        raise ValueError(f"t must be uniformly sampled and increasing: spacings range "
                         f"from {dt.min():.6g} s to {dt.max():.6g} s")
    return t, 1.0 / dt[0]


def lowpass(t, x, cutoff, order=4):
    """Zero-phase Butterworth low-pass filter of uniformly sampled signals.

    Parameters
    ----------
    t : array_like, shape (T,)
        Uniform sample times, s (spacing equal to within 1e-6 relative).
    x : array_like, shape (T,) or (T, n)
        Signals, filtered along time; joint logs and torques alike.
    cutoff : float
        The Butterworth cutoff frequency, Hz, below the Nyquist frequency.
    order : int, default 4
        The Butterworth order of one pass.

    Returns
    -------
    ndarray, the shape of x

    Raises
    ------
    ValueError
        If t is not uniform and increasing, shapes disagree, cutoff is not
        in (0, fs/2), order is not a positive integer, or x has no more
        samples than the filter pads at each end (15 for order 4).

    Notes
    -----
    Book §3.7.  ``scipy.signal.butter`` in second-order sections and
    ``sosfiltfilt`` (filtfilt in that form): the filter runs forward and then
    backward, so the phase cancels and the output has no delay; the gain is
    the Butterworth gain squared, 1/(1 + (f/f_c)^(2 order)).  Filter the
    measured torques with the same filter as the positions, so both keep the
    same band of the motion.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn.identify import lowpass
    >>> t = np.arange(2000) * 1e-3
    >>> x = np.sin(2 * np.pi * t) + np.sin(2 * np.pi * 200 * t)
    >>> err = lowpass(t, x, 20.0)[500:1500] - np.sin(2 * np.pi * t[500:1500])
    >>> bool(np.abs(err).max() < 1e-3)
    True
    """
    import scipy.signal

    x = as_array(x, "x")
    if x.ndim not in (1, 2):
        raise ValueError(f"x must have shape (T,) or (T, n), got {x.shape}")
    t, fs = _uniform_rate(t, x.shape[0])
    if not _real_number(cutoff) or not 0 < cutoff < fs / 2:
        raise ValueError(f"cutoff must be in (0, {fs / 2:.6g}) Hz (the Nyquist frequency), "
                         f"got {cutoff!r}")
    order = check_positive_int(order, "order")
    sos = scipy.signal.butter(order, cutoff, fs=fs, output="sos")
    # sosfiltfilt extends x by 3 (2 sections + 1 - trailing zero taps) samples at each end
    edge = 3 * (2 * len(sos) + 1 - min(np.sum(sos[:, 2] == 0), np.sum(sos[:, 5] == 0)))
    if x.shape[0] <= edge:
        raise ValueError(f"x must have more than {edge} samples for the zero-phase filter of "
                         f"order {order} (it pads {edge} at each end), got {x.shape[0]}")
    return scipy.signal.sosfiltfilt(sos, x, axis=0)


def differentiate(t, x, cutoff, order=4):
    """Filtered signal and its first two time derivatives: :func:`lowpass`, then central
    differences.

    Parameters
    ----------
    t : array_like, shape (T,)
        Uniform sample times, s.
    x : array_like, shape (T,) or (T, n)
        Measured positions (rad or m).
    cutoff : float
        Low-pass cutoff, Hz (see :func:`lowpass`).
    order : int, default 4

    Returns
    -------
    x_f, xd, xdd : ndarray, the shape of x
        The zero-phase filtered x and ``numpy.gradient`` of it with the sample
        times (central differences inside, one-sided at the two ends), applied
        twice.

    Raises
    ------
    ValueError
        As :func:`lowpass` (non-uniform t included).

    Notes
    -----
    Book §3.7.  The errors: the filter's gain at the motion's frequencies
    (``1 − 1/(1 + (f/f_c)^(2 order))``), the noise left below the cutoff,
    amplified by 2π f_c per derivative, the O(dt²) error of central
    differences (``ω³ dt² / 6`` times the amplitude for a sinusoid of angular
    frequency ω), and the transients over the first and last few periods of
    the cutoff (drop those samples).  The filter has no delay, so positions,
    velocities, accelerations and the equally filtered torques stay aligned.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn.identify import differentiate
    >>> t = np.arange(4000) * 1e-3
    >>> x_f, xd, xdd = differentiate(t, np.sin(np.pi * t), 10.0)
    >>> bool(np.abs(xd[1000:3000] - np.pi * np.cos(np.pi * t[1000:3000])).max() < 1e-4)
    True
    """
    x_f = lowpass(t, x, cutoff, order)
    t = np.asarray(t, dtype=float)
    xd = np.gradient(x_f, t, axis=0)
    return x_f, xd, np.gradient(xd, t, axis=0)
