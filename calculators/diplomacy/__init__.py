"""Diplomacy: the standard-map adjudicator.

Modules: ``map`` (board data), ``units``, ``orders``, ``position``, ``parser`` (text to data),
``legality``, ``resolver`` (DATC guess-and-check), ``movement``, ``retreats``, ``adjustments``,
``game`` (phases and record), ``variant`` (extension points for variants), ``board_svg``,
``adjudicate`` (the ``dip-adjudicate`` calculator).

``CALCULATORS`` maps each calculator to the module that registers it (imported on first use).
"""
CALCULATORS = {"dip-adjudicate": "adjudicate"}
