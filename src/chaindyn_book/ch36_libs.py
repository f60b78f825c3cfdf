"""Chapter 3.6.7-3.6.9 (the libraries side by side, code generation): what the
installed libraries offer, how accurate they are against a 50-digit reference,
and the rows of appendix C for the specification's remarks on libraries.

* :func:`features` asks the installed Pinocchio, MuJoCo, Robotics Toolbox,
  modern_robotics and chaindyn what they offer: by looking a function up
  (``hasattr``), by calling it on a small model (a tree with a free-floating
  base, a ball on a plane), or by counting how many times a routine calls the
  library's own inverse dynamics.  Each cell carries the probe that decided it.
* :func:`reference_dynamics` computes the 6R arm's torques, mass matrix and
  forward-dynamics accelerations in 50-digit arithmetic (mpmath), taking the
  chain's float64 data as exact; :func:`accuracy` compares every library with
  it.
* :func:`speed_rows` reads appendix B's committed benchmark (one run on one
  machine) into per-call and per-sample ratios; :func:`codegen_rows` does the
  same for the generated code of appendix B and chapter 3.3.
* :func:`reproduction_rows` gives the rows of appendix C.6.

The libraries are imported inside the functions.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import importlib.util
import inspect
import re

import numpy as np

from chaindyn import aba, crba, interop, models, rnea
from chaindyn.chain import Chain

from .crosscheck import FORWARD_BOUND, GRAVITY, TORQUE_BOUND

__all__ = [
    "LIBRARIES",
    "DPS",
    "SEED",
    "STATES",
    "features",
    "arm",
    "states",
    "reference_dynamics",
    "accuracy",
    "speed_rows",
    "codegen_rows",
    "pinocchio_sign_check",
    "mr_tip_frame_check",
    "reproduction_rows",
]

#: The libraries of §3.6.7 in the order of the tables: (name, distribution).
LIBRARIES = (("Pinocchio", "pin"), ("MuJoCo", "mujoco"),
             ("Robotics Toolbox", "roboticstoolbox-python"),
             ("modern_robotics", "modern_robotics"), ("chaindyn", "chaindyn"))
#: Decimal digits of the reference arithmetic.
DPS = 50
#: Seed and number of the random states of the accuracy comparison.
SEED = 36
STATES = 4


# ----------------------------------------------------------------------------- features


def _yes(how):
    return ("예", how)


def _no(how):
    return ("아니오", how)


def _names(*objects):
    out = set()
    for obj in objects:
        out |= {n.lower() for n in dir(obj)}
    return out


def _count_calls(owner, attr, fn):
    """Run ``fn()`` with ``owner.attr`` wrapped by a counter; the number of calls."""
    original = getattr(owner, attr)
    calls = [0]

    def counted(*args, **kwargs):
        calls[0] += 1
        return original(*args, **kwargs)

    setattr(owner, attr, counted)
    try:
        fn()
    finally:
        setattr(owner, attr, original)
    return calls[0]


def _pinocchio_tree():
    """A free-floating base with two one-joint branches; pin.rnea on it."""
    import pinocchio as pin

    model = pin.Model()
    base = model.addJoint(0, pin.JointModelFreeFlyer(), pin.SE3.Identity(), "base")
    model.appendBodyToJoint(base, pin.Inertia.FromBox(2.0, 0.3, 0.2, 0.1), pin.SE3.Identity())
    for k, y in enumerate((0.2, -0.2)):
        place = pin.SE3(np.eye(3), np.array([0.0, y, 0.0]))
        j = model.addJoint(base, pin.JointModelRY(), place, f"leg{k}")
        model.appendBodyToJoint(j, pin.Inertia.FromBox(0.5, 0.05, 0.05, 0.3), pin.SE3.Identity())
    data = model.createData()
    q = pin.neutral(model)
    tau = pin.rnea(model, data, q, np.zeros(model.nv), np.zeros(model.nv))
    return model.nq, model.nv, [int(p) for p in model.parents], tau


_MJ_LEG = ('<body pos="0 {y} 0"><joint type="hinge" axis="0 1 0"/>'
           '<geom type="capsule" fromto="0 0 0 0 0 -.3" size=".03" mass=".5"/></body>')
_MJ_TREE = ('<mujoco><worldbody><body name="base"><freejoint/>'
            '<geom type="box" size=".15 .1 .05" mass="2"/>'
            + _MJ_LEG.format(y=".2") + _MJ_LEG.format(y="-.2") + "</body></worldbody></mujoco>")

_MJ_CONTACT = """<mujoco><worldbody><geom type="plane" size="1 1 .1"/>
<body pos="0 0 .099"><freejoint/><geom type="sphere" size=".1" mass="1"/></body>
</worldbody></mujoco>"""


def _mujoco_tree():
    import mujoco

    m = mujoco.MjModel.from_xml_string(_MJ_TREE)
    d = mujoco.MjData(m)
    mujoco.mj_inverse(m, d)
    return m.nq, m.nv, [int(p) for p in m.body_parentid]


def _mujoco_contacts():
    import mujoco

    m = mujoco.MjModel.from_xml_string(_MJ_CONTACT)
    d = mujoco.MjData(m)
    mujoco.mj_forward(m, d)
    return int(d.ncon)


def _pinocchio_column(pin, minimal):
    gen = []
    for sub in ("casadi", "cppadcg"):
        try:
            importlib.import_module(f"pinocchio.{sub}")
            gen.append(sub)
        except ImportError:
            pass
    col = {
        "rnea": _yes("`rnea`"),
        "mass": _yes("CRBA, `crba`"),
        "forward": _yes("ABA, `aba`"),
        "minv": _yes("`computeMinverse`") if hasattr(pin, "computeMinverse") else _no("-"),
        "derivatives": _yes("해석적, `computeRNEADerivatives`, `computeABADerivatives`")
        if hasattr(pin, "computeRNEADerivatives") and hasattr(pin, "computeABADerivatives")
        else _no("-"),
        "regressor": _yes("`computeJointTorqueRegressor`")
        if hasattr(pin, "computeJointTorqueRegressor") else _no("-"),
        "contacts": _yes("`constraintDynamics`") if hasattr(pin, "constraintDynamics")
        else _no("-"),
        "codegen": _yes("설치본: " + ", ".join(f"`pinocchio.{g}`" for g in gen)) if gen else
        ("설치본에 없음",
         "`pinocchio.casadi`, `pinocchio.cppadcg`를 가져올 수 없다(소스에는 있다)"),
        "batch": _yes("스레드, `rneaInParallel`") if hasattr(pin, "rneaInParallel")
        else _no("한 상태씩"),
    }
    if minimal:
        return col
    nq, nv, parents, tau = _pinocchio_tree()
    branched = len(parents) != len(set(parents))
    col["tree"] = _yes(f"`JointModelFreeFlyer`와 두 가지: nq = {nq}, nv = {nv}") \
        if branched and nq == nv + 1 and np.all(np.isfinite(tau)) else _no("-")
    return col


def _mujoco_column(mujoco, minimal):
    col = {
        "rnea": _yes("`mj_inverse`, `mj_rne`"),
        "mass": _yes("CRB, `mj_crb`, `mj_fullM`") if hasattr(mujoco, "mj_crb") else _no("-"),
        "forward": ("M의 희소 분해", "`mj_factorM`(LᵀDL), `mj_solveM`; ABA 함수는 없다")
        if hasattr(mujoco, "mj_factorM")
        and not any(re.search(r"(^|_)aba($|_)", n) for n in _names(mujoco))
        else _yes("-"),
        "minv": ("M⁻¹y만", "`mj_solveM`") if hasattr(mujoco, "mj_solveM") else _no("-"),
        "derivatives": ("유한 차분", "`mjd_inverseFD`, `mjd_transitionFD`")
        if hasattr(mujoco, "mjd_inverseFD") else _no("-"),
        "regressor": _no("API 이름에 regressor가 없다")
        if not any("regress" in n for n in _names(mujoco)) else _yes("-"),
        "codegen": ("별도 패키지 MJX", "`mujoco.mjx`를 가져올 수 없다(`mujoco-mjx`)")
        if importlib.util.find_spec("mujoco.mjx") is None else _yes("`mujoco.mjx`"),
        "batch": ("시뮬레이션만", "`mujoco.rollout`; `mj_inverse`는 한 상태씩")
        if importlib.util.find_spec("mujoco.rollout") is not None else _no("한 상태씩"),
    }
    if minimal:
        return col
    nq, nv, parents = _mujoco_tree()
    col["tree"] = _yes(f"`freejoint`와 두 가지: nq = {nq}, nv = {nv}") \
        if nq == nv + 1 and parents.count(1) == 2 else _no("-")
    ncon = _mujoco_contacts()
    col["contacts"] = _yes(f"평면 위의 공: 접촉 {ncon}개") if ncon > 0 else _no("-")
    return col


def _rtb_column(minimal):
    import roboticstoolbox as rtb

    robot = interop.to_rtb(**models.mdh_arguments(models.arm6r_table()), gravity=GRAVITY)
    q = np.full(robot.n, 0.3)
    names = _names(rtb, robot)
    n_inertia = _count_calls(robot, "rne", lambda: robot.inertia(q))
    qs = np.zeros((3, robot.n))
    batch_shape = np.shape(robot.rne(qs, qs, qs, gravity=GRAVITY))
    col = {
        "rnea": _yes("`rne`"),
        "mass": ("RNEA 열", f"`inertia`가 `rne`를 {n_inertia}번(열 {robot.n}개를 한 번에) 부른다"),
        "forward": ("M 풀이", "`accel`: M과 바이어스를 RNEA로 만들고 푼다"),
        "minv": _no("M⁻¹ 함수가 없다"),
        "derivatives": _no("API 이름에 deriv가 없다") if not any("deriv" in n for n in names)
        else _yes("-"),
        "regressor": _no("API 이름에 regress가 없다") if not any("regress" in n for n in names)
        else _yes("-"),
        "tree": ("확인하지 않음", "`DHRobot`은 직렬 사슬"),
        "contacts": _no("API 이름에 contact가 없다") if not any("contact" in n for n in names)
        else _yes("-"),
        "codegen": _no("API 이름에 codegen, casadi가 없다")
        if not any(w in n for n in names for w in ("codegen", "casadi")) else _yes("-"),
        "batch": _yes(f"`rne`가 궤적 {batch_shape[0]}점을 한 번에") if batch_shape == (3, robot.n)
        else _no("한 상태씩"),
    }
    return col


def _mr_column(minimal):
    import modern_robotics as mr
    import modern_robotics.core as core

    chain = arm()
    Mlist, Glist, Slist = interop.to_modern_robotics(chain)
    q = np.full(chain.n, 0.3)
    z = np.zeros(chain.n)
    n_mass = _count_calls(core, "InverseDynamics", lambda: mr.MassMatrix(q, Mlist, Glist, Slist))
    n_fwd = _count_calls(core, "InverseDynamics", lambda: mr.ForwardDynamics(
        q, z, z, GRAVITY, np.zeros(6), Mlist, Glist, Slist))
    src = inspect.getsource(mr.InverseDynamicsTrajectory)
    names = _names(mr)
    return {
        "rnea": _yes("`InverseDynamics`"),
        "mass": ("RNEA 열", f"`MassMatrix`가 `InverseDynamics`를 {n_mass}번 부른다"),
        "forward": ("M 풀이", f"`ForwardDynamics`가 `InverseDynamics`를 {n_fwd}번 부르고 푼다"),
        "minv": _no("M⁻¹ 함수가 없다"),
        "derivatives": _no("API 이름에 deriv가 없다") if not any("deriv" in n for n in names)
        else _yes("-"),
        "regressor": _no("API 이름에 regress가 없다") if not any("regress" in n for n in names)
        else _yes("-"),
        "tree": _no("입력이 링크 순서의 목록(`Mlist`, `Slist`)"),
        "contacts": _no("API 이름에 contact가 없다") if not any("contact" in n for n in names)
        else _yes("-"),
        "codegen": _no("API 이름에 codegen이 없다") if "codegen" not in names else _yes("-"),
        "batch": ("파이썬 반복", "`InverseDynamicsTrajectory`가 상태마다 부른다")
        if "for i in range" in src else _yes("-"),
    }


def _chaindyn_column(minimal):
    import chaindyn

    aba_mod = importlib.import_module("chaindyn.articulated")
    regressor = importlib.import_module("chaindyn.regressors")
    structured = importlib.import_module("chaindyn.structured")
    symbolic = importlib.import_module("chaindyn.symbolic")

    chain = arm()
    qs = np.zeros((3, chain.n))
    shape = np.shape(rnea(chain, qs, qs, qs))
    return {
        "rnea": _yes("`rnea`"),
        "mass": _yes("CRBA, `crba`"),
        "forward": _yes("ABA, `aba`"),
        "minv": _yes("`inverse_mass_matrix`") if hasattr(aba_mod, "inverse_mass_matrix")
        else _no("-"),
        "derivatives": _yes("해석적, `rnea_derivatives`, `aba_derivatives`")
        if hasattr(chaindyn, "rnea_derivatives") and hasattr(chaindyn, "aba_derivatives")
        else _no("-"),
        "regressor": _yes("`regressor`") if hasattr(regressor, "regressor") else _no("-"),
        "tree": _no("`Chain`은 직렬 사슬, 기저 고정"),
        "contacts": _no("말단 렌치 `f_tip`만"),
        "codegen": _yes("파이썬 코드: `engine.compiled`, `symbolic.torque_function`")
        if hasattr(structured, "compiled") and hasattr(symbolic, "torque_function")
        else _no("-"),
        "batch": _yes(f"`rnea`가 {shape[0]}개 상태를 한 번에(numpy)") if shape == (3, chain.n)
        else _no("-"),
    }


#: The rows of the features table: (key, Korean label).
FEATURES = (("rnea", "역동역학(RNEA)"), ("mass", "질량 행렬 M"), ("forward", "순동역학"),
            ("minv", "M⁻¹"), ("derivatives", "동역학의 도함수"), ("regressor", "회귀 행렬"),
            ("tree", "나무 구조와 부유 기저"), ("contacts", "접촉"),
            ("codegen", "코드 생성"), ("batch", "여러 상태를 한 번에"))


def features(minimal=False):
    """What each installed library offers, decided by probing it.

    Parameters
    ----------
    minimal : bool
        True skips the probes that build small models (trees, contacts, the
        call counts of RTB and modern_robotics are kept).

    Returns
    -------
    list of dict
        One row per feature of :data:`FEATURES`: ``key``, ``feature`` (the
        Korean label) and for each library name of :data:`LIBRARIES` a pair
        ``(verdict, how)``: the verdict (``"예"``, ``"아니오"`` or a short
        qualified answer) and the probe or function that decided it.

    Examples
    --------
    >>> rows = features()
    >>> [r["key"] for r in rows][:3]
    ['rnea', 'mass', 'forward']
    >>> rows[0]["chaindyn"]
    ('예', '`rnea`')
    """
    import mujoco
    import pinocchio as pin

    cols = {"Pinocchio": _pinocchio_column(pin, minimal), "MuJoCo": _mujoco_column(mujoco, minimal),
            "Robotics Toolbox": _rtb_column(minimal), "modern_robotics": _mr_column(minimal),
            "chaindyn": _chaindyn_column(minimal)}
    rows = []
    for key, label in FEATURES:
        row = {"key": key, "feature": label}
        for name, _ in LIBRARIES:
            row[name] = cols[name].get(key, ("확인하지 않음", "-"))
        rows.append(row)
    return rows


def versions():
    """The installed version of every library of :data:`LIBRARIES` (name -> str)."""
    return {name: importlib.metadata.version(dist) for name, dist in LIBRARIES}


# ----------------------------------------------------------------------------- reference


def arm():
    """The book's 6R arm, built from its MDH table (as the cross-check of §3.2.5.8)."""
    return Chain.from_mdh(**models.mdh_arguments(models.arm6r_table()))


def states(count=STATES, seed=SEED):
    """Random states of the 6R arm: q in [-pi, pi], qd in [-2, 2], qdd in [-5, 5].

    Returns
    -------
    tuple of ndarray, each shape (count, 6)
        ``q`` (rad), ``qd`` (rad/s), ``qdd`` (rad/s^2).
    """
    rng = np.random.default_rng(seed)
    return (rng.uniform(-np.pi, np.pi, (count, 6)), rng.uniform(-2.0, 2.0, (count, 6)),
            rng.uniform(-5.0, 5.0, (count, 6)))


def _mp_vec(x):
    import mpmath as mp

    return np.array([mp.mpf(float(v)) for v in np.ravel(x)], dtype=object).reshape(np.shape(x))


def _mp_skew(w):
    z = w[0] * 0
    return np.array([[z, -w[2], w[1]], [w[2], z, -w[0]], [-w[1], w[0], z]], dtype=object)


def _mp_exp(S, theta):
    """exp([S] theta) as (R, p), exact for any |omega| (the data taken as given)."""
    import mpmath as mp

    w, v = S[:3], S[3:]
    eye = np.array([[mp.mpf(1 if r == c else 0) for c in range(3)] for r in range(3)],
                   dtype=object)
    norm = mp.sqrt(w.dot(w))
    if norm == 0:
        return eye, v * theta
    W = _mp_skew(w / norm)
    t = theta * norm
    W2 = W.dot(W)
    R = eye + W * mp.sin(t) + W2 * (1 - mp.cos(t))
    p = (eye * t + W * (1 - mp.cos(t)) + W2 * (t - mp.sin(t))).dot(v / norm)
    return R, p


def _mp_ad_T(R, p):
    """Ad_T for T = (R, p), 6x6 (omega, v)."""
    A = np.empty((6, 6), dtype=object)
    A[:, :] = R[0, 0] * 0
    A[:3, :3] = R
    A[3:, 3:] = R
    A[3:, :3] = _mp_skew(p).dot(R)
    return A


def _mp_ad(V):
    """ad_V, 6x6."""
    A = np.empty((6, 6), dtype=object)
    A[:, :] = V[0] * 0
    A[:3, :3] = _mp_skew(V[:3])
    A[3:, 3:] = _mp_skew(V[:3])
    A[3:, :3] = _mp_skew(V[3:])
    return A


def _mp_frames(chain, q):
    """Ad_{T_{i,i-1}(q_i)} for every link, T = exp(-[A_i] q_i) M_{i,i-1}."""
    import mpmath as mp

    out = []
    for i in range(chain.n):
        S = _mp_vec(chain.screws[i])
        H = _mp_vec(chain.home[i])
        R, p = _mp_exp(S, -mp.mpf(float(q[i])))
        out.append(_mp_ad_T(R.dot(H[:3, :3]), R.dot(H[:3, 3]) + p))
    return out


def _mp_rnea(chain, X, qd, qdd, base_acc):
    """The RNEA of §3.2.3 in the arithmetic of its inputs (mpf object arrays)."""
    n = chain.n
    S = [_mp_vec(chain.screws[i]) for i in range(n)]
    G = [_mp_vec(chain.inertias[i]) for i in range(n)]
    V = base_acc * 0
    Vd = base_acc
    Vs, Vds = [], []
    for i in range(n):
        V_new = X[i].dot(V) + S[i] * qd[i]
        Vd = X[i].dot(Vd) + _mp_ad(V_new).dot(S[i]) * qd[i] + S[i] * qdd[i]
        V = V_new
        Vs.append(V)
        Vds.append(Vd)
    tau = [None] * n
    F = base_acc * 0
    for i in reversed(range(n)):
        if i < n - 1:
            F = X[i + 1].T.dot(F)
        F = F + G[i].dot(Vds[i]) - _mp_ad(Vs[i]).T.dot(G[i].dot(Vs[i]))
        tau[i] = F.dot(S[i])
    return np.array(tau, dtype=object)


def reference_dynamics(chain, q, qd, qdd, gravity=GRAVITY, dps=DPS):
    """Torques, mass matrix and forward dynamics in ``dps``-digit arithmetic.

    The chain's float64 data and the state are taken as exact; the RNEA of
    §3.2.3 (eq. 3.2-1 for the link poses, by the closed-form exponential) runs
    in mpmath.  M is built column by column (``qd = 0``, no gravity, unit
    ``qdd``), and the forward dynamics solves ``M x = tau64 - h`` by LU in the
    same arithmetic, where ``tau64 = chaindyn.rnea(chain, q, qd, qdd)`` in
    float64 is the torque the libraries are given.

    Parameters
    ----------
    chain : Chain
    q, qd, qdd : array_like, shape (n,)
        One state (rad, rad/s, rad/s^2 or m, m/s, m/s^2).
    gravity : array_like, shape (3,)
        Gravity in {0}, m/s^2.
    dps : int
        Decimal digits (default :data:`DPS`).

    Returns
    -------
    dict
        ``tau`` (n,) N m, ``M`` (n, n), ``tau64`` (n,) the float64 torque
        handed to forward dynamics, ``qdd`` (n,) the accelerations solving
        ``M qdd = tau64 - h``; all rounded to float64.

    Examples
    --------
    >>> ch = models.planar_2r()
    >>> ref = reference_dynamics(ch, [0.3, -0.2], [1.0, 0.5], [0.1, 0.2],
    ...                          gravity=[0.0, -9.81, 0.0], dps=30)
    >>> bool(np.allclose(ref["tau"], rnea(ch, [0.3, -0.2], [1.0, 0.5], [0.1, 0.2],
    ...                                     gravity=[0.0, -9.81, 0.0]), rtol=1e-12))
    True
    """
    import mpmath as mp

    n = chain.n
    with mp.workdps(dps):
        X = _mp_frames(chain, np.asarray(q, dtype=float))
        zero = _mp_vec(np.zeros(n))
        g = _mp_vec(np.asarray(gravity, dtype=float))
        base = np.array([mp.mpf(0)] * 3 + [-x for x in g], dtype=object)
        still = base * 0
        tau = _mp_rnea(chain, X, _mp_vec(qd), _mp_vec(qdd), base)
        M = np.empty((n, n), dtype=object)
        for j in range(n):
            e = _mp_vec(np.eye(n)[j])
            M[:, j] = _mp_rnea(chain, X, zero, e, still)
        h = _mp_rnea(chain, X, _mp_vec(qd), zero, base)
        tau64 = rnea(chain, q, qd, qdd, gravity)
        rhs = mp.matrix(list(_mp_vec(tau64) - h))
        x = mp.lu_solve(mp.matrix(M.tolist()), rhs)
        return {"tau": np.array([float(t) for t in tau]),
                "M": np.array([[float(m) for m in row] for row in M]),
                "tau64": tau64, "qdd": np.array([float(x[k]) for k in range(n)])}


def _library_values(chain, q, qd, qdd, tau64, gravity):
    """Each library's (tau, M, qdd) at one state, through chaindyn.interop."""
    import modern_robotics as mr
    import mujoco
    import pinocchio as pin

    out = {}
    model = interop.to_pinocchio(chain, gravity)
    data = model.createData()
    M = pin.crba(model, data, q)
    out["Pinocchio"] = (pin.rnea(model, data, q, qd, qdd), np.triu(M) + np.triu(M, 1).T,
                        pin.aba(model, data, q, qd, tau64))
    mj = mujoco.MjModel.from_xml_string(interop.to_mujoco(chain, gravity))
    d = mujoco.MjData(mj)
    d.qpos[:], d.qvel[:], d.qacc[:] = q, qd, qdd
    mujoco.mj_inverse(mj, d)
    t_mj = np.array(d.qfrc_inverse)
    Mm = np.zeros((chain.n, chain.n))
    mujoco.mj_fullM(mj, d, Mm)
    d.qfrc_applied[:] = tau64
    mujoco.mj_forward(mj, d)
    out["MuJoCo"] = (t_mj, Mm, np.array(d.qacc))
    robot = interop.to_rtb(**models.mdh_arguments(models.arm6r_table()), gravity=gravity)
    out["Robotics Toolbox"] = (robot.rne(q, qd, qdd, gravity=gravity), robot.inertia(q),
                               robot.accel(q, qd, tau64, gravity=gravity))
    Ml, Gl, Sl = interop.to_modern_robotics(chain)
    f0 = np.zeros(6)
    out["modern_robotics"] = (mr.InverseDynamics(q, qd, qdd, gravity, f0, Ml, Gl, Sl),
                              mr.MassMatrix(q, Ml, Gl, Sl),
                              mr.ForwardDynamics(q, qd, tau64, gravity, f0, Ml, Gl, Sl))
    out["chaindyn"] = (rnea(chain, q, qd, qdd, gravity), crba(chain, q),
                       aba(chain, q, qd, tau64, gravity))
    return out


#: Bounds of the accuracy table, relative to the largest magnitude of the reference.
BOUNDS = {"tau": TORQUE_BOUND, "M": TORQUE_BOUND, "qdd": FORWARD_BOUND}


def accuracy(count=STATES, seed=SEED, gravity=GRAVITY, dps=DPS, chain=None):
    """Each library against the high-precision reference on the 6R arm.

    The arm must be the 6R arm (the Robotics Toolbox is built from its MDH
    table); ``chain`` may be a copy of it with perturbed data.

    Returns
    -------
    list of dict
        One row per library and quantity (``"tau"``: inverse dynamics,
        ``"M"``: mass matrix, ``"qdd"``: forward dynamics): ``library``,
        ``quantity``, ``rel_err`` (the largest error over the states divided
        by the largest magnitude of the reference), ``ulps`` (``rel_err``
        in units of float64's machine epsilon), ``bound`` (:data:`BOUNDS`) and
        ``holds``.
    """
    chain = arm() if chain is None else chain
    q, qd, qdd = states(count, seed)
    err = {}
    scale = {"tau": 0.0, "M": 0.0, "qdd": 0.0}
    for s in range(count):
        ref = reference_dynamics(chain, q[s], qd[s], qdd[s], gravity, dps)
        for key in scale:
            scale[key] = max(scale[key], float(np.abs(ref[key]).max()))
        for lib, vals in _library_values(chain, q[s], qd[s], qdd[s], ref["tau64"],
                                         gravity).items():
            for key, val in zip(("tau", "M", "qdd"), vals):
                e = float(np.abs(np.asarray(val) - ref[key]).max())
                err[lib, key] = max(err.get((lib, key), 0.0), e)
    eps = float(np.finfo(float).eps)
    rows = []
    for name, _ in LIBRARIES:
        for key in ("tau", "M", "qdd"):
            rel = err[name, key] / scale[key]
            rows.append({"library": name, "quantity": key, "rel_err": rel, "ulps": rel / eps,
                         "bound": BOUNDS[key], "holds": bool(rel <= BOUNDS[key])})
    return rows


# ----------------------------------------------------------------------------- speed


def _f(x):
    return float(x) if x not in ("", None) else None


def speed_rows(single, batch, batch_n=10000):
    """Per-call and per-sample times of appendix B's benchmark, as ratios.

    Parameters
    ----------
    single : list of dict
        The rows of ``data/bench_single.csv``.
    batch : list of dict
        The rows of ``data/bench_batch.csv``.
    batch_n : int
        The batch size of the per-sample column.

    Returns
    -------
    list of dict
        One row per library (the order of :data:`LIBRARIES`): ``library``,
        ``method`` (single call), ``call_us``, ``call_ratio`` (to Pinocchio),
        ``batch_method``, ``sample_us`` (per sample in a batch of
        ``batch_n``, None when the method was not run at that size) and
        ``sample_ratio``.  chaindyn has two rows: ``rnea`` and
        ``rnea_structured``.
    """
    one = {r["method"]: r for r in single}
    many = {r["method"]: r for r in batch if int(r["N"]) == batch_n}
    plan = [("Pinocchio", "pin.rnea", "pin.rnea (loop)"),
            ("MuJoCo", "mj_inverse", "mj_inverse (loop)"),
            ("Robotics Toolbox", "rtb rne", "rtb rne (trajectory)"),
            ("modern_robotics", "mr.InverseDynamics", "mr.InverseDynamics (loop)"),
            ("chaindyn", "rnea", "rnea"),
            ("chaindyn", "rnea_structured", "rnea_structured")]
    pin_call = _f(one["pin.rnea"]["median_us"])
    pin_sample = _f(many["pin.rnea (loop)"]["per_sample_us"])
    rows = []
    for lib, m1, mb in plan:
        call = _f(one[m1]["median_us"])
        sample = _f(many[mb]["per_sample_us"]) if mb in many else None
        rows.append({"library": lib, "method": m1, "call_us": call, "call_ratio": call / pin_call,
                     "batch_method": mb, "sample_us": sample,
                     "sample_ratio": None if sample is None else sample / pin_sample})
    return rows


def codegen_rows(single, codegen):
    """What generated code buys, from the committed benchmarks.

    Parameters
    ----------
    single : list of dict
        ``data/bench_single.csv`` (appendix B: ``rnea_structured`` against ``rnea``).
    codegen : list of dict
        ``data/bench_33_codegen.csv`` (chapter 3.3: the sympy Lagrangian
        lambdified with common subexpressions, ``rnea`` and ``rnea_structured``).

    Returns
    -------
    dict
        ``structured_speedup`` (``rnea`` / ``rnea_structured``, one call of
        the 6R arm), ``structured_over_pin`` (``rnea_structured`` /
        ``pin.rnea``), and ``codegen``: for each chain (2R, 6R) and batch
        size N, the per-sample time ratio of ``lambdify (cse)`` and of
        ``rnea_structured`` to ``rnea`` and the seconds spent deriving and
        lambdifying the closed form.
    """
    one = {r["method"]: _f(r["median_us"]) for r in single}
    out = {"structured_speedup": one["rnea"] / one["rnea_structured"],
           "structured_over_pin": one["rnea_structured"] / one["pin.rnea"], "codegen": []}
    for r in codegen:
        if r["method"] == "rnea":
            continue
        out["codegen"].append({"chain": r["chain"], "method": r["method"], "N": int(r["N"]),
                               "ratio_to_rnea": _f(r["ratio_to_rnea"]),
                               "derive_s": _f(r["derive_and_lambdify_s"])})
    return out


# ----------------------------------------------------------------------------- appendix C


def pinocchio_sign_check(seed=SEED):
    """Pinocchio's external force with and without the sign flip of F_tip.

    Returns
    -------
    dict
        ``flipped`` and ``unflipped``: the largest relative difference of
        ``pin.rnea(..., fext)`` from ``chaindyn.rnea(..., f_tip)`` on the 6R
        arm at one random state when ``fext`` carries ``-F_tip`` (what
        :func:`chaindyn.interop.pinocchio_fext` does) or ``+F_tip``.
    """
    import pinocchio as pin

    chain = arm()
    q, qd, qdd = (x[0] for x in states(1, seed))
    f = np.random.default_rng(seed).normal(0.0, 10.0, 6)
    ref = rnea(chain, q, qd, qdd, GRAVITY, f)
    model = interop.to_pinocchio(chain, GRAVITY)
    data = model.createData()
    scale = float(np.abs(ref).max())
    out = {}
    for name, sign in (("flipped", 1.0), ("unflipped", -1.0)):
        fext = interop.pinocchio_fext(chain, model, sign * f)
        tau = pin.rnea(model, data, q, qd, qdd, fext)
        out[name] = float(np.abs(tau - ref).max()) / scale
    return out


def mr_tip_frame_check(seed=SEED):
    """modern_robotics with its tool frame {n+1} at the last link's centre of mass.

    The specification's adapter put modern_robotics' tool frame {n+1} at the
    centre of mass of link n; then ``Ftip`` must be the tip wrench moved from
    {n} to {n+1}.  This builds that model (``tool = Trans(c_n)``) and compares
    both inputs.

    Returns
    -------
    dict
        ``moved`` and ``as_given``: the largest relative difference of
        ``mr.InverseDynamics`` from ``chaindyn.rnea(..., f_tip)`` when
        ``Ftip`` is :func:`chaindyn.interop.mr_ftip` of F_tip (moved to {n+1})
        or F_tip itself.
    """
    import modern_robotics as mr

    chain = arm()
    q, qd, qdd = (x[0] for x in states(1, seed))
    f = np.random.default_rng(seed).normal(0.0, 10.0, 6)
    ref = rnea(chain, q, qd, qdd, GRAVITY, f)
    tool = np.eye(4)
    tool[:3, 3] = chain.coms[-1]
    Ml, Gl, Sl = interop.to_modern_robotics(chain, tool=tool)
    scale = float(np.abs(ref).max())
    out = {}
    for name, ftip in (("moved", interop.mr_ftip(f, tool)), ("as_given", f)):
        tau = mr.InverseDynamics(q, qd, qdd, GRAVITY, ftip, Ml, Gl, Sl)
        out[name] = float(np.abs(tau - ref).max()) / scale
    return out


#: A difference above this (relative) is a real disagreement, not roundoff.
WRONG = 1e-3


def reproduction_rows(single, sign=None, tip=None):
    """The rows of appendix C.6: the specification's remarks on libraries and code
    generation (chapter 3.2) against what this book measures.

    Parameters
    ----------
    single : list of dict
        ``data/bench_single.csv``.
    sign, tip : dict, optional
        :func:`pinocchio_sign_check` and :func:`mr_tip_frame_check` (computed
        when not given).

    Returns
    -------
    list of dict
        ``item``, ``seed`` (what the specification states), ``value`` (this
        book's measurement: a time ratio of appendix B's run, or the outcome
        of a check as text), ``criterion`` and ``holds``.
    """
    sign = pinocchio_sign_check() if sign is None else sign
    tip = mr_tip_frame_check() if tip is None else tip
    one = {r["method"]: _f(r["median_us"]) for r in single}
    lib_ratio = one["rnea"] / one["pin.rnea"]
    gen_ratio = one["rnea"] / one["rnea_structured"]
    return [
        {"item": "검증된 라이브러리는 직접 구현보다 빠르다: "
                 "한 번 호출의 시간 비 `rnea` / `pin.rnea` (6R 팔)",
         "seed": "빠르다 (잰 값 없음)", "value": lib_ratio,
         "criterion": "1보다 크다", "holds": bool(lib_ratio > 1)},
        {"item": "재귀에서 생성한 코드는 빠르다: "
                 "한 번 호출의 시간 비 `rnea` / `rnea_structured` (6R 팔)",
         "seed": "빠르다 (잰 값 없음)", "value": gen_ratio,
         "criterion": "1보다 크다", "holds": bool(gen_ratio > 1)},
        {"item": "Pinocchio의 외력 인자에는 F_tip의 부호를 뒤집어 넣는다",
         "seed": "뒤집어야 일치", "value": "뒤집으면 일치, 그대로면 어긋남"
         if sign["flipped"] <= TORQUE_BOUND and sign["unflipped"] > WRONG else "다름",
         "criterion": f"뒤집은 쪽 ≤ {TORQUE_BOUND:g}, 그대로 > {WRONG:g}",
         "holds": bool(sign["flipped"] <= TORQUE_BOUND and sign["unflipped"] > WRONG)},
        {"item": "modern_robotics에는 {n}의 말단 렌치를 질량 중심 좌표계 {n+1}로 옮겨 넣는다",
         "seed": "옮겨야 일치", "value": "옮기면 일치, 그대로면 어긋남"
         if tip["moved"] <= TORQUE_BOUND and tip["as_given"] > WRONG else "다름",
         "criterion": f"옮긴 쪽 ≤ {TORQUE_BOUND:g}, 그대로 > {WRONG:g}",
         "holds": bool(tip["moved"] <= TORQUE_BOUND and tip["as_given"] > WRONG)},
    ]
