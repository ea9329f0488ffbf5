"""Go game records read, converted and checked by sgfconv's Rust library.

Every format sgfconv reads — SGF, GIB, UGF/UGI, NGF, JSON, XML, Jago, CSV —
in any character set, and the archives records come in (zip, tar.gz, 7z,
``.sgf.gz``…), are read by the same library as the ``sgfconv`` command, with
the same diagnostics and codes (``formats/diagnostics.md``).

- :func:`read`: the games of a path or bytes, one by one, each with its
  game info, main line, tree and diagnostics;
- :func:`convert`: records converted into another format, as the command
  converts them;
- :func:`check`: records checked as ``sgfconv check`` checks them;
- :func:`games` and :func:`moves`: the games and moves tables of many
  inputs as ``pyarrow.Table`` (hence pandas and Polars), the rows and
  schema of ``sgfconv -t parquet`` (``formats/parquet.md``), read on
  several threads;
- :mod:`sgfconv.spark`: the same tables as Spark DataFrames.

Keyword options are the command's long options with ``_`` for ``-``
(:data:`OPTIONS`). An input that cannot be read raises :class:`Error`,
which carries the code.
"""

from __future__ import annotations

import os
import warnings
from typing import TYPE_CHECKING, Any, Iterable, Optional, Union

from . import _native
from ._errors import Error
from ._native import Diagnostic, Game, Games, Node, Outcome

__all__ = [
    "read",
    "games",
    "moves",
    "convert",
    "check",
    "Error",
    "ReadWarning",
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

if TYPE_CHECKING:
    import pyarrow

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


def games(
    paths: Union[Source, Iterable[Source]],
    *,
    format: Optional[str] = None,
    jobs: Optional[int] = None,
    errors: str = "warn",
    **options: Any,
) -> "pyarrow.Table":
    """The games table of ``paths`` (a path or bytes, or a list of them):
    one row per game, the rows and schema of ``sgfconv -t parquet``
    (``formats/parquet.md``), games numbered over the inputs in order.

    Inputs are read on ``jobs`` threads (default: one per core) with the
    GIL released. An input that cannot be read raises :class:`Error`; an
    archive member that cannot be read gives no row, and is said by a
    :class:`ReadWarning` (``errors="warn"``, the default), raised
    (``errors="raise"``) or passed over (``errors="ignore"``).
    """
    return _table("games", paths, format=format, jobs=jobs, errors=errors, **options)


def moves(
    paths: Union[Source, Iterable[Source]],
    *,
    all_variations: bool = False,
    comments: bool = False,
    format: Optional[str] = None,
    jobs: Optional[int] = None,
    errors: str = "warn",
    **options: Any,
) -> "pyarrow.Table":
    """The moves table of ``paths``: one row per move of each game's main
    line (``all_variations=True``: of every variation, with its node and
    path; ``comments=True``: each move's comment), the rows and schema of
    ``sgfconv -t parquet --moves-parquet FILE``. ``game`` is the games
    table's key. Inputs, threads and ``errors`` as :func:`games`.
    """
    return _table(
        "moves",
        paths,
        all_variations=all_variations,
        comments=comments,
        format=format,
        jobs=jobs,
        errors=errors,
        **options,
    )


class ReadWarning(UserWarning):
    """Archive members that could not be read: they gave no row.
    ``diagnostics`` says each one, with its code."""

    def __init__(self, diagnostics: list):
        self.diagnostics = diagnostics
        first = diagnostics[0]
        super().__init__(
            f"{len(diagnostics)} record(s) could not be read and gave no row; "
            f"the first: {first.file}: [{first.code}] {first.message}"
        )


def _table(kind: str, paths: Any, *, errors: str, **kwargs: Any) -> "pyarrow.Table":
    import pyarrow as pa

    if errors not in ("warn", "raise", "ignore"):
        raise ValueError(f"errors must be 'warn', 'raise' or 'ignore', not {errors!r}")
    ipc, _counts, unread = _native.table(kind, _sources(paths), **kwargs)
    if unread and errors == "raise":
        d = unread[0]
        raise Error(f"{d.file}: [{d.code}] {d.message}", d.code, d.message)
    if unread and errors == "warn":
        warnings.warn(ReadWarning(unread), stacklevel=3)
    return pa.ipc.open_stream(ipc).read_all()


def _sources(paths: Any) -> list:
    """One source or many, as a list."""
    if isinstance(paths, (str, os.PathLike, bytes, bytearray, memoryview, tuple)):
        return [_source(paths)]
    return [_source(p) for p in paths]


def _source(source: Source) -> Any:
    """Bytes-like sources as ``bytes``; paths as given."""
    if isinstance(source, (bytearray, memoryview)):
        return bytes(source)
    return source
