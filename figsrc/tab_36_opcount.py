"""Chapter 3.6.4: counted operations of the derivative routines (ch36_opcount.csv).

One call on random all-revolute chains n = 1..12 (``ch36.opcount_rows``), counted on the
code path by ``chaindyn.opcount.count`` under the rules "products", "all" and
"additions": ``rnea``, ``rnea_derivatives``, ``aba``, ``inverse_mass_matrix``,
``aba_derivatives`` and finite-difference Jacobians by ``rnea`` (forward, central).  The
counts are integers that do not depend on the values; ``tests/test_ch36.py`` pins the
polynomials they follow."""

from _cli import output_dirs, write_csv

from chaindyn_book import ch36


def main():
    _, data_dir = output_dirs(__doc__)
    write_csv(data_dir / "ch36_opcount.csv", *ch36.opcount_rows())


if __name__ == "__main__":
    main()
