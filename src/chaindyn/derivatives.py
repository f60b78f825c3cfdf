"""Analytical derivatives of the inverse and forward dynamics, book §3.6.

The RNEA of :mod:`chaindyn.inverse_dynamics`, differentiated link by link.  With
``X_i = Ad_{T_{i,i-1}}`` and ``T_{i,i-1} = exp(-[A_i] q_i) M_{i,i-1}``, the
two rules that carry q_i into the sweeps are (both checked against central
differences of ``joint_step``)::

    d(X_i Y)/dq_i     = -ad_{A_i} (X_i Y)                  (motion, forward)
    d(X_i^T F)/dq_i   = -X_i^T ad_{A_i}^T F = X_i^T ad*_{A_i} F   (force, backward)

with ``ad*_V = ad_dual(V) = -ad_V^T``.  Forward, i = 1..n, for x = q or qd
(the (6, n) blocks ``dV_i = dV_i/dx``, ``dVd_i = dVd_i/dx``; column j of
``dV_i`` is zero for j > i)::

    dV_i/dq   = X_i dV_{i-1}/dq  + [column i] ad_{V_i} A_i
    dV_i/dqd  = X_i dV_{i-1}/dqd + [column i] A_i
    dVd_i/dq  = X_i dVd_{i-1}/dq - ad_{A_i} dV_i/dq qd_i - [column i] ad_{A_i} X_i Vd_{i-1}
    dVd_i/dqd = X_i dVd_{i-1}/dqd - ad_{A_i} dV_i/dqd qd_i + [column i] ad_{V_i} A_i

(``ad_{dV} A = -ad_A dV``; ``ad_{A_i} X_i V_{i-1} = ad_{A_i} V_i`` since
``ad_A A = 0``).  Backward, i = n..1, with ``dF_{n+1} = 0`` (F_tip is
constant in {n})::

    dF_i  = X_{i+1}^T dF_{i+1} + [column i+1, x = q] X_{i+1}^T ad*_{A_{i+1}} F_{i+1}
            + G_i dVd_i + ad*_{dV_i} (G_i V_i) + ad*_{V_i} G_i dV_i
    dtau_i = A_i^T dF_i

``ad*_{dV} W`` is linear in dV: ``ad*_a w = -ad_a^T w = -bar(w) a`` with
``bar(m, f) = [[[m], [f]], [[f], 0]]`` (``chaindyn.lagrange._bar``, which the
Newton-Euler factorization of C uses too).  Each link costs
O(n) products of 6x6 matrices with (6, n) blocks: O(n^2) per state.

The forward dynamics ``qdd = FD(q, qd, tau)`` is differentiated through
``RNEA(q, qd, FD(q, qd, tau)) = tau``: ``dqdd/dx = -M^{-1} dtau/dx`` at that
qdd, and ``dqdd/dtau = M^{-1}``.
"""

from __future__ import annotations

import numpy as np

from ._validate import DEFAULT_GRAVITY, batch_shape, check_dynamics
from .articulated import aba, inverse_mass_matrix
from .inverse_dynamics import backward_recursion, base_acceleration, forward_recursion
from .lagrange import _bar
from .spatial import ad, ad_dual, transpose

__all__ = ["rnea_derivatives", "aba_derivatives"]


def _rnea_derivatives(chain, q, qd, qdd, gravity, f_tip):
    """The two sweeps on checked arrays: (dtau_dq, dtau_dqd), each (..., n, n)."""
    n = chain.n
    batch = batch_shape(q, qd, qdd)
    if f_tip is not None:  # a batch of tip wrenches batches the result, as in rnea
        batch = np.broadcast_shapes(batch, f_tip.shape[:-1])
        q, qd, qdd = (np.broadcast_to(x, batch + (n,)) for x in (q, qd, qdd))
    Ads, Vs, Vds = forward_recursion(chain, q, qd, qdd, gravity)
    zero = np.zeros(batch + (6, n))
    # forward: dV_i, dVd_i with respect to q and qd, as (..., 6, n) blocks
    dV_q, dV_qd, dVd_q, dVd_qd = zero, zero, zero, zero
    dVs_q, dVs_qd, dVds_q, dVds_qd = [], [], [], []
    Vd_prev = base_acceleration(gravity)  # Vd_0 = (0, -g)
    for i in range(n):
        A, X, V = chain.screws[i], Ads[i], Vs[i]
        adA, qdi = ad(A), qd[..., i, None, None]
        adV_A = ad(V) @ A  # ad_{V_i} A_i, (..., 6)
        dV_q = X @ dV_q
        dV_q[..., :, i] += adV_A                                  # d(X_i V_{i-1})/dq_i
        dV_qd = X @ dV_qd
        dV_qd[..., :, i] += A                                     # d(A_i qd_i)/dqd_i
        dVd_q = X @ dVd_q - (adA @ dV_q) * qdi                    # ad_{dV} A qd = -ad_A dV qd
        dVd_q[..., :, i] -= (adA @ (X @ Vd_prev[..., None]))[..., 0]  # d(X_i Vd_{i-1})/dq_i
        dVd_qd = X @ dVd_qd - (adA @ dV_qd) * qdi
        dVd_qd[..., :, i] += adV_A                                # d(ad_{V_i} A_i qd_i)/dqd_i
        dVs_q.append(dV_q)
        dVs_qd.append(dV_qd)
        dVds_q.append(dVd_q)
        dVds_qd.append(dVd_qd)
        Vd_prev = Vds[i]
    # backward: the wrenches F_i of RNEA's backward sweep, dF_i, then dtau_i = A_i^T dF_i
    Fs = backward_recursion(chain, Ads, Vs, Vds, f_tip)[1]
    dF_q, dF_qd = zero, zero  # dF_{n+1} = 0: F_tip is constant in {n}
    dtau_dq, dtau_dqd = np.zeros(batch + (n, n)), np.zeros(batch + (n, n))
    for i in reversed(range(n)):
        G, V, A, F = chain.inertias[i], Vs[i], chain.screws[i], Fs[..., i, :]
        GV = (G @ V[..., None])[..., 0]
        bar_GV, adsV_G = -_bar(GV), ad_dual(V) @ G  # ad*_{dV} (G V) = -bar(G V) dV
        dF_q = dF_q + G @ dVds_q[i] + bar_GV @ dVs_q[i] + adsV_G @ dVs_q[i]
        dF_qd = dF_qd + G @ dVds_qd[i] + bar_GV @ dVs_qd[i] + adsV_G @ dVs_qd[i]
        dtau_dq[..., i, :] = A @ dF_q                              # dtau_i = A_i^T dF_i
        dtau_dqd[..., i, :] = A @ dF_qd
        # into {i-1}: X_i^T dF_i, and d(X_i^T F_i)/dq_i = X_i^T ad*_{A_i} F_i
        Xt = transpose(Ads[i])
        dF_q, dF_qd = Xt @ dF_q, Xt @ dF_qd
        dF_q[..., :, i] += (Xt @ (ad_dual(A) @ F[..., None]))[..., 0]
    return dtau_dq, dtau_dqd


def rnea_derivatives(chain, q, qd, qdd, gravity=DEFAULT_GRAVITY, f_tip=None):
    """Partial derivatives of the inverse dynamics, ``dtau/dq`` and ``dtau/dqd``.

    ``tau = RNEA(q, qd, qdd, F_tip)`` of :func:`chaindyn.rnea`, differentiated
    analytically through its two sweeps (module docstring): O(n^2) per state.
    The third partial, ``dtau/dqdd = M(q)``, is :func:`chaindyn.crba`.

    Parameters
    ----------
    chain : Chain
    q, qd, qdd : array_like, shape (n,) or (N, n)
        Joint positions (rad or m), velocities (rad/s or m/s) and
        accelerations (rad/s^2 or m/s^2); batched like :func:`chaindyn.rnea`.
    gravity : array_like, shape (3,), default (0, 0, -9.80665)
        Gravity vector in {0}, m/s^2 (base acceleration ``(0, -gravity)``).
    f_tip : array_like, shape (6,) or (N, 6), optional
        F_tip = (moment, force) that the end effector applies to the
        environment, in {n} (N m, N), held constant in {n}: it enters the
        derivatives only through the transforms of the backward sweep.

    Returns
    -------
    dtau_dq : ndarray, shape (n, n) or (N, n, n)
        ``dtau_dq[..., i, j] = d tau_i / d q_j``; units of tau_i per rad or m.
    dtau_dqd : ndarray, shape (n, n) or (N, n, n)
        ``dtau_dqd[..., i, j] = d tau_i / d qd_j``; units of tau_i per rad/s or m/s.

    Raises
    ------
    ValueError
        As :func:`chaindyn.rnea` (the same checks and messages): ``chain`` not
        a Chain, wrong shapes, batch shapes that do not broadcast, NaN or inf,
        or an array that is not plain (``np.matrix``, a masked array).

    See Also
    --------
    aba_derivatives : the derivatives of the forward dynamics.
    chaindyn.crba : ``dtau/dqdd = M(q)``.

    Notes
    -----
    Book §3.6.  The approach (differentiating the RNEA sweeps in spatial
    form, O(n^2)) is that of Carpentier and Mansard (2018), "Analytical
    derivatives of rigid body dynamics algorithms", RSS, DOI:
    10.15607/RSS.2018.XIV.038, known here second-hand; the equations above
    are derived from :mod:`chaindyn.inverse_dynamics` in Modern Robotics notation.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn import models, rnea_derivatives
    >>> arm = models.planar_2r()

    Link 1 horizontal, link 2 vertical, gravity along -y: ``dtau/dq`` is the
    gravity stiffness, every entry ``-m2 r2 g`` (from the closed form of
    Modern Robotics eq. 8.9, ``m2 = r2 = 1``); turning joint 1 at 1 rad/s
    without gravity, ``dtau/dqd`` is ``m2 L1 r2 sin q2 [[0, -2], [2, 0]]``.

    >>> q = [0.0, np.pi / 2]
    >>> dq, _ = rnea_derivatives(arm, q, [0, 0], [0, 0], gravity=[0, -9.81, 0])
    >>> print(np.round(dq, 6) + 0.0)
    [[-9.81 -9.81]
     [-9.81 -9.81]]
    >>> _, dqd = rnea_derivatives(arm, q, [1.0, 0.0], [0, 0], gravity=[0, 0, 0])
    >>> print(np.round(dqd, 6) + 0.0)
    [[ 0. -2.]
     [ 2.  0.]]
    """
    q, qd, qdd, gravity, f_tip = check_dynamics(chain, gravity, f_tip, q=q, qd=qd, qdd=qdd)
    return _rnea_derivatives(chain, q, qd, qdd, gravity, f_tip)


def aba_derivatives(chain, q, qd, tau, gravity=DEFAULT_GRAVITY, f_tip=None):
    """Partial derivatives of the forward dynamics ``qdd = FD(q, qd, tau)``.

    ``qdd = aba(chain, q, qd, tau, gravity, f_tip)``; differentiating
    ``RNEA(q, qd, FD(q, qd, tau)) = tau`` gives ::

        dqdd/dq   = -M^{-1} dtau/dq     (dtau/dq, dtau/dqd of rnea_derivatives at that qdd)
        dqdd/dqd  = -M^{-1} dtau/dqd
        dqdd/dtau =  M^{-1}

    ``M^{-1}`` comes from :func:`chaindyn.inverse_mass_matrix` (an ABA-like
    O(n^2) recursion, without forming M): it is itself the third output, so
    computing it once and multiplying is cheaper than a Cholesky solve of
    ``crba`` for 2 n right-hand sides plus the identity.

    Parameters
    ----------
    chain : Chain
    q, qd : array_like, shape (n,) or (N, n)
        Joint positions (rad or m) and velocities (rad/s or m/s).
    tau : array_like, shape (n,) or (N, n)
        Joint torques (N m) or forces (N); batched like :func:`chaindyn.aba`.
    gravity : array_like, shape (3,), default (0, 0, -9.80665)
        Gravity vector in {0}, m/s^2.
    f_tip : array_like, shape (6,) or (N, 6), optional
        F_tip = (moment, force) that the end effector applies to the
        environment, in {n} (N m, N), held constant in {n}.

    Returns
    -------
    dqdd_dq : ndarray, shape (n, n) or (N, n, n)
        ``d qdd_i / d q_j``, 1/s^2 (units of qdd_i per rad or m).
    dqdd_dqd : ndarray, shape (n, n) or (N, n, n)
        ``d qdd_i / d qd_j``, 1/s.
    dqdd_dtau : ndarray, shape (n, n) or (N, n, n)
        ``M(q)^{-1}``, symmetric.

    Raises
    ------
    ValueError
        As :func:`chaindyn.aba` (the messages of :func:`chaindyn.rnea`).

    See Also
    --------
    rnea_derivatives : the derivatives of the inverse dynamics.

    Notes
    -----
    Book §3.6; Carpentier and Mansard (2018), RSS, DOI:
    10.15607/RSS.2018.XIV.038 (second-hand), who obtain the ABA derivatives
    the same way, from the RNEA derivatives and M^{-1}.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn import aba_derivatives, crba, models
    >>> arm, q = models.planar_2r(), [0.0, np.pi / 2]
    >>> dq, dqd, dtau = aba_derivatives(arm, q, [0, 0], [0, 0])
    >>> print(np.round(dtau @ crba(arm, q), 12) + 0.0)
    [[1. 0.]
     [0. 1.]]
    >>> dq.shape, dqd.shape
    ((2, 2), (2, 2))
    """
    qdd = aba(chain, q, qd, tau, gravity, f_tip)  # checks every argument
    q, qd, qdd, gravity, f_tip = check_dynamics(chain, gravity, f_tip, q=q, qd=qd, qdd=qdd)
    dtau_dq, dtau_dqd = _rnea_derivatives(chain, q, qd, qdd, gravity, f_tip)
    Minv = inverse_mass_matrix(chain, q)
    return -Minv @ dtau_dq, -Minv @ dtau_dqd, np.broadcast_to(Minv, dtau_dq.shape).copy()
