"""Chapter 3.2: the notation of 3.2.3.1 on two links: frames, screw axis, home pose, relative pose,
joint wrench (figure ch32_notation.png, drawn by robot_pictures.notation_figure)."""

import _style
import robot_pictures as R
from _cli import output_dirs


def main():
    fig_dir, _ = output_dirs(__doc__)
    _style.savefig(R.notation_figure(), fig_dir / "ch32_notation.png")


if __name__ == "__main__":
    main()
