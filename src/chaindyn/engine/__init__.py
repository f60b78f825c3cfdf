"""One engine for the structured RNEA, CRBA and ABA (book appendix B).

Each of the three algorithms is written once, as a sweep on components in the
joint frames of :mod:`chaindyn.structured` (:mod:`chaindyn.engine.sweeps`, on
shared helpers: a 3-vector and a symmetric matrix rotated about z and x, a
twist carried to the child, a wrench to the parent, an inertia moved by the
two screws of the joint frames, gravity into {0'} and F_tip into {n'}), and
compiled per chain by one tracer (:mod:`chaindyn.engine.tracer`: structural
zeros and ones, constant folding, merged negations, dead code dropped).

Multiplications per state of the compiled code (``operations["*"]``, the rule
"all" of :mod:`chaindyn.opcount`), for an all-revolute chain of general
geometry, against the structured counts of RBDA Table 10.1 (Featherstone
2008): CRBA ``10 n^2 + 11 n - 49`` (n >= 3) against ``10 n^2 + 22 n - 32``;
ABA ``206 n - 320`` (n >= 3) with n - 1 divisions against ``224 n - 259``;
RNEA ``91 n - 109`` (n >= 2), 9 more once per call for gravity into {0'} and
24 for a tip wrench.  An all-prismatic chain: ABA ``32 n - 48`` (n >= 3), and
its M is a constant (no multiplication).  The savings against
the earlier hand-specialised forms: a slide along the joint axis and an
offset along x in place of a general offset (2 per step of a CRBA column; 3
per composite), rotations of symmetric matrices by the double angle, and
for ABA the velocity-product accelerations and gravity taken into the bias
wrenches by RNEA's forward recursion, so that the articulated recursion
starts from rest and never forms ``G^a c``.
"""

from __future__ import annotations

import math
import weakref
from typing import NamedTuple

from ..structured import _folded_link, fold, precompute
from . import sweeps
from .tracer import trace

__all__ = ["EngineLink", "engine_links", "compiled", "FORMS"]

#: The sweeps the engine compiles, by name.
FORMS = {"rnea": sweeps.rnea, "crba": sweeps.crba, "aba": sweeps.aba}


class EngineLink(NamedTuple):
    """The folded constants of one link for the sweeps (those of
    :class:`chaindyn.structured.FoldedLink` and the ones below)."""

    base: object  #: the link's chaindyn.structured.FoldedLink
    J00: object  #: second moment J = tr(I_o)/2 1 - I_o about the origin of {i'}, kg m^2
    J01: object
    J02: object
    J11: object
    J12: object
    J22: object
    ca2: object  #: cos^2 alpha, cos alpha sin alpha, cos 2 alpha
    casa: object
    c2a: object
    ct2: object  #: the same of theta (prismatic; revolute: None)
    ctst: object
    c2t: object

    def __getattr__(self, name):  # the FoldedLink's fields by name
        return getattr(self.base, name)


def _engine_link(link):
    folded = _folded_link(link)
    J = (link.J00, link.J01, link.J02, link.J11, link.J12, link.J22)
    scale = max(abs(x) for x in J) or 1.0
    alpha = math.atan2(link.sa, link.ca)
    ct, st = math.cos(link.theta), math.sin(link.theta)
    pri = bool(link.prismatic)
    return EngineLink(folded, *(fold(x, scale) for x in J),
                      *(fold(x) for x in (link.ca * link.ca, link.ca * link.sa,
                                          math.cos(2 * alpha))),
                      *(fold(x) if pri else None
                        for x in (ct * ct, ct * st, math.cos(2 * link.theta))))


_LINKS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_COMPILED: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # Chain -> {(form, tip): code}


def engine_links(chain):
    """The EngineLinks of ``chain`` and its StructuredChain (once per Chain, cached)."""
    s = precompute(chain)
    done = _LINKS.get(chain)
    if done is None:
        done = _LINKS[chain] = [_engine_link(link) for link in s.links]
    return done, s


def compiled(chain, form, tip=False):
    """The sweep ``form`` ("rnea", "crba" or "aba") of ``chain`` as straight-line code.

    Parameters
    ----------
    chain : Chain
    form : {"rnea", "crba", "aba"}
    tip : bool, default False
        Whether RNEA's or ABA's code takes a tip wrench.

    Returns
    -------
    CompiledSweep
        ``build(*constants)`` returns ``sweep(*inputs, cos, sin)``.  The inputs:
        RNEA ``q, qd, qdd``, ABA ``q, qd, tau`` (n each), then the base's
        acceleration in {0'} (3, :func:`chaindyn.engine.sweeps.base_acceleration`)
        and, with ``tip``, F_tip's moment and force in {n} (3 + 3); CRBA ``q``.
        The outputs: the n torques, the n accelerations, or the lower triangle
        of M row by row.

    Raises
    ------
    ValueError
        If ``form`` is not one of the three.

    Examples
    --------
    >>> from chaindyn import models
    >>> from chaindyn.engine import compiled
    >>> code = compiled(models.planar_2r(), "crba")
    >>> code.operations["*"], code.operations["cos"]
    (3, 1)
    """
    if form not in FORMS:
        raise ValueError(f"form must be one of 'rnea', 'crba', 'aba', got {form!r}")
    links, s = engine_links(chain)
    key = (form, bool(tip) and form != "crba")  # CRBA takes no tip wrench
    done = _COMPILED.get(chain, {}).get(key)
    if done is not None:
        return done
    fn, n = FORMS[form], len(links)
    s_tip = s._flat[1:]  # R_{n,n'} flattened and r_{n,n'}, folded
    if form == "crba":
        def run(x, cos, sin):
            return fn(links, x, cos, sin)
        n_inputs = n
    else:
        def run(x, cos, sin):
            wrench = (s_tip, tuple(x[3 * n + 3:3 * n + 6]), tuple(x[3 * n + 6:])) if tip else None
            return fn(links, x[:n], x[n:2 * n], x[2 * n:3 * n], tuple(x[3 * n:3 * n + 3]),
                      wrench, cos, sin)
        n_inputs = 3 * n + 3 + (6 if tip else 0)
    done = trace(run, n_inputs, f"{form} sweep, {n} links")
    _COMPILED.setdefault(chain, {})[key] = done
    return done



