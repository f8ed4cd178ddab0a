"""War of the Worlds: the Martian variant (calculators register on import)."""
from . import virus  # noqa: F401
