"""What a page's first result imports (issue 12: the cold visit is the runtime's start-up plus this).

In the browser every module imported before the first result is on the reader's critical path.
These stdlib modules cost 11-35 ms each inside Pyodide and are needed only in rare cases (a
misspelled province's suggestion, a drawn map's allow-list check), so no ordinary first result
may import them; and a War of the Worlds calculator imports only the parts of the standard
package it uses. A fresh interpreter per check: sys.modules is the evidence.
"""
from __future__ import annotations

import json
import subprocess
import sys

import calculators

COSTLY = ["html", "html.parser", "difflib", "importlib.resources", "pkgutil", "statistics"]

PROBE = """
import json, sys
from calculators.present import worker
worker.configure("{}")
ids, params = json.loads(sys.argv[1]), sys.argv[2]
shown = {}
for calc in ids:
    events = [json.loads(e) for e in iter(worker.start(calc, params, "../../").step, "null")]
    shown[calc] = events[-1]["result"]["ok"]
print(json.dumps({"modules": sorted(sys.modules), "ok": shown}))
"""


def _probe(ids: list[str], params: dict | None = None) -> dict:
    proc = subprocess.run([sys.executable, "-c", PROBE, json.dumps(ids), json.dumps(params or {})],
                          capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout)


def _without_maps() -> list[str]:
    """Every calculator whose default result draws no map (a map's allow-list check needs html.parser)."""
    out = []
    for calc in calculators.catalog():
        result = calculators.run(calc["id"], {})
        if not any(c.get("kind") == "svg" or "svg" in c for c in result.get("charts", []) or []):
            out.append(calc["id"])
    return out


def test_first_results_import_none_of_the_costly_modules():
    ids = _without_maps()
    assert len(ids) > 20
    report = _probe(ids)
    assert set(report["ok"]) == set(ids)
    imported = [m for m in COSTLY if m in report["modules"]]
    assert not imported, f"a first result imports {imported}: import them where they are needed"


UNUSED_BY_THE_VIRUS_CHECK = {"calculators.diplomacy.game", "calculators.diplomacy.sandbox",
                             "calculators.diplomacy.options", "calculators.diplomacy.board_svg",
                             "calculators.aqmf.fireplan", "calculators.icehouse.bestplay"}
ORDERS = {"calculators.diplomacy.resolver", "calculators.wotw.orders", "calculators.wotw.removal"}


def test_a_war_of_the_worlds_check_imports_only_what_it_uses():
    """The virus check's first answer (no Martian units given) reads no orders: the order parser and the removal
    planner, which bring the adjudicator, wait until units or removals are typed (half its import time)."""
    report = _probe(["wotw-virus"], {"largest": 6})
    modules = set(report["modules"])
    assert report["ok"] == {"wotw-virus": True}
    assert not modules & (UNUSED_BY_THE_VIRUS_CHECK | ORDERS), sorted(modules & (UNUSED_BY_THE_VIRUS_CHECK | ORDERS))
    # With units and a removal typed it does read and check them (the probe sees the modules arrive).
    report = _probe(["wotw-virus"], {"largest": 6, "season": "fall", "martian_units": "3A Par, A Lvn",
                                      "removals": "A Lvn"})
    modules = set(report["modules"])
    assert report["ok"] == {"wotw-virus": True} and modules >= ORDERS, sorted(ORDERS - modules)
    assert not modules & UNUSED_BY_THE_VIRUS_CHECK, sorted(modules & UNUSED_BY_THE_VIRUS_CHECK)
