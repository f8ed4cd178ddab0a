"""A War of the Worlds position as text: the variant record's ``read_position`` and ``write_position``.

The text is a standard position (``England: F Lon, A Lvp``, ``Centres England: ...``, ``Dislodged``,
``Contested``) with the variant's lines: ``Martian: 3A Par, A Bur``, ``Destroyed: Mar, Ser``, ``Virus: active``
(ruling WOTW R10: once active it never ends), ``Centres: none`` (ruling WOTW R16: no Earth power owns a
centre) and, under ruling WOTW R4's attacker-moves-in reading, ``Dislodged Martian: 2A Bur from Par``.
``write_position`` writes what ``read_position`` reads back, so a game goes on season after season.
"""
from __future__ import annotations

import re
from typing import NamedTuple

from ..core import InputError
from ..diplomacy.api import Dislodged, Options, ParseError, Phase, PhaseKind, Position, Variant, check_position
from ..diplomacy.api import read_position as read_standard_text
from ..diplomacy.api import reader_for
from .board import EARTH_POWERS, MARTIAN, board, lookup, show
from .readings import DislodgedMartian, WotwOptions
from .state import MartianState, state
from .units import parse_units

_VARIANT_LINE = re.compile(r"^(martians?|destroyed|virus|centres\s*:\s*none|dislodged\s+martians?)\b\s*:?\s*(.*)$",
                           re.I)
_FROM = re.compile(r"\s+(?:from|by)\s+(.+?)\s*$", re.I)


class _Lines(NamedTuple):
    """The position's text sorted: the variant's lines read, the rest left to the standard reader."""

    standard: str
    martian: str
    destroyed: frozenset[str]
    virus: bool
    no_centres: bool
    pushed: tuple[Dislodged, ...]


def _split(text: str) -> _Lines:
    """The Martian, Destroyed and Virus lines are the variant's; the rest is a standard position."""
    martian, destroyed, rest, virus, no_centres, pushed = [], set(), [], False, False, []
    for line in text.splitlines():
        m = _VARIANT_LINE.match(line.split("#", 1)[0].strip())
        if m is None:
            rest.append(line)
            continue
        word, body = m.group(1).lower(), m.group(2)
        if word.startswith("dislodged"):
            pushed += _pushed(body)
        elif word.startswith("martian"):
            martian.append(body)  # "Martian: 3A Par" or "Martian 3A Par", as "England F Lon" is read
        elif word == "virus":
            if body.strip().lower() != "active":
                raise InputError("position", "Write the virus line as 'Virus: active' (once active it never ends, "
                                             "ruling WOTW R10), or leave it out.")
            virus = True
        elif word == "destroyed":
            destroyed |= _destroyed(body)
        else:
            no_centres = True
    return _Lines("\n".join(rest), ",".join(martian), frozenset(destroyed), virus, no_centres, tuple(pushed))


def _pushed(body: str) -> list[Dislodged]:
    """``2A Bur from Par, A Mun``: dislodged Martian units and where their attackers came from."""
    out = []
    for item in (t for t in re.split(r"[,;]", body) if t.strip()):
        m = _FROM.search(item)
        origin = lookup(m.group(1), "position", item.strip()) if m else None
        out += [Dislodged(u, origin) for u in parse_units(item[:m.start()] if m else item, "position")]
    return out


def _check_pushed(phase: Phase, options: Options) -> None:
    """A dislodged Martian unit exists only in a retreat season, and only under ruling WOTW R4's attacker-moves-in
    reading (under the site's, a dislodged Martian unit remains where it is and never retreats, WOTW 7.3)."""
    if phase.kind is PhaseKind.MOVEMENT:
        raise InputError("position", "dislodged units are listed only in Summer and Winter (the retreats)")
    if WotwOptions.of(options).dislodged_martian is not DislodgedMartian.ATTACKER_MOVES_IN:
        raise InputError("position", "a Martian unit never retreats (WOTW 7.3, ruling WOTW R4): a dislodged Martian "
                                     "unit is listed only when ruling WOTW R4 is read as the attacker moving in")


def _destroyed(body: str) -> set[str]:
    out = set()
    for t in re.split(r"[,;]", body):
        if t.strip():
            p = lookup(t, "position", "Destroyed")
            if not board().provinces[p].centre:
                raise InputError("position", f"Destroyed: {board().provinces[p].name} is not a supply centre.")
            out.add(p)
    return out


def _home_centres(destroyed: frozenset[str]) -> dict[str, str]:
    """Ruling WOTW R16: with no Centres lines, each Earth power owns its home centres that are not destroyed."""
    gmap = board()
    return {c: p for p in EARTH_POWERS for c in gmap.home_centres(p) if c not in destroyed}


def read_wotw_position(variant: Variant, phase: Phase, text: str, options: Options
                       ) -> tuple[Position, tuple[str, ...]]:
    """The typed position a text gives (its landing schedule not included: the calculator's own field), and the
    notes its reading needs (a derived ownership, ruling WOTW R16).  A semicolon ends a line too, so that a
    whole position fits in a link."""
    lines = _split(text.replace(";", "\n"))
    martian = parse_units(lines.martian, "position")
    try:
        position = read_standard_text(reader_for(variant), phase, lines.standard)
    except ParseError as err:
        raise InputError("position", str(err)) from None
    # The standard checks (terrain, coasts, one unit a province, ruling DIP R21); a dislodged Earth
    # unit's attacker may be Martian, so the standard dislodged check does not apply here.
    problems = check_position(variant.board, position.replace(dislodged=()))
    if phase.kind is PhaseKind.MOVEMENT and position.dislodged:
        problems.append("dislodged units are listed only in Summer and Winter (the retreats)")
    if problems:
        raise InputError("position", "; ".join(problems[:3]) + ".")
    clash = [u for u in position.units if u.province in {m.province for m in martian}]
    if clash:
        raise InputError("position", f"{show(clash[0].province)} holds both a Martian and a {clash[0].power} unit.")
    if lines.pushed:
        _check_pushed(phase, options)
    notes, owners = [], {c: p for c, p in position.owners.items() if c not in lines.destroyed}
    if not position.owners and not lines.no_centres:
        owners = _home_centres(lines.destroyed)
        notes.append("The position gives no Centres lines, so each power is taken to own its home centres that are "
                     "not destroyed (ruling WOTW R16); add Centres lines, or 'Centres: none', to say otherwise.")
    return Position(phase, position.units + martian, owners, position.dislodged + lines.pushed, position.contested,
                    MartianState(lines.destroyed, lines.virus)), tuple(notes)


def write_wotw_position(variant: Variant, position: Position) -> str:
    """The position in the text ``read_wotw_position`` reads back, for the next season."""
    lines, st = [], state(position)
    for p in sorted({u.power for u in position.units if u.power != MARTIAN}):
        lines.append(f"{p}: " + ", ".join(u.label() for u in position.units if u.power == p))
    for p in sorted(set(position.owners.values())):
        lines.append(f"Centres {p}: " + ", ".join(show(c) for c, o in sorted(position.owners.items()) if o == p))
    if not position.owners and any(u.power != MARTIAN for u in position.units):
        lines.append("Centres: none")  # so that the next season does not take the home centres (ruling WOTW R16)
    for d in position.dislodged:
        came = f" from {show(d.attacker_from)}" if d.attacker_from else ""
        lines.append(f"Dislodged {d.unit.power}: {d.unit.label()}{came}")
    if position.contested:
        lines.append("Contested: " + ", ".join(show(c) for c in sorted(position.contested)))
    lines.append("Martian: " + ", ".join(u.label() for u in position.units if u.power == MARTIAN))
    lines.append("Destroyed: " + ", ".join(show(c) for c in sorted(st.destroyed)))
    if st.virus:
        lines.append("Virus: active")
    return "\n".join(lines)
