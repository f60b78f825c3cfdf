"""Chapter 3.1: meshes of uniform density against closed forms and against URDF
inertials (``chaindyn_book.ch31_audit``): ch31_primitives.csv (box, cylinders, rod,
icospheres and an ellipsoid against the closed-form inertias, with the mesh resolution as
the bound) and ch31_mesh_link.csv (watertight link meshes of G1, Solo-12 and the Allegro
hand at the URDF mass against the URDF's COM and inertia)."""

from _cli import output_dirs, write_csv

from chaindyn_book import ch31_audit


def main():
    _, data_dir = output_dirs(__doc__)
    write_csv(data_dir / "ch31_primitives.csv", *ch31_audit.primitive_rows())
    write_csv(data_dir / "ch31_mesh_link.csv", *ch31_audit.mesh_link_rows())


if __name__ == "__main__":
    main()
