"""Real robots for the library's tests: the URDF files of example-robot-data 6.0.0, read
by chaindyn.urdf and, as the oracle, by Pinocchio's own URDF parser.

A missing example-robot-data or Pinocchio fails the test in CI and skips it elsewhere
(``_refs``).
"""

from __future__ import annotations

import importlib.metadata
import os

from _refs import missing, reference

#: (URDF path under ``robots/``, tip link).  Joints off the base-tip path (Panda's two
#: fingers, the Talos gripper joint) are locked at 0 by chaindyn's reader and here.
ROBOTS = {
    "UR5": ("ur_description/urdf/ur5_robot.urdf", "tool0"),
    "Panda": ("panda_description/urdf/panda.urdf", "panda_hand"),
    "Talos left arm": ("talos_data/robots/talos_left_arm.urdf", "gripper_left_base_link"),
}


def robots_dir():
    """The ``robots`` directory of the installed example-robot-data."""
    try:
        dist = importlib.metadata.distribution("example-robot-data")
    except importlib.metadata.PackageNotFoundError:
        missing("example-robot-data's URDF files", "example-robot-data", "no distribution")
    path = os.fspath(dist.locate_file("cmeel.prefix/share/example-robot-data/robots"))
    if not os.path.isdir(path):
        missing("example-robot-data's URDF files", "example-robot-data", f"no directory {path}")
    return path


def robot_urdf(name):
    """(path of the URDF file of ``ROBOTS[name]``, its tip link)."""
    rel, tip = ROBOTS[name]
    return os.path.join(robots_dir(), rel), tip


def robot_chain(name):
    """The chain of ``ROBOTS[name]`` from the base to its tip link, read by chaindyn.urdf."""
    from chaindyn import urdf

    reference("yourdfpy")
    path, tip = robot_urdf(name)
    return urdf.load(path, tip_link=tip).chain


def pinocchio_urdf_model(path, joints):
    """Pinocchio's model of the file, every joint not in ``joints`` locked at 0
    (``buildReducedModel`` at the neutral configuration); its joints must be ``joints``
    in this order, with nq = nv."""
    pin = reference("pinocchio")
    full = pin.buildModelFromUrdf(str(path))
    lock = [full.getJointId(name) for name in list(full.names)[1:] if name not in joints]
    model = pin.buildReducedModel(full, lock, pin.neutral(full)) if lock else full
    assert list(model.names)[1:] == list(joints), (list(model.names), joints)
    assert model.nq == model.nv, (model.nq, model.nv)
    return model
