"""chaindyn.symbolic (book §3.3): the Lagrangian derived with sympy, against independent oracles.

Oracles: Modern Robotics eq. (8.9) for the planar 2R arm (the difference simplifies to
exactly 0, term by term); RNEA torques (relative <= 1e-12) for the 2R arm, a spatial 3R and
the book's 6R arm with symbolic q; the Hessian of the kinetic energy for M; the numeric
mass_matrix, coriolis_matrix, gravity_torque and kinetic_energy of chaindyn.
"""

import doctest
import importlib
import subprocess
import sys

import numpy as np
import pytest
from _refs import reference

sp = reference("sympy")

from chaindyn import models, symbolic  # noqa: E402
from chaindyn.chain import Chain  # noqa: E402
from chaindyn.inverse_dynamics import rnea  # noqa: E402
from chaindyn.lagrange import coriolis_matrix  # noqa: E402
from chaindyn.quantities import gravity_torque, kinetic_energy, mass_matrix  # noqa: E402

REL = 1e-12
G3 = (0.0, 0.0, -9.80665)


def _message(fn, *args, **kwargs):
    with pytest.raises(ValueError) as info:
        fn(*args, **kwargs)
    return str(info.value)


def _rel(a, b):
    return float(np.abs(np.asarray(a) - b).max() / max(np.abs(b).max(), 1.0))


def _states(n, seed, count=8):
    rng = np.random.default_rng(seed)
    return tuple(rng.uniform(-np.pi, np.pi, (count, n)) for _ in range(3))


@pytest.fixture(scope="module")
def cases():
    """(name, Chain, SymbolicChain) of the 2R arm, a spatial 3R and the 6R arm."""
    r3 = models.random_chain(3, np.random.default_rng(33), prismatic=0.0)
    return {
        "2R": (models.planar_2r(), symbolic.from_chain(models.planar_2r())),
        "3R": (r3, symbolic.from_chain(r3)),
        "6R": (models.arm6r(), symbolic.from_mdh_rows(models.arm6r_table())),
    }


@pytest.fixture(scope="module")
def derived(cases):
    return {k: symbolic.lagrangian_dynamics(m, gravity=G3) for k, (_, m) in cases.items()}


def _lam(dyn, exprs, with_qdd=False):
    args = [dyn.q, dyn.qd] + ([dyn.qdd] if with_qdd else [])
    return sp.lambdify(args, exprs, modules="numpy", cse=True)


# ----------------------------------------------------------------------------- 2R closed form


def test_planar_2r_equals_mr_eq_8_9_term_by_term():
    dyn = symbolic.lagrangian_dynamics(symbolic.planar_2r(point_masses=True),
                                       gravity=symbolic.planar_gravity())
    mr = symbolic.planar_2r_mr89()
    for i in range(2):
        for j in range(2):
            assert sp.simplify(dyn.M[i, j] - mr["M"][i, j]) == 0, (i, j)
        assert sp.simplify((dyn.C * sp.Matrix(dyn.qd))[i] - mr["c"][i]) == 0, i
        assert sp.simplify(dyn.g[i] - mr["g"][i]) == 0, i
    # and the Euler-Lagrange equations of L = K - P, taken literally
    tau = symbolic.euler_lagrange(dyn.K - dyn.P, dyn.q, dyn.qd, dyn.qdd)
    assert sp.simplify(tau - mr["tau"]) == sp.zeros(2, 1)


def test_planar_2r_general_parameters_match_closed_form_and_rnea():
    """COM at r_i, inertia I_i: the extended closed form of models.planar_2r_closed_form."""
    dyn = symbolic.lagrangian_dynamics(symbolic.planar_2r(), gravity=symbolic.planar_gravity())
    m1, m2, L1, L2, r1, r2 = dyn.parameters[:6]
    Iz1, Iz2 = dyn.parameters[10:12]
    values = {m1: 1.3, m2: 0.7, L1: 0.9, L2: 0.6, r1: 0.4, r2: 0.25, Iz1: 0.02, Iz2: 0.01,
              sp.Symbol("g", positive=True): 9.80665}
    assert {str(s) for s in dyn.parameters[6:10]} == {"Ix1", "Ix2", "Iy1", "Iy2"}
    tau = dyn.torque().subs(values)
    assert tau.free_symbols <= set(dyn.q + dyn.qd + dyn.qdd)  # Ix, Iy do not act in the plane
    f = sp.lambdify([dyn.q, dyn.qd, dyn.qdd], list(tau), modules="numpy")
    q, qd, qdd = _states(2, 5)
    got = np.stack(f(q.T, qd.T, qdd.T), axis=-1)
    want = models.planar_2r_closed_form(q, qd, qdd, masses=(1.3, 0.7), lengths=(0.9, 0.6),
                                        coms=(0.4, 0.25), izz=(0.02, 0.01))
    assert _rel(got, want) <= REL
    chain = models.planar_2r(masses=(1.3, 0.7), lengths=(0.9, 0.6), coms=(0.4, 0.25),
                             izz=(0.02, 0.01))
    assert _rel(got, rnea(chain, q, qd, qdd, gravity=(0, -9.80665, 0))) <= REL


# ----------------------------------------------------------------------------- against RNEA


@pytest.mark.parametrize("name", ["2R", "3R", "6R"])
def test_lagrange_torques_equal_rnea(cases, derived, name):
    chain, _ = cases[name]
    f = symbolic.torque_function(derived[name])
    q, qd, qdd = _states(chain.n, 1)
    want = rnea(chain, q, qd, qdd, gravity=G3)
    assert _rel(f(q, qd, qdd), want) <= REL
    # one state at a time gives the same
    assert _rel(f(q[0], qd[0], qdd[0]), want[0]) <= REL


@pytest.mark.parametrize("name", ["2R", "3R"])
def test_literal_euler_lagrange_equals_rnea(cases, derived, name):
    """d/dt dL/dqd - dL/dq of L = K - P, with no use of M or C."""
    chain, _ = cases[name]
    dyn = derived[name]
    tau = symbolic.euler_lagrange(dyn.K - dyn.P, dyn.q, dyn.qd, dyn.qdd)
    f = _lam(dyn, list(tau), with_qdd=True)
    q, qd, qdd = _states(chain.n, 2)
    got = np.stack(f(q.T, qd.T, qdd.T), axis=-1)
    assert _rel(got, rnea(chain, q, qd, qdd, gravity=G3)) <= REL


@pytest.mark.parametrize("name", ["2R", "3R", "6R"])
def test_m_c_g_k_equal_the_numeric_functions(cases, derived, name):
    chain, _ = cases[name]
    dyn = derived[name]
    n = chain.n
    f = _lam(dyn, [dyn.M, dyn.C, dyn.g, dyn.K, dyn.P])
    q, qd, _ = _states(n, 3)
    for k in range(len(q)):
        M, C, g, K, _P = (np.array(x, dtype=float) for x in f(q[k], qd[k]))
        assert _rel(M, mass_matrix(chain, q[k])) <= REL
        assert _rel(C, coriolis_matrix(chain, q[k], qd[k])) <= REL
        assert _rel(g.ravel(), gravity_torque(chain, q[k], gravity=G3)) <= REL
        assert _rel(K, kinetic_energy(chain, q[k], qd[k])) <= REL


@pytest.mark.parametrize("name", ["2R", "3R"])
def test_mass_matrix_is_the_hessian_of_the_kinetic_energy(derived, name):
    dyn = derived[name]
    H = sp.hessian(dyn.K, dyn.qd)
    f = _lam(dyn, [H, dyn.M])
    q, qd, _ = _states(len(dyn.q), 4)
    for k in range(len(q)):
        H_k, M_k = (np.array(x, dtype=float) for x in f(q[k], qd[k]))
        assert _rel(H_k, M_k) <= REL


def test_mass_matrix_is_the_hessian_of_k_symbolically():
    dyn = symbolic.lagrangian_dynamics(symbolic.planar_2r(), gravity=symbolic.planar_gravity())
    assert sp.simplify(sp.hessian(dyn.K, dyn.qd) - dyn.M) == sp.zeros(2, 2)
    assert sp.simplify(dyn.K - (sp.Matrix(dyn.qd).T * dyn.M * sp.Matrix(dyn.qd))[0] / 2) == 0


def test_skew_symmetry_symbolically_for_the_2r():
    dyn = symbolic.lagrangian_dynamics(symbolic.planar_2r(), gravity=symbolic.planar_gravity())
    Mdot = sp.zeros(2, 2)
    for i in range(2):
        for j in range(2):
            Mdot[i, j] = sum(sp.diff(dyn.M[i, j], a) * b for a, b in zip(dyn.q, dyn.qd))
    S = Mdot - 2 * dyn.C
    assert sp.simplify(S + S.T) == sp.zeros(2, 2)


def test_prismatic_joint(cases):
    chain = models.random_chain(3, np.random.default_rng(7), prismatic=[False, True, False])
    dyn = symbolic.lagrangian_dynamics(symbolic.from_chain(chain), gravity=G3)
    f = symbolic.torque_function(dyn)
    q, qd, qdd = _states(3, 6)
    assert _rel(f(q, qd, qdd), rnea(chain, q, qd, qdd, gravity=G3)) <= REL


def test_from_mdh_rows_is_the_chain_of_from_mdh():
    arm = symbolic.from_mdh_rows(models.arm6r_table())
    chain = models.arm6r()
    for i in range(6):
        assert np.abs(np.array(arm.home[i], dtype=float) - chain.home[i]).max() < 1e-15
        assert np.abs(np.array(arm.inertias[i], dtype=float) - chain.inertias[i]).max() < 1e-15
        assert np.array_equal(np.array(arm.screws[i], dtype=float).ravel(), chain.screws[i])
    assert sp.cos(sp.pi / 2) == 0 and arm.home[1][0, 0] == 0  # exact, not 6e-17


def test_multiplications_counts_products_and_powers():
    x, y, z = sp.symbols("x y z")
    assert symbolic.multiplications([x * y * z]) == 2
    assert symbolic.multiplications([x**3]) == 2
    assert symbolic.multiplications([-x * y]) == 1
    assert symbolic.multiplications([x + y, sp.sin(x)]) == 0
    assert symbolic.multiplications([2.5 * x * y + x / y]) == 3  # x / y = x * y**-1: one Mul


# ----------------------------------------------------------------------------- bad input


def test_bad_input(cases):
    chain, model = cases["3R"]
    assert _message(symbolic.from_chain, "arm") == "chain must be a chaindyn.Chain, got str"
    assert _message(symbolic.lagrangian_dynamics, chain) == (
        "model must be a chaindyn.symbolic.SymbolicChain (from from_chain, from_mdh_rows, "
        "planar_2r or planar_nr), got Chain")
    assert _message(symbolic.lagrangian_dynamics, model, gravity=(0, 0)) == (
        "gravity must have shape (3,), got (2,)")
    assert _message(symbolic.lagrangian_dynamics, model, gravity=(0, 0, np.nan)) == (
        "gravity must be finite, got nan at index (2,)")
    q = sp.symbols("a b")
    assert _message(symbolic.lagrangian_dynamics, model, q=q, qd=q, qdd=q).startswith(
        "q must be a tuple of 3 sympy Symbols, got (a, b)")
    assert _message(symbolic.planar_nr, 0) == "n must be a positive integer, got 0"
    assert _message(symbolic.joint_symbols, 2.0) == "n must be a positive integer, got 2.0"
    assert _message(symbolic.from_mdh_rows, []) == (
        "rows must be a non-empty list of table rows, got []")
    rows = models.arm6r_table()
    rows[2] = dict(rows[2], type="S")
    assert _message(symbolic.from_mdh_rows, rows) == (
        "row 2: type must be 'R', 'revolute', 'P' or 'prismatic', got 'S'")
    assert _message(symbolic.torque_function, "dyn") == (
        "dyn must be a chaindyn.symbolic.Dynamics, got str")
    sym = symbolic.lagrangian_dynamics(symbolic.planar_2r(point_masses=True),
                                       gravity=symbolic.planar_gravity())
    assert _message(symbolic.torque_function, sym) == (
        "torque_function needs numeric parameters, got the free symbols "
        "['L1', 'L2', 'g', 'm1', 'm2']")


def test_generated_function_checks_its_arguments(derived):
    f = symbolic.torque_function(derived["2R"])
    z = np.zeros(2)
    assert _message(f, np.zeros(3), z, z) == "q must have shape (n,) or (N, n) with n = 2, got (3,)"
    assert _message(f, z, [0, np.inf], z) == "qd must be finite, got inf at index (1,)"
    assert _message(f, np.zeros((4, 2)), np.zeros((3, 2)), z) == (
        "joint arrays must have matching batch shapes, got q (4, 2), qd (3, 2), qdd (2,)")
    assert _message(f, np.ma.zeros(2), z, z).startswith("q must be a plain numpy.ndarray")


# ----------------------------------------------------------------------------- module


def test_docstring_examples():
    mod = importlib.import_module("chaindyn.symbolic")
    result = doctest.testmod(mod, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 10
    assert result.failed == 0


def test_sympy_is_imported_lazily():
    """import chaindyn (and chaindyn.symbolic itself) needs numpy only."""
    code = ("import sys\nfor m in ('sympy', 'symengine', 'scipy'):\n    sys.modules[m] = None\n"
            "import chaindyn, chaindyn.symbolic\nprint('ok')\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"
    code = "import sys, chaindyn\nprint('sympy' in sys.modules)\n"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.stdout.strip() == "False", out.stderr


# ----------------------------------------------------------------------------- bad input, in detail

KEYS = "alpha_deg, a, d, theta_deg, type, mass, cx, cy, cz, Ixx, Iyy, Izz, Ixy, Ixz, Iyz"
G_SYM = sp.Symbol("g", positive=True)


@pytest.mark.parametrize("key, value", [("a", np.nan), ("d", np.inf), ("mass", None),
                                        ("cx", [0.1]), ("Ixx", 1j), ("mass", "2.0"),
                                        ("theta_deg", True)])
def test_from_mdh_rows_rejects_values_that_are_not_finite_real_numbers(key, value):
    rows = models.arm6r_table()
    rows[1] = dict(rows[1], **{key: value})
    assert _message(symbolic.from_mdh_rows, rows) == (
        f"row 1: {key} must be a finite real number, got {value!r}")


@pytest.mark.parametrize("key, value", [("mass", 0.0), ("mass", -1.0), ("Ixx", -1.0),
                                        ("Ixy", 5.0)])
def test_from_mdh_rows_rejects_what_chain_from_mdh_rejects(key, value):
    """The oracle: Chain.from_mdh's own message for the same rows."""
    rows = models.arm6r_table()
    rows[1] = dict(rows[1], **{key: value})
    want = _message(Chain.from_mdh, **models.mdh_arguments(rows))
    assert want.startswith("link 2 of the mdh table: spatial_inertia fails the ")
    assert _message(symbolic.from_mdh_rows, rows) == want


def test_from_mdh_rows_rejects_rows_that_are_not_dicts():
    assert _message(symbolic.from_mdh_rows, [1, 2]) == (
        f"row 0 must be a dict with the keys {KEYS}, got int 1")
    assert _message(symbolic.from_mdh_rows, "rows") == (
        "rows must be a non-empty list of table rows, got 'rows'")
    # a tuple of valid rows is accepted, and is the same chain
    rows = models.arm6r_table()
    assert symbolic.from_mdh_rows(tuple(rows)) == symbolic.from_mdh_rows(rows)


@pytest.mark.parametrize("entry", [np.nan, np.inf, 1j, "g", None, sp.I, sp.zoo, sp.nan, sp.oo,
                                   sp.I * G_SYM, sp.Matrix([1])])
def test_symbolic_gravity_entries_must_be_real(entry):
    assert _message(symbolic.lagrangian_dynamics, symbolic.planar_2r(),
                    gravity=(entry, -G_SYM, 0)) == (
        f"gravity[0] must be a finite real number or a real sympy expression, got {entry!r}")


def test_symbolic_gravity_with_numbers_and_expressions():
    """Numbers mixed with symbols: the same dynamics as the all-symbol gravity, substituted."""
    h = sp.Symbol("h")
    model = symbolic.planar_2r(point_masses=True)
    ref = symbolic.lagrangian_dynamics(model, gravity=(h, -G_SYM, 0))
    mixed = symbolic.lagrangian_dynamics(model, gravity=(sp.Integer(2), -G_SYM, 0.0))
    assert sp.simplify(mixed.g - ref.g.subs(h, 2)) == sp.zeros(2, 1)


def test_euler_lagrange_rejects_what_is_not_a_lagrangian_or_symbols():
    q, qd, qdd = symbolic.joint_symbols(2)
    x = sp.Symbol("x")
    el = symbolic.euler_lagrange
    assert _message(el, "q1**2", q, qd, qdd) == "L must be a sympy expression, got str 'q1**2'"
    assert _message(el, None, q, qd, qdd) == "L must be a sympy expression, got NoneType None"
    assert _message(el, np.zeros(3), q, qd, qdd) == (
        "L must be a sympy expression, got ndarray array([0., 0., 0.])")
    assert _message(el, sp.Matrix([x]), q, qd, qdd) == (
        "L must be a sympy expression, got MutableDenseMatrix Matrix([[x]])")
    assert _message(el, x, None, qd, qdd) == "q must be a tuple of n >= 1 sympy Symbols, got None"
    assert _message(el, x, 1, qd, qdd) == "q must be a tuple of n >= 1 sympy Symbols, got 1"
    assert _message(el, x, q, qd, 3) == "qdd must be a tuple of n >= 1 sympy Symbols, got 3"
    assert _message(el, x, [], [], []) == "q must be a tuple of n >= 1 sympy Symbols, got []"
    assert _message(el, x, q[:1], qd, qdd) == "q, qd, qdd must have one length, got 1, 2, 2"
    assert _message(el, x, q, q, qdd) == (
        "q, qd, qdd must be 6 distinct Symbols, got q1, q2 more than once")


@pytest.mark.parametrize("args, message", [
    ((1, 2, 3), "q must be a list, tuple or 1-d array of 2 sympy expressions or real numbers, "
                "got 1"),
    (((0,), (0, 0), (0, 0)), "q must be a list, tuple or 1-d array of 2 sympy expressions or "
                             "real numbers, got (0,)"),
    (("ab", (0, 0), (0, 0)), "q must be a list, tuple or 1-d array of 2 sympy expressions or "
                             "real numbers, got 'ab'"),
    (((0, 0), (0, "x"), (0, 0)), "qd[1] must be a finite real number or a real sympy "
                                 "expression, got 'x'"),
    (((0, 0), (0, 0), (np.nan, 0)), "qdd[0] must be a finite real number or a real sympy "
                                    "expression, got nan"),
    (((0, sp.I), (0, 0), (0, 0)), "q[1] must be a finite real number or a real sympy "
                                  "expression, got I"),
    ((None, (0, 0), (0, 0)), "q, qd, qdd must be given all three or none, got only qd, qdd"),
])
def test_planar_2r_mr89_checks_its_arguments(args, message):
    assert _message(symbolic.planar_2r_mr89, *args) == message


def test_planar_2r_mr89_at_numbers_is_the_symbolic_form_substituted():
    q, qd, qdd = symbolic.joint_symbols(2)
    sym = symbolic.planar_2r_mr89()
    num = symbolic.planar_2r_mr89([0.3, -0.2], (1, 2), np.array([0.5, 0.25]))
    values = dict(zip(q + qd + qdd, (0.3, -0.2, 1, 2, 0.5, 0.25)))
    assert sp.simplify(num["tau"] - sym["tau"].subs(values)) == sp.zeros(2, 1)


@pytest.mark.parametrize("exprs, message", [
    (None, "exprs must be a sympy expression, a sympy Matrix or a list or tuple of them, "
           "got NoneType None"),
    (3, "exprs must be a sympy expression, a sympy Matrix or a list or tuple of them, got int 3"),
    ("x*y", "exprs must be a sympy expression, a sympy Matrix or a list or tuple of them, "
            "got str 'x*y'"),
    ({sp.Symbol("x"): 1}, "exprs must be a sympy expression, a sympy Matrix or a list or tuple "
                          "of them, got dict {x: 1}"),
    ([sp.Symbol("x"), "y"], "exprs[1] must be a sympy expression, a sympy Matrix or a list or "
                            "tuple of them, got str 'y'"),
])
def test_multiplications_rejects_what_is_not_sympy(exprs, message):
    assert _message(symbolic.multiplications, exprs) == message


def test_multiplications_of_one_expression_a_matrix_and_cse_output():
    x, y = sp.symbols("x y")
    e = 3 * x * y**2 - x  # 3 * x * y * y: three multiplications
    assert symbolic.multiplications(e) == symbolic.multiplications([e]) == 3
    assert symbolic.multiplications(x) == 0
    assert symbolic.multiplications(sp.Matrix([[e, x * y]])) == 4
    subs, reduced = sp.cse([e * x, e * y])
    flat = [v for _, v in subs] + list(reduced)
    assert symbolic.multiplications((subs, reduced)) == symbolic.multiplications(flat)


def test_options_must_be_bools():
    assert _message(symbolic.planar_2r, point_masses="no") == (
        "point_masses must be True or False, got 'no'")
    assert _message(symbolic.planar_nr, 2, point_masses="yes") == (
        "point_masses must be True or False, got 'yes'")
    assert _message(symbolic.planar_nr, 2, point_masses=None) == (
        "point_masses must be True or False, got None")
    dyn = symbolic.lagrangian_dynamics(symbolic.from_chain(models.planar_2r()), gravity=G3)
    assert _message(symbolic.torque_function, dyn, cse="x") == "cse must be True or False, got 'x'"
    assert _message(symbolic.torque_function, dyn, cse=None) == (
        "cse must be True or False, got None")


def test_lagrangian_dynamics_needs_distinct_joint_symbols():
    model = symbolic.from_chain(models.planar_2r())
    q, qd, qdd = symbolic.joint_symbols(2)
    assert _message(symbolic.lagrangian_dynamics, model, q=q, qd=q, qdd=qdd) == (
        "q, qd, qdd must be 6 distinct Symbols, got q1, q2 more than once")
    assert _message(symbolic.lagrangian_dynamics, model, q=q, qd=qd, qdd=qd) == (
        "q, qd, qdd must be 6 distinct Symbols, got qd1, qd2 more than once")
    assert _message(symbolic.lagrangian_dynamics, model, qd=qd) == (
        "q, qd, qdd must be given all three or none, got only qd")


# ------------------------------------------------------------------------ a model built by hand


def _arm2r():
    return symbolic.from_chain(models.planar_2r())


@pytest.mark.parametrize("change, message", [
    (lambda m: m._replace(joint_types=("prismatic", "revolute")),
     "model.joint_types[0] must be 'revolute', the kind of model.screws[0], got 'prismatic'"),
    (lambda m: m._replace(joint_types=("hinge", "revolute")),
     "model.joint_types[0] must be 'revolute' or 'prismatic', got 'hinge'"),
    (lambda m: m._replace(inertias=m.inertias[:1]),
     "model.inertias must have 2 entries (one per screw), got 1"),
    (lambda m: m._replace(home=list(m.home) + [sp.eye(4)]),
     "model.home must have 2 entries (one per screw), got 3"),
    (lambda m: m._replace(screws=()), "a chain needs at least one link, got no screws"),
    (lambda m: m._replace(screws=(m.screws[0].T, m.screws[1])),
     "model.screws[0] must be a sympy Matrix of shape (6, 1), got (1, 6)"),
    (lambda m: m._replace(home=(np.eye(4), m.home[1])),
     "model.home[0] must be a sympy Matrix of shape (4, 4), got ndarray"),
    (lambda m: m._replace(inertias=[sp.eye(6) * sp.I, m.inertias[1]]),
     "model.inertias[0] must have finite real entries, got I"),
    (lambda m: m._replace(joint_types="RR"), "model.joint_types must be a tuple, got str"),
])
def test_a_model_built_by_hand_is_checked(change, message):
    assert _message(symbolic.lagrangian_dynamics, change(_arm2r()), gravity=G3) == message


@pytest.mark.parametrize("part, value", [
    ("screws", sp.Matrix([0, 0, 2, 0, 0, 0])),
    ("screws", sp.Matrix([0, 0, 1, 0, 0, 1])),
    ("screws", sp.Matrix([0, 0, 0, 0, 0, 0])),
    ("home", sp.Matrix([[2, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])),
    ("home", sp.Matrix([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 1, 1]])),
    ("inertias", -symbolic.from_chain(models.planar_2r()).inertias[0]),
    ("inertias", sp.diag(1, 1, 3, 1, 1, 1)),
])
def test_numeric_entries_get_the_chains_messages(part, value):
    """The oracle: the message of chaindyn.Chain for the same arrays, the names prefixed."""
    model = _arm2r()
    arrays = {"home": np.array([np.array(H, dtype=float) for H in model.home]),
              "screws": np.array([np.array(A, dtype=float).ravel() for A in model.screws]),
              "inertias": np.array([np.array(G, dtype=float) for G in model.inertias])}
    arrays[part][0] = np.array(value, dtype=float).reshape(arrays[part][0].shape)
    want = _message(Chain, arrays["home"], arrays["screws"], arrays["inertias"])
    changed = model._replace(**{part: (value,) + tuple(getattr(model, part)[1:])})
    assert _message(symbolic.lagrangian_dynamics, changed, gravity=G3) == "model." + want


def test_an_inertia_in_symbols_is_checked_where_it_can_be():
    model = symbolic.planar_2r()
    m1 = model.parameters[0]
    G = model.inertias[0]
    assert _message(symbolic.lagrangian_dynamics, model._replace(inertias=(-G, G))) == (
        "model.inertias[0] must have a mass m > 0, got m = -m1")
    skew = G.copy()
    skew[0, 5] += m1
    assert _message(symbolic.lagrangian_dynamics, model._replace(inertias=(skew, G))).startswith(
        "model.inertias[0] must be symmetric, got Matrix(")


def test_exact_gravity_is_the_float_gravity():
    """Rational, Integer and pi entries are real numbers; the oracle is RNEA at the same
    gravity in floats."""
    chain, model = models.planar_2r(), _arm2r()
    q = np.array([0.3, -0.7])
    for gravity, numeric in (((0, -sp.Rational(981, 100), sp.Integer(0)), (0, -9.81, 0)),
                             ((sp.pi, 0, 0), (np.pi, 0, 0))):
        dyn = symbolic.lagrangian_dynamics(model, gravity=gravity)
        got = np.array(dyn.g.subs(dict(zip(dyn.q, q))).evalf(), dtype=float).ravel()
        want = rnea(chain, q, np.zeros(2), np.zeros(2), gravity=numeric)
        assert _rel(got, want) <= REL


def test_from_mdh_rows_takes_the_spellings_of_chain_from_mdh():
    rows = models.arm6r_table()
    words = [dict(r, type={"R": "revolute", "P": "prismatic"}[str(r["type"]).upper()])
             for r in rows]
    assert symbolic.from_mdh_rows(words) == symbolic.from_mdh_rows(rows)
    assert symbolic.from_mdh_rows([dict(rows[0], type="Prismatic")]).joint_types == ("prismatic",)
