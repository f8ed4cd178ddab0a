"""Game of the Clans II: rule checks the source fully determines, without a map (calculators register on import)."""
from . import builds, england, orders, victory  # noqa: F401
