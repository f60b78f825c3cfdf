"""chaindyn.engine: the structured RNEA, CRBA and ABA compiled by one tracer, against the
dense forms, bit for bit against a direct run of their sweeps, and their counts pinned."""

import math

import numpy as np
import pytest

import chaindyn as cd
from chaindyn import models
from chaindyn.engine import compiled, engine_links, sweeps

G = np.array([0.4, -1.2, -9.7])


def run(chain, form, q, qd=None, x=None, f_tip=None, cos=math.cos, sin=math.sin):
    """The compiled sweep on one state (Python floats), as the library's callers will."""
    code = compiled(chain, form, tip=f_tip is not None)
    fn = code.build(*code.constants)
    if form == "crba":
        low = fn(*q, cos, sin)
        n = chain.n
        M = np.zeros((n, n))
        M[np.tril_indices(n)] = low
        return M + np.tril(M, -1).T
    _, s = engine_links(chain)
    a0 = sweeps.base_acceleration(tuple(float(v) for v in s.base_rotation.ravel()), G.tolist())
    tip = () if f_tip is None else tuple(f_tip)
    return np.array(fn(*q, *qd, *x, *a0, *tip, cos, sin))


def direct(chain, form, q, qd=None, x=None, f_tip=None):
    """The same sweep run directly on floats and the folded constants (not compiled)."""
    links, s = engine_links(chain)
    if form == "crba":
        return sweeps.crba(links, list(q), math.cos, math.sin)
    a0 = sweeps.base_acceleration(tuple(float(v) for v in s.base_rotation.ravel()), G.tolist())
    tip = None if f_tip is None else (s._flat[1:], tuple(f_tip[:3]), tuple(f_tip[3:]))
    fn = sweeps.rnea if form == "rnea" else sweeps.aba
    return fn(links, list(q), list(qd), list(x), a0, tip, math.cos, math.sin)


def rel(a, b):
    return float(np.abs(np.asarray(a) - np.asarray(b)).max()) / max(1.0, float(np.abs(b).max()))


@pytest.mark.parametrize("n", range(1, 9))
@pytest.mark.parametrize("prismatic", [0.0, 0.5, 1.0], ids=["R", "mixed", "P"])
def test_equal_to_the_dense_forms(n, prismatic):
    rng = np.random.default_rng(900 + 10 * n + int(2 * prismatic))
    chain = models.random_chain(n, rng, prismatic=prismatic)
    for _ in range(3):
        q, qd, x = (2.0 * rng.standard_normal(n) for _ in range(3))
        F = rng.standard_normal(6)
        assert rel(run(chain, "rnea", q, qd, x, F), cd.rnea(chain, q, qd, x, G, F)) <= 1e-12
        assert rel(run(chain, "rnea", q, qd, x), cd.rnea(chain, q, qd, x, G)) <= 1e-12
        assert rel(run(chain, "crba", q), cd.crba(chain, q)) <= 1e-12
        assert rel(run(chain, "aba", q, qd, x, F), cd.aba(chain, q, qd, x, G, F)) <= 1e-12
        assert rel(run(chain, "aba", q, qd, x), cd.aba(chain, q, qd, x, G)) <= 1e-12


@pytest.mark.parametrize("n", [1, 2, 5])
@pytest.mark.parametrize("prismatic", [0.0, 0.5], ids=["R", "mixed"])
def test_compiled_code_is_the_direct_run_bit_for_bit(n, prismatic):
    rng = np.random.default_rng(40 + n)
    chain = models.random_chain(n, rng, prismatic=prismatic)
    q, qd, x = (rng.standard_normal(n) for _ in range(3))
    F = rng.standard_normal(6)
    for form in ("rnea", "aba"):
        assert run(chain, form, q, qd, x, F).tolist() == [float(v) for v in direct(
            chain, form, q, qd, x, F)]
    code = compiled(chain, "crba")
    assert list(code.build(*code.constants)(*q, math.cos, math.sin)) == [
        float(v) for v in direct(chain, "crba", q)]


def test_runs_on_arrays_as_on_floats():
    rng = np.random.default_rng(3)
    chain = models.random_chain(4, rng, prismatic=0.5)
    Q = rng.standard_normal((5, 4))
    code = compiled(chain, "crba")
    fn = code.build(*code.constants)
    cols = fn(*Q.T, np.cos, np.sin)
    for k in range(5):
        assert [float(np.broadcast_to(c, 5)[k]) for c in cols] == list(fn(*Q[k], math.cos,
                                                                             math.sin))


# the counts: multiplications of the compiled code (opcount's rule "all" counts the same
# lines) for an all-revolute and an all-prismatic chain of general geometry
def counts(kind, n):
    chain = models.random_chain(n, np.random.default_rng(n), prismatic=float(kind == "P"))
    return {f: compiled(chain, f).operations.get("*", 0) for f in ("rnea", "crba", "aba")}, chain


@pytest.mark.parametrize("n", range(3, 13))
def test_counts_revolute_below_the_published_ones(n):
    c, chain = counts("R", n)
    assert c == {"rnea": 91 * n - 109, "crba": 10 * n * n + 11 * n - 49, "aba": 206 * n - 320}
    assert c["crba"] < 10 * n * n + 22 * n - 32  # Featherstone 2005 (RBDA Table 10.1)
    assert c["aba"] < 224 * n - 259  # McMillan, Orin and McGhee 1995 (RBDA Table 10.1)
    assert compiled(chain, "aba").operations["/"] == n - 1  # 1/D_i; the last is a constant
    assert compiled(chain, "rnea", tip=True).operations["*"] == c["rnea"] + 24


@pytest.mark.parametrize("n", range(3, 9))
def test_counts_prismatic(n):
    c, _ = counts("P", n)
    assert c["aba"] == 32 * n - 48
    assert c["crba"] == 0  # the mass matrix of translations is a constant


def test_no_product_of_two_constants_is_left_to_a_call():
    chain = models.random_chain(6, np.random.default_rng(1), prismatic=0.5)
    for form in ("rnea", "crba", "aba"):
        for line in compiled(chain, form, tip=form != "crba").source.splitlines():
            if "=" in line and (" * " in line or " / " in line):
                a, b = line.split("=")[1].replace("/", "*").split("*")
                assert not (a.strip().startswith("k") and b.strip().startswith("k")), line


def test_unknown_form():
    with pytest.raises(ValueError, match=r"form must be one of 'rnea', 'crba', 'aba', got 'id'"):
        compiled(models.planar_2r(), "id")


def test_a_sweep_too_large_to_compile_runs_directly(monkeypatch):
    """Beyond MAX_TRACED_OPERATIONS the sweep is not compiled (compiled gives None) and a
    call runs it directly on the folded constants: the same results as the compiled code,
    bit for bit, on one state and on a batch."""
    import chaindyn.engine as engine

    rng = np.random.default_rng(77)
    chain = models.random_chain(5, rng, prismatic=0.4)
    q, qd, x = (rng.standard_normal((20, 5)) for _ in range(3))
    want = {"rnea": cd.rnea_structured(chain, q, qd, x, G), "crba": cd.crba_structured(chain, q),
            "aba": cd.aba_structured(chain, q, qd, x, G)}
    one = {"rnea": cd.rnea_structured(chain, q[0], qd[0], x[0], G),
           "crba": cd.crba_structured(chain, q[0]), "aba": cd.aba_structured(chain, q[0], qd[0],
                                                                                x[0], G)}
    big = models.random_chain(5, np.random.default_rng(77), prismatic=0.4)  # the same chain
    monkeypatch.setattr(engine, "MAX_TRACED_OPERATIONS", 50)
    assert all(compiled(big, form) is None for form in ("rnea", "crba", "aba"))
    got = {"rnea": cd.rnea_structured(big, q, qd, x, G), "crba": cd.crba_structured(big, q),
           "aba": cd.aba_structured(big, q, qd, x, G)}
    got_one = {"rnea": cd.rnea_structured(big, q[0], qd[0], x[0], G),
               "crba": cd.crba_structured(big, q[0]),
               "aba": cd.aba_structured(big, q[0], qd[0], x[0], G)}
    for form in want:
        np.testing.assert_array_equal(got[form], want[form])
        np.testing.assert_array_equal(got_one[form], one[form])
