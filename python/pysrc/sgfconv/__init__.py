"""Go game records read, converted and checked by sgfconv's Rust library.

Every format sgfconv reads — SGF, GIB, UGF/UGI, NGF, JSON, XML, Jago, CSV —
in any character set, and the archives records come in (zip, tar.gz, 7z,
``.sgf.gz``…), are read by the same library as the ``sgfconv`` command, with
the same diagnostics and codes (``formats/diagnostics.md``).

- :func:`read`: the games of a path or bytes, one by one, each with its
  game info, main line, tree and diagnostics;
- :func:`convert`: records converted into another format, as the command
  converts them;
- :func:`check`: records checked as ``sgfconv check`` checks them.

Keyword options are the command's long options with ``_`` for ``-``
(:data:`OPTIONS`). An input that cannot be read raises :class:`Error`,
which carries the code.
"""

from __future__ import annotations

import os
from typing import Any, Optional, Union

from . import _native
from ._errors import Error
from ._native import Diagnostic, Game, Games, Node, Outcome

__all__ = [
    "read",
    "convert",
    "check",
    "Error",
    "Game",
    "Games",
    "Node",
    "Diagnostic",
    "Outcome",
    "FORMATS",
    "OPTIONS",
]

#: The formats' names, as ``format=`` and ``to=`` take them.
FORMATS: list = list(_native.FORMATS)
#: The keyword options :func:`read`, :func:`convert` and :func:`check` take.
OPTIONS: list = list(_native.OPTIONS)

Source = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview]


def read(source: Source, format: Optional[str] = None, *, name: Optional[str] = None, **options: Any) -> Games:
    """The games of a record or an archive, as an iterator.

    ``source`` is a path (``str`` or ``os.PathLike``) or the bytes of a
    record or an archive. Its format is ``format`` when given (``"sgf"``,
    ``"gib"``…: :data:`FORMATS`), else the one its name's extension says,
    else its content's; an archive is told by its first bytes, and each
    record member is read in turn. ``name`` names bytes in diagnostics (its
    extension may say the format).

    The records go through the same dialect rules as the command's
    conversion (``keep_dialect=True`` turns them off). Games are read on a
    thread of their own, a few ahead of the loop, without the GIL: memory
    stays bounded whatever the input's size. Each :class:`Game` holds the
    diagnostics reported while it was read; the iterator's
    ``diagnostics`` holds the others (an archive's own, a member that
    cannot be read at all). A plain input that cannot be read raises
    :class:`Error` (with its ``code``) or ``OSError``.
    """
    return _native.read(_source(source), format, name=name, **options)


def convert(
    source: Source,
    to: str = "sgf",
    *,
    format: Optional[str] = None,
    name: Optional[str] = None,
    **options: Any,
) -> Outcome:
    """The records of ``source`` (a path or bytes) converted into ``to``.

    One record is converted as ``sgfconv -t TO`` converts it; an archive's
    records make one collection. The result's ``data`` (also
    ``bytes(result)``) is the output; ``diagnostics``, ``errors`` and
    ``warnings`` say what was found, ``ok`` is false when something of the
    input is missing or wrong in the output (the command's exit status 1).
    An input that cannot be read at all raises :class:`Error`.
    """
    return _native.convert(_source(source), to, format=format, name=name, **options)


def check(
    source: Source,
    *,
    format: Optional[str] = None,
    name: Optional[str] = None,
    parse_only: bool = False,
    board: bool = True,
    **options: Any,
) -> Outcome:
    """The records of ``source`` (a path or bytes) checked as ``sgfconv
    check`` checks them: syntax, dialect rules with their value checks,
    and every game replayed on a board (``board=False``: no replay;
    ``parse_only=True``: the syntax alone). The result counts games, nodes
    and properties and holds every diagnostic; ``ok`` is the command's exit
    status 0.
    """
    return _native.check(_source(source), format=format, name=name, parse_only=parse_only, board=board, **options)


def _source(source: Source) -> Any:
    """Bytes-like sources as ``bytes``; paths as given."""
    if isinstance(source, (bytearray, memoryview)):
        return bytes(source)
    return source
