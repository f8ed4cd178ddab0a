"""The browser worker's Python: one calculation stepped from JavaScript, its result with its HTML.

``pyodide/src/worker.mjs`` imports this module once, hands it the site's rule links
(``assets/engine/rules.json``) with :func:`configure`, and for each request calls :func:`start`
and then ``step()`` until it returns ``"null"``. Between steps the worker yields to its event
loop, so that a long Monte Carlo reports progress and can be cancelled. A step works on for a slice of
time (:data:`SLICE_S`) before it reports: a yield costs the worker a timer, which the browser delays by
4 ms or more once timers nest, and a calculation of many short parts (the comparison view runs one per
reading) spent more time waiting on those timers than computing. Everything crosses the boundary as
JSON text, so no Python object leaks into JavaScript.

The same entry points run under CPython in the tests, which check that the HTML a page receives
from here is the HTML the site build pre-rendered.

    >>> import json
    >>> configure('{"WOTW 9.1": "wotw/rules/#wotw-9-1"}')
    >>> events = [json.loads(e) for e in iter(start("wotw-virus", '{"largest": 6}', "../../").step, "null")]
    >>> events[-1]["result"]["ok"], 'href="../../wotw/rules/#wotw-9-1"' in events[-1]["html"]
    (True, True)
"""
from __future__ import annotations

import json
import time

from ..core.registry import iter_run
from . import result_html

_rule_urls: dict[str, str] = {}
# How long a step works on before it reports its progress (and the worker looks for a cancel): short enough
# for a progress bar to move and a Cancel to answer at once, long enough that the yields cost little.
SLICE_S = 0.05
clock = time.perf_counter  # (the tests set their own)


def configure(rule_urls_json: str) -> None:
    """The rule links of the site this page belongs to: ``{rule id: site-root-relative URL}``."""
    global _rule_urls
    urls = json.loads(rule_urls_json)
    _rule_urls = {str(k): str(v) for k, v in urls.items()} if isinstance(urls, dict) else {}


class Run:
    """One calculation. ``step()`` returns JSON text: ``{"progress": x}`` (at most one a slice), then
    ``{"result": ..., "html": ...}`` (``html`` is null for an error), then ``"null"``."""

    def __init__(self, calc_id: str, params_json: str, root: str = ""):
        self._root = root
        try:
            params = json.loads(params_json)
        except ValueError:
            params = "not JSON"  # run() answers with its own "must be an object" error
        self._events = iter_run(calc_id, params)

    def step(self) -> str:
        """The next event: the progress made in the next slice of time, or the result, or ``"null"``."""
        until = clock() + SLICE_S
        while True:
            event = next(self._events, None)
            if event is None:
                return "null"
            if "progress" not in event:
                return json.dumps({"result": event, "html": self._html(event)})
            if clock() >= until:
                return json.dumps(event)

    def _html(self, result: dict) -> str | None:
        if not result.get("ok"):
            return None
        try:
            return result_html(result, _rule_urls, self._root)
        except Exception as err:  # noqa: BLE001 - e.g. a drawing that breaks the allow-list: say so, show none of it
            return result_html({"ok": False, "error": {"message": f"This result cannot be shown safely ({err})."}},
                               _rule_urls, self._root)


def start(calc_id: str, params_json: str, root: str = "") -> Run:
    return Run(calc_id, params_json, root)
