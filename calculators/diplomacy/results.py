"""One result for an adjudicated phase, for every variant: what the adjudicators show (issue 28).

``present`` turns a phase (a ``Turn``, its steps run) into the calculator's ``Result``.  Every variant's
result has the same data: the orders and their results (``orders``, ``counts``, ``fates``), the phase and
the next one (``phase``, ``phase_code``, ``next_phase``), the position after it in the variant's own
notation (``position_after``, written by ``variant.write_position``, which ``variant.read_position``
reads back), the winner and the centres, the game record's entry (``record``) and the form of the
next phase (``next``); and the same tables: the results first, and the retreats due (``retreats_table``,
which the variant's extras place among its own).  What a variant adds is its record's ``extras`` (the
standard game: the dislodged units with their retreats, the adjustments due, the position and its board;
War of the Worlds: the Martian, the landing, the destroyed centres, the virus), and its words for the season
(``variant.summary``).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core.result import Next, Result, Table
from ..core.words import agreeing, counted
from .adjustments import adjustments_due, buildable
from .orders import Build, Outcome, Status, Waive
from .position import Dislodged, Position
from .retreats import retreat_options
from .turn import Extras, Turn, Variant
from .units import PhaseKind

if TYPE_CHECKING:
    pass


COMMON = frozenset({"phase", "phase_code", "orders", "counts", "fates", "next_phase", "position_after", "winner",
                    "centres", "record", "next", "waived"})
"""The data every adjudicator's result has, whatever its variant."""

Follow = Callable[[str], tuple[str, dict[str, Any]]]
"""The next phase as the calculator's form takes it: given the position after the phase (its text), the
label of the "continue" button and the form's parameters."""


class Tally(NamedTuple):
    """A phase's results in written order: the orders and units' defaults listed (``listed``), the written orders
    counted by result (``counts``, ``written``), the units' defaults (``defaults``: a unit that holds, is disbanded
    or removed is listed but is no order), and the builds each power left unordered (``waived``, DIP 13.3: neither
    an order nor listed, a note)."""

    listed: tuple[Outcome, ...]
    counts: Mapping[Status, int]
    written: int
    defaults: int
    waived: Mapping[str, int]


def tally(turn: Turn) -> Tally:
    counts = {s: 0 for s in Status}
    listed, waived, written, defaults = [], {}, 0, 0
    for o in sorted(turn.outcomes, key=lambda o: (o.line == 0, o.line)):
        if o.line == 0 and isinstance(o.order, Waive):
            waived[o.power] = _waived(turn, o.power)
            continue
        if o.line:
            counts[o.status] += 1
            written += 1
        else:
            defaults += 1
        listed.append(o)
    return Tally(tuple(listed), counts, written, defaults, waived)


def _waived(turn: Turn, power: str) -> int:
    """DIP 13.3: how many builds a power left unordered (its builds due less the builds and waives it wrote)."""
    used = sum(1 for x in turn.outcomes if x.line and x.power == power and x.status is Status.SUCCEEDS
               and isinstance(x.order, (Build, Waive)))
    return adjustments_due(turn.start).get(power, 0) - used


def present(turn: Turn, orders_text: str, *, rules: Iterable[str] = (), notes: Iterable[str] = (),
            follow: Follow | None = None) -> Result:
    """The result of one phase of any variant: the common data and tables, then the variant's extras.

    ``orders_text``: the orders as the variant writes them (the game record's entry); ``rules`` and ``notes``:
    the calculator's own (the rules it always applies, the readings it cites, a note on its input);
    ``follow``: the form of the next phase (none once someone has won)."""
    from .differences import fates  # a result's, not a season's: the steps of a season never need it

    variant, after = turn.variant, turn.position
    done = tally(turn)
    outcomes = done.listed
    after_text = variant.write_position(variant, after)
    summary = variant.summary(turn)
    data: dict[str, Any] = {
        "phase": turn.phase.label(), "phase_code": turn.phase.code,
        "orders": [{"power": o.power, "order": o.text, "result": o.status.value, "dislodged": o.dislodged,
                    "reason": o.reason, "rules": list(o.rules), "line": o.line, "eliminated": o.eliminated}
                   for o in outcomes],
        "fates": fates(turn), "counts": {s.value: n for s, n in done.counts.items()}, "waived": dict(done.waived),
        "next_phase": None if turn.winner else after.phase.label(), "position_after": after_text,
        "winner": turn.winner, "centres": {p: after.centre_count(p) for p in after.powers()},
        # One entry of a game record (game.GameRecord): what the widget saves and exports per phase.
        "record": {"phase": turn.phase.label(), "code": turn.phase.code, "orders": orders_text, "summary": summary},
    }
    tables = [Table(f"{turn.phase.label()}: results", ["Power", "Order", "Result", "Reason", "Rules"],
                    [o.row() for o in outcomes])]
    cited = list(rules)
    for o in sorted(turn.outcomes, key=lambda o: (o.line == 0, o.line)):
        cited += o.rules
    notes = [*(f"{p} waives {n} build{'s' if n != 1 else ''} it did not order (DIP 13.3, DIP R17)."
               for p, n in done.waived.items()), *notes]
    if after.dislodged:
        cited.append("DIP 2.4")
    extras = variant.extras(turn)
    clash = COMMON & set(extras.data)
    if clash:
        raise ValueError(f"{variant.name}'s extras name common data: {sorted(clash)}")
    data.update(extras.data)
    label, params = follow(after_text) if follow is not None and not turn.winner else ("", None)
    data["next"] = params
    return Result(summary=summary, data=data, rules=list(dict.fromkeys([*cited, *extras.rules])),
                  tables=tables + list(extras.tables), charts=list(extras.charts),
                  notes=[n for n in [*notes, *extras.notes] if n], next=Next(label, params) if params else None)


def retreat_places(variant: Variant, position: Position, d: Dislodged) -> list[str]:
    """DIP 12.1-12.3: where a dislodged unit may retreat, as the variant writes places."""
    return [variant.show(x) for x in retreat_options(variant.board, position, d)]


def retreats_table(variant: Variant, position: Position) -> Table:
    """The dislodged units and where each may go (DIP 12.1-12.3; ruling DIP R6 after an attack by convoy)."""
    rows = []
    for d in position.dislodged:
        came = variant.show(d.attacker_from) if d.attacker_from else "(by convoy)"
        rows.append([d.unit.power, d.unit.label(), came,
                     ", ".join(retreat_places(variant, position, d)) or "nowhere: it will be disbanded"])
    return Table("Retreats due", ["Power", "Dislodged unit", "Attacked from", "May retreat to"], rows)


# -- the standard game's record: its summary and its extras ------------------------------------------------
def standard_summary(turn: Turn) -> str:
    """The phase in a sentence: how many written orders succeed, fail, are illegal, unreadable or void; the units
    without an order; who is dislodged; who wins."""
    done, after = tally(turn), turn.position
    counts, n = done.counts, done.written
    parts = [f"{k} {agreeing(k, verb)}" for k, verb in ((counts[Status.SUCCEEDS], "succeed"),
                                                        (counts[Status.FAILS], "fail"))]
    parts += [f"{counts[s]} {s.value}" for s in (Status.ILLEGAL, Status.UNREADABLE, Status.VOID) if counts[s]]
    summary = f"{turn.phase.label()}: {counted(n, 'order')}, " + ", ".join(parts) + "."
    # Dislodged with no place to retreat to: disbanded at once, no retreat phase (DIP 12.4, ruling DIP R20).
    stranded = len(turn.removed) if turn.phase.kind is PhaseKind.MOVEMENT else 0
    defaults = done.defaults - stranded  # their disbands are not units without an order
    if defaults:
        summary += f" {counted(defaults, 'unit')} without an order."
    dislodged = len(after.dislodged)
    if dislodged:
        summary += f" {counted(dislodged, 'unit')} dislodged."
    if stranded:
        # short: the headline stays within 140 characters (issue 24); the fates say which units and why
        summary += f" {counted(stranded, 'unit')} disbanded: nowhere to retreat (DIP 12.4)."
    if turn.winner:
        summary += (f" {turn.winner} has {after.centre_count(turn.winner)} supply centres and wins (DIP 1.1): "
                    "the game is over.")
    else:
        summary += f" Next: {after.phase.label()}."
    return summary


def standard_extras(turn: Turn) -> Extras:
    """The standard game's own part of the result: each dislodged unit's retreats, the adjustments due, the
    position table, and the board with the phase's orders and their results."""
    from .board_svg import board_table

    variant, after = turn.variant, turn.position
    dislodged = [{"power": d.unit.power, "unit": d.unit.label(),
                  "attacked_from": variant.show(d.attacker_from) if d.attacker_from else None,
                  "retreats": retreat_places(variant, after, d)} for d in after.dislodged]
    # DIP 1.1: a win ends the game, so nothing is due after it.
    due = adjustments_due(after) if after.phase.kind is PhaseKind.ADJUSTMENTS and not turn.winner else {}
    tables = [retreats_table(variant, after)] if after.dislodged else []
    if due:
        tables.append(Table("Adjustments due", ["Power", "Centres", "Units", "Builds (+) or disbands (-)",
                                                "May build in"],
                            [[p, after.centre_count(p), len(after.units_of(p)), f"{n:+d}",
                              ", ".join(variant.show(c) for c in buildable(variant.board, after, p)) if n > 0 else ""]
                             for p, n in due.items()]))
    tables.append(Table(f"Position for {after.phase.label()}", ["Power", "Units", "Centres", "Supply centres"],
                        [[p, ", ".join(u.label() for u in after.units_of(p)), after.centre_count(p),
                          ", ".join(variant.show(c) for c, o in after.owners.items() if o == p)]
                         for p in after.powers()]))
    title = f"{turn.phase.label()}: orders and results"
    tables.append(board_table(turn.start, turn.outcomes))
    charts = ({"type": "svg", "title": title, "svg": variant.draw(variant, turn, title)},) if variant.draw else ()
    return Extras(data={"dislodged": dislodged, "adjustments": due}, tables=tuple(tables), charts=charts,
                  rules=("DIP 1.1",) if turn.winner else ())
