"""Parameter schemas: what a calculator accepts, and the validation of raw input.

A schema is declared once and serves three readers: ``catalog()`` (which the
widget turns into a form, so a new calculator needs no JavaScript), ``run()``
(which validates with it), and the CLI (which parses ``key=value`` with it).
Every size is bounded so that no input can make a calculator hang.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .errors import InputError

MAX_TEXT = 20_000  # hard ceiling for any text parameter, whatever a schema says


@dataclass(frozen=True)
class Choice:
    value: str
    label: str


@dataclass(frozen=True)
class Param:
    """One parameter.

    kinds: ``int``, ``bool``, ``choice``, ``text`` (one line or ``multiline``),
    ``int_list`` (comma-separated integers in text form).
    """

    name: str
    kind: str
    label: str
    default: Any
    help: str = ""
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[Choice, ...] = ()
    unit: str = ""
    max_length: int = 200  # text: characters
    min_items: int = 0  # int_list
    max_items: int = 0  # int_list
    multiline: bool = False
    optional: bool = False  # int: may be left empty (None)
    # An example shown greyed-out in an empty field: never sent, never a hidden input.
    placeholder: str = ""

    def schema(self) -> dict:
        out: dict[str, Any] = {
            "name": self.name,
            "type": self.kind,
            "label": self.label,
            "default": self.default,
            "help": self.help,
        }
        if self.unit:
            out["unit"] = self.unit
        if self.placeholder:
            out["placeholder"] = self.placeholder
        if self.kind in ("int", "int_list"):
            out["min"] = self.minimum
            out["max"] = self.maximum
        if self.kind == "int":
            out["optional"] = self.optional
        if self.kind == "choice":
            out["choices"] = [{"value": c.value, "label": c.label} for c in self.choices]
        if self.kind == "text":
            out["max_length"] = self.max_length
            out["multiline"] = self.multiline
        if self.kind == "int_list":
            out["min_items"] = self.min_items
            out["max_items"] = self.max_items
        return out

    # -- validation -------------------------------------------------------
    def coerce(self, raw: Any) -> Any:
        """Turn a JSON value or a string (from a form, a URL or the CLI) into a checked value."""
        kind = self.kind
        if kind == "int":
            return self._int(raw)
        if kind == "bool":
            return self._bool(raw)
        if kind == "choice":
            value = str(raw).strip() if raw is not None else ""
            allowed = [c.value for c in self.choices]
            if value not in allowed:
                shown = ", ".join(allowed[:8]) + (f" or {len(allowed) - 8} more" if len(allowed) > 8 else "")
                raise InputError(self.name, f"{self.label}: must be one of {shown} (got {_show(raw)}).")
            return value
        if kind == "text":
            if raw is None:
                raw = ""
            if not isinstance(raw, str):
                raise InputError(self.name, f"{self.label}: must be text.")
            limit = min(self.max_length, MAX_TEXT)
            if len(raw) > limit:
                raise InputError(self.name, f"{self.label}: at most {limit} characters (got {len(raw)}).")
            return raw
        if kind == "int_list":
            return self._int_list(raw)
        raise AssertionError(f"unknown parameter kind {kind!r}")

    def _int(self, raw: Any) -> int | None:
        if isinstance(raw, bool):
            raise InputError(self.name, f"{self.label}: must be a whole number.")
        if raw is None or (isinstance(raw, str) and raw.strip() == ""):
            if self.optional:
                return None
            raise InputError(self.name, f"{self.label}: a whole number is required.")
        if isinstance(raw, int):
            value = raw
        elif isinstance(raw, float) and raw.is_integer():
            value = int(raw)
        elif isinstance(raw, str):
            text = raw.strip()
            if len(text) > 12 or not text.lstrip("+-").isdigit():
                raise InputError(self.name, f"{self.label}: must be a whole number (got {_show(raw)}).")
            value = int(text)
        else:
            raise InputError(self.name, f"{self.label}: must be a whole number (got {_show(raw)}).")
        self._check_range(value, self.label)
        return value

    def _check_range(self, value: int, what: str) -> None:
        if self.minimum is not None and value < self.minimum:
            raise InputError(self.name, f"{what}: must be at least {self.minimum} (got {value}).")
        if self.maximum is not None and value > self.maximum:
            raise InputError(self.name, f"{what}: must be at most {self.maximum} (got {value}).")

    def _bool(self, raw: Any) -> bool:
        if isinstance(raw, bool):
            return raw
        if isinstance(raw, str) and raw.strip().lower() in ("true", "1", "yes", "on"):
            return True
        if isinstance(raw, str) and raw.strip().lower() in ("false", "0", "no", "off", ""):
            return False
        if isinstance(raw, int) and raw in (0, 1):
            return bool(raw)
        raise InputError(self.name, f"{self.label}: must be true or false (got {_show(raw)}).")

    def _int_list(self, raw: Any) -> tuple[int, ...]:
        if isinstance(raw, str):
            if len(raw) > 2_000:
                raise InputError(self.name, f"{self.label}: too long.")
            parts = [p.strip() for p in raw.replace(";", ",").split(",")]
            parts = [p for p in parts if p != ""]
        elif isinstance(raw, (list, tuple)):
            parts = list(raw)
        else:
            raise InputError(self.name, f"{self.label}: must be a list of whole numbers separated by commas.")
        if len(parts) < self.min_items or (self.max_items and len(parts) > self.max_items):
            if self.min_items == self.max_items:
                need = f"exactly {self.min_items}"
            elif self.max_items:
                need = f"{self.min_items} to {self.max_items}"
            else:
                need = f"at least {self.min_items}"
            raise InputError(self.name, f"{self.label}: give {need} numbers (got {len(parts)}).")
        values = []
        for i, part in enumerate(parts, 1):
            if isinstance(part, bool):
                raise InputError(self.name, f"{self.label}: item {i} must be a whole number.")
            if isinstance(part, int):
                value = part
            elif isinstance(part, str) and part.lstrip("+-").isdigit() and len(part) <= 12:
                value = int(part)
            else:
                raise InputError(self.name, f"{self.label}: item {i} must be a whole number (got {_show(part)}).")
            self._check_range(value, f"{self.label}, item {i}")
            values.append(value)
        return tuple(values)


def _show(raw: Any) -> str:
    text = repr(raw)
    return text if len(text) <= 40 else text[:37] + "..."


def int_param(name, label, default, minimum, maximum, help="", unit="", optional=False, placeholder="") -> Param:
    return Param(name, "int", label, default, help=help, minimum=minimum, maximum=maximum, unit=unit, optional=optional,
                 placeholder=placeholder)


def bool_param(name, label, default=False, help="") -> Param:
    return Param(name, "bool", label, default, help=help)


def choice_param(name, label, default, choices, help="") -> Param:
    """``choices``: a sequence of values, or of (value, label) pairs."""
    norm = tuple(Choice(c, c) if isinstance(c, str) else Choice(*c) for c in choices)
    return Param(name, "choice", label, default, help=help, choices=norm)


def text_param(name, label, default, max_length=200, help="", multiline=False, placeholder="") -> Param:
    return Param(name, "text", label, default, help=help, max_length=max_length, multiline=multiline,
                 placeholder=placeholder)


def int_list_param(name, label, default, minimum, maximum, min_items, max_items, help="") -> Param:
    return Param(name, "int_list", label, default, help=help, minimum=minimum, maximum=maximum,
                 min_items=min_items, max_items=max_items)
