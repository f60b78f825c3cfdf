"""Agreement of chaindyn with four reference libraries, measured at run time.

:func:`library_agreement` runs chaindyn and Pinocchio, MuJoCo,
modern_robotics and the Robotics Toolbox on the book's 6R arm and on seeded
random chains (revolute and prismatic joints, n = 2..7) at the same random
states, through the adapters of :mod:`chaindyn.interop`, and returns one row
per library and quantity: the largest difference, the scale it is measured
against, the relative difference and whether it is within the bound.
:func:`urdf_agreement` does the same for real robots read from URDF by
:func:`chaindyn.urdf.load` and by Pinocchio's own URDF parser.

The book's tables and ``tests/test_crosscheck.py`` call these functions; the
libraries are imported when a function runs (``import chaindyn`` needs numpy only).
"""

from __future__ import annotations

import importlib.metadata
import os

import numpy as np

from chaindyn import interop, models
from chaindyn.chain import Chain
from chaindyn.inverse_dynamics import STANDARD_GRAVITY, joint_wrenches, rnea
from chaindyn.kinematics import forward_kinematics
from chaindyn.quantities import bias_force, gravity_torque, mass_matrix

__all__ = [
    "library_agreement",
    "urdf_agreement",
    "agreement_models",
    "robots_dir",
    "pinocchio_urdf_model",
    "random_mdh_arguments",
    "ROBOTS",
    "robot_urdf",
    "TORQUE_BOUND",
    "FORWARD_BOUND",
]

#: Bound on |difference| / scale for inverse dynamics, M, h, g and joint wrenches.
TORQUE_BOUND = 1e-12
#: Bound on |qdd difference| / max |qdd| for forward-dynamics round trips.  The
#: difference follows the condition number of M (1e3-1e4 here): MuJoCo's reaches
#: 5e-12 when the chains are moved by a few ulps, and 1.4e-11 at other seeds.
FORWARD_BOUND = 2e-11

#: A gravity vector that is not along an axis, so that a sign or axis slip shows.
GRAVITY = np.array([0.6, -1.1, -STANDARD_GRAVITY])

#: Robots of example-robot-data 6.0.0: (URDF path under ``robots/``, tip link).
#: Joints off the base-tip path (Panda's two fingers, the Talos gripper joint)
#: are locked at 0 by chaindyn's reader and by ``pin.buildReducedModel``.
ROBOTS = {
    "UR5": ("ur_description/urdf/ur5_robot.urdf", "tool0"),
    "Panda": ("panda_description/urdf/panda.urdf", "panda_hand"),
    "Talos left arm": ("talos_data/robots/talos_left_arm.urdf", "gripper_left_base_link"),
}

#: One pose per robot (rad) at which §3.2.5.8.5 tabulates the gravity torque g(q)
#: and draws the robot: UR5 with the upper arm vertical and the forearm level,
#: Panda in its usual bent "ready" pose, the Talos arm with the elbow at a right angle.
GRAVITY_POSES = {
    "UR5": np.array([0.0, -np.pi / 2, np.pi / 2, -np.pi / 2, -np.pi / 2, 0.0]),
    "Panda": np.array([0.0, -np.pi / 4, 0.0, -3 * np.pi / 4, 0.0, np.pi / 2, np.pi / 4]),
    "Talos left arm": np.array([np.pi / 8, 0.0, -np.pi / 2, 0.0, 0.0, 0.0]),
}


def _version(dist):
    try:
        return importlib.metadata.version(dist)
    except importlib.metadata.PackageNotFoundError:
        return "unknown"


def random_mdh_arguments(n, rng, prismatic):
    """Random modified-DH arguments for ``Chain.from_mdh`` and ``interop.to_rtb``.

    Parameters
    ----------
    n : int
    rng : numpy.random.Generator
    prismatic : sequence of bool, length n

    Returns
    -------
    dict
        ``mdh`` (alpha, a, d, theta uniform in [-pi, pi], [-0.5, 0.5] m,
        [-0.5, 0.5] m, [-pi, pi]), ``masses`` in [0.5, 5] kg, ``coms`` in
        [-0.3, 0.3]^3 m, ``inertias_com`` (a solid ellipsoid's, randomly
        rotated) and ``joint_types``.
    """
    mdh = models.random_mdh_rows(n, rng)
    masses = rng.uniform(0.5, 5.0, n)
    coms = rng.uniform(-0.3, 0.3, (n, 3))
    inertias = np.empty((n, 3, 3))
    for i in range(n):
        inertias[i] = models.random_inertia_com(masses[i], rng)
    kinds = ["P" if p else "R" for p in prismatic]
    return {"mdh": mdh, "masses": masses, "coms": coms, "inertias_com": inertias,
            "joint_types": kinds}


def _kinds(n, rng):
    """Random joint kinds with at least one revolute and (n >= 2) one prismatic joint."""
    kinds = rng.random(n) < 0.4
    kinds[0] = False
    if n >= 2:
        kinds[rng.integers(1, n)] = True
    return kinds


def agreement_models(seed=0, sizes=range(2, 8)):
    """The chains compared by :func:`library_agreement`.

    Returns
    -------
    list of (str, Chain, dict or None)
        ``("arm6r", models.arm6r(), its MDH arguments)``, then for each n in
        ``sizes`` a :func:`models.random_chain` with mixed joints (no MDH
        arguments) and a random MDH chain with the same joint kinds (with its
        MDH arguments, so that the Robotics Toolbox can be compared too).
    """
    rng = np.random.default_rng(seed)
    args = models.mdh_arguments(models.arm6r_table())
    out = [("arm6r", Chain.from_mdh(**args), args)]
    for n in sizes:
        kinds = _kinds(n, rng)
        label = "".join("P" if k else "R" for k in kinds)
        out.append((f"random {label}", models.random_chain(n, rng, prismatic=kinds), None))
        mdh = random_mdh_arguments(n, rng, kinds)
        out.append((f"random MDH {label}", Chain.from_mdh(**mdh), mdh))
    return out


class _Table:
    """Collects (library, quantity, model) differences and aggregates them."""

    def __init__(self):
        self.cells = {}

    def add(self, library, version, quantity, model, diff, scale, bound):
        key = (library, version, quantity)
        cell = self.cells.setdefault(key, {"bound": bound, "per_model": []})
        cell["per_model"].append((model, float(diff), float(scale)))

    def rows(self, per_model=False):
        out = []
        for (library, version, quantity), cell in self.cells.items():
            entries = cell["per_model"]
            rels = [d / s if s > 0 else d for _, d, s in entries]
            chosen = range(len(entries)) if per_model else [int(np.argmax(rels))]
            for k in chosen:
                model, diff, scale = entries[k]
                out.append({
                    "library": library,
                    "version": version,
                    "quantity": quantity,
                    "max_abs_diff": diff,
                    "scale": scale,
                    "rel_diff": rels[k],
                    "bound": cell["bound"],
                    "holds": bool(rels[k] <= cell["bound"]) if per_model else
                    bool(max(rels) <= cell["bound"]),
                    "model": model,
                    "models": 1 if per_model else len(entries),
                })
        return out


def _states(chain, rng, count):
    n = chain.n
    q = rng.uniform(-np.pi, np.pi, (count, n))
    qd = rng.uniform(-2.0, 2.0, (count, n))
    qdd = rng.uniform(-5.0, 5.0, (count, n))
    f = rng.normal(0.0, 10.0, (count, 6))
    return q, qd, qdd, f


def _maxdiff(a, b):
    return float(np.abs(np.asarray(a) - np.asarray(b)).max())


def _scale(*arrays):
    return float(max(np.abs(np.asarray(a)).max() for a in arrays))


def library_agreement(seed=0, states=3, sizes=range(2, 8), libraries=None, per_model=False):
    """Measure how closely Pinocchio, MuJoCo, modern_robotics and RTB agree with chaindyn.

    Parameters
    ----------
    seed : int
        Seed of the random chains and states (reproducible).
    states : int
        Random states per chain: q in [-pi, pi], qd in [-2, 2], qdd in [-5, 5]
        (rad, rad/s, rad/s^2 or m, m/s, m/s^2), a tip wrench with N(0, 10)
        components; gravity :data:`GRAVITY` (not along an axis).
    sizes : iterable of int
        Numbers of joints of the random chains (default 2..7).
    libraries : iterable of str, optional
        Subset of ``("pinocchio", "mujoco", "modern_robotics", "rtb")``.
    per_model : bool
        False (default): one row per library and quantity, the worst chain.
        True: one row per chain as well.

    Returns
    -------
    list of dict
        Keys: ``library``, ``version`` (read from the installed distribution),
        ``quantity``, ``max_abs_diff`` (N m / N, kg m^2 / kg m / kg, or
        rad/s^2 / m/s^2 for forward dynamics), ``scale`` (the largest
        magnitude of chaindyn's values of that quantity on the same chain and
        states), ``rel_diff = max_abs_diff / scale``, ``bound``
        (:data:`TORQUE_BOUND`, or :data:`FORWARD_BOUND` for the qdd difference
        of forward-dynamics round trips), ``holds`` (all chains within the bound), ``model`` (the
        worst chain) and ``models`` (how many chains were compared).

    Notes
    -----
    What is compared (chaindyn's function against the library's):

    * Pinocchio: ``rnea`` (with and without the tip wrench, via
      :func:`interop.pinocchio_fext`), ``crba`` (upper triangle mirrored),
      ``nonLinearEffects``, ``computeGeneralizedGravity``, ``data.f`` after
      ``rnea`` with the tip wrench (against :func:`chaindyn.joint_wrenches`,
      via :func:`interop.pinocchio_joint_wrenches`), and ``aba`` with the tip
      wrench given chaindyn's torques (forward round trip);
    * MuJoCo: ``mj_inverse`` (``qacc`` set before every call) plus
      :func:`interop.mujoco_tip_qfrc` for the tip wrench, ``mj_fullM``,
      ``cfrc_int`` after ``mj_rnePostConstraint`` with the tip wrench in
      ``xfrc_applied`` (against the joint wrenches), and ``mj_forward`` with
      ``qfrc_applied`` = chaindyn's torques and the tip wrench in
      ``xfrc_applied`` (forward round trip);
    * modern_robotics: ``InverseDynamics`` with ``Ftip``, ``MassMatrix``,
      ``GravityForces`` and ``ForwardDynamics`` with ``Ftip``;
    * Robotics Toolbox (modified-DH chains only): ``rne`` with and without
      ``fext`` (:func:`interop.rtb_fext`), ``inertia`` and ``gravload``.

    A forward-dynamics round trip gives two rows: the difference of the
    accelerations (bound :data:`FORWARD_BOUND` relative to max |qdd|) and the
    torque residual ``chaindyn.rnea(q, qd, qdd_lib) - tau`` (bound
    :data:`TORQUE_BOUND` relative to the torque scale).  The first grows with
    the condition number of M (about 1e3-5e3 for the 6R arm, whose wrist
    inertias are ~5e-4 kg m^2): over seeds 0-11 MuJoCo's reached 1.4e-11 at
    one state while its residual stayed below 2e-15, so the residual (the
    backward error) is the measure that does not depend on the chain.

    Raises
    ------
    ImportError
        If a requested library is missing.
    """
    libs = ("pinocchio", "mujoco", "modern_robotics", "rtb")
    libs = libs if libraries is None else tuple(libraries)
    unknown = set(libs) - {"pinocchio", "mujoco", "modern_robotics", "rtb"}
    if unknown:
        raise ValueError(
            "libraries must be among pinocchio, mujoco, modern_robotics, rtb, "
            f"got {sorted(unknown)}"
        )
    rng = np.random.default_rng(seed + 1)
    table = _Table()
    for label, chain, mdh in agreement_models(seed, sizes):
        q, qd, qdd, f = _states(chain, rng, states)
        g = GRAVITY
        ref = {
            "tau": rnea(chain, q, qd, qdd, g),
            "tauF": rnea(chain, q, qd, qdd, g, f),
            "M": mass_matrix(chain, q),
            "h": bias_force(chain, q, qd, g),
            "g": gravity_torque(chain, q, g),
            "F": joint_wrenches(chain, q, qd, qdd, g, f),
        }
        if "pinocchio" in libs:
            _pinocchio(table, label, chain, q, qd, qdd, f, g, ref)
        if "mujoco" in libs:
            _mujoco(table, label, chain, q, qd, qdd, f, g, ref)
        if "modern_robotics" in libs:
            _modern_robotics(table, label, chain, q, qd, qdd, f, g, ref)
        if "rtb" in libs and mdh is not None:
            _rtb(table, label, mdh, q, qd, qdd, f, g, ref)
    return table.rows(per_model)


def _pinocchio(table, label, chain, q, qd, qdd, f, g, ref):
    import pinocchio as pin

    ver = pin.__version__
    model = interop.to_pinocchio(chain, g)
    data = model.createData()
    d = {k: [] for k in ("tau", "tauF", "M", "h", "g", "F", "aba")}
    for s in range(len(q)):
        fext = interop.pinocchio_fext(chain, model, f[s])
        d["tau"].append(pin.rnea(model, data, q[s], qd[s], qdd[s]))
        d["tauF"].append(pin.rnea(model, data, q[s], qd[s], qdd[s], fext))
        d["F"].append(interop.pinocchio_joint_wrenches(chain, model, data))
        M = pin.crba(model, data, q[s])
        d["M"].append(np.triu(M) + np.triu(M, 1).T)
        d["h"].append(pin.nonLinearEffects(model, data, q[s], qd[s]))
        d["g"].append(pin.computeGeneralizedGravity(model, data, q[s]))
        d["aba"].append(pin.aba(model, data, q[s], qd[s], ref["tauF"][s], fext))
    lib = "Pinocchio"
    for key, name in (("tau", "rnea"), ("tauF", "rnea with tip wrench (fext)"),
                      ("M", "crba (M)"), ("h", "nonLinearEffects (h)"),
                      ("g", "computeGeneralizedGravity (g)"), ("F", "data.f (joint wrenches)")):
        table.add(lib, ver, name, label, _maxdiff(d[key], ref[key]), _scale(ref[key]),
                  TORQUE_BOUND)
    _forward_rows(table, lib, ver, "aba", label, chain, q, qd, qdd, f, g, ref, d["aba"])


def _mujoco(table, label, chain, q, qd, qdd, f, g, ref):
    import mujoco

    ver = mujoco.__version__
    model = mujoco.MjModel.from_xml_string(interop.to_mujoco(chain, g))
    data = mujoco.MjData(model)
    n = chain.n
    d = {k: [] for k in ("tauF", "M", "F", "fwd")}
    for s in range(len(q)):
        data.qpos[:], data.qvel[:], data.qacc[:] = q[s], qd[s], qdd[s]
        data.xfrc_applied[:] = 0.0
        mujoco.mj_inverse(model, data)
        d["tauF"].append(data.qfrc_inverse + interop.mujoco_tip_qfrc(model, data, f[s]))
        M = np.zeros((n, n))
        mujoco.mj_fullM(model, data, M)
        d["M"].append(M)
        data.xfrc_applied[-1] = interop.mujoco_xfrc_tip(model, data, f[s])
        mujoco.mj_rnePostConstraint(model, data)
        d["F"].append(interop.mujoco_joint_wrenches(chain, model, data))
        data.qfrc_applied[:] = ref["tauF"][s]
        mujoco.mj_forward(model, data)
        d["fwd"].append(np.array(data.qacc))
        data.qfrc_applied[:] = 0.0
    lib = "MuJoCo"
    table.add(lib, ver, "mj_inverse + J^T F_tip (mj_applyFT)", label,
              _maxdiff(d["tauF"], ref["tauF"]), _scale(ref["tauF"]), TORQUE_BOUND)
    table.add(lib, ver, "mj_fullM (M)", label, _maxdiff(d["M"], ref["M"]), _scale(ref["M"]),
              TORQUE_BOUND)
    table.add(lib, ver, "cfrc_int (joint wrenches)", label, _maxdiff(d["F"], ref["F"]),
              _scale(ref["F"]), TORQUE_BOUND)
    _forward_rows(table, lib, ver, "mj_forward", label, chain, q, qd, qdd, f, g, ref, d["fwd"])


def _modern_robotics(table, label, chain, q, qd, qdd, f, g, ref):
    import modern_robotics as mr

    ver = _version("modern_robotics")
    Mlist, Glist, Slist = interop.to_modern_robotics(chain)
    d = {k: [] for k in ("tauF", "M", "g", "fwd")}
    for s in range(len(q)):
        Ftip = interop.mr_ftip(f[s])
        d["tauF"].append(mr.InverseDynamics(q[s], qd[s], qdd[s], g, Ftip, Mlist, Glist, Slist))
        d["M"].append(mr.MassMatrix(q[s], Mlist, Glist, Slist))
        d["g"].append(mr.GravityForces(q[s], g, Mlist, Glist, Slist))
        d["fwd"].append(mr.ForwardDynamics(q[s], qd[s], ref["tauF"][s], g, Ftip,
                                           Mlist, Glist, Slist))
    lib = "modern_robotics"
    table.add(lib, ver, "InverseDynamics with Ftip", label, _maxdiff(d["tauF"], ref["tauF"]),
              _scale(ref["tauF"]), TORQUE_BOUND)
    table.add(lib, ver, "MassMatrix (M)", label, _maxdiff(d["M"], ref["M"]), _scale(ref["M"]),
              TORQUE_BOUND)
    table.add(lib, ver, "GravityForces (g)", label, _maxdiff(d["g"], ref["g"]),
              _scale(ref["g"]), TORQUE_BOUND)
    _forward_rows(table, lib, ver, "ForwardDynamics", label, chain, q, qd, qdd, f, g, ref,
                  d["fwd"])


def _forward_rows(table, lib, ver, fn, label, chain, q, qd, qdd, f, g, ref, qdd_lib):
    """Two rows for a forward-dynamics round trip: the qdd difference, and the
    torque residual ID(qdd_lib) - tau (backward error, independent of cond M)."""
    qdd_lib = np.asarray(qdd_lib)
    table.add(lib, ver, f"{fn} round trip (qdd)", label, _maxdiff(qdd_lib, qdd), _scale(qdd),
              FORWARD_BOUND)
    resid = rnea(chain, q, qd, qdd_lib, g, f)
    table.add(lib, ver, f"{fn} round trip (torque residual)", label,
              _maxdiff(resid, ref["tauF"]), _scale(ref["tauF"]), TORQUE_BOUND)


def _rtb(table, label, mdh, q, qd, qdd, f, g, ref):
    robot = interop.to_rtb(**mdh, gravity=g)
    ver = _version("roboticstoolbox-python")
    d = {k: [] for k in ("tau", "tauF", "M", "g")}
    for s in range(len(q)):
        d["tau"].append(robot.rne(q[s], qd[s], qdd[s], gravity=g))
        d["tauF"].append(robot.rne(q[s], qd[s], qdd[s], gravity=g, fext=interop.rtb_fext(f[s])))
        d["M"].append(robot.inertia(q[s]))
        d["g"].append(robot.gravload(q[s], gravity=g))
    lib = "Robotics Toolbox"
    table.add(lib, ver, "rne (modified DH)", label, _maxdiff(d["tau"], ref["tau"]),
              _scale(ref["tau"]), TORQUE_BOUND)
    table.add(lib, ver, "rne with fext", label, _maxdiff(d["tauF"], ref["tauF"]),
              _scale(ref["tauF"]), TORQUE_BOUND)
    table.add(lib, ver, "inertia (M)", label, _maxdiff(d["M"], ref["M"]), _scale(ref["M"]),
              TORQUE_BOUND)
    table.add(lib, ver, "gravload (g)", label, _maxdiff(d["g"], ref["g"]), _scale(ref["g"]),
              TORQUE_BOUND)


# ----------------------------------------------------------------------------- URDF robots


def robots_dir():
    """The ``robots`` directory of the installed example-robot-data package.

    Returns
    -------
    str

    Raises
    ------
    ValueError
        If example-robot-data is not installed.
    """
    try:
        dist = importlib.metadata.distribution("example-robot-data")
    except importlib.metadata.PackageNotFoundError:
        raise ValueError("example-robot-data must be installed, got no distribution") from None
    path = dist.locate_file("cmeel.prefix/share/example-robot-data/robots")
    if not os.path.isdir(path):
        raise ValueError(f"example-robot-data's robots directory must exist, got {path}")
    return os.fspath(path)


def robot_urdf(name):
    """Path of one of :data:`ROBOTS`' URDF files and its tip link.

    Parameters
    ----------
    name : str
        ``"UR5"``, ``"Panda"`` or ``"Talos left arm"``.

    Returns
    -------
    path : str
    tip_link : str
    """
    if name not in ROBOTS:
        raise ValueError(f"name must be one of {', '.join(ROBOTS)}, got {name!r}")
    rel, tip = ROBOTS[name]
    return os.path.join(robots_dir(), rel), tip


def robot_chain(name, tip_link=None):
    """The :class:`chaindyn.Chain` of one of :data:`ROBOTS`, read by :func:`chaindyn.urdf.load`
    from base to ``tip_link`` (default: the tip of :data:`ROBOTS`)."""
    from chaindyn import urdf

    path, tip = robot_urdf(name)
    return urdf.load(path, tip_link=tip_link or tip).chain


def pinocchio_urdf_model(path, joints):
    """Pinocchio's model of a URDF file, with every joint not in ``joints`` locked at 0.

    Parameters
    ----------
    path : str
        URDF file (continuous joints must have been made revolute: Pinocchio
        turns them into (cos, sin) joints with nq = 2 nv).
    joints : sequence of str
        The joints kept (chaindyn's moving joints, in order).

    Returns
    -------
    pinocchio.Model
        ``pin.buildReducedModel`` of ``pin.buildModelFromUrdf(path)`` at the
        neutral configuration; its joint order must equal ``joints``.

    Raises
    ------
    ValueError
        If the kept joints are not in chaindyn's order or a locked joint is
        not at 0 in the neutral configuration.
    """
    import pinocchio as pin

    full = pin.buildModelFromUrdf(path)
    names = list(full.names)[1:]
    lock = [full.getJointId(jn) for jn in names if jn not in joints]
    q0 = pin.neutral(full)
    model = pin.buildReducedModel(full, lock, q0) if lock else full
    kept = list(model.names)[1:]
    if kept != list(joints):
        raise ValueError(f"Pinocchio's joints must be {list(joints)}, got {kept}")
    if model.nq != model.nv:
        raise ValueError(f"Pinocchio's model must have nq = nv, got nq {model.nq}, nv {model.nv}")
    return model


def urdf_agreement(seed=0, states=3, robots=None, per_model=False):
    """chaindyn's URDF reader against Pinocchio's parser on example-robot-data robots.

    Each robot of :data:`ROBOTS` is read by :func:`chaindyn.urdf.load` (tip
    link as listed; gripper and finger joints locked at 0 and merged) and by
    ``pin.buildModelFromUrdf`` + ``pin.buildReducedModel`` (the same joints
    locked at 0).  Compared at random states (q in [-pi, pi], qd in [-2, 2],
    qdd in [-5, 5], a N(0, 10) tip wrench in the tip frame, gravity
    :data:`GRAVITY`): rnea with the tip wrench, M (crba), g(q) and the tip
    frame's pose (forward kinematics).

    Returns
    -------
    list of dict
        Rows as :func:`library_agreement`'s; library ``"Pinocchio URDF
        parser"``, one quantity per robot and quantity.
    """
    import pinocchio as pin

    from chaindyn import urdf

    rng = np.random.default_rng(seed)
    table = _Table()
    ver = pin.__version__
    lib = "Pinocchio URDF parser"
    for name in ROBOTS if robots is None else robots:
        path, tip = robot_urdf(name)
        u = urdf.load(path, tip_link=tip)
        chain = u.chain
        model = pinocchio_urdf_model(path, u.joints)
        model.gravity = pin.Motion(np.concatenate([GRAVITY, np.zeros(3)]))
        data = model.createData()
        q, qd, qdd, f = _states(chain, rng, states)
        tau = rnea(chain, q, qd, qdd, GRAVITY, f)
        M, gq = mass_matrix(chain, q), gravity_torque(chain, q, GRAVITY)
        T = forward_kinematics(chain, q)[:, -1]
        fid = model.getFrameId(tip)
        d = {k: [] for k in ("tau", "M", "g", "T")}
        for s in range(states):
            fext = interop.pinocchio_fext(chain, model, f[s], frame=tip)
            d["tau"].append(pin.rnea(model, data, q[s], qd[s], qdd[s], fext))
            Mp = pin.crba(model, data, q[s])
            d["M"].append(np.triu(Mp) + np.triu(Mp, 1).T)
            d["g"].append(pin.computeGeneralizedGravity(model, data, q[s]))
            pin.framesForwardKinematics(model, data, q[s])
            d["T"].append(data.oMf[fid].homogeneous)
        table.add(lib, ver, f"{name}: rnea with tip wrench", name, _maxdiff(d["tau"], tau),
                  _scale(tau), 1e-10)
        table.add(lib, ver, f"{name}: crba (M)", name, _maxdiff(d["M"], M), _scale(M), 1e-10)
        table.add(lib, ver, f"{name}: g(q)", name, _maxdiff(d["g"], gq), _scale(gq), 1e-10)
        table.add(lib, ver, f"{name}: tip pose", name, _maxdiff(d["T"], T), 1.0, 1e-10)
    return table.rows(per_model)
