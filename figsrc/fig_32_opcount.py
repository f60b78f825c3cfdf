"""Chapter 3.2 ③: multiplication counts against n (figure and table ch32_opcount.csv)."""

import _style
import ch32_figures as F
from _cli import output_dirs, write_csv


def main():
    fig_dir, data_dir = output_dirs(__doc__)
    write_csv(data_dir / "ch32_opcount.csv", *F.opcount_rows())
    _style.savefig(F.opcount_figure(), fig_dir / "ch32_opcount.png")


if __name__ == "__main__":
    main()
