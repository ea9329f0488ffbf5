"""sgfconv.spark in Spark local mode: the same games and moves tables as
``sgfconv -r DIR -t parquet``. The test starts and stops its own Spark
session; without pyspark or Java it skips, but under CI=true it fails."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile

import pytest

from conftest import SAMPLES

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")


def _missing(what: str):
    if os.environ.get("CI") == "true":
        pytest.fail(f"{what} is missing, and CI=true: .ci/run installs it")
    pytest.skip(f"{what} is missing: the Spark test skips")


@pytest.fixture(scope="module")
def spark():
    try:
        from pyspark.sql import SparkSession
    except ImportError:
        _missing("pyspark")
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        _missing("Java")
    # The Python workers run this Python, which has sgfconv.
    os.environ["PYSPARK_PYTHON"] = sys.executable
    session = (
        SparkSession.builder.master("local[2]")
        .appName("sgfconv-test")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


def command_tables(command, directory, tmp_path):
    games, moves = tmp_path / "games.parquet", tmp_path / "moves.parquet"
    args = [str(command), "-q", "-r", str(directory), "-t", "parquet", "-o", str(games), "--moves-parquet", str(moves)]
    subprocess.run(args, check=True)
    return pq.read_table(games), pq.read_table(moves)


def as_spark_types(table):
    """The command's table with Spark's signed types, as the recipe gives it."""
    from sgfconv.spark import _signed

    return _signed(table)


def spark_table(df, like):
    """A Spark DataFrame as a pyarrow table in ``like``'s column order,
    sorted as the command writes (by game, then move)."""
    t = df.toArrow() if hasattr(df, "toArrow") else pa.Table.from_pandas(df.toPandas(), preserve_index=False)
    t = t.select(like.column_names).cast(like.schema)
    keys = [("game", "ascending")] + ([("move", "ascending")] if "move" in like.column_names else [])
    return t.sort_by(keys)


def check_same(spark, command, directory, tmp_path):
    import sgfconv.spark

    games, moves = command_tables(command, directory, tmp_path)
    games, moves = as_spark_types(games), as_spark_types(moves)
    got_games = spark_table(sgfconv.spark.games(spark, str(directory)), games)
    assert got_games.equals(games)
    got_moves = spark_table(sgfconv.spark.moves(spark, str(directory)), moves)
    assert got_moves.equals(moves.sort_by([("game", "ascending"), ("move", "ascending")]))
    return games.num_rows


def test_a_directory_of_records_and_archives_gives_the_commands_rows(spark, command, tmp_path):
    d = tmp_path / "records"
    (d / "sub").mkdir(parents=True)
    shutil.copy(SAMPLES / "sgf" / "collection.sgf", d / "a.sgf")
    shutil.copy(SAMPLES / "gib" / "taiwan-big5.gib", d / "sub" / "b.gib")
    with zipfile.ZipFile(d / "c.zip", "w") as z:
        z.write(SAMPLES / "sgf" / "escapes.sgf", "x/escapes.sgf")
        z.write(SAMPLES / "ugf" / "header.ugf", "y.ugf")
    out = tmp_path / "out"
    out.mkdir()
    assert check_same(spark, command, d, out) >= 4


def test_corpus_archives_give_the_commands_tables(spark, command, corpus, tmp_path):
    # Two of the KGS archives (1 258 games), linked into a directory of
    # their own: all eleven take minutes in a dev-profile build.
    d = tmp_path / "kgs"
    d.mkdir()
    for name in ("KGS-2017_01-19-733-.tar.gz", "KGS-2017_02-19-525-.tar.gz"):
        (d / name).symlink_to(corpus / "bulk" / "kgs-u-go" / name)
    out = tmp_path / "out"
    out.mkdir()
    assert check_same(spark, command, d, out) == 733 + 525
