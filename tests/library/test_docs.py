"""Docstrings: every Examples section in the library runs and prints what it shows
(doctest), and every public top-level name carries one.  The wheel built from this
checkout is tested in tests/test_wheel.py.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import types

import pytest

import chaindyn

MODULES = sorted(f"chaindyn.{m.name}" for m in pkgutil.iter_modules(chaindyn.__path__))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS,
                             report=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"


@pytest.mark.parametrize("name", MODULES)
def test_import_as_gives_the_module(name):
    """``import chaindyn.X as m`` binds the attribute X of the package (Python 3.7 and
    later), so no top-level function may carry a submodule's name."""
    namespace = {}
    exec(f"import {name} as m", namespace)
    assert isinstance(namespace["m"], types.ModuleType), (name, namespace["m"])
    assert namespace["m"].__name__ == name


@pytest.mark.parametrize("name", chaindyn.__all__)
def test_public_names_have_an_example(name):
    obj = getattr(chaindyn, name)
    if not callable(obj):
        return
    doc = obj.__doc__ or ""
    assert "\n    Examples\n    --------\n" in doc, f"{name} has no Examples section"
    examples = doctest.DocTestParser().get_examples(doc)
    assert any(e.want for e in examples), f"{name}'s example shows no output"


def test_top_level_is_small_and_unique():
    """About 30 names at the top level (the algorithms of Part 3, with the three
    structured forms, and their quantities); every name a module exports is defined
    in that module, so no object is exported from two modules."""
    assert 20 <= len(chaindyn.__all__) <= 32
    assert len(set(chaindyn.__all__)) == len(chaindyn.__all__)
    exported = {}
    for name in MODULES:
        module = importlib.import_module(name)
        for item in getattr(module, "__all__", ()):
            exported.setdefault(item, []).append(name)
    for item, homes in exported.items():
        objs = [getattr(importlib.import_module(home), item) for home in homes]
        for home, obj in zip(homes, objs):
            if callable(obj) and hasattr(obj, "__module__"):
                assert obj.__module__ == home, f"{home} re-exports {item} from {obj.__module__}"
        assert len({id(o) for o in objs}) == len(objs), f"{item} exported by {homes}"
