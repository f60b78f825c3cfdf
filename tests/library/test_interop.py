"""chaindyn against Pinocchio, MuJoCo, modern_robotics and the Robotics Toolbox.

Every comparison goes through an adapter of ``chaindyn.interop``; the
conventions they bridge are in the adapters' docstrings.  Bounds: 1e-12
relative to the largest magnitude of the quantity (torque scale), 1e-11 for
forward-dynamics round trips.
"""

import re
import subprocess
import sys
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from _refs import reference

import chaindyn as cd
from chaindyn import interop, models

pin = reference("pinocchio")
mujoco = reference("mujoco")
mr = reference("modern_robotics")
rtb = reference("roboticstoolbox")

BOUND = 1e-12
FWD_BOUND = 1e-11
G = np.array([0.6, -1.1, -9.80665])


def _chains():
    rng = np.random.default_rng(20240605)
    out = [("arm6r", models.arm6r())]
    for n in range(2, 8):
        kinds = rng.random(n) < 0.4
        kinds[0], kinds[-1] = False, True  # both kinds in every chain
        out.append((f"random{n}", models.random_chain(n, rng, prismatic=kinds)))
    return out


CHAINS = _chains()
IDS = [name for name, _ in CHAINS]


def _states(chain, seed, count=2):
    rng = np.random.default_rng(seed)
    n = chain.n
    return (rng.uniform(-np.pi, np.pi, (count, n)), rng.uniform(-2, 2, (count, n)),
            rng.uniform(-5, 5, (count, n)), rng.normal(0, 10, (count, 6)))


def _rel(a, b, scale=None):
    a, b = np.asarray(a), np.asarray(b)
    scale = np.abs(b).max() if scale is None else scale
    return np.abs(a - b).max() / scale


def _sym(M):
    return np.triu(M) + np.triu(M, 1).T


# ----------------------------------------------------------------------------- import


def test_import_needs_numpy_only():
    """chaindyn and its interop and urdf modules import with every
    reference library blocked; adapters that only write text or arrays work,
    the others raise ImportError when called."""
    code = """
import sys
for name in ("pinocchio", "mujoco", "modern_robotics", "roboticstoolbox", "yourdfpy",
             "spatialmath", "lxml", "trimesh"):
    sys.modules[name] = None
import chaindyn, chaindyn.interop, chaindyn.urdf
from chaindyn import interop, models, urdf
c = models.arm6r()
assert "<mujoco" in interop.to_mujoco(c)
assert len(interop.to_modern_robotics(c)[0]) == 7
assert "<robot" in urdf.to_urdf(c)
for call in (lambda: interop.to_pinocchio(c), lambda: urdf.load(models.ARM6R_FILE)):
    try:
        call()
    except ImportError:
        pass
    else:
        raise AssertionError("expected ImportError")
blocked = [m for m in ("pinocchio", "mujoco", "modern_robotics", "roboticstoolbox",
                       "yourdfpy") if sys.modules.get(m) is not None]
assert not blocked, blocked
print("ok")
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


# ----------------------------------------------------------------------------- Pinocchio


@pytest.mark.parametrize(("name", "chain"), CHAINS, ids=IDS)
def test_pinocchio(name, chain):
    model = interop.to_pinocchio(chain, G)
    data = model.createData()
    assert (model.nq, model.nv) == (chain.n, chain.n)
    for q, qd, qdd, f in zip(*_states(chain, chain.n)):
        tau = cd.rnea(chain, q, qd, qdd, G)
        tauF = cd.rnea(chain, q, qd, qdd, G, f)
        fext = interop.pinocchio_fext(chain, model, f)
        assert _rel(pin.rnea(model, data, q, qd, qdd), tau) < BOUND
        assert _rel(pin.rnea(model, data, q, qd, qdd, fext), tauF) < BOUND
        F = cd.joint_wrenches(chain, q, qd, qdd, G, f)
        assert _rel(interop.pinocchio_joint_wrenches(chain, model, data), F) < BOUND
        M = cd.mass_matrix(chain, q)
        assert _rel(_sym(pin.crba(model, data, q)), M) < BOUND
        assert _rel(pin.nonLinearEffects(model, data, q, qd), cd.bias_force(chain, q, qd, G),
                    np.abs(tau).max()) < BOUND
        assert _rel(pin.computeGeneralizedGravity(model, data, q),
                    cd.gravity_torque(chain, q, G), np.abs(tau).max()) < BOUND
        qdd_pin = pin.aba(model, data, q, qd, tauF, fext)
        assert _rel(qdd_pin, qdd) < FWD_BOUND
        assert _rel(cd.rnea(chain, q, qd, qdd_pin, G, f), tauF) < BOUND


def test_pinocchio_model_self_consistent():
    rng = np.random.default_rng(5)
    for _, chain in CHAINS:
        model = interop.to_pinocchio(chain)
        data = model.createData()
        assert np.allclose(model.gravity.linear, [0, 0, -cd.STANDARD_GRAVITY], rtol=0, atol=0)
        assert sum(model.inertias[j].mass for j in range(1, model.njoints)) == pytest.approx(
            chain.mass, rel=1e-14)
        q, qd = rng.uniform(-2, 2, (2, chain.n))
        pin.framesForwardKinematics(model, data, q)
        T = cd.forward_kinematics(chain, q)
        for i in range(chain.n):
            oMf = data.oMf[model.getFrameId(f"link{i + 1}")].homogeneous
            assert np.abs(oMf - T[i]).max() < 1e-13
        ke = pin.computeKineticEnergy(model, data, q, qd)
        assert ke == pytest.approx(cd.kinetic_energy(chain, q, qd), rel=1e-13)
        # a static tip wrench: tau = J_b^T F_tip, with Pinocchio's (opposite) sign inside
        f = rng.normal(size=6)
        model.gravity = pin.Motion.Zero()
        z = np.zeros(chain.n)
        tau = pin.rnea(model, data, q, z, z, interop.pinocchio_fext(chain, model, f))
        assert np.abs(tau - cd.body_jacobian(chain, q).T @ f).max() < 1e-12 * np.abs(tau).max()


def test_pinocchio_adapter_errors():
    chain = models.arm6r()
    model = interop.to_pinocchio(chain)
    with pytest.raises(ValueError, match="chain must be a chaindyn.Chain, got list"):
        interop.to_pinocchio([1, 2])
    with pytest.raises(ValueError, match=r"gravity must have shape \(3,\), got \(2,\)"):
        interop.to_pinocchio(chain, gravity=(0, 1))
    with pytest.raises(ValueError, match="frame must name a frame of the Pinocchio model, got 'x'"):
        interop.pinocchio_fext(chain, model, np.zeros(6), frame="x")
    with pytest.raises(ValueError, match=r"frame 'link3' must be attached to the last joint \(6\)"):
        interop.pinocchio_fext(chain, model, np.zeros(6), frame="link3")
    with pytest.raises(ValueError, match="model must have nv = 2 .* got nv = 6"):
        interop.pinocchio_fext(models.planar_2r(), model, np.zeros(6))
    with pytest.raises(ValueError, match=r"f_tip must have shape \(6,\), got \(3,\)"):
        interop.pinocchio_fext(chain, model, np.zeros(3))


# ----------------------------------------------------------------------------- MuJoCo


def _mj(chain, gravity=G):
    model = mujoco.MjModel.from_xml_string(interop.to_mujoco(chain, gravity))
    return model, mujoco.MjData(model)


@pytest.mark.parametrize(("name", "chain"), CHAINS, ids=IDS)
def test_mujoco(name, chain):
    model, data = _mj(chain)
    n = chain.n
    assert (model.nq, model.nv) == (n, n)
    for q, qd, qdd, f in zip(*_states(chain, 100 + n)):
        tauF = cd.rnea(chain, q, qd, qdd, G, f)
        data.qpos[:], data.qvel[:] = q, qd
        data.qacc[:] = qdd  # mj_inverse reads qacc from the buffer: set it every time
        data.xfrc_applied[:] = 0.0
        mujoco.mj_inverse(model, data)
        assert _rel(data.qfrc_inverse, cd.rnea(chain, q, qd, qdd, G)) < BOUND
        tau = data.qfrc_inverse + interop.mujoco_tip_qfrc(model, data, f)
        assert _rel(tau, tauF) < BOUND
        M = np.zeros((n, n))
        mujoco.mj_fullM(model, data, M)
        assert _rel(M, cd.mass_matrix(chain, q)) < BOUND
        # joint wrenches: cfrc_int after the post-constraint RNE, tip wrench in xfrc_applied
        data.xfrc_applied[-1] = interop.mujoco_xfrc_tip(model, data, f)
        mujoco.mj_rnePostConstraint(model, data)
        F = cd.joint_wrenches(chain, q, qd, qdd, G, f)
        assert _rel(interop.mujoco_joint_wrenches(chain, model, data), F) < BOUND
        # forward round trip, with the tip wrench in xfrc_applied
        data.qfrc_applied[:] = tauF
        mujoco.mj_forward(model, data)
        assert _rel(data.qacc, qdd) < FWD_BOUND
        assert _rel(cd.rnea(chain, q, qd, data.qacc, G, f), tauF) < BOUND
        data.qfrc_applied[:] = 0.0


@pytest.mark.parametrize("name", ['arm "A" & <B>', "it's", "R&D 로봇", "a]]>b"])
def test_mujoco_model_name_round_trips(name):
    """The MJCF is written by ElementTree: any model name reaches MuJoCo as given,
    and the model computes the same inverse dynamics as chaindyn."""
    chain = CHAINS[2][1]
    xml = interop.to_mujoco(chain, G, name=name)
    assert ET.fromstring(xml).get("model") == name
    model = mujoco.MjModel.from_xml_string(xml)
    assert bytes(model.names).split(b"\0")[0].decode() == name
    data = mujoco.MjData(model)
    q, qd, qdd, _ = _states(chain, seed=41, count=1)
    data.qpos[:], data.qvel[:], data.qacc[:] = q[0], qd[0], qdd[0]
    mujoco.mj_inverse(model, data)
    assert _rel(data.qfrc_inverse, cd.rnea(chain, q[0], qd[0], qdd[0], G)) < BOUND


@pytest.mark.parametrize(("name", "message"), [
    ("", "name must be a non-empty str, got ''"),
    (None, "name must be a non-empty str, got None"),
    ("a\x01", "name must hold only characters that XML can represent, got '\\x01' at "
               "position 1 of 'a\\x01'"),
])
def test_mujoco_refuses_names_xml_cannot_carry(name, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        interop.to_mujoco(CHAINS[0][1], name=name)


def test_mujoco_mjcf_settings_and_kinematics():
    rng = np.random.default_rng(7)
    for _, chain in CHAINS:
        xml = interop.to_mujoco(chain)
        root = ET.fromstring(xml)
        comp = root.find("compiler")
        assert comp.get("angle") == "radian" and comp.get("inertiafromgeom") == "false"
        assert root.find("option/flag").get("contact") == "disable"
        assert root.find("option").get("gravity") == "0.0 0.0 -9.80665"
        joints = root.findall(".//joint")
        assert len(joints) == chain.n
        for j in joints:
            for key in ("damping", "armature", "frictionloss", "stiffness"):
                assert float(j.get(key)) == 0.0
            assert j.get("range") is None and j.get("limited") == "false"
        for inertial in root.findall(".//inertial"):
            assert inertial.get("quat") is None and inertial.get("fullinertia") is not None
        assert not root.findall(".//geom")
        model, data = _mj(chain)
        np.testing.assert_allclose(model.body_mass[1:], chain.masses, rtol=1e-15)
        q = rng.uniform(-2, 2, chain.n)
        data.qpos[:] = q
        mujoco.mj_kinematics(model, data)
        T = cd.forward_kinematics(chain, q)
        assert np.abs(data.xpos[1:] - T[:, :3, 3]).max() < 1e-13
        assert np.abs(data.xmat[1:].reshape(-1, 3, 3) - T[:, :3, :3]).max() < 1e-13
        site = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_SITE, "tip")
        assert np.abs(data.site_xpos[site] - T[-1, :3, 3]).max() < 1e-13
        # the tip-wrench map is J_b^T F_tip
        mujoco.mj_comPos(model, data)
        f = rng.normal(size=6)
        Jb = cd.body_jacobian(chain, q)
        assert np.abs(interop.mujoco_tip_qfrc(model, data, f) - Jb.T @ f).max() < 1e-12 * (
            np.abs(Jb.T @ f).max())


def test_quaternion_helper_matches_mujoco():
    rng = np.random.default_rng(3)
    rots = [models._random_rotation(rng) for _ in range(50)]
    rots += [np.diag([1.0, -1, -1]), np.diag([-1.0, 1, -1]), np.diag([-1.0, -1, 1]), np.eye(3)]
    for R in rots:
        q = interop._quat_wxyz(R)
        ref = np.zeros(4)
        mujoco.mju_mat2Quat(ref, R.ravel())
        assert min(np.abs(q - ref).max(), np.abs(q + ref).max()) < 1e-15 * 4
        back = np.zeros(9)
        mujoco.mju_quat2Mat(back, q)
        assert np.abs(back.reshape(3, 3) - R).max() < 1e-15 * 4


def test_axis_points_lie_on_the_axes():
    for _, chain in CHAINS:
        r = interop.axis_points(chain)
        for i, kind in enumerate(chain.joint_types):
            w, v = chain.screws[i, :3], chain.screws[i, 3:]
            if kind == "revolute":
                assert np.abs(-np.cross(w, r[i]) - v).max() < 1e-15
                assert abs(w @ r[i]) < 1e-15  # the nearest point to the origin
            else:
                assert not r[i].any()


# ----------------------------------------------------------------------------- modern_robotics


@pytest.mark.parametrize(("name", "chain"), CHAINS, ids=IDS)
def test_modern_robotics(name, chain):
    Mlist, Glist, Slist = interop.to_modern_robotics(chain)
    for q, qd, qdd, f in zip(*_states(chain, 200 + chain.n, count=1)):
        tauF = cd.rnea(chain, q, qd, qdd, G, f)
        Ftip = interop.mr_ftip(f)
        assert _rel(mr.InverseDynamics(q, qd, qdd, G, Ftip, Mlist, Glist, Slist), tauF) < BOUND
        assert _rel(mr.MassMatrix(q, Mlist, Glist, Slist), cd.mass_matrix(chain, q)) < BOUND
        assert _rel(mr.GravityForces(q, G, Mlist, Glist, Slist), cd.gravity_torque(chain, q, G),
                    np.abs(tauF).max()) < BOUND
        qdd_mr = mr.ForwardDynamics(q, qd, tauF, G, Ftip, Mlist, Glist, Slist)
        assert _rel(qdd_mr, qdd) < FWD_BOUND


def test_modern_robotics_lists_and_tool_frame():
    rng = np.random.default_rng(11)
    for _, chain in CHAINS[:4]:
        Mlist, Glist, Slist = interop.to_modern_robotics(chain)
        assert len(Mlist) == chain.n + 1 and len(Glist) == chain.n
        assert Slist.shape == (6, chain.n)
        assert sum(G[3, 3] for G in Glist) == pytest.approx(chain.mass, rel=1e-15)
        M_home = np.linalg.multi_dot(Mlist) if len(Mlist) > 1 else Mlist[0]
        q = rng.uniform(-2, 2, chain.n)
        T = cd.forward_kinematics(chain, q)[-1]
        assert np.abs(mr.FKinSpace(M_home, Slist, q) - T).max() < 1e-13
        # a tool frame {n+1} off {n}: the same torques with Ftip moved into it
        tool = np.eye(4)
        tool[:3, :3] = models._random_rotation(rng)
        tool[:3, 3] = rng.uniform(-0.3, 0.3, 3)
        Mt, Gt, St = interop.to_modern_robotics(chain, tool=tool)
        qd, qdd, f = rng.uniform(-1, 1, chain.n), rng.uniform(-1, 1, chain.n), rng.normal(size=6)
        tau = cd.rnea(chain, q, qd, qdd, G, f)
        tau_mr = mr.InverseDynamics(q, qd, qdd, G, interop.mr_ftip(f, tool), Mt, Gt, St)
        assert _rel(tau_mr, tau) < BOUND
        np.testing.assert_array_equal(interop.mr_ftip(f), f)
    with pytest.raises(ValueError, match=r"tool must have shape \(4, 4\), got \(3, 3\)"):
        interop.mr_ftip(np.zeros(6), np.eye(3))
    with pytest.raises(ValueError, match="f_tip must be a wrench of shape"):
        interop.mr_ftip(None)


# ----------------------------------------------------------------------------- Robotics Toolbox


def _random_mdh(n, rng, kinds):
    """Modified-DH arguments of a random chain with the joint kinds ``kinds`` (True:
    prismatic): masses in [0.5, 5] kg, centres of mass in [-0.3, 0.3]^3 m, randomly
    rotated ellipsoid inertias."""
    masses = rng.uniform(0.5, 5.0, n)
    return {"mdh": models.random_mdh_rows(n, rng), "masses": masses,
            "coms": rng.uniform(-0.3, 0.3, (n, 3)),
            "inertias_com": np.stack([models.random_inertia_com(m, rng) for m in masses]),
            "joint_types": ["P" if k else "R" for k in kinds]}


def _mdh_cases():
    rng = np.random.default_rng(99)
    out = [("arm6r", models.mdh_arguments(models.arm6r_table()))]
    for n in range(2, 8):
        kinds = rng.random(n) < 0.4
        kinds[0], kinds[-1] = False, True
        out.append((f"mdh{n}", _random_mdh(n, rng, kinds)))
    return out


MDH = _mdh_cases()


@pytest.mark.parametrize(("name", "args"), MDH, ids=[m for m, _ in MDH])
def test_rtb(name, args):
    chain = cd.Chain.from_mdh(**args)
    robot = interop.to_rtb(**args, gravity=G)
    for link in robot.links:
        assert link.Jm == 0 and link.G == 1 and link.B == 0 and not np.any(link.Tc)
    for q, qd, qdd, f in zip(*_states(chain, 300 + chain.n)):
        tau = cd.rnea(chain, q, qd, qdd, G)
        assert _rel(robot.rne(q, qd, qdd, gravity=G), tau) < BOUND
        assert _rel(robot.rne(q, qd, qdd), tau) < BOUND  # robot.gravity was set
        tauF = cd.rnea(chain, q, qd, qdd, G, f)
        assert _rel(robot.rne(q, qd, qdd, gravity=G, fext=interop.rtb_fext(f)), tauF) < BOUND
        assert _rel(robot.inertia(q), cd.mass_matrix(chain, q)) < BOUND
        assert _rel(robot.gravload(q, gravity=G), cd.gravity_torque(chain, q, G),
                    np.abs(tau).max()) < BOUND
        assert np.abs(robot.fkine(q).A - cd.forward_kinematics(chain, q)[-1]).max() < 1e-13


def test_mdh_arguments_rebuild_arm6r():
    args = models.mdh_arguments(models.arm6r_table())
    chain, ref = cd.Chain.from_mdh(**args), models.arm6r()
    for a, b in ((chain.home, ref.home), (chain.screws, ref.screws),
                 (chain.inertias, ref.inertias)):
        np.testing.assert_array_equal(a, b)
    rows = models.arm6r_table()
    del rows[2]["Ixz"]
    with pytest.raises(ValueError, match=r"row 2 must have the keys .* missing \['Ixz'\]"):
        models.mdh_arguments(rows)
    with pytest.raises(ValueError, match=r"inertias_com must have shape \(6, 3, 3\)"):
        interop.to_rtb(args["mdh"], args["masses"], args["coms"], np.eye(3))



def test_to_rtb_from_an_mdh_chain():
    """to_rtb(chain) for a chain built by Chain.from_mdh equals the table form."""
    arm = models.arm6r()
    a = interop.to_rtb(arm)
    b = interop.to_rtb(**models.mdh_arguments(models.arm6r_table()))
    q = np.linspace(-1.0, 1.0, 6)
    np.testing.assert_allclose(a.rne(q, q, q, gravity=(0, 0, -9.80665)),
                               b.rne(q, q, q, gravity=(0, 0, -9.80665)), rtol=0, atol=1e-13)
    with pytest.raises(ValueError, match=r"to_rtb needs a chain built by Chain.from_mdh"):
        interop.to_rtb(models.random_chain(2, np.random.default_rng(0)))
