"""What a War of the Worlds season adds to every variant's result (the record's ``extras``), and its summary.

The common part (the orders, the phase, the position after it, the winner, the retreats due) is written by
the standard package's one presenter (``diplomacy.results``); this adds the variant's own: the Earth and the
Martian units, the landing and what it eliminated, the Martian losses, the centres destroyed, the virus checks
and removals, the end of the game, the Winter adjustments, and the board with the Martian's pieces.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..core import Table
from ..core.games import RULE_ID
from ..core.words import agreeing, counted
from ..diplomacy.api import Extras, PhaseKind, Position, Season, Status, Turn, retreats_table
from .adjust import adjustments
from .board import MARTIAN, TOTAL_CENTRES, board, show
from .endgame import LAST_LANDING, VirusCheck, check_applies, first_check_text, season_key
from .readings import Landing, WotwOptions
from .removal import describe as describe_removal
from .state import Report, report_of, state

RULES = ("WOTW 1.1", "WOTW 2.2", "WOTW 2.3", "WOTW 3.3", "WOTW 3.4", "WOTW 3.6", "WOTW 4.1", "WOTW 4.2", "WOTW 5.1",
         "WOTW 5.3", "WOTW 5.5", "WOTW 5.6", "WOTW 5.7", "WOTW 5.8", "WOTW 5.9", "WOTW 6.1", "WOTW 6.2",
         "WOTW 7.1", "WOTW 7.2", "WOTW 7.3", "WOTW 8.1", "WOTW 8.2", "WOTW 9.1", "WOTW R4", "WOTW R6", "WOTW R7",
         "WOTW R8", "WOTW R11", "WOTW R12", "WOTW R13", "WOTW R14", "WOTW R15", "WOTW R16", "WOTW R17")
AFTER_RULES = ("WOTW 9.2", "WOTW 9.3", "WOTW 9.4", "WOTW R5", "WOTW R9")  # and in Summer and Winter


def named(texts: Iterable[str]) -> list[str]:
    """The rule IDs the texts name, in the order they name them."""
    return [r for text in texts if text for r in RULE_ID.findall(text)]


def applied(turn: Turn, report: Report, texts: Iterable[str]) -> tuple[str, ...]:
    """The rules this season applied beyond its orders' own (issue 24: not every rule of the variant): those its
    summary and notes name, and those of what happened (a landing, centres destroyed, a victory, removals)."""
    cited = named(texts)
    if report.landing:
        cited += ["WOTW 3.3", "WOTW 3.4", "WOTW 3.6"]
    if report.destroyed_now:
        cited.append("WOTW 8.1")
    if turn.winner:
        cited += ["WOTW 2.2", "WOTW 2.3"]
    if report.removals:
        cited += AFTER_RULES
    return tuple(dict.fromkeys(cited))


def place(location: str) -> str:
    """A place as the variant's results write it: seas in capitals (TYS), a coast after its province (StP/nc)."""
    prov, _, coast = location.partition("/")
    return show(prov) + (f"/{coast}" if coast else "")


# -- the notes ------------------------------------------------------------------------------------------
def _virus_note(check: VirusCheck | None, position: Position, started_active: bool, when: str) -> str:
    if check is None:
        return ""
    met = "met" if check.active else "not met"
    return (f"Virus check at the end of {when} (WOTW 9.1): the thresholds are {met} ({check.destroyed} destroyed, "
            f"largest Earth power {check.largest}); the virus is "
            f"{'active' if state(position).virus else 'not active'}"
            + ("; it was already active and stays active (ruling WOTW R10)." if started_active else "."))


def _no_check_note(turn: Turn) -> str:
    """Why a season after the last landing makes no virus check (ruling WOTW R1, under a later first check)."""
    first = WotwOptions.of(turn.options).first_check
    season, year = turn.phase.season, turn.phase.year
    if season_key(year, season) < season_key(LAST_LANDING[1], LAST_LANDING[0]) or check_applies(year, season, first):
        return ""
    return (f"No virus check at the end of {season.display} {year}: the first is made at the end of "
            f"{first_check_text(first)} (ruling WOTW R1).")


def _event_notes(turn: Turn, report: Report) -> list[str]:
    gmap, st = board(), state(turn.position)
    notes = []
    if report.landing:
        when = "before" if WotwOptions.of(turn.options).landing is Landing.BEFORE_MOVES else "after"
        notes.append(f"Cylinder lands in {gmap.provinces[report.landing].name} {when} the moves "
                     "(ruling WOTW R6): "
                     + ("eliminates " + ", ".join(report.eliminated) if report.eliminated else "no unit there")
                     + "; a new 3A stands there and gives no order this season (WOTW 3.6).")
    notes.extend(report.losses)
    if report.destroyed_now:
        notes.append("Destroyed this season (WOTW 3.3, 8.1): " + ", ".join(gmap.provinces[c].name
                                                                            for c in report.destroyed_now)
                     + f". {len(st.destroyed)} of {TOTAL_CENTRES} destroyed in all.")
    return notes


def _notes(turn: Turn, report: Report) -> list[str]:
    """The season's events, the virus checks and the end of the game, in the order they happened."""
    started, year = state(turn.start), turn.phase.year
    notes = _event_notes(turn, report)
    if report.fall_check is not None:
        notes.append(_virus_note(report.fall_check, turn.position, started.virus, f"Fall {year}, after its retreats"))
    if report.deferred:
        notes.append("Fall's retreats are still to come: the centres change hands, and the Earth win and the virus "
                     f"are checked, after them, in Winter {year} (DIP 14.3, ruling WOTW R14).")
    if report.virus is not None:
        notes.append(_virus_note(report.virus, turn.position, started.virus, f"{turn.phase.season.display} {year}"))
    elif not report.deferred:
        notes.append(_no_check_note(turn))
    notes.extend(turn.notes)
    notes.append(report.end.text if report.end is not None else "")
    after = turn.position.phase
    if turn.phase.season is Season.SPRING and after.season is Season.FALL and not turn.winner:
        # Said, not silent: a player expecting a Summer learns why the game goes straight to Fall.
        notes.append(f"No Summer {year} is played: no unit has a retreat to choose and the virus takes no "
                     f"points, so there is nothing to decide; Fall {after.year} follows (ruling WOTW R17).")
    return notes


# -- the data and tables ----------------------------------------------------------------------------------
def _check_data(check: VirusCheck | None) -> dict[str, Any] | None:
    """The season's virus check: whether its thresholds are met (the virus's state is ``virus_active``)."""
    if check is None:
        return None
    out = {k: val for k, val in check.to_json().items() if k != "active"}
    out["thresholds_met"] = check.active
    return out


def _earth(position: Position) -> dict[str, list[str]]:
    powers = sorted({u.power for u in position.units if u.power != MARTIAN}
                    | {d.unit.power for d in position.dislodged if d.unit.power != MARTIAN})
    return {p: sorted(u.label() for u in position.units if u.power == p) for p in powers}


def _movement(turn: Turn, report: Report, data: dict[str, Any], tables: list[Table]) -> None:
    """A movement season's own data: the dislodged units, the landing, the losses, the moves, the adjustments."""
    position = turn.position
    data.update({
        "dislodged": [f"{d.unit.power} {d.unit.label()}" for d in position.dislodged],
        "landing": show(report.landing) if report.landing else None,
        "eliminated_by_landing": list(report.eliminated), "martian_losses": list(report.losses),
        "contested": sorted(show(c) for c in position.contested),
        "after_retreats": report.deferred,  # Fall's owners, virus and end wait for its retreats (ruling WOTW R14)
        "moves": [{"power": p, "from": show(a.split("/")[0]), "to": show(b.split("/")[0]), "ok": ok}
                  for p, a, b, ok in turn.moves],
        "adjustments": None,
    })
    if turn.phase.season is Season.FALL and not report.deferred and not turn.winner:
        occupied = {u.province for u in position.units}
        per: dict[str, int] = {}
        for u in position.units:
            if u.power != MARTIAN:
                per[u.power] = per.get(u.power, 0) + 1
        adjust = adjustments(dict(position.owners), state(position).destroyed, per, occupied)
        data["adjustments"] = {p: dict(a, sites=[show(c) for c in a["sites"]]) for p, a in adjust.items()}
        tables.append(Table("Winter adjustments due", ["Power", "Centres", "Units", "Due", "May build in"],
                            [[p, a["centres"], a["units"], a["due"], ", ".join(show(c) for c in a["sites"]) or "-"]
                             for p, a in adjust.items()]))


def extras(turn: Turn) -> Extras:
    """The variant's part of the result (WOTW 2-9): its units, the landing, the destroyed centres, the virus, the
    end of the game, its adjustments, and the board after the season with the Martian's pieces."""
    report, position = report_of(turn), turn.position
    st = state(position)
    season, year = turn.phase.season, turn.phase.year
    moving = turn.phase.kind is PhaseKind.MOVEMENT
    data: dict[str, Any] = {
        "earth": _earth(position), "martian": [u.label() for u in position.units if u.power == MARTIAN],
        "destroyed_now": [show(c) for c in report.destroyed_now], "destroyed": sorted(show(c) for c in st.destroyed),
        "owners": {show(c): p for c, p in sorted(position.owners.items())},
        "virus": _check_data(report.virus), "fall_virus": _check_data(report.fall_check),
        "end": report.end.to_json() if report.end is not None else {}, "virus_active": st.virus,
    }
    pos_rows: list[list[Any]] = [[p, ", ".join(units) or "-", position.centre_count(p)]
                                 for p, units in data["earth"].items()]
    pos_rows.append(["Martian", ", ".join(data["martian"]) or "-", 0])
    tables = [Table("Position after the moves" if moving else "Position after the season",
                    ["Power", "Units", "Centres"], pos_rows)]
    if position.dislodged:
        tables.append(retreats_table(turn.variant, position))
    if moving:
        _movement(turn, report, data, tables)
    else:
        data["removals"] = [describe_removal(x) for x in report.removals]
    draw = turn.variant.draw
    charts = ({"type": "svg", "title": f"{season.display} {year}: the position after the season",
               "svg": draw(turn.variant, turn, f"War of the Worlds, {season.display} {year}")},) if draw else ()
    notes = tuple(_notes(turn, report))
    return Extras(data=data, tables=tuple(tables), charts=charts, notes=notes,
                  rules=applied(turn, report, [summary(turn), *notes]))


# -- the summary ---------------------------------------------------------------------------------------
def summary(turn: Turn) -> str:
    """The season in a sentence, and who has won (WOTW 2.2, 2.3)."""
    over = ""
    if turn.winner:
        rule = "WOTW 2.2" if turn.winner == MARTIAN else "WOTW 2.3"
        over = f" The {turn.winner} wins ({rule}): the game is over." if turn.winner == MARTIAN else \
            f" {turn.winner} wins ({rule}): the game is over."
    return _season_summary(turn, report_of(turn)) + over


def _season_summary(turn: Turn, report: Report) -> str:
    season, year = turn.phase.season.display, turn.phase.year
    if turn.phase.kind is not PhaseKind.MOVEMENT:
        points = sum(x.points for x in report.removals)
        earth = sum(1 for o in turn.outcomes if o.power != MARTIAN)
        return (f"{season} {year}: {counted(earth, 'Earth order')} adjudicated (defaults included)"
                + (f"; the Martian loses {counted(points, 'strength point')}" if points else "") + ".")
    written = [o for o in turn.outcomes if o.line]  # a unit's default (it holds) is no order
    ok = sum(1 for o in written if o.status is Status.SUCCEEDS)
    earth_units = [d for d in turn.position.dislodged if d.unit.power != MARTIAN]
    pushed = [d.unit.label() for d in turn.position.dislodged if d.unit.power == MARTIAN]
    return (f"{season} {year}: {ok} of {counted(len(written), 'order')} {agreeing(ok, 'succeed')}"
            + (f"; {counted(len(earth_units), 'Earth unit')} to retreat" if earth_units else "")
            # Dislodged with nowhere to go and no Summer to play: disbanded at once (DIP 12.4, ruling WOTW R17).
            + (f"; {counted(len(turn.removed), 'unit')} disbanded: nowhere to retreat, no Summer to play "
               "(DIP 12.4, ruling WOTW R17)" if turn.removed else "")
            + (f"; the Martian {', '.join(pushed)} to retreat (ruling WOTW R4)" if pushed else "")
            + (f"; cylinder lands in {show(report.landing)}" if report.landing else "")
            + (f", eliminating {', '.join(report.eliminated)} (WOTW 3.3)" if report.landing and report.eliminated
               else "")
            + (f"; {counted(len(report.destroyed_now), 'centre')} destroyed" if report.destroyed_now else "") + ".")
