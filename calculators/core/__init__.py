"""The shared core: the contract, the registry, parameter schemas, exact distributions."""
from .dist import Dist, frac, percent, prob
from .errors import InputError
from .params import Param, bool_param, choice_param, group_error, group_param, int_param, text_param
from .registry import calculator, catalog, iter_run, run
from .result import BarChart, Result, Table

__all__ = [
    "BarChart", "Dist", "InputError", "Param", "Result", "Table", "bool_param", "calculator",
    "catalog", "choice_param", "frac", "group_error", "group_param", "int_param", "iter_run",
    "percent", "prob", "run", "text_param",
]
