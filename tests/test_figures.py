"""Figure and table scripts in figsrc/ are deterministic and the committed tables are current.

``figsrc/run_all.py`` runs every ``fig_*.py`` / ``tab_*.py``; here it writes into
folders under ``_build/runs``.  Tables (CSV) must equal the committed files in ``data/``
byte for byte; figures (PNG) must be identical between two runs.
"""

from __future__ import annotations

import re
import shutil
import sys

import pytest
from _book import BOOK, BUILD, ROOT, heavy_run, run

RUN_ALL = ROOT / "figsrc" / "run_all.py"


def _register_figure_run(k):
    base = BUILD / "runs" / f"figsrc_run{k}"

    def factory():
        shutil.rmtree(base, ignore_errors=True)
        return ([sys.executable, str(RUN_ALL), "--fig-dir", str(base / "figures"),
                 "--data-dir", str(base / "data")], base / "log", dict(cwd=ROOT))
    heavy_run(f"figsrc_run{k}", "two_runs")(factory)
    return base


BASES = [_register_figure_run(k) for k in (1, 2)]


@pytest.fixture(scope="module")
def two_runs():
    """Two runs of figsrc/run_all.py into folders under ``_build/runs``, side by side
    (``_book.run``, started when the tests are collected)."""
    runs = []
    for k, base in zip((1, 2), BASES):
        done = run(f"figsrc_run{k}").result()
        assert done.returncode == 0, (
            f"figsrc/run_all.py failed:\n{done.stdout}\n{done.stderr[-4000:]}")
        runs.append((base / "figures", base / "data", done))
    return runs


def test_every_script_reports_progress(two_runs):
    out = two_runs[0][2].stdout
    n = len([p for p in RUN_ALL.parent.glob("*.py") if p.name.startswith(("fig_", "tab_"))])
    assert n > 0
    assert out.count(": ok in ") == n, out


def test_no_warnings_from_scripts(two_runs):
    """Missing glyphs (e.g. Hangul drawn as boxes) show up as warnings on stderr."""
    err = two_runs[0][2].stderr
    assert "does not have a glyph" not in err, err[-3000:]
    assert "Warning" not in err, err[-3000:]


def test_tables_match_committed_data(two_runs):
    _, data, _ = two_runs[0]
    tables = sorted(data.glob("*.csv"))
    for t in tables:
        committed = ROOT / "data" / t.name
        assert committed.is_file(), f"{t.name} is produced but not in data/ (make figures)"
        assert t.read_bytes() == committed.read_bytes(), (
            f"data/{t.name} is stale or not deterministic: run `make figures`"
        )


def test_figures_identical_between_runs(two_runs):
    (fig1, _, _), (fig2, _, _) = two_runs
    pngs = sorted(p.name for p in fig1.glob("*.png"))
    assert pngs, "no figure produced"
    assert pngs == sorted(p.name for p in fig2.glob("*.png"))
    for name in pngs:
        same = (fig1 / name).read_bytes() == (fig2 / name).read_bytes()
        assert same, f"{name} differs between runs"


def test_png_metadata_has_no_software_or_date(two_runs):
    fig1 = two_runs[0][0]
    for png in fig1.glob("*.png"):
        raw = png.read_bytes()
        assert b"Software" not in raw and b"Creation Time" not in raw, png.name


def test_committed_figures_are_produced_by_a_script(two_runs):
    """Every PNG in book/figures comes from figsrc (no orphans) and is committed."""
    fig1 = two_runs[0][0]
    produced = {p.name for p in fig1.glob("*.png")}
    # figures of the benchmark (figsrc/bench_*.py, `make bench`) are not re-made here:
    # they count as produced when a bench script names them
    for script in (ROOT / "figsrc").glob("bench_*.py"):
        produced |= set(re.findall(r"bench_\w+\.png", script.read_text(encoding="utf-8")))
    committed = {p.name for p in (BOOK / "figures").glob("*.png")}
    assert committed - produced == set(), f"orphan figures: {sorted(committed - produced)}"
    assert produced - committed == set(), f"figures not committed: {sorted(produced - committed)}"


@pytest.mark.parametrize("n", range(2, 8))
def test_plain_list_baseline_matches_rnea(n):
    """figsrc/bench_baselines.py (the benchmark's list code) gives chaindyn.rnea's torques."""
    import numpy as np

    from chaindyn import models, rnea

    sys.path.insert(0, str(ROOT / "figsrc"))
    from bench_baselines import rnea_lists

    rng = np.random.default_rng(20261130 + n)
    chain = models.random_chain(n, rng, prismatic=0.4)
    lists = (chain.home.tolist(), chain.screws.tolist(), chain.inertias.tolist())
    g = [0.3, -1.2, -9.0]
    for _ in range(5):
        q, qd, qdd = rng.standard_normal((3, n))
        tau = rnea_lists(*lists, q.tolist(), qd.tolist(), qdd.tolist(), g)
        np.testing.assert_allclose(tau, rnea(chain, q, qd, qdd, gravity=g), atol=1e-11)
