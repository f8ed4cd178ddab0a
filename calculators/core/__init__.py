"""The shared core: the contract, the registry, parameter schemas, presets, exact distributions."""
from .board import Board
from .dist import Dist, chance, frac, one_in, percent, prob
from .errors import InputError
from .params import (Param, Part, bool_param, choice_param, group_error, group_param, int_param, key_values, more,
                     text_param)
from .presets import Preset, Presets
from .registry import calculator, catalog, iter_run, run
from .result import BarChart, Next, Prob, Result, Table

__all__ = [
    "BarChart", "Board", "Dist", "InputError", "Next", "Param", "Part", "Preset", "Presets", "Prob", "Result", "Table",
    "bool_param", "calculator", "catalog", "chance", "choice_param", "frac", "group_error", "group_param", "int_param",
    "iter_run", "key_values", "more", "one_in", "percent", "prob", "run", "text_param",
]
