"""Chapter 3.6.1-3.6.4 (chaindyn_book.ch36): the checks and counts behind the derivatives.

Oracles: chaindyn.rnea for the reference RNEA; rnea_derivatives (itself checked against
Pinocchio in test_derivatives.py) for complex step and finite differences; the closed form
of the planar 2R (Modern Robotics eq. 8.9) for the exercise; exact integer polynomials
derived from the code for the operation counts."""

from __future__ import annotations

import csv

import numpy as np
import pytest
from _book import ROOT

import chaindyn as cd
from chaindyn import models
from chaindyn_book import ch36

GRAVITY = np.array([0.3, -1.2, -9.80665])


def _chain(n, kind, seed=0):
    return models.random_chain(n, np.random.default_rng([36, seed, n]), prismatic=kind)


@pytest.mark.parametrize("kind", [0.0, 0.5, 1.0])
def test_reference_rnea_equals_rnea(kind):
    chain, rng = _chain(5, kind), np.random.default_rng(1)
    q, qd, qdd, f = rng.normal(size=5), rng.normal(size=5), rng.normal(size=5), rng.normal(size=6)
    ref = ch36.reference_rnea(chain, q, qd, qdd, GRAVITY, f)
    assert ch36.relative_error(ref, cd.rnea(chain, q, qd, qdd, GRAVITY, f)) < \
        ch36.BOUNDS["reference_rnea"]


def test_complex_step_and_finite_differences_match_the_sweeps():
    arm = models.arm6r()
    q, qd, qdd, _ = ch36.example_state()
    dq, dqd = cd.rnea_derivatives(arm, q, qd, qdd, ch36.GRAVITY)
    cs = ch36.complex_step_jacobians(arm, q, qd, qdd, ch36.GRAVITY)
    fd = ch36.fd_rnea_jacobians(arm, q, qd, qdd, ch36.GRAVITY, h=1e-6)
    fwd = ch36.fd_rnea_jacobians(arm, q, qd, qdd, ch36.GRAVITY, h=1e-8, scheme="forward")
    for ours, c, f, w in zip((dq, dqd), cs, fd, fwd):
        assert ch36.relative_error(c, ours) < ch36.BOUNDS["complex_step"]
        assert ch36.relative_error(f, ours) < ch36.BOUNDS["central"]
        assert ch36.relative_error(w, ours) < ch36.BOUNDS["fd_forward_best"]
        assert ch36.relative_error(w, ours) > 1e-12  # forward differences are not exact


def test_fd_rejects_an_unknown_scheme():
    arm = models.planar_2r()
    with pytest.raises(ValueError, match="scheme must be 'forward' or 'central', got 'back'"):
        ch36.fd_rnea_jacobians(arm, [0, 0], [0, 0], [0, 0], scheme="back")


def test_planar_2r_exercise_closed_form():
    """d tau / d q of Modern Robotics eq. 8.9 (m1 = m2 = 1, L1 = L2 = 1, point masses at the
    link ends), differentiated by hand, against rnea_derivatives."""
    arm, g = models.planar_2r(), 9.81
    rng = np.random.default_rng(2)
    q, qd, qdd = rng.normal(size=2), rng.normal(size=2), rng.normal(size=2)
    m1 = m2 = L1 = L2 = 1.0
    s1, s2, s12, c2 = np.sin(q[0]), np.sin(q[1]), np.sin(q[0] + q[1]), np.cos(q[1])
    # tau1 = (m1 L1^2 + m2 (L1^2 + 2 L1 L2 c2 + L2^2)) qdd1 + m2 (L1 L2 c2 + L2^2) qdd2
    #        - m2 L1 L2 s2 (2 qd1 qd2 + qd2^2) + (m1 + m2) L1 g c1 + m2 g L2 c12
    # tau2 = m2 (L1 L2 c2 + L2^2) qdd1 + m2 L2^2 qdd2 + m2 L1 L2 qd1^2 s2 + m2 g L2 c12
    d1_dq1 = -(m1 + m2) * L1 * g * s1 - m2 * g * L2 * s12
    d1_dq2 = (-2 * m2 * L1 * L2 * s2 * qdd[0] - m2 * L1 * L2 * s2 * qdd[1]
              - m2 * L1 * L2 * c2 * (2 * qd[0] * qd[1] + qd[1] ** 2) - m2 * g * L2 * s12)
    d2_dq1 = -m2 * g * L2 * s12
    d2_dq2 = -m2 * L1 * L2 * s2 * qdd[0] + m2 * L1 * L2 * qd[0] ** 2 * c2 - m2 * g * L2 * s12
    want_q = np.array([[d1_dq1, d1_dq2], [d2_dq1, d2_dq2]])
    want_qd = m2 * L1 * L2 * s2 * np.array([[-2 * qd[1], -2 * (qd[0] + qd[1])],
                                            [2 * qd[0], 0.0]])
    dq, dqd = cd.rnea_derivatives(arm, q, qd, qdd, [0, -g, 0])
    assert ch36.relative_error(dq, want_q) < 1e-12
    assert ch36.relative_error(dqd, want_qd) < 1e-12


def test_forward_dynamics_derivatives_by_the_implicit_function_rule():
    arm = models.arm6r()
    q, qd, _, tau = ch36.example_state()
    dq, dqd, Minv = cd.aba_derivatives(arm, q, qd, tau, ch36.GRAVITY)
    qdd = cd.aba(arm, q, qd, tau, ch36.GRAVITY)
    tq, tqd = cd.rnea_derivatives(arm, q, qd, qdd, ch36.GRAVITY)
    M = cd.crba(arm, q)
    assert ch36.relative_error(M @ dq, -tq) < 1e-12
    assert ch36.relative_error(M @ dqd, -tqd) < 1e-12
    assert ch36.relative_error(Minv @ M, np.eye(6)) < 1e-12


# ------------------------------------------------------------------ finite-difference step


def test_fd_step_summary_of_the_figure():
    steps = ch36.FD_STEPS
    errors = ch36.fd_step_errors(steps)
    header, rows = ch36.fd_step_summary(steps, errors)
    by = {r[0]: dict(zip(header, r)) for r in rows}
    assert by["forward"]["optimal_step_log10"] == -7.8  # log10(eps^(1/2))
    assert by["central"]["optimal_step_log10"] == -5.2  # log10(eps^(1/3))
    assert by["forward"]["truncation_slope"] == 1.0 and by["central"]["truncation_slope"] == 2.0
    assert by["complex"]["truncation_slope"] == 2.0
    assert all(r["within_bound"] for r in by.values())
    assert by["forward"]["best_step_within_100x"] and by["central"]["best_step_within_100x"]
    # the smallest steps are ruined by roundoff, but not the complex step
    assert errors["forward"][0] > 0.1 and errors["central"][0] > 0.1
    assert errors["complex"][0] < 1e-14


def test_fd_step_table_is_the_committed_one(tmp_path):
    steps = ch36.FD_STEPS
    header, rows = ch36.fd_step_summary(steps, ch36.fd_step_errors(steps))
    with open(ROOT / "data" / "ch36_fd_step.csv", newline="", encoding="utf-8") as fh:
        got = list(csv.reader(fh))
    assert got[0] == header
    assert [r[0] for r in got[1:]] == [r[0] for r in rows]
    assert [r[-1] for r in got[1:]] == ["True"] * 3


# ------------------------------------------------------------------ operation counts

#: Counted operations per call on n revolute links (rules products / all / additions), from
#: the code: RNEA 357 n products (test_regressor); rnea_derivatives adds, per link, the
#: (6, n) blocks of the forward sweep and the backward sweep (6x6 by 6xn products, n columns
#: each, for four forward and two backward blocks plus the extra terms): O(n^2); aba_derivatives
#: is aba + rnea_derivatives + inverse_mass_matrix + the two n x n products M^-1 dtau (2 n^3).
FORMULAS = {
    "rnea": ((357, 0), (420, 0), (361, 6)),
    "rnea_derivatives": ((516, 789, 0), (528, 852, 0), (478, 751, 6)),
    "aba": ((873, -540), (942, -546), (841, -510)),
    "inverse_mass_matrix": ((45, 570, -468), (48, 618, -468), (43, 547, -432)),
    "aba_derivatives": ((2, 561, 2232, -1008), (2, 576, 2412, -1014), (2, 519, 2139, -936)),
    "fd_forward": ((660, 357, 0), (768, 411, 0), (666, 350, 0)),
    "fd_central": ((1320, 27, 0), (1536, 27, 0), (1330, 18, 0)),
}


def _poly(coef, n):
    return sum(c * n ** (len(coef) - 1 - i) for i, c in enumerate(coef))


@pytest.mark.parametrize("n", [1, 5, 12])
def test_operation_counts_follow_the_formulas(n):
    _, rows = ch36.opcount_rows([n])
    values = iter(rows[0][1:])
    for name, per_rule in FORMULAS.items():
        for rule, coef in zip(ch36.RULES, per_rule):
            assert next(values) == _poly(coef, n), (name, rule)


def test_aba_derivatives_count_is_its_parts_plus_two_products():
    for n in (2, 7):
        _, rows = ch36.opcount_rows([n])
        row = dict(zip(_[1:], rows[0][1:]))
        for rule in ("products", "additions"):
            parts = sum(row[f"{k}_{rule}"] for k in ("aba", "rnea_derivatives",
                                                     "inverse_mass_matrix"))
            extra = 2 * n ** 3 if rule == "products" else 2 * n * n * (n - 1)
            assert row[f"aba_derivatives_{rule}"] == parts + extra, rule


def test_opcount_table_matches_the_formulas_and_the_fit():
    with open(ROOT / "data" / "ch36_opcount.csv", newline="", encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    ns = [int(r["n"]) for r in rows]
    assert ns == list(range(1, 13))
    for name, per_rule in FORMULAS.items():
        for rule, coef in zip(ch36.RULES, per_rule):
            col = [int(r[f"{name}_{rule}"]) for r in rows]
            assert col == [_poly(coef, n) for n in ns], (name, rule)
            fit, off = ch36.fit_polynomial(ns, col, len(coef) - 1)
            assert off == [] and [int(c) for c in fit] == list(coef)


def test_fit_polynomial_reports_the_points_off_the_fit():
    coef, off = ch36.fit_polynomial([1, 2, 3, 4], [1, 4, 9, 17], 2)
    assert [int(c) for c in coef] == [1, 0, 0] and off == [(4, 17, 16)]
    with pytest.raises(ValueError, match="need at least 3 points for degree 2, got 2"):
        ch36.fit_polynomial([1, 2], [1, 2], 2)


def test_polynomial_text():
    from fractions import Fraction as Fr

    assert ch36.polynomial_text([Fr(2), Fr(561), Fr(2190), Fr(-1008)]) == \
        "2 n³ + 561 n² + 2190 n − 1008"
    assert ch36.polynomial_text([Fr(516), Fr(747), Fr(0)]) == "516 n² + 747 n"
    with pytest.raises(ValueError, match="coefficients must be integers, got 1/2"):
        ch36.polynomial_text([Fr(1, 2)])
