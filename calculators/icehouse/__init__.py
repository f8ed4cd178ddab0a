"""Conquest of Mars (Icehouse game by Ryan Hackel).

``CALCULATORS`` maps each calculator to the module that registers it; the registry imports
a module only when its calculator is first run (or when the whole catalog is listed).
"""
CALCULATORS = {
    "com-action-points": "points",
    "com-card-odds": "cardodds",
    "com-defend": "defend",
    "com-dice-advisor": "advisor",
    "com-poker": "poker",
    "com-reroll": "reroll",
}
