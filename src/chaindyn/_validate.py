"""Input checks shared by the package.  Every failure is a ValueError that says
what was expected and what was got; nothing is silently repaired.

The arguments every function of a chain and a state takes are checked here:
the chain (:func:`check_chain`), the joint arrays (:func:`check_state`), the
gravity vector (:func:`check_gravity`, default :data:`DEFAULT_GRAVITY`) and
the tip wrench (:func:`check_wrench`)."""

from __future__ import annotations

import math
import numbers
import re

import numpy as np

#: Tolerance for unit axes, orthonormal rotations and symmetric inertias.
TOL = 1e-9

#: Standard gravity, m/s^2 (the default gravity vector is (0, 0, -STANDARD_GRAVITY)).
STANDARD_GRAVITY = 9.80665

#: The default ``gravity`` argument: a gravity vector in {0}, m/s^2, pointing along -z_0.
DEFAULT_GRAVITY = (0.0, 0.0, -STANDARD_GRAVITY)


#: ndarray subclasses that behave as plain arrays and pass through as_array
#: unchanged: the instrumented array of :mod:`chaindyn.opcount`, which counts
#: the multiplications of a call and changes no value.
_TRANSPARENT: list = []

#: Longest run of nested lists/tuples searched for an array inside (deeper
#: nesting is not an array of real numbers anyway).
_MAX_DEPTH = 8


def _kind(a):
    """Words for an ndarray subclass instance, for an error message."""
    if isinstance(a, np.ma.MaskedArray):
        return ("a masked array (numpy.ma.MaskedArray), whose mask chaindyn would ignore: "
                "fill or drop the masked entries first")
    if isinstance(a, np.matrix):
        return "a numpy.matrix, which stays two-dimensional and multiplies as a matrix"
    cls = type(a)
    return f"an ndarray subclass ({cls.__module__}.{cls.__qualname__})"


def _subclass_inside(x, depth=0):
    """The first ndarray-subclass instance in nested lists/tuples ``x``, else None."""
    if depth > _MAX_DEPTH:
        return None
    for item in x:
        if isinstance(item, np.ndarray):
            if type(item) is not np.ndarray and not _plain_subclass(item):
                return item
        elif isinstance(item, (list, tuple)):
            found = _subclass_inside(item, depth + 1)
            if found is not None:
                return found
    return None


def _plain_subclass(a):
    """True for the subclasses whose values and arithmetic are a plain array's:
    ``numpy.memmap`` (read as a plain array view) and the registered ones."""
    return isinstance(a, np.memmap) or isinstance(a, tuple(_TRANSPARENT))


def as_array(x, name, shape=None, finite=True):
    """``x`` as a float array of the given shape (``None`` entries are free),
    finite everywhere (unless ``finite=False``: for a caller that words its own
    message).  Only real numbers are accepted: strings, complex values and
    objects are rejected, not converted.

    Plain ndarrays, numbers and (nested) lists or tuples of them are
    accepted.  Array-likes whose semantics differ from a plain ndarray are
    rejected, also inside a list: masked arrays (``numpy.ma``, whose mask a
    conversion would drop, NaN under the mask included), ``numpy.matrix``
    and ndarray subclasses in general.  A ``numpy.memmap`` is read as a
    plain array (same values)."""
    if type(x) is np.ndarray and x.dtype == np.float64:  # the common case, checked alike
        a = x
    else:
        a = _as_float_array(x, name)
    if shape is not None:
        ok = a.ndim == len(shape) and all(s is None or s == d for s, d in zip(shape, a.shape))
        if not ok:
            dims = ["N" if s is None else str(s) for s in shape]
            want = "(" + ", ".join(dims) + ("," if len(dims) == 1 else "") + ")"
            raise ValueError(f"{name} must have shape {want}, got {a.shape}")
    # a few numbers are checked faster in Python than by two numpy calls
    if finite and not (all(map(math.isfinite, a.ravel().tolist())) if a.size <= 32
                       else np.isfinite(a).all()):
        bad = np.argwhere(~np.isfinite(a))[0]
        raise ValueError(
            f"{name} must be finite, got {a[tuple(bad)]} at index {tuple(int(i) for i in bad)}"
        )
    return a


def _as_float_array(x, name):
    """``x`` as a float array, for :func:`as_array`: real numbers only, and no array-like
    whose semantics differ from a plain ndarray's."""
    if isinstance(x, (list, tuple)):
        inner = _subclass_inside(x)
        if inner is not None:
            raise ValueError(
                f"{name} must be a plain numpy.ndarray, a list or a number, "
                f"got a {type(x).__name__} holding {_kind(inner)}"
            )
    try:
        raw = np.asanyarray(x)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{name} must be an array of real numbers, got {x!r}") from exc
    if type(raw) is not np.ndarray:
        if isinstance(raw, np.memmap):
            raw = raw.view(np.ndarray)
        elif not _plain_subclass(raw):
            raise ValueError(
                f"{name} must be a plain numpy.ndarray, a list or a number, got {_kind(raw)}"
            )
    if raw.dtype.kind not in "iuf":
        raise ValueError(f"{name} must be an array of real numbers, got dtype {raw.dtype} ({x!r})")
    return raw.astype(float, copy=False)


class ChainBase:
    """The base class of :class:`chaindyn.Chain`, so that the checks here can
    recognise a chain without importing the module that defines it (the chain
    model sits one layer above the input checks)."""

    __slots__ = ()


def check_chain(chain, name="chain"):
    """``chain`` itself if it is a :class:`~chaindyn.Chain`; the one check of
    every function that takes a chain."""
    if isinstance(chain, ChainBase):
        return chain
    got = type(chain).__name__
    if isinstance(getattr(chain, "chain", None), ChainBase):  # e.g. urdf.URDFChain
        got += " (what urdf.load returns: pass its .chain)"
    elif isinstance(chain, (tuple, list)):
        got += " (build a Chain from home, screws and inertias with Chain(...))"
    raise ValueError(f"{name} must be a chaindyn.Chain, got {got}")


def check_state(chain, **arrays):
    """Validate joint arrays of shape (..., n) that broadcast together.
    Returns them as float arrays, in the order given.  ``chain`` must be a Chain."""
    check_chain(chain)
    return check_joint_arrays(chain.n, **arrays)


def check_joint_arrays(n, **arrays):
    """The joint arrays of :func:`check_state` for ``n`` joints (a model that is not a
    Chain, such as a symbolic one)."""
    out = []
    for name, x in arrays.items():
        a = as_array(x, name)
        if a.ndim == 0 or a.shape[-1] != n:
            raise ValueError(
                f"{name} must have shape (n,) or (N, n) with n = {n}, got {a.shape}"
            )
        out.append(a)
    try:
        _broadcast_shapes(*(a.shape for a in out))
    except ValueError:
        shapes = ", ".join(f"{k} {a.shape}" for k, a in zip(arrays, out))
        raise ValueError(f"joint arrays must have matching batch shapes, got {shapes}") from None
    return out


def check_flag(x, name):
    """A bool (numpy's included) as a bool; anything else, "no" or None among them, is
    refused, not read as true or false."""
    if not isinstance(x, (bool, np.bool_)):
        raise ValueError(f"{name} must be True or False, got {x!r}")
    return bool(x)


def check_positive_int(x, name):
    """A positive integer (numpy's included) as an int; a bool or a float is refused."""
    if isinstance(x, bool) or not isinstance(x, numbers.Integral) or x < 1:
        raise ValueError(f"{name} must be a positive integer, got {x!r}")
    return int(x)


def check_choice(value, name, allowed):
    """``value`` if it is one of the strings ``allowed``, else a ValueError naming them."""
    if not isinstance(value, str) or value not in allowed:
        words = [repr(a) for a in allowed]
        want = words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]
        raise ValueError(f"{name} must be {want}, got {value!r}")
    return value


def check_gravity(gravity):
    """The gravity vector, shape (3,), m/s^2, in the base frame {0}."""
    return as_array(gravity, "gravity", (3,))


def check_wrench(f_tip, batch=()):
    """F_tip: shape (6,) or batched (..., 6), (moment, force) in {n}, whose batch
    shape broadcasts with ``batch`` (that of the joint arrays)."""
    if f_tip is None:
        return None
    F = as_array(f_tip, "f_tip")
    if F.ndim == 0 or F.shape[-1] != 6:
        raise ValueError(f"f_tip must have shape (6,) or (N, 6), got {F.shape}")
    try:
        np.broadcast_shapes(F.shape[:-1], tuple(batch))
    except ValueError:
        raise ValueError(
            f"f_tip must have a batch shape compatible with the joint arrays' {tuple(batch)}, "
            f"got {F.shape}"
        ) from None
    return F


def check_dynamics(chain, gravity, f_tip, **arrays):
    """The arguments of the dynamics of a chain (RNEA, ABA and their kin): the joint
    arrays of :func:`check_state`, then the gravity vector and the tip wrench, whose
    batch shape must broadcast with theirs.  Returns ``(*arrays, gravity, f_tip)``."""
    out = check_state(chain, **arrays)
    return (*out, check_gravity(gravity), check_wrench(f_tip, batch_shape(*out)))


def _broadcast_shapes(*shapes):
    """``np.broadcast_shapes``, without its cost when the shapes are equal (the usual
    batch: a microsecond or two per call, for every call)."""
    first = shapes[0]
    return first if all(s == first for s in shapes) else np.broadcast_shapes(*shapes)


def batch_shape(*arrays):
    """Broadcast batch shape of joint arrays of shape (..., n)."""
    return _broadcast_shapes(*(a.shape for a in arrays))[:-1]


#: A character that XML 1.0 cannot carry (control characters, lone surrogates, ...).
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def check_xml_name(value, role):
    """A name for an XML attribute (URDF or MJCF writer): a non-empty str of
    characters XML can carry.  Quotes, ``<`` and ``&`` are fine: the writers
    escape them."""
    if not isinstance(value, str) or not value:
        raise ValueError(f"{role} must be a non-empty str, got {value!r}")
    bad = _NOT_XML.search(value)
    if bad:
        raise ValueError(
            f"{role} must hold only characters that XML can represent, got {bad.group()!r} "
            f"at position {bad.start()} of {value!r}"
        )
    return value


def xml_numbers(x):
    """Numbers for an XML attribute (URDF or MJCF writer), separated by spaces, at
    full double precision: ``repr`` of a float reads back as the same float."""
    return " ".join(repr(float(v)) for v in np.ravel(x))


def check_rotation(R, name):
    """A proper rotation: orthonormal within TOL and determinant +1."""
    err = np.abs(R.T @ R - np.eye(3)).max()
    if err > TOL:
        raise ValueError(
            f"{name} must be a rotation matrix (R^T R = I), got max |R^T R - I| = {err:.3g}"
        )
    det = np.linalg.det(R)
    if det < 0:
        raise ValueError(f"{name} must be a proper rotation (det R = +1), got det R = {det:.6g}")


def check_pose(T, name):
    """A homogeneous transform (4, 4): last row exactly (0, 0, 0, 1) and a proper
    rotation block (:func:`check_rotation`, named ``name[:3, :3]``)."""
    if np.abs(T[3] - [0.0, 0.0, 0.0, 1.0]).max() > 0:
        raise ValueError(f"{name} must have last row (0, 0, 0, 1), got {T[3].tolist()}")
    check_rotation(T[:3, :3], f"{name}[:3, :3]")


def joint_type(A, name):
    """'revolute' or 'prismatic' from a screw axis (omega, v); anything else
    (a pitched screw, a non-unit axis) is rejected."""
    w, v = A[:3], A[3:]
    nw = float(np.linalg.norm(w))
    if nw == 0.0:
        nv = float(np.linalg.norm(v))
        if abs(nv - 1.0) > TOL:
            raise ValueError(
                f"{name} is prismatic (omega = 0) and needs a unit v, got |v| = {nv:.12g}"
            )
        return "prismatic"
    if abs(nw - 1.0) > TOL:
        raise ValueError(
            f"{name} must have a unit omega (revolute) or omega = 0 (prismatic), "
            f"got |omega| = {nw:.12g}"
        )
    pitch = float(w @ v)
    if abs(pitch) > TOL:
        raise ValueError(
            f"{name} is revolute and needs v = -omega x r (omega . v = 0), "
            f"got omega . v = {pitch:.6g} (a screw joint with pitch is not supported)"
        )
    return "revolute"
