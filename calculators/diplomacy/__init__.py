"""Calculators for this game register on import (see core.registry.GAMES)."""
