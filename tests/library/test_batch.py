"""Batched equals single, bit for bit: every dynamics function of the package computes a
stack of states exactly as it computes each state alone (same products in the same order),
so that a result never depends on which other states were passed with it.

The oracle is the same function called on one state at a time; the comparison is exact
(``np.array_equal``), on random chains with prismatic joints, batch shapes (N,) and (N1, N2),
and with a tip wrench.
"""

import numpy as np
import pytest

import chaindyn as cd
from chaindyn import models

SHAPES = [(7,), (3, 4)]

FUNCTIONS = {
    "rnea": lambda c, q, qd, qdd, f: cd.rnea(c, q, qd, qdd, f_tip=f),
    "joint_wrenches": lambda c, q, qd, qdd, f: cd.joint_wrenches(c, q, qd, qdd, f_tip=f),
    "link_twists": lambda c, q, qd, qdd, f: cd.link_twists(c, q, qd),
    "rnea_classic": lambda c, q, qd, qdd, f: cd.rnea_classic(c, q, qd, qdd, f_tip=f),
    "rnea_structured": lambda c, q, qd, qdd, f: cd.rnea_structured(c, q, qd, qdd, f_tip=f),
    "mass_matrix": lambda c, q, qd, qdd, f: cd.mass_matrix(c, q),
    "bias_force": lambda c, q, qd, qdd, f: cd.bias_force(c, q, qd),
    "coriolis_torque": lambda c, q, qd, qdd, f: cd.coriolis_torque(c, q, qd),
    "gravity_torque": lambda c, q, qd, qdd, f: cd.gravity_torque(c, q),
    "inertial_torque": lambda c, q, qd, qdd, f: cd.inertial_torque(c, q, qdd),
    "tip_wrench_torque": lambda c, q, qd, qdd, f: cd.tip_wrench_torque(c, q, f),
    "kinetic_energy": lambda c, q, qd, qdd, f: cd.kinetic_energy(c, q, qd),
    "potential_energy": lambda c, q, qd, qdd, f: cd.potential_energy(c, q),
    "coriolis_matrix": lambda c, q, qd, qdd, f: cd.coriolis_matrix(c, q, qd),
    "mass_matrix_dot": lambda c, q, qd, qdd, f: cd.mass_matrix_dot(c, q, qd),
    "crba": lambda c, q, qd, qdd, f: cd.crba(c, q),
    "crba_structured": lambda c, q, qd, qdd, f: cd.crba_structured(c, q),
    "aba": lambda c, q, qd, qdd, f: cd.aba(c, q, qd, qdd, f_tip=f),
    "aba_structured": lambda c, q, qd, qdd, f: cd.aba_structured(c, q, qd, qdd, f_tip=f),
    "forward_dynamics": lambda c, q, qd, qdd, f: cd.forward_dynamics(c, q, qd, qdd, f_tip=f),
    "inverse_mass_matrix": lambda c, q, qd, qdd, f: cd.inverse_mass_matrix(c, q),
    "rnea_derivatives": lambda c, q, qd, qdd, f: cd.rnea_derivatives(c, q, qd, qdd, f_tip=f),
    "aba_derivatives": lambda c, q, qd, qdd, f: cd.aba_derivatives(c, q, qd, qdd, f_tip=f),
    "regressor": lambda c, q, qd, qdd, f: cd.regressor(c, q, qd, qdd),
    "forward_kinematics": lambda c, q, qd, qdd, f: cd.forward_kinematics(c, q),
    "body_jacobian": lambda c, q, qd, qdd, f: cd.body_jacobian(c, q),
    "space_jacobian": lambda c, q, qd, qdd, f: cd.space_jacobian(c, q),
}


@pytest.fixture(scope="module")
def chains():
    rng = np.random.default_rng(29)
    return [models.random_chain(n, rng, prismatic=0.4) for n in (1, 3, 7)] + [models.arm6r()]


@pytest.mark.parametrize("shape", SHAPES, ids=str)
@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_batched_equals_single_bit_for_bit(chains, name, shape):
    f = FUNCTIONS[name]
    rng = np.random.default_rng(5)
    for chain in chains:
        q, qd, qdd = (rng.uniform(-2.0, 2.0, shape + (chain.n,)) for _ in range(3))
        f_tip = rng.uniform(-3.0, 3.0, shape + (6,))
        batched = _parts(f(chain, q, qd, qdd, f_tip))
        for k in np.ndindex(*shape):
            single = _parts(f(chain, q[k], qd[k], qdd[k], f_tip[k]))
            for part, (b, s) in enumerate(zip(batched, single)):
                assert np.array_equal(b[k], s), (
                    f"{name}[{part}], n = {chain.n}, state {k}: largest difference "
                    f"{np.abs(b[k] - s).max():.3g}")


def _parts(result):
    """The arrays of a result: a tuple's entries (the derivatives' pair), or the result."""
    return [np.asarray(r) for r in result] if isinstance(result, tuple) else [np.asarray(result)]
