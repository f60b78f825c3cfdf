"""Chapter 3.2: the planar 2R arm of example 1 with its frames, twists, gravity and tip wrench
(3.2.5.3.1) (figure ch32_planar_2r.png, drawn by robot_pictures.planar_2r_figure)."""

import _style
import robot_pictures as R
from _cli import output_dirs


def main():
    fig_dir, _ = output_dirs(__doc__)
    _style.savefig(R.planar_2r_figure(), fig_dir / "ch32_planar_2r.png")


if __name__ == "__main__":
    main()
