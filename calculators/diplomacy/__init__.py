"""Diplomacy: the standard-map adjudicator (calculators register on import).

Modules: ``map`` (board data), ``units``, ``orders``, ``position``, ``parser`` (text to data),
``legality``, ``resolver`` (DATC guess-and-check), ``movement``, ``retreats``, ``adjustments``,
``game`` (phases and record), ``variant`` (extension points for variants), ``board_svg``,
``adjudicate`` (the ``dip-adjudicate`` calculator).
"""
from . import adjudicate  # noqa: F401
