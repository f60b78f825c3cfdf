"""Chapter 3.4: scalar multiplications of one regressor call Y(q, qd, qdd) against one RNEA
call, on random all-revolute chains n = 1..12 (ch34_regressor_cost.csv).

Counted on the code path by ``chaindyn.opcount.count``: ``products`` and ``all`` are the
regressor under the two rules, ``rnea_products`` RNEA under the rule "products".  The
counts do not depend on the values (integers only, the same on every machine); the
tests pin them to 210 n^2 + 417 n, 210 n^2 + 480 n and 357 n."""

import numpy as np
from _cli import output_dirs, write_csv

from chaindyn import models, regressor, rnea
from chaindyn.opcount import count

N_MAX = 12


def cost_rows():
    rows = []
    for n in range(1, N_MAX + 1):
        rng = np.random.default_rng(n)
        chain = models.random_chain(n, rng)  # all revolute
        q, qd, qdd = rng.uniform(-1.0, 1.0, (3, n))
        rows.append([n, count(regressor, chain, q, qd, qdd, rule="products"),
                     count(regressor, chain, q, qd, qdd, rule="all"),
                     count(rnea, chain, q, qd, qdd, rule="products")])
    return ["n", "products", "all", "rnea_products"], rows


def main():
    _, data_dir = output_dirs(__doc__)
    write_csv(data_dir / "ch34_regressor_cost.csv", *cost_rows())


if __name__ == "__main__":
    main()
