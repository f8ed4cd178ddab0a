"""The ``dip-replay`` calculator: a whole game in, every phase played again by the site's engine, and where the
site's result differs from the recording, the difference named with the ruling that explains it (issue 29)."""
from __future__ import annotations

from ...core import InputError, Preset, Presets, Result, calculator, choice_param, text_param
from ...core.compare import Figure
from ...core.package_data import read_text
from ...core.rulings import Readings
from ..adjudicate import adjudicate
from ..gamefile import GameFileError, read_game
from ..gamefile.diplomacy_json import END
from ..gamefile.record import MAX_CHARS, MAX_PHASES, ImportedGame, Source
from ..gamefile.writer import write
from ..position import format_position
from ..readings import FIELDS, Options
from ..variant import STANDARD
from .boardgame import replay_calculated
from .explain import MAX_SEARCHED, FoundReading, game_reading, reproducing
from .phases import PhaseReplay, replay_game, write_orders
from .present import calculated_phase, status, tables, typed_phase, unplayed_phase, words_note

RULES = ("DIP 4.1", "DIP R30", "DIP R31", "DIP R32", "DIP R33")
EXAMPLE = """France: A Par - Bur
A Marseilles -> Spain
The fleet at Brest move to Mid-Atlantic Ocean
GERMANY: A MUN - RUH
England: F Lon - Nth"""
JUDGE_1901 = """Movement results for Spring of 1901.
Austria: Army Budapest -> Serbia.
Austria: Fleet Trieste -> Albania.
Austria: Army Vienna -> Galicia.  (*bounce*)
England: Fleet Edinburgh -> Norwegian Sea.
England: Fleet London -> North Sea.
England: Army Liverpool -> Yorkshire.
France: A Par - Bur
France: A Mar S A Par - Bur
France: F Bre - Mao
The army at Munich move to Ruhr
The fleet at Kiel move to Denmark
GERMANY: A BER - KIE
Italy: A Ven H
Italy: Army Rome -> Apulia.
Italy: F Nap - Ion
Russia: Army Warsaw -> Galicia.  (*bounce*)
Russia: F Sev - Bla
Russia: A Mos - Ukr
Russia: F StP/sc - Bot
Turkey: F Ank - Bla
Turkey: A Con - Bul
Turkey: A Smy - Arm
Austria: A Bud supports the Archduke
Movement results for Fall of 1901.
Russia: F Bla - Rum  # the Black Sea bounced in spring: the fleet is still in Sev
Turkey: F Ank - Bla
Turkey: A Bul S F Ank - Bla
France: A Bur - Bel
France: F Mao - Spa/nc
Germany: F Den H
Germany: A Kie - Hol
England: F Nth C A Yor - Nwy
England: A Yor - Nwy via convoy
Austria: A Ser S A Gal - Rum
Austria: F Alb - Gre"""


def _presets() -> list[Preset]:
    return [Preset("over-land", "A game where DIP R4 decides (the diplomacy package's JSON)",
                   {"game": read_text(__name__, "over-land.json")}),
            Preset("judge-1901", "1901 pasted from a judge and other sites, one line unreadable",
                   {"game": JUDGE_1901})]


def figures(result: dict) -> dict[str, Figure]:
    """DIP R32: what the readings are compared by: whether each phase matches the recording (a result), and the
    summary."""
    out = {"summary": Figure(result.get("summary", ""), "summary")}
    for p in result["data"]["phases"]:
        out[f"{p['label']}"] = Figure(status(p), "result", "not played")
    return out


@calculator(
    id="dip-replay",
    title="Replay a game",
    game="diplomacy",
    rules=RULES,
    page="diplomacy/replay.md",
    description="A whole game from the diplomacy package's JSON, this site's game file or a pasted order list, "
                "played again phase by phase; where the site's result differs from the recording, the ruling "
                "that explains it and the reading that reproduces it.",
    presets=Presets("load", "Load", _presets, none_label="Your own game (below)",
                    help="A sample game: one from the diplomacy package where the DIP R4 reading decides a move, "
                         "or 1901 pasted in several notations."),
    run_mode="on_request",
    run_label="Replay",
    rulings=tuple(FIELDS),
    figures=figures,
    no_compare="Replay a game compares the readings itself: each phase that differs names the reading that "
               "reproduces the recording, and the Rulings group plays the whole game under any reading.",
    params=[
        text_param("game", "Game", "", max_length=MAX_CHARS, document=True, placeholder=EXAMPLE,
                   help=f"The diplomacy package's saved game (JSON), this site's game file (Export game), or "
                        f"orders pasted one a line, phases under headings such as 'Fall 1901 movement'. At most "
                        f"{MAX_CHARS:,} characters and {MAX_PHASES} phases."),
        choice_param("export", "Write the game back as", "none",
                     [("none", "Nothing: replay only"), ("diplomacy-json", "The diplomacy package's JSON"),
                      ("board-file", "This site's game file")],
                     help="The game written back, in the result's data: as it was read (a diplomacy package "
                          "game comes back byte for byte), or as this site played it."),
    ],
)
def replay(v: dict) -> Result:
    """DIP 4.1, rulings DIP R30, R31, R32, R33: every phase of a recorded game played again."""
    text = v["game"]
    if not text.strip():
        raise InputError("game", "Give a game: the diplomacy package's JSON, this site's game file, or orders "
                                 "pasted one a line.")
    try:
        game = read_game(text)
    except GameFileError as err:
        raise InputError("game", f"This game cannot be read: {err}") from None
    readings: Readings = v["readings"]
    options = Options.from_readings(readings)
    summaries = game.source is Source.BOARD or v["export"] == "board-file"
    phases, found, typed = _replayed(game, readings, options, summaries)
    data = _data(game, phases, found, options)
    if v["export"] != "none":
        try:
            data["export"] = write(game, v["export"], data["phases"], typed)
        except GameFileError as err:
            raise InputError("export", str(err)) from None
    return Result(summary=_summary(game, data), data=data, rules=_rules(phases), tables=tables(phases, data["lines"]),
                  notes=list(game.notes) + _notes(game, data))


def _replayed(game: ImportedGame, readings: Readings, options: Options,
              summaries: bool) -> tuple[list[dict], list, list]:
    """Each phase of the game as the result gives it, the readings that reproduce each differing phase, and the
    phases the engine played (in order, the ones the recording skips included).  ``summaries``: each phase's
    summary as the adjudicator words it (a board file's are compared with them; a board file written needs
    them), which costs the adjudicator's whole result, map included, for every phase."""
    if game.calculator != "dip-adjudicate":
        return [calculated_phase(cp) for cp in replay_calculated(game, readings)] + _unplayed(game, readings), [], []
    out: list[dict] = []
    found: list[tuple[FoundReading, ...]] = []
    typed: list[PhaseReplay] = []
    for pr in replay_game(game, options):
        typed += [pr, *pr.skipped]
        summary, words = _site_summary(pr, readings) if summaries else (None, [])
        differs = pr.matches is False
        why = reproducing(pr, options) if differs and len(found) < MAX_SEARCHED else None if differs else ()
        if differs:
            found.append(why or ())
        out.append(typed_phase(pr, why, readings, options, summary, words))
        if differs and len(found) > MAX_SEARCHED:
            out[-1]["notes"].append(f"Not searched for a reading that reproduces it: more than {MAX_SEARCHED} phases "
                                    "differ, and the first are searched (ruling DIP R32).")
        out.extend(typed_phase(s, (), readings, options, _site_summary(s, readings)[0] if summaries else None, [])
                   for s in pr.skipped)
    return out + _unplayed(game, readings), found, typed


def _site_summary(pr: PhaseReplay, readings: Readings) -> tuple[str | None, list[str]]:
    """The summary the adjudicator gives the phase (the very words the board shows when it shows the phase
    again), and a note when a board file recorded other words (ruling DIP R32: words are shown, not compared;
    the board after the phase is)."""
    try:
        summary = adjudicate({"phase": pr.start.phase.label(), "position": format_position(STANDARD.map, pr.start),
                              "orders": pr.orders_text, "readings": readings}).summary
    except InputError:
        return None, []
    recorded = pr.recorded.summary
    if recorded and pr.origin == "recorded" and summary != recorded:
        return summary, [words_note(recorded, summary)]
    return summary, []


def _unplayed(game: ImportedGame, readings: Readings) -> list[dict]:
    return [unplayed_phase(rec, readings, "\n".join(w.text for w in write_orders(rec.orders)))
            for rec in game.phases if not rec.played and rec.name != END]


def _counts(phases: list[dict]) -> dict[str, int]:
    played = [p for p in phases if p["played"]]
    return {"phases": len(phases), "played": len(played),
            "match": sum(p["matches"] is True for p in played), "differ": sum(p["matches"] is False for p in played),
            "not_compared": sum(p["matches"] is None for p in played),
            "orders": sum(1 for p in played for o in p["orders"] if o.get("line", 1))}


def _data(game: ImportedGame, phases: list[dict], found: list, options: Options) -> dict:
    reading = game_reading(game, options, found) if game.calculator == "dip-adjudicate" else None
    return {"source": game.source.value, "calculator": game.calculator, "game_id": game.game_id, "phases": phases,
            "counts": _counts(phases), "reproduced_by": [r.to_json() for r in reading] if reading else [],
            "lines": [line.to_json() for line in game.lines], "export": None,
            "limits": {"characters": MAX_CHARS, "phases": MAX_PHASES}}


def _summary(game: ImportedGame, data: dict) -> str:
    c = data["counts"]
    text = f"{game.source.value.capitalize()}: {c['played']} phase{'s' if c['played'] != 1 else ''} played again"
    if c["match"] or c["differ"]:
        text += f": {c['match']} match{'es' if c['match'] == 1 else ''} the recording, {c['differ']} differ" + (
            "s" if c["differ"] == 1 else "")
    else:
        text += ": the recording gives no results to compare"
    if data["reproduced_by"]:
        text += "; every phase matches under " + " and ".join(r["name"] for r in data["reproduced_by"])
    unread = sum(1 for line in data["lines"] if line["error"])
    if unread:
        text += f"; {unread} line{'s' if unread != 1 else ''} not read"
    return text + "."


def _rules(phases: list[dict]) -> list[str]:
    rules = list(RULES)
    for p in phases:
        for d in p["differences"]:
            rules += [r for r in d["rules"] if r not in rules]
            rules += [r["ruling"] for r in d["explained_by"] if r["ruling"] not in rules]
    return rules


def _notes(game: ImportedGame, data: dict) -> list[str]:
    notes = [f"Line {line['line']} was not read: {line['error']}" for line in data["lines"] if line["error"]][:10]
    if game.source is Source.PASTED:
        notes.append("A pasted list records no positions: it is played from the starting position, each phase "
                     "from the site's own result of the one before (ruling DIP R33).")
    ended = [rec for rec in game.phases if rec.name == END]
    if ended:
        notes.append("The recording ends the game after its last phase.")
    return notes
