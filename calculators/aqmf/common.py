"""Parameters and result pieces the AQMF calculators share, so every form reads the same."""
from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Protocol

from ..core import BarChart, Prob, Table, bool_param, chance, choice_param, frac, int_param
from ..core.params import decimal_param, decimal_text
from ..core.words import counted
from .combat import MAX_ELEMENTS, MAX_RANGE
from .dice import RollOptions
from .readings import AboveTen
from .forces import choices
from .stats import WEAPONS

WEAPON_CHOICES = [("unit", "The unit's own weapon")] + [(w.key, w.name) for w in WEAPONS.values()]
if TYPE_CHECKING:
    class Counts(Protocol):
        """A distribution over whole numbers: ``core.Dist[int]`` or the exact ``exact.IntDist``."""

        def as_dict(self) -> Mapping[int, Fraction]: ...

        def at_least(self, k: int) -> Fraction: ...

COVER_CHOICES = [("none", "None (open)"), ("soft", "Soft cover (+1 Defense)"), ("hard", "Hard cover (+3 Defense)")]


def shooter_param(default: str, keys) -> object:
    return choice_param("shooter", "Shooter", default, choices(keys),
                        help="A unit from the quick-start scenarios, or a custom shooter (then pick its weapon).")


def weapon_param(default="unit"):
    return choice_param("weapon", "Weapon", default, WEAPON_CHOICES,
                        help="The unit's own weapon (a tripod uses its focused Heat Ray to shoot and its Reaper "
                             "Tentacles to assault), or a weapon from the table.")


def elements_param():
    return int_param("elements", "Shooting elements", None, 1, MAX_ELEMENTS, optional=True,
                     help="Elements in range with line of sight. Leave empty for the whole unit.")


def attack_param():
    return choice_param("attack", "Attack", "shooting", [("shooting", "Shooting"), ("assault", "Assault")],
                        help="Shooting at range, or an assault from base-to-base contact.")


RANGE_HELP = (f"Inches, half inches too (7.5): at most one decimal place, up to {MAX_RANGE}; compared exactly "
              "(ruling AQMF R33).")


def range_param(default=10, help="Distance to the target (ignored in an assault)."):
    """The range as measured at the table, half inches included (ruling AQMF R33)."""
    return decimal_param("range", "Range", default, 0, MAX_RANGE, places=1, unit="inches",
                         help=f"{help} {RANGE_HELP}")


def measured_rules(value: Fraction) -> list[str]:
    """Ruling AQMF R33, cited when a range was given in a fraction of an inch (compared exactly)."""
    return [] if value.denominator == 1 else ["AQMF R33"]


def json_number(value: Fraction) -> int | float:
    """A measured distance for a result's data (JSON): a whole number as an int, 7.5 as a float (shown, never
    compared: every threshold compares the exact Fraction)."""
    return value.numerator if value.denominator == 1 else float(value)


def inches(value) -> str:
    """A measured distance as a player writes it: 7.5", 6" (ruling AQMF R33)."""
    return decimal_text(value) + '"'


def target_param(default: str, keys):
    return choice_param("target", "Target", default, choices(keys),
                        help="A unit from the quick-start scenarios, a decoy blip, or a custom target.")


def target_elements_param():
    return int_param("target_elements", "Target elements", None, 1, MAX_ELEMENTS, optional=True,
                     help="Elements left in the target unit. Leave empty for the full unit.")


def defense_param():
    return int_param("defense", "Custom Defense", None, 1, 20, optional=True,
                     help="Only for a custom target: its printed Defense.")


def armor_param(label="Custom Armor", help="For a custom target, or a damaged tripod's current Armor. "
                "Leave empty for the printed value."):
    return int_param("armor", label, None, 0, 20, optional=True, help=help)


def cover_param(help="Cover the whole target unit is inside."):
    return choice_param("cover", "Cover", "none", COVER_CHOICES, help=help)


ARMOR_ZERO = " A tripod at Armor 0 or less plays exactly as at 1 (ruling AQMF R15): enter 1."


def dug_in_param():
    return bool_param("dug_in", "Dug in", False, help="+2 Armor, but not against a tripod within 6\".")


def immobilized_param():
    return bool_param("immobilized", "Immobilized", False, help="-4 Defense (for example a tripod held by tow cables).")


def lucky_param():
    return bool_param("lucky_strike", "Option: lucky strike", False,
                      help="Full rulebook option: a roll needing more than 10 succeeds on a 10 then another 10.")


def tough_param():
    return bool_param("tough_luck", "Option: tough luck", False,
                      help="Full rulebook option: a natural 1 always fails a to-hit or damage roll.")


def options(v: dict) -> RollOptions:
    """The roll options of a form: the two full-rulebook switches and the reading of AQMF R5."""
    return RollOptions(lucky=v["lucky_strike"], tough=v["tough_luck"], above_ten=AboveTen.read(v["readings"]))


def pcell(p) -> Prob:
    """One cell for a probability: percentage, "1 in N" and the exact fraction."""
    return Prob(Fraction(p))


def at_least_rows(dist: Counts, upto: int, noun: str, many: str | None = None) -> list[list]:
    """"at least 1 damage point", "at least 2 damage points": ``noun`` agreeing with each count (issue 24)."""
    return [[f"at least {counted(k, noun, many)}", pcell(dist.at_least(k))] for k in range(1, upto + 1)]


TABLE_ROWS = 16  # a table lists at most this many single outcomes, then "k or more" (the data has them all)


def dist_rows(dist: Counts, upto: int, most: int | None = None) -> list[list]:
    d = dist.as_dict()
    last = upto if most is None or upto < most else most - 1
    rows = [[k, pcell(d.get(k, Fraction(0)))] for k in range(last + 1)]
    if last < upto:
        rows.append([f"{last + 1} or more", pcell(dist.at_least(last + 1))])
    return rows


def bar(title: str, dist: Counts, upto: int, x_label: str, name: str = "Chance") -> BarChart:
    d = dist.as_dict()
    return BarChart(title, [str(k) for k in range(upto + 1)],
                    [(name, [float(d.get(k, 0)) for k in range(upto + 1)])], x_label=x_label)


def compare(title: str, a: tuple[str, Counts], b: tuple[str, Counts], upto: int, x_label: str) -> BarChart:
    labels = [str(k) for k in range(upto + 1)]
    series = []
    for name, dist in (a, b):
        d = dist.as_dict()
        series.append((name, [float(d.get(k, 0)) for k in range(upto + 1)]))
    return BarChart(title, labels, series, x_label=x_label)


def at_least_json(dist: Counts, upto: int) -> list[dict]:
    from ..core import prob
    return [dict(k=k, **prob(dist.at_least(k))) for k in range(upto + 1)]


def table(title, columns, rows) -> Table:
    return Table(title, columns, rows)


def fcell(p) -> str:
    """A probability for a table cell: the exact fraction, unless it is too long to read
    (long volley chains), when the cell names its size; the data always has it exactly."""
    f = frac(p)
    if len(f) <= 40:
        return f
    return f"exact: {len(f.split('/')[1])}-digit denominator"


def pstr(p) -> str:
    """A probability for a sentence, in plain words ("60% (3 in 5)", "9.1% (1 in 10.9)"): the exact
    fraction is in the result's data, listed under Exact probabilities (issue 24)."""
    return chance(p)
