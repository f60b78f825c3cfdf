"""Nothing that a test compares depends on roundoff (README, "Reproducibility").

Another machine (other SIMD kernels, another BLAS, another build of a
reference library) rounds the last bits of every float differently.  The book
re-executes on such machines, so two kinds of check stand in for "another
machine" without touching the environment:

* A scan of what is compared exactly: every committed CSV in ``data/``, and
  every output of a notebook cell that nbval compares (glue records and
  printed text).  It looks for floats with more digits than roundoff leaves
  reproducible, for computed magnitudes below the roundoff floor, and for
  power-of-ten ceilings of measured errors.
* A perturbation run: the table scripts and the notebooks re-run with every
  chain's parameters moved by a few units in the last place (see
  ``_perturb.py``); every CSV and every compared output must come out the same.
  A roundoff digit that enters a compared output changes under the
  perturbation and fails this test.
"""

from __future__ import annotations

import csv
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from _book import BUILD, NOTEBOOKS, ROOT, heavy_run, nbval_command, run

sys.path.insert(0, str(ROOT / "figsrc"))
from _numbers import ROUNDOFF_FLOOR, fixed, fixed_sig  # noqa: E402

DATA = ROOT / "data"
IGNORED = {"nbval-ignore-output", "nbval-skip"}
#: A float printed with more significant digits than this carries roundoff digits
#: (float64 results of the book's computations agree to 1e-11 relative at best).
MAX_DIGITS = 11

#: Values below the roundoff floor that may be compared because they are stated
#: constants, not measurements: bounds, the reference values the specification
#: reports, and quantities derived from machine epsilon and a fixed step.
STATED_COLUMNS = re.compile(r"^(bound|spec_value|\w+_bound)$")
STATED_GLUE = re.compile(
    r"(bound|^spec_|_spec_|^rn_spec|^j28_fd_h2$|^j28_fd_roundoff$|^j28_eps(32|64)$)"
)

NUMBER = re.compile(
    r"(?P<ceiling>(?:<=|≤)\s*1e-\d+)"
    r"|(?P<sci>[-+]?\d+(?:\.\d+)?)×10(?P<exp>[⁻]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)"
    r"|(?P<float>[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?)"
)
_SUPER = str.maketrans("⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "-0123456789")


def offending_numbers(text: str, stated=()) -> list[str]:
    """The numbers in ``text`` that a compared output must not contain:
    power-of-ten ceilings ("<=1e-13"), magnitudes below the roundoff floor
    (as floats or in the prose's "2.1×10⁻¹³" form), and floats with more than
    MAX_DIGITS significant digits.  Values in ``stated`` (constants typed in
    the code, such as a bound) are allowed in any of these forms."""
    bad = []
    for m in NUMBER.finditer(text):
        s = m.group(0)
        if m.group("ceiling"):
            bad.append(s)
            continue
        if m.group("sci"):
            value = float(m.group("sci")) * 10.0 ** int(m.group("exp").translate(_SUPER))
        else:
            s_num = m.group("float")
            value = float(s_num)
            mantissa = re.split(r"[eE]", s_num.lstrip("+-"))[0].replace(".", "").lstrip("0")
            if len(mantissa) > MAX_DIGITS and not s_num.lstrip("+-").isdigit():  # counts are exact
                bad.append(s)
                continue
        if value != 0.0 and abs(value) < ROUNDOFF_FLOOR and value not in stated:
            bad.append(s)
    return bad


def test_the_scan_finds_what_it_looks_for():
    """The scan's own oracle: each kind of roundoff content is found, plain
    rounded numbers, counts and stated constants are not."""
    assert offending_numbers("<=1e-13") == ["<=1e-13"]
    assert offending_numbers("n = 5: 2.1×10⁻¹³") == ["2.1×10⁻¹³"]
    assert offending_numbers("0.6313568665878428") == ["0.6313568665878428"]
    assert offending_numbers("err 3.1e-15") == ["3.1e-15"]
    assert offending_numbers("tau = 43.0638, 357 per link, 1.2e-03, 0.0000") == []
    assert offending_numbers("143575557338 operations") == []  # an exact count, not a float
    assert offending_numbers("143575557338.0") == ["143575557338.0"]
    assert offending_numbers("max diff below 1e-12: True", stated={1e-12}) == []
    assert offending_numbers("bounds {'a': '1×10⁻¹²'}", stated={1e-12}) == []
    assert offending_numbers("bounds {'a': '2×10⁻¹²'}", stated={1e-12}) == ["2×10⁻¹²"]


def test_fixed_refuses_a_value_at_a_rounding_boundary():
    """A tie at the last digit shown (exact or within roundoff) is refused; a value
    away from it is rounded as usual, and negative zero is written as zero."""
    with pytest.raises(ValueError, match="lies within 1e-10 .* of a rounding boundary at 4"):
        fixed(4.09375, 4)  # exactly halfway between 4.0937 and 4.0938
    with pytest.raises(ValueError, match="rounding boundary at 2"):
        fixed(0.125 + 1e-16, 2)  # a tie moved by roundoff
    with pytest.raises(ValueError, match="rounding boundary at 4"):
        fixed([1.0, 2.00005], 4)
    assert fixed(4.09375, 5) == 4.09375
    assert fixed(43.06384, 4) == 43.0638
    assert str(fixed(-1e-17, 4)) == "0.0"
    assert fixed_sig(2.1e-13, 1) == 2e-13
    with pytest.raises(ValueError, match="finite"):
        fixed(float("nan"), 2)


# ---------------------------------------------------------------- committed CSVs
def csv_offences(path: Path) -> list[str]:
    with path.open(encoding="utf-8") as f:
        rows = list(csv.reader(f))
    if not rows:
        return []
    header, body = rows[0], [r for r in rows[1:] if r and not r[0].startswith("#")]
    found = []
    for r in body:
        for name, cell in zip(header, r):
            if STATED_COLUMNS.match(name):
                continue
            found += [f"{path.name}: {name} = {s}" for s in offending_numbers(cell)]
    return found


@pytest.mark.parametrize("path", sorted(DATA.glob("*.csv")), ids=lambda p: p.name)
def test_committed_csv_has_no_roundoff_digits(path):
    found = csv_offences(path)
    assert not found, "roundoff-level content in a committed table:\n" + "\n".join(found[:20])


# ---------------------------------------------------------------- compared notebook outputs
def compared_outputs(nb_path: Path):
    """(cell index, glue name or None, text, cell source) of every output nbval compares."""
    nb = json.loads(nb_path.read_text(encoding="utf-8"))
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "code":
            continue
        if IGNORED & set(cell.get("metadata", {}).get("tags", [])):
            continue
        source = "".join(cell["source"])
        for out in cell.get("outputs", []):
            name = out.get("metadata", {}).get("scrapbook", {}).get("name")
            if out.get("output_type") == "stream":
                yield i, None, "".join(out["text"]), source
                continue
            for mime, value in out.get("data", {}).items():
                if mime.startswith(("image/", "text/html")) or "png" in mime or "svg" in mime:
                    continue
                text = "".join(value) if isinstance(value, list) else str(value)
                yield i, name, text, source


def notebook_offences(nb_path: Path) -> list[str]:
    found = []
    for i, name, text, source in compared_outputs(nb_path):
        if name is not None and STATED_GLUE.search(name):
            continue
        # A constant typed in the cell's own code (a bound such as 1e-12) is stated, not measured.
        stated = {float(x) for x in re.findall(r"(?<![\w.])\d+(?:\.\d+)?e-\d+", source)}
        for s in offending_numbers(text, stated):
            found.append(f"{nb_path.name} cell {i} {name or 'output'}: {s}")
    return found


@pytest.mark.parametrize("nb_path", NOTEBOOKS, ids=lambda p: p.name)
def test_compared_outputs_have_no_roundoff_digits(nb_path):
    found = notebook_offences(nb_path)
    assert not found, (
        "roundoff-level content in an output that nbval compares (round it with "
        "_numbers.fixed, or show it in an nbval-ignore-output cell and compare its bound):\n"
        + "\n".join(found[:30])
    )


# ---------------------------------------------------------------- perturbation
PERTURB_DIR = Path(__file__).resolve().parent / "perturb"


def _perturbed_env():
    """The environment of a run whose chains are nudged by ``perturb/sitecustomize.py``."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        [str(PERTURB_DIR)] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else [])
    )
    env["CHAINDYN_PERTURB_ULPS"] = "3"
    return env


PERTURBED = BUILD / "runs" / "perturbed"


@heavy_run("perturbed_tables", "perturbed_runs")
def _perturbed_tables():
    shutil.rmtree(PERTURBED / "tables", ignore_errors=True)
    return ([sys.executable, str(ROOT / "figsrc" / "run_all.py"),
             "--fig-dir", str(PERTURBED / "tables" / "f"),
             "--data-dir", str(PERTURBED / "tables" / "d")],
            PERTURBED / "tables", dict(cwd=ROOT, env=_perturbed_env()))


@heavy_run("perturbed_notebooks", "perturbed_runs")
def _perturbed_notebooks():
    return nbval_command(), PERTURBED / "notebooks", dict(cwd=ROOT, env=_perturbed_env())


@pytest.fixture(scope="module")
def perturbed_runs():
    """The two runs with nudged chains, the table scripts (figsrc/run_all.py into
    ``_build/runs/perturbed``) and nbval over the notebooks (``_book.run``, started when
    the tests are collected).  Returns the runs by name ("tables", "notebooks"); a run's
    ``folder`` holds the tables' output."""
    return {"tables": run("perturbed_tables"), "notebooks": run("perturbed_notebooks")}


def test_perturbation_reaches_the_chains():
    """The perturbation is really applied: the 6R arm's parameters differ in their
    last bits under it and torques move by roundoff, not more."""
    code = (
        "import numpy as np, chaindyn as cd; from chaindyn import models; a = models.arm6r(); "
        "t = cd.rnea(a, np.full(6, .3), np.full(6, .2), np.full(6, .1)); "
        "print(repr(float(a.inertias[2, 0, 0])), repr(float(a.home[1, 0, 3])), "
        "*(repr(float(x)) for x in t))"
    )
    plain = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           check=True).stdout.split()
    nudged = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True, env=_perturbed_env()).stdout.split()
    assert plain[:2] != nudged[:2], "the perturbation did not change the chain"
    p, q = (list(map(float, x)) for x in (plain, nudged))
    for a, b in zip(p, q):
        assert abs(a - b) <= 1e-13 * max(1.0, abs(a)), (a, b)
    assert p[2:] != q[2:], "the perturbation did not change any torque's last bits"


def test_tables_unchanged_under_perturbation(perturbed_runs):
    """Every table script re-run with nudged chains writes the committed bytes."""
    run = perturbed_runs["tables"]
    proc = run.result()
    assert proc.returncode == 0, proc.stdout + proc.stderr[-3000:]
    changed = [p.name for p in sorted((run.folder / "d").glob("*.csv"))
               if p.read_bytes() != (DATA / p.name).read_bytes()]
    assert not changed, f"tables that depend on roundoff: {changed}"


def test_notebooks_unchanged_under_perturbation(perturbed_runs):
    """nbval re-executes every notebook with nudged chains: every compared output
    (glued values and printed text) must equal the committed one."""
    proc = perturbed_runs["notebooks"].result()
    assert proc.returncode == 0, (
        "compared notebook outputs changed under a roundoff-level perturbation:\n"
        + proc.stdout[-6000:]
    )
