"""The standard package's face (``calculators.diplomacy.api``): the names the type checker reads (its
``TYPE_CHECKING`` imports) are the names the run time imports on first use (``_FROM``), from the same modules."""
from __future__ import annotations

import ast
import importlib
import pathlib

from calculators.diplomacy import api

SOURCE = pathlib.Path(api.__file__)


def _checked_names() -> dict[str, tuple[str, str]]:
    """``{public name: (module, original name)}`` of the imports under ``if TYPE_CHECKING:``."""
    tree = ast.parse(SOURCE.read_text(encoding="utf-8"))
    block = next(n for n in tree.body if isinstance(n, ast.If) and getattr(n.test, "id", "") == "TYPE_CHECKING")
    out = {}
    for node in block.body:
        assert isinstance(node, ast.ImportFrom) and node.level == 1, ast.dump(node)
        for alias in node.names:
            assert alias.asname is not None, f"{alias.name}: imported as itself, so that it is re-exported"
            out[alias.asname] = (node.module, alias.name)
    return out


def test_the_type_checker_and_the_run_time_see_the_same_names():
    assert _checked_names() == api._WHERE


def test_every_name_of_the_face_imports():
    for name, (module, original) in api._WHERE.items():
        assert getattr(api, name) is getattr(importlib.import_module(f"calculators.diplomacy.{module}"), original)
