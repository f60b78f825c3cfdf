"""Chapter 3.3 ①: skew-symmetry of Mdot - 2C for two factorizations of C qd (ch33_skew.csv).

Roundoff-level columns are written as their bound and whether it held."""

import ch33_figures as F
from _cli import output_dirs, write_csv


def main():
    _, data_dir = output_dirs(__doc__)
    write_csv(data_dir / "ch33_skew.csv", *F.skew_rows(), decimals=4)


if __name__ == "__main__":
    main()
