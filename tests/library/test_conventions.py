"""One test per convention of appendix A (book/appendix_conventions): what each library
means by its vectors, frames, inertias, tip wrench, gravity and joints, checked on the
smallest model that shows it.

Each test asks the library itself (no chaindyn adapter in between), so a change of
convention in a new release fails here, named, before it shows up as a mismatch in
tests/test_interop.py.  The appendix's table names these tests; keep the names in step.
"""

import inspect

import numpy as np
import pytest
from _refs import reference
from _robots import robot_urdf

import chaindyn as cd
from chaindyn import spatial, urdf

pin = reference("pinocchio")
mujoco = reference("mujoco")
mr = reference("modern_robotics")
rtb = reference("roboticstoolbox")
reference("yourdfpy")

EPS = 1e-14


def _rz(a):
    c, s = np.cos(a), np.sin(a)
    return np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])


def _ry(a):
    c, s = np.cos(a), np.sin(a)
    return np.array([[c, 0.0, s], [0.0, 1.0, 0.0], [-s, 0.0, c]])


def _rx(a):
    c, s = np.cos(a), np.sin(a)
    return np.array([[1.0, 0.0, 0.0], [0.0, c, -s], [0.0, s, c]])


def _trans(p, R=None):
    T = np.eye(4)
    T[:3, 3] = p
    if R is not None:
        T[:3, :3] = R
    return T


# ----------------------------------------------------------------------------- chaindyn


def _two_links():
    """Joint 1 about z of {1} = {0}; joint 2 about z of {2}, whose origin is 1 m along x1."""
    G = spatial.spatial_inertia(1.0, [0.5, 0, 0], np.diag([0.01, 0.02, 0.02]))
    home = [np.eye(4), _trans([-1.0, 0, 0])]  # M_{i,i-1}: pose of {i-1} in {i}
    return cd.Chain(home, [[0, 0, 1, 0, 0, 0]] * 2, [G, G])


def test_chaindyn_twist_is_angular_then_linear():
    """V_i = (omega, v) in {i}, v the velocity of the point at the origin of {i}."""
    V = cd.link_twists(_two_links(), [0.0, 0.0], [2.0, 0.0])
    np.testing.assert_allclose(V[0], [0, 0, 2, 0, 0, 0], atol=EPS)
    # {2}'s origin is 1 m from joint 1's axis: v = omega x r = (0, 2, 0)
    np.testing.assert_allclose(V[1], [0, 0, 2, 0, 2, 0], atol=EPS)


def test_chaindyn_wrench_is_moment_then_force_about_frame_origin():
    """F_1 = (moment about the origin of {1}, force) in {1}: a 2 kg link, COM 0.5 m out,
    held still against gravity -y."""
    G = spatial.spatial_inertia(2.0, [0.5, 0, 0], np.diag([0.01, 0.02, 0.02]))
    chain = cd.Chain([np.eye(4)], [[0, 0, 1, 0, 0, 0]], [G])
    F = cd.joint_wrenches(chain, [0.0], [0.0], [0.0], gravity=[0, -9.81, 0])[0]
    np.testing.assert_allclose(F, [0, 0, 9.81, 0, 19.62, 0], atol=1e-13)


def test_chaindyn_inertia_is_about_the_frame_origin():
    """G_i = [[I_c - m [c]^2, m [c]], [-m [c], m 1]] about the origin of {i}; the chain
    gives back I_c about the COM."""
    m, c, Ic = 2.0, np.array([0.1, -0.2, 0.3]), np.diag([0.01, 0.02, 0.025])
    G = spatial.spatial_inertia(m, c, Ic)
    np.testing.assert_allclose(G[:3, :3], Ic + m * ((c @ c) * np.eye(3) - np.outer(c, c)),
                               atol=EPS)
    np.testing.assert_allclose(G[3:, 3:], m * np.eye(3), atol=0)
    np.testing.assert_allclose(G[:3, 3:], m * spatial.skew(c), atol=0)
    chain = cd.Chain([np.eye(4)], [[0, 0, 1, 0, 0, 0]], [G])
    np.testing.assert_allclose(chain.inertias_com[0], Ic, atol=EPS)
    np.testing.assert_allclose(chain.coms[0], c, atol=EPS)


def test_chaindyn_default_gravity():
    """Gravity is a vector in {0}, default (0, 0, -9.80665), entered as the base
    acceleration (0, -g): a link 0.5 m out along x, jointed about y, needs +m g r."""
    for f in (cd.rnea, cd.joint_wrenches, cd.gravity_torque, cd.bias_force):
        default = inspect.signature(f).parameters["gravity"].default
        assert tuple(default) == (0.0, 0.0, -cd.STANDARD_GRAVITY)
    G = spatial.spatial_inertia(2.0, [0.5, 0, 0], np.diag([0.01, 0.02, 0.02]))
    chain = cd.Chain([np.eye(4)], [[0, -1, 0, 0, 0, 0]], [G])  # +tau lifts the link
    assert cd.gravity_torque(chain, [0.0])[0] == pytest.approx(2.0 * 0.5 * 9.80665, abs=EPS)


def test_chaindyn_joint_type_from_screw():
    """A joint is revolute when omega != 0 (unit) and prismatic when omega = 0, v unit;
    one coordinate per joint (nq = nv = n)."""
    G = spatial.spatial_inertia(1.0, [0, 0, 0], np.eye(3) * 0.01)
    chain = cd.Chain([np.eye(4)] * 2, [[0, 0, 1, 0, 0, 0], [0, 0, 0, 0, 0, 1]], [G, G])
    assert chain.joint_types == ("revolute", "prismatic")
    assert cd.rnea(chain, [0.1, 0.2], [0.0, 0.0], [0.0, 0.0]).shape == (2,)


# ----------------------------------------------------------------------------- Pinocchio


def test_pinocchio_spatial_vectors_are_linear_then_angular():
    lin, ang = np.array([1.0, 2.0, 3.0]), np.array([4.0, 5.0, 6.0])
    for v in (pin.Motion(lin, ang), pin.Force(lin, ang)):
        np.testing.assert_array_equal(v.vector[:3], lin)
        np.testing.assert_array_equal(v.vector[3:], ang)
        np.testing.assert_array_equal(v.linear, lin)
        np.testing.assert_array_equal(v.angular, ang)


def test_pinocchio_inertia_is_lever_and_com_inertia():
    """pin.Inertia(m, lever, I_c): lever = COM in the joint frame, I_c about the COM; its
    6x6 matrix is chaindyn's G with the (linear, angular) blocks swapped."""
    m, c, Ic = 2.0, np.array([0.1, -0.2, 0.3]), np.array([[0.02, 0.001, 0.0],
                                                           [0.001, 0.03, 0.002],
                                                           [0.0, 0.002, 0.025]])
    Y = pin.Inertia(m, c, Ic)
    P = np.block([[np.zeros((3, 3)), np.eye(3)], [np.eye(3), np.zeros((3, 3))]])
    np.testing.assert_allclose(Y.matrix(), P @ spatial.spatial_inertia(m, c, Ic) @ P,
                               atol=EPS)
    np.testing.assert_allclose(Y.inertia, Ic, atol=EPS)  # stored about the COM


def test_pinocchio_inertia_se3action_is_the_frame_change_of_the_6x6():
    """Y.se3Action(M) with M = pin.SE3(R, p) the pose of the body's frame {b} in {a}:
    the same body's inertia in {a}, i.e. (blocks swapped) the book's congruence
    G_a = Ad_{T_ba}^T G_b Ad_{T_ba}; and the body built directly in {a} (COM R c + p,
    I_c turned to R I_c R^T) is the same matrix."""
    m, c, Ic = 2.0, np.array([0.1, -0.2, 0.3]), np.array([[0.02, 0.001, 0.0],
                                                           [0.001, 0.03, 0.002],
                                                           [0.0, 0.002, 0.025]])
    R, p = _rz(0.7) @ _ry(-0.4) @ _rx(1.1), np.array([0.5, -0.3, 0.8])
    P = np.block([[np.zeros((3, 3)), np.eye(3)], [np.eye(3), np.zeros((3, 3))]])
    moved = pin.Inertia(m, c, Ic).se3Action(pin.SE3(R, p)).matrix()
    X = spatial.Ad(np.linalg.inv(_trans(p, R)))  # Ad_{T_ba}
    G_a = X.T @ spatial.spatial_inertia(m, c, Ic) @ X
    np.testing.assert_allclose(moved, P @ G_a @ P, atol=1e-13)
    direct = pin.Inertia(m, R @ c + p, R @ Ic @ R.T).matrix()
    np.testing.assert_allclose(moved, direct, atol=1e-13)
    assert np.abs(moved - P @ spatial.spatial_inertia(m, c, Ic) @ P).max() > 0.1  # it moved


def test_pinocchio_fext_acts_on_the_body_in_the_joint_frame():
    """One joint about its local x, placed turned by Rz(90 deg) (local x = world y).
    A pure moment (1, 0, 0) in fext, given in the JOINT frame and acting ON the body,
    needs tau = -1: rnea returns ID - J^T fext.  The same numbers read in the world frame
    would be perpendicular to the axis and give 0."""
    model = pin.Model()
    jid = model.addJoint(0, pin.JointModelRX(), pin.SE3(_rz(np.pi / 2), np.zeros(3)), "j")
    model.appendBodyToJoint(jid, pin.Inertia(1.0, np.zeros(3), 0.1 * np.eye(3)),
                            pin.SE3.Identity())
    model.gravity = pin.Motion.Zero()
    data = model.createData()
    z = np.zeros(1)

    def tau(linear, angular):
        fext = [pin.Force.Zero(), pin.Force(np.array(linear, float), np.array(angular, float))]
        return pin.rnea(model, data, z, z, z, fext)[0]

    assert tau([0, 0, 0], [1, 0, 0]) == pytest.approx(-1.0, abs=EPS)
    assert tau([0, 0, 0], [0, 1, 0]) == pytest.approx(0.0, abs=EPS)
    assert tau([1, 0, 0], [0, 0, 0]) == pytest.approx(0.0, abs=EPS)  # force first, no moment


def test_pinocchio_default_gravity():
    """Default gravity (0, 0, -9.81), a Motion whose LINEAR part is the gravity vector;
    the URDF parser keeps it."""
    for model in (pin.Model(), pin.buildModelFromUrdf(robot_urdf("UR5")[0])):
        np.testing.assert_array_equal(model.gravity.linear, [0.0, 0.0, -9.81])
        np.testing.assert_array_equal(model.gravity.angular, np.zeros(3))


# ----------------------------------------------------------------------------- MuJoCo

_MJ_TWO = """
<mujoco>
  <compiler angle="radian" inertiafromgeom="false"/>
  <option gravity="0 0 0"><flag contact="disable"/></option>
  <worldbody>
    <body name="a" pos="0.2 0 0.1">
      <joint type="hinge" axis="0 0 1"/>
      <inertial pos="0.5 0 0" mass="2" diaginertia="0.01 0.02 0.02"/>
      <body name="b" pos="1 0 0">
        <joint type="hinge" axis="0 1 0"/>
        <inertial pos="0.3 0 0.1" mass="1" diaginertia="0.01 0.01 0.01"/>
      </body>
    </body>
  </worldbody>
</mujoco>
"""


def _mj(xml):
    model = mujoco.MjModel.from_xml_string(xml)
    return model, mujoco.MjData(model)


def test_mujoco_cvel_is_angular_then_linear_at_subtree_com():
    """cvel[b] = (omega, v) in world axes, v the velocity of the body-fixed point that is
    at subtree_com of the tree's root body (one point for the whole tree)."""
    model, data = _mj(_MJ_TWO)
    q, qd = np.array([0.3, -0.4]), np.array([1.2, -0.7])
    data.qpos[:], data.qvel[:] = q, qd
    mujoco.mj_forward(model, data)
    c = data.subtree_com[model.body_rootid[2]].copy()
    assert np.abs(c - data.xipos[2]).max() > 0.1  # not body b's own COM
    R, p = data.xmat[2].reshape(3, 3).copy(), data.xpos[2].copy()
    local = R.T @ (c - p)
    h, pts = 1e-6, []
    for s in (-1, 1):
        data.qpos[:] = q + s * h * qd
        mujoco.mj_kinematics(model, data)
        pts.append(data.xpos[2] + data.xmat[2].reshape(3, 3) @ local)
    v = (pts[1] - pts[0]) / (2 * h)
    data.qpos[:] = q
    mujoco.mj_forward(model, data)
    omega = qd[0] * np.array([0, 0, 1.0]) + qd[1] * (R @ [0, 1.0, 0])
    np.testing.assert_allclose(data.cvel[2, :3], omega, atol=1e-12)
    np.testing.assert_allclose(data.cvel[2, 3:], v, atol=1e-8)


_MJ_ONE = """
<mujoco>
  <compiler angle="radian" inertiafromgeom="false"/>
  <option gravity="0 0 0"><flag contact="disable"/></option>
  <worldbody>
    <body name="a">
      <joint type="hinge" axis="0 0 1"/>
      <inertial pos="0.5 0 0" mass="2" diaginertia="0.01 0.02 0.02"/>
    </body>
  </worldbody>
</mujoco>
"""


def test_mujoco_xfrc_applied_is_force_then_torque_at_com_in_world():
    """xfrc_applied[b] = (force, torque) ON body b, world axes, applied at its COM xipos;
    mj_inverse ignores it."""
    model, data = _mj(_MJ_ONE)
    M = 0.02 + 2.0 * 0.5 ** 2  # Izz about the axis

    def generalized(q, xfrc):
        data.qpos[:], data.qvel[:] = q, 0.0
        data.xfrc_applied[1] = xfrc
        mujoco.mj_forward(model, data)
        return M * data.qacc[0]

    # at q = 0 the COM is at (0.5, 0, 0): a force +y there turns the body by +0.5 N m
    assert generalized(0.0, [0, 1, 0, 0, 0, 0]) == pytest.approx(0.5, abs=1e-12)
    assert generalized(0.0, [0, 0, 0, 0, 1, 0]) == pytest.approx(0.0, abs=1e-12)
    assert generalized(0.0, [0, 0, 0, 0, 0, 1]) == pytest.approx(1.0, abs=1e-12)
    # at q = pi/2 the COM is at (0, 0.5, 0): a WORLD force +x gives -0.5 N m
    assert generalized(np.pi / 2, [1, 0, 0, 0, 0, 0]) == pytest.approx(-0.5, abs=1e-12)
    # mj_inverse does not see xfrc_applied
    data.qacc[:] = 0.0
    mujoco.mj_inverse(model, data)
    assert data.qfrc_inverse[0] == 0.0


def test_mujoco_inverse_reads_qacc_from_the_buffer():
    """mj_inverse takes qacc from data; mj_forward overwrites it, so it must be set before
    every mj_inverse call."""
    model, data = _mj(_MJ_ONE)
    data.qfrc_applied[:] = 3.0
    mujoco.mj_forward(model, data)  # leaves qacc = M^-1 * 3 in the buffer
    data.qfrc_applied[:] = 0.0
    mujoco.mj_inverse(model, data)
    assert data.qfrc_inverse[0] == pytest.approx(3.0, abs=1e-12)  # the stale qacc's torque
    data.qacc[:] = 0.0
    mujoco.mj_inverse(model, data)
    assert data.qfrc_inverse[0] == 0.0


def test_mujoco_fullinertia_is_about_the_com_in_body_axes():
    """<inertial pos=c fullinertia="Ixx Iyy Izz Ixy Ixz Iyz">: inertia about the COM in
    the body's axes; MuJoCo stores it diagonalised (body_iquat, (w, x, y, z))."""
    Ic = np.array([[0.02, 0.003, -0.001], [0.003, 0.03, 0.002], [-0.001, 0.002, 0.025]])
    full = " ".join(repr(float(x)) for x in (Ic[0, 0], Ic[1, 1], Ic[2, 2], Ic[0, 1], Ic[0, 2],
                                       Ic[1, 2]))
    xml = _MJ_ONE.replace('diaginertia="0.01 0.02 0.02"', f'fullinertia="{full}"')
    model, _ = _mj(xml)
    R = np.zeros(9)
    mujoco.mju_quat2Mat(R, model.body_iquat[1])
    R = R.reshape(3, 3)
    np.testing.assert_allclose(R @ np.diag(model.body_inertia[1]) @ R.T, Ic, atol=1e-14)
    np.testing.assert_allclose(model.body_ipos[1], [0.5, 0, 0], atol=0)
    with pytest.raises(ValueError, match="at most one of 'fullinertia', 'quat'"):
        _mj(xml.replace("<inertial ", '<inertial quat="1 0 0 0" '))


def test_mujoco_joint_terms_enter_the_dynamics():
    """A joint's armature adds to the diagonal of M; damping and stiffness give passive
    forces -b qd and -k (q - springref).  chaindyn's MJCF sets them to 0."""
    xml = _MJ_ONE.replace('axis="0 0 1"/>',
                          'axis="0 0 1" armature="0.1" damping="0.5" stiffness="2"/>')
    model, data = _mj(xml)
    data.qpos[:], data.qvel[:] = 0.3, 1.0
    mujoco.mj_forward(model, data)
    M = np.zeros((1, 1))
    mujoco.mj_fullM(model, data, M)
    assert M[0, 0] == pytest.approx(0.02 + 2.0 * 0.5 ** 2 + 0.1, abs=1e-14)
    assert data.qfrc_passive[0] == pytest.approx(-0.5 * 1.0 - 2.0 * 0.3, abs=1e-14)


def test_mujoco_defaults_gravity_and_degrees():
    """Default gravity (0, 0, -9.81); default angle unit degrees (a hinge range of 90 is
    pi/2 rad), hence angle="radian" in generated MJCF."""
    model = mujoco.MjModel.from_xml_string("<mujoco/>")
    np.testing.assert_array_equal(model.opt.gravity, [0.0, 0.0, -9.81])
    xml = _MJ_ONE.replace('<compiler angle="radian" inertiafromgeom="false"/>',
                          '<compiler inertiafromgeom="false"/>').replace(
        'axis="0 0 1"/>', 'axis="0 0 1" range="0 90"/>')
    model, _ = _mj(xml)
    assert model.jnt_range[0, 1] == pytest.approx(np.pi / 2, abs=EPS)


# ----------------------------------------------------------------------------- modern_robotics


def _mr_one_link(r=0.25, L=0.5, m=2.0, izz=0.02):
    """A link about the space z axis, COM r along x, tool frame L along x."""
    Mlist = [_trans([r, 0, 0]), _trans([L - r, 0, 0])]
    G = np.diag([0.01, 0.01, izz, m, m, m])
    Slist = np.array([[0, 0, 1, 0, 0, 0]], dtype=float).T
    return Mlist, [G], Slist


def test_mr_twist_is_angular_then_linear():
    V = np.array([1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    se3 = mr.VecTose3(V)
    np.testing.assert_array_equal(se3[:3, :3], spatial.skew(V[:3]))
    np.testing.assert_array_equal(se3[:3, 3], V[3:])


def test_mr_ftip_is_moment_then_force_applied_by_the_tip():
    """Ftip = (moment, force) the tip APPLIES, in the tool frame: a force +y at the tool
    0.5 m out needs +0.5 N m; a moment about z needs +1."""
    Mlist, Glist, Slist = _mr_one_link()
    z, g0 = np.zeros(1), np.zeros(3)

    def tau(F):
        return mr.InverseDynamics(z, z, z, g0, np.array(F, float), Mlist, Glist, Slist)[0]

    assert tau([0, 0, 0, 0, 1, 0]) == pytest.approx(0.5, abs=EPS)
    assert tau([0, 0, 1, 0, 0, 0]) == pytest.approx(1.0, abs=EPS)
    assert tau([0, 1, 0, 0, 0, 0]) == pytest.approx(0.0, abs=EPS)


def test_mr_gravity_is_a_required_vector():
    """g is the gravity vector itself (no default): -y gravity on a link along x needs
    +m g r."""
    for f in (mr.InverseDynamics, mr.GravityForces, mr.ForwardDynamics):
        assert inspect.signature(f).parameters["g"].default is inspect.Parameter.empty
    Mlist, Glist, Slist = _mr_one_link()
    tau = mr.GravityForces(np.zeros(1), np.array([0, -9.81, 0]), Mlist, Glist, Slist)[0]
    assert tau == pytest.approx(2.0 * 0.25 * 9.81, abs=EPS)


def test_mr_inertia_in_com_frame_rotational_block_first():
    """G_i = diag(I_c, m 1) in the COM frame: M = Izz + m r^2 about the joint."""
    Mlist, Glist, Slist = _mr_one_link()
    M = mr.MassMatrix(np.zeros(1), Mlist, Glist, Slist)[0, 0]
    assert M == pytest.approx(0.02 + 2.0 * 0.25 ** 2, abs=EPS)


# ----------------------------------------------------------------------------- Robotics Toolbox


def _rtb_one_link(**kw):
    link = rtb.RevoluteMDH(m=2.0, r=[0.25, 0, 0], I=np.diag([0.01, 0.01, 0.02]), **kw)
    return rtb.DHRobot([link])


def test_rtb_jacobian_rows_are_linear_then_angular():
    robot = rtb.DHRobot([rtb.RevoluteMDH(), rtb.RevoluteMDH(a=1.0)])
    J = robot.jacob0([0.0, 0.0])  # joint 2's frame is 1 m along x
    np.testing.assert_allclose(J[:, 0], [0, 1, 0, 0, 0, 1], atol=EPS)


def test_rtb_fext_is_force_then_moment_applied_by_the_tip():
    """rne(..., fext=(force, moment)) in the last frame, applied BY the end effector: a
    moment about the joint axis needs +1, a force through the axis nothing."""
    robot = _rtb_one_link()
    z, g0 = np.zeros(1), [0, 0, 0]
    assert robot.rne(z, z, z, gravity=g0, fext=[0, 0, 0, 0, 0, 1])[0] == pytest.approx(1.0)
    assert robot.rne(z, z, z, gravity=g0, fext=[0, 0, 1, 0, 0, 0])[0] == pytest.approx(0.0)


def test_rtb_inertia_vector_order():
    """A 6-vector inertia is [Ixx Iyy Izz Ixy Iyz Ixz], about the COM, link axes."""
    link = rtb.RevoluteMDH(I=[1.0, 2.0, 3.0, 4.0, 5.0, 6.0])
    np.testing.assert_array_equal(link.I, [[1, 4, 6], [4, 2, 5], [6, 5, 3]])
    robot = _rtb_one_link()
    assert robot.inertia(np.zeros(1))[0, 0] == pytest.approx(0.02 + 2.0 * 0.25 ** 2, abs=EPS)


def test_rtb_gravity_argument_is_the_gravity_vector():
    """robot.gravity defaults to (0, 0, -9.81); rne/gravload take the gravity vector
    itself: -y gravity on a link along x needs +m g r."""
    robot = _rtb_one_link()
    np.testing.assert_array_equal(robot.gravity, [0.0, 0.0, -9.81])
    tau = robot.gravload(np.zeros(1), gravity=[0, -9.81, 0])[0]
    assert tau == pytest.approx(2.0 * 0.25 * 9.81, abs=1e-12)


def test_rtb_rne_adds_motor_inertia_and_friction():
    """rne adds Jm G^2 qdd, viscous B G^2 qd and Coulomb Tc G to the rigid-body torque.
    They default to 0 on a new link but not on the toolbox's catalogue models."""
    z = np.zeros(1)
    base = _rtb_one_link()
    assert [base.links[0].Jm, base.links[0].B, *base.links[0].Tc] == [0, 0, 0, 0]
    rigid = base.rne(z, z, [1.0], gravity=[0, 0, 0])[0]
    armature = _rtb_one_link(Jm=0.01, G=10.0).rne(z, z, [1.0], gravity=[0, 0, 0])[0]
    assert armature - rigid == pytest.approx(0.01 * 10.0 ** 2, abs=1e-12)
    viscous = _rtb_one_link(B=0.1, G=10.0).rne(z, [1.0], z, gravity=[0, 0, 0])[0]
    assert viscous == pytest.approx(0.1 * 10.0 ** 2, abs=1e-12)
    coulomb = _rtb_one_link(Tc=[0.2, -0.3], G=10.0)
    assert coulomb.rne(z, [1.0], z, gravity=[0, 0, 0])[0] == pytest.approx(2.0, abs=1e-12)
    assert coulomb.rne(z, [-1.0], z, gravity=[0, 0, 0])[0] == pytest.approx(-3.0, abs=1e-12)
    puma = rtb.models.DH.Puma560()
    assert all(link.Jm > 0 and link.B > 0 for link in puma.links)


# ----------------------------------------------------------------------------- URDF


def _urdf(tmp_path, joint):
    text = f"""<?xml version="1.0"?>
<robot name="t">
  <link name="base"/>
  <link name="l1"><inertial><origin xyz="0.1 0 0"/><mass value="1"/>
    <inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial></link>
  {joint}
</robot>
"""
    path = tmp_path / "t.urdf"
    path.write_text(text)
    return path


def test_urdf_origin_rpy_is_fixed_axis_xyz(tmp_path):
    """<origin xyz rpy> places the child link's frame (= the joint frame) in the parent's
    at q = 0, R = Rz(yaw) Ry(pitch) Rx(roll); the axis is given in the joint frame."""
    rpy, xyz = (0.1, 0.2, 0.3), (0.4, -0.5, 0.6)
    path = _urdf(tmp_path, (
        '<joint name="j" type="revolute"><parent link="base"/><child link="l1"/>'
        f'<origin xyz="{xyz[0]} {xyz[1]} {xyz[2]}" rpy="{rpy[0]} {rpy[1]} {rpy[2]}"/>'
        '<axis xyz="1 0 0"/><limit lower="-3" upper="3" effort="1" velocity="1"/></joint>'))
    R = _rz(rpy[2]) @ _ry(rpy[1]) @ _rx(rpy[0])
    assert np.abs(R - _rx(rpy[0]) @ _ry(rpy[1]) @ _rz(rpy[2])).max() > 0.01  # order matters
    chain = urdf.chain_from_urdf(path)
    T = cd.forward_kinematics(chain, [0.0])[0]
    np.testing.assert_allclose(T[:3, :3], R, atol=EPS)
    np.testing.assert_allclose(T[:3, 3], xyz, atol=EPS)
    np.testing.assert_allclose(cd.space_jacobian(chain, [0.0])[:3, 0], R[:, 0], atol=EPS)
    placement = pin.buildModelFromUrdf(str(path)).jointPlacements[1]
    np.testing.assert_allclose(placement.rotation, R, atol=EPS)
    np.testing.assert_allclose(spatial.rpy_matrix(rpy), R, atol=EPS)


def test_urdf_axis_defaults_to_x(tmp_path):
    """A joint without <axis> turns about x of its frame (chaindyn and Pinocchio)."""
    path = _urdf(tmp_path, (
        '<joint name="j" type="revolute"><parent link="base"/><child link="l1"/>'
        '<origin xyz="0 0 0" rpy="0 0 0"/>'
        '<limit lower="-3" upper="3" effort="1" velocity="1"/></joint>'))
    chain = urdf.load(path).chain
    np.testing.assert_array_equal(chain.screws[0], [1, 0, 0, 0, 0, 0])
    model = pin.buildModelFromUrdf(str(path))
    assert model.joints[1].shortname() == "JointModelRX"
