"""From a rule to its code in one hop: which engine functions implement each rule ID.

Every function that implements a rule names the rule's ID in its docstring (``DIP 14.3: ...``);
``implemented()`` reads those docstrings and returns ``{rule ID: [qualified function names]}``, which
the rule index pages of the site show beside each rule.

    >>> from calculators.core.implements import implemented
    >>> "calculators.diplomacy.adjustments.update_ownership" in implemented()["DIP 14.3"]
    True
"""
from __future__ import annotations

import importlib
import inspect
import re
from functools import lru_cache

from .games import NUMBER, RULE_PREFIXES

# "rulings WOTW R4, R5" names two rulings: the bare "R5" takes its game from the ID before it; a run like
# "5.3-5.6" names each rule in it.
_ONE = rf"{NUMBER}(?:[-\u2013]\d+(?:\.\d+)*)?"
_RULE_RUN = re.compile(rf"\b({RULE_PREFIXES}) ({_ONE}(?:(?:,|, and| and) {_ONE})*)")


def rule_key(rule_id: str) -> tuple:
    """Rule IDs in reading order: the game, the rules by number (2.10 after 2.9), then the rulings."""
    game, _, rest = rule_id.partition(" ")
    ruling = rest.startswith("R")
    nums = [int(re.sub(r"\D", "", x) or 0) for x in rest.lstrip("R").split(".")]
    return (game, ruling, nums, rest)


def _expand(part: str) -> list[str]:
    """"5.3-5.6" as 5.3, 5.4, 5.5, 5.6 (a run within one section); anything else as itself."""
    first, dash, last = re.split(r"([-\u2013])", part, maxsplit=1) if re.search(r"[-\u2013]", part) else (part, "", "")
    if not dash:
        return [part]
    head, _, low = first.rpartition(".")
    high = last.rpartition(".")[2]
    if not (low.isdigit() and high.isdigit()) or last.count(".") not in (0, first.count(".")):
        return [first]
    return [f"{head}.{n}" if head else str(n) for n in range(int(low), int(high) + 1)]


def rule_ids(text: str) -> list[str]:
    """The rule IDs a text names: "R4, R5" as two rulings, a run like "WOTW 5.3-5.6" as each rule in it.

    >>> rule_ids("rulings WOTW R4, R5 and WOTW 5.3-5.5")
    ['WOTW R4', 'WOTW R5', 'WOTW 5.3', 'WOTW 5.4', 'WOTW 5.5']
    """
    found = []
    for m in _RULE_RUN.finditer(re.sub(r"\s+", " ", text or "")):
        game = m.group(1)
        for part in re.split(r",| and ", m.group(2)):
            found += [f"{game} {p}" for p in _expand(part.strip()) if p]
    return found


def _functions(module):
    """Every class, function and method defined in the module (not those it imports)."""
    for name, obj in vars(module).items():
        if inspect.isfunction(obj) and obj.__module__ == module.__name__:
            yield f"{module.__name__}.{name}", obj
        elif inspect.isclass(obj) and obj.__module__ == module.__name__:
            if "__doc__" in vars(obj) and obj.__doc__:
                yield f"{module.__name__}.{name}", obj
            for attr, member in vars(obj).items():
                func = member.fget if isinstance(member, property) else member
                if inspect.isfunction(func):
                    yield f"{module.__name__}.{name}.{attr}", func


@lru_cache(maxsize=1)
def implemented() -> dict[str, list[str]]:
    """``{rule ID: [qualified names of the functions whose docstrings name it]}``, in rule order."""
    import pkgutil  # the site build's question; a first result in the browser need not pay its import

    import calculators

    found: dict[str, list[str]] = {}
    for info in pkgutil.walk_packages(calculators.__path__, "calculators."):
        module = importlib.import_module(info.name)
        for qualname, func in _functions(module):
            for rid in dict.fromkeys(rule_ids(inspect.getdoc(func) or "")):
                found.setdefault(rid, []).append(qualname)
    return {rid: sorted(names) for rid, names in sorted(found.items(), key=lambda kv: rule_key(kv[0]))}
