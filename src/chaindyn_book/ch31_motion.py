"""The motions of one rigid body in §3.1.5-3.1.7: torque-free rotation of a box (the
intermediate-axis instability, the polhode) and a heavy symmetric top on a fixed pivot
(slow precession).

The equations of motion are the library's: the angular velocity's rate is the angular
part of :func:`chaindyn.body.body_acceleration` (``V̇ = G^{-1}(F + ad_V^T G V)``), which
for a body frame at the centre of mass on principal axes is Euler's equations.  What
this module adds is the chapter's computation: the orientation kinematics
``Ṙ = R [ω]``, the integration with scipy's ``solve_ivp`` (DOP853, an explicit
Runge-Kutta method of order 8 with error control, ``RTOL`` and ``ATOL`` below), and
the formulas the chapter compares the runs with (the linearised growth rate, the
slow-precession rate).

State and frames.  ``R = R_{0,b}`` is the orientation of the body frame {b} seen from
the space frame {0}; ``ω`` is the angular velocity in {b} (the angular part of the
body twist ``V = (ω, v)``).  The state is ``(R, ω)``, 12 numbers.  A rotation
matrix rather than a unit quaternion: the book writes orientations as R everywhere
(``T``, ``Ad_T``), ``Ṙ = R[ω]`` is the rotational half of ``Ṫ = T[V]``, and
the departure of ``R^T R`` from ``1`` is itself the measure of the integrator's drift
(held to a bound in the chapter; no re-orthogonalisation is done).
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from chaindyn import STANDARD_GRAVITY
from chaindyn.body import body_acceleration, box_inertia, cylinder_inertia, principal_axes
from chaindyn.spatial import parallel_axis, rot_x, skew, spatial_inertia

__all__ = [
    "RTOL", "ATOL", "BOX", "TOP", "SPIN", "PERTURBATION", "T_BOX",
    "box_spatial_inertia", "top_spatial_inertia", "spin_initial", "gravity_wrench",
    "rotation_rate", "integrate", "box_run", "three_spins",
    "kinetic_energy", "space_momentum", "orthogonality_error",
    "growth_rate", "fit_growth_rate", "flip_times",
    "separatrix_slope", "polhode_runs",
    "slow_precession_rate", "pivot_projector", "top_run", "precession_angle",
    "mean_precession_rate", "top_table", "TOP_SPINS",
]

#: Tolerances of every integration of this module (relative, absolute).
RTOL, ATOL = 1e-12, 1e-12

#: The box of §3.1.5-3.1.6: mass (kg) and edge lengths along the body x, y, z axes (m).
#: Distinct edges give three distinct principal moments, I_x < I_y < I_z.
BOX = {"mass": 1.5, "dims": (0.30, 0.20, 0.10)}
#: The spin rate of the three runs (rad/s) and the relative size of the perturbation
#: put on the two other components of ω.
SPIN, PERTURBATION = 2.0 * np.pi, 1e-3
#: Length of the box runs (s).
T_BOX = 20.0

#: The heavy symmetric top of §3.1.7: a disc (cylinder) of mass ``mass`` (kg), radius and
#: thickness (m), its centre of mass at ``arm`` (m) from the pivot along its symmetry
#: axis, released at the tilt ``tilt`` (rad) from the vertical without precession.
TOP = {"mass": 0.5, "radius": 0.05, "height": 0.02, "arm": 0.06, "tilt": np.pi / 6}
#: The spin rates of the table of §3.1.7 (rad/s).
TOP_SPINS = (100.0, 200.0, 400.0, 800.0)
#: Length of a top run, in periods of the fast nutation 2π I_1o / (I_3 ω_3).
NUTATION_PERIODS = 6.5


# ---------------------------------------------------------------------------- kinematics
def rotation_rate(R, omega):
    """The orientation kinematics ``Ṙ = R [ω]`` with ω in the body frame.

    Parameters
    ----------
    R : ndarray, shape (..., 3, 3)
        ``R_{0,b}``.
    omega : ndarray, shape (..., 3)
        Angular velocity of {b} in {b}, rad/s.

    Returns
    -------
    ndarray, shape (..., 3, 3)
        ``Ṙ`` (1/s).

    Notes
    -----
    Modern Robotics §3.2.2, ``R^{-1} Ṙ = [ω_b]``; the rotational part of
    ``T^{-1} Ṫ = [V_b]`` (§3.3.2).  A library candidate (a kinematic equation, not chapter data).
    """
    return R @ skew(omega)


def integrate(G, R0, omega0, t_end, n_out, wrench=None, constraint=None):
    """Integrate one body's rotation ``(R, ω)`` with ``solve_ivp`` (DOP853, RTOL, ATOL).

    ``ω̇`` is the angular part of ``body_acceleration(G, (ω, 0), F)``: the body frame's
    origin does not move (v = 0), as for a body frame at the centre of a free body with
    no net force, or at a fixed pivot.

    Parameters
    ----------
    G : ndarray, shape (6, 6)
        Spatial inertia about the origin of {b}.
    R0, omega0 : array_like
        Initial orientation ``R_{0,b}`` and angular velocity in {b}.
    t_end : float
        Length of the run (s).
    n_out : int
        Number of equally spaced output instants on ``[0, t_end]``.
    wrench : callable or None
        ``wrench(R, omega) -> F`` (6,), the applied wrench in {b}; None for no wrench.
    constraint : ndarray, shape (3, 3) or None
        For a fixed pivot at the origin of {b}: the matrix of :func:`pivot_projector`,
        which adds the reaction force that keeps ``v̇ = 0``.

    Returns
    -------
    dict
        ``t`` (n_out,), ``R`` (n_out, 3, 3), ``omega`` (n_out, 3), ``nfev``.
    """
    from scipy.integrate import solve_ivp

    zero = np.zeros(3)

    def rhs(t, y):
        R = y[:9].reshape(3, 3)
        w = y[9:]
        F = np.zeros(6) if wrench is None else wrench(R, w)
        Vd = body_acceleration(G, np.concatenate([w, zero]), F)
        wd = Vd[:3] if constraint is None else Vd[:3] - constraint @ Vd[3:]
        return np.concatenate([rotation_rate(R, w).ravel(), wd])

    y0 = np.concatenate([np.asarray(R0, float).ravel(), np.asarray(omega0, float)])
    t_eval = np.linspace(0.0, t_end, n_out)
    sol = solve_ivp(rhs, (0.0, t_end), y0, method="DOP853", rtol=RTOL, atol=ATOL,
                    t_eval=t_eval)
    if not sol.success:
        raise RuntimeError(sol.message)
    return {"t": sol.t, "R": sol.y[:9].T.reshape(-1, 3, 3), "omega": sol.y[9:].T,
            "nfev": int(sol.nfev)}


def box_spatial_inertia():
    """The box's spatial inertia about its centre, on its principal (edge) axes.

    The edges of ``BOX`` are chosen so that the edge axes x, y, z carry the
    principal moments in increasing order (checked here with ``principal_axes``).
    """
    inertia = box_inertia(BOX["mass"], BOX["dims"])
    moments, axes = principal_axes(inertia)
    if not (np.allclose(np.diag(inertia), moments, rtol=1e-12, atol=0.0)
            and np.allclose(np.abs(axes), np.eye(3))):
        raise ValueError("the box's edges must give increasing principal moments along x, y, z")
    return spatial_inertia(BOX["mass"], np.zeros(3), inertia)


def spin_initial(axis, spin=SPIN, eps=PERTURBATION):
    """ω(0) for a spin ``spin`` about body axis ``axis`` (0, 1, 2) with the two other
    components ``eps * spin``."""
    w = np.full(3, eps * spin)
    w[axis] = spin
    return w


@lru_cache(maxsize=4)
def box_run(axis, t_end=T_BOX, n_out=2001):
    """The box spun about its body axis ``axis`` (0 min, 1 intermediate, 2 max moment)
    with a small perturbation, torque-free, from ``R = 1`` (see :func:`integrate`)."""
    return integrate(box_spatial_inertia(), np.eye(3), spin_initial(axis), t_end, n_out)


def three_spins():
    """The three runs of §3.1.6, in the order of the principal moments."""
    return [box_run(k) for k in range(3)]


# ---------------------------------------------------------------------------- invariants
def kinetic_energy(G, omega):
    """``K = ½ Vᵀ G V`` for ``V = (ω, 0)``, over a stack of ω (J)."""
    inertia = G[:3, :3]
    return 0.5 * np.einsum("...i,ij,...j->...", omega, inertia, omega)


def space_momentum(G, R, omega):
    """The angular momentum about the origin of {b}, in the space frame: ``R (I ω)``
    for ``V = (ω, 0)`` (the angular part of ``G V`` turned into {0}), kg m²/s."""
    return np.einsum("...ij,...j->...i", R, omega @ G[:3, :3].T)


def orthogonality_error(R):
    """``max_t ‖Rᵀ R - 1‖_max`` over a stack of R."""
    E = np.swapaxes(R, -1, -2) @ R - np.eye(3)
    return float(np.max(np.abs(E)))


# ---------------------------------------------------------------------------- instability
def growth_rate(moments, spin):
    """The linearised growth rate of a perturbation of a spin about the intermediate axis.

    ``γ = ω₂ √((I₂ - I₁)(I₃ - I₂) / (I₁ I₃))`` for principal moments ``I₁ < I₂ < I₃``
    (1/s): the perturbation grows like ``e^{γt}`` while it is small.

    Parameters
    ----------
    moments : array_like, shape (3,)
        ``(I₁, I₂, I₃)`` in increasing order (kg m²).
    spin : float
        ``ω₂`` (rad/s).

    Raises
    ------
    ValueError
        If the moments are not strictly increasing.
    """
    I1, I2, I3 = (float(x) for x in moments)
    if not I1 < I2 < I3:
        raise ValueError(f"the principal moments must be strictly increasing, got {moments!r}")
    return abs(spin) * np.sqrt((I2 - I1) * (I3 - I2) / (I1 * I3))


def fit_growth_rate(t, omega, axis=1, low=1e-2, high=5e-2):
    """The growth rate read from a run: the slope of a least-squares line through
    ``log |ω_⊥|`` where ``|ω_⊥| / |ω|`` lies in ``[low, high]`` before the first flip
    (``ω_⊥`` the components off ``axis``).

    Returns
    -------
    slope : float
        1/s.
    window : tuple of float
        The first and last instant used (s).

    Raises
    ------
    ValueError
        If fewer than two samples fall in the window.
    """
    perp = np.sqrt(np.sum(np.delete(omega, axis, axis=1) ** 2, axis=1))
    rel = perp / np.linalg.norm(omega, axis=1)
    above = np.nonzero(rel > high)[0]
    first = int(above[0]) if above.size else rel.size  # the first sample above the window
    sel = np.arange(first)
    sel = sel[rel[sel] >= low]
    if sel.size < 2:
        raise ValueError(f"fewer than two samples with |ω_⊥|/|ω| in [{low:g}, {high:g}] "
                         "before it first exceeds the window")
    slope = np.polyfit(t[sel], np.log(perp[sel]), 1)[0]
    return float(slope), (float(t[sel[0]]), float(t[sel[-1]]))


def flip_times(t, omega, axis=1):
    """The instants at which the spin component ``ω[axis]`` changes sign (linear
    interpolation between samples), s."""
    w = omega[:, axis]
    k = np.nonzero(np.sign(w[1:]) != np.sign(w[:-1]))[0]
    return t[k] - w[k] * (t[k + 1] - t[k]) / (w[k + 1] - w[k])


def separatrix_slope(moments):
    """The slope ``k`` of the separatrix planes ``ω₃ = ±k ω₁`` (the polhodes through the
    intermediate axis, ``|I ω|² = 2 K I₂``): ``k = √(I₁(I₂ - I₁) / (I₃(I₃ - I₂)))``."""
    I1, I2, I3 = (float(x) for x in moments)
    return np.sqrt(I1 * (I2 - I1) / (I3 * (I3 - I2)))


def polhode_runs(fractions=(0.15, 0.35, 0.6, 0.85), energy=None, t_end=12.0, n_out=1201):
    """Polhodes on one energy ellipsoid: ω(t) of torque-free runs that start on the
    ellipsoid ``ωᵀ I ω = 2K`` in the plane ω₂ = 0, at ``ω = (a cos s, 0, b sin s)`` with
    ``s = fraction · π/2`` (a, b the semi-axes); returns a list of (n_out, 3) arrays and K."""
    G = box_spatial_inertia()
    moments = np.diag(G[:3, :3])
    if energy is None:
        energy = kinetic_energy(G, spin_initial(1))
    semi = np.sqrt(2 * energy / moments)
    out = []
    for f in fractions:
        s = f * np.pi / 2
        w0 = np.array([semi[0] * np.cos(s), 1e-9 * semi[1], semi[2] * np.sin(s)])
        out.append(integrate(G, np.eye(3), w0, t_end, n_out)["omega"])
    return out, float(energy)


# ---------------------------------------------------------------------------- the top
def slow_precession_rate(mass, arm, spin_moment, spin, g=STANDARD_GRAVITY):
    """The slow-precession rate of a fast top, ``ψ̇ = m g ℓ / (I₃ ω₃)`` (rad/s).

    From ``dL/dt = l ŝ × m𝔤`` with ``L ≈ I₃ ω₃ ŝ``: the symmetry axis ŝ turns about the
    vertical at ψ̇, whatever its tilt.  Valid while the spin's angular momentum dominates
    (``I₃² ω₃² ≫ 4 I₁ₒ m g l``).
    """
    return mass * g * arm / (spin_moment * spin)


def top_spatial_inertia():
    """The top's spatial inertia about the pivot (origin of {b}, z the symmetry axis),
    and its rotational part ``I_o`` by the parallel-axis theorem."""
    m = TOP["mass"]
    Ic = cylinder_inertia(m, TOP["radius"], TOP["height"])
    c = np.array([0.0, 0.0, TOP["arm"]])
    return spatial_inertia(m, c, Ic), parallel_axis(Ic, m, c)


def pivot_projector(G):
    """The matrix ``P`` that turns the free-body acceleration into the pivoted one.

    With the pivot at the origin of {b}, the reaction force ``f_r`` (no moment about the
    pivot) must keep ``v̇ = 0``.  From ``V̇ = V̇' + G^{-1}(0, f_r)``:
    ``f_r = -[G^{-1}]_{vv}^{-1} v̇'`` and ``ω̇ = ω̇' - P v̇'``,
    ``P = [G^{-1}]_{ωv} [G^{-1}]_{vv}^{-1}`` (:func:`inverse_inertia`).
    """
    Ginv = inverse_inertia(G)
    return Ginv[:3, 3:] @ np.linalg.inv(Ginv[3:, 3:])


def inverse_inertia(G):
    """``G^{-1}`` (6x6), read column by column from ``body_acceleration`` at zero twist."""
    return np.stack([body_acceleration(G, np.zeros(6), e) for e in np.eye(6)], axis=1)


def pivot_reaction(G, Vd_free):
    """The pivot's reaction force ``f_r = -[G^{-1}]_{vv}^{-1} v̇'`` in {b} (N), over a
    stack of free-body accelerations ``V̇'`` (..., 6) (see :func:`pivot_projector`)."""
    Ginv_vv = inverse_inertia(G)[3:, 3:]
    vd = np.asarray(Vd_free)[..., 3:]
    return -np.linalg.solve(Ginv_vv, vd.reshape(-1, 3).T).T.reshape(vd.shape)


def gravity_wrench(G, R, gravity):
    """The gravity wrench on the body in {b}: ``G (0, Rᵀ 𝔤)``, i.e. the moment
    ``m c × 𝔤_b`` about the origin of {b} and the force ``m 𝔤_b``."""
    return G @ np.concatenate([np.zeros(3), R.T @ gravity])


def precession_angle(R):
    """The unwrapped azimuth of the symmetry axis ``ŝ = R ẑ`` about the vertical (rad)."""
    s = R[:, :, 2]
    return np.unwrap(np.arctan2(s[:, 1], s[:, 0]))


def mean_precession_rate(t, phi, height):
    """The mean precession rate over whole nutation periods (rad/s).

    A top released without precession starts at a cusp of its nutation: there the
    azimuth φ stands still and the axis is at its highest (``height`` = ``ŝ_z`` is
    largest).  The rate is ``(φ(t_k) - φ(0)) / t_k`` for the last such maximum ``t_k``
    of the run, located by a parabola through the three samples around it; near a cusp
    φ changes only at third order in time, so the sample's φ is used.

    Returns
    -------
    rate : float
        rad/s.
    t_k : float
        The instant of the last cusp (s).
    """
    h = np.asarray(height)
    peaks = np.nonzero((h[1:-1] > h[:-2]) & (h[1:-1] >= h[2:]))[0] + 1
    if peaks.size == 0:
        raise ValueError("no nutation cusp after the start: run longer")
    k = int(peaks[-1])
    dt = t[k + 1] - t[k]
    y0, y1, y2 = h[k - 1], h[k], h[k + 1]
    t_k = t[k] + 0.5 * dt * (y0 - y2) / (y0 - 2 * y1 + y2)
    return float((phi[k] - phi[0]) / t_k), float(t_k)


@lru_cache(maxsize=8)
def top_run(spin, periods=NUTATION_PERIODS, n_out=2001):
    """The top released at the tilt ``TOP['tilt']`` spinning at ``spin`` about its axis,
    without precession, integrated over ``periods`` fast-nutation periods."""
    G, Io = top_spatial_inertia()
    P = pivot_projector(G)
    gravity = np.array([0.0, 0.0, -STANDARD_GRAVITY])
    t_end = periods * 2 * np.pi * Io[0, 0] / (Io[2, 2] * spin)
    run = integrate(G, rot_x(TOP["tilt"]), [0.0, 0.0, spin], t_end, n_out,
                    wrench=lambda R, w: gravity_wrench(G, R, gravity), constraint=P)
    run["phi"] = precession_angle(run["R"])
    run["rate"], run["t_cusp"] = mean_precession_rate(run["t"], run["phi"], run["R"][:, 2, 2])
    run["formula"] = slow_precession_rate(TOP["mass"], TOP["arm"], Io[2, 2], spin)
    return run


def top_table(spins=TOP_SPINS):
    """Rows ``(spin, formula, measured, measured / formula)`` of the table of §3.1.7."""
    rows = []
    for s in spins:
        r = top_run(float(s))
        rows.append((float(s), r["formula"], r["rate"], r["rate"] / r["formula"]))
    return rows
