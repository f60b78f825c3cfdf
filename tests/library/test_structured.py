"""rnea_structured (appendix B): the same torques as rnea, its joint frames, and its
multiplication counts pinned."""

import itertools
import math

import numpy as np
import pytest

import chaindyn as cd
from chaindyn import engine, models, structured
from chaindyn.chain import Chain
from chaindyn.engine import sweeps
from chaindyn.opcount import count
from chaindyn.spatial import Ad_rp, spatial_inertia

MIDDLE = 91  # a link in the middle of a chain of general geometry, either joint type
GRAVITY, TIP = 9, 24
G9 = np.array([0.0, 0.0, -9.81])


def states(rng, n, N=None, scale=1.0):
    shape = (n,) if N is None else (N, n)
    return tuple(scale * rng.standard_normal(shape) for _ in range(3))


def assert_same(a, b):
    """Equal within 1e-12 relative to the size of the torques (roundoff)."""
    scale = max(1.0, float(np.abs(a).max()))
    assert np.abs(np.asarray(a) - np.asarray(b)).max() <= 1e-12 * scale


# ------------------------------------------------------------ same torques as rnea
@pytest.mark.parametrize("n", range(1, 9))
@pytest.mark.parametrize("prismatic", [0.0, 0.5, 1.0], ids=["R", "mixed", "P"])
def test_equals_rnea_single_and_batched(n, prismatic):
    rng = np.random.default_rng(700 + 10 * n + int(2 * prismatic))
    chain = models.random_chain(n, rng, prismatic=prismatic)
    g = 9.0 * rng.standard_normal(3)
    for _ in range(3):
        s = states(rng, n, scale=2.0)
        F = rng.standard_normal(6)
        assert_same(cd.rnea_structured(chain, *s), cd.rnea(chain, *s))
        assert_same(cd.rnea_structured(chain, *s, gravity=g, f_tip=F),
                    cd.rnea(chain, *s, gravity=g, f_tip=F))
    s = states(rng, n, N=7, scale=2.0)
    F = rng.standard_normal((7, 6))
    tau = cd.rnea_structured(chain, *s, gravity=g, f_tip=F)
    assert tau.shape == (7, n)
    assert_same(tau, cd.rnea(chain, *s, gravity=g, f_tip=F))
    # broadcasting: a batch of q with one qd, qdd and one tip wrench
    q = s[0]
    assert_same(cd.rnea_structured(chain, q, s[1][0], s[2][0], f_tip=F[0]),
                cd.rnea(chain, q, s[1][0], s[2][0], f_tip=F[0]))
    # a batch larger than ROW_LOOP_MAX runs vectorized over the batch
    big = states(rng, n, N=engine.ROW_LOOP_MAX + 9, scale=2.0)
    FB = rng.standard_normal((engine.ROW_LOOP_MAX + 9, 6))
    assert_same(cd.rnea_structured(chain, *big, gravity=g, f_tip=FB),
                cd.rnea(chain, *big, gravity=g, f_tip=FB))
    assert_same(cd.rnea_structured(chain, big[0], big[1][0], big[2][0], f_tip=F[0]),
                cd.rnea(chain, big[0], big[1][0], big[2][0], f_tip=F[0]))
    # a batch of tip wrenches with one state
    assert_same(cd.rnea_structured(chain, q[0], s[1][0], s[2][0], f_tip=F),
                cd.rnea(chain, q[0], s[1][0], s[2][0], f_tip=F))


def test_float_path_equals_vectorized_path():
    chain = models.arm6r()
    rng = np.random.default_rng(1)
    s = states(rng, 6)
    one = cd.rnea_structured(chain, *s)
    batch = cd.rnea_structured(chain, *(x[None] for x in s))
    assert batch.shape == (1, 6)
    assert batch[0].tolist() == one.tolist()  # the same float code
    many = cd.rnea_structured(chain, *(np.tile(x, (engine.ROW_LOOP_MAX + 1, 1)) for x in s))
    np.testing.assert_allclose(many, np.tile(one, (engine.ROW_LOOP_MAX + 1, 1)),
                               rtol=0, atol=1e-13)
    assert cd.rnea_structured(chain, *(x.tolist() for x in s)).tolist() == one.tolist()


def test_arm6r_trajectory():
    chain = models.arm6r()
    _, q, qd, qdd = models.arm6r_trajectory()
    assert_same(cd.rnea_structured(chain, q, qd, qdd), cd.rnea(chain, q, qd, qdd))
    assert_same(cd.rnea_structured(chain, q, qd, qdd, f_tip=[1, -2, 3, 10, 20, -30]),
                cd.rnea(chain, q, qd, qdd, f_tip=[1, -2, 3, 10, 20, -30]))


def _special_chain(screws, offsets):
    """Chains with parallel, coincident, anti-parallel and intersecting axes."""
    n = len(screws)
    home = np.tile(np.eye(4), (n, 1, 1))
    home[:, :3, 3] = offsets
    G = spatial_inertia(1.5, [0.1, 0.05, -0.02], np.diag([0.02, 0.03, 0.04]))
    return Chain(home, screws, np.tile(G, (n, 1, 1)))


def _parallel_to_roundoff():
    """Axes 1 and 2 parallel in exact arithmetic; in {0} their directions differ by
    roundoff (frame 2 is turned about x, its screw turned back)."""
    c, s = np.cos(0.7), np.sin(0.7)
    home = np.tile(np.eye(4), (3, 1, 1))
    home[1, :3, :3] = [[1, 0, 0], [0, c, -s], [0, s, c]]
    home[1, :3, 3], home[2, :3, 3] = [0.3, 0.2, 0.1], [0.2, 0, 0]
    G = spatial_inertia(1.5, [0.1, 0.05, -0.02], np.diag([0.02, 0.03, 0.04]))
    screws = [[0, 0, 1, 0, 0, 0], [0, -s, c, 0, 0, 0], [0, 0, 1, 0, 0, 0]]
    return Chain(home, screws, np.tile(G, (3, 1, 1)))


SPECIAL = {
    "parallel_to_roundoff": _parallel_to_roundoff(),
    "planar_2r": models.planar_2r(),
    "coaxial": _special_chain([[0, 0, 1, 0, 0, 0]] * 3, np.zeros((3, 3))),
    "antiparallel": _special_chain(
        [[0, 0, 1, 0, 0, 0], [0, 0, -1, 0.2, 0, 0], [0, 0, 1, 0, -0.1, 0]],
        [[0.3, 0, 0], [0.3, 0.1, 0], [0, 0, 0.2]]),
    "intersecting": _special_chain(
        [[0, 0, 1, 0, 0, 0], [1, 0, 0, 0, 0, 0], [0, 1, 0, 0, 0, 0]], np.zeros((3, 3))),
    "nearly_parallel": _special_chain(
        [[0, 0, 1, 0, 0, 0], [0, np.sin(1e-9), np.cos(1e-9), 0, 0, 0], [0, 0, 1, 0, 0, 0]],
        [[0.4, 0, 0], [0.4, 0, 0.1], [0.2, 0, 0]]),
    # coplanar and nearly parallel: their common normal's feet lie ~1e8 m away, so the
    # frame keeps the previous foot and the offset is a general 3-vector
    "coplanar_nearly_parallel": _special_chain(
        [[0, 0, 1, 0, 0, 0], [0, np.sin(1e-9), np.cos(1e-9), 0.3 * np.cos(1e-9), 0, 0],
         [0, 0, 1, 0, -0.1, 0]], np.zeros((3, 3))),
    "prismatic_along_axis": _special_chain(
        [[0, 0, 1, 0, 0, 0], [0, 0, 0, 0, 0, 1], [0, 0, 1, 0.1, 0, 0]],
        [[0, 0, 0.1], [0, 0, 0], [0.1, 0, 0]]),
}


@pytest.mark.parametrize("name", sorted(SPECIAL))
def test_degenerate_axis_geometries(name):
    chain = SPECIAL[name]
    general = [link.general for link in structured.precompute(chain).folded]
    assert any(general) == (name == "coplanar_nearly_parallel"), general
    rng = np.random.default_rng(3)
    for _ in range(5):
        s = states(rng, chain.n, scale=2.0)
        F = rng.standard_normal(6)
        assert_same(cd.rnea_structured(chain, *s, f_tip=F), cd.rnea(chain, *s, f_tip=F))


def _placed(chain, offset):
    """The same chain with its base moved: {1} at ``offset`` (m) from where it was in {0}."""
    home = chain.home.copy()
    shift = np.eye(4)
    shift[:3, 3] = -np.asarray(offset, float)
    home[0] = home[0] @ shift  # M_{1,0} Trans(-offset): T_{0,1} gains the offset
    return Chain(home, chain.screws, chain.inertias)


@pytest.mark.parametrize("angle", [1e-3, 1e-4, 1e-5])
@pytest.mark.parametrize("distance", [1e3, 1e4])
def test_structured_forms_do_not_depend_on_where_the_chain_is(angle, distance):
    """Physics does not depend on where {0} is.  Axes 1 and 2 nearly parallel (their
    common normal's feet a few metres to kilometres away) and the chain placed far from
    {0}: the structured forms equal the dense forms on the chain at the origin, and the
    joint frames (taken from {1}, their threshold the chain's own size) are the same."""
    near = _special_chain(
        [[0, 0, 1, 0, 0, 0], [0, np.sin(angle), np.cos(angle), 0, 0, 0], [1, 0, 0, 0, 0, 0]],
        [[0.4, 0, 0], [0.4, 0, 0.1], [0.2, 0, 0]])
    far = _placed(near, distance * np.array([0.6, -0.8, 0.3]))
    a, b = structured.precompute(near), structured.precompute(far)
    assert [k.general for k in a.folded] == [k.general for k in b.folded]
    np.testing.assert_allclose([tuple(map(float, k)) for k in b.links],
                               [tuple(map(float, k)) for k in a.links], rtol=0, atol=1e-12)
    rng = np.random.default_rng(11)
    for _ in range(5):
        q, qd, qdd = states(rng, 3, scale=2.0)
        F = rng.standard_normal(6)
        tau = cd.rnea_structured(far, q, qd, qdd, gravity=G9, f_tip=F)
        assert_same(tau, cd.rnea(near, q, qd, qdd, gravity=G9, f_tip=F))
        M = cd.crba(near, q)
        assert np.abs(cd.crba_structured(far, q) - M).max() <= 1e-12 * np.abs(M).max()
        tau = cd.rnea(near, q, qd, qdd, gravity=G9, f_tip=F)
        acc = cd.aba_structured(far, q, qd, tau, gravity=G9, f_tip=F)
        assert_same(acc, qdd)


def test_joint_frames_put_every_axis_on_z():
    rng = np.random.default_rng(9)
    chain = models.random_chain(6, rng, prismatic=0.3)
    s = structured.precompute(chain)
    assert structured.precompute(chain) is s  # cached per chain
    for i in range(chain.n):
        T = s.frames[i]  # T_{i,i'}
        R, r = T[:3, :3], T[:3, 3]
        Rt, pt = R.T, -R.T @ r  # T_{i',i}
        A = Ad_rp(Rt, pt) @ chain.screws[i]
        z = [0, 0, 1, 0, 0, 0] if chain.joint_types[i] == "revolute" else [0, 0, 0, 0, 0, 1]
        np.testing.assert_allclose(A, z, atol=1e-14)


# ------------------------------------------------------------ multiplication counts
def chain_count(kinds, seed=0, **kw):
    """The counted multiplications (rule "all") of one call on a random chain of
    general geometry with the given joint kinds ("R"/"P")."""
    n = len(kinds)
    rng = np.random.default_rng(seed)
    chain = models.random_chain(n, rng, prismatic=[k == "P" for k in kinds])
    return count(cd.rnea_structured, chain, *states(rng, n), rule="all", **kw)


def formula(kinds):
    """The line-by-line count of the module docstring, for a first joint revolute:
    gravity into {0'}, link 1 (8), then 91 per link, less 18 for link 2 and, at the
    last link, 8 (revolute) or 3 (prismatic)."""
    n, saved = len(kinds), engine.END_SAVINGS
    total = GRAVITY + engine.FIRST_LINK_MULTIPLICATIONS
    if n == 1:  # omega_z^2 of link 1 only reaches link 2
        total -= saved["single link"]
    for i in range(1, n):
        total += MIDDLE - (saved["second"] if i == 1 else 0)
        if i == n - 1:
            total -= saved["last revolute" if kinds[i] == "R" else "last prismatic"]
    return total


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_count_every_kind_pattern_with_a_revolute_first_joint(n):
    for tail in itertools.product("RP", repeat=n - 1):
        kinds = "R" + "".join(tail)
        assert chain_count(kinds) == formula(kinds), kinds
        # one link: only the z moment of the tip wrench reaches tau_1 (n - r x f, 6; z of R^T, 3)
        tip = TIP if n > 1 else 6 + 3
        assert chain_count(kinds, f_tip=np.ones(6)) == formula(kinds) + tip, kinds


@pytest.mark.parametrize("n", [3, 4, 5, 6, 7, 16, 64])
def test_count_revolute_chain_and_below_the_published_count(n):
    """91 n - 100 for n >= 3: above Balafoutis and Patel's 93 n - 108 for n = 3,
    equal at n = 4, below from n = 5 on."""
    got = chain_count("R" * n, seed=n)
    assert got == formula("R" * n) == MIDDLE * n - 100
    assert (got > 93 * n - 108) == (n < 4) and (got < 93 * n - 108) == (n > 4)


def test_count_leading_prismatic_joints_have_no_angular_velocity():
    """An all-prismatic chain: no angular velocity, so no Omega and no Euler term, and
    no moment reaches a torque (tau_i = F_i . z), so none is computed: 19 per link
    (a_i rotated, 8; f = m a_i, 3; F rotated back, 8), 10 for n = 1 (gravity, and
    tau_1 = m a_z) and 19 n - 13 from n = 2 (link 2's forward step 11, link 1
    needs z of R F, 4)."""
    assert chain_count("P") == GRAVITY + 1
    assert chain_count("PP", seed=2) == GRAVITY + 1 + 11 + 4
    for n in (2, 3, 5, 9):
        assert chain_count("P" * n, seed=n) == 19 * n - 13
    assert chain_count("PRRR") < formula("RRRR")


def test_count_batch_is_per_state_times_states_and_gravity_once():
    rng = np.random.default_rng(5)
    kinds = [False, True, True, False, True]
    chain = models.random_chain(5, rng, prismatic=kinds)
    one = count(cd.rnea_structured, chain, *states(rng, 5), rule="all")
    assert one == formula("RPPRP")
    # the base's acceleration is the same for every state: once per call
    assert count(cd.rnea_structured, chain, *states(rng, 5, N=4), rule="all") == (
        4 * (one - GRAVITY) + GRAVITY)


def test_count_matches_module_constants():
    assert engine.PER_LINK_MULTIPLICATIONS == {"revolute": MIDDLE, "prismatic": MIDDLE}
    assert engine.PER_CALL_MULTIPLICATIONS == {"gravity": GRAVITY, "f_tip": TIP}
    chain = models.arm6r()
    s = states(np.random.default_rng(0), 6)
    assert count(cd.rnea, chain, *s, rule="all") == 420 * 6  # the dense form, for comparison
    # the arm's zero offsets and right-angle twists fold away: below the general count
    assert count(cd.rnea_structured, chain, *s, rule="all") < formula("R" * 6) - 100


def test_precomputation_is_not_counted():
    """A count on a chain never used before equals one on a cached chain."""
    rng = np.random.default_rng(12)
    s = states(rng, 3)
    fresh = models.random_chain(3, np.random.default_rng(99))
    used = models.random_chain(3, np.random.default_rng(99))
    cd.rnea_structured(used, *s)
    assert count(cd.rnea_structured, fresh, *s, rule="all") == count(
        cd.rnea_structured, used, *s, rule="all") == formula("RRR")


# ------------------------------------------------------------ structural constants
def test_structural_zero_and_one_do_no_arithmetic():
    from chaindyn.opcount import _Counted
    Z, ONE, M1 = structured.ZERO, structured.ONE, structured.MINUS_ONE
    x = np.array([1.5, -2.0]).view(_Counted)
    for v in (2.5, np.array([1.5, -2.0]), x):
        assert Z * v is Z and v * Z is Z and -Z is Z and Z * ONE is Z
        assert (Z + v) is v and (v + Z) is v and (v - Z) is v
        np.testing.assert_array_equal(Z - v, -v)
        assert (ONE * v) is v and (v * ONE) is v
        np.testing.assert_array_equal(M1 * v, -v)
    assert -ONE is M1 and -M1 is ONE and float(Z) == 0.0 and float(M1) == -1.0

    def products(a, b):
        return (a * b, b * a, ONE * a, M1 * b, Z * a)

    assert count(products, np.array([1.0, 2.0]), np.array([3.0, 4.0]), rule="all") == 4


# ------------------------------------------------------------ the compiled recursion
def direct(chain, s, tip=None, floats=False):
    """The RNEA sweep run directly (not compiled) on one state (floats) or a batch
    (arrays), on the folded constants."""
    links, sc = engine.engine_links(chain)
    base_R, tip_R, tip_r = sc._flat
    base_R = tuple(float(v) for v in base_R)
    if floats:
        a0 = sweeps.base_acceleration(base_R, G9.tolist())
        F = None if tip is None else ((tip_R, tip_r), tip[:3].tolist(), tip[3:].tolist())
        return sweeps.rnea(links, *(x.tolist() for x in s), a0, F, math.cos, math.sin)
    N = s[0].shape[0]
    a0 = [np.full(N, a) for a in sweeps.base_acceleration(base_R, G9)]
    F = None if tip is None else ((tip_R, tip_r), tuple(tip.T[:3]), tuple(tip.T[3:]))
    return sweeps.rnea(links, *(list(x.T) for x in s), a0, F, np.cos, np.sin)


@pytest.mark.parametrize("prismatic", [0.0, 0.5, 1.0], ids=["R", "mixed", "P"])
@pytest.mark.parametrize("n", [1, 2, 3, 7])
def test_compiled_recursion_is_the_direct_one_bit_for_bit(n, prismatic):
    """The straight-line code computes the operations of the sweep on the same operands in
    the same order (negations merged into sums and products, which is exact): the
    same floats, for one state and for a batch, with and without a tip wrench."""
    rng = np.random.default_rng(40 + n)
    for chain in (models.random_chain(n, rng, prismatic=prismatic), models.arm6r()):
        n = chain.n
        for tip in (None, rng.standard_normal(6)):
            one = states(rng, n)
            got = cd.rnea_structured(chain, *one, G9, f_tip=tip)
            want = [0.0 if t is structured.ZERO else t for t in direct(chain, one, tip, True)]
            assert got.tolist() == want
            many = states(rng, n, N=50)
            tips = None if tip is None else np.tile(tip, (50, 1))
            got = cd.rnea_structured(chain, *many, G9, f_tip=tips)
            want = direct(chain, many, tips)
            for i in range(n):
                np.testing.assert_array_equal(got[:, i], 0.0 if want[i] is structured.ZERO
                                              else want[i])


def test_compiled_recursion_drops_negations_and_unread_operations():
    """On the 6R arm (many folded constants) the compiled code has no negation and
    fewer operations than the direct run performs, counted by numpy calls; its
    multiplications are what opcount counts per state."""
    from chaindyn.opcount import _Counted

    chain = models.arm6r()
    N = 4
    s = states(np.random.default_rng(3), 6, N=N)
    calls = {}
    original = _Counted.__array_ufunc__

    def hook(self, ufunc, method, *inputs, **kwargs):
        calls[ufunc.__name__] = calls.get(ufunc.__name__, 0) + 1
        return original(self, ufunc, method, *inputs, **kwargs)

    links, sc = engine.engine_links(chain)
    base_R = tuple(float(v) for v in sc._flat[0])
    a0 = [np.full(N, a).view(_Counted) for a in sweeps.base_acceleration(base_R, G9)]
    _Counted.__array_ufunc__ = hook
    try:
        sweeps.rnea(links, *([c.view(_Counted) for c in x.T] for x in s), a0, None,
                    np.cos, np.sin)
    finally:
        _Counted.__array_ufunc__ = original
    code = engine.compiled(chain, "rnea")
    ops = code.operations
    # the trace records what the direct run computes, operation for operation (a sum
    # with a negated term is recorded as the difference it becomes)
    t = code.traced
    assert (t["*"], t["neg"], t["cos"], t["sin"]) == (
        calls["multiply"], calls["negative"], calls["cos"], calls["sin"])
    assert t["+"] + t["-"] == calls["add"] + calls["subtract"]
    assert calls["negative"] > 0 and "neg" not in ops
    assert ops["cos"] == ops["sin"] == calls["cos"] == calls["sin"] == 6
    assert ops["*"] < calls["multiply"]
    assert ops["+"] + ops["-"] < calls["add"] + calls["subtract"]
    # a further state costs what one recursion multiplies (gravity is once per call)
    one, two = (count(cd.rnea_structured, chain, *(x[:k] for x in s), rule="all") for k in (1, 2))
    assert ops["*"] == two - one


def test_compiled_recursion_is_built_once_per_chain():
    chain = models.random_chain(3, np.random.default_rng(8), prismatic=0.5)
    s = states(np.random.default_rng(9), 3, N=40)
    cd.rnea_structured(chain, *s)
    first = engine.compiled(chain, "rnea")
    cd.rnea_structured(chain, *s)
    assert engine.compiled(chain, "rnea") is first
    assert engine.compiled(chain, "rnea", tip=True) is not first
    assert first.source.startswith("def build(")


def test_fold_only_roundoff_from_zero_and_one():
    eps = np.finfo(float).eps
    Z, ONE, M1 = structured.ZERO, structured.ONE, structured.MINUS_ONE
    assert structured.fold(np.cos(np.pi / 2)) is Z and structured.fold(-0.0) is Z
    assert structured.fold(1 + 4 * eps) is ONE and structured.fold(-1 + 4 * eps) is M1
    assert structured.fold(1e-12) == 1e-12 and structured.fold(1 - 1e-12) == 1 - 1e-12
    assert structured.fold(3e-14, scale=1e3) is Z and structured.fold(3e-14) == 3e-14


def test_arm6r_frames_reproduce_its_mdh_table():
    """The joint frames found from the axes alone give the arm's modified DH
    parameters (chaindyn/data/arm6r.csv): |a_{i-1}|, |sin alpha_{i-1}| and, except
    for the last frame (its origin at the foot of the normal), |d_i|."""
    table = models.arm6r_table()
    s = structured.precompute(models.arm6r())
    for i, (L, row) in enumerate(zip(s.folded[1:], table[1:]), start=2):
        assert abs(abs(float(L.px)) - row["a"]) < 1e-15, i
        assert L.py is structured.ZERO and L.pz is structured.ZERO, i
        assert abs(abs(float(L.sa)) - abs(np.sin(np.radians(row["alpha_deg"])))) < 1e-15, i
        if i < 6:
            assert abs(abs(float(L.d)) - row["d"]) < 1e-15, i
    assert s.folded[-1].d is structured.ZERO and s.folded[-1].Ixy is structured.ZERO


# ------------------------------------------------------------ input checks as rnea
def _message(fn, *args, **kw):
    with pytest.raises(ValueError) as exc:
        fn(*args, **kw)
    return str(exc.value)


BAD = {
    "q_short": (dict(q=np.zeros(5)), {}),
    "q_nan": (dict(q=[0, 0, np.nan, 0, 0, 0]), {}),
    "qd_batch": (dict(q=np.zeros((3, 6)), qd=np.zeros((4, 6))), {}),
    "qdd_string": (dict(qdd="abc"), {}),
    "gravity_shape": ({}, dict(gravity=[0, 0])),
    "gravity_inf": ({}, dict(gravity=[0, 0, np.inf])),
    "f_tip_shape": ({}, dict(f_tip=np.zeros(5))),
    "f_tip_batch": (dict(q=np.zeros((3, 6))), dict(f_tip=np.zeros((4, 6)))),
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_input_same_message_as_rnea(case):
    chain = models.arm6r()
    state, kw = BAD[case]
    args = dict(q=np.zeros(6), qd=np.zeros(6), qdd=np.zeros(6))
    args.update(state)
    a = (args["q"], args["qd"], args["qdd"])
    assert _message(cd.rnea_structured, chain, *a, **kw) == _message(cd.rnea, chain, *a, **kw)
