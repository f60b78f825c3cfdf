"""Chapter 3.2 ④: the 6R arm's torques split into gravity, velocity-product and
inertial terms (figure, and per-joint maxima in ch32_torque_maxima.csv)."""

import _style
import ch32_figures as F
from _cli import output_dirs, write_csv


def main():
    fig_dir, data_dir = output_dirs(__doc__)
    write_csv(data_dir / "ch32_torque_maxima.csv", *F.torque_maxima_rows(), decimals=4)
    _style.savefig(F.torque_split_figure(), fig_dir / "ch32_torque_split.png")


if __name__ == "__main__":
    main()
