"""Game of the Clans II: rule checks the source fully determines, without a map.

``CALCULATORS`` maps each calculator to the module that registers it (imported on first use).
"""
CALCULATORS = {
    "clans-builds": "builds",
    "clans-england-offboard": "england",
    "clans-orders": "orders",
    "clans-victory": "victory",
}
