"""Chains read from URDF (chaindyn.urdf, on yourdfpy) against Pinocchio's own URDF parser,
inertias given in another frame (from bug reports), and malformed files."""

import doctest
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest
from _refs import reference
from _robots import pinocchio_urdf_model, robot_urdf, robots_dir

import chaindyn as cd
from chaindyn import interop, models, urdf
from chaindyn.spatial import rpy_matrix

reference("yourdfpy")
pin = reference("pinocchio")

REL = 1e-10
G = np.array([0.6, -1.1, -9.80665])


def _write(tmp_path, body, name="t.urdf"):
    path = tmp_path / name
    path.write_text(f'<?xml version="1.0"?>\n<robot name="t">\n{body}\n</robot>\n')
    return path


def _link(name, mass=None, xyz="0 0 0", rpy="0 0 0", inertia=(1, 0, 0, 1, 0, 1)):
    if mass is None:
        return f'<link name="{name}"/>'
    ixx, ixy, ixz, iyy, iyz, izz = inertia
    return (
        f'<link name="{name}"><inertial><origin xyz="{xyz}" rpy="{rpy}"/>'
        f'<mass value="{mass}"/><inertia ixx="{ixx}" ixy="{ixy}" ixz="{ixz}" iyy="{iyy}" '
        f'iyz="{iyz}" izz="{izz}"/></inertial></link>'
    )


def _joint(name, parent, child, kind="revolute", xyz="0 0 0", rpy="0 0 0", axis="0 0 1",
           extra=""):
    limit = '<limit lower="-3" upper="3" effort="1" velocity="1"/>' if kind in (
        "revolute", "prismatic") else ""
    return (
        f'<joint name="{name}" type="{kind}"><parent link="{parent}"/><child link="{child}"/>'
        f'<origin xyz="{xyz}" rpy="{rpy}"/><axis xyz="{axis}"/>{limit}{extra}</joint>'
    )


def _compare_with_pinocchio(chain, model, tip, seed, count=3):
    """rnea (with a tip wrench), M and g of a chain and a Pinocchio model at random states;
    returns the largest relative difference."""
    model.gravity = pin.Motion(np.concatenate([G, np.zeros(3)]))
    data = model.createData()
    rng = np.random.default_rng(seed)
    worst = 0.0
    for _ in range(count):
        q, qd, qdd = rng.uniform(-np.pi, np.pi, chain.n), rng.uniform(-2, 2, chain.n), \
            rng.uniform(-5, 5, chain.n)
        f = rng.normal(0, 10, 6)
        tau = cd.rnea(chain, q, qd, qdd, G, f)
        tau_p = pin.rnea(model, data, q, qd, qdd, interop.pinocchio_fext(chain, model, f, tip))
        M = cd.mass_matrix(chain, q)
        Mp = pin.crba(model, data, q)
        Mp = np.triu(Mp) + np.triu(Mp, 1).T
        gq = cd.gravity_torque(chain, q, G)
        gp = pin.computeGeneralizedGravity(model, data, q)
        scale = np.abs(tau).max()
        worst = max(worst, np.abs(tau - tau_p).max() / scale,
                    np.abs(M - Mp).max() / np.abs(M).max(), np.abs(gq - gp).max() / scale)
        pin.framesForwardKinematics(model, data, q)
        T = data.oMf[model.getFrameId(tip)].homogeneous
        assert np.abs(T - cd.forward_kinematics(chain, q)[-1]).max() < 1e-12
    return worst


# ----------------------------------------------------------------------------- real robots

ROBOT_CASES = [
    ("UR5", "tool0", (), 6),
    ("UR5", "ee_link", (), 6),
    ("Panda", "panda_hand", ("panda_finger_joint1", "panda_finger_joint2"), 7),
    ("Panda", "panda_link8", ("panda_finger_joint1", "panda_finger_joint2"), 7),
    ("Talos left arm", "gripper_left_base_link", ("gripper_left_joint",), 6),
]


@pytest.mark.parametrize(("robot", "tip", "locked", "n"), ROBOT_CASES,
                         ids=[f"{r}-{t}" for r, t, _, _ in ROBOT_CASES])
def test_real_robot_against_pinocchio_parser(robot, tip, locked, n):
    path, _ = robot_urdf(robot)
    u = urdf.load(path, tip_link=tip)
    assert u.chain.n == n and u.tip_link == tip and u.frames[-1] == tip
    assert u.locked == locked
    assert all(t == "revolute" for t in u.chain.joint_types)
    model = pinocchio_urdf_model(path, u.joints)  # extra joints locked at 0
    full = pin.buildModelFromUrdf(path)
    assert full.nv == n + len(locked)
    assert _compare_with_pinocchio(u.chain, model, tip, seed=n) < REL
    # the same chain through urdf.chain_from_urdf; the merged mass equals the file's
    chain = urdf.chain_from_urdf(path, tip_link=tip)
    np.testing.assert_array_equal(chain.inertias, u.chain.inertias)
    moving_mass = sum(model.inertias[j].mass for j in range(1, model.njoints))
    assert chain.mass == pytest.approx(moving_mass, rel=1e-14)


def test_panda_fingers_are_merged_into_the_last_body():
    path, _ = robot_urdf("Panda")
    hand = urdf.load(path, tip_link="panda_hand")
    assert "panda_leftfinger" in hand.links[-1] and "panda_rightfinger" in hand.links[-1]
    # the same body whichever tip frame is chosen, seen from a different frame
    link8 = urdf.load(path, tip_link="panda_link8")
    np.testing.assert_allclose(hand.chain.masses, link8.chain.masses, rtol=1e-15)
    assert hand.chain.masses[-1] > 0.73  # link 7 (0.73 kg) + hand + fingers


def test_default_tip_and_ambiguous_leaf():
    path, _ = robot_urdf("UR5")
    msg = (f"tip_link must be given: {path} has 3 leaf links below 'world' "
           "(ee_link, tool0, base), so the tip is ambiguous")
    with pytest.raises(ValueError, match=re.escape(msg)):
        urdf.load(path)
    # from base_link on, the only leaf is ee_link... not so: tool0 hangs off wrist_3 too
    u = urdf.load(path, base_link="shoulder_link", tip_link="ee_link")
    assert u.chain.n == 5 and u.base_link == "shoulder_link"


def test_continuous_joint_is_revolute(tmp_path):
    """A continuous joint is read as revolute; Pinocchio makes it a (cos, sin) joint
    (nq = 2 nv), so it is compared on a copy with the joint made revolute."""
    body = "\n".join([
        _link("base"),
        _link("l1", 2.0, "0.1 0.2 0.3", "0.3 -0.2 0.5", (0.02, 0.001, 0.002, 0.03, 0.003, 0.04)),
        _link("l2", 1.5, "0.2 0 0.1", "1 2 3", (0.01, 0, 0, 0.02, 0, 0.025)),
        _joint("j1", "base", "l1", "continuous", "0 0 0.4", "0.1 0.2 0.3", "0 0 1"),
        _joint("j2", "l1", "l2", "continuous", "0.5 0.1 0", "0 1.2 0", "0.6 0.8 0"),
    ])
    path = _write(tmp_path, body)
    u = urdf.load(path)
    assert u.chain.joint_types == ("revolute", "revolute") and u.tip_link == "l2"
    full = pin.buildModelFromUrdf(str(path))
    assert (full.nq, full.nv) == (4, 2)
    rev = _write(tmp_path, body.replace('type="continuous">',
                                        'type="revolute"><limit lower="-10" upper="10" '
                                        'effort="1" velocity="1"/>'), "rev.urdf")
    model = pin.buildModelFromUrdf(str(rev))
    assert (model.nq, model.nv) == (2, 2)
    assert _compare_with_pinocchio(u.chain, model, "l2", seed=1) < 1e-12


def test_random_chains_through_urdf(tmp_path):
    """to_urdf then load gives the same dynamics and the same {n}; Pinocchio's parser
    reads the same file to the same numbers."""
    rng = np.random.default_rng(8)
    for n in range(2, 8):
        kinds = rng.random(n) < 0.4
        kinds[0], kinds[-1] = False, True
        chain = models.random_chain(n, rng, prismatic=kinds)
        path = tmp_path / f"c{n}.urdf"
        path.write_text(urdf.to_urdf(chain))
        u = urdf.load(path, tip_link="tip")
        assert u.chain.joint_types == chain.joint_types
        q, qd, qdd = rng.uniform(-2, 2, (3, n))
        f = rng.normal(size=6)
        tau = cd.rnea(chain, q, qd, qdd, G, f)
        assert np.abs(cd.rnea(u.chain, q, qd, qdd, G, f) - tau).max() < 1e-12 * np.abs(tau).max()
        assert np.abs(cd.forward_kinematics(u.chain, q)[-1]
                      - cd.forward_kinematics(chain, q)[-1]).max() < 1e-13
        model = pin.buildModelFromUrdf(str(path))
        assert _compare_with_pinocchio(u.chain, model, "tip", seed=n, count=1) < 1e-12


NAMES = ['arm "A" & <B>', "it's", "<tip>", "R&D 끝", "a]]>b"]


@pytest.mark.parametrize("name", NAMES)
def test_to_urdf_names_round_trip(tmp_path, name):
    """Quotes, <, &, ]]> and Korean text in the robot and tip names read back as
    written, by chaindyn's reader and by Pinocchio's parser, with the same dynamics."""
    chain = models.random_chain(3, np.random.default_rng(31), prismatic=[False, True, False])
    tip = "tip " + name
    path = tmp_path / "named.urdf"
    path.write_text(urdf.to_urdf(chain, name=name, tip_link=tip), encoding="utf-8")
    root = ET.parse(path).getroot()
    assert root.get("name") == name
    assert [ln.get("name") for ln in root.findall("link")][-1] == tip
    u = urdf.load(path, tip_link=tip)
    assert u.tip_link == tip and u.frames[-1] == tip
    q, qd, qdd = np.random.default_rng(32).uniform(-1, 1, (3, 3))
    tau = cd.rnea(chain, q, qd, qdd, G)
    assert np.abs(cd.rnea(u.chain, q, qd, qdd, G) - tau).max() < 1e-12 * np.abs(tau).max()
    model = pin.buildModelFromUrdf(str(path))
    assert model.name == name and model.existFrame(tip)
    assert _compare_with_pinocchio(u.chain, model, tip, seed=5, count=1) < 1e-12


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"tip_link": "base"}, "tip_link must differ from the names of the other links (base, "
                           "link1 .. link3), got 'base': the URDF would have two links of "
                           "that name"),
    ({"tip_link": "link3"}, "tip_link must differ from the names of the other links (base, "
                            "link1 .. link3), got 'link3'"),
    ({"tip_link": ""}, "tip_link must be a non-empty str, got ''"),
    ({"tip_link": None}, "tip_link must be a non-empty str, got None"),
    ({"name": 7}, "name must be a non-empty str, got 7"),
    ({"name": "a\x00b"}, "name must hold only characters that XML can represent, got '\\x00' "
                         "at position 1 of 'a\\x00b'"),
])
def test_to_urdf_refuses_bad_and_duplicate_names(kwargs, message):
    chain = models.random_chain(3, np.random.default_rng(33))
    with pytest.raises(ValueError, match=re.escape(message)):
        urdf.to_urdf(chain, **kwargs)


def test_to_urdf_example_runs():
    """The docstring examples of chaindyn.urdf give the output they show."""
    result = doctest.testmod(urdf, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


# ------------------------------------------------------------------ rotated inertias and merging


def test_case_g4_inertial_rotation_yaw(tmp_path):
    """rpy (0, 0, pi/2) on diag(1, 2, 2.5), COM at the joint, revolute about x:
    tau = 2 N m for qdd = 1 at rest without gravity (link-frame tensor diag(2, 1, 2.5))."""
    body = _link("base") + _link("l1", 3.0, "0 0 0", f"0 0 {np.pi / 2!r}", (1, 0, 0, 2, 0, 2.5))
    body += _joint("j1", "base", "l1", axis="1 0 0")
    path = _write(tmp_path, body)
    chain = urdf.chain_from_urdf(path)
    tau = cd.rnea(chain, [0.0], [0.0], [1.0], gravity=(0, 0, 0))
    assert tau[0] == pytest.approx(2.0, abs=1e-14)
    np.testing.assert_allclose(chain.inertias_com[0], np.diag([2.0, 1.0, 2.5]), atol=1e-15)
    model = pin.buildModelFromUrdf(str(path))
    data = model.createData()
    assert pin.crba(model, data, np.zeros(1))[0, 0] == pytest.approx(2.0, abs=1e-14)


def test_case_g4_inertial_rotation_pitch_and_identity(tmp_path):
    body = (_link("base")
            + _link("l1", 1.0, "0 0 0", f"0 {np.pi / 2!r} 0", (0.12, 0, 0, 0.12, 0, 0.01))
            + _link("l2", 1.0, "0.1 0 0", "3 4 5", (1, 0, 0, 1, 0, 1))
            + _joint("j1", "base", "l1") + _joint("j2", "l1", "l2", xyz="0.3 0 0"))
    chain = urdf.chain_from_urdf(_write(tmp_path, body))
    np.testing.assert_allclose(chain.inertias_com[0], np.diag([0.01, 0.12, 0.12]), atol=1e-15)
    np.testing.assert_allclose(chain.inertias_com[1], np.eye(3), atol=1e-15)
    np.testing.assert_allclose(chain.coms[1], [0.1, 0, 0], atol=1e-16)


def test_case_g4_inertia_about_the_com(tmp_path):
    """2 kg, COM (0.3, 0, 0), Izz about the COM 0.05, revolute about z: M = 0.23."""
    body = (_link("base") + _link("l1", 2.0, "0.3 0 0", "0 0 0", (0.05, 0, 0, 0.05, 0, 0.05))
            + _joint("j1", "base", "l1"))
    chain = urdf.chain_from_urdf(_write(tmp_path, body))
    assert cd.mass_matrix(chain, [0.4])[0, 0] == pytest.approx(0.23, abs=1e-15)


def test_fixed_joint_merge_against_hand_computation_and_pinocchio(tmp_path):
    """Link a (1 kg, COM (0.1, 0, 0), diag(0.01, 0.02, 0.03)) carries link b on a fixed
    joint at (0.2, 0, 0) turned by Rz(pi/2); b: 2 kg, inertial at (0.1, 0, 0) with
    rpy (pi/2, 0, 0), diag(0.01, 0.02, 0.03)."""
    h = np.pi / 2
    body = (_link("base") + _link("a", 1.0, "0.1 0 0", "0 0 0", (0.01, 0, 0, 0.02, 0, 0.03))
            + _link("b", 2.0, "0.1 0 0", f"{h!r} 0 0", (0.01, 0, 0, 0.02, 0, 0.03))
            + _link("c", 0.5, "0 0 0.1", "0 0 0", (0.001, 0, 0, 0.001, 0, 0.001))
            + _joint("ja", "base", "a", axis="0 1 0")
            + _joint("fb", "a", "b", "fixed", "0.2 0 0", f"0 0 {h!r}")
            + _joint("jc", "b", "c", xyz="0 0.3 0", axis="1 0 0"))
    path = _write(tmp_path, body)
    u = urdf.load(path)
    assert u.links == (("a", "b"), ("c",))
    chain = u.chain
    # by hand: b's COM in a is (0.2, 0.1, 0); its tensor in a's axes is diag(0.03, 0.01, 0.02)
    m = np.array([1.0, 2.0])
    c = np.array([[0.1, 0, 0], [0.2, 0.1, 0]])
    Ic = [np.diag([0.01, 0.02, 0.03]), np.diag([0.03, 0.01, 0.02])]
    com = (m[:, None] * c).sum(0) / 3.0
    Isum = sum(Ic[k] + m[k] * ((c[k] - com) @ (c[k] - com) * np.eye(3)
                            - np.outer(c[k] - com, c[k] - com)) for k in range(2))
    assert chain.masses[0] == 3.0
    np.testing.assert_allclose(chain.coms[0], com, atol=1e-16)
    np.testing.assert_allclose(chain.inertias_com[0], Isum, atol=1e-16)
    # joint c sits at (0.2, 0, 0) + Rz(pi/2) (0, 0.3, 0) = (-0.1, 0, 0) in a, axis Rz x = y
    T01 = cd.forward_kinematics(chain, [0.0, 0.0])[1]
    np.testing.assert_allclose(T01[:3, 3], [-0.1, 0, 0], atol=1e-16)
    np.testing.assert_allclose(T01[:3, :3], rpy_matrix([0, 0, h]), atol=1e-16)
    model = pin.buildModelFromUrdf(str(path))
    assert _compare_with_pinocchio(chain, model, "c", seed=3) < 1e-12


def test_branch_locked_at_zero_and_merged(tmp_path):
    """A side branch on a prismatic joint (origin offset, axis tilted) is locked at 0 and
    merged; Pinocchio agrees once the same joint is locked with buildReducedModel."""
    body = "\n".join([
        _link("base"),
        _link("l1", 1.0, "0.05 0 0.1", "0.2 0 0", (0.01, 0, 0, 0.012, 0, 0.015)),
        _link("l2", 0.8, "0 0.1 0", "0 0 0", (0.005, 0, 0, 0.006, 0, 0.007)),
        _link("side", 0.6, "0.1 0 0", "0 0.4 0", (0.003, 0, 0, 0.004, 0, 0.005)),
        _link("side_tip", 0.2, "0 0 0.05", "0 0 0", (0.001, 0, 0, 0.001, 0, 0.001)),
        _joint("j1", "base", "l1", xyz="0 0 0.3", axis="0 1 0"),
        _joint("j2", "l1", "l2", "prismatic", "0.4 0 0", "0 0 0.3", "1 0 0"),
        _joint("js", "l1", "side", "prismatic", "0 0.2 0", "0.5 0 0", "0 0.6 0.8"),
        _joint("jt", "side", "side_tip", "revolute", "0.1 0 0", "0 0 0", "0 0 1"),
    ])
    path = _write(tmp_path, body)
    u = urdf.load(path, tip_link="l2")
    assert u.locked == ("js", "jt")
    assert u.links == (("l1", "side", "side_tip"), ("l2",))
    assert u.chain.joint_types == ("revolute", "prismatic")
    model = pinocchio_urdf_model(str(path), u.joints)
    assert _compare_with_pinocchio(u.chain, model, "l2", seed=4) < 1e-12


def test_mass_zero_link_adds_its_rotational_inertia(tmp_path):
    """A flange of mass 0 with inertia diag(0.01, 0.02, 0.03), on a fixed joint at
    (0, 0, 0.4) turned by Rz(pi/2) and with its inertial frame turned by Rx(pi/2),
    fixed to l1 (2 kg, COM (0.1, 0, 0.2), diag(0.04, 0.05, 0.06)): mass and COM stay
    l1's, and the inertia about the COM gains Rz Rx diag(...) (Rz Rx)^T =
    diag(0.03, 0.01, 0.02) by hand, with no parallel-axis term (m = 0)."""
    h = np.pi / 2
    body = (_link("base") + _link("l1", 2.0, "0.1 0 0.2", "0 0 0", (0.04, 0, 0, 0.05, 0, 0.06))
            + _link("flange", 0.0, "0.3 0.1 0", f"{h!r} 0 0", (0.01, 0, 0, 0.02, 0, 0.03))
            + _link("l2", 1.0, "0 0 0.1", "0 0 0", (0.01, 0, 0, 0.01, 0, 0.01))
            + _joint("j1", "base", "l1", axis="0 1 0")
            + _joint("f", "l1", "flange", "fixed", "0 0 0.4", f"0 0 {h!r}")
            + _joint("j2", "l1", "l2", xyz="0.5 0 0", axis="1 0 0"))
    path = _write(tmp_path, body)
    u = urdf.load(path, tip_link="l2")
    assert u.links[0] == ("l1", "flange")
    chain = u.chain
    assert chain.masses[0] == 2.0
    np.testing.assert_allclose(chain.coms[0], [0.1, 0.0, 0.2], atol=1e-16)
    np.testing.assert_allclose(chain.inertias_com[0],
                               np.diag([0.04, 0.05, 0.06]) + np.diag([0.03, 0.01, 0.02]),
                               atol=1e-16)
    model = pin.buildModelFromUrdf(str(path))
    np.testing.assert_allclose(model.inertias[1].inertia, chain.inertias_com[0], atol=1e-15)
    assert _compare_with_pinocchio(chain, model, "l2", seed=6) < 1e-12


def test_massless_link_merged_forward(tmp_path):
    """A moving link without inertial is accepted when a fixed child brings mass."""
    body = (_link("base") + _link("l1") + _link("weight", 1.0, "0 0 0.2")
            + _joint("j1", "base", "l1") + _joint("f", "l1", "weight", "fixed", "0.5 0 0"))
    chain = urdf.chain_from_urdf(_write(tmp_path, body), tip_link="l1")
    assert chain.masses[0] == 1.0
    np.testing.assert_allclose(chain.coms[0], [0.5, 0, 0.2])


# ----------------------------------------------------------------------------- errors


GOOD = _link("base") + _link("l1", 1.0) + _joint("j1", "base", "l1")


@pytest.mark.parametrize(("body", "kwargs", "message"), [
    (GOOD, {"tip_link": "nope"}, "tip_link must be a link of {path}, got 'nope'"),
    (GOOD, {"base_link": "nope"}, "base_link must be a link of {path}, got 'nope'"),
    (GOOD, {"base_link": "l1", "tip_link": "base"},
     "tip_link 'base' must be below base_link 'l1' in {path}"),
    (GOOD, {"base_link": "l1"},
     "the path from 'l1' to 'l1' must have at least one revolute, continuous or prismatic "
     "joint, got only fixed joints (0)"),
    (_link("base") + _link("l1", 1.0) + _joint("j1", "base", "l1", "floating"), {},
     "joint 'j1' on the path from 'base' to 'l1' must be revolute, continuous, prismatic or "
     "fixed, got 'floating'"),
    (_link("base") + _link("l1", 1.0) + _joint("j1", "base", "l1", "planar"), {},
     "joint 'j1' on the path from 'base' to 'l1' must be revolute, continuous, prismatic or "
     "fixed, got 'planar'"),
    (_link("base") + _link("l1", 1.0) + _joint("j1", "base", "l1", "screw"), {},
     "{path}: joint 'j1' must have a type in revolute, continuous, prismatic, fixed, floating, "
     "planar, got 'screw'"),
    (_link("base") + _link("l1") + _joint("j1", "base", "l1"), {},
     "the body moved by joint 'j1' (links l1) must have mass > 0, got 0 kg (no <inertial> or "
     "mass 0); chaindyn needs a massive body per moving joint"),
    (_link("base") + _link("l1", 0.0) + _joint("j1", "base", "l1"), {},
     "the body moved by joint 'j1' (links l1) must have mass > 0, got 0 kg"),
    (_link("base") + _link("l1", -1.0) + _joint("j1", "base", "l1"), {},
     "{path}: link 'l1' must have a finite mass >= 0, got -1.0"),
    (_link("base") + _link("l1", 1.0) + _joint("j1", "base", "l1", axis="0 0 0"), {},
     "joint 'j1' must have a nonzero finite <axis>, got [0. 0. 0.]"),
    (_link("base") + _link("l1", 1.0) + _joint("j1", "base", "lx"), {},
     "{path}: joint 'j1' has child link 'lx', which is not a <link>"),
    (_link("base") + _link("l1", 1.0) + _joint("j1", "base", "l1") + _joint("j2", "base", "l1"),
     {}, "{path}: link 'l1' must have one parent joint, got 'j1' and 'j2'"),
    (_link("base") + _link("l1", 1.0) + _link("l2", 1.0) + _joint("j1", "base", "l1"), {},
     "{path}: the links must form one tree with a single root, got roots ['base', 'l2']"),
    (_link("base") + _link("l1", 1.0) + _link("l1", 1.0) + _joint("j1", "base", "l1"), {},
     "{path}: link names must be unique, got 'l1' twice"),
    (_link("base") + _link("l1", 1.0, inertia=(1, 0, 0, 1, 0, 3)) + _joint("j1", "base", "l1"),
     {}, "{path}: link 'l1': the inertia fails the triangle inequality of principal moments "
         "(I1 + I2 >= I3, equivalently a positive semidefinite pseudo-inertia): got principal "
         "moments [1. 1. 3.]"),
    (_link("base") + _link("l1", 1.0) + _link("l2", 1.0, inertia=(1, 0, 0, 1, 0, 5))
     + _joint("j1", "base", "l1") + _joint("f2", "l1", "l2", kind="fixed"), {},
     "{path}: link 'l2': the inertia fails the triangle inequality of principal moments "
     "(I1 + I2 >= I3, equivalently a positive semidefinite pseudo-inertia): got principal "
     "moments [1. 1. 5.]"),
    (_link("base") + _link("l1", 1.0, inertia=(1, 0, 0, 1, 0, 3)) + '<link name="tool"/>'
     + _joint("j1", "base", "l1") + _joint("f", "l1", "tool", kind="fixed"), {},
     "{path}: link 'l1': the inertia fails the triangle inequality of principal moments "
     "(I1 + I2 >= I3, equivalently a positive semidefinite pseudo-inertia): got principal "
     "moments [1. 1. 3.]"),
    (_link("base") + _link("l1", 1.0, inertia=(-1, 0, 0, 1, 0, 1)) + _joint("j1", "base", "l1"),
     {}, "{path}: link 'l1': the inertia fails the positive definiteness of the rotational "
         "inertia about the COM (I_c > 0): got principal moments [-1.  1.  1.]"),
    (_link("base") + _link("l1", 1.0) + _link("l2", 1.0) + _joint("j1", "base", "l1")
     + _joint("j2", "l1", "l2", extra='<mimic joint="j1"/>'), {},
     "joint 'j2' on the path from 'base' to 'l2' must be independent, got a <mimic> of joint "
     "'j1' (mimic joints are not supported)"),
    (_link("base") + '<link name="l1"><inertial><mass value="1"/><inertia ixx="1" ixy="0" '
     'ixz="0" iyz="0" izz="1"/></inertial></link>' + _joint("j1", "base", "l1"), {},
     "link 'l1': <inertia> must have all of ixx, ixy, ixz, iyy, iyz, izz, missing iyy"),
    (_link("base") + '<link name="l1"><inertial><inertia ixx="1" ixy="0" ixz="0" iyy="1" '
     'iyz="0" izz="1"/></inertial></link>' + _joint("j1", "base", "l1"), {},
     "link 'l1': <inertial> must have <mass value=...>, got none"),
    (_link("base") + _link("l1", "heavy") + _joint("j1", "base", "l1"), {},
     "{path}: link 'l1': <inertial><mass value=...> must be a number, got 'heavy'"),
])
def test_malformed_urdf(tmp_path, body, kwargs, message):
    path = _write(tmp_path, body)
    with pytest.raises(ValueError, match=re.escape(message.format(path=path))):
        urdf.load(path, **kwargs)


L1 = _link("base") + _link("l1", 1.0)
INERTIA = '<inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/>'


def _inertial_link(inner):
    return _link("base") + f'<link name="l1"><inertial>{inner}</inertial></link>'


# Counts of numbers and repeated elements, which yourdfpy trims, pads or drops silently
@pytest.mark.parametrize(("body", "message"), [
    (L1 + _joint("j1", "base", "l1", xyz="0 0 1 2"),
     "{path}: joint 'j1': <origin xyz=...> must be 3 numbers, got 4 ('0 0 1 2')"),
    (L1 + _joint("j1", "base", "l1", xyz="0 1"),
     "{path}: joint 'j1': <origin xyz=...> must be 3 numbers, got 2 ('0 1')"),
    (L1 + _joint("j1", "base", "l1", rpy="0 1"),
     "{path}: joint 'j1': <origin rpy=...> must be 3 numbers, got 2 ('0 1')"),
    (L1 + _joint("j1", "base", "l1", axis="0 1"),
     "{path}: joint 'j1': <axis xyz=...> must be 3 numbers, got 2 ('0 1')"),
    (L1 + _joint("j1", "base", "l1", axis="0 0 1 0"),
     "{path}: joint 'j1': <axis xyz=...> must be 3 numbers, got 4 ('0 0 1 0')"),
    (L1 + _joint("j1", "base", "l1", axis=""),
     "{path}: joint 'j1': <axis xyz=...> must be 3 numbers, got 0 ('')"),
    (L1 + _joint("j1", "base", "l1", axis="0 0 z"),
     "{path}: joint 'j1': <axis xyz=...> must be 3 numbers, got '0 0 z'"),
    (L1 + _joint("j1", "base", "l1", xyz="0 0 nan"),
     "{path}: joint 'j1': <origin xyz=...> must be finite, got '0 0 nan'"),
    (_link("base") + _link("l1", 1.0, xyz="0.1 0.2") + _joint("j1", "base", "l1"),
     "{path}: link 'l1': <inertial><origin xyz=...> must be 3 numbers, got 2 ('0.1 0.2')"),
    (_link("base") + _link("l1", 1.0, rpy="0 0 0 1") + _joint("j1", "base", "l1"),
     "{path}: link 'l1': <inertial><origin rpy=...> must be 3 numbers, got 4 ('0 0 0 1')"),
    (_link("base") + _link("l1", "1 2") + _joint("j1", "base", "l1"),
     "{path}: link 'l1': <inertial><mass value=...> must be a number, got 2 ('1 2')"),
    (_link("base") + _link("l1", 1.0, inertia=("1 0", 0, 0, 1, 0, 1)) + _joint("j1", "base", "l1"),
     "{path}: link 'l1': <inertial><inertia ixx=...> must be a number, got 2 ('1 0')"),
    (_link("base") + _link("l1", 1.0, inertia=(1, 0, 0, 1, 0, "inf")) + _joint("j1", "base", "l1"),
     "{path}: link 'l1': <inertial><inertia izz=...> must be finite, got 'inf'"),
    (L1 + _joint("j1", "base", "l1", extra='<origin xyz="1 0 0"/>'),
     "{path}: joint 'j1' must have at most one <origin>, got 2 <origin> elements"),
    (L1 + _joint("j1", "base", "l1", extra='<axis xyz="1 0 0"/>'),
     "{path}: joint 'j1' must have at most one <axis>, got 2 <axis> elements"),
    (L1 + _joint("j1", "base", "l1", extra='<parent link="l1"/>'),
     "{path}: joint 'j1' must have at most one <parent>, got 2 <parent> elements"),
    (L1 + _joint("j1", "base", "l1", extra='<limit lower="0" upper="1" effort="1" '
                                          'velocity="1"/>'),
     "{path}: joint 'j1' must have at most one <limit>, got 2 <limit> elements"),
    (_link("base") + '<link name="l1"><inertial><mass value="1"/>' + INERTIA + '</inertial>'
     '<inertial><mass value="2"/>' + INERTIA + '</inertial></link>' + _joint("j1", "base", "l1"),
     "{path}: link 'l1' must have at most one <inertial>, got 2 <inertial> elements"),
    (_inertial_link('<mass value="1"/><mass value="2"/>' + INERTIA) + _joint("j1", "base", "l1"),
     "{path}: link 'l1': <inertial> must have at most one <mass>, got 2 <mass> elements"),
    (_inertial_link('<mass value="1"/>' + INERTIA + INERTIA) + _joint("j1", "base", "l1"),
     "{path}: link 'l1': <inertial> must have at most one <inertia>, got 2 <inertia> elements"),
    (_inertial_link('<origin xyz="0 0 0"/><origin xyz="1 0 0"/><mass value="1"/>' + INERTIA)
     + _joint("j1", "base", "l1"),
     "{path}: link 'l1': <inertial> must have at most one <origin>, got 2 <origin> elements"),
    (L1 + '<joint name="j1" type="revolute"><child link="l1"/><axis xyz="0 0 1"/></joint>',
     "{path}: joint 'j1' must have a <parent link=...>, got none"),
    (L1 + '<joint name="j1" type="revolute"><parent link="base"/></joint>',
     "{path}: joint 'j1' must have a <child link=...>, got none"),
    (L1 + '<joint name="j1" type="revolute"><parent/><child link="l1"/></joint>',
     "{path}: joint 'j1' must have a <parent link=...>, got <parent> without a link attribute"),
    (L1 + '<joint type="revolute"><parent link="base"/><child link="l1"/></joint>',
     "{path}: <joint> number 1 must have a name attribute, got none"),
    (_link("base") + '<link><inertial><mass value="1"/>' + INERTIA + '</inertial></link>',
     "{path}: <link> number 2 must have a name attribute, got none"),
], ids=["xyz-4", "xyz-2", "rpy-2", "axis-2", "axis-4", "axis-empty", "axis-letter", "xyz-nan",
        "com-2", "com-rpy-4", "mass-2", "ixx-2", "izz-inf", "origin-twice", "axis-twice",
        "parent-twice", "limit-twice", "inertial-twice", "mass-twice", "inertia-twice",
        "com-twice", "no-parent", "no-child", "parent-without-link", "joint-unnamed",
        "link-unnamed"])
def test_numbers_and_repeated_elements(tmp_path, body, message):
    path = _write(tmp_path, body)
    with pytest.raises(ValueError, match=re.escape(message.format(path=path))):
        urdf.load(path)


@pytest.mark.parametrize(("text", "message"), [
    ('<robot name="t"/>', "{path}: the <robot> element must contain at least one <link>, "
                          "got an empty <robot> element"),
    ('<robot name="t"><material name="red"/></robot>',
     "{path}: the <robot> element must contain at least one <link>, got only <material>"),
    ('<robot><link name="a"/></robot>',
     "{path}: the <robot> element must have a name attribute, got none"),
])
def test_robot_element_without_content(tmp_path, text, message):
    path = tmp_path / "r.urdf"
    path.write_text(text)
    with pytest.raises(ValueError, match=re.escape(message.format(path=path))):
        urdf.load(path)


def test_example_robot_data_stub_ur3():
    """example-robot-data ships ur_description/urdf/ur3.urdf as a xacro leftover: a
    <robot> element with only a comment inside (yourdfpy: KeyError 'name')."""
    path = Path(robots_dir()) / "ur_description" / "urdf" / "ur3.urdf"
    assert path.is_file(), path
    msg = f"{path}: the <robot> element must contain at least one <link>, got an empty <robot>"
    with pytest.raises(ValueError, match=re.escape(msg)):
        urdf.chain_from_urdf(path)


@pytest.mark.parametrize("role", ["base_link", "tip_link"])
@pytest.mark.parametrize(("value", "got"), [(["base"], "['base'] (list)"), (3, "3 (int)"),
                                            (b"l1", "b'l1' (bytes)")])
def test_link_names_must_be_strings(tmp_path, role, value, got):
    path = _write(tmp_path, GOOD)
    with pytest.raises(ValueError, match=re.escape(f"{role} must be a link name (str) or None, "
                                                   f"got {got}")):
        urdf.load(path, **{role: value})


def test_malformed_files(tmp_path):
    missing = tmp_path / "missing.urdf"
    with pytest.raises(ValueError, match=re.escape(f"URDF file not found: {missing}")):
        urdf.chain_from_urdf(missing)
    bad = tmp_path / "bad.urdf"
    bad.write_text('<robot name="t"><link name="a"></robot>')
    msg = f"{bad} is not well-formed XML: mismatched tag"
    with pytest.raises(ValueError, match=re.escape(msg)):
        urdf.chain_from_urdf(bad)
    other = tmp_path / "other.urdf"
    other.write_text('<mujoco model="t"/>')
    with pytest.raises(ValueError,
                       match=re.escape(f"{other} must have a <robot> root element, got <mujoco>")):
        urdf.chain_from_urdf(other)
    with pytest.raises(ValueError, match=r"path must be a file name \(str or os.PathLike\), got 3"):
        urdf.chain_from_urdf(3)
    with pytest.raises(ValueError, match="chain must be a chaindyn.Chain, got str"):
        urdf.to_urdf("x")


def test_meshes_are_not_needed(tmp_path):
    """The Panda file references meshes by package:// paths; a copy in a directory
    without them loads all the same."""
    path, _ = robot_urdf("Panda")
    copy = tmp_path / "panda.urdf"
    shutil.copy(path, copy)
    assert urdf.load(copy, tip_link="panda_hand").chain.n == 7
