"""The command line: the same contract as the browser and the tests.

    python -m calculators list
    python -m calculators run wotw-virus year=1904 season=fall destroyed=13 largest=6
    python -m calculators run wotw-virus --json '{"destroyed": 13, "largest": 6}'
    python -m calculators run aqmf-fire-plan attackers='[{"unit": "boc-mg", "range": 12}]' target=boc-tripod
    python -m calculators run com-defend p1="S=1 dice=d10" p2="S=1 dice=d6" policy=none com_r1=literal
    python -m calculators compare com-defend p1="S=1 dice=d10" p2="S=1 dice=d6" policy=none

A list-of-records parameter (kind "group") is given as its JSON text, as in a URL or a saved state.
A switchable ruling's reading is a parameter like any other (``com_r1=literal``); ``compare`` gives
the result under every reading of the rulings the calculator depends on, side by side (the same as
``run`` with ``compare_readings=true``).

Prints the JSON result; exits 0 on success, 2 on bad input (the message also on stderr).
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .core import registry
from .core.compare import COMPARE_KEY


def _parse_pairs(pairs: list[str], calc_id: str) -> dict:
    """key=value pairs; values stay strings, the schema coerces them (as it does for a form or a URL)."""
    out: dict = {}
    for pair in pairs:
        if "=" not in pair:
            raise ValueError(f"expected key=value, got {pair!r}")
        key, value = pair.split("=", 1)
        out[key.strip()] = value
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m calculators", description="Run the rules calculators.")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="list every calculator (JSON catalog)")
    for name, what in (("run", "run one calculator"),
                       ("compare", "one calculator's result under every reading of its rulings, side by side")):
        run = sub.add_parser(name, help=what)
        run.add_argument("id")
        run.add_argument("params", nargs="*", help="key=value pairs")
        run.add_argument("--json", dest="json_params", help="parameters as one JSON object")
    args = parser.parse_args(argv)

    result: dict[str, Any]
    if args.command == "list":
        print(json.dumps(registry.catalog(), indent=2))
        return 0
    try:
        params = _parse_pairs(args.params, args.id)
        if args.json_params is not None:
            extra = json.loads(args.json_params)
            if not isinstance(extra, dict):
                raise ValueError("--json must be a JSON object")
            params.update(extra)
        if args.command == "compare":
            params[COMPARE_KEY] = True
    except (ValueError, json.JSONDecodeError) as err:
        result = {"ok": False, "error": {"field": None, "message": f"Bad command line: {err}"}}
    else:
        result = registry.run(args.id, params)
    print(json.dumps(result, indent=2))
    if not result["ok"]:
        error = result["error"]
        print(f"error{' in ' + error['field'] if error.get('field') else ''}: {error['message']}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
