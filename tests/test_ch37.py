"""Chapter 3.7's chapter code against independent oracles."""

import numpy as np
import pytest
import sympy as sp

from chaindyn import identify, inertial_parameters, models, regressor
from chaindyn.body import realizability
from chaindyn_book import ch37, ch37_symbolic


def test_symbolic_2r_regressor_equals_the_numeric_one():
    out = ch37_symbolic.planar_2r_regressor()
    f = sp.lambdify([*out["q"], *out["qd"], *out["qdd"], out["L1"], out["g"]], out["Y"])
    arm = models.planar_2r(lengths=(0.7, 0.4))
    rng = np.random.default_rng(1)
    for _ in range(5):
        x = rng.uniform(-2, 2, 6)
        Y = np.array(f(*x, 0.7, 9.80665), dtype=float)
        ref = regressor(arm, x[:2], x[2:4], x[4:], gravity=(0, -9.80665, 0))
        np.testing.assert_allclose(Y, ref, atol=1e-12)


def test_symbolic_2r_base_matches_the_closed_form_regrouping():
    base = ch37_symbolic.planar_2r_base()
    L1 = base["L1"]
    names = dict(zip([str(p) for p in base["pi"]], base["pi"]))
    assert base["rank"] == 6
    assert sp.simplify(base["beta"][base["independent"].index("Izz1")]
                       - (names["Izz1"] + L1**2 * names["m2"])) == 0
    assert sp.simplify(base["beta"][base["independent"].index("hx1")]
                       - (names["hx1"] + L1 * names["m2"])) == 0


@pytest.mark.parametrize("lengths", [(1.0, 1.0), (0.3, 0.8)])
def test_numeric_rank_of_the_2r_equals_the_symbolic_rank(lengths):
    W = identify.random_observations(models.planar_2r(lengths=lengths), 40,
                                     np.random.default_rng(0), gravity=(0, -9.81, 0))
    assert identify.base_parameters(W).rank == ch37_symbolic.planar_2r_base()["rank"]


def test_true_robot_is_physical_and_differs_from_the_nominal():
    nominal = models.arm6r()
    true = ch37.true_robot(nominal, np.random.default_rng(0))
    assert all(realizability(G).realizable for G in true.inertias)
    ratio = true.masses / nominal.masses
    assert np.all(np.abs(ratio - 1) <= ch37.PERTURB) and np.any(np.abs(ratio - 1) > 1e-3)


def test_robot_rejects_an_unknown_name():
    with pytest.raises(ValueError, match="name must be '6R', 'UR5' or 'Panda', got 'X'"):
        ch37.robot("X")


def test_physical_distance_is_zero_for_a_physical_robot_and_not_for_a_negative_mass():
    arm = models.planar_2r()
    W = identify.random_observations(arm, 40, np.random.default_rng(0), friction=True,
                                     gravity=(0, -9.81, 0))
    base = identify.base_parameters(W)
    beta = base.project(ch37.full_parameters(arm, np.ones(2), np.ones(2)))
    prior = inertial_parameters(arm)
    assert ch37.physical_distance(base, beta, prior) < 1e-6
    bad = beta.copy()
    k = list(base.independent).index(19)  # Izz2 alone: negative moment of the last link
    bad[k] = -1.0
    assert ch37.physical_distance(base, bad, prior) > 1e-3


# --------------------------------------------------------------------- the experiment

@pytest.fixture(scope="module")
def ur5_experiment():
    nominal = ch37.robot("UR5")
    true = ch37.true_robot(nominal, np.random.default_rng(1))
    base = ch37.base_set(nominal)
    x = ch37.random_feasible(nominal, np.random.default_rng(2), ch37.design_times())
    data = ch37.measure(true, x, np.random.default_rng(3), noise=0.0, periods=1)
    return nominal, true, base, x, data


def test_noise_free_exact_data_recover_the_base_parameters(ur5_experiment):
    nominal, true, base, _, data = ur5_experiment
    obs = ch37.exact(nominal, data)
    fit = ch37.identify_once(nominal, base, obs, with_sdp=False)
    beta = base.project(ch37.full_parameters(true))
    scale = np.abs(beta).max()
    np.testing.assert_allclose(fit["ols"].theta, beta, atol=1e-9 * scale)
    np.testing.assert_allclose(fit["wls"].theta, beta, atol=1e-9 * scale)


def test_true_parameters_predict_the_noise_free_torques_exactly(ur5_experiment):
    nominal, true, base, _, data = ur5_experiment
    obs = ch37.exact(nominal, data)
    beta = base.project(ch37.full_parameters(true))
    # the oracle: rnea of the true chain plus the friction law, computed in measure
    ref = ch37.rnea(true, data["q"], data["qd"], data["qdd"], ch37.GRAVITY) \
        + ch37.FV * data["qd"] + ch37.FC * np.sign(data["qd"])
    np.testing.assert_allclose(ch37.predict(base, obs, beta), ref, atol=1e-9)
    assert ch37.torque_rms(base, obs, beta).max() < 1e-9


def test_estimated_mass_matrix_of_the_true_base_parameters_is_crba(ur5_experiment):
    from chaindyn.quantities import mass_matrix

    nominal, true, base, _, data = ur5_experiment
    beta = base.project(ch37.full_parameters(true))
    q = data["q"][7]
    np.testing.assert_allclose(ch37.estimated_mass_matrix(base, nominal, q, beta),
                               mass_matrix(true, q), atol=1e-10)


def test_filtered_noise_free_data_keep_the_estimate_close(ur5_experiment):
    # filtering W's columns with the torques keeps both sides in the same band
    nominal, true, base, x, _ = ur5_experiment
    data = ch37.measure(true, x, np.random.default_rng(4), noise=0.0)
    fit = ch37.identify_once(nominal, base, ch37.process(nominal, data), with_sdp=False)
    beta = base.project(ch37.full_parameters(true))
    assert np.linalg.norm(fit["ols"].theta - beta) / np.linalg.norm(beta) < 1e-3


def test_consistent_estimate_chain_is_physical_and_fits(ur5_experiment):
    nominal, true, base, _, data = ur5_experiment
    obs = ch37.exact(nominal, data)
    prior = ch37.full_parameters(nominal)[:10 * nominal.n]
    fit = ch37.identify_once(nominal, base, obs, prior=prior)
    chain = ch37.chain_from_parameters(nominal, fit["sdp"].theta)
    assert all(realizability(G).realizable for G in chain.inertias)
    assert fit["sdp"].min_eigenvalues.min() >= ch37.SDP_EPSILON * (1 - 1e-3)
    beta = base.project(ch37.full_parameters(true))
    assert np.linalg.norm(fit["beta_sdp"] - beta) / np.linalg.norm(beta) < 1e-3


def test_reproduction_row_compares_the_panda_count_with_gaz():
    """The appendix row holds exactly when the counted base set has Gaz et al.'s 43."""
    rows = [{"robot": "6R", "base": "36"}, {"robot": "Panda", "base": str(ch37.GAZ_PANDA)}]
    (row,) = ch37.reproduction_rows(rows)
    assert row["holds"] and row["value"] == "43"
    rows[1]["base"] = "42"
    assert not ch37.reproduction_rows(rows)[0]["holds"]
