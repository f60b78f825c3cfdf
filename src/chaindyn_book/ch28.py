"""The computations behind chapter 2.8 (recursive Jacobians and link-velocity propagation).

Each function runs chaindyn's algorithms on the book's example chains and
returns plain numbers and arrays; the chapter's notebook glues them into the
prose and the scripts ``figsrc/fig_28_*.py`` draw them.  Nothing here is an
algorithm of its own: it calls the package and measures.

Seeds are fixed, so every result is reproducible; roundoff-level quantities
(1e-16 to 1e-11) still differ between machines and are reported against a
bound.  Run times (:func:`timings`) are measured when called and are never
written to ``data/``.
"""

from __future__ import annotations

import platform
import timeit
from functools import lru_cache

import numpy as np

from chaindyn import models
from chaindyn.chain import Chain
from chaindyn.classic import link_velocities
from chaindyn.inverse_dynamics import link_twists
from chaindyn.jacobian import (
    body_jacobian_dot,
    forward_kinematics_poe,
    geometric_jacobian_mdh,
    jdot_qd,
    point_acceleration,
    point_jacobian,
    space_jacobian_dot,
    space_jacobian_poe,
    swap_halves,
)
from chaindyn.kinematics import (
    body_jacobian,
    forward_kinematics,
    relative_poses,
    space_jacobian,
)
from chaindyn.opcount import count
from chaindyn.spatial import Ad

__all__ = [
    "SEED",
    "VERTICAL_2R_STATE",
    "VERTICAL_2R_TOOL",
    "TOOL_POINT_REPORTED",
    "vertical_2r",
    "tool_point_accelerations",
    "consistency_checks",
    "pinocchio_agreement",
    "multiplication_counts",
    "orthonormality_drift",
    "timings",
    "machine",
]

#: Seed of every random draw of the chapter.
SEED = 28
#: The state of the vertical-plane 2R arm at which §2.8 compares the classical and the
#: spatial acceleration of its tool point: q (rad), qd (rad/s), qdd (rad/s^2).
VERTICAL_2R_STATE = (np.array([0.3, 0.6]), np.array([1.0, -0.5]), np.zeros(2))
#: The tool point of the vertical-plane 2R arm, in link 2's frame, m.
VERTICAL_2R_TOOL = np.array([0.8, 0.0, 0.0])
#: The vertical-plane 2R arm in modified DH: rows (alpha_{i-1}, a_{i-1}, d_i, theta_i).
VERTICAL_2R_MDH = np.array([[0.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0]])
#: The tool point's velocity and accelerations at that state, from a bug report on
#: classical versus spatial acceleration, computed there independently of chaindyn.
TOOL_POINT_REPORTED = {
    "classical": np.array([-1.079658, -0.452186, 0.0]),
    "spatial": np.array([-0.477668, -0.147760, 0.0]),
    "omega": np.array([0.0, 0.0, 0.5]),
    "v": np.array([-0.608851, 1.203980, 0.0]),
}
#: Bounds of the consistency checks: roundoff, and central differences with h = 1e-6.
ROUNDOFF_BOUND = 1e-12
FD_STEP = 1e-6
FD_BOUND = 1e-7


def _rng(offset=0):
    return np.random.default_rng(SEED + offset)


def vertical_2r():
    """The vertical-plane 2R arm's kinematics (link lengths 1.0 and 0.8 m, both joints about z).

    The inertias reported with this arm are not physical (§3.2.11); the point
    accelerations need kinematics
    only, so the links carry the physical inertias of ``models.planar_2r``.
    """
    return models.planar_2r(masses=(2.0, 1.0), lengths=(1.0, 0.8), coms=(0.5, 0.4),
                            izz=(0.10, 0.05))


def tool_point_accelerations():
    """Classical versus spatial acceleration of the vertical-plane 2R arm's tool point.

    Returns
    -------
    dict
        ``omega``, ``v`` (tool velocity, {0}), ``classical``, ``spatial``
        (linear parts, m/s^2, {0} axes), ``omega_x_v``, ``jdot_qd_space``
        (the 6-vector ``dJ_s/dt qd`` at the origin of {0}), ``expected``
        (:data:`TOOL_POINT_REPORTED`) and ``max_error`` (largest deviation from it).
    """
    chain = vertical_2r()
    q, qd, qdd = VERTICAL_2R_STATE
    V = point_jacobian(chain, q, VERTICAL_2R_TOOL, "world") @ qd
    classical = point_acceleration(chain, q, qd, qdd, VERTICAL_2R_TOOL, "world", "classical")
    spatial = point_acceleration(chain, q, qd, qdd, VERTICAL_2R_TOOL, "world", "spatial")
    out = {
        "omega": V[:3],
        "v": V[3:],
        "classical": classical[3:],
        "spatial": spatial[3:],
        "omega_x_v": np.cross(V[:3], V[3:]),
        "jdot_qd_space": jdot_qd(chain, q, qd, "space"),
        "geometric_v_omega": geometric_jacobian_mdh(VERTICAL_2R_MDH, q, tool=VERTICAL_2R_TOOL) @ qd,
        "expected": TOOL_POINT_REPORTED,
    }
    out["max_error"] = max(float(np.abs(out[k] - v).max()) for k, v in TOOL_POINT_REPORTED.items())
    return out


def _chains():
    rng = _rng(1)
    out = [("arm6r", models.arm6r())]
    for n in range(2, 8):
        kinds = rng.random(n) < 0.4
        kinds[0], kinds[-1] = False, True  # both kinds in every random chain
        out.append((f"random{n}", models.random_chain(n, rng, prismatic=kinds)))
    return out


def _vee(X):
    return np.array([X[2, 1], X[0, 2], X[1, 0], X[0, 3], X[1, 3], X[2, 3]])


def _sub(chain, k):
    return Chain(chain.home[:k], chain.screws[:k], chain.inertias[:k])


@lru_cache(maxsize=1)
def consistency_checks(states=5):
    """The chapter's internal checks, each as the largest error over the test chains.

    The arm6r and six random chains (n = 2..7, revolute and prismatic joints),
    ``states`` random states each.

    Returns
    -------
    list of dict
        ``name`` (short key), ``max_error`` and ``bound``; roundoff checks
        have bound 1e-12, finite-difference checks 1e-7 (columns) and 1e-6
        (derivatives, computed from differences of Jacobians).  The row
        ``fd_columns`` also has ``scale``: the largest entry of the
        end-effector position over the states (m), the size of the pose
        entries whose rounding the central difference divides by 2h.
    """
    rng = _rng(2)
    err = {k: 0.0 for k in ("ad_body", "poe", "fk_poe", "mdh", "fd_columns", "velocities",
                            "jdot_fd", "classical_fd")}
    args = models.mdh_arguments(models.arm6r_table())
    h = FD_STEP
    scale = 0.0
    for name, chain in _chains():
        for _ in range(states):
            q = rng.uniform(-np.pi, np.pi, chain.n)
            qd, qdd = rng.uniform(-2, 2, (2, chain.n))
            T = forward_kinematics(chain, q)
            Js, Jb = space_jacobian(chain, q), body_jacobian(chain, q)
            err["ad_body"] = max(err["ad_body"], np.abs(Js - Ad(T[-1]) @ Jb).max())
            err["poe"] = max(err["poe"], np.abs(Js - space_jacobian_poe(chain, q)).max())
            err["fk_poe"] = max(err["fk_poe"],
                                np.abs(T[-1] - forward_kinematics_poe(chain, q)).max())
            if name == "arm6r":
                Jg = geometric_jacobian_mdh(args["mdh"], q, args["joint_types"])
                err["mdh"] = max(err["mdh"],
                                 np.abs(swap_halves(Jg) - point_jacobian(chain, q)).max())
            Tinv = np.linalg.inv(T[-1])
            scale = max(scale, np.abs(T[-1][:3, 3]).max())
            for i in range(chain.n):
                dq = np.zeros(chain.n)
                dq[i] = h
                dT = (forward_kinematics(chain, q + dq)[-1]
                      - forward_kinematics(chain, q - dq)[-1]) / (2 * h)
                err["fd_columns"] = max(err["fd_columns"],
                                        np.abs(Js[:, i] - _vee(dT @ Tinv)).max(),
                                        np.abs(Jb[:, i] - _vee(Tinv @ dT)).max())
            V = link_twists(chain, q, qd)
            omega, v, v_com = link_velocities(chain, q, qd)
            for k in range(1, chain.n + 1):
                sub = _sub(chain, k)
                Vk = body_jacobian(sub, q[:k]) @ qd[:k]
                Vc = point_jacobian(sub, q[:k], chain.coms[k - 1], "local") @ qd[:k]
                err["velocities"] = max(err["velocities"], np.abs(V[k - 1] - Vk).max(),
                                        np.abs(omega[k - 1] - Vk[:3]).max(),
                                        np.abs(v[k - 1] - Vk[3:]).max(),
                                        np.abs(v_com[k - 1] - Vc[3:]).max())
            for J, Jdot in ((space_jacobian, space_jacobian_dot),
                            (body_jacobian, body_jacobian_dot)):
                fd = (J(chain, q + h * qd) - J(chain, q - h * qd)) / (2 * h)
                err["jdot_fd"] = max(err["jdot_fd"], np.abs(Jdot(chain, q, qd) - fd).max())
            hp = 1e-5

            def vel(t, chain=chain, q=q, qd=qd, qdd=qdd):
                return point_jacobian(chain, q + qd * t + 0.5 * qdd * t * t) @ (qd + qdd * t)

            fd = (vel(hp) - vel(-hp)) / (2 * hp)
            err["classical_fd"] = max(err["classical_fd"],
                                      np.abs(point_acceleration(chain, q, qd, qdd) - fd).max())
    bounds = {"ad_body": ROUNDOFF_BOUND, "poe": ROUNDOFF_BOUND, "fk_poe": ROUNDOFF_BOUND,
              "mdh": ROUNDOFF_BOUND, "velocities": ROUNDOFF_BOUND, "fd_columns": FD_BOUND,
              "jdot_fd": 1e-6, "classical_fd": 1e-6}
    rows = [{"name": k, "max_error": float(v), "bound": bounds[k]} for k, v in err.items()]
    for row in rows:
        if row["name"] == "fd_columns":
            row["scale"] = float(scale)
    return rows


@lru_cache(maxsize=1)
def pinocchio_agreement(states=3):
    """Largest relative difference from Pinocchio, per quantity and reference frame.

    Chains as :func:`consistency_checks`; every link frame ``linkK`` for the
    Jacobians, the last link for Jacobian derivatives and accelerations.  The
    derivative in ``LOCAL_WORLD_ALIGNED`` is compared through its product with
    qd, which is the classical acceleration of the frame's origin at qdd = 0
    (quantity ``"Jdot qd"``).
    Relative to ``max(1, max |Pinocchio's value|)``.

    Returns
    -------
    list of dict
        ``quantity``, ``pinocchio`` (the function), ``frame`` (Pinocchio's
        reference frame), ``chaindyn`` (the function compared), ``max_rel``.
        Also ``version`` in every row.

    Raises
    ------
    ImportError
        If Pinocchio is not installed.
    """
    import pinocchio as pin

    from chaindyn.interop import to_pinocchio

    def rel(a, b):
        return float(np.abs(a - b).max() / max(1.0, np.abs(b).max()))

    def la(J):
        return swap_halves(np.asarray(J))

    rows = {}

    def put(key, value):
        rows[key] = max(rows.get(key, 0.0), value)

    rng = _rng(3)
    for _, chain in _chains():
        model = to_pinocchio(chain)
        data = model.createData()
        nfid = model.getFrameId(f"link{chain.n}")
        for _ in range(states):
            q = rng.uniform(-np.pi, np.pi, chain.n)
            qd, qdd = rng.uniform(-2, 2, (2, chain.n))
            pin.computeJointJacobians(model, data, q)
            pin.updateFramePlacements(model, data)
            for k in range(1, chain.n + 1):
                fid = model.getFrameId(f"link{k}")
                sub, pad = _sub(chain, k), np.zeros((6, chain.n - k))
                for rf, fname, J in (
                    ("LOCAL", "body_jacobian", body_jacobian(sub, q[:k])),
                    ("WORLD", "space_jacobian", space_jacobian(sub, q[:k])),
                    ("LOCAL_WORLD_ALIGNED", "point_jacobian",
                     point_jacobian(sub, q[:k], frame="world")),
                ):
                    ref = la(pin.getFrameJacobian(model, data, fid, getattr(pin, rf)))
                    put(("J", "computeJointJacobians + getFrameJacobian", rf, fname),
                        rel(np.hstack([J, pad]), ref))
            pin.computeJointJacobiansTimeVariation(model, data, q, qd)
            for rf, fname, Jd in (("LOCAL", "body_jacobian_dot", body_jacobian_dot(chain, q, qd)),
                                  ("WORLD", "space_jacobian_dot",
                                   space_jacobian_dot(chain, q, qd))):
                ref = la(pin.getFrameJacobianTimeVariation(model, data, nfid, getattr(pin, rf)))
                put(("Jdot", "getFrameJacobianTimeVariation", rf, fname), rel(Jd, ref))
            # The point Jacobian's derivative times qd is the classical acceleration at qdd = 0.
            ref = la(pin.getFrameJacobianTimeVariation(model, data, nfid,
                                                       pin.LOCAL_WORLD_ALIGNED)) @ qd
            put(("Jdot qd", "getFrameJacobianTimeVariation", "LOCAL_WORLD_ALIGNED",
                 "point_acceleration"),
                rel(point_acceleration(chain, q, qd, np.zeros(chain.n), None, "world",
                                       "classical"), ref))
            pin.forwardKinematics(model, data, q, qd, qdd)
            pin.updateFramePlacements(model, data)
            for rf, frame in (("LOCAL", "local"), ("LOCAL_WORLD_ALIGNED", "world")):
                for kind, pfun in (("classical", pin.getFrameClassicalAcceleration),
                                   ("spatial", pin.getFrameAcceleration)):
                    a = pfun(model, data, nfid, getattr(pin, rf))
                    ours = point_acceleration(chain, q, qd, qdd, None, frame, kind)
                    put((f"a ({kind})", pfun.__name__, rf, "point_acceleration"),
                        rel(ours, np.r_[a.angular, a.linear]))
    return [{"quantity": k[0], "pinocchio": k[1], "frame": k[2], "chaindyn": k[3],
             "max_rel": v, "version": pin.__version__} for k, v in rows.items()]


@lru_cache(maxsize=4)
def multiplication_counts(ns=(1, 2, 4, 8, 16, 32, 64)):
    """Multiplications (rule "products") of one call, for all-revolute random chains of n links.

    Returns
    -------
    dict
        ``n`` and, per function name, a list of counts; plus ``prismatic``: the
        same for all-prismatic chains (dict of lists).
    """
    rng = _rng(4)
    names = ["forward_kinematics", "space_jacobian", "space_jacobian_poe", "body_jacobian",
             "geometric_jacobian_mdh", "link_velocities", "link_twists", "space_jacobian_dot",
             "body_jacobian_dot"]
    funcs = {"forward_kinematics": forward_kinematics, "space_jacobian": space_jacobian,
             "space_jacobian_poe": space_jacobian_poe, "body_jacobian": body_jacobian,
             "link_velocities": link_velocities, "link_twists": link_twists,
             "space_jacobian_dot": space_jacobian_dot, "body_jacobian_dot": body_jacobian_dot}
    two_args = {"link_velocities", "link_twists", "space_jacobian_dot", "body_jacobian_dot"}
    out = {"n": list(ns), **{k: [] for k in names}, "prismatic": {k: [] for k in names}}
    for n in ns:
        for kind, target in ((0.0, out), (1.0, out["prismatic"])):
            chain = models.random_chain(n, rng, prismatic=kind)
            q = rng.standard_normal(n)
            for k in names:
                if k == "geometric_jacobian_mdh":
                    types = ["P" if kind else "R"] * n
                    rows = models.random_mdh_rows(n, rng)
                    target[k].append(count(geometric_jacobian_mdh, rows, q, types))
                elif k in two_args:
                    target[k].append(count(funcs[k], chain, q, q))
                else:
                    target[k].append(count(funcs[k], chain, q))
    return out


def _orth_error(R):
    Rt = np.swapaxes(R, -1, -2)
    return np.abs(Rt @ R - np.eye(3, dtype=R.dtype)).max(axis=(-2, -1))


def _polar(R):
    U, _, Vt = np.linalg.svd(R)
    return U @ Vt


@lru_cache(maxsize=2)
def orthonormality_drift(n=2000, chains=4, prismatic=0.2):
    """Drift of the accumulated rotations R_{0,i} from orthonormality along long chains.

    ``chains`` random chains of ``n`` links at random q.  For every link index
    i the largest ``max |R_{0,i}^T R_{0,i} - I|`` over the chains: for
    chaindyn's :func:`forward_kinematics` (float64), and for the same relative
    rotations accumulated in float32 without and with re-orthonormalisation
    (polar factor by SVD after every product).  Also the position error of
    float64's ``p_{0,i}`` against the same product in extended precision
    (``np.longdouble``), when the machine has it.

    Returns
    -------
    dict
        ``i`` (1..n), ``float64``, ``float32``, ``float32_reorth`` (arrays of
        length n, dimensionless), ``position_error`` (m, or None),
        ``reach`` (largest ``|p_{0,i}|`` over the chains, m), ``relative``
        (largest drift of one relative rotation R_{i-1,i}, over all links and
        chains, float64), ``eps64`` and
        ``eps32`` (machine epsilons), ``n``, ``chains``.
    """
    rng = _rng(5)
    f64 = np.zeros(n)
    f32 = np.zeros(n)
    f32r = np.zeros(n)
    has_ld = np.finfo(np.longdouble).eps < np.finfo(np.float64).eps
    perr = np.zeros(n)
    reach = np.zeros(n)
    relative = 0.0
    for _ in range(chains):
        chain = models.random_chain(n, rng, prismatic=prismatic)
        q = rng.uniform(-np.pi, np.pi, n)
        T = forward_kinematics(chain, q)
        f64 = np.maximum(f64, _orth_error(T[:, :3, :3]))
        reach = np.maximum(reach, np.linalg.norm(T[:, :3, 3], axis=-1))
        rel = [(T_rel[:3, :3], T_rel[:3, 3]) for T_rel in relative_poses(chain, q)]
        relative = max(relative, max(float(_orth_error(Rr)) for Rr, _ in rel))
        R32 = np.eye(3, dtype=np.float32)
        R32r = np.eye(3, dtype=np.float32)
        Rld, pld = np.eye(3, dtype=np.longdouble), np.zeros(3, dtype=np.longdouble)
        for i, (Rr, pr) in enumerate(rel):
            Rr32 = Rr.astype(np.float32)
            R32 = R32 @ Rr32
            R32r = _polar(R32r @ Rr32)
            f32[i] = max(f32[i], float(_orth_error(R32)))
            f32r[i] = max(f32r[i], float(_orth_error(R32r)))
            if has_ld:
                pld = Rld @ pr.astype(np.longdouble) + pld
                Rld = Rld @ Rr.astype(np.longdouble)
                perr[i] = max(perr[i], float(np.abs(T[i, :3, 3] - pld).max()))
    return {"i": np.arange(1, n + 1), "float64": f64, "float32": f32, "float32_reorth": f32r,
            "position_error": perr if has_ld else None, "reach": reach, "relative": relative,
            "eps64": float(np.finfo(np.float64).eps), "eps32": float(np.finfo(np.float32).eps),
            "n": n, "chains": chains}


def machine():
    """A one-line description of the machine and the library versions (for timings)."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return (f"{cpu}, {platform.machine()}, Python {platform.python_version()}, "
            f"numpy {np.__version__}")


def timings(number=2000, repeat=7, batch=1000):
    """Wall-clock time of one call on the 6R arm, microseconds (best of ``repeat``).

    Measured when called; not deterministic, never written to ``data/``.

    Returns
    -------
    dict
        Keys ``body_jacobian``, ``space_jacobian``, ``geometric_jacobian_mdh``,
        ``link_velocities``, ``space_jacobian_dot``, ``body_jacobian_batch``
        (one call on ``batch`` states, time per state), and, when Pinocchio is
        installed, ``pin_computeJointJacobians`` (all joint Jacobians) and
        ``pin_getFrameJacobian`` (computeJointJacobians followed by
        getFrameJacobian of the last link, LOCAL); values in microseconds per
        call.  ``batch`` (the number of states of the batched call), ``machine``
        and ``pinocchio`` (version or None) describe the run.
    """
    arm = models.arm6r()
    args = models.mdh_arguments(models.arm6r_table())
    q = models.ARM6R_GOAL.copy()
    qd = np.full(6, 0.5)
    q_batch = q + np.random.default_rng(SEED).uniform(-0.5, 0.5, (batch, 6))
    calls = {
        "body_jacobian": lambda: body_jacobian(arm, q),
        "space_jacobian": lambda: space_jacobian(arm, q),
        "geometric_jacobian_mdh": lambda: geometric_jacobian_mdh(args["mdh"], q,
                                                                 args["joint_types"]),
        "link_velocities": lambda: link_velocities(arm, q, qd),
        "space_jacobian_dot": lambda: space_jacobian_dot(arm, q, qd),
        "body_jacobian_batch": lambda: body_jacobian(arm, q_batch),
    }
    version = None
    try:
        import pinocchio as pin

        from chaindyn.interop import to_pinocchio

        model = to_pinocchio(arm)
        data = model.createData()
        fid = model.getFrameId("link6")
        version = pin.__version__

        def pin_frame():
            pin.computeJointJacobians(model, data, q)
            pin.updateFramePlacements(model, data)
            return pin.getFrameJacobian(model, data, fid, pin.LOCAL)

        calls["pin_computeJointJacobians"] = lambda: pin.computeJointJacobians(model, data, q)
        calls["pin_getFrameJacobian"] = pin_frame
    except ImportError:
        pass
    out = {}
    for name, f in calls.items():
        k = max(1, number // 10) if not name.startswith("pin") else number * 10
        per = 1
        if name == "body_jacobian_batch":
            k, per = max(1, number // 400), batch
        best = min(timeit.repeat(f, number=k, repeat=repeat)) / (k * per)
        out[name] = best * 1e6
    out["batch"] = batch
    out["machine"] = machine()
    out["pinocchio"] = version
    return out
