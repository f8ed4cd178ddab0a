"""All Quiet on the Martian Front: exact combat odds for the quick-start rules.

Modules: ``dice`` (the D10 roll and the lucky strike / tough luck options), ``stats`` (unit,
weapon and cover tables), ``forces`` (the scenarios' presets), ``exact`` (integer-weight
distributions), ``combat`` (hits, damage, sweeps), ``damage`` (the tripod damage chart),
``common`` (shared parameters and result pieces), and one module per calculator.

``CALCULATORS`` maps each calculator to the module that registers it (imported on first use).
"""
CALCULATORS = {
    "aqmf-attack": "attack",
    "aqmf-heat-ray": "heatray",
    "aqmf-tripod-damage": "tripods",
    "aqmf-tripod-volleys": "tripods",
    "aqmf-explosion": "explosion",
    "aqmf-morale": "morale",
    "aqmf-reinforcements": "reinforcements",
    "aqmf-tow-cable": "towcable",
    "aqmf-initiative": "initiative",
    "aqmf-fire-plan": "fireplan",
    "aqmf-how-many": "howmany",
}
