"""How the book writes a computed number where a test compares it.

Two kinds of result reach the prose, the tables in ``data/`` and the outputs
that nbval compares (README, "Reproducibility"):

* Deterministic results (torques, counts, peaks, ratios) are the same on every
  machine up to roundoff in their last bits.  They are written rounded with
  :func:`fixed`, which refuses a value that lies so close to a rounding
  boundary that roundoff could move it across (another machine would then
  print the other digit).
* Roundoff-level results (an error of 1e-17 to 1e-9) carry no reproducible
  digit.  They are shown as computed with :func:`sci` only in outputs that no
  test compares (cells tagged ``nbval-ignore-output``); where a test compares,
  they enter as the bound they are held to and whether it held.

Notebooks import this module like ``_style`` (``sys.path.insert(0, "../figsrc")``).
"""

from __future__ import annotations

import numpy as np

#: A value closer than this to a rounding boundary (relative to the value, in
#: units of the value) is refused by :func:`fixed`.  Float64
#: roundoff of the book's results is 1e-16 to 1e-11 relative; a digit that a
#: reader sees is 1e-6 relative or coarser.  1e-9 lies between the two.
BOUNDARY_MARGIN = 1e-10

#: Below this magnitude a computed value is roundoff (1e-17 to 1e-9): it is
#: never compared digit for digit.
ROUNDOFF_FLOOR = 1e-9


def fixed(x, decimals):
    """``x`` rounded to ``decimals`` decimals, as a float (or an array of floats).

    Raises
    ------
    ValueError
        If a value lies within :data:`BOUNDARY_MARGIN` (relative) of the halfway
        point between two roundings: roundoff of another machine could move it
        across, and the printed digit would differ.  Show a digit less or more.

    Negative zero is written as zero.
    """
    a = np.asarray(x, dtype=float)
    if not np.all(np.isfinite(a)):
        raise ValueError(f"fixed() needs finite values, got {x!r}")
    scaled = a * 10.0**decimals
    to_tie = np.abs(scaled - np.floor(scaled) - 0.5)  # distance to the tie, last-digit units
    near = to_tie < BOUNDARY_MARGIN * np.maximum(1.0, np.abs(scaled))
    if near.any():
        bad = a[near] if a.ndim else a
        raise ValueError(
            f"{float(np.ravel(bad)[0])!r} lies within {BOUNDARY_MARGIN:g} (relative) of a "
            f"rounding boundary at {decimals} decimals: another machine could round it the "
            f"other way; show fewer or more digits"
        )
    r = np.round(a, decimals) + 0.0
    return float(r) if r.ndim == 0 else r


def fixed_sig(x, digits):
    """``x`` rounded to ``digits`` significant digits with the check of :func:`fixed`."""
    x = float(x)
    if x == 0.0:
        return 0.0
    return fixed(x, digits - 1 - int(np.floor(np.log10(abs(x)))))


def sig_text(x, digits=3):
    """A measured value as text for a study's CSV: :func:`fixed_sig`, written with
    ``digits`` significant digits (``sig_text(0.123456)`` -> ``"0.123"``)."""
    return f"{fixed_sig(x, digits):.{digits}g}"


_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def sci(x, digits=2):
    """A number in the prose's scientific form: ``sci(3.6e-15)`` -> ``"3.6×10⁻¹⁵"``.

    ``digits`` significant digits; exact zero gives ``"0"``.  Glue the string and
    show it with ``{glue:text}`` (a format spec cannot produce ×10 powers).  For
    a roundoff-level value only in a cell that nbval does not compare; a stated
    bound (a constant) may be written with it anywhere.
    """
    x = float(x)
    if x == 0.0:
        return "0"
    mantissa, exponent = f"{x:.{digits - 1}e}".split("e")
    return f"{mantissa}×10{str(int(exponent)).translate(_SUPERSCRIPT)}"

