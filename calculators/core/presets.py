"""Presets: ready-made inputs a calculator offers, such as the 1901 opening or a DATC test case.

A preset is never a hidden input. Choosing one in the page fills the form's fields with its
values and returns the chooser to "your own input", so the fields are all that is computed.
``run()``, the command line and a link ask for one by the calculator's preset key
(``load=datc-6.E.4``): the preset's values come first, and any field also given overrides them,
exactly as an edit after loading does in the page.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from collections.abc import Callable, Mapping, Sequence

from .errors import InputError


@dataclass(frozen=True)
class Preset:
    value: str
    label: str
    params: Mapping[str, Any]


@dataclass(frozen=True)
class Presets:
    """The presets of one calculator, behind one chooser labelled ``label`` and keyed ``name``."""

    name: str
    label: str
    items: Callable[[], Sequence[Preset]]  # called once, on first use
    help: str = ""
    none_label: str = "Your own input (below)"
    none_value: str = "none"
    _cache: dict = field(default_factory=dict, compare=False, repr=False)

    def all(self) -> dict[str, Preset]:
        if "items" not in self._cache:
            self._cache["items"] = {p.value: p for p in self.items()}
        return self._cache["items"]

    def schema(self) -> dict:
        return {"name": self.name, "label": self.label, "help": self.help, "none_label": self.none_label,
                "none_value": self.none_value,
                "choices": [{"value": p.value, "label": p.label} for p in self.all().values()]}

    def params(self, chosen: Any) -> dict:
        """The values preset ``chosen`` puts in the fields ({} for "your own input")."""
        if chosen is None or chosen == "" or chosen == self.none_value:
            return {}
        preset = self.all().get(chosen) if isinstance(chosen, str) else None
        if preset is None:
            shown = repr(chosen) if len(repr(chosen)) <= 40 else repr(chosen)[:37] + "..."
            raise InputError(self.name, f"{self.label}: no such choice {shown}.")
        return dict(preset.params)
