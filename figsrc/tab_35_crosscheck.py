"""Chapter 3.5: the cross-check table (ch35_crosscheck.csv) and the reproduction table
(ch35_reproduction.csv).  Roundoff-level differences enter as their bound and whether it
held, never as digits."""

import ch35_figures as F
from _cli import output_dirs, write_csv


def main():
    _, data_dir = output_dirs(__doc__)
    write_csv(data_dir / "ch35_crosscheck.csv", *F.crosscheck_rows())
    write_csv(data_dir / "ch35_reproduction.csv", *F.reproduction_rows())


if __name__ == "__main__":
    main()
