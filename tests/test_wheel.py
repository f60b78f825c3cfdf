"""The distribution built from this checkout (pyproject.toml, src/): the wheel carries
chaindyn with its package data and chaindyn_book, and the package works when installed
from it, away from the checkout (the 6R arm's parameters ship as package data).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import chaindyn

ROOT = Path(__file__).resolve().parents[1]


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
