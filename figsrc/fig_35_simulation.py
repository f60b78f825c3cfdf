"""Chapter 3.5: the released 6R arm and computed-torque tracking (figures
ch35_release.png, ch35_tracking.png; table ch35_tracking.csv)."""

import _style
import ch35_figures as F
from _cli import output_dirs, write_csv


def main():
    fig_dir, data_dir = output_dirs(__doc__)
    _style.savefig(F.release_figure(), fig_dir / "ch35_release.png")
    _style.savefig(F.tracking_figure(), fig_dir / "ch35_tracking.png")
    write_csv(data_dir / "ch35_tracking.csv", *F.tracking_rows(), decimals=3)


if __name__ == "__main__":
    main()
