"""Game records as Spark DataFrames: the games and moves tables of a
directory or object-store prefix of records (any format sgfconv reads,
archives too), with Spark's own distribution.

Spark lists the files (``binaryFile``, recursively) and hands them to the
executors in batches; each executor reads its files with sgfconv (the same
library, rows and schema as ``sgfconv -t parquet``) and gives Arrow
batches back (``mapInArrow``). The games are then numbered over the whole
input in the order of the files' paths, as the command numbers them over
``sgfconv -r DIR -t parquet`` (a file's games in file order); the moves
are keyed by that number (``game``). Unsigned columns become Spark's
signed types one size up where needed (``game`` ``long``, ``x``/``y``
``int``…): Spark has no unsigned integers. ``docs/spark.md`` says how to
run it on a cluster.

    from pyspark.sql import SparkSession
    import sgfconv.spark

    spark = SparkSession.builder.getOrCreate()
    games = sgfconv.spark.games(spark, "s3a://bucket/records/")
    moves = sgfconv.spark.moves(spark, "s3a://bucket/records/")
"""

from __future__ import annotations

from typing import Any, Callable, Iterator, Optional, Tuple
from urllib.parse import unquote

import pyarrow as pa

from . import _native

__all__ = ["games", "moves", "tables"]

#: A column naming each game's input file, used for the numbering, then dropped.
_INPUT = "_sgfconv_input"
#: A game's number within its input file, used for the numbering, then dropped.
_LOCAL = "_sgfconv_local"


def games(spark: Any, path: str, *, format: Optional[str] = None, **options: Any) -> Any:
    """The games table of the records under ``path`` (a directory, a glob
    or an object-store prefix Spark reads), as a Spark DataFrame."""
    return tables(spark, path, format=format, **options)[0]


def moves(
    spark: Any,
    path: str,
    *,
    all_variations: bool = False,
    comments: bool = False,
    format: Optional[str] = None,
    **options: Any,
) -> Any:
    """The moves table of the records under ``path`` (``all_variations``
    and ``comments`` as :func:`sgfconv.moves`), as a Spark DataFrame."""
    return tables(
        spark, path, all_variations=all_variations, comments=comments, format=format, **options
    )[1]


def tables(
    spark: Any,
    path: str,
    *,
    all_variations: bool = False,
    comments: bool = False,
    format: Optional[str] = None,
    **options: Any,
) -> Tuple[Any, Any]:
    """Both tables, ``(games, moves)``, of the records under ``path``.
    Records that cannot be read give no row (``sgfconv.check`` says why)."""
    from pyspark.sql import Window
    from pyspark.sql import functions as F

    files = (
        spark.read.format("binaryFile")
        .option("recursiveFileLookup", "true")
        .load(path)
        .select("path", "content")
    )
    kw = dict(format=format, **options)
    mv = dict(kw, all_variations=all_variations, comments=comments)
    games_local = files.mapInArrow(_reader("games", kw), _spark_schema(spark, "games", kw))
    moves_local = files.mapInArrow(_reader("moves", mv), _spark_schema(spark, "moves", mv))
    order = Window.orderBy(_INPUT, _LOCAL)
    numbered = games_local.withColumn(_LOCAL, F.col("game")).withColumn(
        "game", (F.row_number().over(order) - 1).cast("long")
    )
    game_columns = [c for c in games_local.columns if c != _INPUT]
    keys = numbered.select(_INPUT, _LOCAL, "game")
    move_columns = [c for c in moves_local.columns if c != _INPUT]
    moves_keyed = (
        moves_local.withColumnRenamed("game", _LOCAL)
        .join(F.broadcast(keys), [_INPUT, _LOCAL])
        .select(*move_columns)
    )
    return numbered.select(*game_columns), moves_keyed


def _reader(kind: str, kw: dict) -> Callable[[Iterator[pa.RecordBatch]], Iterator[pa.RecordBatch]]:
    """What each executor runs over its batches of ``(path, content)``:
    each file's table (its games numbered from 0), with the file's path."""

    def read(batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
        for batch in batches:
            paths = batch.column("path").to_pylist()
            contents = batch.column("content").to_pylist()
            for path, content in zip(paths, contents):
                table = _file_table(kind, path, content, kw)
                for rb in table.to_batches():
                    yield rb

    return read


def _file_table(kind: str, path: str, content: bytes, kw: dict) -> pa.Table:
    """One file's table, Spark's types, and its path as a column."""
    ipc, _counts, _unread = _native.table(kind, [(_name(path), content)], **kw)
    table = _signed(pa.ipc.open_stream(ipc).read_all())
    return table.append_column(_INPUT, pa.array([path] * table.num_rows, pa.string()))


def _name(uri: str) -> str:
    """A file's name as the command names it: its path (``file:`` URIs
    lose their scheme and their percent-escapes; other stores keep
    theirs)."""
    if uri.startswith("file:"):
        return unquote(uri[len("file:") :])
    return uri


def _spark_schema(spark: Any, kind: str, kw: dict) -> Any:
    """The Spark schema of a table (built from an empty input)."""
    from pyspark.sql.pandas.types import from_arrow_schema

    ipc, _, _ = _native.table(kind, [], **kw)
    schema = _signed(pa.ipc.open_stream(ipc).read_all()).schema
    schema = schema.append(pa.field(_INPUT, pa.string()))
    return from_arrow_schema(schema)


#: Unsigned Arrow types as the signed types Spark has.
_SIGNED = {
    pa.uint8(): pa.int16(),
    pa.uint16(): pa.int32(),
    pa.uint32(): pa.int64(),
    pa.uint64(): pa.int64(),
}


def _signed(table: pa.Table) -> pa.Table:
    """``table`` with its unsigned columns cast to the signed types Spark
    has (lists of them too)."""
    fields = []
    for f in table.schema:
        t = f.type
        if pa.types.is_list(t) and t.value_type in _SIGNED:
            t = pa.list_(_SIGNED[t.value_type])
        fields.append(f.with_type(_SIGNED.get(t, t)))
    return table.cast(pa.schema(fields))
