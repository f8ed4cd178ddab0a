"""Data files shipped inside the engine package (maps, DATC cases, the result allow-list).

Read through the module's own loader, so a file is found wherever the engine was imported
from: a source tree, an installed wheel, or the wheel itself as a zip on ``sys.path``, which is
how the browser imports it (no unpacking at start-up, issue 12). ``importlib.resources`` and
``pkgutil`` do the same, but importing either cost the browser's first visit 11-14 ms.

    >>> import json
    >>> json.loads(read_text("calculators.present.allowlist", "allowlist.json"))["html_tags"][:1]
    ['a']
"""
from __future__ import annotations

import os
import sys


def read_text(module: str, name: str) -> str:
    """The text of ``name``, a file beside the module named ``module`` (already imported)."""
    mod = sys.modules[module]
    where = mod.__file__
    get_data = getattr(getattr(mod.__spec__, "loader", None), "get_data", None)  # a file's or a zip's loader
    if where is None or get_data is None:
        raise FileNotFoundError(f"{module} was not imported from a file: {name} cannot be read beside it")
    return get_data(os.path.join(os.path.dirname(where), name)).decode("utf-8")
