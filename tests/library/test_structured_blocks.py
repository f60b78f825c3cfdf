"""The structured forms on large batches (appendix B.4): blocks of BLOCK_STATES states
give the results and counts of one unblocked pass, with bounded temporaries; and the
additions rule of chaindyn.opcount, against hand-counted functions."""

import tracemalloc

import numpy as np
import pytest

from chaindyn import aba, crba, engine, models
from chaindyn.engine import aba_structured, crba_structured, rnea_structured
from chaindyn.inverse_dynamics import rnea
from chaindyn.opcount import count

B = engine.BLOCK_STATES
#: The base's acceleration R^T (-gravity), once per call: 9 products and 6 additions.
GRAVITY = engine.PER_CALL_MULTIPLICATIONS["gravity"]
GRAVITY_ADDITIONS = 6


def assert_same(a, b):
    """Equal within 1e-12 relative to the size of the torques (roundoff)."""
    assert np.shape(a) == np.shape(b)
    scale = max(1.0, float(np.abs(a).max()))
    assert np.abs(np.asarray(a) - np.asarray(b)).max() <= 1e-12 * scale


def batch(rng, shape, n):
    return tuple(rng.uniform(-2.0, 2.0, shape + (n,)) for _ in range(3))


@pytest.fixture(scope="module")
def mixed():
    """A 5-link chain with prismatic joints and its gravity."""
    rng = np.random.default_rng(4242)
    kinds = [False, True, False, True, False]
    chain = models.random_chain(5, rng, prismatic=kinds)
    return chain, 9.0 * rng.standard_normal(3)


# ------------------------------------------------------------ the blocks themselves
@pytest.mark.parametrize("shape", [(1,), (7,), (8,), (9,), (3, 5), (2, 3, 4), (5, 1, 3), (11, 2)])
@pytest.mark.parametrize("size", [1, 2, 4, 7, 8, 100])
def test_blocks_cover_the_flat_batch_in_order(shape, size):
    """Consecutive blocks of at most ``size`` states, each the flat states start:stop."""
    flat = np.arange(int(np.prod(shape))).reshape(shape)
    seen = []
    for index, start, stop in engine._blocks(shape, size):
        assert 0 < stop - start <= size
        np.testing.assert_array_equal(flat[index].ravel(), np.arange(start, stop))
        seen.extend(range(start, stop))
    assert seen == list(range(flat.size))


# ------------------------------------------------------------ same torques, blocked or not
@pytest.mark.parametrize("N", [B - 1, B, B + 1, 2 * B + 3])
def test_blocked_equals_unblocked_and_rnea(mixed, N, monkeypatch):
    chain, g = mixed
    rng = np.random.default_rng(N)
    s = batch(rng, (N,), chain.n)
    F = rng.standard_normal((N, 6))
    tau = rnea_structured(chain, *s, gravity=g, f_tip=F)
    assert_same(tau, rnea(chain, *s, gravity=g, f_tip=F))
    qdd = aba_structured(chain, *s, gravity=g, f_tip=F)
    assert_same(qdd, aba(chain, *s, gravity=g, f_tip=F))
    M = crba_structured(chain, s[0])
    assert_same(M, crba(chain, s[0]))
    monkeypatch.setattr(engine, "BLOCK_STATES", 10 * N)  # one block: unblocked
    assert_same(tau, rnea_structured(chain, *s, gravity=g, f_tip=F))
    assert_same(qdd, aba_structured(chain, *s, gravity=g, f_tip=F))
    assert_same(M, crba_structured(chain, s[0]))


@pytest.mark.parametrize("size", [2, 4, 7, 1000])
def test_blocks_keep_batch_shapes_and_broadcasting(mixed, size, monkeypatch):
    """Several batch axes, inputs that broadcast (and a non-contiguous one), split in
    blocks across and within axes: the result is rnea's, in the broadcast shape."""
    chain, g = mixed
    n = chain.n
    monkeypatch.setattr(engine, "BLOCK_STATES", size)
    rng = np.random.default_rng(size)
    q = rng.uniform(-2, 2, (3, 5, 2 * n))[..., ::2]  # (3, 5, n), strided
    qd = rng.uniform(-2, 2, (5, n))
    qdd = rng.uniform(-2, 2, n)
    F = rng.standard_normal((3, 1, 6))
    tau = rnea_structured(chain, q, qd, qdd, gravity=g, f_tip=F)
    assert tau.shape == (3, 5, n) and tau.flags.c_contiguous
    assert_same(tau, rnea(chain, q, qd, qdd, gravity=g, f_tip=F))
    # one state with a batch of tip wrenches; a batch of one state
    tau = rnea_structured(chain, qdd, qdd, qdd, gravity=g, f_tip=F)
    assert tau.shape == (3, 1, n)
    assert_same(tau, rnea(chain, qdd, qdd, qdd, gravity=g, f_tip=F))
    many = batch(rng, (2, 40), n)
    assert_same(rnea_structured(chain, *many, gravity=g), rnea(chain, *many, gravity=g))
    assert_same(aba_structured(chain, q, qd, qdd, gravity=g, f_tip=F),
                aba(chain, q, qd, qdd, gravity=g, f_tip=F))
    assert_same(crba_structured(chain, q), crba(chain, q))
    for empty in [(0,), (3, 0), (0, 4)]:  # no states: an empty result of the batch's shape
        assert rnea_structured(chain, *batch(rng, empty, n)).shape == empty + (n,)
        assert aba_structured(chain, *batch(rng, empty, n)).shape == empty + (n,)
        assert crba_structured(chain, batch(rng, empty, n)[0]).shape == empty + (n, n)


# ------------------------------------------------------------ counts do not see the blocks
def test_count_of_blocked_call_is_N_times_one_state(mixed):
    """Counted on the real path (instrumented arrays run in blocks too): N states
    across three blocks cost N times one state's recursion, plus the base's
    acceleration once per call (9 products, 6 additions)."""
    chain, g = mixed
    rng = np.random.default_rng(7)
    one = count(rnea_structured, chain, *batch(rng, (), chain.n), gravity=g,
                f_tip=rng.standard_normal(6), rule="all")
    assert one > GRAVITY
    N = 2 * B + 3
    s, F = batch(rng, (N,), chain.n), rng.standard_normal((N, 6))
    many = N * (one - GRAVITY) + GRAVITY
    assert count(rnea_structured, chain, *s, gravity=g, f_tip=F, rule="all") == many
    adds = count(rnea_structured, chain, *batch(rng, (), chain.n), gravity=g,
                 f_tip=rng.standard_normal(6), rule="additions")
    assert count(rnea_structured, chain, *s, gravity=g, f_tip=F, rule="additions") == (
        N * (adds - GRAVITY_ADDITIONS) + GRAVITY_ADDITIONS)


def test_temporaries_stay_bounded(mixed):
    """Beyond its output, a call of 8 blocks needs about the memory of a call of one
    (tracemalloc sees numpy's allocations)."""
    chain, g = mixed

    def extra(N):
        s = batch(np.random.default_rng(N), (N,), chain.n)
        rnea_structured(chain, *s, gravity=g)
        tracemalloc.start()
        tracemalloc.reset_peak()
        rnea_structured(chain, *s, gravity=g)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        return peak - N * chain.n * 8  # less the output

    one, eight = extra(B), extra(8 * B)
    assert one > 0 and eight < 1.25 * one, (one, eight)


# ------------------------------------------------------------ the additions rule
def test_additions_rule_on_hand_counted_functions():
    A, Bm, x, y = np.ones((3, 4)), np.ones((4, 5)), np.ones(4), np.ones(4)
    # elementwise: 4 + 4 additions/subtractions, a negation and products are not additions
    assert count(lambda u, v: (u + v) * u - (-v), x, y, rule="additions") == 8
    assert count(lambda u, v: (u + v) * u - (-v), x, y, rule="all") == 4
    assert count(lambda u, v: (u + v) * u - (-v), x, y) == 0
    # a contraction of length k has k - 1 additions per result
    assert count(lambda a, b: a @ b, A, Bm, rule="additions") == 15 * 3
    assert count(lambda a, v: a @ v, A, x, rule="additions") == 3 * 3
    assert count(lambda u, v: u @ v, x, y, rule="additions") == 3
    assert count(np.dot, A, Bm, rule="additions") == 45
    assert count(np.vdot, x, y, rule="additions") == 3
    assert count(lambda a, b: np.einsum("ij,jk->ik", a, b), A, Bm, rule="additions") == 45
    assert count(lambda a, b: np.einsum("ij,ij->ij", a, b), A, A, rule="additions") == 0
    # sums: k terms, k - 1 additions
    assert count(np.sum, A, rule="additions") == 11
    assert count(lambda a: a.sum(axis=0), A, rule="additions") == 8
    assert count(lambda a: np.add.reduce(a, axis=1), A, rule="additions") == 9
    # a scalar written out: 2 x^2 y - x + 3 = 3 multiplications, 2 additions
    assert count(lambda u, v: 2.0 * u * u * v - u + 3.0, x, y, rule="additions") == 2 * 4
    assert count(lambda u, v: 2.0 * u * u * v - u + 3.0, x, y, rule="all") == 3 * 4


def test_additions_rule_leaves_the_multiplication_rules_alone():
    """The rules that the book's counts use give what they gave before."""
    chain = models.arm6r()
    s = batch(np.random.default_rng(0), (), 6)
    assert count(rnea, chain, *s) == 357 * 6
    assert count(rnea, chain, *s, rule="all") == 420 * 6
    A, Bm = np.ones((3, 4)), np.ones((4, 5))
    assert count(lambda a, b: a @ b + a @ b, A, Bm) == 120
    assert count(lambda a, b: (a @ b).sum() * 2.0, A, Bm, rule="all") == 61
