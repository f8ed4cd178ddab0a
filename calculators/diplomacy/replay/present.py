"""The replay's result: each phase as the board takes it, the differences named, the tables (rulings DIP R32, R33).

Each phase carries ``params``, the adjudicator's own parameters (``dip-adjudicate``: phase, position, orders,
and the readings given where they are not the site's), so that the board can show the phase by working it out
again and play on from it with changed orders or another reading.
"""
from __future__ import annotations

from ...core.params import ruling_param_name
from ...core.result import Table
from ...core.rulings import Readings, all_rulings
from ..gamefile.record import RecordedPhase
from ..position import format_position
from ..readings import Options
from ..variant import STANDARD
from .boardgame import CalculatedPhase
from .explain import FoundReading
from .phases import PhaseReplay
from .verdict import Difference


def reading_params(readings: Readings) -> dict[str, str]:
    """The readings given that are not the site's, as the adjudicator's parameters (``dip_r4``)."""
    return {ruling_param_name(r): readings[r] for r in readings if not readings.is_default(r)}


def explained(d: Difference, found: tuple[FoundReading, ...] | None, options: Options) -> str:
    """Ruling DIP R32: a difference in words, with the ruling whose other reading reproduces the recording
    (``found`` None: the phase was not searched for one)."""
    if found is None:
        return f"recorded: {d.recorded}; this site: {d.site}. Not searched for a reading that reproduces it."
    if not found:
        return (f"recorded: {d.recorded}; this site: {d.site}. No reading of the switchable rulings reproduces "
                "the recording.")
    r = found[0]
    now = options.reading(r.ruling).reading.label
    also = "".join(f" or {x.name} ({x.param}={x.value.value})" for x in found[1:])
    return (f"recorded: {d.recorded}; this site: {r.ruling}, {now}: {d.site}. Under {r.name} "
            f"({r.param}={r.value.value}){also} the site gives the recorded result.")


def _difference(d: Difference, found, options: Options | None, text: str | None = None) -> dict:
    return {"part": d.part, "recorded": d.recorded, "site": d.site, "rules": list(d.rules),
            "explained_by": [r.to_json() for r in found or ()],
            "text": text or (explained(d, found, options) if options is not None else
                             f"recorded: {d.recorded}; this site: {d.site}.")}


def _orders(pr: PhaseReplay) -> list[dict]:
    return [{"power": v.outcome.power, "order": v.outcome.text,
             "recorded": v.recorded.text if v.recorded else None,
             "recorded_result": list(v.words) if v.words is not None else None,
             "result": v.outcome.status.value, "reason": v.outcome.reason, "rules": list(v.outcome.rules),
             "dislodged": v.outcome.dislodged, "line": v.outcome.line, "matches": v.matches} for v in pr.verdicts]


def params_of(pr: PhaseReplay, readings: Readings) -> dict:
    return {"phase": pr.start.phase.label(), "position": format_position(STANDARD.map, pr.start),
            "orders": pr.orders_text, **reading_params(readings)}


def next_params(pr: PhaseReplay, readings: Readings) -> dict | None:
    """Where the site's result of the phase leads: the next phase's parameters, to play on from here."""
    if pr.result.winner:
        return None
    after = pr.result.after
    return {"phase": after.phase.label(), "position": format_position(STANDARD.map, after), "orders": "",
            **reading_params(readings)}


def words_note(recorded: str, site: str) -> str:
    """Ruling DIP R32: a board file's summary is words, shown beside the site's, never a difference by itself
    (the site may word a phase anew; the board after the phase is what is compared)."""
    return f"Recorded as \u201c{recorded}\u201d; the site now words it \u201c{site}\u201d (the same board after it)."


def typed_phase(pr: PhaseReplay, found, readings: Readings, options: Options, summary: str | None,
                words: list[str]) -> dict:
    rec = pr.recorded
    differences = [_difference(d, found, options) for d in pr.differences]
    matches = pr.matches
    notes = [*rec.notes, *words]
    if pr.origin == "inserted":
        notes.append("The recording does not list this phase: the site plays it, with no orders given "
                     "(ruling DIP R33).")
    return {"name": rec.name if pr.origin != "inserted" else None, "label": pr.start.phase.label(),
            "code": pr.start.phase.code, "played": True, "origin": pr.origin, "params": params_of(pr, readings),
            "summary": summary, "matches": matches, "orders": _orders(pr), "differences": differences,
            "reproduced_by": [r.to_json() for r in found or ()], "next": next_params(pr, readings), "notes": notes}


def calculated_phase(cp: CalculatedPhase) -> dict:
    rec, result = cp.recorded, cp.result
    found = [{"ruling": rid, "reading": value, "label": all_rulings()[rid].reading(value).label,
              "name": f"{rid}: {all_rulings()[rid].reading(value).label}", "param": ruling_param_name(rid),
              "value": value, "cite": f"{rid}: {value}"} for rid, value in cp.reproduced_by or ()]
    searched = "" if cp.reproduced_by is not None else " Not searched for a reading that reproduces it."
    items = result.data.get("orders", []) if result is not None else []
    return {"name": rec.name, "label": rec.name, "code": None, "played": True, "origin": "recorded",
            "params": dict(cp.params), "summary": result.summary if result is not None else None,
            "matches": cp.matches, "orders": [{**item, "recorded": None, "recorded_result": None, "matches": None}
                                              for item in items],
            "differences": [{"part": d.part, "recorded": d.recorded, "site": d.site, "rules": list(d.rules),
                             "explained_by": found, "text": f"recorded: {d.recorded}; this site: {d.site}.{searched}"}
                            for d in cp.differences],
            "reproduced_by": found, "next": dict(result.next.params) if result is not None and result.next else None,
            "notes": [f"The calculator refused this phase: {cp.error}"] if cp.error else _words(rec.summary, result)}


def _words(recorded: str | None, result) -> list[str]:
    return [words_note(recorded, result.summary)] if recorded and result and recorded != result.summary else []


def unplayed_phase(rec: RecordedPhase, readings: Readings, orders_text: str) -> dict:
    """The recording's last phase, not played yet: its position, to play on from."""
    params: dict[str, object]
    if rec.position is not None:
        params = {"phase": rec.position.phase.label(), "position": format_position(STANDARD.map, rec.position),
                  "orders": orders_text, **reading_params(readings)}
    else:
        params = dict(rec.params or {})
    label = rec.phase.label() if rec.phase is not None else rec.name
    return {"name": rec.name, "label": label, "code": rec.phase.code if rec.phase else None, "played": False,
            "origin": "recorded", "params": params, "summary": None, "matches": None, "orders": [],
            "differences": [], "reproduced_by": [], "next": None, "notes": list(rec.notes)}


def status(phase: dict) -> str:
    if not phase["played"]:
        return "not played yet"
    if phase["origin"] == "inserted":
        return "played by the site only"
    return {True: "matches", False: "differs", None: "nothing recorded to compare"}[phase["matches"]]


MAX_ORDER_ROWS = 200  # the orders table's rows at most (the board shows every phase whole)


def given(phase: dict) -> int:
    """The orders given in a phase (not the units left without one)."""
    return sum(1 for o in phase["orders"] if o.get("line", 1))


def _order_rows(phases: list[dict]) -> list[list]:
    """Ruling DIP R32: every order of the phases that differ or record nothing to compare, with its result."""
    return [[p["label"], o["power"], o["order"], o["result"] + (" (dislodged)" if o.get("dislodged") else ""),
             o["reason"], ", ".join(o["recorded_result"]) if o["recorded_result"] is not None else ""]
            for p in phases if p["played"] and not p["matches"] for o in p["orders"]]


def tables(phases: list[dict], lines: list[dict]) -> list[Table]:
    out = [Table("Phases", ["Phase", "Orders", "Recording", "Explained by"],
                 [[p["label"], given(p), status(p),
                   ", ".join(r["name"] for r in p["reproduced_by"]) or ("none" if p["matches"] is False else "")]
                  for p in phases])]
    rows = [[p["label"], d["part"], d["recorded"], d["site"], ", ".join(r["name"] for r in d["explained_by"]) or "none"]
            for p in phases for d in p["differences"]]
    if rows:
        out.append(Table("Differences from the recording", ["Phase", "Order or part", "Recorded", "This site",
                                                             "Reproduced under"], rows))
    orders = _order_rows(phases)
    if orders:
        shown = orders[:MAX_ORDER_ROWS]
        title = "Orders and results of the phases that differ or record nothing to compare" + (
            f" (the first {MAX_ORDER_ROWS} of {len(orders)})" if len(orders) > MAX_ORDER_ROWS else "")
        out.append(Table(title, ["Phase", "Power", "Order", "Result", "Reason", "Recorded"], shown))
    if lines:
        out.append(Table("Lines read", ["Line", "Text", "Notation", "Read as", "Problem"],
                         [[x["line"], x["text"], x["notation"] or "", x["read_as"] or "", x["error"] or ""]
                          for x in lines]))
    return out


def text_report(result: dict) -> str:
    """The replay as the command line prints it: a line per phase, each difference under its phase, why."""
    data = result["data"]
    lines = [result["summary"]]
    width = max((len(p["label"]) for p in data["phases"]), default=0)
    for p in data["phases"]:
        lines.append(f"{(p['name'] or p['code'] or ''):<10} {p['label']:<{width}}  {status(p)}")
        lines += [f"    {d['part']}: {d['text']}" for d in p["differences"]]
    lines += [f"line {x['line']} not read: {x['error']}" for x in data["lines"] if x["error"]]
    if data["reproduced_by"]:
        lines.append("Every phase matches the recording under " +
                     " ".join(f"{r['param']}={r['value']}" for r in data["reproduced_by"]) + ".")
    return "\n".join(lines)
