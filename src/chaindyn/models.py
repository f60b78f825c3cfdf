"""Example chains of the book: the planar 2R arm, seeded random chains, and the 6R arm.

The 6R arm is this book's own design (plausible industrial geometry, 14 kg,
joint 1 about the vertical), described in modified DH in ``chaindyn/data/arm6r.csv`` (package data);
it is not any product's data.
"""

from __future__ import annotations

import csv
import numbers
from pathlib import Path

import numpy as np

from ._validate import check_positive_int
from .chain import Chain
from .spatial import rotate_inertia, spatial_inertia

__all__ = [
    "planar_2r",
    "planar_2r_closed_form",
    "planar_2r_mass_gravity",
    "random_chain",
    "random_inertia_com",
    "random_mdh_rows",
    "arm6r",
    "arm6r_table",
    "mdh_arguments",
    "arm6r_trajectory",
    "ARM6R_FILE",
]

#: The input file of the 6R arm (MDH rows and inertial parameters).
ARM6R_FILE = Path(__file__).resolve().parent / "data" / "arm6r.csv"


def planar_2r(masses=(1.0, 1.0), lengths=(1.0, 1.0), coms=None, izz=(1e-3, 1e-3)):
    """A planar 2R arm in the x-y plane of {0}, both joints about +z.

    Joint 1 sits at the origin of {0}; joint 2 at ``(L1, 0, 0)`` of link 1's
    frame.  The centre of mass of link i lies at ``(r_i, 0, 0)`` of its frame
    (by default at the link's end, ``r_i = L_i``, as in Modern Robotics
    §8.1.1), and its inertia about the COM is ``diag(izz/2, izz/2, izz)``
    (a thin plate in the plane of motion: only ``izz`` acts in planar motion).
    Use gravity ``(0, -g, 0)`` for an arm in a vertical plane.

    Parameters
    ----------
    masses : (float, float)
        kg.
    lengths : (float, float)
        L1, L2 in m (L2 only sets the default COM of link 2).
    coms : (float, float), optional
        r1, r2 in m; default ``lengths``.
    izz : (float, float)
        Inertia of each link about its COM, about z, kg m^2 (> 0).

    Returns
    -------
    Chain
    """
    m1, m2 = masses
    L1, _ = lengths
    r1, r2 = lengths if coms is None else coms
    home = np.stack([np.eye(4), np.eye(4)])
    home[1, 0, 3] = -L1  # {1} seen from {2}: {2} sits at x = L1 of {1}
    screws = np.array([[0, 0, 1, 0, 0, 0], [0, 0, 1, 0, 0, 0]], dtype=float)
    inertias = [
        spatial_inertia(m, (r, 0.0, 0.0), np.diag([i / 2, i / 2, i]))
        for m, r, i in ((m1, r1, izz[0]), (m2, r2, izz[1]))
    ]
    return Chain(home, screws, inertias)


def planar_2r_closed_form(q, qd, qdd, g=9.80665, masses=(1.0, 1.0), lengths=(1.0, 1.0),
                          coms=None, izz=(1e-3, 1e-3)):
    """Closed-form torques of :func:`planar_2r` with gravity ``(0, -g, 0)``.

    Modern Robotics eq. (8.9) (point masses at the link ends), extended to a
    COM at ``r_i`` along link i and an inertia ``izz_i`` about it: with
    ``c2 = cos q2``, ``s2 = sin q2``,
    ``M11 = I1 + I2 + m1 r1^2 + m2 (L1^2 + r2^2 + 2 L1 r2 c2)``,
    ``M12 = I2 + m2 (r2^2 + L1 r2 c2)``, ``M22 = I2 + m2 r2^2``,
    ``c = m2 L1 r2 s2 (-(2 qd1 qd2 + qd2^2), qd1^2)`` and
    ``g(q) = ((m1 r1 + m2 L1) g cos q1 + m2 r2 g cos(q1 + q2), m2 r2 g cos(q1 + q2))``.
    With ``r_i = L_i`` and ``izz = 0`` this is eq. (8.9) exactly.  The
    independent oracle for :func:`chaindyn.rnea` in the tests and in §3.2.5 ①.
    """
    m2 = masses[1]
    L1 = lengths[0]
    r2 = lengths[1] if coms is None else coms[1]
    v1, v2 = qd[..., 0], qd[..., 1]
    a1, a2 = qdd[..., 0], qdd[..., 1]
    M11, M12, M22, g1, g2 = planar_2r_mass_gravity(q, g, masses, lengths, coms, izz)
    k = m2 * L1 * r2 * np.sin(q[..., 1])
    tau1 = M11 * a1 + M12 * a2 - k * (2 * v1 * v2 + v2**2) + g1
    tau2 = M12 * a1 + M22 * a2 + k * v1**2 + g2
    return np.stack([tau1, tau2], axis=-1)


def planar_2r_mass_gravity(q, g=9.80665, masses=(1.0, 1.0), lengths=(1.0, 1.0), coms=None,
                           izz=(1e-3, 1e-3)):
    """The entries ``M11, M12, M22`` of the mass matrix and the gravity torques
    ``g1, g2`` of :func:`planar_2r` in closed form (the formulas of
    :func:`planar_2r_closed_form`, which adds the velocity terms).

    ``q`` has shape (..., 2); each result has shape ``q.shape[:-1]``.

    Examples
    --------
    >>> import numpy as np
    >>> M11, M12, M22, g1, g2 = planar_2r_mass_gravity(np.array([0.0, np.pi / 2]))
    >>> print(round(float(M11), 4), round(float(M12), 4), round(float(M22), 4), round(float(g2), 4))
    3.002 1.001 1.001 0.0
    """
    m1, m2 = masses
    L1, _ = lengths
    r1, r2 = lengths if coms is None else coms
    I1, I2 = izz
    q1, q2 = q[..., 0], q[..., 1]
    c2 = np.cos(q2)
    M11 = I1 + I2 + m1 * r1**2 + m2 * (L1**2 + r2**2 + 2 * L1 * r2 * c2)
    M12 = I2 + m2 * (r2**2 + L1 * r2 * c2)
    M22 = np.broadcast_to(I2 + m2 * r2**2, c2.shape)
    g2 = m2 * r2 * g * np.cos(q1 + q2)
    g1 = (m1 * r1 + m2 * L1) * g * np.cos(q1) + g2
    return M11, M12, M22, g1, g2


def _random_rotation(rng):
    Q, R = np.linalg.qr(rng.standard_normal((3, 3)))
    Q = Q * np.sign(np.diag(R))
    if np.linalg.det(Q) < 0:
        Q[:, 0] = -Q[:, 0]
    return Q


def _random_unit(rng):
    x = rng.standard_normal(3)
    return x / np.linalg.norm(x)


def random_inertia_com(mass, rng):
    """Inertia about the COM (kg m^2) of a solid ellipsoid of the given mass with
    semi-axes drawn in [0.03, 0.3] m, randomly rotated: positive definite and
    satisfying the triangle inequality by construction."""
    a, b, c = rng.uniform(0.03, 0.3, 3)
    principal = mass / 5 * np.array([b * b + c * c, a * a + c * c, a * a + b * b])
    R = _random_rotation(rng)
    return rotate_inertia(np.diag(principal), R)


def random_mdh_rows(n, rng):
    """Random modified-DH rows for :meth:`Chain.from_mdh`, reproducible from ``rng``.

    Parameters
    ----------
    n : int
        Number of rows (links).
    rng : numpy.random.Generator

    Returns
    -------
    ndarray, shape (n, 4)
        ``(alpha_{i-1}, a_{i-1}, d_i, theta_i)`` drawn uniformly in
        [-pi, pi] rad, [-0.5, 0.5] m, [-0.5, 0.5] m and [-pi, pi] rad (drawn
        column by column, in that order).
    """
    return np.column_stack([rng.uniform(-np.pi, np.pi, n), rng.uniform(-0.5, 0.5, n),
                            rng.uniform(-0.5, 0.5, n), rng.uniform(-np.pi, np.pi, n)])


def random_chain(n, rng, prismatic=0.0):
    """A physically valid random chain, reproducible from ``rng``.

    Each link gets a random home pose (rotation uniform on SO(3), offset in
    [-0.5, 0.5]^3 m), a random joint axis (revolute: a unit direction through
    a random point within 0.3 m of the frame's origin, so the axis is in
    general off the origin; prismatic: a random unit direction), a mass in
    [0.5, 5] kg, a COM in [-0.3, 0.3]^3 m and the inertia of a solid
    ellipsoid with semi-axes in [0.03, 0.3] m, randomly rotated (positive
    definite and satisfying the triangle inequality by construction).

    Parameters
    ----------
    n : int
        Number of links, >= 1.
    rng : numpy.random.Generator
        The only source of randomness.
    prismatic : float or sequence of bool
        Probability that each joint is prismatic, or the joint kinds
        themselves (True = prismatic).

    Returns
    -------
    Chain

    Raises
    ------
    ValueError
        If n < 1, prismatic is not a probability or has the wrong length.
    """
    n = check_positive_int(n, "n")
    if not isinstance(rng, np.random.Generator):
        raise ValueError(f"rng must be a numpy.random.Generator, got {type(rng).__name__}")
    if isinstance(prismatic, numbers.Real) and not isinstance(prismatic, bool):
        p = float(prismatic)
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"prismatic must be a probability in [0, 1], got {prismatic!r}")
        kinds = rng.random(n) < p
    else:
        kinds = np.asarray(prismatic)
        if kinds.dtype != bool or kinds.shape != (n,):
            raise ValueError(
                f"prismatic must be a probability or {n} booleans, "
                f"got {prismatic!r} (dtype {kinds.dtype}, shape {kinds.shape})"
            )
    home = np.zeros((n, 4, 4))
    screws = np.zeros((n, 6))
    inertias = np.zeros((n, 6, 6))
    for i in range(n):
        home[i, :3, :3] = _random_rotation(rng)
        home[i, :3, 3] = rng.uniform(-0.5, 0.5, 3)
        home[i, 3, 3] = 1.0
        axis = _random_unit(rng)
        if kinds[i]:
            screws[i, 3:] = axis
        else:
            r = rng.uniform(-0.3, 0.3, 3)
            screws[i] = np.concatenate([axis, -np.cross(axis, r)])
        m = rng.uniform(0.5, 5.0)
        Ic = random_inertia_com(m, rng)
        inertias[i] = spatial_inertia(m, rng.uniform(-0.3, 0.3, 3), Ic)
    return Chain(home, screws, inertias)


def arm6r_table(path=None):
    """The rows of the 6R arm's input file as a list of dicts (numbers as floats).

    Parameters
    ----------
    path : str or Path, optional
        Default :data:`ARM6R_FILE` (``chaindyn/data/arm6r.csv`` (package data)).
    """
    path = Path(ARM6R_FILE if path is None else path)
    if not path.exists():
        raise ValueError(f"the 6R arm's input file must exist, got no file at {path}")
    if not path.is_file():
        raise ValueError(f"the 6R arm's input file must be a file, got a directory at {path}")
    with path.open(encoding="utf-8") as fh:
        lines = [ln for ln in fh if not ln.startswith("#")]
    reader = csv.reader(lines)
    header = next(reader, None)
    if not header:
        raise ValueError(f"{path} must have a header row, got an empty table")
    rows = []
    for k, rec in enumerate(reader, start=1):
        if len(rec) != len(header):
            raise ValueError(
                f"{path}: data row {k} must have {len(header)} values, got {len(rec)}"
            )
        row = {}
        for key, value in zip(header, rec):
            if key == "type":
                row[key] = value
                continue
            try:
                row[key] = float(value)
            except ValueError:
                raise ValueError(
                    f"{path}: data row {k}, column {key} must be a number, got {value!r}"
                ) from None
        rows.append(row)
    if not rows:
        raise ValueError(f"{path} must have at least one data row, got none")
    return rows


def mdh_arguments(rows):
    """Arguments of ``Chain.from_mdh`` and :func:`chaindyn.interop.to_rtb` from table rows.

    Parameters
    ----------
    rows : list of dict
        Rows with keys ``alpha_deg, a, d, theta_deg, type, mass, cx, cy, cz,
        Ixx, Iyy, Izz, Ixy, Ixz, Iyz`` (angles in degrees, lengths m, mass kg,
        inertia about the COM in kg m^2), as returned by
        :func:`arm6r_table`.

    Returns
    -------
    dict
        ``mdh`` (n, 4) with angles in rad, ``masses`` (n,), ``coms`` (n, 3),
        ``inertias_com`` (n, 3, 3), ``joint_types`` (list of str): pass as
        ``Chain.from_mdh(**args)`` or ``to_rtb(**args)``.

    Raises
    ------
    ValueError
        If a row misses a key.
    """
    keys = ("alpha_deg", "a", "d", "theta_deg", "type", "mass", "cx", "cy", "cz",
            "Ixx", "Iyy", "Izz", "Ixy", "Ixz", "Iyz")
    for k, r in enumerate(rows):
        missing = [key for key in keys if key not in r]
        if missing:
            raise ValueError(f"row {k} must have the keys {', '.join(keys)}, missing {missing}")
    return {
        "mdh": np.array([[np.deg2rad(r["alpha_deg"]), r["a"], r["d"], np.deg2rad(r["theta_deg"])]
                         for r in rows]),
        "masses": np.array([r["mass"] for r in rows]),
        "coms": np.array([[r["cx"], r["cy"], r["cz"]] for r in rows]),
        "inertias_com": np.array([
            [[r["Ixx"], r["Ixy"], r["Ixz"]], [r["Ixy"], r["Iyy"], r["Iyz"]],
             [r["Ixz"], r["Iyz"], r["Izz"]]] for r in rows
        ]),
        "joint_types": [r["type"] for r in rows],
    }


def arm6r(path=None):
    """The book's 6R example arm, built with :meth:`Chain.from_mdh` from its package data.

    The parameters are read from :data:`ARM6R_FILE` (``chaindyn/data/arm6r.csv``).

    Six revolute joints, joint 1 about the vertical z of {0}, 14 kg in total,
    upper arm and forearm 0.35 m each; at q = 0 the upper arm points up and
    the forearm forward.  Its parameters are documented in the book (§3.2.5)
    and are an example of this book's, not any product's.

    Returns
    -------
    Chain
    """
    return Chain.from_mdh(**mdh_arguments(arm6r_table(path)))


#: Start and goal of the 6R arm's example motion, rad.
ARM6R_START = np.array([-0.65, -0.10, 0.20, -0.60, -0.50, -0.65])
ARM6R_GOAL = np.array([0.66, 0.90, -0.90, 0.60, 0.60, 0.66])
ARM6R_DURATION = 0.6  # s


def arm6r_trajectory(samples=151, duration=ARM6R_DURATION, start=ARM6R_START, goal=ARM6R_GOAL):
    """A smooth point-to-point motion of all six joints of :func:`arm6r`.

    Quintic rest-to-rest profile ``q = q0 + (q1 - q0)(10 s^3 - 15 s^4 + 6 s^5)``,
    ``s = t / T``, sampled at ``samples`` equally spaced instants including
    both ends.  Peak acceleration of joint j is ``10 / sqrt(3) |Δq_j| / T^2``:
    about 21 rad/s^2 for the largest move (1.31 rad in 0.6 s), with a peak
    speed of about 4.1 rad/s.

    Returns
    -------
    t : ndarray, shape (samples,)
        s.
    q, qd, qdd : ndarray, shape (samples, 6)
        rad, rad/s, rad/s^2.
    """
    t = np.linspace(0.0, duration, samples)
    s = t / duration
    d = np.asarray(goal, dtype=float) - np.asarray(start, dtype=float)
    pos = 10 * s**3 - 15 * s**4 + 6 * s**5
    vel = (30 * s**2 - 60 * s**3 + 30 * s**4) / duration
    acc = (60 * s - 180 * s**2 + 120 * s**3) / duration**2
    q = start + pos[:, None] * d
    return t, q, vel[:, None] * d, acc[:, None] * d
