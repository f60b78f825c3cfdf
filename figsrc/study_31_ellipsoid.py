"""Chapter 3.1's ellipsoid study (about a minute; not part of `make figures`): the ellipsoid
condition of ``chaindyn.body.realizability`` on every link of example-robot-data whose
inertial passes conditions 1-5 and whose visuals are mesh files, with an ellipsoid that
encloses the visual meshes (``chaindyn_book.ch31_audit.ellipsoid_audit``). It loads about
700 meshes, which is why it is a study and not a table script. Writes
data/ch31_ellipsoid.csv (the failing links) and data/ch31_ellipsoid_packages.csv (per
package: links checked, failing, worst margin), which the chapter reads.

    python figsrc/study_31_ellipsoid.py
"""

import time

from _cli import DATA_DIR, write_csv

from chaindyn_book import ch31_audit


def main():
    t0 = time.perf_counter()
    checked = ch31_audit.ellipsoid_audit()
    write_csv(DATA_DIR / "ch31_ellipsoid.csv", *ch31_audit.ellipsoid_rows(checked))
    write_csv(DATA_DIR / "ch31_ellipsoid_packages.csv",
              *ch31_audit.ellipsoid_package_rows(checked))
    print(f"{len(checked)} links checked in {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
