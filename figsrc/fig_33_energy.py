"""Chapter 3.3: power and energy along the 6R trajectory of chapter 3.2 (ch33_energy.png)."""

import _style
import ch33_figures as F
from _cli import output_dirs


def main():
    fig_dir, _ = output_dirs(__doc__)
    _style.savefig(F.energy_figure(), fig_dir / "ch33_energy.png")


if __name__ == "__main__":
    main()
