"""Chapter 3.1: the inertia of a cylinder mesh and of an icosphere against the closed
forms as the mesh is refined (figure ch31_mesh_convergence.png), with the bound each
resolution carries (``chaindyn_book.ch31_audit.primitive_meshes``)."""

import _style
import matplotlib.pyplot as plt
import numpy as np
from _cli import output_dirs
from matplotlib.ticker import FuncFormatter, NullFormatter

from chaindyn_book import ch31_audit


def series():
    """(shape, faces, relative error, bound) of the cylinders and spheres."""
    out = {}
    for p in ch31_audit.primitive_meshes():
        if p["shape"] not in ("cylinder", "sphere"):
            continue
        _, inertia = ch31_audit._mesh_inertia(p["mesh"], ch31_audit.PRIMITIVE_MASS)
        closed = np.asarray(p["closed"], dtype=float)
        err = float(np.abs(inertia - closed).max() / np.abs(closed).max())
        out.setdefault(p["shape"], []).append((len(p["mesh"].faces), err, p["bound"]))
    return out


def figure():
    _style.apply()
    plt.rcParams["axes.unicode_minus"] = False
    fig, ax = plt.subplots(figsize=(6.4, 4.0))
    words = {"cylinder": "원기둥 (단면 8–256각형)", "sphere": "이십면체 구 (세분 1–5회)"}
    for (shape, pts), color in zip(series().items(), ("C0", "C1")):
        faces, err, bound = (np.array(x) for x in zip(*pts))
        ax.loglog(faces, err, "o-", color=color, label=f"{words[shape]}: 상대 오차")
        ax.loglog(faces, bound, "--", color=color, label=f"{words[shape]}: 한계")
    ax.set_xlabel("메시의 삼각형 수")
    ax.set_ylabel("관성의 상대 오차 (같은 질량)")
    fmt = FuncFormatter(lambda v, _: f"{v:g}" if 1e-3 <= v < 1e4 else f"{v:.0e}")
    for axis in (ax.xaxis, ax.yaxis):  # no mathtext powers: the Korean font has no U+2212
        axis.set_major_formatter(fmt)
        axis.set_minor_formatter(NullFormatter())
    ax.legend(fontsize=8)
    ax.grid(True, which="both", alpha=0.3)
    fig.tight_layout()
    return fig


def main():
    fig_dir, _ = output_dirs(__doc__)
    _style.savefig(figure(), fig_dir / "ch31_mesh_convergence.png")


if __name__ == "__main__":
    main()
