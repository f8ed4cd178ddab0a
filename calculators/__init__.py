"""Rules engine for the Martian Front rules reference: one contract for every calculator.

    >>> import calculators
    >>> calculators.run("wotw-virus", {"destroyed": 12, "largest": 6})["ok"]
    True
    >>> calculators.run("wotw-virus", {"destroyed": "twelve", "largest": 6})["error"]["field"]
    'destroyed'
    >>> calculators.presets("dip-adjudicate")["start"]["params"]["phase"]
    'Spring 1901 movement'
"""
from .core.registry import catalog, iter_run, presets, run

__all__ = ["catalog", "run", "iter_run", "presets"]
__version__ = "0.1.0"
