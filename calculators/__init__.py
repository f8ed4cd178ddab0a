"""Rules engine for the Martian Front rules reference: one contract for every calculator.

    >>> import calculators
    >>> calculators.run("wotw-virus", {"destroyed": 12, "largest": 6})["ok"]
    True
"""
from .core.registry import catalog, iter_run, run

__all__ = ["catalog", "run", "iter_run"]
__version__ = "0.1.0"
