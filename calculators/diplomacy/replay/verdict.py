"""Whether the site's result of an order, and the board after a phase, match a recording (ruling DIP R32).

A recording says what became of an order in its own words: the ``diplomacy`` package's results (``bounce``,
``cut``, ``void``, ``no convoy``, ``disrupted``, ``dislodged``, ``disband``; none, or ``""``, when the order
succeeded) or a judge's (``(*bounce*)``).  They are compared with the site's result by their effect on the
board: whether a move, retreat, build or removal happened, and whether the unit was dislodged.  What a
program calls a support or a convoy that changed nothing is its own vocabulary: those words are shown side
by side, and the board after the phase is compared whole.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..adjustments import adjustments_due, buildable
from ..map import GameMap, show
from ..orders import Outcome, Status
from ..position import Position
from ..retreats import retreat_options
from ..units import Phase, PhaseKind, Unit

# The words that say an order of each kind did not happen (ruling DIP R32); the kinds not named here (hold,
# support, convoy) change the board only through the moves and dislodgements they make.
FAILED = {
    "move": frozenset({"bounce", "void", "no convoy", "disrupted", "dislodged"}),
    "retreat": frozenset({"bounce", "disband", "void"}),
    "disband": frozenset({"void"}),
    "build": frozenset({"void"}),
}


@dataclass(frozen=True)
class Effect:
    """What became of an order on the board, as far as a recording and the site can both say: it happened
    (None for an order that moves nothing itself), and its unit was dislodged."""

    happened: bool | None
    dislodged: bool = False

    def agrees(self, other: Effect) -> bool:
        if self.dislodged != other.dislodged:
            return False
        return self.happened is None or other.happened is None or self.happened == other.happened


@dataclass(frozen=True)
class Difference:
    """One way the site's result differs from the recording: the order or part of the board (``part``), each
    side in words, and the rules the site's side rests on."""

    part: str
    recorded: str
    site: str
    rules: tuple[str, ...] = ()


def recorded_effect(kind: str, words: Iterable[str]) -> Effect | None:
    """Ruling DIP R32: the effect a recording's words give an order of this kind (None: a waive, which changes
    nothing on the board, so the package's ``void`` for it says nothing)."""
    if kind == "waive":
        return None
    said = {w.strip().lower() for w in words if w.strip()}
    failed = FAILED.get(kind)
    return Effect(None if failed is None else not said & failed, "dislodged" in said)


def site_effect(kind: str, outcome: Outcome) -> Effect:
    return Effect(outcome.status is Status.SUCCEEDS if kind in FAILED else None, outcome.dislodged)


def recorded_words(kind: str, words: tuple[str, ...], dest: str | None, by_land: bool) -> str:
    """A recorded result in words: ``moved over land``, ``bounced``, ``support cut``, ``dislodged``."""
    said = [w for w in (x.strip().lower() for x in words) if w]
    effect = recorded_effect(kind, said)
    if effect is None:
        return "waived"
    if effect.happened is False:
        return ", ".join(said) or "failed"
    done = {"move": f"moved to {show(dest)}" + (" over land" if by_land else "") if dest else "moved",
            "retreat": f"retreated to {show(dest)}" if dest else "retreated", "disband": "disbanded",
            "build": "built"}.get(kind)
    return ", ".join(w for w in [done, *said] if w) or {"support": "support given", "convoy": "convoy held"}.get(
        kind, "held")


def site_words(outcome: Outcome) -> str:
    return f"{outcome.status.value}: {outcome.reason}" if outcome.reason else outcome.status.value


def _units(units: Iterable[Unit]) -> set[tuple[str, str, str]]:
    return {(u.power, u.type.value, u.location) for u in units}


def _listed(items: set[tuple[str, str, str]]) -> str:
    return ", ".join(f"{power} {kind} {show(loc)}" for power, kind, loc in sorted(items)) or "none"


def _sets(part: str, recorded: set, site: set, rules: tuple[str, ...]) -> list[Difference]:
    if recorded == site:
        return []
    return [Difference(part, _listed(recorded - site), _listed(site - recorded), rules)]


def board_differences(gmap: GameMap, after: Position, recorded: Position,
                      retreats: Mapping[str, frozenset[str]]) -> list[Difference]:
    """DIP 10.2, 12.1-12.3, 14.3, ruling DIP R32: the board after a phase against the recording's next phase:
    the units, the dislodged units and where each may retreat, and who owns each supply centre."""
    out = _sets("units", _units(recorded.units), _units(after.units), ("DIP 10.1",))
    # A dislodged unit with nowhere to go is disbanded: listed until the retreat phase or gone at once, the
    # same (ruling DIP R32).
    stays = [d.unit for d in after.dislodged if retreat_options(gmap, after, d)]
    theirs = [d.unit for d in recorded.dislodged if retreats.get(d.unit.location, retreat_options(gmap, recorded, d))]
    out += _sets("dislodged units", _units(theirs), _units(stays), ("DIP 10.2", "DIP 12.4"))
    theirs_by_place = {d.unit.location: d for d in recorded.dislodged}
    for d in after.dislodged:
        written = retreats.get(d.unit.location)
        if written is None and d.unit.location in theirs_by_place:  # no list recorded: the recorded position's
            written = frozenset(retreat_options(gmap, recorded, theirs_by_place[d.unit.location]))
        mine = frozenset(retreat_options(gmap, after, d))
        if written is not None and written != mine:
            out.append(Difference(f"retreats of {d.unit.label()}", _places(written), _places(mine),
                                  ("DIP 12.1", "DIP 12.2", "DIP 12.3")))
    if dict(recorded.owners) != dict(after.owners):
        changed = sorted(set(recorded.owners.items()) ^ set(after.owners.items()))
        centres = sorted({c for c, _ in changed})
        out.append(Difference("supply centres", _owners(recorded, centres), _owners(after, centres), ("DIP 14.3",)))
    return out


def _places(locations) -> str:
    return ", ".join(show(x) for x in sorted(locations)) or "none"


def _owners(position: Position, centres: list[str]) -> str:
    return ", ".join(f"{show(c)} {position.owners.get(c, 'unowned')}" for c in centres)


def nothing_to_choose(gmap: GameMap, position: Position) -> bool:
    """Rulings DIP R20, R32: a phase the site plays in which no player has a choice: a retreat phase where no
    dislodged unit can retreat (each is disbanded), or a Winter where the only adjustments due are builds with
    no free home centre to build in.  A recording may skip it; the board after it is what is compared."""
    if position.phase.kind is PhaseKind.RETREATS:
        return all(not retreat_options(gmap, position, d) for d in position.dislodged)
    if position.phase.kind is PhaseKind.ADJUSTMENTS:
        due = adjustments_due(position)
        return all(n > 0 and not buildable(gmap, position, p) for p, n in due.items())
    return False


def calendar_difference(after: Position, recorded: Phase | None) -> Difference | None:
    """DIP 2.1-2.5, ruling DIP R20: the next phase against the recording's."""
    if recorded is None or recorded == after.phase:
        return None
    return Difference("next phase", recorded.label(), after.phase.label(), ("DIP 2.1", "DIP R20"))
