"""The maintainers' pages (docs/maintainers/) build their examples exactly as they say: each page's code blocks,
marked by the comment before them, are written into a copy of the engine, and the blocks that run are run there.

    <!-- example: file PATH -->         the block is a new file (calculators/..., tests/data/cases/...)
    <!-- example: entry PATH NAME -->   the block's lines are new items at the end of the tuple or dict NAME in PATH
    <!-- example: run -->               a Python session (doctest) run against the copy
    <!-- example: shell -->             command lines (python -m calculators ...) run against the copy
    <!-- example: cases PATH -->        a known-cases file, run as tests/engine/test_cases.py runs every case file
    <!-- example: page PATH -->         a docs page: its calculator and rule markers name what the copy has
    <!-- example: nav -->               a part of mkdocs.yml's nav: YAML naming the new pages
"""
from __future__ import annotations

import ast
import json
import pathlib
import re
import shutil
import subprocess
import sys

import pytest
import yaml

ROOT = pathlib.Path(__file__).resolve().parents[2]
PAGES = sorted((ROOT / "docs" / "maintainers").glob("add-*.md"))
BLOCK = re.compile(r"^<!-- example: (?P<what>[a-z]+)(?P<args>[^>]*?) -->\n+```[a-z]*\n(?P<body>.*?)^```", re.M | re.S)

# Run in a fresh interpreter with the copy first on the path: the checks of the blocks that run.
PROBE = r"""
import doctest, json, re, shlex, subprocess, sys
copy, steps = sys.argv[1], json.loads(sys.stdin.read())
sys.path[:0] = [copy, sys.argv[2] + "/hooks", sys.argv[2]]
import calculators, ruleindex
from tests.engine.test_cases import lookup
assert calculators.__file__.startswith(copy), calculators.__file__
ids = {c["id"] for c in calculators.catalog()}
for what, args, body in steps:
    if what == "run":
        test = doctest.DocTestParser().get_doctest(body, {}, "page", "page", 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
        runner.run(test)
        assert runner.failures == 0, f"the session's output differs from the page's: {body[:300]}"
    elif what == "shell":
        for line in body.splitlines():
            words = shlex.split(line, comments=True)
            if not words:
                continue
            assert words[:3] == ["python", "-m", "calculators"], line
            proc = subprocess.run([sys.executable, *words[1:]], cwd=copy, capture_output=True, text=True,
                                  env={"PYTHONPATH": copy}, timeout=120)
            assert proc.returncode == 0 and '"ok": true' in proc.stdout, proc.stdout[-800:] + proc.stderr[-800:]
    elif what == "cases":
        doc = json.loads(body)
        assert doc["calculator"] in ids and doc["cases"], doc.get("calculator")
        for case in doc["cases"]:
            result = calculators.run(doc["calculator"], case.get("params", {}))
            for path, want in case["expect"].items():
                assert lookup(result, path) == want, (case["name"], path, lookup(result, path), want)
    elif what == "page":
        for calc in re.findall(r"<!--\s*calc:\s*([a-z0-9-]+)", body):
            assert calc in ids, f"{args}: no calculator {calc}"
        marks = re.findall(r"<!--\s*rule:\s*([^ ]+ [^ ]+?)\s*-->", body)
        assert all(ruleindex.RULE_MARK.search(f"<!-- rule: {m} -->") for m in marks), marks
print("ok")
"""


def _blocks(page: pathlib.Path) -> list[tuple[str, str, str]]:
    return [(m["what"], m["args"].strip(), m["body"]) for m in BLOCK.finditer(page.read_text(encoding="utf-8"))]


def _add_entries(path: pathlib.Path, name: str, lines: str) -> None:
    """The block's lines as new items at the end of the tuple or dict assigned to ``name`` (as a reader adds them)."""
    source = path.read_text(encoding="utf-8")
    node = next(n for n in ast.parse(source).body if isinstance(n, (ast.Assign, ast.AnnAssign))
                and any(getattr(t, "id", None) == name for t in getattr(n, "targets", [getattr(n, "target", None)])))
    assert isinstance(node.value, (ast.Tuple, ast.Dict)), f"{name} is a tuple or dict literal"
    offset = sum(len(line) for line in source.splitlines(keepends=True)[:node.value.end_lineno - 1])
    end = offset + node.value.end_col_offset - 1  # its closing bracket
    before = source[:end].rstrip()
    joiner = "" if before.endswith((",", "(", "{")) else ","
    path.write_text(before + joiner + "\n" + lines.rstrip() + "\n" + source[end:], encoding="utf-8")


def _build(page: pathlib.Path, copy: pathlib.Path) -> list[tuple[str, str, str]]:
    """The engine copied and the page's files and entries written into it; the steps left to run."""
    shutil.copytree(ROOT / "calculators", copy / "calculators", ignore=shutil.ignore_patterns("__pycache__"))
    steps = []
    for what, args, body in _blocks(page):
        if what == "file":
            target = copy / args
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(body, encoding="utf-8")
        elif what == "entry":
            where, name = args.split()
            _add_entries(copy / where, name, body)
        elif what == "nav":
            named = json.dumps(yaml.safe_load(body))
            pages = [a.removeprefix("docs/") for w, a, _ in _blocks(page) if w == "page"]
            assert pages and all(json.dumps(p) in named for p in pages), (pages, named)
        elif what in ("run", "shell", "cases", "page"):
            steps.append((what, args, body))
        else:
            raise AssertionError(f"{page.name}: unknown example block {what!r}")
    return steps


def test_every_maintainer_page_has_examples():
    assert [p.name for p in PAGES] == ["add-a-calculator.md", "add-a-game.md", "add-a-variant.md"]
    for page in PAGES:
        kinds = {what for what, _, _ in _blocks(page)}
        assert {"file", "run"} <= kinds or {"file", "shell"} <= kinds, f"{page.name} builds and runs its example"


@pytest.mark.parametrize("page", PAGES, ids=[p.stem for p in PAGES])
def test_the_page_builds_its_example(page, tmp_path):
    steps = _build(page, tmp_path)
    proc = subprocess.run([sys.executable, "-c", PROBE, str(tmp_path), str(ROOT)], input=json.dumps(steps),
                          capture_output=True, text=True, timeout=600, cwd=tmp_path)
    assert proc.returncode == 0 and proc.stdout.strip().endswith("ok"), proc.stdout[-3000:] + proc.stderr[-3000:]
