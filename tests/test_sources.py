"""chaindyn_book.sources: a library function's code as the chapters print it."""

import inspect

import pytest

from chaindyn import derivatives, kinematics
from chaindyn_book.sources import function_source


def test_function_source_is_what_inspect_gives():
    assert function_source("chaindyn.derivatives", "_rnea_derivatives") == \
        inspect.getsource(derivatives._rnea_derivatives)
    assert function_source("chaindyn.kinematics", "relative_poses") == \
        inspect.getsource(kinematics.relative_poses)


def test_a_missing_function_is_refused():
    with pytest.raises(ValueError, match="chaindyn.kinematics has no top-level function 'nope'"):
        function_source("chaindyn.kinematics", "nope")
