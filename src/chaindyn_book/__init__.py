"""The computations behind the book's chapters: examples, tables and cross-checks.

One module per chapter (``ch28`` for 2.8, ``ch32`` for 3.2, ...) and
``crosscheck`` for the comparison with Pinocchio, MuJoCo and modern_robotics.
These modules sit on top of :mod:`chaindyn`; the library never imports them,
and ``import chaindyn`` loads none of them.
"""
