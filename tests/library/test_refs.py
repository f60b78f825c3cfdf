"""_refs.reference: a missing reference library fails the test in CI and skips it
elsewhere, the message naming the package of requirements.txt; a present one is returned."""

import importlib.metadata
import math
import os
import subprocess
import sys
from pathlib import Path

import _refs
import _robots
import pytest
from _refs import in_ci, reference

MISSING = "no_such_reference_library_xyz"


@pytest.mark.parametrize(("value", "ci"), [("true", True), ("1", True), (" YES ", True),
                                           ("", False), ("false", False), ("0", False)])
def test_in_ci_reads_the_environment(monkeypatch, value, ci):
    monkeypatch.setenv("CI", value)
    assert in_ci() is ci


def test_in_ci_without_the_variable(monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    assert not in_ci()


def test_present_library_is_returned(monkeypatch):
    monkeypatch.setenv("CI", "true")
    assert reference("math") is math


@pytest.mark.parametrize("value", ["true", "1"])
def test_missing_library_fails_in_ci(monkeypatch, value):
    monkeypatch.setenv("CI", value)
    with pytest.raises(pytest.fail.Exception) as err:
        reference(MISSING)
    message = str(err.value)
    assert f"reference library {MISSING} is missing" in message
    assert f"package '{MISSING}' of requirements.txt" in message
    assert "pip install -r requirements.txt" in message


@pytest.mark.parametrize("value", [None, "", "false"])
def test_missing_library_skips_outside_ci(monkeypatch, value):
    if value is None:
        monkeypatch.delenv("CI", raising=False)
    else:
        monkeypatch.setenv("CI", value)
    with pytest.raises(pytest.skip.Exception) as err:
        reference(f"{MISSING}.sub")
    assert f"reference library {MISSING}.sub is missing (package '{MISSING}' of " \
           "requirements.txt" in str(err.value)


def test_the_message_names_the_distribution(monkeypatch):
    """A module whose distribution has another name: the message gives the distribution."""
    monkeypatch.setenv("CI", "true")
    monkeypatch.setitem(_refs.DISTRIBUTIONS, MISSING, "the-dist")
    with pytest.raises(pytest.fail.Exception, match="package 'the-dist' of requirements.txt"):
        reference(MISSING)


def test_missing_robot_files_fail_in_ci(monkeypatch):
    def not_found(name):
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.setattr(_robots.importlib.metadata, "distribution", not_found)
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception,
                       match="example-robot-data's URDF files is missing .*'example-robot-data'"):
        _robots.robots_dir()
    monkeypatch.setenv("CI", "")
    with pytest.raises(pytest.skip.Exception):
        _robots.robots_dir()


@pytest.mark.parametrize(("ci", "outcome", "code"), [("true", "1 error", 2), ("", "1 skipped", 5)])
def test_module_level_use(tmp_path, ci, outcome, code):
    """At module level (as the comparison modules use it) a missing library is a
    collection error in CI (pytest exits with 2), and skips the whole module elsewhere
    (nothing left to run: exit code 5)."""
    (tmp_path / "test_uses.py").write_text(
        f"from _refs import reference\nreference({MISSING!r})\n\ndef test_x():\n    pass\n")
    env = {**os.environ, "CI": ci,
           "PYTHONPATH": os.pathsep.join([str(Path(_refs.__file__).parent),
                                          os.environ.get("PYTHONPATH", "")])}
    run = subprocess.run([sys.executable, "-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider",
                          "--rootdir", str(tmp_path), str(tmp_path)],
                         capture_output=True, text=True, env=env, cwd=tmp_path)
    assert run.returncode == code, run.stdout
    assert outcome in run.stdout
    assert f"package '{MISSING}' of requirements.txt" in run.stdout
