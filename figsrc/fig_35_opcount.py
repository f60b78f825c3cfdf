"""Chapter 3.5: multiplication counts against n (figure and table ch35_opcount.csv)."""

import _style
import ch35_figures as F
from _cli import output_dirs, write_csv


def main():
    fig_dir, data_dir = output_dirs(__doc__)
    write_csv(data_dir / "ch35_opcount.csv", *F.opcount_rows())
    _style.savefig(F.opcount_figure(), fig_dir / "ch35_opcount.png")


if __name__ == "__main__":
    main()
