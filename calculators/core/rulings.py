"""Rulings you can switch: each ruling's readings as data, read by the pages, the engine and the schemas.

A ruling (``DIP R4``) answers a question the rules leave open; the reading the site takes is its
default, and each alternative worth playing is another reading with a stable id. A reading is
named ``"<ruling>: <reading>"`` (``"DIP R4: fallback-to-land"``) wherever it is cited.

Each game declares its switchable rulings in ``calculators/<game>/readings.py``, each once, as a
:class:`RulingEnum`: the ruling's id and question are the class's keywords, each member is one reading
(its ``Reading``: id, label, whether it is the site's, summary), and the member's value is the reading's
id.  The game's tuple ``RULINGS`` lists them (``Ruling`` values, built from the enums); this module
gathers every game's.  The engine receives the chosen readings as a :class:`Readings` value (a
read-only mapping from ruling id to reading id, which answers the default for a ruling nobody
switched) and reads each as its enum: ``Paradox.read(readings)``; never as loose strings.

    >>> class Bite(RulingEnum, ruling="XMP R1", question="Does it?"):
    ...     YES = Reading("yes", "It does", default=True)
    ...     NO = Reading("no", "It does not")
    >>> Bite.default(), Bite.read(Readings({"XMP R1": "no"}, (Bite.ruling(),))), Bite.NO.value
    (<Bite.YES: 'yes'>, <Bite.NO: 'no'>, 'no')
    >>> r = Bite.ruling()
    >>> Readings({}, (r,))["XMP R1"], Readings({"XMP R1": "no"}, (r,)).cite("XMP R1")
    ('yes', 'XMP R1: no')
"""
from __future__ import annotations

import importlib
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, fields
from enum import Enum
from functools import lru_cache
from typing import TYPE_CHECKING, Any, ClassVar

from .games import GAMES

if TYPE_CHECKING:
    from typing import Self

GAME_PACKAGES = tuple(g.package for g in GAMES)


@dataclass(frozen=True)
class Reading:
    """One way to answer a ruling's question: ``id`` is stable (kebab-case), ``label`` is for people."""

    id: str
    label: str
    default: bool = False
    summary: str = ""  # one or two sentences: what this reading does differently


@dataclass(frozen=True)
class Ruling:
    """A switchable ruling: its id (``"DIP R4"``), its question, and its readings (exactly one default)."""

    id: str
    question: str
    readings: tuple[Reading, ...]

    def __post_init__(self):
        ids = [r.id for r in self.readings]
        if len(set(ids)) != len(ids) or sum(r.default for r in self.readings) != 1 or len(ids) < 2:
            raise ValueError(f"{self.id}: needs two or more distinct readings, exactly one the default")

    @property
    def default(self) -> Reading:
        return next(r for r in self.readings if r.default)

    def reading(self, reading_id: str) -> Reading:
        for r in self.readings:
            if r.id == reading_id:
                return r
        raise KeyError(f"{self.id} has no reading {reading_id!r}")


class RulingEnum(Enum):
    """A switchable ruling, declared once: ``class Paradox(RulingEnum, ruling="DIP R2", question="...")`` with
    one member per reading, each member's value a ``Reading`` (its id becomes the member's value)."""

    _value_: str
    reading: Reading  # the member's reading: its label, whether it is the site's, its summary
    _ruling: ClassVar[Ruling]
    _ruling_id: ClassVar[str]
    _question: ClassVar[str]

    def __init_subclass__(cls, ruling: str = "", question: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._ruling_id, cls._question = ruling, question

    def __new__(cls, reading: Reading) -> Self:
        member = object.__new__(cls)
        member._value_ = reading.id
        member.reading = reading
        return member

    @classmethod
    def ruling(cls) -> Ruling:
        """The ruling as data (its id, question and readings), for the pages and the forms."""
        if "_ruling" not in cls.__dict__:
            cls._ruling = Ruling(cls._ruling_id, cls._question, tuple(m.reading for m in cls))
        return cls._ruling

    @classmethod
    def ruling_id(cls) -> str:
        return cls._ruling_id

    @classmethod
    def default(cls) -> Self:
        """The site's reading."""
        for member in cls:
            if member.reading.default:
                return member
        raise ValueError(f"{cls._ruling_id}: no reading is the site's")

    @classmethod
    def read(cls, readings: Mapping[str, str]) -> Self:
        """The reading in force (a ``Readings``), the site's if the ruling is not among them."""
        chosen = readings.get(cls._ruling_id)
        return cls.default() if chosen is None else cls.of(chosen)

    @classmethod
    def of(cls, reading_id: str) -> Self:
        """The reading with this id."""
        for member in cls:
            if member._value_ == reading_id:
                return member
        raise ValueError(f"{cls._ruling_id} has no reading {reading_id!r}")

    @property
    def is_default(self) -> bool:
        return self.reading.default


def ruling_fields(record: type, base: type | None = None) -> dict[str, tuple[str, type[RulingEnum]]]:
    """Each ruling's field of an options record (a dataclass whose fields default to a reading,
    ``paradox: Paradox = Paradox.default()``), by ruling id; ``base``: leave out the fields it has."""
    skip = {f.name for f in fields(base)} if base is not None else set()
    return {type(f.default).ruling_id(): (f.name, type(f.default)) for f in fields(record)
            if isinstance(f.default, RulingEnum) and f.name not in skip}


def rulings_of(*kinds: type[RulingEnum]) -> tuple[Ruling, ...]:
    """A game's ``RULINGS``: its ruling enums as data."""
    return tuple(kind.ruling() for kind in kinds)


class Readings(Mapping):
    """The readings in force for one calculation: ruling id -> reading id (the default unless chosen)."""

    def __init__(self, chosen: Mapping[str, str], rulings: tuple[Ruling, ...]):
        self._rulings = {r.id: r for r in rulings}
        for rid, reading in chosen.items():
            self._rulings[rid].reading(reading)  # unknown ruling or reading: KeyError
        self._chosen = {rid: chosen.get(rid, r.default.id) for rid, r in self._rulings.items()}

    def __getitem__(self, ruling_id: str) -> str:
        return self._chosen[ruling_id]

    def __iter__(self) -> Iterator[str]:
        return iter(self._chosen)

    def __len__(self) -> int:
        return len(self._chosen)

    def is_default(self, ruling_id: str) -> bool:
        return self._chosen[ruling_id] == self._rulings[ruling_id].default.id

    @property
    def all_default(self) -> bool:
        """Every ruling at the site's reading."""
        return all(self.is_default(rid) for rid in self._chosen)

    def ruling(self, ruling_id: str) -> Ruling:
        return self._rulings[ruling_id]

    def switched(self, ruling_id: str, reading_id: str) -> Readings:
        """The same readings with one ruling switched to another reading."""
        return Readings({**self._chosen, ruling_id: reading_id}, tuple(self._rulings.values()))

    def cite(self, ruling_id: str) -> str:
        """``"DIP R4: fallback-to-land"``: how a result cites the reading it used."""
        return f"{ruling_id}: {self._chosen[ruling_id]}"

    def defaults(self) -> Readings:
        return Readings({}, tuple(self._rulings.values()))

    def names(self) -> dict[str, str]:
        """Each citation (``"DIP R2: all-hold"``) and how a reader reads it (``"DIP R2: All hold"``)."""
        return {self.cite(r): f"{r}: {self._rulings[r].reading(self._chosen[r]).label}" for r in self._chosen}

    def __repr__(self) -> str:
        return f"Readings({self._chosen!r})"


@lru_cache(maxsize=1)
def all_rulings() -> dict[str, Ruling]:
    """Every switchable ruling of every game, by id (each game's ``readings.py``, where it has one)."""
    out: dict[str, Ruling] = {}
    for game in GAME_PACKAGES:
        try:
            module = importlib.import_module(f"calculators.{game}.readings")
        except ModuleNotFoundError as err:
            if err.name != f"calculators.{game}.readings":
                raise
            continue
        for ruling in module.RULINGS:
            if ruling.id in out:
                raise ValueError(f"ruling {ruling.id} declared twice")
            out[ruling.id] = ruling
    return out


def default_readings(ruling_ids) -> Readings:
    """The site's own readings for these rulings."""
    return Readings({}, tuple(all_rulings()[r] for r in ruling_ids))


def named(text: str, names: Mapping[str, str]) -> str:
    """``text`` with each reading's citation (``"DIP 8.2, DIP R2: all-hold"``, as the adjudicators' "Rules"
    column cites it) replaced by its name (``"DIP 8.2, DIP R2: All hold"``): a reading's id is for links and
    parameters, never for a reader (issue 24).

    >>> named("DIP 8.2, DIP R2: 1982; DIP R2: 1982 rule", {"DIP R2: 1982": "DIP R2: 1982 rule"})
    'DIP 8.2, DIP R2: 1982 rule; DIP R2: 1982 rule'
    """
    if not names or ": " not in text:
        return text
    def one(cite: str) -> str:
        # a name that starts with its citation ("DIP R2: 1982" -> "DIP R2: 1982 rule") is left as it is
        name = names[cite]
        rest = name[len(cite):] if name.startswith(cite) and name != cite else ""
        return re.escape(cite) + (f"(?!{re.escape(rest)})" if rest else "")

    pattern = "|".join(one(c) for c in sorted(names, key=len, reverse=True))
    return re.sub(rf"(?<![\w-])(?:{pattern})(?![\w-])", lambda m: names[m.group(0)], text)


def named_result(result: dict, names: Mapping[str, str]) -> dict:
    """A result's reader-facing text (summary, notes, table titles, columns and cells) with readings named,
    not cited by id; its data and rules list keep the ids (links and figures are made from them)."""
    def fix(value: Any) -> Any:
        return named(value, names) if isinstance(value, str) else value

    out = {**result, "summary": fix(result.get("summary", "")), "notes": [fix(n) for n in result.get("notes", [])]}
    out["tables"] = [{**t, "title": fix(t.get("title", "")), "columns": [fix(c) for c in t.get("columns", [])],
                      "rows": [[fix(c) for c in row] for row in t.get("rows", [])]} for t in result.get("tables", [])]
    return out
