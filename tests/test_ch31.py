"""The worked examples of chapter 3.1 (chaindyn_book.ch31) against independent oracles:
trimesh's integration of the bracket's mesh, Pinocchio's spatial inertia, closed forms
of the spinning body and of the enclosing ball."""

from __future__ import annotations

import numpy as np
import pytest

from chaindyn import body
from chaindyn.spatial import inertia_parts, spatial_inertia
from chaindyn_book import ch31


def test_bracket_mass_properties_equal_the_mesh_integral():
    m, c, Ic = inertia_parts(ch31.bracket_inertia())
    m_mesh, c_mesh, Ic_mesh = ch31.bracket_mesh_properties()
    assert m == pytest.approx(m_mesh, rel=1e-12)
    np.testing.assert_allclose(c, c_mesh, rtol=0, atol=1e-12)
    np.testing.assert_allclose(Ic, Ic_mesh, rtol=0, atol=1e-12 * np.abs(Ic).max())


def test_bracket_mass_is_density_times_volume():
    volume = sum(np.prod(size) for size, _ in ch31.BRACKET_BOXES)
    assert ch31.bracket_inertia()[3, 3] == pytest.approx(ch31.ALUMINIUM * volume, rel=1e-14)


def test_frame_change_three_ways_agree():
    f = ch31.bracket_frame_change()
    scale = np.abs(f["G_transform"]).max()
    np.testing.assert_allclose(f["G_transform"], f["G_direct"], atol=1e-13 * scale)
    np.testing.assert_allclose(f["G_transform"], f["G_pinocchio"], atol=1e-13 * scale)
    assert f["kinetic"][0] == pytest.approx(f["kinetic"][1], rel=1e-13)


def test_transform_inertia_round_trip():
    G = ch31.bracket_inertia()
    R = np.array([[0.0, -1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]])
    p = np.array([0.3, -0.2, 0.1])
    back = ch31.transform_inertia(ch31.transform_inertia(G, R, p), R.T, -R.T @ p)
    np.testing.assert_allclose(back, G, atol=1e-14)


def test_newton_euler_two_forms_and_pinocchio_agree():
    ne = ch31.newton_euler_two_forms()
    scale = np.abs(ne["F_spatial"]).max()
    np.testing.assert_allclose(ne["F_spatial"], ne["F_com"], atol=1e-13 * scale)
    np.testing.assert_allclose(ne["F_spatial"], ne["F_pinocchio"], atol=1e-13 * scale)


def test_spinning_bracket_closed_form():
    omega = 7.0
    s = ch31.spinning_bracket(omega)
    np.testing.assert_allclose(s["F"], np.r_[s["moment"], s["force"]],
                               atol=1e-13 * np.abs(s["F"]).max())
    # a body spinning about a principal axis through its COM needs no wrench
    G = spatial_inertia(2.0, np.zeros(3), np.diag([0.1, 0.2, 0.3]))
    F = body.newton_euler(G, np.array([0, 0, omega, 0, 0, 0.0]), np.zeros(6))
    np.testing.assert_allclose(F, 0.0, atol=1e-14)


def test_enclosing_ball_of_a_sphere():
    # a solid ball of radius a: I = 2/5 m a^2, so r_min = sqrt(3/5) a < a
    a, m = 0.3, 4.0
    assert ch31.enclosing_sphere_radius(m, body.sphere_inertia(m, a)) == pytest.approx(
        np.sqrt(0.6) * a, rel=1e-14)
    # a thin spherical shell puts all its mass at distance a: I = 2/3 m a^2, r_min = a
    assert ch31.enclosing_sphere_radius(m, 2.0 / 3.0 * m * a**2 * np.eye(3)) == pytest.approx(
        a, rel=1e-14)


def test_bracket_ball_holds_the_corners():
    m, c, _ = inertia_parts(ch31.bracket_inertia())
    r = ch31.bracket_ball_radius()
    far = max(np.linalg.norm(np.array(centre) + 0.5 * np.array(size) * np.array(s) - c)
              for size, centre in ch31.BRACKET_BOXES
              for s in [(sx, sy, sz) for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)])
    assert r == pytest.approx(far, rel=1e-14)


def test_realizability_cases_verdicts():
    """The verdicts follow from the moments alone (book eq. eq-31-triangle)."""
    verdict = {c["name"]: (c["result"].condition, c["result"].degenerate)
               for c in ch31.realizability_cases()}
    assert verdict["브래킷"] == (None, False)
    assert verdict["브래킷, 감싸는 공 안"] == (None, False)
    assert verdict["질량은 작고 관성은 큰 링크"] == (None, False)
    assert verdict["같은 링크, 반지름 0.1 m인 공 안"][0] == "ellipsoid"
    assert verdict["얇은 정사각형 판, 한 변 0.2 m"] == (None, True)
    assert verdict["가는 막대"] == ("positive_definite", True)
    assert verdict["모멘트 (0.01, 0.01, 0.03)"] == ("triangle", False)
    assert verdict["모멘트 하나가 음수"] == ("positive_definite", False)
    assert verdict["질량 0"][0] == "mass"
