"""Chapter 3.2: UR5, Panda and the Talos left arm as stick figures from their URDFs
(3.2.5.8.5) (figure ch32_urdf_robots.png, drawn by robot_pictures.urdf_robots_figure)."""

import _style
import robot_pictures as R
from _cli import output_dirs


def main():
    fig_dir, _ = output_dirs(__doc__)
    _style.savefig(R.urdf_robots_figure(), fig_dir / "ch32_urdf_robots.png")


if __name__ == "__main__":
    main()
