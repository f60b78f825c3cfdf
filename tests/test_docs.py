"""Docstrings and the installed package.

Every Examples section in the library runs and prints what it shows (doctest); every
public top-level name carries one; and the package works when installed from a wheel,
away from this checkout (the 6R arm's parameters ship as package data).
"""

from __future__ import annotations

import doctest
import importlib
import os
import pkgutil
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import chaindyn

ROOT = Path(__file__).resolve().parents[1]
MODULES = sorted(f"chaindyn.{m.name}" for m in pkgutil.iter_modules(chaindyn.__path__))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS,
                             report=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"


@pytest.mark.parametrize("name", chaindyn.__all__)
def test_public_names_have_an_example(name):
    obj = getattr(chaindyn, name)
    if not callable(obj):
        return
    doc = obj.__doc__ or ""
    assert "\n    Examples\n    --------\n" in doc, f"{name} has no Examples section"
    examples = doctest.DocTestParser().get_examples(doc)
    assert any(e.want for e in examples), f"{name}'s example shows no output"


def test_top_level_is_small_and_unique():
    """About 25 names at the top level; every name a module exports is defined in that
    module, so no object is exported from two modules."""
    assert 20 <= len(chaindyn.__all__) <= 30
    assert len(set(chaindyn.__all__)) == len(chaindyn.__all__)
    exported = {}
    for name in MODULES:
        module = importlib.import_module(name)
        for item in getattr(module, "__all__", ()):
            exported.setdefault(item, []).append(name)
    for item, homes in exported.items():
        objs = [getattr(importlib.import_module(home), item) for home in homes]
        for home, obj in zip(homes, objs):
            if callable(obj) and hasattr(obj, "__module__"):
                assert obj.__module__ == home, f"{home} re-exports {item} from {obj.__module__}"
        assert len({id(o) for o in objs}) == len(objs), f"{item} exported by {homes}"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    out = tmp_path_factory.mktemp("wheel")
    source = tmp_path_factory.mktemp("source")  # setuptools writes build/ beside the sources
    shutil.copy(ROOT / "pyproject.toml", source)
    shutil.copytree(ROOT / "src", source / "src",
                    ignore=shutil.ignore_patterns("*.egg-info", "__pycache__"))
    run = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q",
                          "--disable-pip-version-check", "-w", str(out), str(source)],
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    (path,) = out.glob("chaindyn-*.whl")
    return path


def test_wheel_carries_the_package_data(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    assert "chaindyn/data/arm6r.csv" in names
    assert any(n.startswith("chaindyn_book/") for n in names)
    source = (ROOT / "src" / "chaindyn" / "data" / "arm6r.csv").read_bytes()
    assert zipfile.ZipFile(wheel).read("chaindyn/data/arm6r.csv") == source


def test_installed_wheel_builds_the_arm(wheel, tmp_path):
    """Unpacked away from the checkout, the package finds its data and gives the same
    torques as the checkout."""
    site = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site)
    tau_file = tmp_path / "tau.npy"
    code = ("import numpy as np, chaindyn\n"
            "from chaindyn import models\n"
            f"assert models.ARM6R_FILE.is_relative_to({str(site)!r}), models.ARM6R_FILE\n"
            "arm = models.arm6r()\n"
            "t, q, qd, qdd = models.arm6r_trajectory()\n"
            f"np.save({str(tau_file)!r}, chaindyn.rnea(arm, q, qd, qdd))\n")
    env = {**os.environ, "PYTHONPATH": str(site)}  # ahead of the checkout's editable install
    run = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True,
                         text=True, env=env)
    assert run.returncode == 0, run.stderr
    import numpy as np

    from chaindyn import models
    t, q, qd, qdd = models.arm6r_trajectory()
    assert np.array_equal(np.load(tau_file), chaindyn.rnea(models.arm6r(), q, qd, qdd))
