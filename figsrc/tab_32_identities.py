"""Chapter 3.2 ①: the identity checks on random chains n = 2..7 (ch32_identities.csv).

Roundoff-level columns are written as their bound and whether it held, never
as digits, so the table regenerates to the same bytes on any machine."""

import ch32_figures as F
from _cli import output_dirs, write_csv


def main():
    _, data_dir = output_dirs(__doc__)
    write_csv(data_dir / "ch32_identities.csv", *F.identity_rows(), decimals=4)


if __name__ == "__main__":
    main()
