"""chaindyn.body (book chapter 3.1): one rigid body, against independent oracles.

Oracles: closed forms integrated over meshes (trimesh), Pinocchio's Inertia (its vectors
are (linear, angular): swapped here), the Schur complement of the pseudo-inertia computed
with numpy's eigenvalues, finite differences of a prescribed motion, and the closed-form
mean of |x|^2 over a box for the bounding-ellipsoid condition.
"""

from __future__ import annotations

import dataclasses
import re
import warnings

import numpy as np
import pytest
from _refs import reference

from chaindyn import Chain
from chaindyn.body import (
    Realizability,
    body_acceleration,
    box_inertia,
    com_acceleration,
    cylinder_inertia,
    ellipsoid_inertia,
    inertia_from_pseudo,
    newton_euler,
    newton_euler_com,
    principal_axes,
    pseudo_inertia,
    realizability,
    rod_inertia,
    sphere_inertia,
)
from chaindyn.spatial import Ad, homogeneous, rpy_matrix, skew, spatial_inertia

RNG = np.random.default_rng(20261201)


def esc(text):
    return re.escape(text)


def _rotation(rng):
    q = rng.normal(size=4)
    q /= np.linalg.norm(q)
    w, x, y, z = q
    return np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
                     [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
                     [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]])


def _body(rng, mass=None, moments=None):
    """A random physical body: (m, c, I_c) with I_c = R diag(moments) R^T."""
    m = rng.uniform(0.5, 5.0) if mass is None else mass
    if moments is None:
        sides = rng.uniform(0.05, 0.5, size=3)
        moments = np.diag(box_inertia(m, sides))
    R = _rotation(rng)
    return m, rng.normal(scale=0.3, size=3), R @ np.diag(moments) @ R.T


def _G_raw(m, c, Ic):
    """G = [[I_c - m [c]^2, m [c]], [-m [c], m 1]] without any check (non-physical allowed)."""
    C = skew(np.asarray(c, dtype=float))
    return np.block([[Ic - m * C @ C, m * C], [-m * C, m * np.eye(3)]])


# ----------------------------------------------------------------- primitive solids

MESH_RTOL = 2e-3  # cylinder of 256 sections, icosphere of 5 subdivisions: ~1e-4 observed


def _mesh_inertia(mesh, mass):
    """Inertia about the mesh's centre of mass for a body of the given mass (trimesh
    integrates at density 1, so its inertia is scaled by mass / volume)."""
    assert mesh.is_watertight
    return mesh.moment_inertia * (mass / mesh.volume), mesh.center_mass


def test_box_against_mesh_integration_and_pinocchio():
    trimesh = reference("trimesh")
    pin = reference("pinocchio")
    m, size = 3.0, np.array([0.2, 0.5, 0.9])
    I_mesh, com = _mesh_inertia(trimesh.creation.box(extents=size), m)
    np.testing.assert_allclose(box_inertia(m, size), I_mesh, rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(com, 0.0, atol=1e-15)
    # Pinocchio's FromBox takes full edge lengths (its docstring says semi-axes)
    np.testing.assert_allclose(box_inertia(m, size), pin.Inertia.FromBox(m, *size).inertia,
                               rtol=1e-14)


def test_cylinder_against_mesh_integration_and_pinocchio():
    trimesh = reference("trimesh")
    pin = reference("pinocchio")
    m, r, h = 2.0, 0.15, 0.7
    mesh = trimesh.creation.cylinder(radius=r, height=h, sections=256)
    I_mesh, _ = _mesh_inertia(mesh, m)
    Ic = cylinder_inertia(m, r, h)
    np.testing.assert_allclose(np.diag(Ic), np.diag(I_mesh), rtol=MESH_RTOL)
    np.testing.assert_allclose(Ic - np.diag(np.diag(Ic)), 0.0, atol=0)
    np.testing.assert_allclose(Ic, pin.Inertia.FromCylinder(m, r, h).inertia, rtol=1e-14)


def test_sphere_and_ellipsoid_against_mesh_integration_and_pinocchio():
    trimesh = reference("trimesh")
    pin = reference("pinocchio")
    m, r = 1.5, 0.3
    I_mesh, _ = _mesh_inertia(trimesh.creation.icosphere(subdivisions=5, radius=r), m)
    np.testing.assert_allclose(sphere_inertia(m, r), I_mesh, rtol=MESH_RTOL, atol=1e-6 * m * r * r)
    np.testing.assert_allclose(sphere_inertia(m, r), pin.Inertia.FromSphere(m, r).inertia,
                               rtol=1e-14)
    axes = np.array([0.1, 0.25, 0.4])
    mesh = trimesh.creation.icosphere(subdivisions=5, radius=1.0)
    mesh.apply_transform(np.diag([*axes, 1.0]))  # the unit sphere scaled into the ellipsoid
    I_mesh, _ = _mesh_inertia(mesh, m)
    Ic = ellipsoid_inertia(m, axes)
    np.testing.assert_allclose(np.diag(Ic), np.diag(I_mesh), rtol=MESH_RTOL)
    np.testing.assert_allclose(Ic, pin.Inertia.FromEllipsoid(m, *axes).inertia, rtol=1e-14)
    assert np.isclose(mesh.volume, 4.0 / 3.0 * np.pi * axes.prod(), rtol=MESH_RTOL)


def test_rod_is_the_thin_cylinder_limit():
    m, L = 2.0, 1.2
    np.testing.assert_allclose(rod_inertia(m, L), cylinder_inertia(m, 1e-9, L), atol=1e-17)
    assert rod_inertia(m, L)[2, 2] == 0.0
    assert np.linalg.eigvalsh(rod_inertia(m, L)).min() == 0.0


@pytest.mark.parametrize("call, message", [
    (lambda: box_inertia(0.0, [1, 1, 1]), "mass must be > 0, got 0.0"),
    (lambda: box_inertia(-1.0, [1, 1, 1]), "mass must be > 0, got -1.0"),
    (lambda: box_inertia(1.0, [1, 0, 1]), "size must be > 0, got [1.0, 0.0, 1.0]"),
    (lambda: box_inertia(1.0, [1, 1]), "size must have shape (3,), got (2,)"),
    (lambda: cylinder_inertia(1.0, -0.1, 1.0), "radius must be > 0, got -0.1"),
    (lambda: cylinder_inertia(1.0, 0.1, 0.0), "length must be > 0, got 0.0"),
    (lambda: sphere_inertia(1.0, np.nan), "radius must be finite, got nan at index ()"),
    (lambda: ellipsoid_inertia(1.0, [1, 2, -3]), "semi_axes must be > 0, got [1.0, 2.0, -3.0]"),
    (lambda: rod_inertia(np.inf, 1.0), "mass must be finite, got inf at index ()"),
    (lambda: rod_inertia(1.0, "1"), "length must be an array of real numbers, got dtype <U1"),
])
def test_primitives_reject_bad_dimensions(call, message):
    with pytest.raises(ValueError, match=esc(message)):
        call()


def test_lists_and_arrays_give_the_same_result_and_array_likes_are_refused():
    np.testing.assert_array_equal(box_inertia(2.0, [0.1, 0.2, 0.3]),
                                  box_inertia(2.0, np.array([0.1, 0.2, 0.3])))
    with pytest.raises(ValueError, match=esc("size must be a plain numpy.ndarray, a list or a "
                                             "number, got a masked array")):
        box_inertia(2.0, np.ma.masked_array([0.1, 0.2, 0.3], mask=[0, 1, 0]))
    with pytest.raises(ValueError, match=esc("inertia must be a plain numpy.ndarray, a list or "
                                             "a number, got a numpy.matrix")):
        with warnings.catch_warnings():  # numpy's advice against np.matrix
            warnings.simplefilter("ignore", PendingDeprecationWarning)
            matrix = np.asmatrix(np.eye(3))
        principal_axes(matrix)


# ----------------------------------------------------------------- principal axes


def test_principal_axes_reconstruct_sort_and_follow_the_sign_rule():
    for _ in range(50):
        _, _, Ic = _body(RNG)
        moments, R = principal_axes(Ic)
        np.testing.assert_allclose(R @ np.diag(moments) @ R.T, Ic, atol=1e-14)
        np.testing.assert_allclose(R.T @ R, np.eye(3), atol=1e-14)
        assert np.isclose(np.linalg.det(R), 1.0, atol=1e-14)
        assert np.all(np.diff(moments) >= 0)
        np.testing.assert_allclose(moments, np.linalg.eigvalsh(Ic), rtol=1e-12)
        for k in (0, 1):
            assert R[np.argmax(np.abs(R[:, k])), k] > 0
        np.testing.assert_allclose(R[:, 2], np.cross(R[:, 0], R[:, 1]), atol=1e-15)


def test_principal_axes_of_repeated_moments_are_one_valid_choice():
    R0 = rpy_matrix([0.3, -0.2, 1.1])
    for moments in ([1.0, 1.0, 1.5], [2.0, 2.0, 2.0]):
        Ic = R0 @ np.diag(moments) @ R0.T
        got, R = principal_axes(Ic)
        np.testing.assert_allclose(got, moments, rtol=1e-14)
        np.testing.assert_allclose(R @ np.diag(got) @ R.T, Ic, atol=1e-14)
        assert np.isclose(np.linalg.det(R), 1.0, atol=1e-14)


def test_principal_axes_rejects_non_symmetric_and_bad_shapes():
    with pytest.raises(ValueError, match=esc("inertia must be symmetric, got max |A - A^T| = 0.1")):
        principal_axes([[1.0, 0.1, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])
    with pytest.raises(ValueError, match=esc("inertia must have shape (3, 3), got (2, 2)")):
        principal_axes(np.eye(2))
    with pytest.raises(ValueError, match=esc("inertia must be finite, got nan at index (1, 1)")):
        principal_axes(np.diag([1.0, np.nan, 1.0]))


# ----------------------------------------------------------------- pseudo-inertia


def test_pseudo_inertia_against_pinocchio_and_back():
    pin = reference("pinocchio")
    for _ in range(20):
        m, c, Ic = _body(RNG)
        G = spatial_inertia(m, c, Ic)
        J = pseudo_inertia(G)
        np.testing.assert_allclose(J, pin.Inertia(m, c, Ic).toPseudoInertia().toMatrix(),
                                   atol=1e-13)
        np.testing.assert_allclose(inertia_from_pseudo(J), G, atol=1e-13)


def test_pseudo_inertia_is_the_second_moment_of_the_mass():
    """A uniform box of edges s centred at c: ∫ x x^T ρ dV = m s^2 / 12 (diagonal) + m c c^T."""
    m, s, c = 2.0, np.array([0.2, 0.4, 0.6]), np.array([0.1, -0.3, 0.5])
    J = pseudo_inertia(spatial_inertia(m, c, box_inertia(m, s)))
    np.testing.assert_allclose(J[:3, :3], m * np.diag(s * s) / 12 + m * np.outer(c, c),
                               atol=1e-15)
    np.testing.assert_allclose(J[:3, 3], m * c, atol=1e-15)
    assert J[3, 3] == m


def test_pseudo_inertia_is_batched():
    Gs = np.stack([spatial_inertia(*_body(RNG)) for _ in range(6)]).reshape(2, 3, 6, 6)
    Js = pseudo_inertia(Gs)
    assert Js.shape == (2, 3, 4, 4)
    np.testing.assert_allclose(Js[1, 2], pseudo_inertia(Gs[1, 2]), atol=0)
    np.testing.assert_allclose(inertia_from_pseudo(Js), Gs, atol=1e-13)


def test_schur_complement_of_the_pseudo_inertia_is_sigma_c():
    """Σ - m c c^T = ½ tr(I_c) 1 - I_c, with eigenvalues (I_j + I_k - I_i) / 2."""
    for _ in range(20):
        m, c, Ic = _body(RNG)
        J = pseudo_inertia(spatial_inertia(m, c, Ic))
        schur = J[:3, :3] - np.outer(J[:3, 3], J[:3, 3]) / J[3, 3]
        np.testing.assert_allclose(schur, 0.5 * np.trace(Ic) * np.eye(3) - Ic, atol=1e-13)
        I1, I2, I3 = np.linalg.eigvalsh(Ic)
        expected = np.sort([(I2 + I3 - I1) / 2, (I1 + I3 - I2) / 2, (I1 + I2 - I3) / 2])
        np.testing.assert_allclose(np.linalg.eigvalsh(schur), expected, atol=1e-13)


def test_triangle_verdict_equals_a_positive_definite_pseudo_inertia():
    """Random principal moments, a third of them violating the triangle inequality by at
    least 1 %: realizability's verdict equals numpy's eigenvalue test of J."""
    seen = set()
    for _ in range(300):
        moments = RNG.uniform(0.1, 1.0, size=3)
        moments[2] = (moments[0] + moments[1]) * RNG.choice([RNG.uniform(0.2, 0.99),
                                                            RNG.uniform(1.01, 2.0)])
        m, c, Ic = _body(RNG, moments=moments)
        G = _G_raw(m, c, Ic)
        r = realizability(G)
        j_pd = np.linalg.eigvalsh(pseudo_inertia(G)).min() > 0
        assert (r.condition is None) == j_pd
        assert r.condition in (None, "triangle")
        seen.add(r.condition)
    assert seen == {None, "triangle"}


def test_boundary_bodies_plate_rod_and_point():
    m = 2.0
    plate = _G_raw(m, [0.1, 0.0, 0.0], np.diag([0.01, 0.02, 0.03]))  # I1 + I2 = I3: a plane
    r = realizability(plate)
    assert (r.condition, r.realizable, r.degenerate) == (None, True, True)
    assert abs(r.triangle) <= 1e-12
    assert np.linalg.eigvalsh(pseudo_inertia(plate)).min() <= 1e-12 * m
    assert Chain(np.eye(4)[None], [[0, 0, 1, 0, 0, 0]], plate[None]).n == 1  # as before
    rod = _G_raw(m, [0.0, 0.0, 0.3], rod_inertia(m, 0.8))
    r = realizability(rod)
    assert (r.condition, r.realizable, r.degenerate) == ("positive_definite", False, True)
    assert r.positive_definite == 0.0 and r.triangle == 0.0
    point = _G_raw(m, [0.2, 0.0, 0.0], np.zeros((3, 3)))
    r = realizability(point)
    assert (r.condition, r.degenerate) == ("positive_definite", True)
    for G in (rod, point):
        with pytest.raises(ValueError, match=esc("inertias[0] fails the positive definiteness "
                                                 "of the rotational inertia about the COM")):
            Chain(np.eye(4)[None], [[0, 0, 1, 0, 0, 0]], G[None])


# ----------------------------------------------------------------- the ladder

TRI = ("triangle inequality of principal moments (I1 + I2 >= I3, equivalently a positive "
       "semidefinite pseudo-inertia)")


def _ladder_cases():
    good = spatial_inertia(2.0, [0.1, 0.2, 0.3], np.diag([0.02, 0.03, 0.04]))
    asym = good.copy()
    asym[0, 1] += 0.5
    neg = good.copy()
    neg[3:, 3:] = -2.0 * np.eye(3)
    force = good.copy()
    force[4, 4] = 3.0
    coupling = good.copy()
    coupling[:3, 3:] += 0.1 * np.eye(3)
    coupling[3:, :3] += 0.1 * np.eye(3)
    not_pd = _G_raw(2.0, [0.0, 1.0, 0.0], np.diag([-0.01, 0.02, 0.02]))
    tri = _G_raw(2.0, [0.5, 0.0, 0.0], np.diag([0.01, 0.01, 0.10]))
    return [
        ("symmetric", asym, "G fails the symmetry of a spatial inertia (G = G^T): "
                            "got max |G - G^T| = 0.5"),
        ("mass", neg, "G fails the positive mass (m > 0 in G[3:, 3:] = m 1): got m = -2"),
        ("rigid", force, "G fails the rigid-body structure (G[3:, 3:] = m 1, coupling "
                         "G[:3, 3:] = m [c] skew-symmetric): got max deviation 1 of G[3:, 3:] "
                         "from m 1"),
        ("rigid", coupling, "G fails the rigid-body structure (G[3:, 3:] = m 1, coupling "
                            "G[:3, 3:] = m [c] skew-symmetric): got coupling block [["),
        ("positive_definite", not_pd, "G fails the positive definiteness of the rotational "
                                      "inertia about the COM (I_c > 0): got principal moments "
                                      "[-0.01  0.02  0.02]"),
        ("triangle", tri, "G fails the " + TRI + ": got principal moments [0.01 0.01 0.1 ]"),
    ]


@pytest.mark.parametrize("condition, G, message", _ladder_cases(),
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(_ladder_cases())])
def test_the_first_failing_condition_is_named(condition, G, message):
    r = realizability(G)
    assert r.condition == condition and not r.realizable and not r.degenerate
    assert r.message.startswith(message), r.message
    with pytest.raises(ValueError, match=esc("inertias[0] " + message[2:])):
        Chain(np.eye(4)[None], [[0, 0, 1, 0, 0, 0]], G[None])


def test_a_good_body_has_its_margins():
    m, c, Ic = 2.0, [0.1, 0.2, 0.3], np.diag([0.02, 0.03, 0.04])
    r = realizability(spatial_inertia(m, c, Ic))
    assert (r.condition, r.realizable, r.degenerate, r.ellipsoid) == (None, True, False, None)
    assert r.asymmetry == 0.0 and r.rigidity == 0.0 and r.mass == 1.0
    np.testing.assert_allclose(r.moments, [0.02, 0.03, 0.04], rtol=1e-12)
    assert np.isclose(r.positive_definite, 0.5) and np.isclose(r.triangle, 0.25)
    assert r.message == ("G satisfies every condition checked: symmetric, mass, rigid, "
                         "positive_definite, triangle")
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.condition = "mass"
    assert isinstance(r, Realizability)


@pytest.mark.parametrize("excess, verdict", [(1e-6, "triangle"), (1e-12, None), (0.5, "triangle"),
                                             (-0.5, None)])
def test_the_verdict_does_not_depend_on_the_scale(excess, verdict):
    """The same body at 1e-6 kg, 1 kg and 1e6 kg (lengths scaled by 1e-3 and 1e2 too):
    the same verdict, including 1e-6 relative violations (1000 TOL) and roundoff."""
    I1, I2 = 0.02, 0.03
    moments = np.array([I1, I2, (I1 + I2) * (1.0 + excess)])
    base_m, base_c = 2.0, np.array([0.1, -0.2, 0.3])
    R = rpy_matrix([0.4, -0.3, 0.9])
    for mass_scale, length_scale in ((1e-6, 1e-3), (1.0, 1.0), (1e6, 1e2)):
        m = base_m * mass_scale
        Ic = R @ np.diag(moments) @ R.T * mass_scale * length_scale ** 2
        G = _G_raw(m, base_c * length_scale, Ic)
        r = realizability(G)
        assert r.condition == verdict, (mass_scale, r.message)


# ----------------------------------------------------------------- bounding ellipsoid


def test_a_uniform_ellipsoid_fills_its_bound_with_margin_two_fifths():
    m, axes = 3.0, np.array([0.1, 0.2, 0.35])
    R, center = rpy_matrix([0.2, 0.5, -0.7]), np.array([0.3, -0.1, 0.2])
    G = spatial_inertia(m, center, R @ ellipsoid_inertia(m, axes) @ R.T)
    r = realizability(G, ellipsoid=(center, axes, R))
    assert r.condition is None and np.isclose(r.ellipsoid, 0.4, rtol=1e-12)
    # the 4x4 form gives the same margin
    Q = R @ np.diag(axes ** -2.0) @ R.T
    Qbar = np.block([[-Q, (Q @ center)[:, None]],
                     [(Q @ center)[None, :], np.array([[1.0 - center @ Q @ center]])]])
    assert np.isclose(realizability(G, ellipsoid=Qbar).ellipsoid, r.ellipsoid, rtol=1e-12)


def test_ellipsoid_margin_of_a_box_in_a_sphere_is_one_minus_the_mean_square_radius():
    """Uniform box of half-edges h centred on a sphere of radius ρ: the mean of |x|^2 is
    Σ h^2 / 3, so tr(J Q) / m = 1 - Σ h^2 / (3 ρ^2); the box's corners lie on the sphere
    when ρ = |h|, and a box too big for the sphere fails."""
    m, h = 1.0, np.array([0.1, 0.2, 0.3])
    G = spatial_inertia(m, np.zeros(3), box_inertia(m, 2 * h))
    for rho in (np.linalg.norm(h), 2.0 * np.linalg.norm(h)):
        r = realizability(G, ellipsoid=(np.zeros(3), [rho] * 3, np.eye(3)))
        assert np.isclose(r.ellipsoid, 1.0 - (h @ h) / (3 * rho * rho), rtol=1e-12)
        assert r.condition is None
    r = realizability(G, ellipsoid=(np.zeros(3), [0.5 * np.linalg.norm(h)] * 3, np.eye(3)))
    assert r.condition == "ellipsoid" and not r.realizable
    assert r.message.startswith("G fails the bounding-ellipsoid condition (tr(J Q) >= 0: the "
                                "mass inside the ellipsoid): got tr(J Q) / m = -0.333333")
    far = spatial_inertia(m, [5.0, 0.0, 0.0], box_inertia(m, 2 * h))
    assert realizability(far, ellipsoid=(np.zeros(3), [1.0] * 3, np.eye(3))).condition == \
        "ellipsoid"


def test_ellipsoid_argument_is_checked():
    G = spatial_inertia(1.0, np.zeros(3), np.eye(3) * 0.01)
    with pytest.raises(ValueError,
                       match=esc("ellipsoid semi_axes must be > 0, got [1.0, 0.0, 1.0]")):
        realizability(G, ellipsoid=(np.zeros(3), [1.0, 0.0, 1.0], np.eye(3)))
    with pytest.raises(ValueError, match=esc("ellipsoid R must be a rotation matrix")):
        realizability(G, ellipsoid=(np.zeros(3), [1.0] * 3, np.diag([1.0, 1.0, -1.0])))
    with pytest.raises(ValueError, match=esc("ellipsoid must have shape (4, 4), got (3, 3)")):
        realizability(G, ellipsoid=np.eye(3))


# ----------------------------------------------------------------- Newton-Euler

P = np.block([[np.zeros((3, 3)), np.eye(3)], [np.eye(3), np.zeros((3, 3))]])  # (ω, v) <-> (v, ω)


def test_spatial_matrix_and_newton_euler_against_pinocchio():
    pin = reference("pinocchio")
    for _ in range(20):
        m, c, Ic = _body(RNG)
        G = spatial_inertia(m, c, Ic)
        Y = pin.Inertia(m, c, Ic)
        np.testing.assert_allclose(P @ Y.matrix() @ P, G, atol=1e-13)
        V, Vd = RNG.normal(size=6), RNG.normal(size=6)
        v, a = pin.Motion(P @ V), pin.Motion(P @ Vd)
        f_pin = (Y * a + v.cross(Y * v)).vector
        np.testing.assert_allclose(newton_euler(G, V, Vd), P @ f_pin, atol=1e-12)
        np.testing.assert_allclose(newton_euler(G, V, np.zeros(6)), P @ Y.vxiv(v).vector,
                                   atol=1e-12)


def test_coordinate_transform_against_pinocchio_se3_action():
    """G in {a} from G in {b}: Ad_{T_ba}^T G_b Ad_{T_ba} (Featherstone 2008, eq. 2.66)."""
    pin = reference("pinocchio")
    m, c, Ic = _body(RNG)
    G_b = spatial_inertia(m, c, Ic)
    R, p = _rotation(RNG), RNG.normal(size=3)
    T_ab = homogeneous(R, p)
    X = Ad(np.linalg.inv(T_ab))
    G_a = X.T @ G_b @ X
    I_a = pin.Inertia(m, c, Ic).se3Action(pin.SE3(R, p))
    np.testing.assert_allclose(G_a, P @ I_a.matrix() @ P, atol=1e-12)
    assert realizability(G_a).condition is None  # a frame change keeps a body a body


def test_body_acceleration_inverts_newton_euler_batched():
    Gs = np.stack([spatial_inertia(*_body(RNG)) for _ in range(4)])
    V = RNG.normal(size=(3, 1, 6))
    Vd = RNG.normal(size=(3, 4, 6))
    F = newton_euler(Gs, V, Vd)
    assert F.shape == (3, 4, 6)
    np.testing.assert_allclose(body_acceleration(Gs, V, F), Vd, atol=1e-10)
    np.testing.assert_allclose(F[2, 1], newton_euler(Gs[1], V[2, 0], Vd[2, 1]), atol=0)
    np.testing.assert_allclose(newton_euler(Gs, V, body_acceleration(Gs, V, F)), F, atol=1e-10)


def test_spatial_form_equals_the_com_form_moved_to_the_origin():
    for _ in range(20):
        m, c, Ic = _body(RNG)
        V, Vd = RNG.normal(size=6), RNG.normal(size=6)
        a_c = com_acceleration(V, Vd, c)
        n_c, f = newton_euler_com(m, Ic, V[:3], Vd[:3], a_c)
        F = newton_euler(spatial_inertia(m, c, Ic), V, Vd)
        np.testing.assert_allclose(F, np.concatenate([n_c + np.cross(c, f), f]), atol=1e-12)


def test_com_acceleration_against_finite_differences_of_a_motion():
    """A prescribed motion T(t) = (R(t), p(t)); the COM's world position R c + p is
    differentiated twice and turned into body axes; V_b and dV_b/dt by differences too."""
    c = np.array([0.3, -0.2, 0.1])

    def pose(t):
        R = rpy_matrix(np.array([0.4, 1.1, -0.7]) * t + np.array([0.3, -0.6, 0.2]) * t * t)
        return R, np.array([0.5, 0.1, -0.3]) * t + np.array([0.2, 0.7, -0.4]) * t ** 3

    def twist(t, e=1e-5):
        (R0, p0), (R1, p1) = pose(t - e), pose(t + e)
        R, _ = pose(t)
        Rd, pd = (R1 - R0) / (2 * e), (p1 - p0) / (2 * e)
        W = R.T @ Rd
        return np.concatenate([[W[2, 1], W[0, 2], W[1, 0]], R.T @ pd])

    t, e = 0.7, 1e-4
    R, _ = pose(t)
    V, Vd = twist(t), (twist(t + e) - twist(t - e)) / (2 * e)
    x = [pose(s)[0] @ c + pose(s)[1] for s in (t - e, t, t + e)]
    a_world = (x[0] - 2 * x[1] + x[2]) / (e * e)
    np.testing.assert_allclose(com_acceleration(V, Vd, c), R.T @ a_world, atol=1e-5)


@pytest.mark.parametrize("call, message", [
    (lambda G: newton_euler(G[:5], np.zeros(6), np.zeros(6)),
     "G must have shape (..., 6, 6), got (5, 6)"),
    (lambda G: newton_euler(G, np.zeros(5), np.zeros(6)), "V must have shape (..., 6), got (5,)"),
    (lambda G: newton_euler(G, np.zeros(6), [np.nan] * 6),
     "Vdot must be finite, got nan at index (0,)"),
    (lambda G: newton_euler(G, np.zeros((2, 6)), np.zeros((3, 6))),
     "the batch shapes must broadcast together, got G (6, 6), V (2, 6), Vdot (3, 6)"),
    (lambda G: body_acceleration(G, np.zeros(6), np.zeros(7)),
     "F must have shape (..., 6), got (7,)"),
    (lambda G: newton_euler_com(0.0, np.eye(3), np.zeros(3), np.zeros(3), np.zeros(3)),
     "mass must be > 0, got 0.0"),
    (lambda G: newton_euler_com(1.0, np.triu(np.ones((3, 3))), np.zeros(3), np.zeros(3),
                                np.zeros(3)),
     "inertia_com must be symmetric, got max |A - A^T| = 1"),
    (lambda G: com_acceleration(np.zeros(6), np.zeros(6), np.zeros(2)),
     "com must have shape (..., 3), got (2,)"),
])
def test_newton_euler_rejects_bad_input(call, message):
    G = spatial_inertia(1.0, np.zeros(3), 0.01 * np.eye(3))
    with pytest.raises(ValueError, match=esc(message)):
        call(G)


def test_body_acceleration_of_a_singular_inertia_is_a_value_error():
    rod = _G_raw(1.0, np.zeros(3), rod_inertia(1.0, 1.0))
    with pytest.raises(ValueError, match=esc("G must be invertible (a non-degenerate rigid "
                                             "body), got a singular spatial inertia")):
        body_acceleration(rod, np.zeros(6), np.ones(6))


def test_lists_work_as_arrays_in_newton_euler():
    G = spatial_inertia(2.0, [0.5, 0.0, 0.0], 0.01 * np.eye(3))
    V, Vd = [0.1, 0.2, 0.3, 0.4, 0.5, 0.6], [1, 2, 3, 4, 5, 6]
    np.testing.assert_array_equal(newton_euler(G.tolist(), V, Vd),
                                  newton_euler(G, np.array(V), np.array(Vd, dtype=float)))


@pytest.mark.parametrize("call, message", [
    (lambda: realizability(np.eye(5)), "G must have shape (6, 6), got (5, 5)"),
    (lambda: realizability(np.full((6, 6), np.nan)), "G must be finite, got nan at index (0, 0)"),
    (lambda: realizability(np.eye(6).tolist() + [[0] * 6]), "G must have shape (6, 6), got (7, 6)"),
    (lambda: pseudo_inertia(np.eye(4)), "G must have shape (..., 6, 6), got (4, 4)"),
    (lambda: inertia_from_pseudo(np.triu(np.ones((4, 4)))),
     "J must be symmetric, got max |J - J^T| = 1"),
    (lambda: inertia_from_pseudo(np.eye(3)), "J must have shape (..., 4, 4), got (3, 3)"),
])
def test_pseudo_inertia_and_realizability_reject_bad_input(call, message):
    with pytest.raises(ValueError, match=esc(message)):
        call()


def test_realizability_accepts_a_list_as_an_array():
    G = spatial_inertia(2.0, [0.1, 0.2, 0.3], np.diag([0.02, 0.03, 0.04]))
    a, b = realizability(G), realizability(G.tolist())
    assert (a.condition, a.triangle, a.message) == (b.condition, b.triangle, b.message)


# ----------------------------------------------------------------- RBDA's spatial inertia


def _rbda_cross(a):
    """Featherstone (2008), eq. (2.23), p. 21: the 3x3 matrix of ``a×``."""
    x, y, z = a
    return np.array([[0.0, -z, y], [z, 0.0, -x], [-y, x, 0.0]])


def test_rbda_eq_2_63_and_2_66_are_the_books_spatial_inertia_and_frame_change():
    """RBDA eq. (2.63), p. 33, transcribed: I_O = [[Ī_C + m c× c×^T, m c×], [m c×^T, m 1]]
    in Plücker coordinates at O (angular first) is spatial_inertia(m, c, Ī_C).  Eq. (2.66),
    p. 34: ᴮI = ᴮX_A* ᴬI ᴬX_B, with ᴮX_A* (eq. 2.25, p. 22) and ᴬX_B (eq. 2.26, p. 22) for
    E the rotation from A to B coordinates and r the position of B's origin in A
    coordinates, is the book's Ad_{T_ba}^T G_b Ad_{T_ba} (A = {b}, B = {a}) and equals the
    body built directly in {a}."""
    one, zero = np.eye(3), np.zeros((3, 3))
    for _ in range(10):
        m, c, Ic = _body(RNG)
        cx = _rbda_cross(c)
        I_O = np.block([[Ic + m * cx @ cx.T, m * cx], [m * cx.T, m * one]])
        G_b = spatial_inertia(m, c, Ic)
        np.testing.assert_allclose(G_b, I_O, atol=1e-14)
        R, p = _rotation(RNG), RNG.normal(size=3)  # T_ab: pose of {b} in {a}
        E, r = R, -R.T @ p  # b -> a coordinates; {a}'s origin in {b} coordinates
        BXA_star = np.block([[E, -E @ _rbda_cross(r)], [zero, E]])  # eq. (2.25)
        AXB = np.block([[E.T, zero], [_rbda_cross(r) @ E.T, E.T]])  # eq. (2.26)
        rbda = BXA_star @ I_O @ AXB  # eq. (2.66)
        X = Ad(np.linalg.inv(homogeneous(R, p)))  # Ad_{T_ba}
        np.testing.assert_allclose(rbda, X.T @ G_b @ X, atol=1e-12)
        np.testing.assert_allclose(rbda, spatial_inertia(m, R @ c + p, R @ Ic @ R.T),
                                   atol=1e-12)


# ----------------------------------------------------------------- hostile input and results
#
# Every bad input raises a ValueError that says what was expected and what was got; nothing
# is repaired silently.  The cases below were found by feeding the module what a careless
# or hostile user would (README, "The package": the rules of chaindyn._validate.as_array).

PIN_ORDER = P  # (v, ω) <-> (ω, v)


def test_primitives_refuse_a_result_that_overflows_or_underflows():
    """Finite inputs whose squares overflow to inf or underflow to 0 gave an inf or a zero
    inertia without a word."""
    with pytest.raises(ValueError, match=esc(
            "box_inertia: the moments of inertia must be finite and > 0 in floating point, "
            "got [0.1666")):
        box_inertia(1.0, [1e200, 1.0, 1.0])
    with pytest.raises(ValueError, match=esc("box_inertia: the moments of inertia must be "
                                             "finite and > 0 in floating point, got [0.0, 0.0, "
                                             "0.0]")):
        box_inertia(1e-300, [1e-200] * 3)
    with pytest.raises(ValueError, match=esc("cylinder_inertia: the moments of inertia")):
        cylinder_inertia(1e300, 1e10, 1.0)
    with pytest.raises(ValueError, match=esc("ellipsoid_inertia: the moments of inertia")):
        ellipsoid_inertia(1e-300, [1e-200] * 3)
    with pytest.raises(ValueError, match=esc("sphere_inertia: the moments of inertia")):
        sphere_inertia(1e300, 1e200)
    with pytest.raises(ValueError, match=esc("rod_inertia: the moments of inertia")):
        rod_inertia(1e-300, 1e-200)
    # the rod's zero about its own axis is its shape, not an underflow
    assert rod_inertia(1e-30, 1e-10)[0, 0] > 0


@pytest.mark.parametrize("bad, message", [
    (True, "mass must be an array of real numbers, got dtype bool"),
    (1 + 0j, "mass must be an array of real numbers, got dtype complex128"),
    ([2.0], "mass must have shape (), got (1,)"),
    (np.array([[2.0]]), "mass must have shape (), got (1, 1)"),
    (None, "mass must be an array of real numbers, got dtype object"),
    (np.ma.masked_array(2.0, mask=True), "mass must be a plain numpy.ndarray, a list or a number, "
                                         "got a masked array"),
])
def test_a_mass_that_is_not_one_real_number_is_refused(bad, message):
    for call in (lambda: box_inertia(bad, [1, 1, 1]), lambda: sphere_inertia(bad, 1.0),
                 lambda: newton_euler_com(bad, np.eye(3), np.zeros(3), np.zeros(3), np.zeros(3))):
        with pytest.raises(ValueError, match=esc(message)):
            call()


def test_tuples_lists_and_array_likes_follow_the_package_rule():
    """Lists and tuples are arrays; an object with __array__ (a pandas-like column) is read
    through it; masked arrays, np.matrix and object arrays are refused."""

    class Column:  # what pandas.Series offers to numpy
        def __init__(self, values):
            self.values = np.asarray(values, dtype=float)

        def __array__(self, dtype=None, copy=None):
            return self.values if dtype is None else self.values.astype(dtype)

    ref = box_inertia(2.0, np.array([0.1, 0.2, 0.3]))
    for size in ([0.1, 0.2, 0.3], (0.1, 0.2, 0.3), Column([0.1, 0.2, 0.3])):
        np.testing.assert_array_equal(box_inertia(2.0, size), ref)
    G = spatial_inertia(2.0, [0.1, 0.2, 0.3], np.diag([0.02, 0.03, 0.04]))
    V, Vd = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6), (1, 2, 3, 4, 5, 6)
    np.testing.assert_array_equal(newton_euler(tuple(map(tuple, G)), V, Vd),
                                  newton_euler(G, np.array(V), np.array(Vd, dtype=float)))
    with pytest.raises(ValueError, match=esc("V must be a plain numpy.ndarray, a list or a "
                                             "number, got a masked array")):
        newton_euler(G, np.ma.masked_array(V), Vd)
    with pytest.raises(ValueError, match=esc("G must be a plain numpy.ndarray, a list or a "
                                             "number, got a numpy.matrix")):
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", PendingDeprecationWarning)
            matrix = np.asmatrix(G)
        realizability(matrix)
    with pytest.raises(ValueError, match=esc("com must be an array of real numbers, got dtype "
                                             "object")):
        com_acceleration(V, Vd, np.array([0.1, None, 0.3], dtype=object))
    with pytest.raises(ValueError, match=esc("omega must be an array of real numbers, got dtype "
                                             "complex128")):
        newton_euler_com(1.0, np.eye(3), [1j, 0, 0], np.zeros(3), np.zeros(3))


def test_empty_batches_give_empty_results():
    """A batch of no bodies is a batch: inertia_from_pseudo raised numpy's 'zero-size array
    to reduction operation maximum'."""
    assert inertia_from_pseudo(np.zeros((0, 4, 4))).shape == (0, 6, 6)
    assert pseudo_inertia(np.zeros((0, 6, 6))).shape == (0, 4, 4)
    assert newton_euler(np.zeros((0, 6, 6)), np.zeros(6), np.zeros(6)).shape == (0, 6)
    assert body_acceleration(np.zeros((0, 6, 6)), np.zeros(6), np.zeros(6)).shape == (0, 6)


def test_a_matrix_that_is_not_a_spatial_inertia_is_refused_by_the_newton_euler_functions():
    """newton_euler, body_acceleration and pseudo_inertia used any 6x6: a non-symmetric
    matrix, or Pinocchio's (v, ω)-ordered Inertia.matrix() unswapped, gave a wrench (or a J
    read from one half of the coupling block) without a word."""
    G = spatial_inertia(2.0, [0.1, 0.2, 0.3], np.diag([0.02, 0.03, 0.04]))
    V, Vd = np.ones(6), np.ones(6)
    asym = G + np.triu(np.ones((6, 6)), 1)
    expected = ("G must be a spatial inertia in (omega, v) order (symmetric, G[3:, 3:] = m 1, "
                "coupling G[:3, 3:] = m [c] skew-symmetric), got ")
    for call in (lambda A: newton_euler(A, V, Vd), lambda A: body_acceleration(A, V, Vd),
                 pseudo_inertia):
        with pytest.raises(ValueError, match=esc(expected + "max |G - G^T| = 1 in G[:3, :3] at "
                                                 "batch index ()")):
            call(asym)
        tiny = spatial_inertia(1e-6, [0.1, 0.2, 0.3], np.diag([2.0, 3.0, 4.0]))  # m [c] ~ 1e-7
        tiny[3, 1] += 1e-9  # 0.3 % of a coupling entry, 2.5e-10 of the largest entry
        with pytest.raises(ValueError, match=esc(expected + "max |G - G^T| = 1e-09 between the "
                                                 "coupling blocks at batch index ()")):
            call(tiny)
        I_o = G[:3, :3]  # what the swapped matrix puts where m 1 belongs
        dev = np.abs(I_o - I_o[2, 2] * np.eye(3)).max()
        with pytest.raises(ValueError, match=esc(expected + f"max deviation {dev:.3g} of "
                                                 "G[3:, 3:] from m 1 at batch index (1,); a "
                                                 "(v, omega)-ordered matrix such as Pinocchio's "
                                                 "Inertia.matrix() has its 3x3 blocks swapped")):
            call(np.stack([G, PIN_ORDER @ G @ PIN_ORDER]))
        coupling = G.copy()
        coupling[:3, 3:] += 0.1 * np.eye(3)
        coupling[3:, :3] += 0.1 * np.eye(3)
        with pytest.raises(ValueError, match=esc(expected + "max |C + C^T| = 0.2 of the "
                                                 "coupling block C at batch index ()")):
            call(coupling)
    # a rod or a point mass is a spatial inertia: newton_euler takes it
    rod = _G_raw(1.0, [0.0, 0.0, 0.2], rod_inertia(1.0, 0.5))
    assert np.isfinite(newton_euler(rod, V, Vd)).all()


def test_a_numerically_singular_or_indefinite_G_is_refused_by_body_acceleration():
    """A rod in a turned frame is singular only to roundoff: np.linalg.solve returned
    accelerations of 1e16 without a word.  A G with a negative moment is invertible but no
    body's: its 'acceleration' is not one."""
    message = ("G must be invertible (a non-degenerate rigid body), got a singular spatial "
               "inertia")
    for seed in range(20):
        R = _rotation(np.random.default_rng(seed))
        rod = _G_raw(1.0, [0.1, 0.2, 0.3], R @ rod_inertia(1.0, 1.0) @ R.T)
        with pytest.raises(ValueError, match=esc(message)):
            body_acceleration(rod, np.zeros(6), np.ones(6))
    bad = _G_raw(0.5, [0.0, 0.0, 0.0], np.diag([0.01, 0.01, -0.001]))
    with pytest.raises(ValueError, match=esc("G must be positive definite (a rigid body's "
                                             "spatial inertia, m > 0 and I_c > 0), got principal "
                                             "moments about the COM [-0.001  0.01   0.01 ] at "
                                             "batch index (1,)")):
        body_acceleration(np.stack([spatial_inertia(1.0, np.zeros(3), np.eye(3)), bad]),
                          np.zeros(6), np.ones(6))
    massless = np.zeros((6, 6))
    massless[:3, :3] = np.eye(3)
    with pytest.raises(ValueError, match=esc("G must be positive definite (a rigid body's "
                                             "spatial inertia, m > 0 and I_c > 0), got m = 0 at "
                                             "batch index ()")):
        body_acceleration(massless, np.zeros(6), np.ones(6))
    # a small body far from its frame's origin: G's eigenvalues span 13 or more decades
    # (cond 6e12 at 100 m), but it is a body, and invertible, in every frame
    rng = np.random.default_rng(3)
    for c in ([100.0, 0.0, 0.0], [30.0, -20.0, 10.0]):
        far = spatial_inertia(1.0, c, box_inertia(1.0, [0.01, 0.01, 0.01]))
        V = rng.normal(size=6)
        Vd = body_acceleration(far, V, newton_euler(far, V, V))
        np.testing.assert_allclose(Vd, V, rtol=1e-3, atol=1e-3)  # cond(G) eps: 7e-5 at 100 m


def test_body_acceleration_checks_a_g_changed_in_place_again():
    """An integrator passes one G thousands of times, and a G that passed is not checked
    again: the same 36 numbers.  The same array changed in place is new numbers."""
    G = spatial_inertia(2.0, [0.1, 0.0, 0.0], np.diag([0.02, 0.03, 0.04]))
    V, F = np.arange(6.0), np.ones(6)
    Vd = body_acceleration(G, V, F)
    np.testing.assert_array_equal(body_acceleration(G, V, F), Vd)
    np.testing.assert_allclose(newton_euler(G, V, Vd), F, rtol=0, atol=1e-12)
    G[0, 0] = -1.0
    with pytest.raises(ValueError, match=esc("G must be positive definite")):
        body_acceleration(G, V, F)
    G[0, 0], G[0, 1] = 0.02, 0.5  # not symmetric
    with pytest.raises(ValueError, match=esc("G must be a spatial inertia in (omega, v) order")):
        body_acceleration(G, V, F)


def _moved(G_b, R, p):
    """The same body in {a}, with T_ab = (R, p): Ad_{T_ba}^T G_b Ad_{T_ba} (book §3.1.3)."""
    X = Ad(np.linalg.inv(homogeneous(R, p)))
    return X.T @ G_b @ X


def _verdict_cases():
    m = 2.0
    box = spatial_inertia(m, [0.1, -0.2, 0.3], _body(RNG, mass=m)[2])
    plate = _G_raw(m, [0.1, 0.0, 0.0], np.diag([0.01, 0.02, 0.03]))
    tri = _G_raw(m, [0.5, 0.0, 0.0], np.diag([0.01, 0.01, 0.10]))
    neg = _G_raw(m, [0.0, 0.3, 0.0], np.diag([-0.01, 0.02, 0.02]))
    rod = _G_raw(m, [0.0, 0.0, 0.3], rod_inertia(m, 0.8))
    point = _G_raw(m, [0.2, 0.0, 0.0], np.zeros((3, 3)))
    return [("box", box, None, False), ("plate", plate, None, True),
            ("triangle", tri, "triangle", False), ("negative", neg, "positive_definite", False),
            ("rod", rod, "positive_definite", True), ("point", point, "positive_definite", True)]


@pytest.mark.parametrize("name, G, condition, degenerate", _verdict_cases(),
                         ids=[c[0] for c in _verdict_cases()])
def test_the_verdict_and_its_margins_do_not_depend_on_the_frame(name, G, condition, degenerate):
    """The same body seen from 30 other frames (turned, and moved up to about 3 m): the same
    condition, the same degeneracy, the same COM margins.  A rod in a turned frame passed
    positive definiteness whenever roundoff made its zero moment +1e-18 (about 4 frames in
    10), and was then reported realizable."""
    rng = np.random.default_rng(7)
    ref = realizability(G)
    assert (ref.condition, ref.degenerate) == (condition, degenerate), ref.message
    for _ in range(30):
        R, p = _rotation(rng), rng.normal(size=3)
        r = realizability(_moved(G, R, p))
        assert (r.condition, r.degenerate) == (condition, degenerate), (name, r.message)
        np.testing.assert_allclose(r.moments, ref.moments, atol=1e-12)
        np.testing.assert_allclose([r.positive_definite, r.triangle],
                                   [ref.positive_definite, ref.triangle], atol=1e-10)
        assert np.isclose(r.mass, 1.0, rtol=1e-14) and ref.mass == 1.0


def test_the_ellipsoid_margin_moves_with_the_frame():
    m, axes = 3.0, np.array([0.1, 0.2, 0.35])
    R_E, c_E = rpy_matrix([0.2, 0.5, -0.7]), np.array([0.3, -0.1, 0.2])
    G = spatial_inertia(m, c_E + [0.01, 0.0, 0.0], R_E @ box_inertia(m, axes) @ R_E.T)
    ref = realizability(G, ellipsoid=(c_E, axes, R_E)).ellipsoid
    rng = np.random.default_rng(8)
    for _ in range(10):
        R, p = _rotation(rng), rng.normal(size=3)
        r = realizability(_moved(G, R, p), ellipsoid=(R @ c_E + p, axes, R @ R_E))
        assert r.condition is None and np.isclose(r.ellipsoid, ref, rtol=1e-10)


def _qbar(center, axes, R):
    Q = R @ np.diag(np.asarray(axes, dtype=float) ** -2.0) @ R.T
    Qc = Q @ center
    return np.block([[-Q, Qc[:, None]], [Qc[None, :], np.array([[1.0 - center @ Qc]])]])


def test_an_ellipsoid_given_wrongly_is_refused():
    """A 4x4 Q̄ with the wrong sign (Q_E for -Q_E) or bounding nothing was used as if it
    were an ellipsoid; a 3x3 nested list was read as (center, semi_axes, R) while the same
    3x3 array was refused for its shape; a positive multiple of Q̄ (the same ellipsoid)
    changed the margin."""
    G = spatial_inertia(2.0, [0.1, 0.2, 0.3], np.diag([0.02, 0.03, 0.04]))
    good = _qbar(np.array([0.1, 0.2, 0.3]), [1.0, 1.0, 1.0], np.eye(3))
    with pytest.raises(ValueError, match=esc("ellipsoid must be Q̄ = [[-Q_E, Q_E c_E], "
                                             "[c_E^T Q_E, 1 - c_E^T Q_E c_E]] with Q_E positive "
                                             "definite, got eigenvalues of -Q̄[:3, :3] [-1. -1. "
                                             "-1.]")):
        realizability(G, ellipsoid=np.diag([1.0, 1.0, 1.0, 1.0]))
    with pytest.raises(ValueError, match=esc("ellipsoid must bound a region "
                                             "(c_E^T Q_E c_E + Q̄[3, 3] > 0), got -1")):
        realizability(G, ellipsoid=np.diag([-1.0, -1.0, -1.0, -1.0]))
    for three_by_three in (np.eye(3), np.eye(3).tolist(), tuple(map(tuple, np.eye(3)))):
        with pytest.raises(ValueError, match=esc("ellipsoid must have shape (4, 4), got (3, 3)")):
            realizability(G, ellipsoid=three_by_three)
    ref = realizability(G, ellipsoid=good).ellipsoid
    assert np.isclose(realizability(G, ellipsoid=2.5 * good).ellipsoid, ref, rtol=1e-14)
    assert np.isclose(realizability(G, ellipsoid=good.tolist()).ellipsoid, ref, rtol=0)
    # the triple as a list, with lists inside, is still the triple
    triple = realizability(G, ellipsoid=[[0.1, 0.2, 0.3], [1.0] * 3, np.eye(3).tolist()])
    assert np.isclose(triple.ellipsoid, ref, rtol=1e-14)
    with pytest.raises(ValueError, match=esc("ellipsoid center must be finite, got nan")):
        realizability(G, ellipsoid=([np.nan, 0, 0], [1.0] * 3, np.eye(3)))


def test_principal_axes_of_diagonal_and_repeated_inertias():
    """An already-diagonal inertia whose eigenvector basis from eigh has det -1 (moments
    given descending) and repeated moments: a rotation, a signed permutation for a diagonal
    input, the sign rule, and an exact reconstruction."""
    for moments in ([3.0, 2.0, 1.0], [1.0, 3.0, 2.0], [2.0, 1.0, 1.0], [1.0, 1.0, 1.0],
                    [1.0, 2.0, 2.0]):
        inertia = np.diag(moments)
        got, R = principal_axes(inertia)
        np.testing.assert_array_equal(got, np.sort(moments))
        assert np.linalg.det(R) == pytest.approx(1.0, abs=1e-15)
        np.testing.assert_array_equal(np.abs(R).sum(axis=0), [1.0, 1.0, 1.0])  # signed permutation
        np.testing.assert_array_equal(R @ np.diag(got) @ R.T, inertia)
        for k in (0, 1):
            assert R[np.argmax(np.abs(R[:, k])), k] > 0


def test_newton_euler_batched_equals_the_loop():
    rng = np.random.default_rng(9)
    Gs = np.stack([spatial_inertia(*_body(rng)) for _ in range(5)])[:, None]  # (5, 1, 6, 6)
    V, Vd = rng.normal(size=(1, 4, 6)), rng.normal(size=(5, 4, 6))
    F = newton_euler(Gs, V, Vd)
    Vd_back = body_acceleration(Gs, V, F)
    assert F.shape == Vd_back.shape == (5, 4, 6)
    for i in range(5):
        for j in range(4):
            np.testing.assert_allclose(F[i, j], newton_euler(Gs[i, 0], V[0, j], Vd[i, j]),
                                       rtol=1e-14, atol=1e-14)
            np.testing.assert_allclose(Vd_back[i, j], body_acceleration(Gs[i, 0], V[0, j],
                                                                        F[i, j]),
                                       rtol=1e-12, atol=1e-12)
    with pytest.raises(ValueError, match=esc("the batch shapes must broadcast together, got G "
                                             "(5, 1, 6, 6), V (3, 6), Vdot (5, 4, 6)")):
        newton_euler(Gs, np.zeros((3, 6)), Vd)
    with pytest.raises(ValueError, match=esc("the batch shapes must broadcast together, got "
                                             "omega (2, 3), omega_dot (3, 3), a_com (3,)")):
        newton_euler_com(1.0, np.eye(3), np.zeros((2, 3)), np.zeros((3, 3)), np.zeros(3))


def test_principal_axes_sign_rule_breaks_ties_to_roundoff_by_the_first_component():
    """Eigenvectors with two components of equal magnitude in exact arithmetic come out of
    eigh one ulp apart: the rule picked the larger by roundoff (a machine-dependent sign),
    not the first as documented."""
    rz, rx = rpy_matrix([0.0, 0.0, np.pi / 4]), rpy_matrix([np.pi / 4, 0.0, 0.0])
    for R0 in (rz, rpy_matrix([0.0, 0.0, 3 * np.pi / 4]), rx, rz @ rx):
        for moments in ([1.0, 2.0, 3.0], [3.0, 1.0, 2.0], [0.1, 0.25, 0.3]):
            got, R = principal_axes(R0 @ np.diag(moments) @ R0.T)
            for k in (0, 1):
                size = np.abs(R[:, k])
                first = np.flatnonzero(np.isclose(size, size.max(), rtol=1e-12, atol=0))[0]
                assert R[first, k] > 0, (moments, R[:, k])


def test_a_ragged_rotation_in_the_ellipsoid_triple_gets_chaindyn_s_message():
    G = spatial_inertia(2.0, [0.1, 0.2, 0.3], np.diag([0.02, 0.03, 0.04]))
    with pytest.raises(ValueError, match=esc("ellipsoid R must be an array of real numbers")):
        realizability(G, ellipsoid=(np.zeros(3), [1.0] * 3, [[1.0, 0.0, 0.0], [0.0, 1.0]]))
