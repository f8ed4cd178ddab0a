"""Conquest of Mars (Icehouse game by Ryan Hackel): calculators register on import."""
from . import advisor, defend, points, poker  # noqa: F401
