"""The click-to-order board a calculator's widget carries (issue 14), as data.

The page has one board component (``pyodide/src/board.js``) for every game that has a board: the
calculator's catalog entry says which options calculator lists the legal orders and draws the map, which
of the widget's fields that calculator reads (``inputs``: the position and phase, fetched once per change),
and which fields hold the orders (``orders``: drawn as typed, and written by clicks).  The options
calculator takes every one of those fields under the same name.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Board:
    options: str
    inputs: tuple[str, ...]
    orders: tuple[str, ...]

    def schema(self) -> dict:
        return {"options": self.options, "inputs": list(self.inputs), "orders": list(self.orders)}
