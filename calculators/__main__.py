"""The command line: the same contract as the browser and the tests.

    python -m calculators list
    python -m calculators run wotw-virus year=1904 season=fall destroyed=13 largest=6
    python -m calculators run wotw-virus --json '{"destroyed": 13, "largest": 6}'
    python -m calculators run aqmf-fire-plan attackers='[{"unit": "boc-mg", "range": 12}]' target=boc-tripod
    python -m calculators run com-defend p1="S=1 dice=d10" p2="S=1 dice=d6" policy=none com_r1=literal
    python -m calculators compare com-defend p1="S=1 dice=d10" p2="S=1 dice=d6" policy=none
    python -m calculators replay tests/data/replay/over-land.json
    python -m calculators replay tests/data/replay/over-land.json dip_r4=fallback-to-land

A list-of-records parameter (kind "group") is given as its JSON text, as in a URL or a saved state.
A switchable ruling's reading is a parameter like any other (``com_r1=literal``); ``compare`` gives
the result under every reading of the rulings the calculator depends on, side by side (the same as
``run`` with ``compare_readings=true``).

Prints the JSON result; exits 0 on success, 2 on bad input (the message also on stderr).

``replay GAME`` plays a recorded game again (the ``dip-replay`` calculator: the diplomacy package's JSON, this
site's game file, or a pasted order list; ``-`` reads it from standard input) and prints, phase by phase,
whether the site's adjudication matches the recording and, where not, why; ``--json`` prints the whole
result (``data.counts.differ``: the phases that differ), ``--export diplomacy-json|board-file`` writes the
game back (to ``--output``, or standard output).  A difference is a result, not an error: it exits 0, and
2 on bad input.
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
    replay = sub.add_parser("replay", help="play a recorded game again and say where the site's result differs")
    replay.add_argument("game", help="the game file (- for standard input)")
    replay.add_argument("params", nargs="*", help="readings as key=value pairs (dip_r4=fallback-to-land)")
    replay.add_argument("--json", action="store_true", help="print the whole result as JSON")
    replay.add_argument("--export", choices=("diplomacy-json", "board-file"), help="write the game back")
    replay.add_argument("--output", help="the file --export writes (standard output when not given)")
    args = parser.parse_args(argv)

    result: dict[str, Any]
    if args.command == "replay":
        return _replay(args)
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


def _replay(args) -> int:
    """The ``replay`` command: the dip-replay calculator on a file, its answer in words (or JSON)."""
    try:
        if args.game == "-":
            text = sys.stdin.read()
        else:
            with open(args.game, encoding="utf-8") as f:
                text = f.read()
        params = {**_parse_pairs(args.params, "dip-replay"), "game": text}
    except (OSError, UnicodeDecodeError, ValueError) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    if args.export:
        params["export"] = args.export
    result = registry.run("dip-replay", params)
    if not result["ok"]:
        error = result["error"]
        print(f"error{' in ' + error['field'] if error.get('field') else ''}: {error['message']}", file=sys.stderr)
        return 2
    from .diplomacy.replay.present import text_report

    exported = result["data"]["export"]
    if exported and args.output:
        with open(args.output, "w", encoding="utf-8") as out:
            out.write(exported["text"])
    if args.json:
        print(json.dumps(result, indent=2))
    elif exported and not args.output:
        sys.stdout.write(exported["text"])
    else:
        print(text_report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
