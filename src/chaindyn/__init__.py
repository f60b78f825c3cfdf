"""chaindyn: dynamics of serial open chains, the package behind Part 3 (동역학) of the book.

Conventions (book §3.2.3.1, Modern Robotics): twist V = (omega, v), wrench
F = (moment, force), screw axis A_i and spatial inertia G_i in link frame {i},
home pose M_{i,i-1}, gravity entered as the base acceleration (0, -g), and
F_tip the wrench the end effector applies to the environment, in {n}.
SI units throughout.  ``import chaindyn`` needs numpy only.

The top level holds the chain, the algorithms, the quantities obtained from
them, the derivatives of the dynamics and the kinematics.  Everything else
is reached through its module:
``chaindyn.spatial`` (spatial algebra), ``chaindyn.body`` (one rigid
body: mass properties, realizability, Newton-Euler, inertial parameters),
``chaindyn.regressors`` (the torque and energy regressors), ``chaindyn.jacobian`` (Jacobians and
their derivatives, DH and MDH forms), ``chaindyn.engine`` (the structured
forms compiled per chain), ``chaindyn.structured`` (their joint frames and
constants), ``chaindyn.identify`` (parameter identification from measured
motion), ``chaindyn.models``, ``chaindyn.urdf``,
``chaindyn.interop`` (adapters to Pinocchio, MuJoCo, modern_robotics and
Robotics Toolbox) and ``chaindyn.opcount`` (the multiplication counter).
"""

from .articulated import aba, forward_dynamics, inverse_mass_matrix
from .body import newton_euler
from .chain import Chain
from .classic import rnea_classic
from .composite import crba
from .derivatives import aba_derivatives, rnea_derivatives
from .engine import aba_structured, crba_structured, rnea_structured
from .inverse_dynamics import STANDARD_GRAVITY, joint_wrenches, link_twists, rnea
from .kinematics import body_jacobian, forward_kinematics, space_jacobian
from .lagrange import coriolis_matrix, mass_matrix_dot
from .quantities import (
    bias_force,
    coriolis_torque,
    gravity_torque,
    inertial_torque,
    kinetic_energy,
    mass_matrix,
    potential_energy,
    tip_wrench_torque,
)
from .regressors import inertial_parameters, regressor
from .spatial import spatial_inertia

__version__ = "0.1.0"

__all__ = [
    "Chain",
    "STANDARD_GRAVITY",
    # inverse dynamics (chapter 3.2)
    "rnea",
    "rnea_classic",
    "rnea_structured",
    "joint_wrenches",
    "link_twists",
    # quantities from inverse dynamics (§3.2.4)
    "mass_matrix",
    "bias_force",
    "coriolis_torque",
    "gravity_torque",
    "inertial_torque",
    "tip_wrench_torque",
    "kinetic_energy",
    "potential_energy",
    # Lagrangian form (chapter 3.3)
    "coriolis_matrix",
    "mass_matrix_dot",
    # mass matrix and forward dynamics (chapter 3.5)
    "crba",
    "aba",
    "forward_dynamics",
    "inverse_mass_matrix",
    "crba_structured",
    "aba_structured",
    # derivatives of the dynamics (chapter 3.6)
    "rnea_derivatives",
    "aba_derivatives",
    # kinematics (chapter 2.8)
    "forward_kinematics",
    "body_jacobian",
    "space_jacobian",
    # one rigid body (chapter 3.1)
    "spatial_inertia",
    "newton_euler",
    # linearity in the inertial parameters (chapter 3.4)
    "regressor",
    "inertial_parameters",
]
