"""Chapter 2.8: multiplication counts of the Jacobian recursions against n
(figure ch28_opcount.png and table ch28_opcount.csv)."""

import _style
import ch28_figures as F
from _cli import output_dirs, write_csv


def main():
    fig_dir, data_dir = output_dirs(__doc__)
    write_csv(data_dir / "ch28_opcount.csv", *F.opcount_rows())
    _style.savefig(F.opcount_figure(), fig_dir / "ch28_opcount.png")


if __name__ == "__main__":
    main()
