"""mass_matrix (book §3.2.3.5) by one batched RNEA pass over the unit accelerations:
the same M as n separate RNEA calls and as CRBA, and the multiplications it performs."""

import numpy as np
import pytest

from chaindyn.composite import crba
from chaindyn.inverse_dynamics import rnea
from chaindyn.models import random_chain
from chaindyn.opcount import count
from chaindyn.quantities import mass_matrix

REL = 1e-12
G0 = np.zeros(3)


def _rel(a, b):
    return float(np.abs(a - b).max() / np.abs(b).max())


def by_columns(chain, q):
    """The construction of §3.2.3.5 as n separate calls: column j = RNEA(q, 0, e_j), g = 0."""
    q = np.asarray(q, float)
    zero, eye = np.zeros(chain.n), np.eye(chain.n)
    return np.stack([rnea(chain, q, zero, eye[j], G0) for j in range(chain.n)], axis=-1)


@pytest.mark.parametrize("n", [1, 2, 5, 8])
def test_batched_pass_equals_columns_and_crba(n):
    rng = np.random.default_rng(700 + n)
    chain = random_chain(n, rng, prismatic=0.4)
    q = rng.uniform(-2.0, 2.0, (7, n))
    M = mass_matrix(chain, q)
    assert M.shape == (7, n, n)
    assert _rel(M, by_columns(chain, q)) <= REL
    assert _rel(M, crba(chain, q)) <= REL
    for s in range(7):  # one configuration at a time: the same matrices
        Ms = mass_matrix(chain, q[s])
        assert Ms.shape == (n, n)
        assert _rel(Ms, by_columns(chain, q[s])) <= REL
        assert _rel(Ms, M[s]) <= REL
    assert _rel(M, np.swapaxes(M, -1, -2)) <= REL


def test_batch_of_batches_keeps_its_shape():
    rng = np.random.default_rng(3)
    chain = random_chain(3, rng, prismatic=[True, False, True])
    q = rng.standard_normal((2, 4, 3))
    M = mass_matrix(chain, q)
    assert M.shape == (2, 4, 3, 3)
    assert _rel(M[1, 2], by_columns(chain, q[1, 2])) <= REL


@pytest.mark.parametrize("bad, message", [
    (np.zeros(2), "q must have shape (n,) or (N, n) with n = 3, got (2,)"),
    (np.zeros((4, 2)), "q must have shape (n,) or (N, n) with n = 3, got (4, 2)"),
    (np.array(0.0), "q must have shape (n,) or (N, n) with n = 3, got ()"),
])
def test_wrong_shape_is_refused(bad, message):
    chain = random_chain(3, np.random.default_rng(0))
    with pytest.raises(ValueError) as e:
        mass_matrix(chain, bad)
    assert str(e.value) == message


def test_nan_is_refused_like_rnea():
    chain = random_chain(3, np.random.default_rng(0))
    q = np.array([0.0, np.nan, 0.0])
    with pytest.raises(ValueError) as e:
        mass_matrix(chain, q)
    with pytest.raises(ValueError) as e_rnea:
        rnea(chain, q, np.zeros(3), np.zeros(3))
    assert str(e.value) == str(e_rnea.value)


# Multiplications (opcount).  Per link the batched pass forms once what depends on q only:
# the joint step (99 products revolute, 63 prismatic; 144 and 66 under rule "all") and
# A_i qd_i (6, "all" only); the other 258 products (270 under "all") run once per column.
PER_COLUMN = {"products": 258, "all": 270}
ONCE = {"products": {"revolute": 99, "prismatic": 63}, "all": {"revolute": 150, "prismatic": 72}}


def single_count(kinds, rule):
    n = len(kinds)
    return PER_COLUMN[rule] * n * n + sum(ONCE[rule]["prismatic" if p else "revolute"]
                                          for p in kinds)


def batch_count(kinds, rule, N):
    """N configurations share besides the constant [w]^2 (27 per revolute link) and, under
    rule "all", A_i qd_i and A_i qdd_i (6 + 6 n per link)."""
    n, nR = len(kinds), sum(not p for p in kinds)
    shared = 27 * nR + (6 * n + 6 * n * n if rule == "all" else 0)
    return N * single_count(kinds, rule) - (N - 1) * shared


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6, 11])
def test_count_all_revolute_closed_form(n):
    rng = np.random.default_rng(n)
    chain = random_chain(n, rng, prismatic=0.0)
    q = rng.standard_normal(n)
    assert count(mass_matrix, chain, q) == 357 * n * n - 99 * n * (n - 1)
    assert count(mass_matrix, chain, q, rule="all") == 420 * n * n - 150 * n * (n - 1)
    # n separate RNEA calls, the count that §3.2.3.5 teaches
    z = np.zeros(n)
    assert n * count(rnea, chain, q, z, z, G0) == 357 * n * n


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6, 11])
@pytest.mark.parametrize("rule", ["products", "all"])
def test_count_prismatic_and_mixed(n, rule):
    rng = np.random.default_rng(50 + n)
    for kinds in ([True] * n, [bool(k % 2) for k in range(n)]):
        chain = random_chain(n, rng, prismatic=kinds)
        assert count(mass_matrix, chain, rng.standard_normal(n), rule=rule) == \
            single_count(kinds, rule)
    assert single_count([True] * n, "products") == 321 * n * n - 63 * n * (n - 1)


@pytest.mark.parametrize("rule", ["products", "all"])
def test_count_of_a_batch(rule):
    rng = np.random.default_rng(9)
    for kinds in ([False, False, False], [True, False, True, False]):
        chain = random_chain(len(kinds), rng, prismatic=kinds)
        for N in (1, 2, 5):
            q = rng.standard_normal((N, len(kinds)))
            assert count(mass_matrix, chain, q, rule=rule) == batch_count(kinds, rule, N)
