"""Run every figure and table script in figsrc/ (``make figures``).

Scripts are the files ``figsrc/fig_*.py`` and ``figsrc/tab_*.py``, run in name
order, each in its own Python process with the Agg backend.  Extra arguments
(``--fig-dir DIR --data-dir DIR``) are passed on to every script.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def scripts() -> list[Path]:
    return sorted(p for p in HERE.glob("*.py") if p.name.startswith(("fig_", "tab_")))


def main(argv: list[str]) -> int:
    todo = scripts()
    env = dict(os.environ, MPLBACKEND="Agg", PYTHONHASHSEED="0", SOURCE_DATE_EPOCH="0")
    failed = []
    t_all = time.perf_counter()
    for k, script in enumerate(todo, 1):
        t0 = time.perf_counter()
        proc = subprocess.run([sys.executable, str(script), *argv], env=env, check=False)
        dt = time.perf_counter() - t0
        status = "ok" if proc.returncode == 0 else f"FAILED (exit {proc.returncode})"
        print(f"[{k}/{len(todo)}] {script.name}: {status} in {dt:.1f} s", flush=True)
        if proc.returncode != 0:
            failed.append(script.name)
    total = time.perf_counter() - t_all
    print(f"{len(todo) - len(failed)} of {len(todo)} scripts ok in {total:.1f} s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
