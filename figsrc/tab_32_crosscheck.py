"""Chapter 3.2 ⑥ and §3.2.11: the library cross-check (ch32_library_agreement.csv) and
the reproduction table (ch32_reproduction.csv).

Roundoff-level values are written as their bound and whether it held, never as
digits, so the tables regenerate to the same bytes on any machine."""

import ch32_figures as F
from _cli import output_dirs, write_csv


def main():
    _, data_dir = output_dirs(__doc__)
    write_csv(data_dir / "ch32_library_agreement.csv", *F.library_agreement_rows())
    write_csv(data_dir / "ch32_reproduction.csv", *F.reproduction_rows())


if __name__ == "__main__":
    main()
