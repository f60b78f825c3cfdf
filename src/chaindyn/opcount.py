"""Count the scalar multiplications (or additions) that one call of a function performs.

The count is taken on the real code path: the arguments (arrays and the
arrays inside a :class:`~chaindyn.Chain`) are handed to the function as an
instrumented ndarray subclass, ``_Counted``, whose ``__array_ufunc__`` and
``__array_function__`` hooks see every numpy operation that touches them,
tally its multiplications, and pass the results on, still instrumented.
Nothing is re-implemented and no formula is assumed: change the algorithm
and the count changes with it.

Rules
-----
``"products"`` (the rule of book §3.2.3.5)
    only the multiplications inside matrix-matrix, matrix-vector and dot
    products (``@``/``np.matmul``, ``np.dot``, ``np.vdot``, ``np.inner``,
    ``np.einsum``): a product with contraction length k and r results costs
    ``r k``.
``"all"``
    those plus every elementwise multiplication (``*``, ``np.multiply``,
    ``np.square``): scalings, the sines and cosines' coefficients, cross
    products written elementwise.  Additions, divisions and function
    evaluations (sin, cos) are not counted by either rule.
``"additions"``
    the additions and subtractions instead, none of the multiplications: every
    elementwise ``+``/``-`` (``np.add``, ``np.subtract``, also their ``reduce``
    and ``np.sum``: a sum of k terms is k - 1 additions), and those inside the
    products above (a contraction of length k costs k - 1 additions per
    result).  ``count(..., rule="all") + count(..., rule="additions")`` is the
    number of floating-point operations a call performs apart from negations,
    divisions and function evaluations (its flops, as appendix B counts them).
"""

from __future__ import annotations

import math

import numpy as np

from . import _validate

__all__ = ["count"]

_RULES = ("products", "all", "additions")
_PRODUCT_FUNCS = {np.dot, np.vdot, np.inner, np.einsum}
_ELEMENTWISE = {np.multiply, np.square}
_ADDITIVE = {np.add, np.subtract}

_tally = None  # [rule, total] while count() runs


class _Counted(np.ndarray):
    """An ndarray that reports its multiplications to the running count."""

    def __array_ufunc__(self, ufunc, method, *inputs, out=None, **kwargs):
        raw = _unwrap(inputs)
        if out is not None:
            kwargs["out"] = _unwrap(out)
        result = getattr(ufunc, method)(*raw, **kwargs)
        additions = _tally is not None and _tally[0] == "additions"
        if method == "__call__":
            if ufunc is np.matmul:
                k = np.shape(raw[0])[-1]
                _add(_result_size(result) * (k - 1 if additions else k))
            elif ufunc in _ELEMENTWISE and _tally and _tally[0] == "all":
                _add(_result_size(result))
            elif ufunc in _ADDITIVE and additions:
                _add(_result_size(result))
        elif method == "reduce" and ufunc in _ADDITIVE and additions:
            _add(np.size(raw[0]) - _result_size(result))
        return _wrap(result)

    def __array_function__(self, func, types, args, kwargs):
        raw_args, raw_kwargs = _unwrap(args), _unwrap(kwargs)
        result = func(*raw_args, **raw_kwargs)
        if _tally is not None and _tally[0] == "additions":
            if func in _PRODUCT_FUNCS:
                _add(_product_additions(func, raw_args, result))
            elif func is np.sum:
                _add(np.size(raw_args[0]) - _result_size(result))
        elif func in _PRODUCT_FUNCS:
            _add(_product_count(func, raw_args, result))
        return _wrap(result)


# The instrumented arrays carry the same values as plain ones: the input checks
# (_validate.as_array) let them through instead of refusing an ndarray subclass.
_validate._TRANSPARENT.append(_Counted)


def _add(k):
    if _tally is not None:
        _tally[1] += int(k)


def _result_size(r):
    return int(np.size(r))


def _einsum_terms(args):
    """Number of products of all operands' entries that an einsum forms, and the operands."""
    spec = args[0].replace(" ", "")
    ins = spec.split("->")[0].split(",")
    ops = args[1:]
    dims = {}
    for sub, op in zip(ins, ops):
        shape = np.shape(op)
        if "..." in sub:
            head, tail = sub.split("...")
            nb = len(shape) - len(head) - len(tail)
            dims["..."] = max(dims.get("...", 1), math.prod(shape[len(head) : len(head) + nb]))
            sub = head + tail
            shape = shape[: len(head)] + shape[len(head) + nb :]
        for ch, d in zip(sub, shape):
            dims[ch] = d
    return math.prod(dims.values()), ops


def _product_additions(func, args, result):
    """Additions inside a product: k - 1 per result of a contraction of length k
    (an einsum: its terms less its results)."""
    if func is np.einsum:
        terms, _ = _einsum_terms(args)
        return terms - _result_size(result)
    a = args[0]
    if func is np.vdot:
        return np.size(a) - 1
    k = np.shape(a)[-1] if np.ndim(a) else 1
    return _result_size(result) * (k - 1)


def _product_count(func, args, result):
    if func is np.einsum:
        terms, ops = _einsum_terms(args)
        return terms * (len(ops) - 1)
    a = args[0]
    if func is np.vdot:
        return np.size(a)
    return _result_size(result) * (np.shape(a)[-1] if np.ndim(a) else 1)


def _unwrap(x):
    if isinstance(x, _Counted):
        return x.view(np.ndarray)
    if isinstance(x, tuple):
        return tuple(_unwrap(i) for i in x)
    if isinstance(x, list):
        return [_unwrap(i) for i in x]
    if isinstance(x, dict):
        return {k: _unwrap(v) for k, v in x.items()}
    return x


def _wrap(x):
    if isinstance(x, np.ndarray) and not isinstance(x, _Counted):
        return x.view(_Counted) if x.dtype != object else x
    if isinstance(x, np.generic) and np.issubdtype(x.dtype, np.number):
        return np.asarray(x).view(_Counted)
    if isinstance(x, tuple):
        return tuple(_wrap(i) for i in x)
    return x


def _instrument(arg):
    """Hand an argument to the counted call: arrays (and sequences of
    numbers) as _Counted, a Chain as a shallow copy whose arrays are _Counted,
    and a tuple or list holding arrays (a pose ``(R, p)``) element by element."""
    from .chain import Chain

    if isinstance(arg, Chain):
        return arg._with_arrays(lambda a: np.asarray(a).view(_Counted))
    if isinstance(arg, np.ndarray):
        return arg.view(_Counted)
    if isinstance(arg, list | tuple):
        if any(isinstance(a, np.ndarray | list | tuple | Chain) for a in arg):
            return type(arg)(_instrument(a) for a in arg)  # e.g. a pose (R, p)
        try:
            a = np.asarray(arg, dtype=float)
        except (TypeError, ValueError):
            return arg
        return a.view(_Counted)
    return arg


def count(fn, *args, rule="products", **kwargs):
    """Number of scalar multiplications (or additions) that one call ``fn(*args, **kw)`` makes.

    Parameters
    ----------
    fn : callable
        A chaindyn function (or any numpy code) taking arrays and/or a Chain.
    *args, **kwargs
        Its arguments.  Arrays, sequences of numbers and Chain objects are
        instrumented; other arguments pass unchanged.
    rule : {"products", "all", "additions"}
        ``"products"`` counts only multiplications inside matrix and dot
        products (book §3.2.3.5); ``"all"`` adds elementwise multiplications;
        ``"additions"`` counts the additions and subtractions instead (see the
        module docstring).

    Returns
    -------
    int

    Raises
    ------
    ValueError
        If ``rule`` is not one of the three rules.

    Notes
    -----
    Only operations that touch an instrumented array are seen; a product of
    two constants created inside ``fn`` from nothing would be missed.  The
    tests check that the counts of the book's algorithms equal their
    structural values (357 per revolute link for ``rnea``).

    Examples
    --------
    >>> from chaindyn import models, rnea
    >>> from chaindyn.opcount import count
    >>> c = models.planar_2r()
    >>> count(rnea, c, [0.1, 0.2], [0.0, 0.0], [0.0, 0.0])
    714
    """
    global _tally
    _validate.check_choice(rule, "rule", _RULES)
    if _tally is not None:
        raise RuntimeError("count() calls cannot be nested")
    _tally = [rule, 0]
    try:
        fn(*(_instrument(a) for a in args), **{k: _instrument(v) for k, v in kwargs.items()})
        return _tally[1]
    finally:
        _tally = None
