"""Chapter 3.5: cond(M), forward and backward errors (figure ch35_numerics.png), drawn from
the committed results of figsrc/study_35_numerics.py (minutes; run by hand)."""

import _style
import ch35_figures as F
from _cli import DATA_DIR, output_dirs


def main():
    fig_dir, _ = output_dirs(__doc__)
    _style.savefig(F.numerics_figure(DATA_DIR), fig_dir / "ch35_numerics.png")


if __name__ == "__main__":
    main()
