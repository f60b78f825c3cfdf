"""Roundoff-level perturbation of every chain, for tests/test_reproducibility.py.

On ``PYTHONPATH`` only in that test's subprocesses (table scripts, nbval and
its kernels).  Every :class:`chaindyn.Chain` is built from parameters moved by
a few units in the last place (k = ``CHAINDYN_PERTURB_ULPS``, eps the machine
epsilon): each home rotation is turned by the angle k eps about its z axis
(it stays a rotation to roundoff), each home translation and each spatial
inertia as a whole is scaled by 1 + k eps (an inertia stays a rigid body's
exactly).  That is the same chain as another machine's rounding would see it:
every roundoff digit of every result moves, and no reproducible digit does.
"""

import os

_ULPS = int(os.environ.get("CHAINDYN_PERTURB_ULPS", "0"))

if _ULPS:
    import numpy as np

    from chaindyn import chain as _chain

    _eps = _ULPS * np.finfo(float).eps
    _turn = np.array([[np.cos(_eps), -np.sin(_eps), 0.0],
                      [np.sin(_eps), np.cos(_eps), 0.0],
                      [0.0, 0.0, 1.0]])
    _original_init = _chain.Chain.__init__

    def _perturbed_init(self, home, screws, inertias, *args, **kwargs):
        home = np.array(home, dtype=float, copy=True)
        home[..., :3, :3] = _turn @ home[..., :3, :3]
        home[..., :3, 3] *= 1.0 + _eps
        inertias = np.array(inertias, dtype=float, copy=True) * (1.0 + _eps)
        _original_init(self, home, screws, inertias, *args, **kwargs)

    _chain.Chain.__init__ = _perturbed_init
