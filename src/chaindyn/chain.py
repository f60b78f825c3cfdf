"""The serial open chain: home poses, screw axes and spatial inertias (book §3.2.3.1)."""

from __future__ import annotations

import numpy as np

from ._validate import TOL, ChainBase, as_array, check_pose, joint_type
from .spatial import (
    Ad_rp,
    check_inertia,
    homogeneous,
    inertia_parts,
    pose_inv,
    rot_x,
    rot_z,
    spatial_inertia,
)

__all__ = ["Chain", "FrozenChainError", "mdh_link_pose", "dh_link_pose", "TOL"]

# TOL (from the argument checks): the tolerance of a Chain's checks, 1e-9 -- unit
#: screw axes, orthonormal home rotations (``|R^T R - 1|``), symmetric inertias.

_JOINT_NAMES = {"r": "revolute", "revolute": "revolute", "p": "prismatic", "prismatic": "prismatic"}


def _frozen(a):
    """A read-only float copy of ``a`` whose memory belongs to an immutable bytes
    object: numpy refuses ``flags.writeable = True`` on it and on its base."""
    a = np.ascontiguousarray(a, dtype=float)
    return np.frombuffer(a.tobytes(), dtype=float).reshape(a.shape)


class FrozenChainError(AttributeError, ValueError):
    """An attempt to set or delete an attribute of a :class:`Chain`.

    A Chain is immutable: its derived data (masses, centres of mass, the
    precomputation of :func:`chaindyn.rnea_structured`) are computed once from
    the validated inputs.  Both an AttributeError (as for a frozen dataclass)
    and a ValueError (as for any other bad input to chaindyn).
    """


#: The attributes of a Chain, all set once by the constructor.
_FIELDS = ("n", "home", "screws", "inertias", "joint_types", "masses", "coms",
           "inertias_com", "mdh")


class Chain(ChainBase):
    """A serial open chain of n rigid links, each moved by a one-dof joint.

    Frame {0} is the base, frame {i} is fixed to link i (it need not sit at
    the centre of mass), and joint i moves link i relative to link i-1:
    ``T_{i,i-1}(q_i) = exp(-[A_i] q_i) M_{i,i-1}`` (book eq. 3.2-1).

    Parameters
    ----------
    home : array_like, shape (n, 4, 4)
        ``M_{i,i-1}``: the pose of frame {i-1} seen from frame {i} at q = 0
        (metres).
    screws : array_like, shape (n, 6)
        ``A_i``: the screw axis of joint i in frame {i}, order (omega, v).
        Revolute: unit omega and ``v = -omega x r`` for a point r on the axis;
        prismatic: ``omega = 0`` and unit v.
    inertias : array_like, shape (n, 6, 6)
        ``G_i``: spatial inertia of link i about the origin of {i}, in {i},
        (omega, v) order (kg, kg m, kg m^2); see :func:`spatial_inertia`.

    Attributes
    ----------
    n : int
        Number of links and joints.
    home, screws, inertias : ndarray
        Read-only float copies of the inputs.
    joint_types : tuple of str
        ``"revolute"`` or ``"prismatic"`` for each joint, read off ``screws``.
    masses, coms, inertias_com : ndarray, shapes (n,), (n, 3), (n, 3, 3)
        The same inertias as mass (kg), centre of mass in {i} (m) and
        rotational inertia about the centre of mass (kg m^2), read off
        ``inertias`` (used by the 3-vector recursion).
    mdh : ndarray, shape (n, 4), or None
        The modified-DH rows when the chain was built by :meth:`from_mdh`
        (read-only), else None.

    Raises
    ------
    ValueError
        On a wrong shape, a non-finite value, an input that is not a plain
        array, a home pose whose rotation is not proper or whose last row is
        not (0, 0, 0, 1), a screw axis that is neither a unit revolute (with
        omega . v = 0) nor a unit prismatic axis, or an inertia that is not a
        rigid body's (not symmetric, mass <= 0, rotational inertia about the
        COM not positive definite or violating the triangle inequality; the
        tolerances are relative to the link's own mass and inertia).

    Notes
    -----
    A Chain is immutable, so that everything derived from it stays valid:
    setting or deleting an attribute raises :class:`FrozenChainError` (a
    ValueError), and the arrays are read-only views of memory that cannot be
    made writeable again (``chain.home.flags.writeable = True`` raises).
    ``copy.copy``, ``copy.deepcopy`` and pickling rebuild a chain through
    the constructor, so a copy is validated and its derived data are
    recomputed from its own inputs (and, for a chain from :meth:`from_mdh`,
    the rows are checked against the home poses and screw axes).

    Examples
    --------
    A pendulum: one revolute joint about z, a 1 kg point-like mass 0.5 m
    along x of {1}.

    >>> import numpy as np
    >>> from chaindyn import Chain, spatial_inertia
    >>> G = spatial_inertia(1.0, [0.5, 0.0, 0.0], 1e-4 * np.eye(3))
    >>> pendulum = Chain(np.eye(4)[None], [[0, 0, 1, 0, 0, 0]], G[None])
    >>> pendulum.n, pendulum.joint_types, float(pendulum.masses[0])
    (1, ('revolute',), 1.0)
    """

    __slots__ = _FIELDS + ("__weakref__",)  # weak references: rnea_structured's cache

    def __init__(self, home, screws, inertias):
        screws = as_array(screws, "screws", (None, 6))
        n = screws.shape[0]
        if n < 1:
            raise ValueError("a chain needs at least one link, got screws of shape (0, 6)")
        home = as_array(home, "home", (n, 4, 4))
        inertias = as_array(inertias, "inertias", (n, 6, 6))
        for i in range(n):
            check_pose(home[i], f"home[{i}]")
        types = tuple(joint_type(screws[i], f"screws[{i}]") for i in range(n))
        for i in range(n):
            check_inertia(inertias[i], f"inertias[{i}]")
        home, screws, inertias = (_frozen(a) for a in (home, screws, inertias))
        masses, coms, inertias_com = (_frozen(a) for a in inertia_parts(inertias))
        self._assign(n=n, home=home, screws=screws, inertias=inertias, joint_types=types,
                     masses=masses, coms=coms, inertias_com=inertias_com,
                     mdh=None)  # the MDH rows when built by from_mdh (used by interop.to_rtb)

    def _assign(self, **values):
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name, value):
        raise FrozenChainError(
            f"a Chain is immutable: cannot set {name!r}; build a new Chain "
            "(Chain(home, screws, inertias), Chain.from_mdh, Chain.from_dh or "
            "chaindyn.urdf.chain_from_urdf) instead"
        )

    def __delattr__(self, name):
        raise FrozenChainError(f"a Chain is immutable: cannot delete {name!r}")

    def __reduce__(self):
        # copy, deepcopy and pickle rebuild through the constructor (validated,
        # derived data recomputed), never by restoring the attributes as they are
        return _restore, (type(self), self.home, self.screws, self.inertias, self.mdh)

    def _with_arrays(self, wrap):
        """A chain whose array attributes (every ndarray among them) are
        ``wrap(array)``, the other attributes shared; not validated.  For
        :mod:`chaindyn.opcount` (instrumented arrays) and for precomputations
        that must not be counted (plain views)."""
        c = object.__new__(type(self))
        c._assign(**{k: wrap(v) if isinstance(v, np.ndarray) else v
                     for k, v in ((k, getattr(self, k)) for k in _FIELDS)})
        return c

    def __repr__(self):
        kinds = "".join("R" if t == "revolute" else "P" for t in self.joint_types)
        return f"Chain(n={self.n}, joints={kinds})"

    @property
    def mass(self):
        """Total mass of the links, kg."""
        return float(self.masses.sum())

    @classmethod
    def from_mdh(cls, mdh, masses, coms, inertias_com, joint_types=None):
        """Build a chain from modified Denavit-Hartenberg rows (Craig's convention).

        Row i gives ``(alpha_{i-1}, a_{i-1}, d_i, theta_i)`` and
        ``T_{i-1,i} = Rot_x(alpha_{i-1}) Trans_x(a_{i-1}) Rot_z(theta_i) Trans_z(d_i)``.
        For a revolute joint ``theta_i = theta_row + q_i``; for a prismatic one
        ``d_i = d_row + q_i``.  Joint i moves along or about z_i, whose origin
        lies on the axis, so ``A_i = (0, 0, 1, 0, 0, 0)`` (revolute) or
        ``(0, 0, 0, 0, 0, 1)`` (prismatic) in {i}.

        Parameters
        ----------
        mdh : array_like, shape (n, 4)
            ``(alpha_{i-1} [rad], a_{i-1} [m], d_i [m], theta_i [rad])`` at q = 0.
        masses : array_like, shape (n,)
            Link masses, kg.
        coms : array_like, shape (n, 3)
            Centre of mass of link i in frame {i}, m.
        inertias_com : array_like, shape (n, 3, 3)
            Rotational inertia of link i about its centre of mass, axes
            parallel to {i}, kg m^2.
        joint_types : sequence of str, optional
            ``"R"``/``"revolute"`` or ``"P"``/``"prismatic"`` per joint;
            all revolute by default.

        Returns
        -------
        Chain

        Raises
        ------
        ValueError
            On wrong shapes, non-finite values, an unknown joint type or a
            non-physical inertia.

        References
        ----------
        J. J. Craig, *Introduction to Robotics*, 4th ed., §3.4 and §6.5.
        """
        rows, kinds, inertias = _dh_table("mdh", mdh, masses, coms, inertias_com, joint_types)
        home, screws = _mdh_home_screws(rows, kinds)
        chain = cls(home, screws, inertias)
        chain._assign(mdh=_frozen(rows))
        return chain

    @classmethod
    def from_dh(cls, dh, masses, coms, inertias_com, joint_types=None):
        """Build a chain from standard Denavit-Hartenberg rows.

        Row i gives ``(theta_i, d_i, a_i, alpha_i)`` and
        ``T_{i-1,i} = Rot_z(theta_i) Trans_z(d_i) Trans_x(a_i) Rot_x(alpha_i)``:
        frame {i} sits at the distal end of link i and joint i moves about or
        along z_{i-1}.  In {i} that axis is ``A_i = Ad_{M_{i,i-1}} Z`` with
        ``Z = (0, 0, 1, 0, 0, 0)`` (revolute) or ``(0, 0, 0, 0, 0, 1)``
        (prismatic): a revolute axis that does not pass through the origin of
        {i}, which exercises the general screw ``v = -omega x r``.

        Parameters are as :meth:`from_mdh`, with ``dh`` of shape (n, 4) in the
        order ``(theta_i [rad], d_i [m], a_i [m], alpha_i [rad])`` at q = 0 and
        COMs and inertias given in the standard-DH link frames.

        Raises
        ------
        ValueError
            As :meth:`from_mdh`.

        References
        ----------
        M. W. Spong, S. Hutchinson, M. Vidyasagar, *Robot Modeling and
        Control*, 2nd ed., §3.2.
        """
        rows, kinds, inertias = _dh_table("dh", dh, masses, coms, inertias_com, joint_types)
        n = len(kinds)
        home = np.empty((n, 4, 4))
        screws = np.empty((n, 6))
        for i, ((theta, d, a, alpha), kind) in enumerate(zip(rows, kinds)):
            home[i] = homogeneous(*pose_inv(dh_link_pose(theta, d, a, alpha)))
            screws[i] = Ad_rp(home[i, :3, :3], home[i, :3, 3]) @ _z_axis(kind)
        return cls(home, screws, inertias)


def _z_axis(kind):
    """The screw axis of a joint about ('revolute') or along ('prismatic') z of its
    frame, through the origin: (0, 0, 1, 0, 0, 0) or (0, 0, 0, 0, 0, 1)."""
    Z = np.zeros(6)
    Z[2 if kind == "revolute" else 5] = 1.0
    return Z


def _mdh_home_screws(rows, kinds):
    """Home poses M_{i,i-1} and screw axes A_i of modified-DH rows (see from_mdh)."""
    n = len(kinds)
    home = np.empty((n, 4, 4))
    screws = np.zeros((n, 6))
    for i, ((alpha, a, d, theta), kind) in enumerate(zip(rows, kinds)):
        screws[i] = _z_axis(kind)
        home[i] = homogeneous(*pose_inv(mdh_link_pose(alpha, a, d, theta)))
    return home, screws


def mdh_link_pose(alpha, a, d, theta):
    """Craig's modified-DH link transform ``T_{i-1,i}`` as a pose (R, p), over stacks.

    ``T_{i-1,i} = Rot_x(alpha_{i-1}) Trans_x(a_{i-1}) Rot_z(theta_i) Trans_z(d_i)``:
    ``R = Rx(alpha) Rz(theta)``, ``p = (a, 0, 0) + d Rx(alpha) z``.

    Parameters
    ----------
    alpha, a : float or array_like
        ``alpha_{i-1}`` (rad) and ``a_{i-1}`` (m), broadcasting with d.
    d : ndarray or numpy scalar, shape (...)
        ``d_i`` (m); fixes the batch shape.
    theta : float or array_like, shape (...)
        ``theta_i`` (rad).

    Returns
    -------
    R : ndarray, shape (..., 3, 3)
    p : ndarray, shape (..., 3)

    Notes
    -----
    Craig (2018) §3.5.  27 products (``Rx Rz``) and 3 scalings.
    """
    zero = np.zeros_like(d)
    Rx = rot_x(alpha + zero)
    R = Rx @ rot_z(theta)
    p = np.stack([a + zero, zero, zero], -1) + Rx[..., :, 2] * d[..., None]
    return R, p


def dh_link_pose(theta, d, a, alpha):
    """The standard-DH link transform ``T_{i-1,i}`` as a pose (R, p), over stacks.

    ``T_{i-1,i} = Rot_z(theta_i) Trans_z(d_i) Trans_x(a_i) Rot_x(alpha_i)``:
    ``R = Rz(theta) Rx(alpha)``, ``p = a Rz(theta) x + (0, 0, d)``.

    Parameters
    ----------
    theta : float or array_like, shape (...)
        ``theta_i`` (rad).
    d : ndarray or numpy scalar, shape (...)
        ``d_i`` (m); fixes the batch shape.
    a, alpha : float or array_like
        ``a_i`` (m) and ``alpha_i`` (rad).

    Returns
    -------
    R : ndarray, shape (..., 3, 3)
    p : ndarray, shape (..., 3)

    Notes
    -----
    Spong et al. (2020) §3.2.  27 products (``Rz Rx``) and 3 scalings.
    """
    zero = np.zeros_like(d)
    Rz = rot_z(theta)
    R = Rz @ rot_x(alpha + zero)
    p = Rz[..., :, 0] * a + np.stack([zero, zero, d], -1)
    return R, p


def _restore(cls, home, screws, inertias, mdh):
    """A Chain rebuilt from its inputs (copy, deepcopy, unpickling): validated by
    the constructor, its MDH rows (if any) checked against home and screws."""
    chain = cls(home, screws, inertias)
    if mdh is not None:
        rows = as_array(mdh, "mdh", (chain.n, 4))
        home_rows, screws_rows = _mdh_home_screws(rows, chain.joint_types)
        err = max(float(np.abs(home_rows - chain.home).max()),
                  float(np.abs(screws_rows - chain.screws).max()))
        if err > TOL * max(1.0, float(np.abs(chain.home).max())):
            raise ValueError(
                "mdh rows must give the chain's home poses and screw axes, "
                f"got a largest difference of {err:.3g}"
            )
        chain._assign(mdh=_frozen(rows))
    return chain


def joint_kinds(joint_types, n, name):
    """The joint kinds ('revolute' or 'prismatic') of an n-row DH-style table
    from 'R'/'revolute'/'P'/'prismatic' entries (all revolute when None)."""
    if joint_types is None:
        return ["revolute"] * n
    if isinstance(joint_types, str) or not hasattr(joint_types, "__len__"):
        raise ValueError(
            f"joint_types must be a sequence of {n} joint kinds "
            "('R'/'revolute' or 'P'/'prismatic'), "
            f"got {joint_types!r}"
        )
    joint_types = list(joint_types)
    if len(joint_types) != n:
        raise ValueError(
            f"joint_types must have {n} entries (one per {name} row), got {len(joint_types)}"
        )
    kinds = []
    for i, jt in enumerate(joint_types):
        kind = _JOINT_NAMES.get(str(jt).lower())
        if kind is None:
            raise ValueError(
                f"joint_types[{i}] must be 'R', 'revolute', 'P' or 'prismatic', got {jt!r}"
            )
        kinds.append(kind)
    return kinds


def _dh_table(name, rows, masses, coms, inertias_com, joint_types):
    """Check a DH-style table and its inertial data; return rows, joint kinds
    and the spatial inertias about the link frames' origins."""
    rows = as_array(rows, name, (None, 4))
    n = rows.shape[0]
    masses = as_array(masses, "masses", (n,))
    coms = as_array(coms, "coms", (n, 3))
    inertias_com = as_array(inertias_com, "inertias_com", (n, 3, 3))
    kinds = joint_kinds(joint_types, n, name)
    inertias = np.empty((n, 6, 6))
    for i in range(n):
        try:
            inertias[i] = spatial_inertia(masses[i], coms[i], inertias_com[i])
        except ValueError as exc:
            raise ValueError(f"link {i + 1} of the {name} table: {exc}") from None
    return rows, kinds, inertias
