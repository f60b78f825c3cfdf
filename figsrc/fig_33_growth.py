"""Chapter 3.3 ③: size of the closed-form Lagrangian equations against n (ch33_growth.png).

Reads data/study33_closed_form.csv (written by study_33_closed_form.py, minutes)."""

import _style
import ch33_figures as F
from _cli import output_dirs


def main():
    fig_dir, _ = output_dirs(__doc__)
    _style.savefig(F.growth_figure(), fig_dir / "ch33_growth.png")


if __name__ == "__main__":
    main()
