"""Cases from real bug reports: the sign of gravity, prismatic joints, one arm in DH,
MDH and screws, and inertias given in another frame, each with the expected values
computed independently in the report (closed forms, two implementations).

The vertical-plane 2R arm as reported gives each link an inertia about its
COM of diag(0.01, 0.01, Izz) with Izz = 0.10 and 0.05: those tensors violate the
triangle inequality (Ixx + Iyy < Izz) and are not a rigid body's, so Chain
rejects them (tested below).  Its torques depend only on Izz, because the
motion is planar about z; the tests use the physical thin-plate tensor
diag(Izz/2, Izz/2, Izz) and keep every expected number of the reports.
"""

import numpy as np
import pytest

import chaindyn as cd
from chaindyn import models
from chaindyn.spatial import rotate_inertia, rpy_matrix, spatial_inertia

G_VERTICAL = np.array([0.0, -9.81, 0.0])
Q_S = np.array([0.3, 0.6])
QD_S = np.array([1.0, -0.5])
QDD_S = np.array([0.2, 0.4])


def plate(izz):
    return np.diag([izz / 2, izz / 2, izz])


def vertical_2r_screw():
    """The vertical-plane 2R arm as a screw description (frames at the joints, axes +z)."""
    return models.planar_2r(masses=(2.0, 1.0), lengths=(1.0, 0.8), coms=(0.5, 0.4),
                               izz=(0.10, 0.05))


def test_vertical_2r_as_reported_is_rejected_as_non_physical():
    with pytest.raises(ValueError, match=r"triangle inequality .* got principal moments"):
        cd.Chain.from_mdh([[0, 0, 0, 0], [0, 1.0, 0, 0]], [2.0, 1.0],
                          [[0.5, 0, 0], [0.4, 0, 0]],
                          [np.diag([0.01, 0.01, 0.10]), np.diag([0.01, 0.01, 0.05])])


# ---------------------------------------------------------------- the sign of gravity
def one_link_pendulum():
    G = spatial_inertia(2.0, [0.5, 0.0, 0.0], np.diag([0.01, 0.02, 0.02]))
    return cd.Chain([np.eye(4)], [[0, 0, 1, 0, 0, 0]], [G])


@pytest.mark.parametrize("q, expected", [(0.0, 9.81), (np.pi / 2, 0.0), (0.7, 7.503102)])
def test_gravity_sign_single_link(q, expected):
    tau = cd.rnea(one_link_pendulum(), [q], [0.0], [0.0], gravity=G_VERTICAL)
    assert tau[0] == pytest.approx(expected, abs=1e-6)
    assert tau[0] == pytest.approx(9.81 * np.cos(q), abs=1e-13)


def test_vertical_2r_gravity_torque_independent_of_velocity():
    chain = vertical_2r_screw()
    g = cd.gravity_torque(chain, Q_S, gravity=G_VERTICAL)
    np.testing.assert_allclose(g, [21.182899, 2.439198], atol=5e-7)
    for qd in ([0.0, 0.0], QD_S, [3.0, -2.0], [-7.0, 11.0]):
        h = cd.bias_force(chain, Q_S, qd, gravity=G_VERTICAL)
        c = cd.coriolis_torque(chain, Q_S, qd)
        np.testing.assert_allclose(h - c, g, atol=1e-12)


# ---------------------------------------------------------------- prismatic joints
IZZ_1 = 0.01  # link 1 of the R-P arm: the cases file calls it massless; a Chain
IZZ_2 = 0.002  # needs m > 0, so it gets 1 kg on the joint axis (no effect at qdd = 0)


def rp_arm():
    hub = spatial_inertia(1.0, [0, 0, 0], np.diag([IZZ_1 / 2, IZZ_1 / 2, IZZ_1]))
    slider = spatial_inertia(2.0, [0, 0, 0], IZZ_2 * np.eye(3))
    screws = [[0, 0, 1, 0, 0, 0], [0, 0, 0, 1, 0, 0]]
    return cd.Chain(np.stack([np.eye(4)] * 2), screws, [hub, slider])


@pytest.mark.parametrize("f", [cd.rnea, cd.rnea_classic])
def test_rp_arm_coriolis_and_centripetal(f):
    tau = f(rp_arm(), [0.4, 0.5], [2.0, 0.3], [0.0, 0.0], gravity=np.zeros(3))
    np.testing.assert_allclose(tau, [1.2, -4.0], atol=1e-13)


@pytest.mark.parametrize("f", [cd.rnea, cd.rnea_classic])
def test_rp_arm_with_acceleration(f):
    tau = f(rp_arm(), [0.4, 0.5], [2.0, 0.3], [1.0, 0.5], gravity=np.zeros(3))
    # the cases file's (1.7, -3.0) for point masses, plus the hub and slider
    # inertias about the vertical axis times qdd_1 = 1
    np.testing.assert_allclose(tau, [1.7 + IZZ_1 + IZZ_2, -3.0], atol=1e-13)


@pytest.mark.parametrize("f", [cd.rnea, cd.rnea_classic])
def test_vertical_slider_holds_its_weight(f):
    G = spatial_inertia(2.0, [0, 0, 0], 0.01 * np.eye(3))
    chain = cd.Chain([np.eye(4)], [[0, 0, 0, 0, 1, 0]], [G])
    assert chain.joint_types == ("prismatic",)
    tau = f(chain, [0.25], [0.0], [0.0], gravity=G_VERTICAL)
    assert tau[0] == pytest.approx(19.62, abs=1e-13)


# ---------------------------------------------------------------- DH, MDH and screws
EXPECTED_TAU = [22.062400, 2.857081]


def vertical_2r_mdh():
    return cd.Chain.from_mdh([[0, 0, 0, 0], [0, 1.0, 0, 0]], [2.0, 1.0],
                             [[0.5, 0, 0], [0.4, 0, 0]], [plate(0.10), plate(0.05)])


def vertical_2r_dh():
    # standard DH frame i sits at the distal end of link i
    return cd.Chain.from_dh([[0, 0, 1.0, 0], [0, 0, 0.8, 0]], [2.0, 1.0],
                            [[-0.5, 0, 0], [-0.4, 0, 0]], [plate(0.10), plate(0.05)])


@pytest.mark.parametrize("build", [vertical_2r_mdh, vertical_2r_dh, vertical_2r_screw],
                         ids=["mdh", "dh", "screw"])
@pytest.mark.parametrize("f", [cd.rnea, cd.rnea_classic], ids=["spatial", "classic"])
def test_same_arm_in_mdh_dh_and_screws(build, f):
    tau = f(build(), Q_S, QD_S, QDD_S, gravity=G_VERTICAL)
    np.testing.assert_allclose(tau, EXPECTED_TAU, atol=5e-7)
    closed = models.planar_2r_closed_form(Q_S, QD_S, QDD_S, g=9.81, masses=(2.0, 1.0),
                                             lengths=(1.0, 0.8), coms=(0.5, 0.4),
                                             izz=(0.10, 0.05))
    np.testing.assert_allclose(tau, closed, atol=1e-13)


def test_standard_dh_axes_are_off_the_link_origin():
    chain = vertical_2r_dh()
    # joint 2 turns about z_1, which passes through the origin of {1}, 0.8 m
    # behind the origin of {2}: v = -omega x r = (0, 0.8, 0) with r = (-0.8, 0, 0)
    np.testing.assert_allclose(chain.screws[1], [0, 0, 1, 0, 0.8, 0], atol=1e-15)


# ---------------------------------------------------------------- inertias in another frame
def test_rotated_inertias():
    np.testing.assert_allclose(rotate_inertia(np.diag([1, 2, 2.5]), rpy_matrix([0, 0, np.pi / 2])),
                               np.diag([2, 1, 2.5]), atol=1e-15)
    np.testing.assert_allclose(
        rotate_inertia(np.diag([0.12, 0.12, 0.01]), rpy_matrix([0, np.pi / 2, 0])),
        np.diag([0.01, 0.12, 0.12]), atol=1e-15)
    # an isotropic tensor is unchanged by any rotation (here up to roundoff)
    np.testing.assert_allclose(rotate_inertia(np.eye(3), rpy_matrix([3, 4, 5])), np.eye(3),
                               rtol=0, atol=4 * np.finfo(float).eps)


def test_rpy_matches_urdf_order():
    # URDF: R = Rz(yaw) Ry(pitch) Rx(roll); roll alone turns y into z
    np.testing.assert_allclose(rpy_matrix([np.pi / 2, 0, 0]) @ [0, 1, 0], [0, 0, 1], atol=1e-15)
    np.testing.assert_allclose(rpy_matrix([0.1, 0.2, 0.3]),
                               rpy_matrix([0, 0, 0.3]) @ rpy_matrix([0, 0.2, 0])
                               @ rpy_matrix([0.1, 0, 0]), atol=1e-15)


def test_joint_about_link_x_sees_the_rotated_tensor():
    Ic = rotate_inertia(np.diag([1, 2, 2.5]), rpy_matrix([0, 0, np.pi / 2]))
    chain = cd.Chain([np.eye(4)], [[1, 0, 0, 0, 0, 0]], [spatial_inertia(1.0, [0, 0, 0], Ic)])
    tau = cd.rnea(chain, [0.0], [0.0], [1.0], gravity=np.zeros(3))
    assert tau[0] == pytest.approx(2.0, abs=1e-14)


def test_inertia_about_com_not_about_origin():
    G = spatial_inertia(2.0, [0.3, 0, 0], np.diag([0.05, 0.05, 0.05]))
    chain = cd.Chain([np.eye(4)], [[0, 0, 1, 0, 0, 0]], [G])
    M = cd.mass_matrix(chain, [0.4])
    assert M[0, 0] == pytest.approx(0.23, abs=1e-15)
    assert M[0, 0] != pytest.approx(0.41)
