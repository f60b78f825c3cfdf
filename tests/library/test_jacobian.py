"""Jacobians, their time derivatives and point accelerations (book §2.8, chaindyn.jacobian).

Oracles: the other Jacobian forms after the right change of frame or
reference point, central finite differences of forward kinematics, the
velocity recursions of chaindyn.classic and chaindyn.rnea, the tool-point accelerations
of a bug report (numbers computed there independently of this code), and Pinocchio.
"""

import numpy as np
import pytest
from _refs import reference

import chaindyn as cd
from chaindyn import classic, jacobian, models
from chaindyn.chain import Chain
from chaindyn.opcount import count
from chaindyn.spatial import Ad, Ad_rp, skew

RNG_SEED = 20280208
FD_STEP = 1e-6
FD_TOL = 1e-7  # central differences with h = 1e-6: truncation ~h^2, roundoff ~eps/h
ROUNDOFF = 1e-12


def _vee(X):
    """Twist (omega, v) of a 4x4 matrix [V] = [[[omega], v], [0, 0]]."""
    return np.array([X[2, 1], X[0, 2], X[1, 0], X[0, 3], X[1, 3], X[2, 3]])


def _sub(chain, k):
    """The first k links of a chain (frames and joints 1..k unchanged)."""
    return Chain(chain.home[:k], chain.screws[:k], chain.inertias[:k])


def _random_mdh(rng, n):
    rows = models.random_mdh_rows(n, rng)
    kinds = ["P" if k else "R" for k in rng.random(n) < 0.4]
    return rows, kinds


def _mdh_chain(rows, kinds):
    n = len(kinds)
    return Chain.from_mdh(rows, np.ones(n), np.zeros((n, 3)),
                          np.tile(np.diag([0.1, 0.1, 0.1]), (n, 1, 1)), kinds)


@pytest.fixture(params=range(2, 8), ids=lambda n: f"n{n}")
def case(request):
    rng = np.random.default_rng(RNG_SEED + request.param)
    chain = models.random_chain(request.param, rng, prismatic=0.4)
    q, qd, qdd = (rng.uniform(-2, 2, chain.n) for _ in range(3))
    return chain, rng, q, qd, qdd


def vertical_2r():
    """Kinematics of the vertical-plane 2R arm of the bug reports (its reported inertias are
    not physical and are replaced; the point accelerations need none)."""
    return models.planar_2r(masses=(2.0, 1.0), lengths=(1.0, 0.8), coms=(0.5, 0.4),
                            izz=(0.10, 0.05))


VERTICAL_2R_TOOL = np.array([0.8, 0.0, 0.0])
VERTICAL_2R_MDH = np.array([[0.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0]])
VERTICAL_2R_DH = np.array([[0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.8, 0.0]])


# ----------------------------------------------------------------------------- forms agree


def test_space_equals_adjoint_of_body(case):
    chain, _, q, _, _ = case
    T = cd.forward_kinematics(chain, q)[-1]
    np.testing.assert_allclose(cd.space_jacobian(chain, q), Ad(T) @ cd.body_jacobian(chain, q),
                               rtol=0, atol=ROUNDOFF)


def test_adjoint_recursion_equals_product_of_exponentials(case):
    chain, _, q, _, _ = case
    np.testing.assert_allclose(jacobian.space_jacobian_poe(chain, q), cd.space_jacobian(chain, q),
                               rtol=0, atol=ROUNDOFF)
    np.testing.assert_allclose(jacobian.forward_kinematics_poe(chain, q),
                               cd.forward_kinematics(chain, q)[-1], rtol=0, atol=ROUNDOFF)
    S, M = jacobian.space_screw_axes(chain)
    np.testing.assert_allclose(S, cd.space_jacobian(chain, np.zeros(chain.n)), atol=0)
    np.testing.assert_allclose(M, cd.forward_kinematics(chain, np.zeros(chain.n))[-1], atol=0)


def test_point_jacobian_is_a_change_of_reference_point(case):
    chain, rng, q, _, _ = case
    p = rng.uniform(-0.5, 0.5, 3)
    T = cd.forward_kinematics(chain, q)[-1]
    R, p0 = T[:3, :3], T[:3, :3] @ p + T[:3, 3]
    world = jacobian.point_jacobian(chain, q, p, frame="world")
    local = jacobian.point_jacobian(chain, q, p, frame="local")
    np.testing.assert_allclose(world, Ad_rp(np.eye(3), -p0) @ cd.space_jacobian(chain, q),
                               atol=ROUNDOFF)
    np.testing.assert_allclose(local, Ad_rp(np.eye(3), -p) @ cd.body_jacobian(chain, q),
                               atol=ROUNDOFF)
    np.testing.assert_allclose(world, np.kron(np.eye(2), R) @ local, atol=ROUNDOFF)
    # at the origin of {n}, "local" is the body Jacobian
    np.testing.assert_allclose(jacobian.point_jacobian(chain, q, frame="local"),
                               cd.body_jacobian(chain, q), atol=0)


@pytest.mark.parametrize("n", [1, 3, 6, 9])
def test_geometric_mdh_equals_point_jacobian(n):
    rng = np.random.default_rng(RNG_SEED + 100 + n)
    rows, kinds = _random_mdh(rng, n)
    chain = _mdh_chain(rows, kinds)
    tool = rng.uniform(-0.3, 0.3, 3)
    q = rng.uniform(-2, 2, (3, n))
    Jg = jacobian.geometric_jacobian_mdh(rows, q, kinds, tool=tool)
    Jp = jacobian.point_jacobian(chain, q, tool, frame="world")
    np.testing.assert_allclose(jacobian.swap_halves(Jg), Jp, atol=ROUNDOFF)
    np.testing.assert_allclose(jacobian.swap_halves(Jp), Jg, atol=ROUNDOFF)
    pose = np.eye(4)
    pose[:3, 3] = tool
    Jg_tool = jacobian.geometric_jacobian_mdh(rows, q, kinds, tool=pose)
    np.testing.assert_allclose(Jg_tool, Jg, atol=0)


def test_geometric_dh_equals_the_dh_chain():
    rng = np.random.default_rng(RNG_SEED + 200)
    n = 6
    rows, kinds = _random_mdh(rng, n)  # any numbers serve as a standard-DH table too
    chain = Chain.from_dh(rows, np.ones(n), np.zeros((n, 3)),
                          np.tile(np.diag([0.1, 0.1, 0.1]), (n, 1, 1)), kinds)
    q = rng.uniform(-2, 2, n)
    np.testing.assert_allclose(jacobian.swap_halves(jacobian.geometric_jacobian_dh(rows, q, kinds)),
                               jacobian.point_jacobian(chain, q, frame="world"), atol=ROUNDOFF)


def test_arm6r_geometric_jacobian_from_its_table():
    args = models.mdh_arguments(models.arm6r_table())
    arm = models.arm6r()
    q = models.ARM6R_GOAL
    Jg = jacobian.geometric_jacobian_mdh(args["mdh"], q, args["joint_types"], tool=[0, 0, 0.1])
    np.testing.assert_allclose(jacobian.swap_halves(Jg),
                               jacobian.point_jacobian(arm, q, [0, 0, 0.1]), atol=ROUNDOFF)


def test_vertical_2r_in_mdh_and_dh_give_one_jacobian():
    """z_{i-1} (standard DH) and z_i (modified DH) describe one geometry (the vertical-plane
    2R arm)."""
    q = np.array([0.3, 0.6])
    Jm = jacobian.geometric_jacobian_mdh(VERTICAL_2R_MDH, q, tool=VERTICAL_2R_TOOL)
    Jd = jacobian.geometric_jacobian_dh(VERTICAL_2R_DH, q)
    np.testing.assert_allclose(Jm, Jd, atol=1e-15)
    np.testing.assert_allclose(jacobian.swap_halves(Jm),
                               jacobian.point_jacobian(vertical_2r(), q, VERTICAL_2R_TOOL),
                               atol=1e-15)


# ----------------------------------------------------------------------------- finite differences


def _fd_pose(chain, q, i, h=FD_STEP):
    dq = np.zeros(chain.n)
    dq[i] = h
    Tp = cd.forward_kinematics(chain, q + dq)[-1]
    Tm = cd.forward_kinematics(chain, q - dq)[-1]
    return (Tp - Tm) / (2 * h)


def test_every_column_is_a_finite_difference_of_forward_kinematics(case):
    chain, rng, q, _, _ = case
    T = cd.forward_kinematics(chain, q)[-1]
    Tinv = np.linalg.inv(T)
    Js, Jb = cd.space_jacobian(chain, q), cd.body_jacobian(chain, q)
    p = rng.uniform(-0.3, 0.3, 3)
    Jp = jacobian.point_jacobian(chain, q, p)
    for i in range(chain.n):
        dT = _fd_pose(chain, q, i)
        np.testing.assert_allclose(Js[:, i], _vee(dT @ Tinv), atol=FD_TOL)
        np.testing.assert_allclose(Jb[:, i], _vee(Tinv @ dT), atol=FD_TOL)
        # point Jacobian: d(R p + t)/dq_i and the angular part of dR R^T
        np.testing.assert_allclose(Jp[3:, i], dT[:3, :3] @ p + dT[:3, 3], atol=FD_TOL)
        np.testing.assert_allclose(Jp[:3, i], _vee(dT @ Tinv)[:3], atol=FD_TOL)


def test_geometric_mdh_columns_are_finite_differences():
    rng = np.random.default_rng(RNG_SEED + 300)
    rows, kinds = _random_mdh(rng, 5)
    chain = _mdh_chain(rows, kinds)
    tool = np.array([0.1, -0.2, 0.3])
    q = rng.uniform(-2, 2, 5)
    Jg = jacobian.geometric_jacobian_mdh(rows, q, kinds, tool=tool)
    T = cd.forward_kinematics(chain, q)[-1]
    for i in range(5):
        dT = _fd_pose(chain, q, i)
        np.testing.assert_allclose(Jg[:3, i], dT[:3, :3] @ tool + dT[:3, 3], atol=FD_TOL)
        np.testing.assert_allclose(Jg[3:, i], _vee(dT @ np.linalg.inv(T))[:3], atol=FD_TOL)


# ----------------------------------------------------------------------------- velocities


def test_propagated_velocities_equal_jacobian_times_qd(case):
    chain, _, q, qd, _ = case
    omega, v, v_com = classic.link_velocities(chain, q, qd)
    V = cd.link_twists(chain, q, qd)
    for k in range(1, chain.n + 1):
        sub = _sub(chain, k)
        Jb = cd.body_jacobian(sub, q[:k])
        np.testing.assert_allclose(V[k - 1], Jb @ qd[:k], atol=ROUNDOFF)
        np.testing.assert_allclose(omega[k - 1], (Jb @ qd[:k])[:3], atol=ROUNDOFF)
        np.testing.assert_allclose(v[k - 1], (Jb @ qd[:k])[3:], atol=ROUNDOFF)
        Jc = jacobian.point_jacobian(sub, q[:k], chain.coms[k - 1], frame="local")
        np.testing.assert_allclose(v_com[k - 1], (Jc @ qd[:k])[3:], atol=ROUNDOFF)
        # and the space form: V_s = Ad_{T_{0,k}} V_k
        T = cd.forward_kinematics(chain, q)[k - 1]
        np.testing.assert_allclose(Ad(T) @ V[k - 1], cd.space_jacobian(sub, q[:k]) @ qd[:k],
                                   atol=ROUNDOFF)


def test_com_velocity_is_the_derivative_of_its_position(case):
    chain, _, q, qd, _ = case
    h = FD_STEP
    _, _, v_com = classic.link_velocities(chain, q, qd)
    Tp, Tm = cd.forward_kinematics(chain, q + h * qd), cd.forward_kinematics(chain, q - h * qd)
    T = cd.forward_kinematics(chain, q)
    for k in range(chain.n):
        c = chain.coms[k]
        dp = ((Tp[k, :3, :3] - Tm[k, :3, :3]) @ c + Tp[k, :3, 3] - Tm[k, :3, 3]) / (2 * h)
        np.testing.assert_allclose(v_com[k], T[k, :3, :3].T @ dp, atol=FD_TOL * 10)


# ----------------------------------------------------------------------------- derivatives


def test_jacobian_derivatives_are_finite_differences_along_qd(case):
    chain, _, q, qd, _ = case
    h = FD_STEP
    for J, Jdot in ((cd.space_jacobian, jacobian.space_jacobian_dot),
                    (cd.body_jacobian, jacobian.body_jacobian_dot)):
        fd = (J(chain, q + h * qd) - J(chain, q - h * qd)) / (2 * h)
        np.testing.assert_allclose(Jdot(chain, q, qd), fd, atol=FD_TOL * 10)
    np.testing.assert_allclose(jacobian.jdot_qd(chain, q, qd, "space"),
                               jacobian.space_jacobian_dot(chain, q, qd) @ qd, atol=0)
    np.testing.assert_allclose(jacobian.jdot_qd(chain, q, qd, "body"),
                               jacobian.body_jacobian_dot(chain, q, qd) @ qd, atol=0)


def test_space_and_body_accelerations_are_one_spatial_acceleration(case):
    """Ad_{T_0n} maps dV_b/dt to dV_s/dt (the spatial acceleration does not depend on
    the frame it is written in), which holds for Jdot qd only with the spatial reading."""
    chain, _, q, qd, qdd = case
    T = cd.forward_kinematics(chain, q)[-1]
    dVs = cd.space_jacobian(chain, q) @ qdd + jacobian.jdot_qd(chain, q, qd, "space")
    dVb = cd.body_jacobian(chain, q) @ qdd + jacobian.jdot_qd(chain, q, qd, "body")
    np.testing.assert_allclose(dVs, Ad(T) @ dVb, atol=1e-11)


def test_classical_acceleration_is_the_second_derivative_of_the_point(case):
    chain, rng, q, qd, qdd = case
    p = rng.uniform(-0.3, 0.3, 3)
    h = 1e-5

    def world_point_velocity(t):
        qt = q + qd * t + 0.5 * qdd * t * t
        return jacobian.point_jacobian(chain, qt, p) @ (qd + qdd * t)

    fd = (world_point_velocity(h) - world_point_velocity(-h)) / (2 * h)
    acc = jacobian.point_acceleration(chain, q, qd, qdd, p, frame="world", kind="classical")
    np.testing.assert_allclose(acc, fd, atol=1e-6)
    V = jacobian.point_jacobian(chain, q, p) @ qd
    spatial = jacobian.point_acceleration(chain, q, qd, qdd, p, frame="world", kind="spatial")
    np.testing.assert_allclose(acc[3:] - spatial[3:], np.cross(V[:3], V[3:]), atol=ROUNDOFF)
    np.testing.assert_allclose(acc[:3], spatial[:3], atol=0)
    R = cd.forward_kinematics(chain, q)[-1, :3, :3]
    for kind in ("classical", "spatial"):
        local = jacobian.point_acceleration(chain, q, qd, qdd, p, frame="local", kind=kind)
        world = jacobian.point_acceleration(chain, q, qd, qdd, p, frame="world", kind=kind)
        np.testing.assert_allclose(np.kron(np.eye(2), R) @ local, world, atol=ROUNDOFF)


def test_batch_equals_single_calls():
    rng = np.random.default_rng(RNG_SEED + 400)
    chain = models.random_chain(4, rng, prismatic=0.5)
    Q, QD, QDD = (rng.standard_normal((3, 4)) for _ in range(3))
    p = [0.1, 0.2, -0.1]
    calls = [
        lambda q, qd, qdd: jacobian.space_jacobian_poe(chain, q),
        lambda q, qd, qdd: jacobian.forward_kinematics_poe(chain, q),
        lambda q, qd, qdd: jacobian.point_jacobian(chain, q, p, "world"),
        lambda q, qd, qdd: jacobian.point_jacobian(chain, q, p, "local"),
        lambda q, qd, qdd: jacobian.space_jacobian_dot(chain, q, qd),
        lambda q, qd, qdd: jacobian.body_jacobian_dot(chain, q, qd),
        lambda q, qd, qdd: jacobian.jdot_qd(chain, q, qd, "body"),
        lambda q, qd, qdd: jacobian.point_acceleration(chain, q, qd, qdd, p, "local", "spatial"),
        lambda q, qd, qdd: jacobian.geometric_jacobian_mdh(np.ones((4, 4)), q, list("RPRP"), p),
        lambda q, qd, qdd: jacobian.geometric_jacobian_dh(np.ones((4, 4)), q, list("PRPR"), p),
    ]
    for f in calls:
        batched = f(Q, QD, QDD)
        for k in range(3):
            np.testing.assert_allclose(batched[k], f(Q[k], QD[k], QDD[k]), atol=1e-15)


# ----------------------------------------------------------------------------- tool point


def test_classical_versus_spatial_acceleration_of_the_tool_point():
    q, qd, qdd = np.array([0.3, 0.6]), np.array([1.0, -0.5]), np.zeros(2)
    chain = vertical_2r()
    V = jacobian.point_jacobian(chain, q, VERTICAL_2R_TOOL) @ qd
    np.testing.assert_allclose(V[:3], [0, 0, 0.5], atol=1e-6)
    np.testing.assert_allclose(V[3:], [-0.608851, 1.203980, 0], atol=1e-6)
    classical = jacobian.point_acceleration(chain, q, qd, qdd, VERTICAL_2R_TOOL, kind="classical")
    spatial = jacobian.point_acceleration(chain, q, qd, qdd, VERTICAL_2R_TOOL, kind="spatial")
    np.testing.assert_allclose(classical[3:], [-1.079658, -0.452186, 0], atol=1e-6)
    np.testing.assert_allclose(spatial[3:], [-0.477668, -0.147760, 0], atol=1e-6)
    np.testing.assert_allclose(classical[3:] - spatial[3:], np.cross(V[:3], V[3:]), atol=1e-15)
    # with qdd = 0 the spatial acceleration is Jdot qd, moved to the tool point
    T = cd.forward_kinematics(chain, q)[-1]
    p0 = T[:3, :3] @ VERTICAL_2R_TOOL + T[:3, 3]
    np.testing.assert_allclose(Ad_rp(np.eye(3), -p0) @ jacobian.jdot_qd(chain, q, qd), spatial,
                               atol=1e-15)
    # and the (v, omega) geometric Jacobian of the MDH table gives the same velocity
    Vg = jacobian.geometric_jacobian_mdh(VERTICAL_2R_MDH, q, tool=VERTICAL_2R_TOOL) @ qd
    np.testing.assert_allclose(jacobian.swap_halves(Vg, axis=-1), V, atol=1e-15)


# ----------------------------------------------------------------------------- Pinocchio

pin = reference("pinocchio")


def _pin_chains():
    rng = np.random.default_rng(RNG_SEED + 500)
    out = [("arm6r", models.arm6r())]
    for n in range(2, 8):
        kinds = rng.random(n) < 0.4
        kinds[0], kinds[-1] = False, True
        out.append((f"random{n}", models.random_chain(n, rng, prismatic=kinds)))
    return out


PIN_CHAINS = _pin_chains()


def _rel(a, b):
    return np.abs(np.asarray(a) - np.asarray(b)).max() / max(1.0, np.abs(b).max())


def _lin_ang(J):
    """Pinocchio (linear, angular) rows -> chaindyn (omega, v)."""
    return jacobian.swap_halves(np.asarray(J))


@pytest.mark.parametrize("chain", [c for _, c in PIN_CHAINS], ids=[n for n, _ in PIN_CHAINS])
def test_pinocchio_frame_jacobians_of_every_link(chain):
    from chaindyn.interop import to_pinocchio

    model = to_pinocchio(chain)
    data = model.createData()
    rng = np.random.default_rng(RNG_SEED + 600 + chain.n)
    for q in rng.uniform(-np.pi, np.pi, (3, chain.n)):
        pin.computeJointJacobians(model, data, q)
        pin.updateFramePlacements(model, data)
        for k in range(1, chain.n + 1):
            fid = model.getFrameId(f"link{k}")
            sub, pad = _sub(chain, k), np.zeros((6, chain.n - k))
            ours = {
                pin.LOCAL: cd.body_jacobian(sub, q[:k]),
                pin.WORLD: cd.space_jacobian(sub, q[:k]),
                pin.LOCAL_WORLD_ALIGNED: jacobian.point_jacobian(sub, q[:k], frame="world"),
            }
            for rf, J in ours.items():
                ref = _lin_ang(pin.getFrameJacobian(model, data, fid, rf))
                assert _rel(np.hstack([J, pad]), ref) < ROUNDOFF, (k, rf)


def _with_tool_frame(chain, model, point):
    """Add a frame "tool" at ``point`` of {n} (axes of {n}) to a to_pinocchio model."""
    link = model.frames[model.getFrameId(f"link{chain.n}")]
    placement = link.placement.homogeneous.copy()
    placement[:3, 3] += placement[:3, :3] @ point
    return model.addFrame(pin.Frame("tool", link.parentJoint, model.getFrameId(f"link{chain.n}"),
                                    pin.SE3(placement), pin.FrameType.OP_FRAME), False)


@pytest.mark.parametrize("chain", [c for _, c in PIN_CHAINS], ids=[n for n, _ in PIN_CHAINS])
def test_pinocchio_accelerations_and_jacobian_derivatives(chain):
    from chaindyn.interop import to_pinocchio

    rng = np.random.default_rng(RNG_SEED + 700 + chain.n)
    point = rng.uniform(-0.3, 0.3, 3)
    model = to_pinocchio(chain)
    fid = _with_tool_frame(chain, model, point)
    data = model.createData()
    for _ in range(3):
        q = rng.uniform(-np.pi, np.pi, chain.n)
        qd, qdd = rng.uniform(-2, 2, (2, chain.n))
        pin.forwardKinematics(model, data, q, qd, qdd)
        pin.updateFramePlacements(model, data)
        for rf, frame in ((pin.LOCAL, "local"), (pin.LOCAL_WORLD_ALIGNED, "world")):
            a = pin.getFrameClassicalAcceleration(model, data, fid, rf)
            ours = jacobian.point_acceleration(chain, q, qd, qdd, point, frame, "classical")
            assert _rel(ours, np.r_[a.angular, a.linear]) < ROUNDOFF, rf
            a = pin.getFrameAcceleration(model, data, fid, rf)
            ours = jacobian.point_acceleration(chain, q, qd, qdd, point, frame, "spatial")
            assert _rel(ours, np.r_[a.angular, a.linear]) < ROUNDOFF, rf
            J = pin.computeFrameJacobian(model, data, q, fid, rf)
            assert _rel(jacobian.point_jacobian(chain, q, point, frame), _lin_ang(J)) < ROUNDOFF
        pin.computeJointJacobiansTimeVariation(model, data, q, qd)
        nfid = model.getFrameId(f"link{chain.n}")
        for rf, f in ((pin.LOCAL, jacobian.body_jacobian_dot),
                      (pin.WORLD, jacobian.space_jacobian_dot)):
            ref = _lin_ang(pin.getFrameJacobianTimeVariation(model, data, nfid, rf))
            assert _rel(f(chain, q, qd), ref) < ROUNDOFF, rf


# ----------------------------------------------------------------------------- operation counts

#: Multiplications inside matrix and dot products (rule "products"), per link and
#: fixed, for revolute (R) and prismatic (P) links: count(n) = per_link * n + fixed.
COUNTS = {
    "forward_kinematics": {"R": (117, 0), "P": (81, 0)},
    "space_jacobian": {"R": (180, 0), "P": (144, 0)},
    "space_jacobian_poe": {"R": (315, -27), "P": (216, -27)},
    "body_jacobian": {"R": (189, -27), "P": (153, -27)},
    "space_jacobian_dot": {"R": (216, 0), "P": (180, 0)},
    "body_jacobian_dot": {"R": (225, -27), "P": (189, -27)},
    "link_velocities": {"R": (99, 0), "P": (63, 0)},
    "link_twists": {"R": (207, 0), "P": (171, 0)},
}


def _count(name, chain, q):
    f = getattr(cd, name, None) or getattr(jacobian, name, None) or getattr(classic, name)
    if name in ("space_jacobian_dot", "body_jacobian_dot", "link_velocities", "link_twists"):
        return count(f, chain, q, q)
    return count(f, chain, q)


@pytest.mark.parametrize("name", sorted(COUNTS))
@pytest.mark.parametrize("kind", ["R", "P"])
def test_multiplications_are_linear_in_n(name, kind):
    rng = np.random.default_rng(RNG_SEED + 800)
    per_link, fixed = COUNTS[name][kind]
    for n in (1, 2, 3, 5, 8, 16):
        chain = models.random_chain(n, rng, prismatic=1.0 if kind == "P" else 0.0)
        assert _count(name, chain, rng.standard_normal(n)) == per_link * n + fixed, n


@pytest.mark.parametrize("n", [1, 2, 6, 12])
def test_geometric_jacobian_costs_63_products_per_link(n):
    rng = np.random.default_rng(RNG_SEED + 900 + n)
    rows, kinds = _random_mdh(rng, n)
    q = rng.standard_normal(n)
    assert count(jacobian.geometric_jacobian_mdh, rows, q, kinds) == 63 * n + 9
    assert count(jacobian.geometric_jacobian_dh, rows, q, kinds) == 63 * n + 9


# ----------------------------------------------------------------------------- long chains


def test_accumulated_rotations_stay_orthonormal_along_1000_links():
    rng = np.random.default_rng(RNG_SEED + 1000)
    chain = models.random_chain(1000, rng, prismatic=0.2)
    R = cd.forward_kinematics(chain, rng.uniform(-np.pi, np.pi, 1000))[..., :3, :3]
    drift = np.abs(np.swapaxes(R, -1, -2) @ R - np.eye(3)).max()
    assert drift < 1e-12


# ----------------------------------------------------------------------------- bad input


@pytest.mark.parametrize("call, message", [
    (lambda c: jacobian.point_jacobian(c, np.zeros(3), frame="base"),
     "frame must be 'world' or 'local', got 'base'"),
    (lambda c: jacobian.point_acceleration(c, *np.zeros((3, 3)), kind="coriolis"),
     "kind must be 'classical' or 'spatial', got 'coriolis'"),
    (lambda c: jacobian.point_acceleration(c, *np.zeros((3, 3)), frame="space"),
     "frame must be 'world' or 'local', got 'space'"),
    (lambda c: jacobian.jdot_qd(c, np.zeros(3), np.zeros(3), frame="world"),
     "frame must be 'space' or 'body', got 'world'"),
    (lambda c: jacobian.point_jacobian(c, np.zeros(3), point=[1.0, 2.0]),
     r"point must have shape (3,), got (2,)"),
    (lambda c: jacobian.space_jacobian_poe(c, np.zeros(4)),
     r"q must have shape (n,) or (N, n) with n = 3, got (4,)"),
    (lambda c: jacobian.space_jacobian_dot(c, np.zeros(3), np.zeros((2, 2))),
     r"qd must have shape (n,) or (N, n) with n = 3, got (2, 2)"),
    (lambda c: jacobian.body_jacobian_dot(c, np.zeros(3), [0.0, np.nan, 0.0]),
     r"qd must be finite, got nan at index (1,)"),
])
def test_bad_arguments_raise(call, message):
    chain = models.random_chain(3, np.random.default_rng(1))
    with pytest.raises(ValueError) as err:
        call(chain)
    assert str(err.value) == message


@pytest.mark.parametrize("call, message", [
    (lambda: jacobian.geometric_jacobian_mdh(np.zeros((2, 3)), [0, 0]),
     "mdh must have shape (N, 4), got (2, 3)"),
    (lambda: jacobian.geometric_jacobian_mdh(np.zeros((2, 4)), [0, 0, 0]),
     "q must have shape (n,) or (N, n) with n = 2 (mdh rows), got (3,)"),
    (lambda: jacobian.geometric_jacobian_mdh(np.zeros((2, 4)), [0, 0], ["R"]),
     "joint_types must have 2 entries (one per mdh row), got 1"),
    (lambda: jacobian.geometric_jacobian_dh(np.zeros((2, 4)), [0, 0], ["R", "S"]),
     "joint_types[1] must be 'R', 'revolute', 'P' or 'prismatic', got 'S'"),
    (lambda: jacobian.geometric_jacobian_mdh(np.zeros((2, 4)), [0, 0], 7),
     "joint_types must be a sequence of 2 joint kinds ('R'/'revolute' or 'P'/'prismatic'), "
     "got 7"),
    (lambda: jacobian.geometric_jacobian_mdh(np.zeros((2, 4)), [0, 0], tool=[1.0, 2.0]),
     "tool must be a point of shape (3,) or a pose of shape (4, 4), got (2,)"),
    (lambda: jacobian.geometric_jacobian_mdh(np.zeros((2, 4)), [0, 0], tool=2 * np.eye(4)),
     "tool must have last row (0, 0, 0, 1), got [0.0, 0.0, 0.0, 2.0]"),
    (lambda: jacobian.geometric_jacobian_mdh(np.zeros((0, 4)), np.zeros(0)),
     "mdh must have at least one row, got shape (0, 4)"),
    (lambda: jacobian.swap_halves(np.zeros((5, 2))),
     "x must have size 6 along axis -2, got shape (5, 2)"),
])
def test_bad_tables_raise(call, message):
    with pytest.raises(ValueError) as err:
        call()
    assert str(err.value) == message


def test_skew_is_the_cross_product_used_by_the_columns():
    """The revolute column z x (p_e - p) is [z] (p_e - p)."""
    rng = np.random.default_rng(3)
    z, r = rng.standard_normal((2, 3))
    np.testing.assert_allclose(skew(z) @ r, np.cross(z, r), atol=1e-15)
