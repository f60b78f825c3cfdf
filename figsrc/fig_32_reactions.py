"""Chapter 3.2 ⑤: joint reaction wrenches of the 6R arm along its motion
(figure, and per-joint maxima in ch32_reaction_maxima.csv)."""

import _style
import ch32_figures as F
from _cli import output_dirs, write_csv


def main():
    fig_dir, data_dir = output_dirs(__doc__)
    write_csv(data_dir / "ch32_reaction_maxima.csv", *F.reaction_maxima_rows(), decimals=3)
    _style.savefig(F.reactions_figure(), fig_dir / "ch32_reactions.png")


if __name__ == "__main__":
    main()
