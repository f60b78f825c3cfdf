"""Sentences of the book that state what computed data show.

A sentence such as "the generated code is faster than ``rnea`` at large
batches", "the O(n^3) route costs less up to n = 10" or "every error stays
below 1e-12" is true only of the data it was written from.  When the data are
computed again (another machine, a new benchmark run, a changed model), the
number next to it follows, but the words do not.  Every such sentence of the
book is therefore tied to the computation in one of two ways:

* **written from the data**: the word that states the direction is chosen by
  the computation (:func:`choose`) and glued like a number;
* **guarded**: the cell that computes the data calls :func:`claim` (or
  :func:`within` for a measured value and its bound) with the sentence's
  label, its words and the condition that makes it true.  When a re-run makes
  the condition false, the call raises :class:`ClaimFailed` with a message
  that names the label, quotes the sentence and shows the evidence, and the
  notebook, hence the book's build and nbval, fails.

In the markdown, a guarded sentence's paragraph is preceded by a MyST comment
line that names its label(s)::

    % claim: b-batch-goal

    배치 {glue:text}`bp_N`개에서 `rnea_structured`는 Pinocchio 반복의 ...

The comment is not rendered.  ``tests/test_claims.py`` checks that every
marker has exactly one guard in the same notebook and every guard a marker,
that the quoted words stand in the marked paragraph, and that a sentence which
carries a glued value and a comparison word is guarded or has its comparison
word chosen; it also changes a computed value and shows that the build fails.
"""

from __future__ import annotations

import math

__all__ = ["ClaimFailed", "choose", "claim", "within"]


class ClaimFailed(AssertionError):
    """A sentence of the prose is no longer true of the data it states."""


def claim(label, sentence, holds, **evidence):
    """Guard the sentence ``sentence`` of the prose by the condition ``holds``.

    Parameters
    ----------
    label : str
        The name that the paragraph's ``% claim: label`` marker carries.
    sentence : str
        The words of the prose that state the fact, quoted as they stand in
        the marked paragraph (glue roles included).
    holds : bool
        Whether the data make the sentence true.
    **evidence
        The values the condition was computed from, shown when it fails.

    Raises
    ------
    ClaimFailed
        If ``holds`` is false: the message names the label, quotes the
        sentence and lists the evidence.  ``ValueError`` if ``label`` or
        ``sentence`` is empty or ``holds`` is not a boolean.

    Examples
    --------
    >>> claim("demo", "3은 2보다 크다", 3 > 2)
    >>> claim("demo", "2는 3보다 크다", 2 > 3, a=2, b=3)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    chaindyn_book.claims.ClaimFailed: claim 'demo' no longer holds: ... (a=2, b=3)
    """
    if not (isinstance(label, str) and label.strip()):
        raise ValueError(f"a claim needs a non-empty label, got {label!r}")
    if not (isinstance(sentence, str) and sentence.strip()):
        raise ValueError(f"claim {label!r} needs the words of its sentence, got {sentence!r}")
    if type(holds).__name__ not in {"bool", "bool_"}:
        raise ValueError(
            f"claim {label!r} needs a boolean condition, got {type(holds).__name__} {holds!r}")
    if not holds:
        shown = ", ".join(f"{k}={v!r}" for k, v in evidence.items()) or "no evidence given"
        raise ClaimFailed(
            f"claim {label!r} no longer holds: the sentence «{sentence}» is not true of the "
            f"data ({shown})")


def within(label, sentence, value, bound):
    """Guard a sentence that says a measured ``value`` stays within ``bound``.

    The reader gets both numbers (the value, in a cell nbval does not compare
    when it is roundoff; the bound, a stated constant); this guard fails the
    build when a re-run puts the value above the bound.  NaN never holds.

    Examples
    --------
    >>> within("demo", "오차는 한계 1e-12 안에 있다", 3e-15, 1e-12)
    >>> within("demo", "오차는 한계 1e-12 안에 있다", 3e-11, 1e-12)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    chaindyn_book.claims.ClaimFailed: claim 'demo' no longer holds: ... (value=3e-11, bound=1e-12)
    """
    value, bound = float(value), float(bound)
    if not bound >= 0.0 or math.isinf(bound):
        raise ValueError(f"claim {label!r} needs a finite bound >= 0, got {bound!r}")
    claim(label, sentence, bool(value <= bound), value=value, bound=bound)


def choose(condition, if_true, if_false):
    """The word of a sentence that the data choose: ``if_true`` when ``condition``.

    Glue the result in place of the word, so that the sentence states what
    the data show whichever way a re-run turns out.

    Examples
    --------
    >>> choose(0.51 < 1, "빠르다", "느리다")
    '빠르다'
    """
    if type(condition).__name__ not in {"bool", "bool_"}:
        raise ValueError(
            f"choose() needs a boolean condition, got {type(condition).__name__} {condition!r}")
    return if_true if condition else if_false
