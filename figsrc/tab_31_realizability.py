"""Chapter 3.1: the realizability audit of example-robot-data's link inertials
(``chaindyn_book.ch31_audit``): ch31_realizability.csv (one row per URDF file),
ch31_realizability_totals.csv (link entries and distinct inertials),
ch31_realizability_packages.csv (one row per package, distinct inertials) and
ch31_failing_links.csv (every distinct inertial that is not realizable, degenerate or
oversized)."""

from _cli import output_dirs, write_csv

from chaindyn_book import ch31_audit


def main():
    _, data_dir = output_dirs(__doc__)
    result = ch31_audit.audit()
    write_csv(data_dir / "ch31_realizability.csv", *ch31_audit.summary_rows(result))
    write_csv(data_dir / "ch31_realizability_totals.csv", *ch31_audit.totals_rows(result))
    write_csv(data_dir / "ch31_realizability_packages.csv", *ch31_audit.package_rows(result))
    write_csv(data_dir / "ch31_failing_links.csv", *ch31_audit.failing_rows(result))


if __name__ == "__main__":
    main()
