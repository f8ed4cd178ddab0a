"""Ruff passes over the whole tree with the rule set pyproject.toml states (issue 17), so `make test` fails
on any finding; the rule set itself cannot be loosened quietly (no ignores, no per-file exemptions)."""
from __future__ import annotations

import pathlib
import re
import subprocess
import sys
import tomllib

ROOT = pathlib.Path(__file__).resolve().parents[2]
RULES = ["E", "F", "B", "SIM", "UP", "C90"]
NOT_OURS = {"node_modules", "site", "build", "dist", "__pycache__"}  # installed, built or generated


def test_ruff_reports_nothing():
    proc = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise", "."],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "All checks passed" in proc.stdout, proc.stdout


def test_the_rule_set_is_the_stated_one():
    ruff = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["ruff"]
    lint = ruff["lint"]
    assert lint["select"] == RULES
    assert lint["mccabe"]["max-complexity"] == 15
    assert ruff["line-length"] == 120
    loosened = {"ignore", "extend-ignore", "per-file-ignores", "extend-per-file-ignores", "unfixable", "exclude"}
    assert not loosened & (set(lint) | set(ruff)), "findings are fixed, not ignored"
    assert set(ruff.get("extend-exclude", [])) <= {"pyodide/node_modules", "site"}, "only what is not ours"


def test_no_file_is_exempt():
    ours = [p for p in ROOT.rglob("*.py")
            if not any(part in NOT_OURS or part.startswith(".") for part in p.relative_to(ROOT).parts)]
    assert len(ours) > 100
    exempt = [str(p.relative_to(ROOT)) for p in ours
              if re.search(r"#\s*(ruff|flake8)\s*:\s*noqa", p.read_text(encoding="utf-8"), re.I)]
    assert not exempt, f"files that exempt themselves from the linter: {exempt}"
