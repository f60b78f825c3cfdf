"""Command-line convention shared by every figure and table script in figsrc/.

Each script is run as ``python figsrc/<script>.py [--fig-dir DIR] [--data-dir DIR]``
(``make figures`` runs them all through ``figsrc/run_all.py``).  PNG figures go
to ``--fig-dir`` (default ``book/figures``), CSV tables to ``--data-dir``
(default ``data``).  The test ``tests/test_figures.py`` points both at a
temporary folder and compares.
"""

from __future__ import annotations

import argparse
import csv
import io
from pathlib import Path

from _numbers import fixed

ROOT = Path(__file__).resolve().parents[1]
FIG_DIR = ROOT / "book" / "figures"
DATA_DIR = ROOT / "data"


def output_dirs(description: str | None = None, argv=None) -> tuple[Path, Path]:
    """Parse ``--fig-dir`` and ``--data-dir``; create and return both folders."""
    ap = argparse.ArgumentParser(description=description)
    ap.add_argument("--fig-dir", type=Path, default=FIG_DIR, help="where PNG files go")
    ap.add_argument("--data-dir", type=Path, default=DATA_DIR, help="where CSV tables go")
    args = ap.parse_args(argv)
    for d in (args.fig_dir, args.data_dir):
        d.mkdir(parents=True, exist_ok=True)
    return args.fig_dir.resolve(), args.data_dir.resolve()


def write_csv(path: Path, header, rows, decimals: int = 6) -> Path:
    """Write a CSV deterministically: LF line ends, no timestamp, every float
    rounded to ``decimals`` decimals by :func:`_numbers.fixed` (which refuses a
    value that roundoff could round either way).  Roundoff-level results are not
    written as numbers at all: a table holds their bound and whether it held."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(header)
    for row in rows:
        w.writerow([f"{fixed(x, decimals):.{decimals}f}" if isinstance(x, float) else x
                    for x in row])
    Path(path).write_text(buf.getvalue(), encoding="utf-8", newline="")
    return Path(path)
