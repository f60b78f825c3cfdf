"""Chapter 3.7 (identifying the inertial parameters): the base sets of three arms and
an identification experiment simulated end to end on the UR5.

The experiment (§3.7.2), in the order the chapter tells it:

1. the "true" robot: the UR5 of example-robot-data with every link's mass and
   principal moments scaled by a factor drawn in [1 - PERTURB, 1 + PERTURB] and
   its centre of mass moved by up to COM_SHIFT per axis (redrawn until
   :func:`chaindyn.body.realizability` accepts it), plus viscous and Coulomb
   friction FV, FC per joint;
2. an excitation trajectory: a finite Fourier series per joint (Swevers et al.
   1997) whose coefficients minimise cond(W_b) of the base columns within the
   URDF's position, velocity and torque limits (:func:`optimise_excitation`,
   scipy's SLSQP; run by figsrc/study_37_identification.py);
3. measurements: joint positions and torques of the true robot with Gaussian
   noise (POSITION_NOISE, TORQUE_NOISE), sampled at RATE;
4. velocities and accelerations from the noisy positions by the zero-phase
   filter (:func:`chaindyn.identify.differentiate`), the torques and the columns of
   W through the same filter (:func:`chaindyn.identify.lowpass`), the filter's
   start-up samples dropped, the rest decimated (:func:`process`);
5. ordinary, weighted and physically consistent least squares
   (:func:`identify_once`), validated on another trajectory
   (:func:`validate`).

Everything heavy runs in the study script; the chapter reads its CSVs.
"""

from __future__ import annotations

import numpy as np

from chaindyn import Chain, identify, rnea
from chaindyn.body import inertia_from_parameters, parameters, realizability
from chaindyn.quantities import mass_matrix
from chaindyn.spatial import spatial_inertia

from .crosscheck import robot_chain

__all__ = [
    "GRAVITY", "FV", "FC", "PERTURB", "COM_SHIFT", "Q_LIMIT", "QD_LIMIT", "TAU_LIMIT",
    "POSITION_NOISE", "TORQUE_NOISE", "RATE", "PERIOD", "HARMONICS", "CUTOFF", "TRIM",
    "robot", "GAZ_PANDA", "reproduction_rows", "base_counts", "true_robot", "base_set",
    "unpack", "excitation",
    "limit_margins", "log_condition", "random_feasible", "optimise_excitation",
    "measure", "exact", "process", "identify_once", "physical_distance", "validate",
    "predict", "torque_rms", "mass_matrix_error", "estimated_mass_matrix",
    "chain_from_parameters", "full_parameters", "design_times", "simulate",
    "DECIMATE", "SDP_EPSILON", "SDP_WEIGHT", "SIM_DURATION",
]

GRAVITY = np.array([0.0, 0.0, -9.80665])

#: The robots of the base-set table: the URDF file and the tip link (the Panda's
#: arm only: its seven joints up to panda_link7, without the hand).
ROBOTS = {"UR5": ("UR5", None), "Panda": ("Panda", "panda_link7")}

#: Perturbation of the true robot: masses and principal moments about the COM
#: by a factor in [1 - PERTURB, 1 + PERTURB]; COM moved by up to COM_SHIFT (m) per axis.
PERTURB = 0.2
COM_SHIFT = 0.02
#: Viscous (N m s/rad) and Coulomb (N m) friction of the true robot, per joint.
FV = np.array([4.0, 4.0, 2.5, 0.8, 0.8, 0.8])
FC = np.array([8.0, 8.0, 5.0, 1.5, 1.5, 1.5])

#: The UR5 URDF's limits: position (rad), velocity (rad/s), effort (N m).
Q_LIMIT = np.array([2 * np.pi, 2 * np.pi, np.pi, 2 * np.pi, 2 * np.pi, 2 * np.pi])
QD_LIMIT = np.array([3.15, 3.15, 3.15, 3.2, 3.2, 3.2])
TAU_LIMIT = np.array([150.0, 150.0, 150.0, 28.0, 28.0, 28.0])
#: The excitation may use this share of each limit (the torque limit is checked on
#: the nominal model, the only one the experimenter has).
LIMIT_SHARE = 0.8

#: Measurement noise (standard deviations): encoder positions (rad) and torques (N m).
POSITION_NOISE = 1e-4
TORQUE_NOISE = np.array([1.0, 1.0, 0.5, 0.1, 0.1, 0.1])

#: Sampling rate (Hz), the Fourier series' period (s) and harmonics, the filter's
#: cutoff (Hz), the number of periods measured and the time dropped at each end (s).
RATE = 100.0
PERIOD = 10.0
HARMONICS = 5
CUTOFF = 2.0
PERIODS = 3
TRIM = 2.0
#: The optimiser's coarser time grid (samples per period).
DESIGN_SAMPLES = 100
#: Every DECIMATE-th filtered sample is used (10 Hz, above twice the cutoff).
DECIMATE = 10
#: The consistent estimate: the LMI margin (kg m^2) and the pull towards the nominal
#: π (N^2 m^2 per parameter^2, small beside the data's ‖W θ - y‖²).
SDP_EPSILON = 1e-5
SDP_WEIGHT = 1e-3
#: Length of the forward simulation (s).
SIM_DURATION = 1.0


# --------------------------------------------------------------------- 3.7.1 base sets

def robot(name):
    """The chain of one of the three arms: ``"6R"`` (models.arm6r), ``"UR5"``, ``"Panda"``."""
    from chaindyn import models

    if name == "6R":
        return models.arm6r()
    if name not in ROBOTS:
        raise ValueError(f"name must be '6R', 'UR5' or 'Panda', got {name!r}")
    return robot_chain(*ROBOTS[name])


#: The number of inertial base parameters of the Panda arm in the code published with
#: Gaz, Cognetti, Oliva, Robuffo Giordano and De Luca (2019): the inertial part of the
#: coefficient vector of ``matlab/parameters_retrieval/get_Panda_coefficients_expanded.m``
#: in marcocognetti/FrankaEmikaPandaDynModel (read there; friction coefficients left out).
GAZ_PANDA = 43


def reproduction_rows(counts):
    """The rows of appendix C.5: published base-parameter counts against this book's.

    Parameters
    ----------
    counts : list of dict
        The rows of :func:`base_counts` (as read from ``data/ch37_base_counts.csv``).

    Returns
    -------
    list of dict
        ``item``, ``published``, ``value``, ``criterion``, ``holds``.
    """
    ours = int(next(r for r in counts if r["robot"] == "Panda")["base"])
    return [{"item": "Panda 팔(관절 7개)의 관성 기저 파라미터 수, 마찰 제외",
             "published": f"{GAZ_PANDA} (Gaz 등의 코드)", "value": str(ours),
             "criterion": "같다", "holds": ours == GAZ_PANDA}]


def base_counts(samples=100, seed=0):
    """The number of base parameters of the three arms, from random states.

    Returns
    -------
    list of dict
        ``robot``, ``n``, ``standard`` (10 n), ``base`` (rank of W without
        friction), ``unidentifiable`` (zero columns), ``regrouped`` (the
        other dependent columns), ``base_zero_g`` (the rank without gravity).
    """
    rows = []
    for name in ("6R", "UR5", "Panda"):
        chain = robot(name)
        rng = np.random.default_rng(seed)
        W = identify.random_observations(chain, samples, rng, gravity=GRAVITY)
        base = identify.base_parameters(W)
        W0 = identify.random_observations(chain, samples, np.random.default_rng(seed),
                                          gravity=np.zeros(3))
        rows.append({"robot": name, "n": chain.n, "standard": 10 * chain.n, "base": base.rank,
                     "unidentifiable": len(base.unidentifiable),
                     "regrouped": 10 * chain.n - base.rank - len(base.unidentifiable),
                     "base_zero_g": identify.base_parameters(W0).rank})
    return rows


# --------------------------------------------------------------------- 3.7.2 experiment

def true_robot(nominal, rng, perturb=PERTURB, shift=COM_SHIFT):
    """The nominal chain with each link's mass, COM and principal moments perturbed.

    A link whose perturbed inertia fails :func:`chaindyn.body.realizability` is
    drawn again (the triangle inequality can fail when a thin link's moments move
    apart).
    """
    inertias = []
    for m, c, Ic in zip(nominal.masses, nominal.coms, nominal.inertias_com):
        lam, R = np.linalg.eigh(Ic)
        while True:
            m2 = m * (1 + rng.uniform(-perturb, perturb))
            c2 = c + rng.uniform(-shift, shift, 3)
            lam2 = lam * (1 + rng.uniform(-perturb, perturb, 3))
            s = np.sort(lam2)
            if not s[0] + s[1] > s[2] * (1 + 1e-6):  # the triangle inequality, strictly
                continue
            Ic2 = R @ np.diag(lam2) @ R.T
            G = spatial_inertia(m2, c2, 0.5 * (Ic2 + Ic2.T))
            if realizability(G).realizable:
                break
        inertias.append(G)
    return Chain(nominal.home, nominal.screws, inertias)


def full_parameters(chain, fv=FV, fc=FC):
    """π with friction: the 10 n inertial parameters, then (F_v,j, F_c,j) per joint."""
    fr = np.stack([fv, fc], axis=-1).reshape(-1)
    return np.concatenate([parameters(chain.inertias).reshape(-1), fr])


def base_set(chain, samples=200, seed=0):
    """The base set with friction columns, from random states (Gautier 1991)."""
    W = identify.random_observations(chain, samples, np.random.default_rng(seed),
                                     friction=True, gravity=GRAVITY)
    return identify.base_parameters(W)


def unpack(x, n=6, harmonics=HARMONICS):
    """The Fourier coefficients a, b (n, L) and offsets q0 (n) of a design vector."""
    x = np.asarray(x, dtype=float)
    a = x[:n * harmonics].reshape(n, harmonics)
    b = x[n * harmonics:2 * n * harmonics].reshape(n, harmonics)
    return a, b, x[2 * n * harmonics:]


def excitation(x, t, n=6):
    """(q, qd, qdd), each (len(t), n), of the design vector x at the times t."""
    a, b, q0 = unpack(x, n)
    return identify.fourier_trajectory(t, a, b, q0, 2 * np.pi / PERIOD)


def design_times(samples=DESIGN_SAMPLES):
    return np.arange(samples) * PERIOD / samples


def limit_margins(x, nominal, t):
    """1 - max |.| / (LIMIT_SHARE limit) per joint for q, qd and the nominal torque
    (18 numbers, all >= 0 when the trajectory is allowed)."""
    q, qd, qdd = excitation(x, t, nominal.n)
    tau = rnea(nominal, q, qd, qdd, GRAVITY)
    return np.concatenate([1 - np.abs(v).max(axis=0) / (LIMIT_SHARE * lim)
                           for v, lim in ((q, Q_LIMIT), (qd, QD_LIMIT), (tau, TAU_LIMIT))])


def log_condition(x, nominal, base, t):
    """log10 cond(W_b) of the base columns (with friction) on the samples t."""
    q, qd, qdd = excitation(x, t, nominal.n)
    Wb = base.base_columns(identify.observation_matrix(nominal, q, qd, qdd, GRAVITY, True))
    return float(np.log10(np.linalg.cond(Wb)))


def random_feasible(nominal, rng, t):
    """A random design vector scaled down (by 0.8 at a time) until it is within the limits."""
    n, L = nominal.n, HARMONICS
    x = np.concatenate([rng.standard_normal(2 * n * L) * 0.3, rng.uniform(-0.5, 0.5, n)])
    while limit_margins(x, nominal, t).min() < 0:
        x[:2 * n * L] *= 0.8
    return x


def optimise_excitation(nominal, base, x0, t, maxiter=60, history=None):
    """Minimise log10 cond(W_b) from x0 within the limits (scipy SLSQP).

    Returns
    -------
    x : ndarray
        The iterate with the smallest condition number among those within the
        limits (x0 included): SLSQP's iterates may leave the limits on the way.
    result : scipy.optimize.OptimizeResult

    ``history``, a list, receives (log10 cond(W_b), within the limits) after
    every iteration.
    """
    from scipy.optimize import minimize

    iterates = [np.array(x0, dtype=float)]

    def record(xk):
        iterates.append(np.array(xk, dtype=float))
        if history is not None:
            history.append((log_condition(xk, nominal, base, t),
                            bool(limit_margins(xk, nominal, t).min() >= -1e-9)))

    result = minimize(log_condition, x0, args=(nominal, base, t), method="SLSQP",
                      callback=record,
                      constraints=[{"type": "ineq", "fun": limit_margins,
                                    "args": (nominal, t)}],
                      options={"maxiter": maxiter, "ftol": 1e-6})
    iterates.append(np.array(result.x, dtype=float))
    feasible = [x for x in iterates if limit_margins(x, nominal, t).min() >= -1e-9]
    x = min(feasible, key=lambda x: log_condition(x, nominal, base, t))
    return x, result


def measure(true, x, rng, noise=1.0, periods=PERIODS):
    """Simulated measurements of the true robot (with friction FV, FC) on design x.

    Returns
    -------
    dict
        ``t`` (s), the exact ``q, qd, qdd, tau`` and the noisy ``q_meas, tau_meas``
        (noise standard deviations POSITION_NOISE, TORQUE_NOISE times ``noise``).
    """
    t = np.arange(int(round(periods * PERIOD * RATE))) / RATE
    q, qd, qdd = excitation(x, t, true.n)
    tau = rnea(true, q, qd, qdd, GRAVITY) + FV * qd + FC * np.sign(qd)
    q_meas = q + noise * POSITION_NOISE * rng.standard_normal(q.shape)
    tau_meas = tau + noise * TORQUE_NOISE * rng.standard_normal(tau.shape)
    return {"t": t, "q": q, "qd": qd, "qdd": qdd, "tau": tau, "q_meas": q_meas,
            "tau_meas": tau_meas}


def _observations(nominal, q, qd, qdd):
    """W (with friction) of the states, shape (N, n, p): one regressor per sample."""
    W = identify.observation_matrix(nominal, q, qd, qdd, GRAVITY, True)
    return W.reshape(len(q), nominal.n, -1)


def exact(nominal, data):
    """The noise-free observations: W of the exact states and the exact torques.

    Returns
    -------
    dict
        ``W`` (N n, p), ``tau`` (N, n) and ``tau_exact`` (the same torques), as
        :func:`process` returns them: the oracle the tests use.
    """
    W = _observations(nominal, data["q"], data["qd"], data["qdd"])
    return {"t": data["t"], "q": data["q"], "W": W.reshape(-1, W.shape[-1]),
            "tau": data["tau"], "tau_exact": data["tau"]}


def process(nominal, data, cutoff=CUTOFF, trim=TRIM, decimate=DECIMATE):
    """The observations of a measured run: filtered states, W, filtered torques.

    The velocities and accelerations come from the noisy positions
    (:func:`chaindyn.identify.differentiate`).  The torques pass through the same
    zero-phase filter (:func:`chaindyn.identify.lowpass`), and so does every column
    of W (both sides of ``W θ = y`` lose the same band: the Coulomb term's
    ``sign(qd)`` is a step that the filter rounds off in the torque, and without
    filtering W's column too the estimate is biased).  ``trim`` seconds are dropped
    at both ends (the filter's start-up), then every ``decimate``-th sample is kept
    (the filtered residual is correlated over about fs / (2 cutoff) samples).

    Returns
    -------
    dict
        ``t`` (s), ``q`` (N, n), ``W`` (N n, p, sample-major), ``tau`` (N, n) the
        filtered measured torques, ``tau_exact`` (N, n) the exact torques of the
        same samples.
    """
    t = data["t"]
    q, qd, qdd = identify.differentiate(t, data["q_meas"], cutoff)
    W = _observations(nominal, q, qd, qdd)
    shape = W.shape
    W = identify.lowpass(t, W.reshape(len(t), -1), cutoff).reshape(shape)
    tau = identify.lowpass(t, data["tau_meas"], cutoff)
    keep = np.flatnonzero((t >= t[0] + trim) & (t <= t[-1] - trim))[::decimate]
    return {"t": t[keep], "q": q[keep], "W": W[keep].reshape(-1, shape[-1]),
            "tau": tau[keep], "tau_exact": data["tau"][keep]}


#: Radius of the trust region of :func:`physical_distance`, relative to ‖π_nominal‖.
DISTANCE_RADIUS = 10.0
#: Clarabel's tolerances there: a verdict at the study's threshold (1e-6) needs no
#: more than 1e-9, and at the default 1e-10 the solver stopped "inaccurate" on some
#: of the noisiest fits.
DISTANCE_SOLVER = {"tol_gap_abs": 1e-9, "tol_gap_rel": 1e-9, "tol_feas": 1e-9}


def physical_distance(base, beta, prior):
    """How far β is from every physical robot: min ‖E_β θ - β‖ / ‖β‖ over θ = (π, friction)
    with every link's pseudo-inertia J(π_i) ⪰ 0 and F_v, F_c >= 0.

    It is :func:`chaindyn.identify.consistent_estimate` with E_β as the observation
    matrix and β as the data, weight 0, and the directions E_β does not see bounded
    by a trust region ‖π - prior‖ <= DISTANCE_RADIUS ‖prior‖ about the nominal π
    (``prior``), wide enough to hold every robot of the chapter's experiment.  Zero
    (to the solver's tolerance) when some physical π in that region has these base
    parameters; the minimum-norm completion of β would answer for one π only.
    """
    n = len(prior) // 10
    est = identify.consistent_estimate(base.E, beta, n, friction=True, prior=prior,
                                       radius=DISTANCE_RADIUS * float(np.linalg.norm(prior)),
                                       solver_options=DISTANCE_SOLVER)
    return est.residual_norm / float(np.linalg.norm(beta))


def identify_once(nominal, base, obs, with_sdp=True, prior=None):
    """OLS, WLS and (optionally) the consistent estimate of observations ``obs``
    (:func:`process` or :func:`exact`).

    The consistent estimate fits all 12 n columns with J(π_i) ⪰ SDP_EPSILON 1 and
    a small pull SDP_WEIGHT ‖π - prior‖² towards ``prior`` (the nominal π): the
    pull fixes the directions the torques cannot see, so that every link of its
    chain is a body.

    Returns
    -------
    dict
        ``ols``, ``wls`` (Estimate of β), ``sdp`` (the consistent estimate's
        result, when ``with_sdp``), ``beta_sdp`` (its base parameters), ``Wb``.
    """
    W, y = obs["W"], obs["tau"].reshape(-1)
    Wb = base.base_columns(W)
    out = {"ols": identify.least_squares(Wb, y),
           "wls": identify.weighted_least_squares(Wb, y, nominal.n), "Wb": Wb}
    if with_sdp:
        sdp = identify.consistent_estimate(W, y, nominal.n, friction=True, prior=prior,
                                           weight=SDP_WEIGHT if prior is not None else 0.0,
                                           epsilon=SDP_EPSILON)
        out["sdp"] = sdp
        out["beta_sdp"] = base.project(sdp.theta)
    return out


def predict(base, obs, beta):
    """The torques W_b β of observations ``obs``, shape (N, n)."""
    return (base.base_columns(obs["W"]) @ beta).reshape(obs["tau"].shape)


def torque_rms(base, obs, beta, reference=None):
    """RMS per joint (N m) of W_b β minus the filtered measured torques ``obs["tau"]``,
    or, with ``reference`` (base parameters), minus W_b ``reference``: the torque
    error due to the parameters alone."""
    ref = obs["tau"] if reference is None else predict(base, obs, reference)
    return np.sqrt(np.mean((predict(base, obs, beta) - ref) ** 2, axis=0))


def mass_matrix_error(base, nominal, true, q, beta):
    """Mean over the configurations q of ‖M̂ - M‖_F / ‖M‖_F, with M̂'s column k the
    torque W_b(q, 0, e_k, g = 0) β: base parameters suffice."""
    errs = []
    for qk in q:
        M_hat = estimated_mass_matrix(base, nominal, qk, beta)
        M = mass_matrix(true, qk)
        errs.append(np.linalg.norm(M_hat - M) / np.linalg.norm(M))
    return float(np.mean(errs))


def estimated_mass_matrix(base, nominal, q, beta):
    """M̂(q) from base parameters: column k is W_b(q, 0, e_k) β without gravity."""
    n = nominal.n
    qq = np.repeat(np.asarray(q, dtype=float)[None], n, axis=0)
    W = identify.observation_matrix(nominal, qq, np.zeros((n, n)), np.eye(n), np.zeros(3), True)
    return (base.base_columns(W) @ beta).reshape(n, n).T


def chain_from_parameters(nominal, theta):
    """The Chain of the inertial part of a full π (10 n first entries)."""
    G = inertia_from_parameters(np.asarray(theta[:10 * nominal.n]).reshape(nominal.n, 10))
    return Chain(nominal.home, nominal.screws, G)


def simulate(chains, x, duration=SIM_DURATION, samples=101):
    """Forward simulation (rigid bodies, no friction) of every chain under the same
    torque: the first chain's inverse dynamics along design x's trajectory.

    Returns
    -------
    t : ndarray, shape (samples,)
    q : list of ndarray, each (samples, n)
    """
    from scipy.integrate import solve_ivp

    from chaindyn.articulated import aba

    n = chains[0].n

    def tau(ti):
        q, qd, qdd = excitation(x, np.array([ti]), n)
        return rnea(chains[0], q[0], qd[0], qdd[0], GRAVITY)

    q0, qd0, _ = excitation(x, np.array([0.0]), n)
    t = np.linspace(0.0, duration, samples)
    out = []
    for chain in chains:
        def f(ti, s, chain=chain):
            return np.concatenate([s[n:], aba(chain, s[:n], s[n:], tau(ti), GRAVITY)])

        sol = solve_ivp(f, (0.0, duration), np.concatenate([q0[0], qd0[0]]), t_eval=t,
                        rtol=1e-9, atol=1e-11)
        out.append(sol.y[:n].T)
    return t, out


def validate(base, nominal, true, x_val, estimates, rng, noise=1.0):
    """Torque RMS per joint (against the filtered measured torque) and the M(q) error
    of each estimate on a new trajectory.  ``estimates`` maps a label to β (base
    parameters with friction)."""
    obs = process(nominal, measure(true, x_val, rng, noise))
    rows = {}
    q_sub = obs["q"][:: max(1, len(obs["q"]) // 20)]
    for label, beta in estimates.items():
        rows[label] = {"rms": torque_rms(base, obs, beta),
                       "M": mass_matrix_error(base, nominal, true, q_sub, beta)}
    return obs, rows
