"""A pasted order list: one order a line, in any notation the parser reads (rulings DIP R30, R31), phases under
headings (``Spring 1901 movement``, ``S1901M``, a judge's ``Movement results for Spring of 1901``).

Every line is read on its own: a line that cannot be read is named with the reason and left out, and the
lines around it are kept.  A list records no positions: it is played from the starting position (DIP 14.8),
each phase from the site's own result of the one before (ruling DIP R33).
"""
from __future__ import annotations

from ..notation import UNIT_WORDS, judge_heading, notation_of, recorded_result, written
from ..parser import ParseError, Reader, Segment, parse_phase
from ..position import initial_position
from ..units import START_PHASE, Phase
from ..variant import STANDARD, reader_for
from .record import MAX_ORDERS, MAX_PHASES, GameFileError, ImportedGame, ReadLine, RecordedOrder, RecordedPhase, Source

MAX_LINES = 4000


def _heading(line: str) -> str | None:
    """The phase a heading line names (in the parser's words), or None for a line that is no heading."""
    s = line.strip().rstrip(":.").strip()
    judged = judge_heading(s)
    if judged is not None:
        return judged
    if len(s) > 40 or not s:
        return None
    try:
        parse_phase(s)
    except ParseError:
        return None
    return s


def _long_names(reader: Reader):
    def check(words: list[str]) -> bool:
        pairs = [" ".join(words[i:i + 2]) for i in range(len(words) - 1)]
        names = [w.split("/")[0] for w in words]
        return any(w in UNIT_WORDS or (len(w) > 3 and w in reader.names) for w in names) or \
            any(p.split("/")[0] in reader.names for p in pairs)
    return check


def _body(text: str) -> str:
    return text.split(":", 1)[1] if ":" in text else text


def read_line(reader: Reader, seg: Segment, phase: str | None) -> ReadLine:
    """Ruling DIP R30: one line as read, with its notation; ruling DIP R31: its power as written, else None (the
    order is then the owner's of the unit it names)."""
    recorded = recorded_result(seg.text)
    if seg.order is None:
        message = seg.error.message if seg.error is not None else None  # the reader gives an error for no order
        return ReadLine(seg.line, seg.text, None, seg.power, None, message, recorded, phase)
    notation = notation_of(_body(seg.text), _long_names(reader)).value
    return ReadLine(seg.line, seg.text, notation, seg.order.power, written(seg.order), None, recorded, phase)


def read(text: str) -> ImportedGame:
    """Rulings DIP R30, R31, R33: the phases of a pasted list, each line read on its own."""
    reader = reader_for(STANDARD)
    raw = text.splitlines()
    if len(raw) > MAX_LINES:
        raise GameFileError(f"{len(raw)} lines: a pasted list holds at most {MAX_LINES}")
    names: dict[int, str] = {}
    blanked = []
    for n, line in enumerate(raw, 1):
        heading = _heading(line)
        if heading is not None:
            names[n] = heading
        blanked.append("" if heading is not None else line)
    segments = reader.segments("\n".join(blanked))
    if not segments:
        raise GameFileError("no orders: paste one order a line (e.g. France: A Par - Bur), or a game file's JSON")
    blocks = _blocks(names, segments)
    if len(blocks) > MAX_PHASES:
        raise GameFileError(f"{len(blocks)} phases: at most {MAX_PHASES} are replayed")
    phases: list[RecordedPhase] = []
    lines: list[ReadLine] = []
    for i, (name, segs) in enumerate(blocks):
        phase = _phase_of(name, i)
        read_lines = [read_line(reader, s, phase.label()) for s in segs]
        lines.extend(read_lines)
        if len(segs) > MAX_ORDERS:
            raise GameFileError(f"{phase.label()}: {len(segs)} orders: at most {MAX_ORDERS} a phase")
        orders = tuple(RecordedOrder(r.power, r.read_as or s.text,
                                     tuple(r.recorded.split(", ")) if r.recorded else None, s.line)
                       for r, s in zip(read_lines, segs, strict=True))
        before = phases[-1].phase if phases else None
        if before is not None and phase.key <= before.key:
            raise GameFileError(f"line {segs[0].line}: {phase.label()} comes after {before.label()}: "
                                "give the phases in the order they were played")
        start = initial_position(STANDARD.map) if i == 0 else None
        phases.append(RecordedPhase(phase.code, phase, start, orders, played=True))
    return ImportedGame(Source.PASTED, tuple(phases), text=text, lines=tuple(lines))


def _blocks(names: dict[int, str], segments: list[Segment]) -> list[tuple[str | None, list[Segment]]]:
    """The segments under each heading, in order (before the first heading: the starting phase)."""
    starts = sorted(names)
    blocks: list[tuple[str | None, list[Segment]]] = []
    for s in segments:
        head = max((n for n in starts if n < s.line), default=None)
        name = names[head] if head is not None else None
        if not blocks or blocks[-1][0] != name:
            blocks.append((name, []))
        blocks[-1][1].append(s)
    return blocks


def _phase_of(name: str | None, i: int) -> Phase:
    if name is None:
        return START_PHASE
    phase = parse_phase(name)
    if i == 0 and phase != START_PHASE:
        raise GameFileError(f"the list starts with {phase.label()}: a pasted list is played from the starting "
                            "position, so it starts with Spring 1901 movement (adjudicate a later phase alone in the "
                            "adjudicator)")
    return phase


__all__ = ["MAX_LINES", "read", "read_line"]
