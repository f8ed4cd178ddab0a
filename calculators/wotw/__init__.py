"""War of the Worlds: the Martian variant (calculators register on import)."""
from . import adjudicate, landings, mergesplit, virus  # noqa: F401
