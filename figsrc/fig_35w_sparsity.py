"""Chapter 3.5.12: sparsity of M and of its factors for a chain and a humanoid
(figure ch35w_sparsity.png and table ch35w_sparsity.csv)."""

import _style
import matplotlib.pyplot as plt
import numpy as np
from _cli import output_dirs, write_csv

from chaindyn.composite import ltl_factor
from chaindyn_book import ch35_worked as W

COLUMNS = ["model", "n", "d", "pattern_M", "nonzero_M", "pattern_L", "nonzero_L", "bound_L",
           "dense_L", "outside_L", "outside_cholesky", "E2", "dense_E2"]


def cases():
    M_h, p_h = W.humanoid_mass_matrix()
    M_c, p_c = W.chain_mass_matrix(len(p_h))
    return [("chain", M_c, p_c), ("Talos", M_h, p_h)]


def figure(items):
    _style.apply()
    fig, axes = plt.subplots(2, 3, figsize=(9.0, 7.0))
    for row, (name, M, parents) in zip(axes, items):
        L = ltl_factor(M, parents)
        C = np.linalg.cholesky(M)
        for ax, A, title in zip(row, (M, L, C), ("M", "L  (M = LᵀL)", "C  (M = CCᵀ, 촐레스키)")):
            mask = np.abs(A) > W.NONZERO * np.max(np.abs(A))
            ax.imshow(mask, cmap="Greys", interpolation="nearest", vmin=0, vmax=1)
            ax.set_title(f"{name}: {title}\n0이 아닌 성분 {int(mask.sum())}개", fontsize=9)
            ax.set_xticks([])
            ax.set_yticks([])
    fig.tight_layout()
    return fig


def main():
    fig_dir, data_dir = output_dirs(__doc__)
    items = cases()
    rows = [W.sparsity_row(name, M, p) for name, M, p in items]
    write_csv(data_dir / "ch35w_sparsity.csv", COLUMNS, [[r[c] for c in COLUMNS] for r in rows])
    _style.savefig(figure(items), fig_dir / "ch35w_sparsity.png")


if __name__ == "__main__":
    main()
