"""Quantities obtained from RNEA calls (book §3.2.3.6).

RNEA's output is linear in qdd and in gravity and a quadratic form in qd, so
one call with selected inputs set to zero isolates one term of

    tau = M(q) qdd + C(q, qd) qd + g(q) + J_b(q)^T F_tip,

and the terms add up to a full call exactly (up to roundoff).
"""

from __future__ import annotations

import numpy as np

from ._validate import DEFAULT_GRAVITY, check_chain, check_gravity, check_state
from .composite import crba
from .inverse_dynamics import backward_recursion, forward_recursion, link_twists, rnea
from .jacobian import point_jacobian
from .kinematics import forward_kinematics

__all__ = [
    "mass_matrix",
    "bias_force",
    "gravity_torque",
    "coriolis_torque",
    "inertial_torque",
    "tip_wrench_torque",
    "kinetic_energy",
    "potential_energy",
    "operational_space_inertia",
]

_NO_GRAVITY = np.zeros(3)


def mass_matrix(chain, q):
    """Joint-space mass matrix M(q) by RNEA over the unit accelerations (column j:
    qd = 0, g = 0, qdd = e_j), all n columns in one batched pass.

    Parameters
    ----------
    chain : Chain
    q : array_like, shape (n,) or (N, n)
        Joint positions, rad or m.  A batch of N configurations gives N
        matrices, still in one pass (N n columns).

    Returns
    -------
    ndarray, shape (n, n) or (N, n, n)
        kg m^2 (revolute-revolute), kg m (mixed) and kg (prismatic) entries.

    Raises
    ------
    ValueError
        If q has the wrong shape or is not finite.

    Notes
    -----
    Book §3.2.3.5: exact because tau is linear in qdd.  Column j is the
    torque of RNEA with qd = 0, gravity 0 and qdd = e_j; the n columns go
    through the recursion together as a batch of n states that share the
    same q.  n separate RNEA calls would cost 357 n^2 products for an
    all-revolute chain (the count that §3.2.3.5 teaches).  In the batched
    pass everything that depends on q only is formed once per link, not
    once per column: the joint step ``Ad_{T_{i,i-1}}`` (99 products for a
    revolute joint, 63 for a prismatic one; 144 and 66 multiplications under
    rule ``"all"``) and ``A_i qd_i`` (6 elementwise products; qd = 0 is the
    same for every column).  What
    :func:`chaindyn.opcount.count` measures on this code is therefore

    * rule ``"products"``: ``258 n^2 + 99 n_R + 63 n_P``, i.e.
      ``357 n^2 - 99 n (n - 1)`` for an all-revolute chain;
    * rule ``"all"``: ``270 n^2 + 150 n_R + 72 n_P`` (``420 n^2 - 150 n (n - 1)``
      all-revolute);

    and for a batch of N configurations N times that, less ``(N - 1)`` times
    what the batch shares besides: ``27 n_R`` products (the constant
    ``[w]^2`` of Rodrigues' formula), and under rule ``"all"`` also
    ``6 n + 6 n^2`` (``A_i qd_i`` and ``A_i qdd_i``, whose qd and qdd are
    the same for every configuration).  CRBA (§3.5) needs fewer still.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn import mass_matrix, models
    >>> arm, q = models.planar_2r(), [0.0, np.pi / 2]

    At q_2 = pi/2, Modern Robotics eq. (8.9) gives M_11 = I_1 + I_2 + m1 r1^2
    + m2 (L1^2 + r2^2) and M_12 = M_22 = I_2 + m2 r2^2 (I_i = 1e-3 kg m^2):

    >>> print(np.round(mass_matrix(arm, q), 6))
    [[3.002 1.001]
     [1.001 1.001]]
    """
    (q,) = check_state(chain, q=q)
    # Row j of the pass is column j of M: qdd = e_j (the rows of the identity),
    # all n of them at the same q, which broadcasts over the new axis -2.
    eye = np.eye(chain.n)
    Ads, Vs, Vds = forward_recursion(chain, q[..., None, :], np.zeros(chain.n), eye, _NO_GRAVITY)
    tau = backward_recursion(chain, Ads, Vs, Vds, None)[0]  # tau[..., j, i] = M[..., i, j]
    return np.swapaxes(tau, -1, -2)


def bias_force(chain, q, qd, gravity=DEFAULT_GRAVITY):
    """h(q, qd) = C(q, qd) qd + g(q) = RNEA(q, qd, 0): Coriolis, centrifugal and gravity.

    Shapes as :func:`chaindyn.rnea`; N m or N.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn import bias_force, models
    >>> arm, q = models.planar_2r(), [0.0, np.pi / 2]

    >>> print(np.round(bias_force(arm, q, [1.0, 0.0], gravity=[0, -9.81, 0]), 6) + 0.0)
    [19.62  1.  ]
    """
    check_chain(chain)
    return rnea(chain, q, qd, np.zeros(chain.n), gravity)


def gravity_torque(chain, q, gravity=DEFAULT_GRAVITY):
    """g(q) = RNEA(q, 0, 0): the torques that hold the chain still against gravity.

    Shapes as :func:`chaindyn.rnea`; N m or N.  This is the gravity
    compensation torque.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn import gravity_torque, models
    >>> arm, q = models.planar_2r(), [0.0, np.pi / 2]

    >>> print(np.round(gravity_torque(arm, q, gravity=[0, -9.81, 0]), 6) + 0.0)
    [19.62  0.  ]
    """
    check_chain(chain)
    z = np.zeros(chain.n)
    return rnea(chain, q, z, z, gravity)


def coriolis_torque(chain, q, qd):
    """C(q, qd) qd = RNEA(q, qd, 0) with gravity off: velocity-product torques.

    Shapes as :func:`chaindyn.rnea`; N m or N.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn import coriolis_torque, models
    >>> arm, q = models.planar_2r(), [0.0, np.pi / 2]

    Eq. (8.9): c(q, qd) = m2 L1 r2 sin q2 (-(2 qd1 qd2 + qd2^2), qd1^2):

    >>> print(np.round(coriolis_torque(arm, q, [1.0, 0.0]), 6) + 0.0)
    [0. 1.]
    """
    check_chain(chain)
    return rnea(chain, q, qd, np.zeros(chain.n), _NO_GRAVITY)


def inertial_torque(chain, q, qdd):
    """M(q) qdd = RNEA(q, 0, qdd) with gravity off, without forming M.

    Shapes as :func:`chaindyn.rnea`; N m or N.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn import inertial_torque, models
    >>> arm, q = models.planar_2r(), [0.0, np.pi / 2]

    The first column of M(q) (see :func:`mass_matrix`):

    >>> print(np.round(inertial_torque(arm, q, [1.0, 0.0]), 6) + 0.0)
    [3.002 1.001]
    """
    check_chain(chain)
    return rnea(chain, q, np.zeros(chain.n), qdd, _NO_GRAVITY)


def tip_wrench_torque(chain, q, f_tip):
    """J_b(q)^T F_tip = RNEA(q, 0, 0) with gravity off and the tip wrench on.

    Parameters
    ----------
    chain : Chain
    q : array_like, shape (n,) or (N, n)
    f_tip : array_like, shape (6,) or (N, 6)
        Wrench (moment, force) that the end effector applies to the
        environment, in {n}, N m and N.

    Returns
    -------
    ndarray, shape (n,) or (N, n)
        The joint torques that hold F_tip statically (book §3.2.3.6).

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn import models, tip_wrench_torque
    >>> arm, q = models.planar_2r(), [0.0, np.pi / 2]

    Pushing on the environment with 1 N along x of {2} (which is +y of {0}
    at this pose) at the origin of {2}, 1 m from joint 1:

    >>> print(np.round(tip_wrench_torque(arm, q, [0, 0, 0, 1.0, 0, 0]), 6) + 0.0)
    [1. 0.]
    """
    check_chain(chain)
    z = np.zeros(chain.n)
    return rnea(chain, q, z, z, _NO_GRAVITY, f_tip)


def kinetic_energy(chain, q, qd):
    """Kinetic energy sum_i 1/2 V_i^T G_i V_i from the link twists, J.

    Parameters
    ----------
    chain : Chain
    q, qd : array_like, shape (n,) or (N, n)

    Returns
    -------
    float or ndarray, shape () or (N,)

    Notes
    -----
    Equals 1/2 qd^T M(q) qd (Modern Robotics eq. 8.57); computed here from
    the twists, independently of M.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn import kinetic_energy, models
    >>> arm, q = models.planar_2r(), [0.0, np.pi / 2]

    K = qd^T M(q) qd / 2 = M_11 / 2 for qd = (1, 0):

    >>> print(np.round(kinetic_energy(arm, q, [1.0, 0.0]), 6))
    1.501
    """
    V = link_twists(chain, q, qd)
    GV = (chain.inertias @ V[..., None])[..., 0]
    return 0.5 * np.einsum("...ij,...ij->...", V, GV)


def potential_energy(chain, q, gravity=DEFAULT_GRAVITY):
    """Potential energy of the links in the gravity field, P = -sum_i m_i g . p_{c,i}, J.

    Parameters
    ----------
    chain : Chain
    q : array_like, shape (n,) or (N, n)
        Joint positions (rad or m).
    gravity : array_like, shape (3,), optional
        Gravitational acceleration g in the base frame {0}, m/s^2 (default
        (0, 0, -9.80665)); the same vector that RNEA takes as the base
        acceleration -g.

    Returns
    -------
    float or ndarray, shape () or (N,)
        P (J), zero where every centre of mass is at the origin of {0}.

    Raises
    ------
    ValueError
        If ``chain`` is not a Chain, or ``q`` or ``gravity`` has the wrong shape
        or is not finite.

    Notes
    -----
    p_{c,i} = R_{0,i} c_i + p_{0,i}, the centre of mass of link i in {0}, from
    :func:`chaindyn.forward_kinematics`.  Its gradient is the gravity torque:
    dP/dq = g(q) = :func:`gravity_torque` (book §3.3, Modern Robotics eq. 8.1).

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn import models, potential_energy
    >>> arm = models.planar_2r()  # unit masses, centres of mass at the link ends

    Both links up along y, gravity along -y: P = g (1 + 2) for the two centres of mass:

    >>> print(np.round(potential_energy(arm, [np.pi / 2, 0.0], [0.0, -9.80665, 0.0]), 5))
    29.41995
    """
    (q,) = check_state(chain, q=q)
    gravity = check_gravity(gravity)
    T = forward_kinematics(chain, q)
    pc = np.einsum("...lij,lj->...li", T[..., :3, :3], chain.coms) + T[..., :3, 3]
    return -np.einsum("l,...li,i->...", chain.masses, pc, gravity)


#: Rows of the twist (omega, v) that ``operational_space_inertia`` accepts by name.
_ROWS = {"all": (0, 1, 2, 3, 4, 5), "angular": (0, 1, 2), "linear": (3, 4, 5)}


def operational_space_inertia(chain, q, point=None, rows="all"):
    """Operational-space (end-effector) inertia Lambda = (J M^{-1} J^T)^{-1}.

    ``J`` is the Jacobian of the last link's motion at a point fixed to it,
    in the axes of {n}: for ``point=None`` the body Jacobian ``J_b`` of {n}
    (twist of {n} at its origin, rows (omega, v)); otherwise the twist with
    its reference point moved to ``point``, ``J = Ad_{(1, -p)} J_b``
    (:func:`chaindyn.jacobian.point_jacobian` with ``frame="local"``).
    ``rows`` keeps a subset of its rows before the inverse is taken.

    Parameters
    ----------
    chain : Chain
    q : array_like, shape (n,) or (N, n)
        Joint positions, rad or m.
    point : array_like, shape (3,), optional
        The point in {n} coordinates, m; default the origin of {n}.
    rows : {"all", "angular", "linear"} or sequence of int
        Rows of ``J`` (indices into (omega_x, omega_y, omega_z, v_x, v_y,
        v_z)) kept: ``"linear"`` gives the 3 x 3 inertia that a force at the
        point feels with no moment applied (the rotation left free).

    Returns
    -------
    ndarray, shape (k, k) or (N, k, k)
        Lambda, symmetric positive definite, k = number of rows kept, in
        the axes of {n} at the point: ``F = Lambda a`` is the wrench (moment,
        force) in those rows that gives the point the acceleration ``a``
        (the time derivative of ``J qd`` with ``qd = 0``, no gravity).
        Units kg (linear rows), kg m^2 (angular rows), kg m (mixed).

    Raises
    ------
    ValueError
        On a bad q or point (the messages of :func:`chaindyn.rnea`), unknown
        or repeated rows, or when ``J M^{-1} J^T`` is singular (fewer joints
        than rows, or J loses rank at a kinematic singularity): its smallest
        eigenvalue at most 1e-12 times its largest.

    Notes
    -----
    Khatib (1987); Modern Robotics §8.1.3 (Lambda = J^{-T} M J^{-1} for a
    square invertible J); RBDA eq. 7.12 (the articulated-body inertia of a
    handle by projection).  ``M`` comes from :func:`chaindyn.crba` and
    ``J M^{-1} J^T`` from its Cholesky factor, ``W = C^{-1} J^T``,
    ``J M^{-1} J^T = W^T W``.

    Examples
    --------
    The planar 2R arm's tip (1 m out along link 2), force rows x and y of
    {2}; at q2 = pi/2 the links are at a right angle:

    >>> import numpy as np
    >>> from chaindyn import models
    >>> from chaindyn.quantities import operational_space_inertia
    >>> arm = models.planar_2r()
    >>> Lam = operational_space_inertia(arm, [0.0, np.pi / 2], point=[1, 0, 0], rows=[3, 4])
    >>> print(np.round(Lam, 4) + 0.0)
    [[2.001 0.   ]
     [0.    1.001]]

    Along link 2 (x of {2}) the tip drags both masses; across it, only
    link 2 (and the small izz).  A batch of configurations:

    >>> operational_space_inertia(models.arm6r(), np.full((3, 6), 0.3)).shape
    (3, 6, 6)
    """
    (q,) = check_state(chain, q=q)
    if isinstance(rows, str):
        if rows not in _ROWS:
            raise ValueError(f"rows must be 'all', 'angular', 'linear' or a sequence of "
                             f"indices 0..5, got {rows!r}")
        idx = list(_ROWS[rows])
    else:
        try:
            idx = [int(r) for r in rows]
        except (TypeError, ValueError):
            raise ValueError(f"rows must be 'all', 'angular', 'linear' or a sequence of "
                             f"indices 0..5, got {rows!r}") from None
        if (not idx or any(r != rr for r, rr in zip(idx, rows)) or len(set(idx)) != len(idx)
                or any(not 0 <= r <= 5 for r in idx)):
            raise ValueError(f"rows must be distinct indices 0..5, got {rows!r}")
    J = point_jacobian(chain, q, point, frame="local")[..., idx, :]
    C = np.linalg.cholesky(crba(chain, q))
    W = np.linalg.solve(C, np.swapaxes(J, -1, -2))
    Phi = np.swapaxes(W, -1, -2) @ W
    Phi = 0.5 * (Phi + np.swapaxes(Phi, -1, -2))
    ev = np.linalg.eigvalsh(Phi)
    if np.any(ev[..., 0] <= 1e-12 * ev[..., -1]):
        raise ValueError(
            f"J M^-1 J^T is singular for rows {idx} (n = {chain.n} joints; a kinematic "
            f"singularity or fewer joints than rows): smallest eigenvalue "
            f"{float(np.min(ev[..., 0])):.3g}, largest {float(np.max(ev[..., -1])):.3g}")
    Lam = np.linalg.inv(Phi)
    return 0.5 * (Lam + np.swapaxes(Lam, -1, -2))
