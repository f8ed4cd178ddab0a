"""All Quiet on the Martian Front: exact combat odds (calculators register on import)."""
from . import (attack, explosion, heatray, initiative, morale, reinforcements, towcable,  # noqa: F401
               tripods)
