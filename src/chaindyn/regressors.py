"""The equations of motion written linearly in the inertial parameters (book §3.4).

Every link's Newton-Euler equation is linear in its ten inertial parameters
``π_i = (m_i, h_i, Ī_i)`` (:mod:`chaindyn.body`, :data:`~chaindyn.body.PARAMETER_NAMES`)::

    G_i V̇_i - ad_{V_i}^T G_i V_i = Y_b(V_i, V̇_i) π_i

and the backward recursion of RNEA carries each link's wrench to the joints
below it unchanged by the parameters, so the joint torques are

    tau = Y(q, qd, qdd) π,    π = (π_1, ..., π_n)   (10 n numbers),
    Y[j, block i] = A_j^T Ad_{T_{i,j}}^T Y_b(V_i, V̇_i)   for i >= j, 0 for i < j.

The twists and accelerations come from the forward recursion of RNEA
(:func:`chaindyn.rnea`), one pass; the blocks are carried down the chain link
by link, which makes the cost grow like n^2 (a 6x6 times 6x10 product for
every pair i >= j).  The kinetic and potential energy are linear in the same
parameters (:func:`energy_regressor`).
"""

from __future__ import annotations

import numpy as np

from ._validate import DEFAULT_GRAVITY, check_chain, check_gravity, check_state
from .body import PARAMETER_NAMES, momentum_regressor, newton_euler_regressor, parameters
from .inverse_dynamics import forward_recursion
from .kinematics import forward_kinematics
from .spatial import transpose

__all__ = ["regressor", "inertial_parameters", "parameter_names", "energy_regressor"]


def inertial_parameters(chain):
    """The chain's inertial parameters π, in the column order of :func:`regressor`.

    Parameters
    ----------
    chain : Chain

    Returns
    -------
    ndarray, shape (10 n,)
        ``π[10 i : 10 i + 10]`` are link i+1's ``(m, h_x, h_y, h_z, Ī_xx, Ī_xy,
        Ī_xz, Ī_yy, Ī_yz, Ī_zz)`` (:data:`chaindyn.body.PARAMETER_NAMES`): mass
        (kg), first moment ``h = m c`` with c the centre of mass in {i}
        (kg m), and the rotational inertia about the origin of {i} in the axes
        of {i} (kg m^2), read off ``chain.inertias``.

    Raises
    ------
    ValueError
        If ``chain`` is not a Chain.

    Notes
    -----
    Book §3.4, eq. (eq-34-params).

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn import inertial_parameters, models
    >>> pi = inertial_parameters(models.planar_2r())
    >>> pi.shape
    (20,)
    >>> print(np.round(pi[:4], 12) + 0.0)  # m_1 = 1 kg at the end of link 1, 1 m along x_1
    [1. 1. 0. 0.]
    """
    check_chain(chain)
    return parameters(chain.inertias).reshape(-1)


def parameter_names(chain):
    """Names of the entries of :func:`inertial_parameters`, e.g. ``"m1"``, ``"hx1"``,
    ``"Ixy3"`` (the parameter name of :data:`chaindyn.body.PARAMETER_NAMES`, then
    the 1-based link number).

    Parameters
    ----------
    chain : Chain

    Returns
    -------
    list of str, length 10 n

    Raises
    ------
    ValueError
        If ``chain`` is not a Chain.

    Examples
    --------
    >>> from chaindyn import models
    >>> from chaindyn.regressors import parameter_names
    >>> parameter_names(models.planar_2r())[8:12]
    ['Iyz1', 'Izz1', 'm2', 'hx2']
    """
    check_chain(chain)
    return [f"{name}{i + 1}" for i in range(chain.n) for name in PARAMETER_NAMES]


def regressor(chain, q, qd, qdd, gravity=DEFAULT_GRAVITY):
    """The joint-torque regressor Y(q, qd, qdd) with ``tau = Y @ inertial_parameters(chain)``.

    Parameters
    ----------
    chain : Chain
        Supplies the kinematics (home poses and screw axes); its inertias are
        not used, so Y holds for any parameters π of the same geometry.
    q, qd, qdd : array_like, shape (n,) or (N, n)
        Joint positions, velocities and accelerations, as for :func:`chaindyn.rnea`.
        The shapes broadcast together.
    gravity : array_like, shape (3,), default (0, 0, -9.80665)
        Gravity vector in {0}, m/s^2, entered as the base acceleration.

    Returns
    -------
    ndarray, shape (n, 10 n) or (N, n, 10 n)
        ``Y[..., j, 10 i : 10 i + 10]`` maps link i+1's parameters
        (:data:`chaindyn.body.PARAMETER_NAMES`, about the origin of {i+1}, in
        {i+1}) to the torque (N m) or force (N) of joint j+1; zero for i < j.
        ``Y @ π`` equals :func:`chaindyn.rnea` with ``f_tip = None``; a tip
        wrench adds ``J_b^T F_tip``, which does not depend on π.

    Raises
    ------
    ValueError
        As :func:`chaindyn.rnea`.

    See Also
    --------
    energy_regressor : the kinetic and potential energy, linear in the same π.
    chaindyn.identify : base parameters and their estimation from data.

    Notes
    -----
    Book §3.4, eqs. (eq-34-body-regressor) and (eq-34-regressor); Atkeson,
    An and Hollerbach (1986) in spatial form.  The forward recursion of
    :func:`chaindyn.rnea` gives V_i and V̇_i; each link's block
    ``Y_b(V_i, V̇_i)`` (:func:`chaindyn.body.newton_euler_regressor`) is then
    carried to every joint j <= i by ``Ad_{T_{j+1,j}}^T`` and projected on
    A_j: n (n + 1) / 2 products of a 6x6 with a 6x10 matrix, so the cost
    grows like n^2 (210 n^2 + 417 n multiplications in products for n
    revolute joints, against RNEA's 357 n).  Pinocchio's
    ``computeJointTorqueRegressor`` is the same matrix with its parameters
    about its joint frames' origins and in its own order:
    ``Y = Y_pin @ T`` with ``T = chaindyn.interop.pinocchio_parameter_map(chain)``.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn import inertial_parameters, models, regressor, rnea
    >>> arm = models.planar_2r()
    >>> q, qd, qdd = [0.3, -0.5], [1.0, 2.0], [0.5, -1.0]
    >>> Y = regressor(arm, q, qd, qdd)
    >>> Y.shape
    (2, 20)
    >>> bool(np.allclose(Y @ inertial_parameters(arm), rnea(arm, q, qd, qdd)))
    True
    """
    q, qd, qdd = check_state(chain, q=q, qd=qd, qdd=qdd)
    gravity = check_gravity(gravity)
    Ads, Vs, Vds = forward_recursion(chain, q, qd, qdd, gravity)
    n = chain.n
    Y = np.zeros(Vs[0].shape[:-1] + (n, 10 * n))
    for i in range(n):
        B = newton_euler_regressor(Vs[i], Vds[i])  # link i's wrench in {i}, per parameter
        for j in range(i, -1, -1):
            Y[..., j, 10 * i:10 * i + 10] = chain.screws[j] @ B  # A_j^T B
            if j:
                B = transpose(Ads[j]) @ B  # into {j-1}: Ad_{T_{j,j-1}}^T
    return Y


def energy_regressor(chain, q, qd, gravity=DEFAULT_GRAVITY):
    """The rows y_K and y_P with kinetic energy ``K = y_K @ π`` and potential energy
    ``P = y_P @ π``.

    Parameters
    ----------
    chain : Chain
    q, qd : array_like, shape (n,) or (N, n)
    gravity : array_like, shape (3,), default (0, 0, -9.80665)
        Gravity vector in {0}, m/s^2.

    Returns
    -------
    y_K, y_P : ndarray, shape (10 n,) or (N, 10 n)
        In joules per unit of each parameter, columns as :func:`regressor`.
        ``y_K`` block i is ``½ V_i^T K(V_i)`` (:func:`chaindyn.body.momentum_regressor`);
        ``y_P`` block i is ``-g^T (p_i, R_i, 0)``: ``P_i = -m_i g^T p_i -
        g^T R_i h_i`` with ``T_{0,i} = (R_i, p_i)``, zero at the origin of {0}.

    Raises
    ------
    ValueError
        As :func:`chaindyn.rnea`.

    Notes
    -----
    Book §3.4, eq. (eq-34-energy).  The torque regressor follows from it by
    Lagrange's equation, ``Y = d/dt ∂y_K/∂qd - ∂(y_K - y_P)/∂q`` (row by
    row, times π), and the power balance ``qd^T tau = d/dt (y_K + y_P) π``
    is the energy model of identification (Gautier and Khalil 1988).
    Pinocchio's ``computeKineticEnergyRegressor`` and
    ``computePotentialEnergyRegressor`` give the same rows times
    ``T = chaindyn.interop.pinocchio_parameter_map(chain)``, with the same
    zero of potential energy.

    Examples
    --------
    >>> import numpy as np
    >>> from chaindyn import inertial_parameters, kinetic_energy, models
    >>> from chaindyn.regressors import energy_regressor
    >>> arm, q, qd = models.planar_2r(), [0.3, -0.5], [1.0, 2.0]
    >>> yK, yP = energy_regressor(arm, q, qd)
    >>> bool(np.isclose(yK @ inertial_parameters(arm), kinetic_energy(arm, q, qd)))
    True
    """
    q, qd = check_state(chain, q=q, qd=qd)
    g = check_gravity(gravity)
    zero = np.zeros_like(q)
    _, Vs, _ = forward_recursion(chain, q, qd, zero, np.zeros(3))
    T = forward_kinematics(chain, q)  # (..., n, 4, 4)
    shape = Vs[0].shape[:-1]
    yK, yP = [], []
    for i, V in enumerate(Vs):
        yK.append(0.5 * (V[..., None, :] @ momentum_regressor(V))[..., 0, :])
        R, p = T[..., i, :3, :3], T[..., i, :3, 3]
        block = np.zeros(shape + (10,))
        block[..., 0] = -(p @ g)
        block[..., 1:4] = -(g @ R)  # -g^T R
        yP.append(block)
    return np.concatenate(yK, axis=-1), np.concatenate(yP, axis=-1)
