"""Chapter 3.2: the 6R arm's link frames {i} and joint axes at the home pose and at the end of the
3.2.5.6 trajectory (3.2.5.2) (figure ch32_arm6r_frames.png, drawn by
robot_pictures.arm6r_frames_figure)."""

import _style
import robot_pictures as R
from _cli import output_dirs


def main():
    fig_dir, _ = output_dirs(__doc__)
    _style.savefig(R.arm6r_frames_figure(), fig_dir / "ch32_arm6r_frames.png")


if __name__ == "__main__":
    main()
