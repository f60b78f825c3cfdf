"""The reference libraries that the comparison tests run against (requirements.txt).

``reference(name)`` imports one and returns the module.  When it is missing, a CI run
(``CI`` set to a true value, as ``.ci/run`` runs the tests) fails with a message naming
the package to install, because a comparison that silently skips is a comparison that
never ran; outside CI the test is skipped with the same reason.
"""

from __future__ import annotations

import importlib
import os

import pytest

#: The distribution in requirements.txt that provides each module whose name differs.
DISTRIBUTIONS = {
    "pinocchio": "pin",
    "modern_robotics": "modern-robotics",
    "roboticstoolbox": "roboticstoolbox-python",
    "example_robot_data": "example-robot-data",
}


def in_ci() -> bool:
    """True when the environment says this is a CI run (CI=1, true or yes)."""
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


def reference(name):
    """The reference module ``name`` (e.g. ``"pinocchio"``, ``"scipy.linalg"``).

    Fails the test in CI and skips it elsewhere when the module cannot be imported;
    the message names the distribution pinned in requirements.txt.  Usable in a
    test, a fixture or at module level.
    """
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        top = name.split(".")[0]
        missing(f"reference library {name}", DISTRIBUTIONS.get(top, top), exc)


def missing(what, dist, detail):
    """Fail (in CI) or skip (elsewhere) because ``what``, provided by the distribution
    ``dist`` of requirements.txt, is not installed; ``detail`` says what was found."""
    why = (f"{what} is missing (package {dist!r} of requirements.txt; "
           f"pip install -r requirements.txt): {detail}")
    if in_ci():
        pytest.fail(why, pytrace=False)
    pytest.skip(why, allow_module_level=True)
