"""One place for the look of every figure: Korean font, sizes, deterministic output.

Used by the figure scripts in ``figsrc/`` and by the notebooks in ``book/``.
It is a plain file, not part of the ``chaindyn`` package; import it with::

    import sys; sys.path.insert(0, "<repo>/figsrc")   # notebooks: "../figsrc"
    import _style
    _style.apply()                 # rcParams: font, sizes, svg.hashsalt
    fig, ax = plt.subplots()
    ...
    _style.savefig(fig, out_dir / "name.png")   # deterministic PNG, closes fig

API
---
``apply()``
    Registers the NanumGothic file that ``koreanize-matplotlib`` ships (without
    importing that package, which would change rcParams on import) and sets
    ``font.family = ["NanumGothic", "DejaVu Sans"]``: Hangul and Latin text come
    from NanumGothic, glyphs it lacks fall back to DejaVu Sans, and math
    (``$...$``) uses the DejaVu Sans math font set.  NanumGothic comes first
    because a label that mixes Hangul with ``$...$`` is drawn entirely by
    mathtext, which uses only the first family for its plain-text parts: with
    DejaVu Sans first, the Hangul in "관절 각도 $q_1$" became boxes.  Idempotent.
``font_path() -> pathlib.Path``
    The NanumGothic .ttf file used.
``savefig(fig, path, **kw)``
    ``fig.savefig`` with fixed dpi and metadata stripped of the software name
    and date (PNG) so the bytes depend only on the drawing; closes ``fig``.
``DPI``
    The resolution of saved figures (int).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import matplotlib as mpl
from matplotlib import font_manager

DPI = 120
FONT_NAME = "NanumGothic"

_RC = {
    "font.family": [FONT_NAME, "DejaVu Sans"],
    "mathtext.fontset": "dejavusans",
    "font.size": 10.0,
    "axes.unicode_minus": False,
    "axes.grid": True,
    "grid.alpha": 0.3,
    "figure.figsize": (6.4, 4.0),
    "figure.dpi": 100,
    "savefig.dpi": DPI,
    "savefig.bbox": "standard",
    "svg.hashsalt": "chaindyn-book",
    "svg.fonttype": "path",
    "pdf.compression": 6,
    "path.simplify": True,
}


def font_path() -> Path:
    """Return the NanumGothic .ttf shipped by the koreanize-matplotlib package."""
    spec = importlib.util.find_spec("koreanize_matplotlib")
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("koreanize-matplotlib is not installed (see requirements.txt)")
    path = Path(next(iter(spec.submodule_search_locations))) / "fonts" / "NanumGothic.ttf"
    if not path.is_file():
        raise RuntimeError(f"font file missing: {path}")
    return path


def apply() -> None:
    """Register the Korean font and set the book's rcParams (idempotent)."""
    names = {f.name for f in font_manager.fontManager.ttflist}
    if FONT_NAME not in names:
        font_manager.fontManager.addfont(str(font_path()))
    mpl.rcParams.update(_RC)


def savefig(fig, path, **kw) -> Path:
    """Save ``fig`` deterministically (no software/date metadata) and close it."""
    import matplotlib.pyplot as plt

    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    suffix = path.suffix.lower()
    if suffix == ".png":
        kw.setdefault("metadata", {"Software": None})
    elif suffix == ".svg":
        kw.setdefault("metadata", {"Date": None, "Creator": None})
    elif suffix == ".pdf":
        kw.setdefault("metadata", {"CreationDate": None, "Producer": None, "Creator": None})
    kw.setdefault("dpi", DPI)
    fig.savefig(path, **kw)
    plt.close(fig)
    return path
