"""The one error type a calculator raises for bad input."""
from __future__ import annotations


class InputError(ValueError):
    """Bad input, attached to the parameter (``field``) that caused it.

    ``run()`` turns it into ``{"ok": false, "error": {"field", "message"}}``;
    nothing else a calculator raises is allowed to escape as a traceback.

    ``fields`` names every parameter a check across fields involves (the counts that add up to
    too many), so that the page can show the message at whichever of them the player changed.
    """

    def __init__(self, field: str | None, message: str, fields: tuple[str, ...] = ()):
        super().__init__(message)
        self.field = field
        self.message = message
        self.fields = tuple(fields)
