"""A recorded game played again by the site's engine, phase by phase (rulings DIP R32, R33).

Each phase starts from the position the recording gives it, so a difference in one phase is not carried
into the next; a pasted list, which records no positions, goes on from the site's own result.  The site's
result of each order is set beside the recording's, and the board after the phase beside the recording's
next phase.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..game import adjudicate_parsed
from ..gamefile.diplomacy_json import unit_key
from ..gamefile.record import ImportedGame, RecordedOrder, RecordedPhase
from ..map import convoy_routes_exist, province_of
from ..notation import written
from ..orders import Build, Outcome, ParsedOrder, spec_of
from ..parser import ParseError
from ..position import Position
from ..readings import DEFAULT, Options
from ..turn import PhaseResult
from ..units import PhaseKind
from ..variant import STANDARD, reader_for, unreadable
from .verdict import (Difference, board_differences, calendar_difference, nothing_to_choose, recorded_effect,
                      recorded_words, site_effect, site_words)


@dataclass(frozen=True)
class OrderVerdict:
    """One order's (or one unordered unit's) result on the site, beside what the recording says of it."""

    outcome: Outcome
    recorded: RecordedOrder | None
    words: tuple[str, ...] | None  # the recording's words for it; None: it records nothing for it
    matches: bool | None
    difference: Difference | None = None


@dataclass(frozen=True)
class PhaseReplay:
    """One phase played again: where it started (``origin``: ``recorded``, ``site`` for a pasted list going on
    from the site's result, ``inserted`` for a phase the list leaves out), its orders in the site's notation,
    the site's result and how it compares."""

    recorded: RecordedPhase
    start: Position
    orders_text: str
    result: PhaseResult
    verdicts: tuple[OrderVerdict, ...]
    differences: tuple[Difference, ...]
    compared: bool
    origin: str = "recorded"
    following: RecordedPhase | None = None  # the recording's next phase, which the board after it is compared with
    skipped: tuple[PhaseReplay, ...] = ()  # phases the site plays after it with no choice in them (the recording skips)

    @property
    def matches(self) -> bool | None:
        return (not self.differences) if self.compared else None


@dataclass(frozen=True)
class Written:
    """A recorded order in the site's notation (its line for the adjudicator) and as the adjudicator reads that
    line (``parsed``), or why it cannot be read (``error``)."""

    text: str
    parsed: ParsedOrder | None
    error: ParseError | None = None


@lru_cache(maxsize=1024)
def write_orders(orders: tuple[RecordedOrder, ...]) -> tuple[Written, ...]:
    """DIP 4.1, rulings DIP R30, R31: each recorded order in the site's notation, one a line (a line the parser
    cannot read stays as recorded: the adjudicator says why it is ignored).  Remembered: the search for a
    reading plays a phase a dozen times."""
    reader = reader_for(STANDARD)
    out = []
    for n, o in enumerate(orders, 1):
        text = " ".join(o.text.split())  # one line each, whatever the recording holds
        full = f"{o.power}: {text}" if o.power and ":" not in text else text
        try:
            parsed = reader.order(full)
            if parsed is None:
                raise ParseError(n, full, "no order on this line")
            line = written(parsed)
            out.append(Written(line, reader.order(line, n)))
        except ParseError as err:
            out.append(Written(full, None, ParseError(n, full, err.message)))
    return tuple(out)


def _key(outcome: Outcome) -> str | None:
    """The unit a recording names an outcome's order by: ``A PAR``, ``F STP/SC`` (the package's words)."""
    order = outcome.order
    unit = getattr(order, "unit", None)
    if unit is not None:
        return f"{unit.type.value} {unit.location.upper()}"
    if isinstance(order, Build):
        return f"{order.type.value} {order.location.upper()}"
    return None


def _kind(outcome: Outcome, parsed: ParsedOrder | None, phase_kind: PhaseKind) -> str:
    if outcome.order is not None:
        return spec_of(outcome.order).name
    if parsed is not None:
        return parsed.spec.name
    return "disband" if phase_kind is not PhaseKind.MOVEMENT else "hold"


def _by_land(parsed: ParsedOrder | None, written_orders: tuple[Written, ...]) -> bool:
    """A move via convoy that no chain of the fleets the recording ordered to convoy it could carry (DIP 8.2):
    if it moved, it went over land."""
    army = parsed.province if parsed is not None else None
    if parsed is None or not parsed.via_convoy or parsed.dest is None or army is None:
        return False
    dest = province_of(parsed.dest)
    fleets = {w.parsed.province for w in written_orders if w.parsed is not None and w.parsed.spec.name == "convoy"
              and w.parsed.target is not None and w.parsed.dest is not None
              and province_of(w.parsed.target) == army and province_of(w.parsed.dest) == dest}
    fleets &= {p for p in fleets if p in STANDARD.map.sea_adjacency}
    return not convoy_routes_exist(STANDARD.map, army, dest, fleets)


def verdicts(rec: RecordedPhase, written_orders: tuple[Written, ...], result: PhaseResult) -> list[OrderVerdict]:
    """Ruling DIP R32: every outcome of the phase beside the recording's words for the same order or unit."""
    out = []
    for o in sorted(result.outcomes, key=lambda o: (o.line == 0, o.line)):
        recorded = rec.orders[o.line - 1] if 0 < o.line <= len(rec.orders) else None
        w = written_orders[o.line - 1] if recorded is not None else None
        words = recorded.results if recorded is not None else None
        if words is None:
            key = unit_key(recorded.text) if recorded is not None else _key(o)
            words = rec.unit_results.get(key) if key is not None else None
        kind = _kind(o, w.parsed if w else None, result.phase.kind)
        expected = recorded_effect(kind, words) if words is not None else None
        if words is None or expected is None:
            out.append(OrderVerdict(o, recorded, words, None))
            continue
        same = expected.agrees(site_effect(kind, o))
        difference = None if same else Difference(
            o.text, recorded_words(kind, words, w.parsed.dest if w and w.parsed else None,
                                   _by_land(w.parsed if w else None, written_orders)), site_words(o), o.rules)
        out.append(OrderVerdict(o, recorded, words, same, difference))
    return out


def replay_phase(rec: RecordedPhase, start: Position, following: RecordedPhase | None,
                 options: Options = DEFAULT, origin: str = "recorded") -> PhaseReplay:
    """Rulings DIP R32, R33: one phase from ``start`` with the recorded orders, compared with the recording (its
    words for each order, and the next phase's position when it records one)."""
    written_orders = write_orders(rec.orders)
    text = "\n".join(w.text for w in written_orders)
    parsed = tuple(w.parsed for w in written_orders if w.parsed is not None)
    unread = tuple(unreadable(w.error) for w in written_orders if w.error is not None)
    result = adjudicate_parsed(start, parsed, STANDARD, unread, options)  # the same as reading ``text`` again
    found = verdicts(rec, written_orders, result)
    differences = [v.difference for v in found if v.difference is not None]
    compared = any(v.matches is not None for v in found)
    skipped: list[PhaseReplay] = []
    if following is not None and following.position is not None and not result.winner:
        compared = True
        after = result.after
        while following.phase != after.phase and nothing_to_choose(STANDARD.map, after) and len(skipped) < 2:
            blank = RecordedPhase(after.phase.code, after.phase, after)
            skipped.append(replay_phase(blank, after, None, options, "inserted"))
            after = skipped[-1].result.after
        differences += board_differences(STANDARD.map, after, following.position, following.retreats)
        calendar = calendar_difference(after, following.phase)
        differences += [calendar] if calendar else []
    return PhaseReplay(rec, start, text, result, tuple(found), tuple(differences), compared, origin, following,
                       tuple(skipped))


def _inserted(position: Position, rec: RecordedPhase, options: Options) -> list[PhaseReplay]:
    """Ruling DIP R33: the phases the site plays that a pasted list leaves out (a retreat phase, a Winter), each
    with no orders, until the list's next phase."""
    out: list[PhaseReplay] = []
    while rec.phase is not None and position.phase.key < rec.phase.key and len(out) < 4:
        blank = RecordedPhase(position.phase.code, position.phase, position, played=True)
        played = replay_phase(blank, position, None, options, "inserted")
        out.append(played)
        position = played.result.after
    return out


def replay_game(game: ImportedGame, options: Options = DEFAULT) -> list[PhaseReplay]:
    """Rulings DIP R32, R33: every played phase of the game, in order."""
    out: list[PhaseReplay] = []
    phases = game.phases
    for i, rec in enumerate(phases):
        if not rec.played or rec.phase is None:
            continue
        following = phases[i + 1] if i + 1 < len(phases) else None
        start, origin = rec.position, "recorded"
        if start is None:
            if not out:
                continue
            start, origin = out[-1].result.after, "site"
            out.extend(_inserted(start, rec, options))
            start = out[-1].result.after if out[-1].origin == "inserted" else start
            if start.phase != rec.phase:
                continue  # the list's phase does not come on the site: presented as not played
        out.append(replay_phase(rec, start, following, options, origin))
    return out
