"""The robot pictures of chapter 3.2 (figsrc/robot_pictures.py) draw what the
chains say: each joint axis drawn is the one the space Jacobian computes, the
notation figure's chain keeps joint i's axis where link i-1 carries it, and
the twists drawn for the planar 2R are the closed-form velocities.
"""

from __future__ import annotations

import sys

import numpy as np
import pytest
from _book import ROOT

from chaindyn import models
from chaindyn.kinematics import forward_kinematics, space_jacobian

sys.path.insert(0, str(ROOT / "figsrc"))
import robot_pictures as R  # noqa: E402


def _chains():
    rng = np.random.default_rng(5)
    out = [("arm6r", models.arm6r()), ("random", models.random_chain(5, rng, prismatic=0.4))]
    return out + list(R.urdf_chains())


@pytest.mark.parametrize("name, chain", _chains(), ids=lambda x: x if isinstance(x, str) else "")
def test_drawn_axis_is_the_space_jacobian_column(name, chain):
    """Column i of J_s is joint i's screw in {0}: (d, -d x c) for a revolute joint
    through c along d, (0, d) for a prismatic one."""
    rng = np.random.default_rng(1)
    q = rng.uniform(-1.0, 1.0, chain.n)
    T = forward_kinematics(chain, q)
    Js = space_jacobian(chain, q)
    for i in range(chain.n):
        c, d = R.joint_axis(T[i], chain.screws[i])
        assert abs(np.linalg.norm(d) - 1.0) < 1e-12
        if np.linalg.norm(chain.screws[i][:3]) > 0.5:
            want = np.concatenate([d, -np.cross(d, c)])
        else:
            want = np.concatenate([np.zeros(3), d])
        np.testing.assert_allclose(Js[:, i], want, rtol=0, atol=1e-12, err_msg=f"{name} joint {i}")


def test_notation_chain_axis_is_fixed_to_link_i_minus_1():
    L, d = 0.6, 0.25
    chain = R.notation_chain(L, d)
    for q2 in (-1.0, 0.0, 0.7, 2.0):
        q = np.array([0.3, q2])
        T = forward_kinematics(chain, q)
        c, _ = R.joint_axis(T[1], chain.screws[1])
        np.testing.assert_allclose(c, (T[0] @ [L, 0.0, 0.0, 1.0])[:3], atol=1e-12)
        # {i}'s origin stays at distance d from the axis
        assert abs(np.linalg.norm(T[1, :3, 3] - c) - d) < 1e-12


def test_planar_2r_twists_match_the_closed_form():
    """omega_2 = qd1 + qd2 and |v_2| = L1 |qd1| (velocity of joint 2's point)."""
    from chaindyn.inverse_dynamics import link_twists

    chain, q, qd = R.planar_2r_state()
    V = link_twists(chain, q, qd)
    L1 = R.ch32.PLANAR_2R["lengths"][0]
    assert abs(V[0, 2] - qd[0]) < 1e-12 and abs(V[1, 2] - qd.sum()) < 1e-12
    assert abs(np.linalg.norm(V[1, 3:]) - L1 * abs(qd[0])) < 1e-12
