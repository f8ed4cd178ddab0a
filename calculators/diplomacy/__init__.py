"""Diplomacy: the standard-map adjudicator.

Modules: ``map`` (board data), ``units``, ``orders`` (one module per order kind), ``position``, ``parser``,
``resolver`` (DATC guess-and-check), ``movement``, ``retreats``, ``adjustments`` (the season steps),
``turn`` (a season as a pipeline of steps), ``variant`` (the variant record), ``game`` (phases and record),
``api`` (the face a variant uses), ``board_svg``, ``adjudicate`` and ``options`` (the calculators);
``notation`` (other sites' order notations, for the parser), ``gamefile`` (games recorded elsewhere, read and
written back) and ``replay`` (a recorded game played again: the ``dip-replay`` calculator).

``CALCULATORS`` maps each calculator to the module that registers it (imported on first use).
"""
CALCULATORS = {"dip-adjudicate": "adjudicate", "dip-options": "options", "dip-replay": "replay.calculator"}
