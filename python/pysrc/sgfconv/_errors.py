"""The exception sgfconv raises for an input it cannot read or an output
it cannot write, with the diagnostic code the command prints."""

from __future__ import annotations

from typing import Optional


class Error(Exception):
    """An input that cannot be read, or an output that cannot be written.

    ``code`` is the diagnostic code the command prints (``"E200"``: not a
    GIB record, ``"E099"``: a value past ``max_value_size``…; the catalogue
    is ``formats/diagnostics.md``), or ``None`` when the library gave none.
    ``message`` is the text without the code; ``str(error)`` has both.
    """

    code: Optional[str]
    message: str

    def __init__(self, text: str, code: Optional[str] = None, message: Optional[str] = None):
        super().__init__(text)
        self.code = code
        self.message = text if message is None else message
