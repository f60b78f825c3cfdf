"""Chapter 2.8: drift of accumulated rotations from orthonormality along long
chains (figure ch28_drift.png; roundoff values, so no CSV table)."""

import _style
import ch28_figures as F
from _cli import output_dirs


def main():
    fig_dir, _ = output_dirs(__doc__)
    _style.savefig(F.drift_figure(), fig_dir / "ch28_drift.png")


if __name__ == "__main__":
    main()
