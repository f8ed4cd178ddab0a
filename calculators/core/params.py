"""Parameter schemas: what a calculator accepts, and the validation of raw input.

A schema is declared once and serves three readers: ``catalog()`` (which the
widget turns into a form, so a new calculator needs no JavaScript), ``run()``
(which validates with it), and the CLI (which parses ``key=value`` with it).
Every size is bounded so that no input can make a calculator hang.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any, ClassVar, NamedTuple

from .errors import InputError
from .numbers import number, percentage, visible

MAX_TEXT = 20_000  # hard ceiling for any text parameter, whatever a schema says
MAX_DOCUMENT = 1_000_000  # ... but a whole file's text (a game record: ``document=True``), which its calculator bounds
MAX_NESTING = 4  # a group's JSON text is a list of flat objects: depth 2


class Choice(NamedTuple):
    value: str
    label: str


@dataclass(frozen=True)
class Part:
    """One part of a line of ``key=value`` parts that a ``key-values`` control edits (``S=1 M=1 dice=d8,d6``).

    kinds: ``count`` (a stepper, ``minimum`` to ``maximum``; 0 is left out of the line), ``dice`` (a list
    of at most ``maximum`` dice, the picker offering ``faces``; ``showing``: each die with the value it
    shows, ``d8:5``), ``choice`` (``choices``; the empty value is left out). ``aliases``: other keys the
    line may use for it.
    The engine's parser stays the judge of the line; the control only reads and writes it.
    """

    key: str
    label: str
    kind: str
    minimum: int = 0
    maximum: int = 0
    faces: tuple[int, ...] = ()
    showing: bool = False
    choices: tuple[Choice, ...] = ()
    aliases: tuple[str, ...] = ()
    help: str = ""
    fold: bool = False  # shown with the line as text, folded: what few players set

    def schema(self) -> dict:
        out: dict[str, Any] = {"key": self.key, "label": self.label, "kind": self.kind, "fold": self.fold}
        if self.kind in ("count", "dice"):
            out.update(min=self.minimum, max=self.maximum)
        if self.kind == "dice":
            out.update(faces=list(self.faces), showing=self.showing)
        if self.kind == "choice":
            out["choices"] = [{"value": c.value, "label": c.label} for c in self.choices]
        if self.aliases:
            out["aliases"] = list(self.aliases)
        if self.help:
            out["help"] = self.help
        return out


# Folded sections of a form besides the rulings: "more" holds what few players change ("More options").
GROUPS = ("more",)


# The kinds define no equality or repr of their own (a parameter is one object, compared by identity), which keeps
# their definition cheap: every first result in the browser pays for defining them.
@dataclass(frozen=True, eq=False)
class Param:
    """One parameter: what every kind has.  The kinds are the subclasses (a tagged union): ``IntParam``,
    ``BoolParam``, ``ChoiceParam``, ``TextParam`` (one line or ``multiline``), ``GroupParam`` (a list of
    records, each with the same ``fields``: see ``group_param``); ``kind`` is the schema's name for each."""

    kind: ClassVar[str]
    name: str
    label: str
    default: Any
    help: str = ""
    unit: str = ""
    # An example shown greyed-out in an empty field: never sent, never a hidden input.
    placeholder: str = ""
    # A switchable ruling's reading (issue 19): the ruling's id; the form shows these together.
    ruling: str = ""
    # The folded section of the form it sits in ("more": "More options", closed); see ``more()``.
    group: str = ""
    # A control other than the kind's own, by name (the form's registerFieldKind), e.g. "key-values" with
    # its ``parts``: the value stays what the kind says (text), so links, the CLI and the engine are unchanged.
    widget: str = ""
    parts: tuple[Part, ...] = ()

    def __post_init__(self):
        if self.group and self.group not in GROUPS:
            raise ValueError(f"{self.name}: group is one of {GROUPS}, not {self.group!r}")

    def schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "type": self.kind, "label": self.label,
                               "default": self._default_json(), "help": self.help}
        if self.unit:
            out["unit"] = self.unit
        if self.placeholder:
            out["placeholder"] = self.placeholder
        if self.ruling:
            out["group"] = "rulings"
            out["ruling"] = self.ruling
        elif self.group:
            out["group"] = self.group
        if self.widget:
            out["widget"] = self.widget
        if self.parts:
            out["parts"] = [part.schema() for part in self.parts]
        out.update(self._schema())
        return out

    def _default_json(self) -> Any:
        return self.default

    def _schema(self) -> dict[str, Any]:
        """What the kind adds to the schema."""
        return {}

    # -- validation -------------------------------------------------------
    def coerce(self, raw: Any) -> Any:
        """Turn a JSON value or a string (from a form, a URL or the CLI) into a checked value."""
        raise NotImplementedError


@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class RangedParam(Param):
    """What a number's kinds share: ``minimum`` and ``maximum``; ``optional``: it may be left empty (None)."""

    minimum: int | None = None
    maximum: int | None = None
    optional: bool = False

    def _schema(self) -> dict[str, Any]:
        return {"min": self.minimum, "max": self.maximum, "optional": self.optional}

    def _left_empty(self, raw: Any, what: str) -> bool:
        """Whether ``raw`` is empty and may be (None is then the value); an error if it may not."""
        if raw is None or (isinstance(raw, str) and raw.strip() == ""):
            if self.optional:
                return True
            raise InputError(self.name, f"{self.label}: {what} is required.")
        return False

    def _check_range(self, value: int | Fraction, what: str, shown: str | None = None) -> None:
        shown = shown or _show(value)
        if self.minimum is not None and value < self.minimum:
            raise InputError(self.name, f"{what}: must be at least {self.minimum} (got {shown}).")
        if self.maximum is not None and value > self.maximum:
            raise InputError(self.name, f"{what}: must be at most {self.maximum} (got {shown}).")


@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class IntParam(RangedParam):
    """A whole number between ``minimum`` and ``maximum``; ``optional``: it may be left empty (None)."""

    kind: ClassVar[str] = "int"

    def coerce(self, raw: Any) -> int | None:
        if self._left_empty(raw, "a whole number"):
            return None
        value = whole_number(raw, percent=self.unit == "%")
        if value is None:
            raise InputError(self.name, f"{self.label}: must be a whole number (got {_show(raw)}).")
        # Echo what was sent (1e+308), not the 309 digits it stands for.
        self._check_range(value, self.label, shown=_show(raw) if isinstance(raw, float) else None)
        return value


@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class DecimalParam(RangedParam):
    """A number with at most ``places`` decimal places (a distance measured to the half inch: ``7.5``), between
    ``minimum`` and ``maximum``; its value is an exact ``Fraction``, so that a threshold compares exactly.
    Whole numbers ("12", 12, 12.0) are read as before, so links written for a whole-number field still work."""

    kind: ClassVar[str] = "decimal"
    places: int = 1

    def _schema(self) -> dict[str, Any]:
        return {**super()._schema(), "places": self.places}

    def coerce(self, raw: Any) -> Fraction | None:
        if self._left_empty(raw, "a number"):
            return None
        value = decimal_number(raw, self.places)
        if value is None:
            most = f"a number with at most {places_text(self.places)}" if self.places else "a whole number"
            raise InputError(self.name, f"{self.label}: must be {most}, such as 7.5 (got {_show(raw)}).")
        self._check_range(value, self.label, shown=_show(raw) if isinstance(raw, float) else decimal_text(value))
        return value


@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class BoolParam(Param):
    """True or false (a box to tick)."""

    kind: ClassVar[str] = "bool"

    def coerce(self, raw: Any) -> bool:
        if isinstance(raw, bool):
            return raw
        if isinstance(raw, str) and raw.strip().lower() in ("true", "1", "yes", "on"):
            return True
        if isinstance(raw, str) and raw.strip().lower() in ("false", "0", "no", "off", ""):
            return False
        if isinstance(raw, int) and raw in (0, 1):
            return bool(raw)
        raise InputError(self.name, f"{self.label}: must be true or false (got {_show(raw)}).")


@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class ChoiceParam(Param):
    """One of ``choices`` (by value)."""

    kind: ClassVar[str] = "choice"
    choices: tuple[Choice, ...] = ()

    def _schema(self) -> dict[str, Any]:
        return {"choices": [{"value": c.value, "label": c.label} for c in self.choices]}

    def coerce(self, raw: Any) -> str:
        value = str(raw).strip() if raw is not None else ""
        allowed = [c.value for c in self.choices]
        if value not in allowed:
            shown = ", ".join(allowed[:8]) + (f" or {len(allowed) - 8} more" if len(allowed) > 8 else "")
            raise InputError(self.name, f"{self.label}: must be one of {shown} (got {_show(raw)}).")
        return value


@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class TextParam(Param):
    """Text of at most ``max_length`` characters, one line or ``multiline``."""

    kind: ClassVar[str] = "text"
    max_length: int = 200
    multiline: bool = False
    document: bool = False  # a whole file's text (a game record), bounded by MAX_DOCUMENT, not MAX_TEXT

    def _schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"max_length": self.max_length, "multiline": self.multiline}
        if self.document:
            out["document"] = True
        return out

    def coerce(self, raw: Any) -> str:
        if raw is None:
            raw = ""
        if not isinstance(raw, str):
            raise InputError(self.name, f"{self.label}: must be text.")
        limit = min(self.max_length, MAX_DOCUMENT if self.document else MAX_TEXT)
        if len(raw) > limit:
            raise InputError(self.name, f"{self.label}: at most {limit} characters (got {len(raw)}).")
        # Invisible format characters (a BOM, zero-width spaces, direction marks) come with pasted text and
        # nobody can see them to delete them: a name or an order is read without them (docs/conventions.md).
        # A document (a game file) is kept as written: it is written back byte for byte.
        return raw if self.document else visible(raw)


# A group's fields: never a nested group.
GROUP_FIELD_KINDS = (IntParam, DecimalParam, BoolParam, ChoiceParam, TextParam)


@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class GroupParam(Param):
    """A list of ``min_items`` to ``max_items`` records, each with the same ``fields`` (never a nested group)."""

    kind: ClassVar[str] = "group"
    fields: tuple[Param, ...] = ()
    min_items: int = 0
    max_items: int = 0
    item_label: str = "Item"  # "Attacker" gives legends "Attacker 1", "Attacker 2"

    def _default_json(self) -> Any:
        return [dict(item) for item in self.default]

    def _schema(self) -> dict[str, Any]:
        return {"min_items": self.min_items, "max_items": self.max_items,
                "fields": [f.schema() for f in self.fields], "item_label": self.item_label}

    def coerce(self, raw: Any) -> tuple[dict, ...]:
        """A list of records: JSON (a list of objects) or its JSON text (from a URL, a saved state, the CLI).

        Errors name ``"<group>"`` for the list itself and ``"<group>.<i>.<field>"`` (0-based) for
        one field of one item; messages count items from 1.
        """
        plural = self.item_label.lower() + "s"
        if isinstance(raw, str):
            if len(raw) > MAX_TEXT:
                raise InputError(self.name, f"{self.label}: too long (at most {MAX_TEXT} characters).")
            if nesting(raw) > MAX_NESTING:  # before json.loads: deep nesting overflows the C stack in Pyodide
                raise InputError(self.name, f"{self.label}: nested too deeply to be a list of {plural}.")
            try:
                raw = json.loads(raw) if raw.strip() else []
            except ValueError as err:  # JSONDecodeError; say where, never echo the text
                raise InputError(self.name, f"{self.label}: not a readable list of {plural} "
                                            f"(JSON error at character {getattr(err, 'pos', '?')}).") from None
            except RecursionError:
                raise InputError(self.name, f"{self.label}: nested too deeply to be a list of {plural}.") from None
        if not isinstance(raw, (list, tuple)):
            raise InputError(self.name, f"{self.label}: must be a list of {plural} (got {_kind(raw)}).")
        if len(raw) < self.min_items or len(raw) > self.max_items:
            need = (f"exactly {self.min_items}" if self.min_items == self.max_items
                    else f"{self.min_items} to {self.max_items}")
            raise InputError(self.name, f"{self.label}: give {need} {plural} (got {len(raw)}).")
        return tuple(self._group_item(i, item) for i, item in enumerate(raw))

    def _group_item(self, i: int, item: Any) -> dict:
        who = f"{self.item_label} {i + 1}"
        if not isinstance(item, dict):
            raise InputError(self.name, f"{who}: must be an object of field: value pairs (got {_kind(item)}).")
        known = {f.name for f in self.fields}
        extra = [str(k) for k in item if k not in known]
        if extra:
            shown = ", ".join(_show(k) for k in extra[:5])
            raise InputError(self.name, f"{who}: unknown field{'s' if len(extra) > 1 else ''} {shown}; "
                                        f"the fields are {', '.join(f.name for f in self.fields)}.")
        out = {}
        for f in self.fields:
            try:
                out[f.name] = f.coerce(item.get(f.name, f.default))
            except InputError as err:
                raise group_error(self, i, f.name, err.message) from None
        return out

    def field(self, name: str) -> Param:
        return next(f for f in self.fields if f.name == name)


def whole_number(raw: Any, percent: bool = False) -> int | None:
    """A whole number from JSON or typed text ("12", " -3 ", "３", 12, 12.0), or None for anything else
    ("+-5", "--5", "²", "1e3", 1.5, True, a list). Text is read by ``core.numbers`` (its digits);
    ``percent``: a field counted in percent, whose text may end in a percent sign ("50%")."""
    if isinstance(raw, bool):
        return None
    if isinstance(raw, int):
        return raw
    if isinstance(raw, float):
        return int(raw) if raw.is_integer() else None
    if isinstance(raw, str):
        return percentage(raw, signed=True) if percent else number(raw, signed=True)
    return None


def decimal_number(raw: Any, places: int) -> Fraction | None:
    """A number with at most ``places`` decimal places from JSON or typed text ("7.5", " 7.5 ", "７.５", 7.5, 7,
    "-1.5"), as an exact Fraction, or None for anything else ("7.25" with one place, "7,5", ".", "1e3", NaN, True).
    The digits are read by ``core.numbers``; a float is read by its shortest text (7.5, never 7.4999...)."""
    if isinstance(raw, bool):
        return None
    if isinstance(raw, int):
        return Fraction(raw)
    if isinstance(raw, float):
        if raw != raw or raw in (float("inf"), float("-inf")):
            return None
        value = Fraction(repr(raw))
    elif isinstance(raw, str):
        whole, point, part = visible(raw).strip().partition(".")
        sign = -1 if whole[:1] in ("-", "\u2212") else 1
        if whole in ("", "+", "-", "\u2212") and point:  # ".5", "-.5"
            whole += "0"
        w = number(whole, signed=True)
        f = number(part) if point else 0
        if w is None or f is None or part.strip() != part:
            return None
        value = w + sign * Fraction(f, 10 ** len(part)) if point else Fraction(w)
    else:
        return None
    return value if (value * 10 ** places).denominator == 1 else None


def places_text(places: int) -> str:
    """How many decimal places a decimal field takes, in words: "one decimal place", "2 decimal places"."""
    return "one decimal place" if places == 1 else f"{places} decimal places"


def decimal_text(value: Fraction | int, places: int = 1) -> str:
    """A number as a player writes it: ``Fraction(15, 2)`` -> "7.5", ``Fraction(6)`` -> "6" (no trailing zeros)."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    scaled = round(value * 10 ** places)
    sign = "-" if scaled < 0 else ""
    whole, part = divmod(abs(scaled), 10 ** places)
    return f"{sign}{whole}.{str(part).zfill(places).rstrip('0')}"


def group_error(group: GroupParam, index: int, field_name: str, message: str) -> InputError:
    """An error on one field of one item: ``"attackers.1.range"``, "Attacker 2, Range: ..."

    ``message`` is the field's own message (it starts with the field's label, or gets it).
    """
    label = group.field(field_name).label
    text = message if message.startswith(label + ":") else f"{label}: {message}"
    return InputError(f"{group.name}.{index}.{field_name}", f"{group.item_label} {index + 1}, {text}")


def nesting(text: str) -> int:
    """How deeply the brackets of a JSON text nest (outside strings), read in one pass."""
    depth = most = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            most = max(most, depth)
        elif ch in "]}":
            depth -= 1
    return most


def _kind(raw: Any) -> str:
    return {dict: "an object", list: "a list", str: "text", bool: "true or false", type(None): "nothing"}.get(
        type(raw), "a number" if isinstance(raw, (int, float)) else type(raw).__name__)


def _show(raw: Any) -> str:
    """Bad input echoed briefly: at most 40 characters, a huge number by its size."""
    if isinstance(raw, int) and not isinstance(raw, bool) and len(str(abs(raw))) > 15:
        return f"a number of {len(str(abs(raw)))} digits"
    if isinstance(raw, float) and abs(raw) >= 1e15:
        return f"{raw:.3g}"
    text = repr(raw)
    return text if len(text) <= 40 else text[:37] + "..."


def int_param(name, label, default, minimum, maximum, help="", unit="", optional=False, placeholder="") -> IntParam:
    return IntParam(name, label, default, help=help, minimum=minimum, maximum=maximum, unit=unit, optional=optional,
                    placeholder=placeholder)


def decimal_param(name, label, default, minimum, maximum, places=1, help="", unit="") -> DecimalParam:
    """A number with at most ``places`` decimal places (its value a Fraction): ``DecimalParam``."""
    return DecimalParam(name, label, default, help=help, minimum=minimum, maximum=maximum, unit=unit, places=places)


def bool_param(name, label, default=False, help="") -> BoolParam:
    return BoolParam(name, label, default, help=help)


def choice_param(name, label, default, choices, help="") -> ChoiceParam:
    """``choices``: a sequence of values, or of (value, label) pairs."""
    norm = tuple(Choice(c, c) if isinstance(c, str) else Choice(*c) for c in choices)
    return ChoiceParam(name, label, default, help=help, choices=norm)


def ruling_param(ruling) -> ChoiceParam:
    """The choice of reading for a switchable ruling (a ``core.rulings.Ruling``), named ``dip_r4`` for DIP R4."""
    return ChoiceParam(ruling_param_name(ruling.id), f"{ruling.id}: {ruling.question}", ruling.default.id,
                       help="Which reading of this ruling to play; the first is the site's.",
                       choices=tuple(Choice(r.id, r.label + (" (the site's reading)" if r.default else ""))
                                     for r in sorted(ruling.readings, key=lambda r: not r.default)),
                       ruling=ruling.id)


def ruling_param_name(ruling_id: str) -> str:
    """``"DIP R4"`` -> ``"dip_r4"``: the parameter (URL, CLI, saved state) that chooses its reading."""
    return ruling_id.lower().replace(" ", "_")


def text_param(name, label, default, max_length=200, help="", multiline=False, placeholder="",
               document=False) -> TextParam:
    """``document``: the text of a whole file (a game record), up to MAX_DOCUMENT characters."""
    return TextParam(name, label, default, help=help, max_length=max_length, multiline=multiline or document,
                     document=document, placeholder=placeholder)


def group_param(name, label, fields, default, min_items, max_items, item_label="Item", help="") -> GroupParam:
    """A repeated group of fields (the attackers of a fire plan): its value is a list of
    ``{field name: value}``; a field missing from an item takes that field's default."""
    fields = tuple(fields)
    for f in fields:
        if not isinstance(f, GROUP_FIELD_KINDS):
            kinds = ", ".join(k.kind for k in GROUP_FIELD_KINDS)
            raise ValueError(f"{name}: a group field must be one of {kinds}, not {f.kind!r}")
    names = [f.name for f in fields]
    if not fields or len(set(names)) != len(names):
        raise ValueError(f"{name}: a group needs fields with distinct names")
    if not 0 <= min_items <= max_items or max_items < 1:
        raise ValueError(f"{name}: need 0 <= min_items <= max_items and max_items >= 1")
    default = tuple({f.name: item.get(f.name, f.default) for f in fields} for item in default)
    return GroupParam(name, label, default, help=help, min_items=min_items, max_items=max_items,
                      fields=fields, item_label=item_label)


def more(*params: Param) -> tuple[Param, ...]:
    """Parameters few players change, folded under "More options" in the form (closed; its title names
    any of them set away from its default). Their values work exactly as the others'."""
    return tuple(replace(p, group="more") for p in params)


def key_values(param: Param, parts) -> Param:
    """A text parameter edited with touch controls (steppers, dice pickers, menus), one per part, as well
    as typed: the value is still the text line the engine parses (``S=1 M=1 dice=d8,d6``)."""
    if not isinstance(param, TextParam):
        raise ValueError(f"{param.name}: a key-values control edits a text parameter, not {param.kind!r}")
    return replace(param, widget="key-values", parts=tuple(parts))
