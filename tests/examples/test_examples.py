"""Every example shown to a reader runs and succeeds: the code blocks of README.md, and every
docstring example in the engine (doctests, and the command lines the docstrings show)."""
from __future__ import annotations

import ast
import doctest
import importlib
import pathlib
import pkgutil
import re
import shlex
import subprocess
import sys

import pytest

import calculators

ROOT = pathlib.Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCKS = re.findall(r"^```(\w+)\n(.*?)^```", README, re.M | re.S)
CLI = re.compile(r"^\s*(?:\.venv/bin/)?python -m calculators\b.*$", re.M)


def _cli_lines(text: str) -> list[str]:
    return [m.group(0).strip() for m in CLI.finditer(text)]


def _run_cli(line: str) -> subprocess.CompletedProcess:
    words = shlex.split(line, comments=True)
    assert words[:3] in (["python", "-m", "calculators"], [".venv/bin/python", "-m", "calculators"]), line
    return subprocess.run([sys.executable, *words[1:]], cwd=ROOT, capture_output=True, text=True, timeout=120)


README_CLI = [line for lang, body in BLOCKS if lang == "sh" for line in _cli_lines(body)]
README_MAKE = [line.split("#")[0].split() for lang, body in BLOCKS if lang == "sh"
               for line in body.splitlines() if line.startswith("make ")]


def test_readme_has_examples():
    assert len(README_CLI) >= 3 and len(README_MAKE) >= 3
    assert any(lang == "python" for lang, _ in BLOCKS)


@pytest.mark.parametrize("line", README_CLI)
def test_readme_command_succeeds(line):
    proc = _run_cli(line)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    if " run " in line:
        assert '"ok": true' in proc.stdout


@pytest.mark.parametrize("words", README_MAKE, ids=[" ".join(w) for w in README_MAKE])
def test_readme_make_target_exists(words):
    """`make test` runs this very suite and `make serve` never returns: the targets are checked to
    exist and to be what the Makefile's help says, with a dry run (`make -n`), not run again."""
    proc = subprocess.run(["make", "-n", *words[1:]], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert f"make {words[1]}" in subprocess.run(["make", "help"], cwd=ROOT, capture_output=True, text=True).stdout


@pytest.mark.parametrize("source", [body for lang, body in BLOCKS if lang == "python"])
def test_readme_python_runs_and_every_call_succeeds(source):
    namespace: dict = {}
    for node in ast.parse(source).body:
        code = ast.unparse(node)
        if isinstance(node, ast.Expr):
            value = eval(code, namespace)  # noqa: S307 - the README's own example
            if isinstance(value, dict) and "ok" in value:
                assert value["ok"] is True, (code, value)
        else:
            exec(code, namespace)  # noqa: S102


MODULES = ["calculators", *sorted(m.name for m in pkgutil.walk_packages(calculators.__path__, "calculators."))]


def _doctests():
    finder = doctest.DocTestFinder()
    for name in MODULES:
        for test in finder.find(importlib.import_module(name)):
            if test.examples:
                yield pytest.param(test, id=test.name)


DOCTESTS = list(_doctests())


def test_docstrings_have_examples():
    assert len(DOCTESTS) >= 3, [t.values[0].name for t in DOCTESTS]


@pytest.mark.parametrize("test", DOCTESTS)
def test_docstring_example(test):
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test, out=lambda text: None)
    assert runner.failures == 0, f"{test.name}: {runner.failures} of {runner.tries} examples fail"


DOC_CLI = [(name, line) for name in MODULES
           for line in _cli_lines(importlib.import_module(name).__doc__ or "")]


@pytest.mark.parametrize("module, line", DOC_CLI)
def test_docstring_command_succeeds(module, line):
    proc = _run_cli(line)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
