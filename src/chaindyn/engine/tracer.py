"""The tracer that compiles a sweep into straight-line code (book appendix B.1, step 7).

A structured form is written once, as a sweep on components: a Python function
of the link constants (:class:`chaindyn.engine.EngineLink`) and of
the per-state inputs that uses only ``+``, ``-``, ``*``, ``/``, unary ``-``,
``cos`` and ``sin``.  It runs directly on Python floats or arrays, and it is
compiled once per chain: :func:`trace` runs it on placeholders (``_Traced``)
that record each operation on a tape instead of computing it, and writes the
tape out as one Python function, one line per operation.

* **Structural constants.**  A constant that is 0 or +-1 up to roundoff is
  folded (:func:`chaindyn.structured.fold`) to ``ZERO``, ``ONE`` or ``MINUS_ONE``, objects with
  which a product is not computed and a sum is the other term: the operations
  they would enter leave nothing on the tape, as they compute nothing in a
  direct run.  No value is tested during a call.
* **Constant folding.**  The other link constants are Python floats while the
  sweep is traced, so an operation on two of them is computed once, at trace
  time, and its result enters the code as one more constant; a direct run
  computes the same float operation on the same floats.
* **Negations** are not computed: a placeholder carries a sign, which the next
  sum, product or quotient absorbs (``a + (-b)`` is ``a - b``, ``(-a) b`` is
  ``-(a b)``, exactly in floating point).
* **Dead code** is dropped: an operation whose result no output reads (an
  operand of a product with ``ZERO``; the components of a wrench that a joint
  does not read).

The code performs the operations of the direct run on the same operands in the
same order, so that its results are the same bit for bit; it runs on Python
floats (one state) and on arrays (a block of states) alike.
"""

from __future__ import annotations

from typing import NamedTuple

from ..structured import ZERO, _Unit, _Zero

__all__ = ["trace", "CompiledSweep", "structural"]


# ZERO, ONE, MINUS_ONE and fold are those of chaindyn.structured: the same objects fold
# the link constants there and are recognised here.
def structural(v):
    """Whether ``v`` is one of the structural constants ZERO, ONE, MINUS_ONE."""
    return isinstance(v, (_Zero, _Unit))


# ----------------------------------------------------------------- the tape
class _Tape:
    """The operations of a traced sweep: entries ``(op, a, b)``, where ``op`` is
    "in" (input ``a``), "const" (constant ``a``), "+", "-", "*", "/", "neg", "cos"
    or "sin" and ``a``, ``b`` are the indices of the operands' entries."""

    def __init__(self, max_operations=None):
        self.max_operations = max_operations
        self.ops = []
        self.constants = []
        self._index = {}  # a constant's bits -> its entry: each value enters once
        self.negations = 0  # the negations a direct run computes

    def add(self, op, a, b=None):
        self.ops.append((op, a, b))
        if self.max_operations is not None and len(self.ops) > self.max_operations:
            raise _TooLong
        return len(self.ops) - 1

    def constant(self, value):
        key = float(value).hex()
        ref = self._index.get(key)
        if ref is None:
            self.constants.append(float(value))
            ref = self._index[key] = self.add("const", len(self.constants) - 1)
        return _Traced(self, ref)


class _TooLong(Exception):
    """The trace has recorded more operations than it may."""


class _Traced:
    """A value of the sweep while it is traced: an entry of the tape and a sign."""

    __slots__ = ("tape", "ref", "neg")
    __array_ufunc__ = None  # numpy hands ``constant * traced`` to the methods below

    def __init__(self, tape, ref, neg=False):
        self.tape, self.ref, self.neg = tape, ref, neg

    def _operand(self, other):
        """The other operand as a _Traced (a float becomes a constant of the tape), or
        None for a structural constant, whose own methods then decide."""
        if isinstance(other, _Traced):
            return other
        return None if structural(other) else self.tape.constant(other)

    def __neg__(self):  # a negation of a direct run
        self.tape.negations += 1
        return self._flipped()

    def _flipped(self):
        return _Traced(self.tape, self.ref, not self.neg)

    def _binary(self, op, a, b):
        return _Traced(self.tape, self.tape.add(op, a.ref, b.ref), a.neg != b.neg)

    def __mul__(self, other):
        o = self._operand(other)
        return NotImplemented if o is None else self._binary("*", self, o)

    __rmul__ = __mul__

    def __truediv__(self, other):
        o = self._operand(other)
        return NotImplemented if o is None else self._binary("/", self, o)

    def __rtruediv__(self, other):
        o = self._operand(other)
        return NotImplemented if o is None else self._binary("/", o, self)

    def __add__(self, other):
        o = self._operand(other)
        if o is None:
            return NotImplemented
        tape = self.tape
        if self.neg == o.neg:  # a + b, or -(a + b)
            return _Traced(tape, tape.add("+", self.ref, o.ref), self.neg)
        if o.neg:  # a + (-b) = a - b
            return _Traced(tape, tape.add("-", self.ref, o.ref))
        return _Traced(tape, tape.add("-", o.ref, self.ref))  # (-a) + b = b - a

    __radd__ = __add__

    def __sub__(self, other):
        o = self._operand(other)
        return NotImplemented if o is None else self + o._flipped()

    def __rsub__(self, other):
        o = self._operand(other)
        return NotImplemented if o is None else o + self._flipped()

    def entry(self):
        """The tape entry of this value with its sign applied (a negation recorded
        only where a value leaves the sweep, or enters a sine or cosine)."""
        return self.tape.add("neg", self.ref) if self.neg else self.ref


def _traced_function(tape, fn):
    def traced(x):
        return _Traced(tape, tape.add(fn, x.entry()))
    return traced


def _code(tape, outputs, n_inputs):
    """Python source of ``build(k0, k1, ...)`` and the number of its operations by
    kind (``op``: "*", "+", ...); ``build`` returns ``sweep(x0, x1, ...,
    cos, sin)``: the live operations of ``tape`` in order, one line each, each
    result in a local that is reused once its last reader has run (so that no more
    arrays are alive at once than in ``_sweep``).  ``outputs``: tape entries, or
    None for a torque that is structurally zero."""
    ops = tape.ops
    live = [False] * len(ops)
    for r in outputs:
        if r is not None:
            live[r] = True
    for r in range(len(ops) - 1, -1, -1):  # backwards: what the outputs need
        op, a, b = ops[r]
        if live[r] and op not in ("in", "const"):
            live[a] = True
            if b is not None:
                live[b] = True
    last = {}
    for r, (op, a, b) in enumerate(ops):
        if live[r] and op not in ("in", "const"):
            last[a] = last[b] = r
    for r in outputs:
        last[r] = len(ops)
    names, free, lines, count, kinds = {}, [], [], 0, {}
    for r, (op, a, b) in enumerate(ops):
        if op in ("in", "const"):
            names[r] = ("x" if op == "in" else "k") + str(a)
            continue
        if not live[r]:
            continue
        args = [names[a]] + ([] if b is None else [names[b]])
        for x in {a, b} - {None}:
            if last[x] == r and names[x][0] == "t":
                free.append(names[x])
        if free:
            name = free.pop()
        else:
            name, count = f"t{count}", count + 1
        names[r] = name
        kinds[op] = kinds.get(op, 0) + 1
        if op in "+-*/":
            lines.append(f"{name} = {args[0]} {op} {args[1]}")
        elif op == "neg":
            lines.append(f"{name} = -{args[0]}")
        else:
            lines.append(f"{name} = {op}({args[0]})")
    result = ", ".join("0.0" if r is None else names[r] for r in outputs)
    k = ", ".join(f"k{j}" for j in range(len(tape.constants)))
    x = ", ".join(f"x{j}" for j in range(n_inputs))
    body = "".join(f"        {line}\n" for line in lines)
    return (f"def build({k}):\n    def sweep({x}, cos, sin):\n{body}"
            f"        return ({result},)\n    return sweep\n"), kinds


class CompiledSweep(NamedTuple):
    """A sweep compiled for one chain (see :func:`trace`)."""

    build: object  #: build(*constants) -> sweep(*inputs, cos, sin) -> tuple of outputs
    constants: tuple  #: the constants of the code, Python floats, in the order build takes
    source: str  #: the Python source of build
    operations: dict  #: the operations of sweep by kind ("*", "/", "+", "-", "neg", "cos", "sin")
    traced: dict  #: the same for a direct run of the sweep (what the compilation removed, added)


def trace(fn, n_inputs, name="sweep", max_operations=None):
    """Compile ``fn(x, cos, sin)``, a sweep of ``n_inputs`` inputs that returns a
    list of outputs, into straight-line Python code.

    Parameters
    ----------
    fn : callable
        ``fn(x, cos, sin)`` with ``x`` a list of the inputs; the link constants
        are bound in ``fn`` (folded floats and structural constants).  It
        returns its outputs as a list of values (computed, constant or ZERO).
    n_inputs : int
    name : str
        For the compiled code's file name in tracebacks.
    max_operations : int, optional
        Give up, returning None, once the tape holds more entries than this.

    Returns
    -------
    CompiledSweep or None
        ``build(*constants)`` returns ``sweep(*inputs, cos, sin)``; ``cos`` and
        ``sin`` are ``math.cos`` and ``math.sin`` for floats, ``np.cos`` and
        ``np.sin`` for arrays.  ``operations["*"]`` is what
        :func:`chaindyn.opcount.count` counts per state under ``rule="all"``.

    Examples
    --------
    >>> from chaindyn.engine.tracer import trace
    >>> c = trace(lambda x, cos, sin: [2.0 * 3.0 * x[0] - (-x[1])], 2)
    >>> print(c.source.splitlines()[2].strip(), c.operations)
    t0 = x0 * k0 {'*': 1, '+': 1}
    """
    tape = _Tape(max_operations)
    try:
        x = [_Traced(tape, tape.add("in", j)) for j in range(n_inputs)]
        out = fn(x, _traced_function(tape, "cos"), _traced_function(tape, "sin"))
    except _TooLong:
        return None
    outputs = []
    for v in out:
        if isinstance(v, _Traced):
            outputs.append(v.entry())
        elif v is ZERO:
            outputs.append(None)
        else:  # a constant output (e.g. a diagonal entry of M for a one-link chain)
            outputs.append(tape.constant(float(v)).ref)
    source, kinds = _code(tape, outputs, n_inputs)
    namespace = {}
    exec(compile(source, f"<{name}>", "exec"), namespace)
    traced = {"neg": tape.negations} if tape.negations else {}
    for op, _, _ in tape.ops:
        if op not in ("in", "const", "neg"):  # "neg" entries: signs applied at the outputs
            traced[op] = traced.get(op, 0) + 1
    return CompiledSweep(namespace["build"], tuple(tape.constants), source, kinds, traced)
