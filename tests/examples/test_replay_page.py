"""The replay page's examples run: every line of its notation table reads as the table says, and the bounds
it states are the engine's (docs/diplomacy/replay.md)."""
from __future__ import annotations

import pathlib
import re
import shlex
import subprocess
import sys

import pytest

import calculators
from calculators.diplomacy.gamefile.record import MAX_CHARS, MAX_DEPTH, MAX_ORDERS, MAX_PHASES
from calculators.diplomacy.replay.explain import MAX_SEARCHED

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAGE = (ROOT / "docs" / "diplomacy" / "replay.md").read_text(encoding="utf-8")


def _rows() -> list[tuple[str, str, str]]:
    section = PAGE.split("## Order notations", 1)[1].split("\n## ", 1)[0]
    rows, notation = [], ""
    for line in section.splitlines():
        m = re.fullmatch(r"\|\s*([^|`]*?)\s*\|\s*`([^`]+)`\s*\|\s*([^|]+?)\s*\|", line.strip())
        if m:
            notation = m.group(1).strip() or notation
            rows.append((notation, m.group(2), m.group(3).strip()))
    return rows


ROWS = _rows()


def test_the_table_shows_every_notation():
    assert len(ROWS) >= 20
    assert {n for n, _, _ in ROWS} == {"short", "long names", "diplomacy package", "judge", "webDiplomacy"}


@pytest.mark.parametrize("notation, line, read_as", ROWS, ids=[r[1] for r in ROWS])
def test_each_example_reads_as_the_page_says(notation, line, read_as):
    result = calculators.run("dip-replay", {"game": line})
    assert result["ok"], result
    (read,) = result["data"]["lines"]
    recorded = re.search(r" \(recorded: (.+)\)$", read_as)
    assert read["notation"] == notation and read["error"] is None
    assert read["read_as"] == (read_as[:recorded.start()] if recorded else read_as)
    assert read["recorded_result"] == (recorded.group(1) if recorded else None)


COMMANDS = re.findall(r"^- `(python -m calculators [^`]+)`", PAGE.split("## On the command line", 1)[1], re.M)


def test_the_page_shows_the_command_line():
    assert len(COMMANDS) >= 4 and all(" replay " in c for c in COMMANDS)


@pytest.mark.parametrize("line", COMMANDS)
def test_each_command_the_page_shows_succeeds(line):
    """Shown as a list (a shell block's long lines would scroll sideways at 390 px)."""
    words = shlex.split(line)
    proc = subprocess.run([sys.executable, *words[1:]], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]


def test_the_bounds_the_page_states_are_the_engine_s():
    stated = " ".join(PAGE.split())
    assert f"**{MAX_PHASES} phases**" in stated and f"**{MAX_CHARS:,} characters**" in stated
    assert f"at most {MAX_ORDERS} orders in a phase" in stated and f"nests more than {MAX_DEPTH} deep" in stated
    assert f"the first {MAX_SEARCHED} phases that differ" in stated


DATA = pathlib.Path(__file__).resolve().parents[2] / "tests" / "data" / "replay"


def _cli(capsys, *argv) -> tuple[int, str, str]:
    from calculators.__main__ import main

    code = main(["replay", *argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_the_command_line_says_where_and_why(capsys):
    code, out, _ = _cli(capsys, str(DATA / "over-land.json"))
    assert code == 0
    lines = out.splitlines()
    assert lines[2].split() == ["F1901M", "Fall", "1901", "movement", "differs"]
    assert lines[3].startswith("    France: A Pic - Bel via convoy: recorded: moved to Bel over land; "
                               "this site: DIP R4")
    assert lines[-1] == "Every phase matches the recording under dip_r4=fallback-to-land."


def test_the_command_line_writes_the_game_back_and_reads_standard_input(capsys, monkeypatch, tmp_path):
    code, out, _ = _cli(capsys, str(DATA / "stand-off.json"), "--export", "diplomacy-json")
    assert code == 0 and out == (DATA / "stand-off.json").read_text(encoding="utf-8")
    target = tmp_path / "game.json"
    code, out, _ = _cli(capsys, str(DATA / "stand-off.json"), "--export", "board-file", "--output", str(target))
    assert code == 0 and '"format": "martian-front-game"' in target.read_text(encoding="utf-8")
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("The army at Paris move to Burgundy\n"))
    code, out, _ = _cli(capsys, "-")
    assert code == 0 and "S1901M" in out and "nothing recorded to compare" in out


@pytest.mark.parametrize("argv, message", [
    ([str(DATA / "no-such-game.json")], "No such file"),
    ([str(DATA / "over-land.json"), "dip_r4=sideways"], "error in dip_r4:"),
    ([str(DATA / "make_games.py")], "error in game: This game cannot be read"),
])
def test_the_command_line_refuses_with_the_reason(capsys, argv, message):
    code, _, err = _cli(capsys, *argv)
    assert code == 2 and message in err
