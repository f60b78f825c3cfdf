"""Chapter 3.1's audit (chaindyn_book.ch31_audit) on hand-made URDF links with known
verdicts, and the committed tables ch31_*.csv against what the code computes.

The oracles are independent of the code under test. A box's closed-form inertia is
realizable. A zero mass is not. diag(1, 1, 3) violates the triangle inequality. An
inertia with a negative principal moment is not positive definite. A thin rod (0, a, a)
lies on the boundary.
"""

import csv
import math
import os

import numpy as np
import pytest
from _book import ROOT

from chaindyn.spatial import rpy_matrix
from chaindyn_book import ch31_audit as A

DATA = ROOT / "data"


def _read(name):
    with open(DATA / name, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def _urdf(tmp_path, links):
    """A URDF file of one robot whose links are given as (name, inertial XML or None)."""
    body = "".join(f'<link name="{n}">{x or ""}</link>' for n, x in links)
    path = tmp_path / "robot.urdf"
    path.write_text(f'<?xml version="1.0"?><robot name="r">{body}</robot>', encoding="utf-8")
    return str(path)


def _inertial(m, d, off=(0, 0, 0), xyz="0.1 -0.2 0.3", rpy="0.3 -0.7 1.1"):
    ixy, ixz, iyz = off
    return (f'<inertial><origin xyz="{xyz}" rpy="{rpy}"/><mass value="{m}"/>'
            f'<inertia ixx="{d[0]}" ixy="{ixy}" ixz="{ixz}" iyy="{d[1]}" iyz="{iyz}" '
            f'izz="{d[2]}"/></inertial>')


# a 2 kg box 0.3 x 0.2 x 0.1 m: m/12 (b^2 + c^2), ...
BOX = (2 / 12 * (0.04 + 0.01), 2 / 12 * (0.09 + 0.01), 2 / 12 * (0.09 + 0.04))
# a 1 kg thin rod of length 0.6 m along x: (0, m L^2 / 12, m L^2 / 12)
ROD = (0.0, 0.03, 0.03)

CASES = {
    "box": (_inertial(2.0, BOX), None, True, False),
    "zero_mass": (_inertial(0.0, (0, 0, 0)), "mass", False, False),
    "negative_mass": (_inertial(-1.0, BOX), "mass", False, False),
    "triangle": (_inertial(1.0, (1.0, 1.0, 3.0)), "triangle", False, False),
    "not_pd": (_inertial(1.0, (1.0, 1.0, -0.1)), "positive_definite", False, False),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_verdicts_of_hand_made_links(tmp_path, case):
    xml, condition, realizable, degenerate = CASES[case]
    (name, inertial), = A.read_links(_urdf(tmp_path, [(case, xml)]))
    v = A.classify(inertial, link=name)
    assert (v.condition, v.realizable, v.degenerate) == (condition, realizable, degenerate)


def test_thin_rod_fails_positive_definiteness_and_is_degenerate(tmp_path):
    """A thin rod's inertia about its COM has a zero principal moment: the ladder's strict
    positive definiteness fails, and its pseudo-inertia is only semidefinite."""
    (_, inertial), = A.read_links(_urdf(tmp_path, [("rod", _inertial(1.0, ROD))]))
    v = A.classify(inertial)
    assert (v.condition, v.realizable, v.degenerate) == ("positive_definite", False, True)
    assert v.moments[0] == 0.0 and v.moments[1] == pytest.approx(0.03)


def test_plate_is_realizable_and_degenerate(tmp_path):
    """A flat plate's moments satisfy I1 + I2 = I3: realizable, J singular."""
    (_, inertial), = A.read_links(_urdf(tmp_path, [("plate", _inertial(1.0, (1.0, 2.0, 3.0)))]))
    v = A.classify(inertial)
    assert (v.condition, v.realizable, v.degenerate) == (None, True, True)


def test_a_violated_triangle_is_not_degenerate(tmp_path):
    """J is indefinite when the triangle inequality fails: not 'degenerate'."""
    (_, inertial), = A.read_links(_urdf(tmp_path, [("t", _inertial(1.0, (1.0, 1.0, 3.0)))]))
    assert A.classify(inertial).degenerate is False


def test_rotated_off_diagonal_inertia_keeps_its_verdict(tmp_path):
    """The box's inertia turned by a rotation and written with products of inertia is
    still realizable, and diag(1, 1, 3) turned likewise still fails the triangle."""
    R = rpy_matrix([0.4, 0.2, -1.0])
    links = []
    for name, d in (("box", BOX), ("tri", (1.0, 1.0, 3.0))):
        In = R @ np.diag(d) @ R.T
        links.append((name, _inertial(1.0, np.diag(In), (In[0, 1], In[0, 2], In[1, 2]))))
    verdicts = [A.classify(i) for _, i in A.read_links(_urdf(tmp_path, links))]
    assert [v.condition for v in verdicts] == [None, "triangle"]


def test_frame_does_not_change_the_verdict(tmp_path):
    for xyz, rpy in (("0 0 0", "0 0 0"), ("1.5 -2 0.7", "2.9 -1.2 0.4")):
        (_, inertial), = A.read_links(_urdf(tmp_path, [("t", _inertial(1.0, (1, 1, 3), xyz=xyz,
                                                                        rpy=rpy))]))
        assert A.classify(inertial).condition == "triangle"


def test_spatial_matrix_is_the_block_formula(tmp_path):
    """G's blocks: m 1, m [c] with c the origin xyz, and the rotational block back at the
    COM equal to R I R^T."""
    (_, inertial), = A.read_links(_urdf(tmp_path, [("b", _inertial(2.0, BOX))]))
    G = A.spatial_matrix(inertial)
    c = np.array([0.1, -0.2, 0.3])
    assert np.allclose(G[3:, 3:], 2.0 * np.eye(3))
    assert np.allclose(G[:3, 3:] @ np.array([1.0, 0, 0]), 2.0 * np.cross(c, [1.0, 0, 0]))
    R = rpy_matrix([0.3, -0.7, 1.1])
    Ic = G[:3, :3] - 2.0 * (c @ c * np.eye(3) - np.outer(c, c))
    assert np.allclose(Ic, R @ np.diag(BOX) @ R.T)


def test_missing_inertial_and_defaults(tmp_path):
    path = _urdf(tmp_path, [("frame", None),
                            ("plain", '<inertial><mass value="1"/><inertia ixx="1" ixy="0" '
                                      'ixz="0" iyy="1" iyz="0" izz="1"/></inertial>')])
    (n1, i1), (n2, i2) = A.read_links(path)
    assert (n1, i1) == ("frame", None)
    assert i2.xyz == (0.0, 0.0, 0.0) and i2.rpy == (0.0, 0.0, 0.0)
    assert A.classify(i1).condition == "none"
    assert A.pattern(i2) == "isotropic"


def test_incomplete_inertia_is_refused(tmp_path):
    path = _urdf(tmp_path, [("bad", '<inertial><mass value="1"/><inertia ixx="1"/></inertial>')])
    with pytest.raises(ValueError, match=r"robot.urdf: link 'bad': <inertial> must have "
                                         r"<inertia> with ixx, ixy, ixz, iyy, iyz, izz"):
        A.read_links(path)


@pytest.mark.parametrize("mass, moments, want", [
    (0.0, (0, 0, 0, 0, 0, 0), "zero"),
    (0.0, (1e-6, 0, 0, 1e-6, 0, 1e-6), "massless"),
    (0.1, (0, 0, 0, 0, 0, 0), "point"),
    (1.3, (0, 0, 2.4e-35, 0, 0, 0), "near-point"),
    (1e-6, (1e-6,) * 6, "all-equal"),
    (0.01, (1e-3, 0, 0, 1e-3, 0, 1e-3), "isotropic"),
    (1.0, (0.1, 0.01, 0, 0.2, 0, 0.25), ""),
])
def test_patterns(mass, moments, want):
    i = A.Inertial(mass, (0, 0, 0), (0, 0, 0), moments, ())
    assert A.pattern(i) == want


def test_all_equal_placeholder_is_not_realizable():
    """1e-6 in all six entries is 1e-6 (1 1^T): principal moments (0, 0, 3e-6) exactly.
    I1 = 0 fails the strict positive definiteness, and I1 + I2 - I3 = -I3 the triangle;
    which of the two the ladder names follows the sign of eigvalsh's roundoff in I1."""
    i = A.Inertial(1e-6, (0, 0, 0), (0, 0, 0), (1e-6,) * 6, ())
    v = A.classify(i)
    assert v.moments == (0.0, 0.0, pytest.approx(3e-6))
    assert v.condition in ("positive_definite", "triangle") and not v.realizable
    assert v.triangle_rel == pytest.approx(-1.0)


def test_com_and_link_frame_matrices_agree(tmp_path):
    """The verdict of the COM matrix classify uses equals that of the link-frame G."""
    from chaindyn.body import realizability

    for d in (BOX, (1.0, 1.0, 3.0), (1.0, 1.0, -0.1), (1.0, 2.0, 3.5)):
        (_, inertial), = A.read_links(_urdf(tmp_path, [("x", _inertial(1.5, d))]))
        assert realizability(A.spatial_matrix(inertial)).condition == A.classify(
            inertial).condition


# ----------------------------------------------------------------------------- tables


@pytest.fixture(scope="module")
def result():
    return A.audit()


def test_every_urdf_file_has_a_row(result):
    rows = _read("ch31_realizability.csv")
    assert [r["urdf"] for r in rows] == A.urdf_files() == list(result)
    assert len(rows) == 69


def test_summary_counts_add_up(result):
    rows = _read("ch31_realizability.csv")
    for r in rows:
        n = {k: int(v) for k, v in r.items() if k not in ("package", "urdf")}
        failed = (n["mass_zero"] + n["mass_negative"] + n["not_positive_definite"]
                  + n["triangle"] + n["other"])
        assert n["realizable"] + failed == n["inertials"] <= n["links"], r["urdf"]
    totals = {r["counted"]: r for r in _read("ch31_realizability_totals.csv")}
    for col in ("inertials", "realizable", "mass_zero", "triangle", "degenerate", "tiny_mass"):
        assert int(totals["link entries"][col]) == sum(int(r[col]) for r in rows)


def test_summary_rows_against_raw_xml(result):
    """Per file, the links, inertials and zero masses counted straight from the XML."""
    import xml.etree.ElementTree as ET

    root = A.robots_dir()
    rows = {r["urdf"]: r for r in _read("ch31_realizability.csv")}
    for rel, r in rows.items():
        links = ET.parse(os.path.join(root, rel)).getroot().findall("link")
        inertials = [x.find("inertial") for x in links if x.find("inertial") is not None]
        zero = sum(float(x.find("mass").get("value")) == 0.0 for x in inertials)
        assert (int(r["links"]), int(r["inertials"]), int(r["mass_zero"])) == (
            len(links), len(inertials), zero), rel


def test_failing_links_are_the_failing_verdicts(result):
    rows = _read("ch31_failing_links.csv")
    listed = {(r["package"], r["link"], r["mass"]) for r in rows}
    flagged = {(v.package, v.link, v.inertial.text) for _, vs in result.values() for v in vs
               if v.inertial is not None and (not v.realizable or v.degenerate or v.oversized)}
    assert len(rows) == len(flagged)
    assert {(p, n, text[0]) for p, n, text in flagged} == listed
    for r in rows:
        if r["condition"] == "triangle":
            assert float(r["triangle_rel"]) < 0
            if r["pattern"] == "near-point":  # moments of export noise are not written
                assert (r["I1"], r["I2"], r["I3"]) == ("noise",) * 3
                continue
            i1, i2, i3 = (float(r[k]) for k in ("I1", "I2", "I3"))
            assert i1 + i2 < i3
        if r["condition"] == "mass":
            assert float(r["mass"]) <= 0


def test_yourdfpy_reads_the_same_inertials():
    differences, unreadable = A.yourdfpy_differences()
    assert differences == []
    assert unreadable == ["ur_description/urdf/ur3.urdf"]


def test_primitive_meshes_within_their_bounds():
    rows = _read("ch31_primitives.csv")
    assert all(r["within"] == "True" and r["watertight"] == "True" for r in rows)
    cyl = [r for r in rows if r["shape"] == "cylinder"]
    errors = [float(r["rel_error"]) for r in cyl]
    # sin^2(pi/n) ~ (pi/n)^2: doubling the sections divides the error by about 4
    for a, b in zip(errors, errors[1:]):
        assert 3.5 < a / b < 4.5
    for r in cyl:
        n = int(r["resolution"].split()[0])
        assert float(r["bound"]) == pytest.approx(math.sin(math.pi / n) ** 2, rel=1e-2)


def test_mesh_link_table_matches_the_urdf():
    """The URDF principal moments in ch31_mesh_link.csv are those of the raw inertial,
    and the mesh volume gives back the density column."""
    root = A.robots_dir()
    rows = _read("ch31_mesh_link.csv")
    assert len(rows) == len(A.MESH_LINKS)
    for (urdf, link), r in zip(A.MESH_LINKS, rows):
        inertial = dict(A.read_links(os.path.join(root, urdf)))[link]
        eig = np.linalg.eigvalsh(inertial.inertia)
        for k, e in zip(("I1_urdf", "I2_urdf", "I3_urdf"), eig):
            assert float(r[k]) == pytest.approx(e, rel=1e-3)
        assert float(r["density"]) == pytest.approx(
            inertial.mass / (float(r["volume_cm3"]) * 1e-6), rel=2e-3)
        assert r["watertight"] == "True"


# ----------------------------------------------------------------------------- ellipsoids


def _icosphere_points(axes):
    import trimesh

    unit = trimesh.creation.icosphere(subdivisions=3, radius=1.0)
    return unit.vertices * np.asarray(axes)


def test_enclosing_ellipsoid_holds_every_point_and_is_close_to_the_least():
    axes = (0.15, 0.1, 0.05)
    R = rpy_matrix([0.3, -0.5, 1.2])
    P = _icosphere_points(axes) @ R.T + np.array([0.2, -0.1, 0.05])
    c, semi, Rm = A.enclosing_ellipsoid(P)
    Q = Rm @ np.diag(semi**-2.0) @ Rm.T
    D = P - c
    assert np.einsum("ij,jk,ik->i", D, Q, D).max() <= 1 + 1e-9
    assert np.allclose(np.sort(semi), np.sort(axes), rtol=2e-2)
    assert np.allclose(c, [0.2, -0.1, 0.05], atol=1e-3)


def test_ellipsoid_condition_on_a_filled_and_an_oversized_body():
    """A uniform solid ellipsoid in its own bound has tr(J Q) / m = 1 - 3/5 = 0.4; a 10 g
    body with the inertia of a 1 m radius of gyration cannot fit a 3 cm ellipsoid."""
    from chaindyn.body import ellipsoid_inertia, realizability

    axes = (0.15, 0.1, 0.05)
    c, semi, Rm = A.enclosing_ellipsoid(_icosphere_points(axes))
    body = A.Inertial(2.0, (0, 0, 0), (0, 0, 0), tuple(
        ellipsoid_inertia(2.0, axes)[i, j] for i, j in ((0, 0), (0, 1), (0, 2), (1, 1),
                                                        (1, 2), (2, 2))), ())
    r = realizability(A.spatial_matrix(body), ellipsoid=(c, semi, Rm))
    assert r.condition is None and r.ellipsoid == pytest.approx(0.4, abs=0.03)
    c, semi, Rm = A.enclosing_ellipsoid(_icosphere_points((0.03, 0.01, 0.01)))
    tip = A.Inertial(0.01, (0, 0, 0), (0, 0, 0), (1e-2, 0, 0, 1e-2, 0, 1e-2), ())
    assert realizability(A.spatial_matrix(tip), ellipsoid=(c, semi, Rm)).condition == "ellipsoid"


def test_ellipsoid_tables_agree():
    rows = _read("ch31_ellipsoid.csv")
    packages = _read("ch31_ellipsoid_packages.csv")
    assert all(float(r["margin"]) < 0 for r in rows)
    assert sum(int(p["ellipsoid_fail"]) for p in packages) == len(rows)
    for p in packages:
        mine = [float(r["margin"]) for r in rows if r["package"] == p["package"]]
        assert int(p["ellipsoid_fail"]) == len(mine) <= int(p["checked"])
        if mine:
            assert float(p["worst_margin"]) == min(mine)
