"""War of the Worlds: the Martian variant, wrapping the standard adjudicator.

``CALCULATORS`` maps each calculator to the module that registers it; the registry imports
a module only when its calculator is first run (or when the whole catalog is listed).
"""
CALCULATORS = {
    "wotw-adjudicate": "adjudicate",
    "wotw-landings": "landings",
    "wotw-merge-split": "mergesplit",
    "wotw-options": "options",
    "wotw-virus": "virus",
}
