"""Bad input to every public entry point raises a ValueError that says what was
expected and what was got; nothing is silently repaired; valid input is not
modified.

Each message is pinned by a distinctive part (including the ``got ...`` part
where it is deterministic).
"""

from __future__ import annotations

import copy
import pickle
import re
import warnings

import numpy as np
import pytest

import chaindyn as cd
from chaindyn import (
    Chain,
    classic,
    interop,
    jacobian,
    models,
    spatial,
    spatial_inertia,
    structured,
    urdf,
)
from chaindyn.opcount import count

N = 3  # links of the chain used for the entry-point tests


def esc(s):
    """The literal text ``s`` as a regex for ``pytest.raises(match=...)``."""
    return re.escape(s)


def raises(msg):
    """``pytest.raises(ValueError)`` whose message contains the literal ``msg``."""
    return pytest.raises(ValueError, match=esc(msg))


def _G(m, c, Ic):
    """Spatial inertia (omega, v order) built without any check."""
    C = spatial.skew(np.asarray(c, dtype=float))
    return np.block([[np.asarray(Ic, dtype=float) - m * C @ C, m * C], [-m * C, m * np.eye(3)]])


def _parts():
    """Fresh, valid (home, screws, inertias) of a 2-link R-P chain."""
    home = np.stack([np.eye(4), np.eye(4)])
    home[1, :3, 3] = (-0.4, 0.1, 0.0)
    c, s = np.cos(0.3), np.sin(0.3)
    home[1, :3, :3] = [[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]]
    screws = np.array([[0.0, 0.0, 1.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 1.0, 0.0, 0.0]])
    inertias = np.stack(
        [
            _G(2.0, (0.2, 0.0, 0.1), np.diag([0.02, 0.03, 0.04])),
            _G(1.0, (0.1, 0.05, 0.0), np.diag([0.01, 0.012, 0.015])),
        ]
    )
    return home, screws, inertias


@pytest.fixture(scope="module")
def chain():
    return models.random_chain(N, np.random.default_rng(11), prismatic=[False, True, False])


# --------------------------------------------------------------------------- #
# Chain(home, screws, inertias)
# --------------------------------------------------------------------------- #


def test_valid_parts_build_a_chain():
    ch = Chain(*_parts())
    assert ch.n == 2
    assert ch.joint_types == ("revolute", "prismatic")


@pytest.mark.parametrize(
    "which, shape, msg",
    [
        ("home", (2, 3, 4), "home must have shape (2, 4, 4), got (2, 3, 4)"),
        ("home", (3, 4, 4), "home must have shape (2, 4, 4), got (3, 4, 4)"),
        ("home", (4, 4), "home must have shape (2, 4, 4), got (4, 4)"),
        ("screws", (2, 5), "screws must have shape (N, 6), got (2, 5)"),
        ("screws", (6,), "screws must have shape (N, 6), got (6,)"),
        ("screws", (2, 6, 1), "screws must have shape (N, 6), got (2, 6, 1)"),
        ("inertias", (2, 6, 5), "inertias must have shape (2, 6, 6), got (2, 6, 5)"),
        ("inertias", (1, 6, 6), "inertias must have shape (2, 6, 6), got (1, 6, 6)"),
        ("inertias", (6, 6), "inertias must have shape (2, 6, 6), got (6, 6)"),
    ],
)
def test_chain_wrong_shapes(which, shape, msg):
    parts = dict(zip(("home", "screws", "inertias"), _parts()))
    parts[which] = np.zeros(shape)
    with raises(msg):
        Chain(**parts)


def test_chain_needs_a_link():
    with raises("a chain needs at least one link, got screws of shape (0, 6)"):
        Chain(np.zeros((0, 4, 4)), np.zeros((0, 6)), np.zeros((0, 6, 6)))


@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf], ids=["nan", "inf", "-inf"])
@pytest.mark.parametrize(
    "which, index",
    [("home", (1, 0, 3)), ("home", (0, 2, 2)), ("screws", (1, 4)), ("inertias", (1, 2, 2))],
)
def test_chain_non_finite(which, index, bad):
    parts = dict(zip(("home", "screws", "inertias"), _parts()))
    parts[which][index] = bad
    with raises(f"{which} must be finite, got {bad} at index {index}"):
        Chain(**parts)


def test_chain_strings():
    home, screws, inertias = _parts()
    with raises("screws must be an array of real numbers, got dtype <U8 ('revolute')"):
        Chain(home, "revolute", inertias)
    with raises("home must be an array of real numbers, got dtype <U1 ([['a', 'a', 'a', 'a'], "):
        Chain([["a"] * 4] * 4, screws, inertias)


def test_home_last_row():
    home, screws, inertias = _parts()
    home[1, 3] = (0.0, 0.0, 1.0, 1.0)
    with raises("home[1] must have last row (0, 0, 0, 1), got [0.0, 0.0, 1.0, 1.0]"):
        Chain(home, screws, inertias)
    home, screws, inertias = _parts()
    home[0, 3, 3] = 2.0
    with raises("home[0] must have last row (0, 0, 0, 1), got [0.0, 0.0, 0.0, 2.0]"):
        Chain(home, screws, inertias)


def test_home_rotation_not_orthonormal():
    home, screws, inertias = _parts()
    home[1, :3, :3] *= 1.01  # R^T R = 1.0201 I
    rot = "must be a rotation matrix (R^T R = I), got max |R^T R - I| = "
    with raises("home[1][:3, :3] " + rot + "0.0201"):
        Chain(home, screws, inertias)
    home, screws, inertias = _parts()
    home[0, 0, 1] = 1e-6  # a shear just above the tolerance
    with raises("home[0][:3, :3] " + rot + "1e-06"):
        Chain(home, screws, inertias)


def test_home_improper_rotation():
    home, screws, inertias = _parts()
    home[1, :3, :3] = home[1, :3, :3] @ np.diag([1.0, 1.0, -1.0])  # orthonormal, det -1
    with raises("home[1][:3, :3] must be a proper rotation (det R = +1), got det R = -1"):
        Chain(home, screws, inertias)


@pytest.mark.parametrize(
    "screw, msg",
    [
        (
            (0.9, 0.0, 0.0, 0.0, 0.0, 0.0),
            "screws[1] must have a unit omega (revolute) or omega = 0 (prismatic), "
            "got |omega| = 0.9",
        ),
        (
            (1e-12, 0.0, 0.0, 0.0, 0.0, 1.0),
            "screws[1] must have a unit omega (revolute) or omega = 0 (prismatic), "
            "got |omega| = 1e-12",
        ),
        (
            (0.0, 0.0, 0.0, 0.0, 0.0, 2.0),
            "screws[1] is prismatic (omega = 0) and needs a unit v, got |v| = 2",
        ),
        (
            (0.0, 0.0, 0.0, 0.0, 0.0, 0.0),
            "screws[1] is prismatic (omega = 0) and needs a unit v, got |v| = 0",
        ),
        (
            (0.0, 0.0, 1.0, 0.0, 0.0, 0.1),
            "screws[1] is revolute and needs v = -omega x r (omega . v = 0), "
            "got omega . v = 0.1 (a screw joint with pitch is not supported)",
        ),
    ],
    ids=["omega-0.9", "omega-tiny", "prismatic-v-2", "zero-screw", "pitched"],
)
def test_bad_screw(screw, msg):
    home, screws, inertias = _parts()
    screws[1] = screw
    with raises(msg):
        Chain(home, screws, inertias)


#: The conditions as chaindyn's messages name them (spatial.CONDITIONS, pinned here).
RIGID = "rigid-body structure (G[3:, 3:] = m 1, coupling G[:3, 3:] = m [c] skew-symmetric)"
PD = "positive definiteness of the rotational inertia about the COM (I_c > 0)"
TRI = ("triangle inequality of principal moments (I1 + I2 >= I3, equivalently a positive "
       "semidefinite pseudo-inertia)")


def _bad_inertias():
    """(id, G, regex) for each way a 6x6 matrix fails to be a rigid body's inertia."""
    good = _G(2.0, (0.2, 0.0, 0.1), np.diag([0.02, 0.03, 0.04]))
    asym = good.copy()
    asym[0, 1] += 0.5
    m_neg = good.copy()
    m_neg[3:, 3:] = -np.eye(3)
    m_zero = good.copy()
    m_zero[3:, 3:] = 0.0
    force = good.copy()
    force[4, 4] = 3.0  # diag(2, 3, 2): not m 1
    coupling = good.copy()
    coupling[:3, 3:] += 0.1 * np.eye(3)  # symmetric part in m [c], G itself stays symmetric
    coupling[3:, :3] += 0.1 * np.eye(3)
    not_pd = _G(2.0, (0.0, 0.0, 0.0), np.diag([-0.01, 0.02, 0.02]))
    # positive definite about the origin (Steiner adds 2 diag(1, 0, 1)) but not about the COM
    not_pd_com = _G(2.0, (0.0, 1.0, 0.0), np.diag([-0.01, 0.02, 0.02]))
    assert np.linalg.eigvalsh(not_pd_com[:3, :3]).min() > 0
    # link 1 of the vertical-plane 2R arm as reported
    triangle = _G(2.0, (0.5, 0.0, 0.0), np.diag([0.01, 0.01, 0.10]))
    pre = "inertias[1] fails the "
    return [
        ("asymmetric", asym,
         esc(pre + "symmetry of a spatial inertia (G = G^T): got max |G - G^T| = 0.5")),
        ("mass-negative", m_neg, esc(pre + "positive mass (m > 0 in G[3:, 3:] = m 1): got m = -1")),
        ("mass-zero", m_zero, esc(pre + "positive mass (m > 0 in G[3:, 3:] = m 1): got m = 0")),
        (
            "force-block",
            force,
            esc(pre + RIGID + ": got max deviation 1 of G[3:, 3:] from m 1"),
        ),
        (
            "coupling-not-skew",
            coupling,
            esc(pre + RIGID + ": got coupling block [["),
        ),
        (
            "not-positive-definite",
            not_pd,
            esc(pre + PD + ": got principal moments ")
            + r"\[-0\.01\s+0\.02\s+0\.02\s*\]",
        ),
        (
            "not-positive-definite-about-com",
            not_pd_com,
            esc(pre + PD + ": got principal moments ")
            + r"\[-0\.01\s+0\.02\s+0\.02\s*\]",
        ),
        (
            "triangle-inequality-vertical-2r",
            triangle,
            esc(pre + TRI + ": ")
            + r"got principal moments \[0\.01\s+0\.01\s+0\.1\s*\]",
        ),
    ]


@pytest.mark.parametrize(
    "G, pattern", [c[1:] for c in _bad_inertias()], ids=[c[0] for c in _bad_inertias()]
)
def test_bad_inertia(G, pattern):
    home, screws, inertias = _parts()
    inertias[1] = G
    with pytest.raises(ValueError, match=pattern):
        Chain(home, screws, inertias)


def test_triangle_inequality_boundary_is_accepted():
    """A thin rod's limit I1 + I2 = I3 exactly is physical (a flat plate)."""
    home, screws, inertias = _parts()
    inertias[1] = _G(1.0, (0.1, 0.0, 0.0), np.diag([0.01, 0.02, 0.03]))
    assert Chain(home, screws, inertias).n == 2


# Inertia checks at any scale: a 1e-6 kg finger link and a 1e6 kg crane link, each a
# solid box (sides a, b, c: I = m/12 (b^2 + c^2, a^2 + c^2, a^2 + b^2) about its COM).
SCALES = {
    "1e-6 kg": (1e-6, (0.008, 0.005, 0.003), (0.004, -0.002, 0.001)),
    "1e6 kg": (1e6, (12.0, 4.0, 3.0), (5.0, 1.0, -2.0)),
}


def _box(m, sides):
    a, b, c = sides
    return m / 12.0 * np.diag([b * b + c * c, a * a + c * c, a * a + b * b])


def _scaled(which):
    m, sides, com = SCALES[which]
    R = spatial.rpy_matrix([0.3, -0.5, 1.1])
    return m, np.array(com), R @ _box(m, sides) @ R.T


@pytest.mark.parametrize("which", SCALES)
def test_tiny_and_huge_links_are_accepted_and_exact(which):
    """One link turning about z through the origin: tau = (Izz_c + m (cx^2 + cy^2)) qdd
    without gravity, whatever the scale."""
    m, c, Ic = _scaled(which)
    screws = np.array([[0.0, 0.0, 1.0, 0.0, 0.0, 0.0]])
    ch = Chain(np.eye(4)[None], screws, spatial_inertia(m, c, Ic)[None])
    expected = (Ic[2, 2] + m * (c[0] ** 2 + c[1] ** 2)) * 2.5
    tau = cd.rnea(ch, [0.4], [0.0], [2.5], gravity=(0.0, 0.0, 0.0))
    assert tau[0] == pytest.approx(expected, rel=1e-12)
    assert cd.rnea_structured(ch, [0.4], [0.0], [2.5], gravity=(0, 0, 0))[0] == pytest.approx(
        expected, rel=1e-12)


@pytest.mark.parametrize("which", SCALES)
def test_flat_plate_boundary_is_accepted_at_any_scale(which):
    """I1 + I2 = I3 (a plate of zero thickness) is physical at every scale."""
    m, sides, com = SCALES[which]
    Ic = _box(m, (sides[0], sides[1], 0.0))
    assert np.isclose(Ic[0, 0] + Ic[1, 1], Ic[2, 2], rtol=1e-15, atol=0)
    assert spatial_inertia(m, com, Ic).shape == (6, 6)


TRIANGLE = esc("fails the " + TRI + ": got principal moments [")


@pytest.mark.parametrize("which", SCALES)
@pytest.mark.parametrize("excess", [4.0, 1e-6], ids=["fivefold", "1e-6-relative"])
def test_triangle_violation_is_rejected_at_any_scale(which, excess):
    """I3 = (1 + excess) (I1 + I2): fivefold is absurd and 1e-6 is 1000 TOL; before the
    tolerances were relative, the tiny link's fivefold violation passed the check."""
    m, sides, com = SCALES[which]
    I12 = _box(m, sides)[:2, :2]
    Ic = np.diag([I12[0, 0], I12[1, 1], (1.0 + excess) * (I12[0, 0] + I12[1, 1])])
    with pytest.raises(ValueError, match="spatial_inertia " + TRIANGLE):
        spatial_inertia(m, com, Ic)
    home, screws, inertias = _parts()
    inertias[1] = _G(m, com, Ic)
    with pytest.raises(ValueError, match=esc("inertias[1] ") + TRIANGLE):
        Chain(home, screws, inertias)


def test_tiny_asymmetry_is_rejected():
    """At 1e-6 kg the rotational inertia is about 1e-12 kg m^2: an off-diagonal
    mismatch of 3e-13 (30 % of the entries) is far from roundoff."""
    m, c, Ic = _scaled("1e-6 kg")
    bad = Ic.copy()
    bad[0, 1] += 3e-13
    with raises("inertia_com must be symmetric, got max |I - I^T| = 3e-13"):
        spatial_inertia(m, c, bad)
    home, screws, inertias = _parts()
    inertias[1] = _G(m, c, Ic)
    rot = inertias.copy()
    rot[1, 0, 1] += 3e-13
    with raises("inertias[1] fails the symmetry of a spatial inertia (G = G^T): "
                "got max |G - G^T| = 3e-13"):
        Chain(home, screws, rot)
    coupling = inertias.copy()  # kg m scale ~ 1e-9: a 1e-12 mismatch is 0.1 %
    coupling[1, 0, 4] += 1e-12
    with raises("inertias[1] fails the symmetry of a spatial inertia (G = G^T): "
                "got max |G - G^T| = 1e-12"):
        Chain(home, screws, coupling)
    force = inertias.copy()  # a 1e-5 relative deviation from m 1
    force[1, 5, 5] += 1e-11
    with raises("inertias[1] fails the " + RIGID + ": got max deviation 1e-11 of G[3:, 3:] "
                "from m 1"):
        Chain(home, screws, force)


def test_huge_link_roundoff_is_not_an_error():
    """A 1e6 kg link built by rotating and translating its tensor carries roundoff far
    above the absolute 1e-9 in its kg m^2 entries (about 1e7): relative to its scale it
    is accepted, while a 1e-6 relative asymmetry is not."""
    m, c, Ic = _scaled("1e6 kg")
    G = spatial_inertia(m, c, Ic)
    R = spatial.rpy_matrix([1.0, 2.0, 3.0])
    Ad = spatial.Ad_rp(R, np.array([3.0, -4.0, 7.0]))
    moved = Ad.T @ G @ Ad  # the same body about another frame, with roundoff
    asym = np.abs(moved - moved.T).max()
    assert asym > 1e-9
    home, screws, inertias = _parts()
    inertias[1] = moved
    assert Chain(home, screws, inertias).n == 2
    inertias[1, 2, 1] += 1e-6 * np.abs(moved[:3, :3]).max()
    with raises("inertias[1] fails the symmetry of a spatial inertia (G = G^T): "
                "got max |G - G^T| = "):
        Chain(home, screws, inertias)


def test_reported_vertical_2r_is_rejected_everywhere():
    """The vertical-plane 2R arm as a bug report gives it (link 1: diag(0.01, 0.01, 0.10)
    about the COM)
    violates the triangle inequality: every constructor must refuse it."""
    tri = esc("fails the " + TRI)
    with pytest.raises(ValueError, match="spatial_inertia " + tri):
        spatial_inertia(2.0, (0.5, 0.0, 0.0), np.diag([0.01, 0.01, 0.10]))
    masses, coms = [2.0, 1.0], [[0.5, 0.0, 0.0], [0.4, 0.0, 0.0]]
    Ics = [np.diag([0.01, 0.01, 0.10]), np.diag([0.01, 0.01, 0.05])]
    mdh = [[0.0, 0.0, 0.0, 0.0], [0.0, 1.0, 0.0, 0.0]]
    with pytest.raises(ValueError, match=esc("link 1 of the mdh table: spatial_inertia ") + tri):
        Chain.from_mdh(mdh, masses, coms, Ics)
    dh = [[0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.8, 0.0]]
    coms_dh = [[-0.5, 0.0, 0.0], [-0.4, 0.0, 0.0]]
    with pytest.raises(ValueError, match=esc("link 1 of the dh table: spatial_inertia ") + tri):
        Chain.from_dh(dh, masses, coms_dh, Ics)


# --------------------------------------------------------------------------- #
# Chain arrays are read-only copies; Chain does not touch its inputs
# --------------------------------------------------------------------------- #


@pytest.mark.parametrize("name", ["home", "screws", "inertias", "masses", "coms", "inertias_com"])
def test_chain_arrays_are_read_only(name):
    ch = Chain(*_parts())
    a = getattr(ch, name)
    assert not a.flags.writeable
    with pytest.raises(ValueError, match="read-only"):
        a[(0,) * a.ndim] = 1.0


def test_chain_does_not_change_input_values():
    parts = _parts()
    before = [p.copy() for p in parts]
    Chain(*parts)
    for p, b in zip(parts, before):
        np.testing.assert_array_equal(p, b)


def test_chain_copies_its_inputs():
    home, screws, inertias = _parts()
    ch = Chain(home, screws, inertias)
    for mine, theirs in ((home, ch.home), (screws, ch.screws), (inertias, ch.inertias)):
        assert mine.flags.writeable, "the caller's array was made read-only"
        assert not np.shares_memory(mine, theirs), "the chain aliases the caller's array"


def test_chain_lists_are_accepted():
    """Lists are valid input (the copy is then made by numpy)."""
    home, screws, inertias = _parts()
    ch = Chain(home.tolist(), screws.tolist(), inertias.tolist())
    np.testing.assert_array_equal(ch.home, home)


# --------------------------------------------------------------------------- #
# A Chain is immutable, also through copy, deepcopy and pickle
# --------------------------------------------------------------------------- #

ARRAYS = ("home", "screws", "inertias", "masses", "coms", "inertias_com")
COPIES = {
    "copy": copy.copy,
    "deepcopy": copy.deepcopy,
    "pickle": lambda c: pickle.loads(pickle.dumps(c)),
}
FROZEN = "a Chain is immutable: cannot set "
NOT_WRITEABLE = "cannot set WRITEABLE flag to True of this array"  # numpy's words


def _mdh_chain():
    return Chain.from_mdh(*_table(), joint_types=["R", "P"])


@pytest.mark.parametrize("how", COPIES)
def test_copied_chain_is_read_only_and_equal(how):
    ch = _mdh_chain()
    c = COPIES[how](ch)
    assert type(c) is Chain and c is not ch and c.n == ch.n
    assert c.joint_types == ch.joint_types
    for name in ARRAYS + ("mdh",):
        a = getattr(c, name)
        np.testing.assert_array_equal(a, getattr(ch, name), err_msg=name)
        assert not a.flags.writeable, name
        assert not np.shares_memory(a, getattr(ch, name)), name
        with pytest.raises(ValueError, match="read-only"):
            a[(0,) * a.ndim] = 1.0
        with raises(NOT_WRITEABLE):
            a.flags.writeable = True


@pytest.mark.parametrize("how", COPIES)
def test_copied_chain_derived_data_from_its_own_inputs(how):
    """Masses, COMs and inertias about the COM of a copy are those the inputs were
    built from (_parts: 2 kg at (0.2, 0, 0.1) and 1 kg at (0.1, 0.05, 0))."""
    c = COPIES[how](Chain(*_parts()))
    np.testing.assert_allclose(c.masses, [2.0, 1.0], rtol=1e-15)
    np.testing.assert_allclose(c.coms, [[0.2, 0.0, 0.1], [0.1, 0.05, 0.0]], atol=1e-16)
    np.testing.assert_allclose(
        c.inertias_com, [np.diag([0.02, 0.03, 0.04]), np.diag([0.01, 0.012, 0.015])], atol=1e-16
    )


@pytest.mark.parametrize("how", COPIES)
def test_rnea_and_rnea_structured_agree_on_a_copy(how):
    """The two recursions share no code; a copy made after rnea_structured cached
    the original's joint frames gets its own, and all four results agree."""
    kinds = [False, True, False, True, False]
    ch = models.random_chain(5, np.random.default_rng(21), prismatic=kinds)
    s = np.random.default_rng(22).uniform(-1, 1, (3, 4, 5))
    tau = cd.rnea(ch, *s)
    np.testing.assert_allclose(cd.rnea_structured(ch, *s), tau, rtol=1e-12, atol=1e-12)
    c = COPIES[how](ch)
    assert structured.precompute(c) is not structured.precompute(ch)
    np.testing.assert_allclose(cd.rnea(c, *s), tau, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(cd.rnea_structured(c, *s), tau, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("name", ARRAYS + ("mdh",))
def test_chain_arrays_cannot_be_made_writeable(name):
    """Neither the array nor its base: the memory is an immutable bytes object."""
    a = getattr(_mdh_chain(), name)
    with raises(NOT_WRITEABLE):
        a.flags.writeable = True
    with raises(NOT_WRITEABLE):
        a.base.flags.writeable = True
    assert not a.flags.writeable


@pytest.mark.parametrize("name", ("n", "joint_types", "mdh", "mass", "anything") + ARRAYS)
def test_chain_attributes_cannot_be_set_or_deleted(name):
    ch = _mdh_chain()
    before = cd.rnea(ch, [0.3, 0.1], [0.2, -0.4], [1.0, 0.5])
    with raises(FROZEN + f"{name!r}; build a new Chain (Chain(home, screws, inertias), "
                "Chain.from_mdh, Chain.from_dh or chaindyn.urdf.chain_from_urdf) instead"):
        setattr(ch, name, 2 if name == "n" else np.zeros((2, 6, 6)))
    with raises(f"a Chain is immutable: cannot delete {name!r}"):
        delattr(ch, name)
    with pytest.raises(AttributeError):  # also what Python code expects of a frozen object
        setattr(ch, name, None)
    np.testing.assert_array_equal(cd.rnea(ch, [0.3, 0.1], [0.2, -0.4], [1.0, 0.5]), before)


def _tampered_pickle(chain, **replace):
    """A pickle of ``chain`` whose constructor arguments are replaced (as a file
    edited by hand would be): unpickling must run the checks again."""
    fn, args = chain.__reduce__()
    names = ("cls", "home", "screws", "inertias", "mdh")
    args = tuple(replace.get(k, a) for k, a in zip(names, args))

    class Tampered:
        def __reduce__(self):
            return fn, args

    return pickle.dumps(Tampered())


def test_unpickling_runs_the_checks():
    ch = _mdh_chain()
    screws = np.array(ch.screws)
    screws[1] = (0.0, 0.0, 0.9, 0.0, 0.0, 0.0)
    with raises("screws[1] must have a unit omega (revolute) or omega = 0 (prismatic), "
                "got |omega| = 0.9"):
        pickle.loads(_tampered_pickle(ch, screws=screws))
    inertias = np.array(ch.inertias)
    inertias[0] = _G(2.0, (0.5, 0.0, 0.0), np.diag([0.01, 0.01, 0.10]))
    with pytest.raises(ValueError, match=esc("inertias[0] fails the triangle inequality")):
        pickle.loads(_tampered_pickle(ch, inertias=inertias))
    rows = np.array(ch.mdh)
    rows[0, 2] += 0.01  # d_1 no longer that of home[0] (alpha_0 = theta_1 = 0)
    with raises("mdh rows must give the chain's home poses and screw axes, "
                "got a largest difference of 0.01"):
        pickle.loads(_tampered_pickle(ch, mdh=rows))


def test_copied_mdh_chain_keeps_its_rows_for_rtb():
    """to_rtb needs the MDH rows; a copy keeps them, checked and read-only."""
    ch = _mdh_chain()
    for how in COPIES.values():
        c = how(ch)
        np.testing.assert_array_equal(c.mdh, _table()[0])
        assert c.mdh is not None and not c.mdh.flags.writeable
    assert copy.deepcopy(Chain(*_parts())).mdh is None


# --------------------------------------------------------------------------- #
# spatial_inertia
# --------------------------------------------------------------------------- #

MASS_MSG = "spatial_inertia fails the positive mass (m > 0 in G[3:, 3:] = m 1): got m = "


@pytest.mark.parametrize(
    "mass, com, Ic, msg",
    [
        (1.0, (0.0, 0.0), np.eye(3), "com must have shape (3,), got (2,)"),
        (1.0, np.zeros((1, 3)), np.eye(3), "com must have shape (3,), got (1, 3)"),
        (1.0, (0.0, 0.0, 0.0), np.ones(3), "inertia_com must have shape (3, 3), got (3,)"),
        (1.0, (0.0, 0.0, 0.0), np.eye(4), "inertia_com must have shape (3, 3), got (4, 4)"),
        (0.0, (0.0, 0.0, 0.0), np.eye(3), MASS_MSG + "0"),
        (-1.0, (0.0, 0.0, 0.0), np.eye(3), MASS_MSG + "-1"),
        (
            1.0,
            (0.0, 0.0, 0.0),
            [[1.0, 0.5, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]],
            "inertia_com must be symmetric, got max |I - I^T| = 0.5",
        ),
    ],
    ids=["com-2", "com-1x3", "Ic-3", "Ic-4x4", "mass-0", "mass-neg", "Ic-asym"],
)
def test_spatial_inertia_bad(mass, com, Ic, msg):
    with raises(msg):
        spatial_inertia(mass, com, Ic)


def test_spatial_inertia_nan_mass():
    with raises("mass must be finite, got nan at index ()"):
        spatial_inertia(np.nan, (0.0, 0.0, 0.0), np.eye(3))


@pytest.mark.parametrize(
    "mass, com, Ic, msg",
    [
        (1.0, (np.nan, 0.0, 0.0), np.eye(3), "com must be finite, got nan at index (0,)"),
        (1.0, (0.0, np.inf, 0.0), np.eye(3), "com must be finite, got inf at index (1,)"),
        (
            1.0,
            (0.0, 0.0, 0.0),
            np.diag([1.0, -np.inf, 1.0]),
            "inertia_com must be finite, got -inf at index (1, 1)",
        ),
        (
            1.0,
            (0.0, 0.0, 0.0),
            np.diag([np.nan, 1.0, 1.0]),
            "inertia_com must be finite, got nan at index (0, 0)",
        ),
        (np.inf, (0.0, 0.0, 0.0), np.eye(3), "mass must be finite, got inf at index ()"),
    ],
    ids=["com-nan", "com-inf", "Ic-inf", "Ic-nan", "mass-inf"],
)
def test_spatial_inertia_non_finite(mass, com, Ic, msg):
    with raises(msg):
        spatial_inertia(mass, com, Ic)


REAL = "must be an array of real numbers, got dtype "


@pytest.mark.parametrize(
    "mass, com, Ic, pattern",
    [
        ([1.0, 2.0], (0.0, 0.0, 0.0), np.eye(3), esc("mass must have shape (), got (2,)")),
        (None, (0.0, 0.0, 0.0), np.eye(3), esc("mass " + REAL + "object (None)")),
        ("heavy", (0.0, 0.0, 0.0), np.eye(3), esc("mass " + REAL + "<U5 ('heavy')")),
        ("1.0", (0.0, 0.0, 0.0), np.eye(3), esc("mass " + REAL + "<U3 ('1.0')")),
        # numpy stringifies the floats too; the width of <U.. is numpy's business
        (
            1.0,
            ("a", 0.0, 0.0),
            np.eye(3),
            esc("com " + REAL + "<U") + r"\d+ " + esc("(('a', 0.0, 0.0))"),
        ),
        (1.0, (0.0, 0.0, 0.0), "diag", esc("inertia_com " + REAL + "<U4 ('diag')")),
    ],
    ids=["mass-list", "mass-None", "mass-str", "mass-numeric-str", "com-str", "Ic-str"],
)
def test_spatial_inertia_wrong_type(mass, com, Ic, pattern):
    with pytest.raises(ValueError, match=pattern):
        spatial_inertia(mass, com, Ic)


# --------------------------------------------------------------------------- #
# Chain.from_mdh / Chain.from_dh
# --------------------------------------------------------------------------- #


def _table():
    rows = np.array([[0.0, 0.0, 0.1, 0.0], [np.pi / 2, 0.3, 0.0, 0.2]])
    masses = np.array([2.0, 1.0])
    coms = np.array([[0.1, 0.0, 0.0], [0.0, 0.1, 0.05]])
    Ics = np.stack([np.diag([0.02, 0.03, 0.04]), np.diag([0.01, 0.012, 0.015])])
    return rows, masses, coms, Ics


BUILDERS = [("mdh", Chain.from_mdh), ("dh", Chain.from_dh)]


@pytest.mark.parametrize("name, build", BUILDERS, ids=["mdh", "dh"])
def test_table_valid(name, build):
    ch = build(*_table(), joint_types=["r", "Prismatic"])
    assert ch.joint_types == ("revolute", "prismatic")


@pytest.mark.parametrize("name, build", BUILDERS, ids=["mdh", "dh"])
@pytest.mark.parametrize(
    "slot, value, msg",
    [
        (0, np.zeros((2, 5)), "{name} must have shape (N, 4), got (2, 5)"),
        (0, np.zeros(4), "{name} must have shape (N, 4), got (4,)"),
        (1, np.ones(3), "got (3,)"),
        (1, np.ones((2, 1)), "got (2, 1)"),
        (2, np.zeros((2, 2)), "coms must have shape (2, 3), got (2, 2)"),
        (2, np.zeros(3), "coms must have shape (2, 3), got (3,)"),
        (3, np.zeros((2, 3)), "inertias_com must have shape (2, 3, 3), got (2, 3)"),
        (3, np.zeros((3, 3, 3)), "inertias_com must have shape (2, 3, 3), got (3, 3, 3)"),
    ],
    ids=["rows-5", "rows-1d", "masses-3", "masses-2x1", "coms-2x2", "coms-3", "Ic-2x3", "Ic-3"],
)
def test_table_wrong_shapes(name, build, slot, value, msg):
    args = list(_table())
    args[slot] = value
    with raises(msg.format(name=name)):
        build(*args)


@pytest.mark.parametrize("name, build", BUILDERS, ids=["mdh", "dh"])
def test_table_masses_shape_names_the_argument(name, build):
    args = list(_table())
    args[1] = np.ones(3)
    with raises("masses must have shape (2,), got (3,)"):
        build(*args)


@pytest.mark.parametrize("name, build", BUILDERS, ids=["mdh", "dh"])
@pytest.mark.parametrize("jt", ["X", "spherical", "", None, 1])
def test_table_unknown_joint_type(name, build, jt):
    with raises(f"joint_types[1] must be 'R', 'revolute', 'P' or 'prismatic', got {jt!r}"):
        build(*_table(), joint_types=["R", jt])


@pytest.mark.parametrize("name, build", BUILDERS, ids=["mdh", "dh"])
@pytest.mark.parametrize("k", [1, 3])
def test_table_wrong_number_of_joint_types(name, build, k):
    with raises(f"joint_types must have 2 entries (one per {name} row), got {k}"):
        build(*_table(), joint_types=["R"] * k)


@pytest.mark.parametrize("name, build", BUILDERS, ids=["mdh", "dh"])
@pytest.mark.parametrize("jt", [5, "RP"], ids=["int", "str"])
def test_table_joint_types_not_a_sequence(name, build, jt):
    kinds = "('R'/'revolute' or 'P'/'prismatic')"
    with raises(f"joint_types must be a sequence of 2 joint kinds {kinds}, got {jt!r}"):
        build(*_table(), joint_types=jt)


@pytest.mark.parametrize("name, build", BUILDERS, ids=["mdh", "dh"])
@pytest.mark.parametrize("m", [-1.0, 0.0])
def test_table_bad_mass(name, build, m):
    args = list(_table())
    args[1] = np.array([2.0, m])
    with raises(
        f"link 2 of the {name} table: spatial_inertia fails the positive mass "
        f"(m > 0 in G[3:, 3:] = m 1): got m = {m:g}"
    ):
        build(*args)


@pytest.mark.parametrize("name, build", BUILDERS, ids=["mdh", "dh"])
def test_table_bad_inertia(name, build):
    args = list(_table())
    Ics = args[3].copy()
    Ics[0] = np.diag([-0.01, 0.02, 0.02])
    with pytest.raises(
        ValueError,
        match=esc(f"link 1 of the {name} table: spatial_inertia fails the positive definiteness"),
    ):
        build(*args[:3], Ics)


@pytest.mark.parametrize("name, build", BUILDERS, ids=["mdh", "dh"])
@pytest.mark.parametrize(
    "slot, index, argname",
    [(0, (1, 3), None), (1, (0,), "masses"), (2, (1, 2), "coms"), (3, (0, 1, 1), "inertias_com")],
)
@pytest.mark.parametrize("bad", [np.nan, np.inf])
def test_table_non_finite(name, build, slot, index, argname, bad):
    args = [a.copy() for a in _table()]
    args[slot][index] = bad
    with raises(f"{argname or name} must be finite, got {bad} at index {index}"):
        build(*args)


@pytest.mark.parametrize("name, build", BUILDERS, ids=["mdh", "dh"])
def test_table_inputs_not_modified(name, build):
    args = _table()
    before = [a.copy() for a in args]
    build(*args, joint_types=["R", "P"])
    for a, b in zip(args, before):
        np.testing.assert_array_equal(a, b)
        assert a.flags.writeable


# --------------------------------------------------------------------------- #
# Functions of a state: rnea, rnea_classic, joint_wrenches, quantities, kinematics
# --------------------------------------------------------------------------- #

# name -> (function, joint arguments in order, takes gravity, takes f_tip)
ENTRY = {
    "rnea": (cd.rnea, ("q", "qd", "qdd"), True, True),
    "rnea_classic": (cd.rnea_classic, ("q", "qd", "qdd"), True, True),
    "joint_wrenches": (cd.joint_wrenches, ("q", "qd", "qdd"), True, True),
    "mass_matrix": (cd.mass_matrix, ("q",), False, False),
    "bias_force": (cd.bias_force, ("q", "qd"), True, False),
    "gravity_torque": (cd.gravity_torque, ("q",), True, False),
    "coriolis_torque": (cd.coriolis_torque, ("q", "qd"), False, False),
    "inertial_torque": (cd.inertial_torque, ("q", "qdd"), False, False),
    "tip_wrench_torque": (cd.tip_wrench_torque, ("q",), False, True),
    "kinetic_energy": (cd.kinetic_energy, ("q", "qd"), False, False),
    "potential_energy": (cd.potential_energy, ("q",), True, False),
    "forward_kinematics": (cd.forward_kinematics, ("q",), False, False),
    "body_jacobian": (cd.body_jacobian, ("q",), False, False),
    "space_jacobian": (cd.space_jacobian, ("q",), False, False),
    "link_velocities": (classic.link_velocities, ("q", "qd"), False, False),
    "link_twists": (cd.link_twists, ("q", "qd"), False, False),
    "rnea_structured": (cd.rnea_structured, ("q", "qd", "qdd"), True, True),
    "forward_kinematics_poe": (jacobian.forward_kinematics_poe, ("q",), False, False),
    "space_jacobian_poe": (jacobian.space_jacobian_poe, ("q",), False, False),
    "point_jacobian": (jacobian.point_jacobian, ("q",), False, False),
    "space_jacobian_dot": (jacobian.space_jacobian_dot, ("q", "qd"), False, False),
    "body_jacobian_dot": (jacobian.body_jacobian_dot, ("q", "qd"), False, False),
    "jdot_qd": (jacobian.jdot_qd, ("q", "qd"), False, False),
    "point_acceleration": (jacobian.point_acceleration, ("q", "qd", "qdd"), False, False),
}
ALL = sorted(ENTRY)
WITH_GRAVITY = [k for k in ALL if ENTRY[k][2]]
WITH_FTIP = [k for k in ALL if ENTRY[k][3]]
JOINT_ARGS = [(k, a) for k in ALL for a in ENTRY[k][1]]
MULTI = [k for k in ALL if len(ENTRY[k][1]) > 1]


def good_args():
    rng = np.random.default_rng(5)
    return {
        "q": rng.uniform(-1, 1, N),
        "qd": rng.uniform(-1, 1, N),
        "qdd": rng.uniform(-1, 1, N),
        "gravity": np.array([0.0, 0.0, -9.81]),
        "f_tip": rng.uniform(-1, 1, 6),
    }


def call(chain, name, **override):
    """Call entry ``name`` with valid arguments, some replaced by ``override``."""
    fn, joints, grav, ftip = ENTRY[name]
    args = good_args()
    args.update(override)
    kw = {}
    if grav:
        kw["gravity"] = args["gravity"]
    if ftip:
        if name == "tip_wrench_torque":
            return fn(chain, *(args[j] for j in joints), args["f_tip"])
        kw["f_tip"] = args["f_tip"]
    return fn(chain, *(args[j] for j in joints), **kw)


@pytest.mark.parametrize("name", ALL)
def test_entry_valid_call(chain, name):
    out = call(chain, name)
    for o in out if isinstance(out, tuple) else (out,):
        assert np.all(np.isfinite(o))


@pytest.mark.parametrize("name, arg", JOINT_ARGS)
@pytest.mark.parametrize("shape", [(N + 1,), (N - 1,), (2, N + 1), (N, 1)])
def test_joint_array_wrong_length(chain, name, arg, shape):
    with raises(f"{arg} must have shape (n,) or (N, n) with n = {N}, got {shape}"):
        call(chain, name, **{arg: np.zeros(shape)})


@pytest.mark.parametrize("name, arg", JOINT_ARGS)
def test_joint_array_scalar(chain, name, arg):
    with raises(f"{arg} must have shape (n,) or (N, n) with n = {N}, got ()"):
        call(chain, name, **{arg: 0.5})


@pytest.mark.parametrize("name, arg", JOINT_ARGS)
@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf], ids=["nan", "inf", "-inf"])
def test_joint_array_non_finite(chain, name, arg, bad):
    x = np.zeros(N)
    x[1] = bad
    with raises(f"{arg} must be finite, got {bad} at index (1,)"):
        call(chain, name, **{arg: x})
    xb = np.zeros((4, N))
    xb[2, 0] = bad
    with raises(f"{arg} must be finite, got {bad} at index (2, 0)"):
        call(chain, name, **{arg: xb})
    big = np.zeros((40, N))  # beyond the few numbers that as_array checks in Python
    big[37, N - 1] = bad
    with raises(f"{arg} must be finite, got {bad} at index (37, {N - 1})"):
        call(chain, name, **{arg: big})


@pytest.mark.parametrize("name, arg", JOINT_ARGS)
def test_joint_array_strings(chain, name, arg):
    with raises(f"{arg} must be an array of real numbers, got dtype <U3 ('abc')"):
        call(chain, name, **{arg: "abc"})
    with raises(f"{arg} must be an array of real numbers, got dtype <U1 (['a', 'b', 'c'])"):
        call(chain, name, **{arg: ["a", "b", "c"]})
    with raises(f"{arg} must be an array of real numbers, got [[0.0, 1.0], [2.0]]"):
        call(chain, name, **{arg: [[0.0, 1.0], [2.0]]})  # ragged


@pytest.mark.parametrize("name", ["rnea", "mass_matrix", "forward_kinematics"])
def test_joint_array_numeric_strings(chain, name):
    with raises("q must be an array of real numbers, got dtype <U3 (['0.1', '0.2', '0.3'])"):
        call(chain, name, q=["0.1", "0.2", "0.3"])


@pytest.mark.filterwarnings("error::numpy.exceptions.ComplexWarning")
@pytest.mark.parametrize("name", ["rnea", "mass_matrix", "forward_kinematics"])
def test_joint_array_complex(chain, name):
    with raises("q must be an array of real numbers, got dtype complex128 (array([0.1+0.5j,"):
        call(chain, name, q=np.array([0.1 + 0.5j, 0.2, 0.3]))


def test_joint_array_complex_list_is_rejected(chain):
    with raises(
        "q must be an array of real numbers, got dtype complex128 ([(0.1+0.5j), 0.2, 0.3])"
    ):
        cd.rnea(chain, [0.1 + 0.5j, 0.2, 0.3], np.zeros(N), np.zeros(N))


@pytest.mark.parametrize("name, arg", [("rnea", "q"), ("rnea", "qdd"), ("mass_matrix", "q")])
def test_joint_array_none(chain, name, arg):
    with raises(f"{arg} must be an array of real numbers, got dtype object (None)"):
        call(chain, name, **{arg: None})


@pytest.mark.parametrize("name", MULTI)
def test_batches_not_broadcastable(chain, name):
    first, second = ENTRY[name][1][:2]
    pattern = (
        esc("joint arrays must have matching batch shapes, got ")
        + esc(f"{first} ({3}, {N}), ")
        + ".*"
        + esc(f"{second} ({4}, {N})")
    )
    with pytest.raises(ValueError, match=pattern):
        call(chain, name, **{first: np.zeros((3, N)), second: np.zeros((4, N))})


def test_batches_not_broadcastable_third_argument(chain):
    with raises(
        f"joint arrays must have matching batch shapes, got q (3, {N}), qd ({N},), qdd (2, {N})"
    ):
        cd.rnea(chain, np.zeros((3, N)), np.zeros(N), np.zeros((2, N)))


@pytest.mark.parametrize("name", WITH_GRAVITY)
@pytest.mark.parametrize(
    "g, got", [((0.0, -9.81), "(2,)"), (np.zeros((1, 3)), "(1, 3)"), (9.81, "()")]
)
def test_gravity_wrong_shape(chain, name, g, got):
    with raises(f"gravity must have shape (3,), got {got}"):
        call(chain, name, gravity=g)


@pytest.mark.parametrize("name", WITH_GRAVITY)
@pytest.mark.parametrize("bad", [np.nan, np.inf])
def test_gravity_non_finite(chain, name, bad):
    with raises(f"gravity must be finite, got {bad} at index (2,)"):
        call(chain, name, gravity=[0.0, 0.0, bad])


@pytest.mark.parametrize("name", WITH_GRAVITY)
def test_gravity_string(chain, name):
    with raises("gravity must be an array of real numbers, got dtype <U4 ('down')"):
        call(chain, name, gravity="down")


@pytest.mark.parametrize("name", WITH_FTIP)
@pytest.mark.parametrize("shape", [(5,), (7,), (6, 1), (2, 3)])
def test_f_tip_wrong_shape(chain, name, shape):
    with raises(f"f_tip must have shape (6,) or (N, 6), got {shape}"):
        call(chain, name, f_tip=np.zeros(shape))


@pytest.mark.parametrize("name", WITH_FTIP)
def test_f_tip_scalar(chain, name):
    with raises("f_tip must have shape (6,) or (N, 6), got ()"):
        call(chain, name, f_tip=1.0)


@pytest.mark.parametrize("name", WITH_FTIP)
@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf], ids=["nan", "inf", "-inf"])
def test_f_tip_non_finite(chain, name, bad):
    F = np.zeros(6)
    F[3] = bad
    with raises(f"f_tip must be finite, got {bad} at index (3,)"):
        call(chain, name, f_tip=F)


@pytest.mark.parametrize("name", WITH_FTIP)
def test_f_tip_string(chain, name):
    with raises("f_tip must be an array of real numbers, got dtype <U4 ('push')"):
        call(chain, name, f_tip="push")


@pytest.mark.parametrize("name", WITH_FTIP)
@pytest.mark.parametrize("shape", [(4, 6), (2, 4, 6)])
def test_f_tip_batch_not_broadcastable(chain, name, shape):
    with raises(
        f"f_tip must have a batch shape compatible with the joint arrays' (3,), got {shape}"
    ):
        call(chain, name, q=np.zeros((3, N)), f_tip=np.zeros(shape))


@pytest.mark.parametrize("name", WITH_FTIP)
def test_f_tip_batch_broadcasts(chain, name):
    """A batch of tip wrenches against one state (or a matching batch) is valid."""
    F = np.random.default_rng(3).uniform(-1, 1, (4, 6))
    out = call(chain, name, f_tip=F)
    ref = np.stack([call(chain, name, f_tip=Fk) for Fk in F])
    np.testing.assert_allclose(out, ref, rtol=1e-13, atol=1e-13)


@pytest.mark.parametrize("name", ALL)
def test_inputs_are_not_modified(chain, name):
    rng = np.random.default_rng(9)
    args = {
        "q": rng.uniform(-1, 1, (2, N)),
        "qd": rng.uniform(-1, 1, (2, N)),
        "qdd": rng.uniform(-1, 1, N),
        "gravity": np.array([0.1, -0.2, -9.8]),
        "f_tip": rng.uniform(-1, 1, (2, 6)),
    }
    before = {k: v.copy() for k, v in args.items()}
    snap = [a.copy() for a in (chain.home, chain.screws, chain.inertias)]
    out = call(chain, name, **args)
    for k, v in args.items():
        np.testing.assert_array_equal(v, before[k], err_msg=k)
        assert v.flags.writeable, k
        for o in out if isinstance(out, tuple) else (out,):
            assert not np.shares_memory(o, v), f"{name} returns a view of {k}"
    for a, b in zip((chain.home, chain.screws, chain.inertias), snap):
        np.testing.assert_array_equal(a, b)


# --------------------------------------------------------------------------- #
# The chain argument: a Chain, or a ValueError from the one shared check
# --------------------------------------------------------------------------- #

NOT_A_CHAIN = [
    (None, "chain must be a chaindyn.Chain, got NoneType"),
    ("arm6r", "chain must be a chaindyn.Chain, got str"),
    (_parts(), "chain must be a chaindyn.Chain, got tuple (build a Chain from home, screws "
               "and inertias with Chain(...))"),
    ({"n": N}, "chain must be a chaindyn.Chain, got dict"),
]


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("bad, msg", NOT_A_CHAIN, ids=["None", "str", "tuple", "dict"])
def test_entry_needs_a_chain(name, bad, msg):
    with raises(msg):
        call(bad, name)


def test_urdf_chain_is_not_a_chain(chain):
    """What urdf.load returns wraps the Chain; the message says how to get at it."""
    wrapped = urdf.URDFChain(chain, ("j1", "j2", "j3"), (), (), "base", "tip")
    with raises("chain must be a chaindyn.Chain, got URDFChain (what urdf.load returns: "
                "pass its .chain)"):
        cd.rnea(wrapped, np.zeros(N), np.zeros(N), np.zeros(N))


@pytest.mark.parametrize(
    "fn",
    [
        jacobian.space_screw_axes,
        structured.precompute,
        interop.axis_points,
        interop.to_mujoco,
        interop.to_modern_robotics,
        urdf.to_urdf,
    ],
    ids=lambda f: f.__name__,
)
@pytest.mark.parametrize("bad, msg", NOT_A_CHAIN, ids=["None", "str", "tuple", "dict"])
def test_chain_only_functions_need_a_chain(fn, bad, msg):
    with raises(msg):
        fn(bad)


# --------------------------------------------------------------------------- #
# Array-likes that are not plain arrays: refused, never read with other semantics
# --------------------------------------------------------------------------- #

PLAIN = "must be a plain numpy.ndarray, a list or a number, got "
MASKED = ("a masked array (numpy.ma.MaskedArray), whose mask chaindyn would ignore: "
          "fill or drop the masked entries first")
MATRIX = "a numpy.matrix, which stays two-dimensional and multiplies as a matrix"


def _matrix(x):
    """``np.matrix(x)`` without numpy's advice against np.matrix."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PendingDeprecationWarning)
        return np.matrix(x)


class _Tagged(np.ndarray):
    """An ndarray subclass of no particular meaning."""


def _masked_state(value=np.nan):
    """A joint array with a masked entry (a NaN under the mask by default)."""
    return np.ma.array([0.1, value, 0.3], mask=[False, True, False])


@pytest.mark.parametrize("name, arg", JOINT_ARGS)
def test_masked_joint_array_is_refused(chain, name, arg):
    """Under the mask a NaN (which the finite check never sees) or a plain number:
    refused either way, since every computation would ignore the mask."""
    for value in (np.nan, 0.2):
        with raises(f"{arg} {PLAIN}{MASKED}"):
            call(chain, name, **{arg: _masked_state(value)})


@pytest.mark.parametrize("name, arg", JOINT_ARGS)
def test_matrix_and_subclass_joint_arrays_are_refused(chain, name, arg):
    with raises(f"{arg} {PLAIN}{MATRIX}"):
        call(chain, name, **{arg: _matrix(np.zeros(N))})
    with pytest.raises(ValueError, match=esc(f"{arg} {PLAIN}an ndarray subclass (")
                       + r"[\w.]*_Tagged\)$"):
        call(chain, name, **{arg: np.zeros(N).view(_Tagged)})


@pytest.mark.parametrize("name", ["rnea", "rnea_structured", "kinetic_energy", "mass_matrix"])
def test_masked_array_inside_a_list_is_refused(chain, name):
    """np.asarray of a list of masked arrays drops the masks: refused before that."""
    rows = [_masked_state(), np.ma.array(np.zeros(N))]
    with raises(f"q {PLAIN}a list holding {MASKED}"):
        call(chain, name, q=rows)
    with raises(f"q {PLAIN}a tuple holding {MATRIX}"):
        call(chain, name, q=(_matrix(np.zeros(N)),))
    with raises(f"q {PLAIN}a list holding {MASKED}"):
        call(chain, name, q=[[0.0, np.ma.masked, 0.0]])


@pytest.mark.parametrize("name", WITH_GRAVITY)
def test_masked_gravity_is_refused(chain, name):
    g = np.ma.array([0.0, 0.0, -9.81], mask=[False, False, True])
    with raises(f"gravity {PLAIN}{MASKED}"):
        call(chain, name, gravity=g)


@pytest.mark.parametrize("name", WITH_FTIP)
def test_masked_and_matrix_f_tip_are_refused(chain, name):
    with raises(f"f_tip {PLAIN}{MASKED}"):
        call(chain, name, f_tip=np.ma.array(np.ones(6), mask=[True] + [False] * 5))
    with raises(f"f_tip {PLAIN}{MATRIX}"):
        call(chain, name, f_tip=_matrix(np.ones(6)))


@pytest.mark.parametrize("which", ["home", "screws", "inertias"])
def test_chain_parts_must_be_plain_arrays(which):
    parts = dict(zip(("home", "screws", "inertias"), _parts()))
    parts[which] = np.ma.array(parts[which])
    with raises(f"{which} {PLAIN}{MASKED}"):
        Chain(**parts)


def test_tables_and_spatial_inertia_must_be_plain_arrays():
    rows, masses, coms, Ics = _table()
    with raises(f"masses {PLAIN}{MASKED}"):
        Chain.from_mdh(rows, np.ma.array(masses, mask=[False, True]), coms, Ics)
    with raises(f"dh {PLAIN}{MATRIX}"):
        Chain.from_dh(_matrix(rows), masses, coms, Ics)
    with raises(f"inertia_com {PLAIN}{MATRIX}"):
        spatial_inertia(1.0, (0.0, 0.0, 0.0), _matrix(np.eye(3)))
    with raises(f"mass {PLAIN}{MASKED}"):
        spatial_inertia(np.ma.masked_array(1.0, mask=True), (0.0, 0.0, 0.0), np.eye(3))


def test_memmap_reads_as_its_values(chain, tmp_path):
    """A memory-mapped array has a plain array's values and arithmetic: the result
    equals the one for the same numbers in memory."""
    q = good_args()["q"]
    mm = np.memmap(tmp_path / "q.dat", dtype=float, mode="w+", shape=(N,))
    mm[:] = q
    for name in ("rnea", "rnea_structured", "kinetic_energy"):
        np.testing.assert_array_equal(call(chain, name, q=mm), call(chain, name, q=q))


def test_plain_sequences_and_numpy_scalars_still_work(chain):
    args = good_args()
    ref = cd.rnea(chain, args["q"], args["qd"], args["qdd"])
    as_list = [float(x) for x in args["q"]]
    as_tuple = tuple(np.float64(x) for x in args["q"])
    np.testing.assert_array_equal(cd.rnea(chain, as_list, args["qd"], args["qdd"]), ref)
    np.testing.assert_array_equal(cd.rnea(chain, as_tuple, args["qd"], args["qdd"]), ref)
    np.testing.assert_array_equal(cd.rnea(chain, [args["q"]], args["qd"], args["qdd"]),
                                  ref[None])


# --------------------------------------------------------------------------- #
# models and opcount
# --------------------------------------------------------------------------- #


@pytest.mark.parametrize(
    "n, msg",
    [
        (0, "n must be a positive integer, got 0"),
        (-2, "n must be a positive integer, got -2"),
        (2.5, "n must be a positive integer, got 2.5"),
        ("3", "n must be a positive integer, got '3'"),
    ],
)
def test_random_chain_bad_n(n, msg):
    with raises(msg):
        models.random_chain(n, np.random.default_rng(0))


@pytest.mark.parametrize(
    "n", [np.nan, np.inf, None, "abc", True, 3.0], ids=["nan", "inf", "None", "abc", "bool", "3.0"]
)
def test_random_chain_bad_n_types(n):
    with raises(f"n must be a positive integer, got {n!r}"):
        models.random_chain(n, np.random.default_rng(0))


@pytest.mark.parametrize("p", [1.5, -0.1, np.nan])
def test_random_chain_bad_probability(p):
    with raises(f"prismatic must be a probability in [0, 1], got {p!r}"):
        models.random_chain(3, np.random.default_rng(0), prismatic=p)


@pytest.mark.parametrize(
    "p, got", [([True, False], "(2,)"), ([True] * 4, "(4,)"), ([[True, False, True]], "(1, 3)")]
)
def test_random_chain_prismatic_wrong_length(p, got):
    with raises(
        f"prismatic must be a probability or 3 booleans, got {p!r} (dtype bool, shape {got})"
    ):
        models.random_chain(3, np.random.default_rng(0), prismatic=p)


def test_random_chain_prismatic_list_of_floats():
    with raises(
        "prismatic must be a probability or 3 booleans, "
        "got [0.3, 0.7, 0.2] (dtype float64, shape (3,))"
    ):
        models.random_chain(3, np.random.default_rng(0), prismatic=[0.3, 0.7, 0.2])


def test_random_chain_prismatic_string():
    with raises("prismatic must be a probability or 3 booleans, got 'abc' (dtype <U3, shape ())"):
        models.random_chain(3, np.random.default_rng(0), prismatic="abc")


@pytest.mark.parametrize(
    "rng, got", [(None, "NoneType"), (0, "int"), (np.random.RandomState(0), "RandomState")]
)
def test_random_chain_bad_rng(rng, got):
    with raises(f"rng must be a numpy.random.Generator, got {got}"):
        models.random_chain(3, rng)


def test_random_chain_inputs_valid():
    ch = models.random_chain(4, np.random.default_rng(0), prismatic=[True, False, True, False])
    assert ch.joint_types == ("prismatic", "revolute", "prismatic", "revolute")


def test_opcount_bogus_rule(chain):
    with raises("rule must be 'products', 'all' or 'additions', got 'bogus'"):
        count(cd.rnea, chain, np.zeros(N), np.zeros(N), np.zeros(N), rule="bogus")


def test_opcount_does_not_modify_inputs(chain):
    q = np.linspace(0.1, 0.3, N)
    q0 = q.copy()
    assert count(cd.rnea, chain, q, q, q) > 0
    np.testing.assert_array_equal(q, q0)
    assert type(q) is np.ndarray


def test_arm6r_missing_file(tmp_path):
    missing = tmp_path / "no_such_arm.csv"
    pattern = esc("the 6R arm's input file must ") + ".*" + esc(f", got no file at {missing}")
    with pytest.raises(ValueError, match=pattern):
        models.arm6r(path=missing)
    with pytest.raises(ValueError, match=pattern):
        models.arm6r_table(path=str(missing))


def test_arm6r_path_is_a_directory(tmp_path):
    with raises(f"the 6R arm's input file must be a file, got a directory at {tmp_path}"):
        models.arm6r(path=tmp_path)


def _arm_file(tmp_path, text):
    bad = tmp_path / "arm.csv"
    bad.write_text(text, encoding="utf-8")
    return bad


@pytest.mark.parametrize("extra, got", [(",0", 17), (",0,0", 18)])
def test_arm6r_row_with_too_many_values(tmp_path, extra, got):
    text = models.ARM6R_FILE.read_text(encoding="utf-8").rstrip("\n") + extra + "\n"
    bad = _arm_file(tmp_path, text)
    with raises(f"{bad}: data row 6 must have 16 values, got {got}"):
        models.arm6r(path=bad)


def test_arm6r_row_with_too_few_values(tmp_path):
    lines = models.ARM6R_FILE.read_text(encoding="utf-8").splitlines()
    lines[-1] = lines[-1].rsplit(",", 1)[0]
    bad = _arm_file(tmp_path, "\n".join(lines) + "\n")
    with raises(f"{bad}: data row 6 must have 16 values, got 15"):
        models.arm6r(path=bad)


def test_arm6r_cell_not_a_number(tmp_path):
    lines = models.ARM6R_FILE.read_text(encoding="utf-8").splitlines()
    fields = lines[-1].split(",")
    fields[3] = "x"  # column a of link 6
    lines[-1] = ",".join(fields)
    bad = _arm_file(tmp_path, "\n".join(lines) + "\n")
    with raises(f"{bad}: data row 6, column a must be a number, got 'x'"):
        models.arm6r(path=bad)


def test_arm6r_empty_table(tmp_path):
    bad = _arm_file(tmp_path, "")
    with raises(f"{bad} must have a header row, got an empty table"):
        models.arm6r(path=bad)
    lines = models.ARM6R_FILE.read_text(encoding="utf-8").splitlines()
    header_only = [ln for ln in lines if ln.startswith("#")] + [
        next(ln for ln in lines if not ln.startswith("#"))
    ]
    bad = _arm_file(tmp_path, "\n".join(header_only) + "\n")
    with raises(f"{bad} must have at least one data row, got none"):
        models.arm6r(path=bad)


def test_arm6r_nan_in_file(tmp_path):
    lines = models.ARM6R_FILE.read_text(encoding="utf-8").splitlines()
    fields = lines[-1].split(",")
    fields[6] = "nan"  # the mass of link 6
    lines[-1] = ",".join(fields)
    bad = tmp_path / "arm.csv"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with raises("masses must be finite, got nan at index (5,)"):
        models.arm6r(path=bad)


def test_arm6r_unknown_joint_type_in_file(tmp_path):
    lines = models.ARM6R_FILE.read_text(encoding="utf-8").splitlines()
    fields = lines[-1].split(",")
    fields[1] = "X"
    lines[-1] = ",".join(fields)
    bad = tmp_path / "arm.csv"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with raises("joint_types[5] must be 'R', 'revolute', 'P' or 'prismatic', got 'X'"):
        models.arm6r(path=bad)


def test_booleans_are_not_numbers():
    """A boolean array is not silently read as 0.0 and 1.0."""
    chain = models.planar_2r()
    with raises("q must be an array of real numbers, got dtype bool"):
        cd.rnea(chain, [True, False], [0.0, 0.0], [0.0, 0.0])
    with raises("mass must be an array of real numbers, got dtype bool"):
        spatial_inertia(True, [0, 0, 0], np.eye(3))
