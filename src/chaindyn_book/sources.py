"""The library's code as the book prints it: a function's source read from its file."""

from __future__ import annotations

import ast
import importlib.util
from pathlib import Path


def function_source(module, name):
    """The source of the top-level function ``name`` of ``module`` (a dotted module
    name such as ``"chaindyn.derivatives"``), read from the module's file as
    :func:`inspect.getsource` gives it: what a chapter prints of a library function,
    helpers with a leading underscore included, without importing them.

    Raises
    ------
    ValueError
        If the module has no top-level function of that name.
    """
    path = Path(importlib.util.find_spec(module).origin)
    text = path.read_text(encoding="utf-8")
    for node in ast.parse(text).body:
        if isinstance(node, ast.FunctionDef) and node.name == name:
            first = min([node.lineno] + [d.lineno for d in node.decorator_list])
            return "".join(text.splitlines(keepends=True)[first - 1:node.end_lineno])
    raise ValueError(f"{module} has no top-level function {name!r}")
