"""Chapter 3.6.7-3.6.9 (chaindyn_book.ch36_libs): the probes of the features table, the
50-digit reference, the accuracy rows, the speed and code-generation rows read from the
committed benchmarks, and the rows of appendix C.6."""

from __future__ import annotations

import csv
from pathlib import Path

import numpy as np
import pytest

from chaindyn import Chain, crba, models, rnea
from chaindyn_book import ch36_libs as L

DATA = Path(__file__).resolve().parents[1] / "data"


def _csv(name):
    with open(DATA / name, encoding="utf-8") as fh:
        return list(csv.DictReader(fh))


@pytest.fixture(scope="module")
def feature_rows():
    return {r["key"]: r for r in L.features()}


# ----------------------------------------------------------------------------- features


def test_every_feature_has_a_verdict_for_every_library(feature_rows):
    assert [k for k, _ in L.FEATURES] == list(feature_rows)
    for row in feature_rows.values():
        for name, _ in L.LIBRARIES:
            verdict, how = row[name]
            assert verdict and how, (row["key"], name)


def test_probed_verdicts_match_calls_made_here(feature_rows):
    import mujoco
    import pinocchio as pin

    # the probes' verdicts agree with asking the packages again, independently
    assert (feature_rows["derivatives"]["Pinocchio"][0] == "예") == hasattr(
        pin, "computeRNEADerivatives")
    assert feature_rows["derivatives"]["MuJoCo"][0] == "유한 차분"
    assert "Finite differenced" in mujoco.mjd_inverseFD.__doc__
    assert feature_rows["regressor"]["Pinocchio"][0] == "예"
    assert feature_rows["contacts"]["MuJoCo"][0] == "예"
    # chaindyn's own column: a serial chain with a fixed base, no contacts
    assert feature_rows["tree"]["chaindyn"][0] == "아니오"
    assert feature_rows["contacts"]["chaindyn"][0] == "아니오"
    assert feature_rows["derivatives"]["chaindyn"][0] == "예"


def test_mass_matrix_call_counts_are_n_for_modern_robotics(feature_rows):
    # MassMatrix calls InverseDynamics once per column (n = 6 for the arm)
    how = feature_rows["mass"]["modern_robotics"][1]
    assert "6번" in how
    # ForwardDynamics: n columns of M plus the velocity, gravity and tip terms
    assert "9번" in feature_rows["forward"]["modern_robotics"][1]


def test_count_calls_restores_the_attribute():
    class Box:
        def f(self):
            return 1

    b = Box()
    original = b.f
    assert L._count_calls(b, "f", lambda: [b.f(), b.f()]) == 2
    assert b.f == original


# ----------------------------------------------------------------------------- reference


def test_reference_matches_the_closed_form_of_the_planar_2r():
    # Modern Robotics eq. (8.9) for the planar 2R (models.planar_2r_closed_form), an
    # independent oracle for the torque, each column of M and the forward dynamics
    kw = {"masses": (1.3, 0.7), "lengths": (0.9, 0.6)}
    g = 9.81
    ch = models.planar_2r(**kw)
    q, qd, qdd = np.array([0.4, -1.1]), np.array([0.8, -0.3]), np.array([1.5, 0.2])
    ref = L.reference_dynamics(ch, q, qd, qdd, gravity=[0.0, -g, 0.0], dps=40)
    closed = models.planar_2r_closed_form
    np.testing.assert_allclose(ref["tau"], closed(q, qd, qdd, g=g, **kw), rtol=1e-13)
    z = np.zeros(2)
    M = np.column_stack([closed(q, z, e, g=0.0, **kw) for e in np.eye(2)])
    np.testing.assert_allclose(ref["M"], M, rtol=1e-13, atol=1e-15)
    h = closed(q, qd, z, g=g, **kw)
    np.testing.assert_allclose(ref["qdd"], np.linalg.solve(M, ref["tau64"] - h), rtol=1e-11)


def test_reference_agrees_with_float64_on_the_arm_to_roundoff():
    arm = L.arm()
    q, qd, qdd = (x[0] for x in L.states())
    ref = L.reference_dynamics(arm, q, qd, qdd, dps=30)
    tau = rnea(arm, q, qd, qdd, L.GRAVITY)
    assert np.abs(ref["tau"] - tau).max() <= 1e-12 * np.abs(tau).max()
    assert np.abs(ref["M"] - crba(arm, q)).max() <= 1e-12 * np.abs(ref["M"]).max()


def test_reference_sees_a_changed_parameter():
    # the reference must follow the data: a link 1 % heavier changes the torque
    arm = L.arm()
    q, qd, qdd = (x[0] for x in L.states())
    heavy = Chain(np.array(arm.home), np.array(arm.screws),
                    np.array(arm.inertias) * np.r_[1.0, 1.01, np.ones(4)][:, None, None])
    a = L.reference_dynamics(arm, q, qd, qdd, dps=20)["tau"]
    b = L.reference_dynamics(heavy, q, qd, qdd, dps=20)["tau"]
    assert np.abs(a - b).max() > 1e-4


def test_accuracy_rows_hold_their_bounds_and_forward_is_worse():
    rows = L.accuracy(count=2)
    assert {(r["library"], r["quantity"]) for r in rows} == {
        (n, q) for n, _ in L.LIBRARIES for q in ("tau", "M", "qdd")}
    assert all(r["holds"] for r in rows), [r for r in rows if not r["holds"]]
    eps = np.finfo(float).eps
    assert max(r["rel_err"] for r in rows if r["quantity"] != "qdd") < 10 * eps
    assert min(r["rel_err"] for r in rows if r["quantity"] == "qdd") > max(
        r["rel_err"] for r in rows if r["quantity"] != "qdd")


def test_accuracy_catches_a_wrong_library_value(monkeypatch):
    real = L._library_values

    def wrong(*args):
        out = real(*args)
        tau, M, qdd = out["MuJoCo"]
        out["MuJoCo"] = (tau * (1 + 1e-9), M, qdd)
        return out

    monkeypatch.setattr(L, "_library_values", wrong)
    rows = {(r["library"], r["quantity"]): r for r in L.accuracy(count=1)}
    assert not rows["MuJoCo", "tau"]["holds"]
    assert rows["Pinocchio", "tau"]["holds"]


# ----------------------------------------------------------------------------- speed


def test_speed_rows_read_the_committed_benchmark():
    single, batch = _csv("bench_single.csv"), _csv("bench_batch.csv")
    rows = {r["method"]: r for r in L.speed_rows(single, batch)}
    one = {r["method"]: float(r["median_us"]) for r in single}
    assert rows["pin.rnea"]["call_ratio"] == 1.0
    assert rows["rnea"]["call_ratio"] == pytest.approx(one["rnea"] / one["pin.rnea"])
    # the CSV's own ratio column, rounded to four digits, agrees
    ratio_csv = {r["method"]: float(r["ratio_to_pin"]) for r in single}
    for m, r in rows.items():
        assert r["call_ratio"] == pytest.approx(ratio_csv[m], rel=5e-3)
    assert rows["mr.InverseDynamics"]["sample_us"] is None  # not run at N = 1e4


def test_codegen_rows():
    single, cg = _csv("bench_single.csv"), _csv("bench_33_codegen.csv")
    out = L.codegen_rows(single, cg)
    one = {r["method"]: float(r["median_us"]) for r in single}
    assert out["structured_speedup"] == pytest.approx(one["rnea"] / one["rnea_structured"])
    assert {r["method"] for r in out["codegen"]} == {"lambdify (cse)", "rnea_structured"}
    assert len(out["codegen"]) == 12


# ----------------------------------------------------------------------------- appendix C


def test_pinocchio_needs_the_sign_flip():
    out = L.pinocchio_sign_check()
    assert out["flipped"] < 1e-12
    assert out["unflipped"] > 1e-3


def test_mr_needs_the_tip_wrench_moved_to_its_tool_frame():
    out = L.mr_tip_frame_check()
    assert out["moved"] < 1e-12
    assert out["as_given"] > 1e-3


def test_reproduction_rows():
    rows = L.reproduction_rows(_csv("bench_single.csv"))
    assert len(rows) == 4
    assert all(r["holds"] for r in rows)
    bad = L.reproduction_rows(_csv("bench_single.csv"), sign={"flipped": 1.0, "unflipped": 1.0},
                              tip={"moved": 0.0, "as_given": 0.0})
    assert [r["holds"] for r in bad] == [True, True, False, False]


def test_docstring_examples_run():
    import doctest

    result = doctest.testmod(L, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0, result
