"""An exploding tripod's 3 attacks at Power +2 on each unit within 6" (aqmf-explosion)."""
from __future__ import annotations

from ..core import Result, calculator
from . import common as c
from .attack import report
from .combat import Shooter, resolve_target
from .forces import TARGETS
from .readings import BlastAttacks
from .stats import EXPLOSION_ATTACKS, EXPLOSION_POWER, Weapon

BLAST = Weapon("explosion", "Tripod explosion", EXPLOSION_POWER, dice=EXPLOSION_ATTACKS)
# Ruling AQMF R14's other readings: the attacks hit without a roll, or dug in does not count against them.
BLASTS = {BlastAttacks.ROLL_TO_HIT: BLAST,
          BlastAttacks.AUTOMATIC_HITS: Weapon("explosion", "Tripod explosion", EXPLOSION_POWER, dice=EXPLOSION_ATTACKS,
                                   auto_hit=True),
          BlastAttacks.DUG_IN_IGNORED: Weapon("explosion", "Tripod explosion", EXPLOSION_POWER, dice=EXPLOSION_ATTACKS,
                                   ignores_dug_in=True)}
HOW = {BlastAttacks.ROLL_TO_HIT: "Each attack rolls to hit the unit's Defense, then to damage at Power +2",
       BlastAttacks.AUTOMATIC_HITS: "Each attack hits without a roll and rolls to damage at Power +2",
       BlastAttacks.DUG_IN_IGNORED: "Each attack rolls to hit the unit's Defense, then to damage at Power +2, and "
                                    "dug-in troops lose their +2 Armor against it"}


def blast(reading: BlastAttacks) -> Shooter:
    """AQMF 18.7: the blast's 3 attacks at Power +2, worked out as ruling AQMF R14's reading says."""
    return Shooter("The explosion", BLASTS[reading], 1, tripod=False)


@calculator(
    id="aqmf-explosion",
    title="Tripod explosion",
    game="aqmf",
    rules=("AQMF 18.7", "AQMF 5.4", "AQMF 5.5", "AQMF 9.2", "AQMF 9.3", "AQMF 12.6", "AQMF 17.1", "AQMF 13.3",
           "AQMF 14.2", "AQMF 18.1", "AQMF R2", "AQMF R3", "AQMF R4", "AQMF R5", "AQMF R14", "AQMF R16", "AQMF R27",
           "AQMF R28", "AQMF R32"),
    page="aqmf/tripods.md",
    description="The 3 attacks at Power +2 an exploding tripod makes on one unit within 6\".",
    params=[
        c.target_param("boc-infantry", TARGETS), c.target_elements_param(), c.defense_param(), c.armor_param(),
        c.cover_param(), c.dug_in_param(), c.immobilized_param(), c.lucky_param(), c.tough_param(),
    ],
    rulings=("AQMF R5", "AQMF R14"),
)
def explosion_calc(v: dict) -> Result:
    """AQMF 18.7 with rulings AQMF R14 and R32: the blast's 3 attacks at Power +2, and the morale test after it."""
    target = resolve_target(v["target"], v["target_elements"], v["defense"], v["armor"], v["cover"], v["dug_in"],
                            v["immobilized"])
    reading = BlastAttacks.read(v["readings"])
    out = report(blast(reading), target, within_six=True, opts=c.options(v), extra_rules=["AQMF 18.7", "AQMF R14"])
    out.notes.insert(0, "Each unit within 6\" of the exploding tripod suffers these 3 attacks; work each unit out "
                        f"separately. {HOW[reading]} (ruling AQMF R14).")
    if target.kind == "human":
        out.rules.append("AQMF R32")
        out.notes.append("A unit that loses elements to the blast tests its morale as after shooting "
                         "(ruling AQMF R32).")
    if target.kind == "tripod":
        out.notes.append("A tripod caught in the blast takes the damage points as one attack on its damage chart; "
                         "if it explodes in turn, its own blast is a new explosion.")
    return out
