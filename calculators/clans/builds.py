"""Where a power may build (CLAN 1.3, CLAN 2.1-2.4; rulings CLAN R3, R4, R8, R9, R10)."""
from __future__ import annotations

from dataclasses import dataclass

from ..core import InputError, Result, Table, bool_param, calculator, choice_param, int_param, more
from ..core.words import counted
from .board import ENGLISH_ARMY_SITES, ENGLISH_FLEET_SITES, FIRST_YEAR, HOME_CENTRES, POWERS, Power, slug
from .cite import in_order, named_in

RULES = ["CLAN 1.3", "CLAN 2.1", "CLAN 2.2", "CLAN 2.3", "CLAN 2.4", "CLAN R3", "CLAN R4", "CLAN R8", "CLAN R9",
         "CLAN R10"]
TEMPORARY_LIMIT = 2  # CLAN 2.2: "another centre or two"
HOME_MINIMUM = 2  # CLAN 2.2: temporary centres only while fewer than two home centres are controlled


@dataclass(frozen=True)
class BuildVerdict:
    legal: bool
    rule: str
    reason: str


def _site_label(power: Power, site: str) -> str:
    if site == "home":
        return f"one of {power.title}'s home centres"
    return {"other-home": "another power's home centre", "other-centre": "another supply centre",
            "other-space": "a space that is not a supply centre"}.get(site) or SITE_NAMES[site]


def check_build(power: Power, unit: str, site: str, *, site_owned: bool, empty: bool, home_owned: int,
                nominated: bool, nominated_total: int, summer: bool) -> BuildVerdict:
    """CLAN 1.3 and CLAN 2.1-2.4 with rulings CLAN R3, R4, R8, R9, R10."""
    name = SITE_NAMES.get(site)
    if power is Power.ENGLAND and site == "home":
        site, name = "home", "Carlisle or Newcastle"
    if summer:
        return _summer_build(power, unit, name, empty)
    if unit == "af":
        return BuildVerdict(False, "CLAN 2.4", "No one builds A/Fs, save England's two in the summer of the first "
                                               f"game year (Summer {FIRST_YEAR}, CLAN 1.3).")
    if power is Power.ENGLAND:
        return _english_build(unit, site, name, site_owned, empty)
    return _clan_build(power, unit, site, name, site_owned=site_owned, empty=empty, home_owned=home_owned,
                       nominated=nominated, nominated_total=nominated_total)


def _summer_build(power: Power, unit: str, name: str | None, empty: bool) -> BuildVerdict:
    """CLAN 1.3, ruling CLAN R4: the only Summer builds are England's two extra A/Fs."""
    if power is Power.ENGLAND and unit == "af" and name in ENGLISH_FLEET_SITES:
        if not empty:
            return BuildVerdict(False, "CLAN R4", f"{name} is occupied: the extra A/F is built only in an empty "
                                                  "space, so the A/F that started there must have moved out.")
        return BuildVerdict(True, "CLAN 1.3", f"In Summer {FIRST_YEAR} England may build one more A/F in {name} "
                                              "(and one in the other of Blyth Bay and South Channel).")
    return BuildVerdict(False, "CLAN R4", f"The only builds in Summer {FIRST_YEAR} are England's two extra A/Fs, "
                                          "one in Blyth Bay and one in South Channel.")


def _english_build(unit: str, site: str, name: str | None, site_owned: bool, empty: bool) -> BuildVerdict:
    """CLAN 2.3, ruling CLAN R8: armies in Carlisle and Newcastle, fleets in Blyth Bay and South Channel."""
    if unit == "army":
        if site not in ("home", "carlisle", "newcastle"):
            return BuildVerdict(False, "CLAN 2.3", "England builds armies only in Carlisle and Newcastle.")
        if not site_owned:
            return BuildVerdict(False, "CLAN R8", f"England no longer owns {name}, so it cannot build there.")
    elif name not in ENGLISH_FLEET_SITES:
        return BuildVerdict(False, "CLAN 2.3", "England builds fleets only in Blyth Bay and South Channel.")
    if not empty:
        return BuildVerdict(False, "CLAN R8", f"{name} is occupied; a build needs an empty space.")
    return BuildVerdict(True, "CLAN 2.3", f"England may build {'an army' if unit == 'army' else 'a fleet'} "
                                          f"in {name} (ruling CLAN R8: any of its four sites, each with "
                                          "its own unit type).")


def _clan_build(power: Power, unit: str, site: str, name: str | None, *, site_owned: bool, empty: bool,
                home_owned: int, nominated: bool, nominated_total: int) -> BuildVerdict:
    """CLAN 2.1, 2.2, rulings CLAN R9, R10: armies in home centres, or in nominated temporary build centres."""
    where = _site_label(power, site)
    if unit != "army":
        return BuildVerdict(False, "CLAN 2.1", "Clans build only armies.")
    if site == "other-space" or name in ENGLISH_FLEET_SITES:
        return BuildVerdict(False, "CLAN 2.1", f"{where[0].upper() + where[1:]} is not a supply centre: a clan builds "
                                               "only in a home centre or a temporary build centre (CLAN 2.2).")
    if not site_owned:
        return BuildVerdict(False, "CLAN 2.1", f"{power.title} does not own {where}; it builds only in centres "
                                               "it controls.")
    if site == "home":
        if not empty:
            return BuildVerdict(False, "CLAN 2.1", "The home centre is occupied; a build needs an empty home centre.")
        return BuildVerdict(True, "CLAN 2.1", f"An army may be built in {where} that it owns and is empty.")
    return _temporary_build(power, where, empty, home_owned, nominated, nominated_total)


def _temporary_build(power: Power, where: str, empty: bool, home_owned: int, nominated: bool,
                     nominated_total: int) -> BuildVerdict:
    """CLAN 2.2, rulings CLAN R9, R10: a temporary build centre, while fewer than two home centres are owned."""
    if home_owned >= HOME_MINIMUM:
        return BuildVerdict(False, "CLAN 2.2", f"{power.title} owns {home_owned} of its home centres, not fewer "
                                               "than two, so it may not use temporary build centres: it builds "
                                               "only in its home centres.")
    if not nominated:
        return BuildVerdict(False, "CLAN 2.2", f"{power.title} owns fewer than two of its home centres, so it may "
                                               f"nominate {where} as a temporary build centre, but it has not.")
    if nominated_total > TEMPORARY_LIMIT:
        return BuildVerdict(False, "CLAN R9", f"{power.title} has nominated {nominated_total} temporary build "
                                              "centres; it may nominate one or two.")
    if not empty:
        return BuildVerdict(False, "CLAN R10", "The centre is occupied; a build needs an empty centre.")
    return BuildVerdict(True, "CLAN 2.2", f"{power.title} owns only {home_owned} of its home centres, so {where}, "
                                          "nominated as a temporary build centre, may take an army until two home "
                                          "centres are regained (ruling CLAN R10).")


def build_sites(power: Power, home_owned: int) -> list[list[str]]:
    """The rows of 'where this power may build', for the explanation table."""
    if power is Power.ENGLAND:
        return [["Armies", "Carlisle, Newcastle", "while England owns it and it is empty (CLAN 2.3)"],
                ["Fleets", "Blyth Bay, South Channel", "when empty (CLAN 2.3, ruling CLAN R8)"],
                ["A/Fs", "Blyth Bay, South Channel", f"one in each, in Summer {FIRST_YEAR} only (CLAN 1.3)"]]
    rows = [["Armies", ", ".join(HOME_CENTRES[power]), "each home centre it owns, when empty (CLAN 2.1)"]]
    if home_owned < HOME_MINIMUM:
        rows.append(["Armies", "one or two other centres it owns, nominated",
                     f"temporary build centres: it owns {counted(home_owned, 'home centre')}, "
                     "fewer than two (CLAN 2.2)"])
    else:
        rows.append(["Armies", "no temporary build centres",
                     f"it owns {home_owned} home centres; temporary centres need fewer than two (CLAN 2.2)"])
    return rows


SITE_NAMES = {slug(n): n for n in (*ENGLISH_ARMY_SITES, *ENGLISH_FLEET_SITES)}
SITE_CHOICES = [("home", "One of its own home centres"), ("carlisle", "Carlisle"), ("newcastle", "Newcastle"),
                ("blyth-bay", "Blyth Bay (sea)"), ("south-channel", "South Channel (sea)"),
                ("other-home", "Another power's home centre"), ("other-centre", "Another supply centre"),
                ("other-space", "A space that is not a supply centre")]


@calculator(
    id="clans-builds",
    title="Build check",
    game="clans",
    rules=RULES,
    page="clans/checks.md",
    description="May this power build this unit here: home centres, temporary build centres, England's sites and A/Fs.",
    params=[
        choice_param("power", "Power", "mcdonald", [(p.value, p.title) for p in POWERS], help="Who is building."),
        choice_param("unit", "Unit", "army", [("army", "Army"), ("fleet", "Fleet"), ("af", "A/F (fleet with an army)")],
                     help="The unit to build."),
        choice_param("site", "Where", "home", SITE_CHOICES,
                     help="The space to build in. Carlisle and Newcastle are England's home centres (ruling CLAN R3)."),
        bool_param("site_owned", "The power owns this centre", True,
                   help="For a supply centre: does the building power own it now? (Ignored for sea spaces.)"),
        bool_param("empty", "The space is empty", True, help="No unit stands in it."),
        int_param("home_owned", "Home centres it owns", 5, 0, 5,
                  help="Clans only: how many of its five home centres the clan owns now."),
        *more(bool_param("nominated", "Nominated as a temporary build centre", False,
                         help="For a clan building outside its home centres: has it nominated this centre?"),
              int_param("nominated_total", "Temporary build centres nominated", 0, 0, 5,
                        help="How many temporary build centres the clan has nominated in all, this one included."),
              int_param("year", "Year", FIRST_YEAR, FIRST_YEAR, 1600, help="Game year of the adjustment."),
              choice_param("season", "Adjustment", "winter",
                           [("winter", "Winter"), ("summer", f"Summer (only {FIRST_YEAR})")],
                           help="Builds come in the winter; Summer 1491 is only for England's two extra A/Fs.")),
    ],
)
def builds(v: dict) -> Result:
    power = Power(v["power"])
    summer = v["season"] == "summer"
    if summer and v["year"] != FIRST_YEAR:
        raise InputError("season", f"Summer adjustments happen only in {FIRST_YEAR} (CLAN 1.3, ruling CLAN R4).")
    homes = len(HOME_CENTRES[power])
    if power.is_clan and v["home_owned"] > homes:
        raise InputError("home_owned", f"{power.title} has only {homes} home centres.")
    if power.is_clan and v["site"] in ("carlisle", "newcastle"):
        v = dict(v, site="other-home")  # for a clan these are simply another power's home centres
    if v["site"] == "home" and v["site_owned"] and v["home_owned"] == 0:
        raise InputError("home_owned", "It builds in a home centre it owns, so it owns at least one.")
    if v["nominated"] and v["nominated_total"] == 0:
        raise InputError("nominated_total", "This centre is nominated, so at least one centre is nominated.")
    verdict = check_build(power, v["unit"], v["site"], site_owned=v["site_owned"], empty=v["empty"],
                          home_owned=v["home_owned"], nominated=v["nominated"],
                          nominated_total=v["nominated_total"], summer=summer)
    season = f"{'Summer' if summer else 'Winter'} {v['year']}"
    unit_word = {"army": "an army", "fleet": "a fleet", "af": "an A/F"}[v["unit"]]
    place = _site_label(power, v["site"]) if not (power is Power.ENGLAND and v["site"] == "home") else \
        "Carlisle or Newcastle"
    summary = f"{'Legal' if verdict.legal else 'Not legal'}: {power.title} building {unit_word} in {place}, {season}."
    notes = [verdict.reason, "Whether a build is due at all (more centres than units) is the standard rule (CLAN 0.1); "
             "for England use the off-board centres calculator."]
    data = {"legal": verdict.legal, "rule": verdict.rule, "reason": verdict.reason, "power": power.value,
            "site": v["site"], "home_centres": list(HOME_CENTRES[power])}
    rules = in_order({verdict.rule, "CLAN 2.1", "CLAN 2.2", "CLAN 2.3", "CLAN R3"} | named_in(verdict.reason))
    return Result(summary=summary, data=data, rules=rules, notes=notes,
                  tables=[Table(f"Where {power.title} may build", ["Units", "Where", "When"],
                                build_sites(power, v["home_owned"]))])
