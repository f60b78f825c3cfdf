"""chaindyn: dynamics of serial open chains, the package behind Part 3 (동역학) of the book.

Conventions (book §3.2.3.1, Modern Robotics): twist V = (omega, v), wrench
F = (moment, force), screw axis A_i and spatial inertia G_i in link frame {i},
home pose M_{i,i-1}, gravity entered as the base acceleration (0, -g), and
F_tip the wrench the end effector applies to the environment, in {n}.
SI units throughout.  ``import chaindyn`` needs numpy only.
"""

from . import interop, jacobian, models, opcount, spatial, urdf
from .chain import Chain
from .classic import link_velocities, rnea_classic
from .jacobian import (
    body_jacobian_dot,
    forward_kinematics_poe,
    geometric_jacobian_dh,
    geometric_jacobian_mdh,
    jdot_qd,
    point_acceleration,
    point_jacobian,
    space_jacobian_dot,
    space_jacobian_poe,
    space_screw_axes,
    swap_halves,
)
from .kinematics import body_jacobian, forward_kinematics, space_jacobian
from .quantities import (
    bias_force,
    coriolis_torque,
    gravity_torque,
    inertial_torque,
    kinetic_energy,
    mass_matrix,
    tip_wrench_torque,
)
from .rnea import STANDARD_GRAVITY, joint_wrenches, link_twists, rnea
from .spatial import spatial_inertia

__version__ = "0.1.0"

__all__ = [
    "Chain",
    "STANDARD_GRAVITY",
    "bias_force",
    "body_jacobian",
    "body_jacobian_dot",
    "coriolis_torque",
    "forward_kinematics",
    "forward_kinematics_poe",
    "geometric_jacobian_dh",
    "geometric_jacobian_mdh",
    "gravity_torque",
    "inertial_torque",
    "interop",
    "jacobian",
    "jdot_qd",
    "joint_wrenches",
    "kinetic_energy",
    "link_twists",
    "link_velocities",
    "mass_matrix",
    "models",
    "opcount",
    "point_acceleration",
    "point_jacobian",
    "rnea",
    "rnea_classic",
    "space_jacobian",
    "space_jacobian_dot",
    "space_jacobian_poe",
    "space_screw_axes",
    "spatial",
    "spatial_inertia",
    "swap_halves",
    "tip_wrench_torque",
    "urdf",
]
from . import structured  # noqa: E402  (structured RNEA, appendix B)
from .structured import rnea_structured  # noqa: E402

__all__ += ["rnea_structured", "structured"]
from .aba import aba, cholesky_solve, forward_dynamics, inverse_mass_matrix  # noqa: E402
from .crba import crba, crba_structured  # noqa: E402

__all__ += ["aba", "cholesky_solve", "crba", "crba_structured", "forward_dynamics",
            "inverse_mass_matrix"]
from . import lagrange  # noqa: E402
from .lagrange import (  # noqa: E402
    coriolis_matrix,
    link_jacobians,
    link_jacobians_dot,
    mass_matrix_dot,
)

__all__ += ["coriolis_matrix", "lagrange", "link_jacobians", "link_jacobians_dot",
            "mass_matrix_dot"]
